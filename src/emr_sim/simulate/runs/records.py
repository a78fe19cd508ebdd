"""Per-game records of paired games as a pandas DataFrame with side-neutral columns.

A matrix cell, a matchup with records, and the analysis pipelines share this schema: one
row per game, side A / side B rather than seats, so frames of different cells stack.

Columns, with the narrowest integer type each is held in (COLUMN_TYPES):

    hero_a, hero_b          the two masters (categorical over HERO_NAMES, 1-byte codes;
                            in a mirror match both are the same)
    pair         int32      pair index in the run of the cell (the deal: game index)
    a_seat       int8       side A's seat in this game (0 or 1; the pair plays both)
    a_first      int8       1 when side A took the first turn
    win_a, win_b, draw      int8, the outcome, one-hot
    turns, plays, decisions int16, game length (turns), cards played, decisions taken
    <stat>_a, <stat>_b      int8, per side, for stat in SIDE_STATS:
                              health (final), hits, blocks, counters, extras
                              damage_<source>   damage TAKEN by the side, per SOURCE_NAMES
                              effect_<effect>   effects applied by the side, per EFFECT_NAMES[1:]
                              tech_<technique>  technique uses, per TECH_NAMES
    cards_<event>_<a|b><w>  int64, only in runs made with --cards (CARD_COLUMNS): the side's
                            set of shot cards that met the event (codes.CARD_EVENT_NAMES:
                            dealt, drawn, held, played, ejected, hit, blocked, countered, end),
                            word w of CARD_WORDS, card c at bit c % CARD_BITS of word
                            c // CARD_BITS (emr_sim.games.emr.loops.card_events; card_sets decodes them)

Why small types: a cell of 1,000,000 games is 75 bytes a game this way, 520 as int64
(docs/matrix.md has the measured peaks). A column widens along INT_TYPES (int8, int16,
int32, int64) when a run's values need it (say turns with turn_cap over 32,767), so a
value is never cut; readers take the types as they come, and sum them (pandas sums small
integers as int64) or cast them before other arithmetic, which does not widen. Files
written before these types (int64 columns) read and analyse the same.

The games are converted as the chunks of the runner arrive (GameColumns.put), so the raw
int64 record rows (emr_sim.games.emr.loops.pairs.RECORD_COLS, 512 bytes a game) are held only for the
chunks in flight, never for the whole run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim.files.write import write_atomically
from emr_sim.games.emr import codes as C

SIDES = ("a", "b")
GAME_FIELDS = {"turns": C.GR_TURNS, "plays": C.GR_PLAYS, "decisions": C.GR_DECISIONS}
# per-seat fields of a game record: name -> (offset of seat 0, width, index within a seat)
SIDE_STATS: dict[str, tuple[int, int, int]] = {
    "health": (C.GR_HEALTH, 1, 0),
    "hits": (C.GR_HITS, 1, 0),
    "blocks": (C.GR_BLOCKS, 1, 0),
    "counters": (C.GR_COUNTERS, 1, 0),
    "extras": (C.GR_EXTRAS, 1, 0),
}
SIDE_STATS |= {f"damage_{n}": (C.GR_DAMAGE, C.N_SOURCES, k) for k, n in enumerate(C.SOURCE_NAMES)}
SIDE_STATS |= {f"effect_{n}": (C.GR_EFFECTS, C.N_EFFECTS, k) for k, n in enumerate(C.EFFECT_NAMES) if k}
SIDE_STATS |= {f"tech_{n}": (C.GR_TECH, C.N_TECH, k) for k, n in enumerate(C.TECH_NAMES)}

INT_TYPES = (np.dtype(np.int8), np.dtype(np.int16), np.dtype(np.int32), np.dtype(np.int64))
HERO_COLUMNS = ("hero_a", "hero_b")
HERO_CODE_BYTES = 1  # a categorical over the eight names keeps int8 codes
HERO_INDEX = pd.Index(C.HERO_NAMES)
# the integer columns in schema order, each with the narrowest type it is held in
COLUMN_TYPES: dict[str, np.dtype] = {"pair": np.dtype(np.int32)}
COLUMN_TYPES |= {name: np.dtype(np.int8) for name in ("a_seat", "a_first", "win_a", "win_b", "draw")}
COLUMN_TYPES |= {name: np.dtype(np.int16) for name in GAME_FIELDS}
COLUMN_TYPES |= {f"{name}_{letter}": np.dtype(np.int8) for letter in SIDES for name in SIDE_STATS}
BYTES_PER_GAME = len(HERO_COLUMNS) * HERO_CODE_BYTES + sum(t.itemsize for t in COLUMN_TYPES.values())
CARD_BASE = C.GR_SIZE + 1  # the card sets' first column in record rows (loops.pairs.CARD_RECORD_COLS)
CARD_TYPE = np.dtype(np.int64)


def card_column(event: str, letter: str, word: int) -> str:
    """The column of side `letter`'s set of cards of `event`, word `word`: cards_drawn_a0."""
    return f"cards_{event}_{letter}{word}"


CARD_COLUMNS = tuple(
    card_column(event, letter, w)
    for letter in SIDES
    for event in C.CARD_EVENT_NAMES
    for w in range(C.CARD_WORDS)
)


def has_cards(games: pd.DataFrame) -> bool:
    """Whether a records frame holds the card sets (a run made with --cards)."""
    return all(name in games.columns for name in CARD_COLUMNS)


def card_sets(words: list[np.ndarray], n_cards: int) -> np.ndarray:
    """The cards of one set column group as a (games, n_cards) bool array: `words` are the
    CARD_WORDS columns of one event and side, card c is bit c % CARD_BITS of word c // CARD_BITS."""
    parts = [
        np.unpackbits(
            np.ascontiguousarray(w, dtype="<i8").view(np.uint8).reshape(-1, 8), axis=1, bitorder="little"
        )[:, : C.CARD_BITS]
        for w in words
    ]
    return np.concatenate(parts, axis=1)[:, :n_cards].view(bool)


def fitting_type(values: np.ndarray, at_least: np.dtype) -> np.dtype:
    """The first of INT_TYPES, from at_least on, that holds every value."""
    if not len(values):
        return at_least
    low, high = int(values.min()), int(values.max())
    for kind in INT_TYPES[INT_TYPES.index(at_least) :]:
        if np.iinfo(kind).min <= low and high <= np.iinfo(kind).max:
            return kind
    return INT_TYPES[-1]


def row_columns(rows: np.ndarray, first_pair: int) -> Iterator[tuple[str, np.ndarray]]:
    """(column, values) of the integer columns from record rows (RECORD_COLS wide: the game
    record, then side A's seat), rows 2j and 2j+1 being pair first_pair + j."""
    n = len(rows)
    a_seat = rows[:, C.GR_SIZE]
    winner = rows[:, C.GR_WINNER]
    draw = winner == C.DRAWN_GAME
    idx = np.arange(n)
    yield "pair", first_pair + idx // 2
    yield "a_seat", a_seat
    yield "a_first", rows[:, C.GR_FIRST] == a_seat
    yield "win_a", ~draw & (winner == a_seat)
    yield "win_b", ~draw & (winner != a_seat)
    yield "draw", draw
    for name, off in GAME_FIELDS.items():
        yield name, rows[:, off]
    for side, letter in enumerate(SIDES):
        seat = a_seat if side == 0 else 1 - a_seat
        for name, (base, width, k) in SIDE_STATS.items():
            yield f"{name}_{letter}", rows[idx, base + seat * width + k]
    if rows.shape[1] > CARD_BASE:  # --cards: the card sets, by seat in the rows
        for side, letter in enumerate(SIDES):
            seat = a_seat if side == 0 else 1 - a_seat
            for e, event in enumerate(C.CARD_EVENT_NAMES):
                for w in range(C.CARD_WORDS):
                    at = CARD_BASE + (seat * C.N_CARD_EVENTS + e) * C.CARD_WORDS + w
                    yield card_column(event, letter, w), rows[idx, at]


class GameColumns:
    """The games of a run (or of one part of a cell) as compact columns, filled chunk by chunk.

    put() converts a chunk's record rows into the columns as it arrives; frame() gives the
    DataFrame without copying them. Columns are allocated once, for n_games; with `cards`
    the card sets too (record rows of loops.pairs.CARD_RECORD_COLS columns).
    """

    def __init__(self, n_games: int, hero_a: str, hero_b: str, first_pair: int = 0, cards: bool = False):
        self.n_games = n_games
        self.heroes = (hero_a, hero_b)
        self.first_pair = first_pair
        self.cards = cards
        types = COLUMN_TYPES | (dict.fromkeys(CARD_COLUMNS, CARD_TYPE) if cards else {})
        self.columns = {name: np.zeros(n_games, dtype=kind) for name, kind in types.items()}

    def put(self, first_row: int, rows: np.ndarray) -> None:
        """Rows first_row.. of these games (first_row even: whole pairs)."""
        end = first_row + len(rows)
        for name, values in row_columns(rows, self.first_pair + first_row // 2):
            column = self.columns[name]
            wanted = fitting_type(values, column.dtype) if values.dtype != np.bool_ else column.dtype
            if wanted != column.dtype:
                column = self.columns[name] = column.astype(wanted)
            column[first_row:end] = values

    def wins_a(self) -> int:
        return int(self.columns["win_a"].sum())

    def frame(self) -> pd.DataFrame:
        """The games as a records frame; its columns are these arrays (no copy)."""
        heroes = {
            name: pd.Categorical.from_codes(
                np.full(self.n_games, C.HERO_NAMES.index(hero), dtype=np.int8), categories=HERO_INDEX
            )
            for name, hero in zip(HERO_COLUMNS, self.heroes, strict=True)
        }
        return pd.DataFrame(heroes | self.columns, copy=False)

    @classmethod
    def joined(cls, parts: list[GameColumns]) -> GameColumns:
        """The parts one after the other, each column joined once and the parts' arrays
        released as it goes (so the games are held about once, not twice)."""
        whole = cls(0, *parts[0].heroes, parts[0].first_pair, parts[0].cards)
        whole.n_games = sum(p.n_games for p in parts)
        for name in list(whole.columns):
            pieces = [p.columns.pop(name) for p in parts]
            kind = max((piece.dtype for piece in pieces), key=INT_TYPES.index)
            whole.columns[name] = np.concatenate(pieces, dtype=kind)
        return whole


def game_frame(rows: np.ndarray, hero_a: str, hero_b: str, first_pair: int = 0) -> pd.DataFrame:
    """One row per game from record rows (emr_sim.games.emr.loops.pairs.RECORD_COLS wide: the game
    record, then side A's seat; CARD_RECORD_COLS: then the card sets), rows 2j and 2j+1
    being pair first_pair + j."""
    games = GameColumns(len(rows), hero_a, hero_b, first_pair, cards=rows.shape[1] > CARD_BASE)
    games.put(0, rows)
    return games.frame()


def swap_sides(games: pd.DataFrame) -> pd.DataFrame:
    """The same games seen from side B: hero_a <-> hero_b and every _a <-> _b column."""
    rename = {"hero_a": "hero_b", "hero_b": "hero_a", "win_a": "win_b", "win_b": "win_a"}
    for name in SIDE_STATS:
        rename |= {f"{name}_a": f"{name}_b", f"{name}_b": f"{name}_a"}
    for event in C.CARD_EVENT_NAMES:
        for w in range(C.CARD_WORDS):
            a, b = card_column(event, "a", w), card_column(event, "b", w)
            rename |= {a: b, b: a}
    out = games.rename(columns=rename)
    out["a_seat"] = 1 - games["a_seat"]
    out["a_first"] = 1 - games["a_first"]
    return out[list(games.columns)]


def write_records(frame: pd.DataFrame, path: str | Path) -> Path:
    """Parquet for *.parquet, else CSV; written whole or not at all."""
    if Path(path).suffix.lower() == ".parquet":
        return write_atomically(path, lambda tmp: frame.to_parquet(tmp, index=False))
    return write_atomically(path, lambda tmp: frame.to_csv(tmp, index=False))
