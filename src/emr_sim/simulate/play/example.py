"""Example game logs of a matrix cell, replayed from the run's seed and the game's pair index.

Cell (hero_a, hero_b) of a run plays its games on seed cell_seed(run seed, hero_a, hero_b);
game (pair j, side A in seat s) is game index j of that seed with side A (hero_a, the run's
first player kind) in seat s. emr_sim.games.emr.face.core.play replays it step by step with the same
deck, rules and players, so the replay is the very game the matrix counted: its winner is
checked against the stored record, and a mismatch (another engine version, an edited deck)
is reported rather than hidden.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim.games.emr.cards import Deck, DeckError, load_deck
from emr_sim.games.emr.codes import H_TURN
from emr_sim.games.emr.face.core import play
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.options import default_options, describe_options
from emr_sim.simulate.runs.cells import cell_seed

__all__ = [
    "ExampleGame",
    "choose_game",
    "deck_problem",
    "example_game",
    "load_run_deck",
    "play_command",
    "replay",
    "stored_winner",
]


@dataclass
class ExampleGame:
    """One replayed game of a cell, ready to show."""

    hero_a: str
    hero_b: str
    pair: int
    a_seat: int
    seat_heroes: tuple[str, str]  # hero in seat 0, seat 1
    seat_players: tuple[str, str]  # player kind in seat 0, seat 1
    first_seat: int  # the seat that took the first turn (from the record)
    stored_winner: int | str  # the winner seat (or "draw") the run recorded
    winner: int | str | None  # the winner seat of the replay
    turns: int
    lines: list[str] = field(default_factory=list)  # the plain-words log, then the summary line
    why: str = ""  # how the game was picked
    command: str = ""  # the `emr-sim play` command that prints the same log
    viewer: dict | None = None  # every position, for the report's game viewer (game.frames)

    @property
    def matches(self) -> bool:
        return self.winner == self.stored_winner

    @property
    def winner_hero(self) -> str:
        if self.winner in (0, 1):
            return self.seat_heroes[self.winner]
        return "draw" if self.winner == "draw" else "none"

    def heading(self) -> list[str]:
        """Who is who: the log writes seats as P0 / P1."""
        return [f"P{s} = {self.seat_heroes[s]} ({self.seat_players[s]} player)" for s in (0, 1)]


def load_run_deck(record: dict, run_dir: str | Path | None = None) -> Deck | None:
    """The deck the run was played with, its card changes applied ("deck_changes": a variant's,
    emr_sim.simulate.whatif.variants): None for the shipped default deck unchanged. A relative deck
    path is tried as given, then relative to the run directory. Raises DeckError when the
    file cannot be loaded and ValueError when its contents changed since the run."""
    deck = _run_deck_file(record, run_dir)
    changes = record.get("deck_changes")
    if not changes:
        return deck
    from emr_sim.simulate.whatif.variants import changed_deck

    return changed_deck(deck if deck is not None else load_deck(), changes)


def _run_deck_file(record: dict, run_dir: str | Path | None) -> Deck | None:
    name = record.get("deck", "default")
    if name in (None, "default"):
        return None
    path = Path(name)
    if not path.is_file() and run_dir is not None and not path.is_absolute():
        alt = Path(run_dir) / path
        path = alt if alt.is_file() else path
    deck = load_deck(path)
    want = record.get("deck_sha256")
    if want and deck.sha256 != want:
        raise ValueError(
            f"{path}: the deck file changed since the run (sha256 {deck.sha256[:12]}…, run {want[:12]}…)"
        )
    return deck


def play_command(record: dict, hero_a: str, hero_b: str, pair: int, a_seat: int, specs=None) -> str:
    """The `emr-sim play` command line that replays game (pair, a_seat) of a cell; `specs`:
    the record's players (simulate.runs.recordspecs.record_specs), each named by a text that plays it
    in today's search version (lineup.search.text_in: a run of an older version spells its
    search's settings out)."""
    from emr_sim.games.emr.lineup.search import text_in
    from emr_sim.simulate.runs.recordspecs import record_specs

    texts = [text_in(spec) for spec in (specs if specs is not None else record_specs(record))]
    side_a, side_b = (hero_a, texts[0]), (hero_b, texts[1])
    seats = (side_a, side_b) if int(a_seat) == 0 else (side_b, side_a)
    words = [
        "emr-sim play",
        f"--seed {cell_seed(record['seed'], hero_a, hero_b)}",
        f"--index {int(pair)}",
        f"--players {shlex.quote(f'{seats[0][1]},{seats[1][1]}')}",
        f"--heroes {seats[0][0]},{seats[1][0]}",  # hero mode on
    ]
    if record.get("deck", "default") != "default":
        words.append(f"--deck {shlex.quote(str(record['deck']))}")
    if record.get("deck_changes"):
        words.append(f"--variant {shlex.quote(' '.join(map(str, record['deck_changes'])))}")
    defaults = describe_options(default_options())
    for name, value in (record.get("rules") or {}).items():
        if name != "fury" and str(defaults.get(name)) != str(value):
            words.append(f"--rule {shlex.quote(f'{name}={value}')}")
    return " ".join(words)


def stored_winner(row: pd.Series | dict) -> int | str:
    """The winner seat of a game of the records frame (or "draw")."""
    if int(row["draw"]):
        return "draw"
    a_seat = int(row["a_seat"])
    return a_seat if int(row["win_a"]) else 1 - a_seat


def replay(
    record: dict,
    hero_a: str,
    hero_b: str,
    pair: int,
    a_seat: int,
    deck: Deck | None = None,
    actions: list[int] | None = None,
    specs=None,
):
    """The game (pair, a_seat) of cell (hero_a, hero_b) played again: an emr_sim.games.emr.face.core.Game
    (its action codes appended to `actions` when given), with the players as the record says
    they played (`specs`, else simulate.runs.recordspecs.record_specs: a book's vectors come from the
    record, so a book file changed or deleted since changes nothing)."""
    from emr_sim.simulate.runs.recordspecs import record_specs

    spec_a, spec_b = specs if specs is not None else record_specs(record)
    side_a, side_b = (hero_a, spec_a), (hero_b, spec_b)
    seats = (side_a, side_b) if int(a_seat) == 0 else (side_b, side_a)
    return play(
        seed=cell_seed(record["seed"], hero_a, hero_b),
        players=(seats[0][1], seats[1][1]),
        index=int(pair),
        deck=deck,
        rules=record["rules"],
        heroes=(seats[0][0], seats[1][0]),
        actions=actions,
    )


def choose_game(cell: pd.DataFrame, favoured: str | None) -> tuple[pd.Series, str]:
    """A typical game of a cell and how it was picked. favoured is "a" or "b" (the side
    that wins more), None for an even cell. The pick: of the favoured side's wins, the one
    whose length in turns is closest to the median length of those wins (lowest pair and
    seat on ties); for an even cell, or when the favoured side never won, the same over all
    games."""
    games = cell.sort_values(["pair", "a_seat"], kind="stable")
    pool, what = games, "all games of the cell"
    if favoured in ("a", "b"):
        wins = games[games[f"win_{favoured}"] == 1]
        if len(wins):
            hero = str(wins.iloc[0][f"hero_{favoured}"])
            pool, what = wins, f"{hero}'s {len(wins)} wins"
    median = float(pool["turns"].median())
    dist = (pool["turns"] - median).abs()
    row = pool.iloc[int(dist.to_numpy().argmin())]  # the first of the closest: lowest pair, then seat
    why = (
        f"a typical game: of {what}, the one whose length ({int(row['turns'])} turns) is closest to "
        f"their median ({median:g} turns); pair {int(row['pair'])}, "
        f"{row['hero_a']} in seat {int(row['a_seat'])}"
    )
    return row, why


def example_game(
    record: dict, cell: pd.DataFrame, favoured: str | None = None, deck: Deck | None = None, specs=None
) -> ExampleGame:
    """Replay the typical game of a cell (choose_game) and return its log; `specs`: the
    record's players (simulate.runs.recordspecs.record_specs), read once by the caller."""

    row, why = choose_game(cell, favoured)
    hero_a, hero_b = str(row["hero_a"]), str(row["hero_b"])
    pair, a_seat = int(row["pair"]), int(row["a_seat"])
    actions: list[int] = []
    game = replay(record, hero_a, hero_b, pair, a_seat, deck, actions, specs)
    heroes = (hero_a, hero_b) if a_seat == 0 else (hero_b, hero_a)
    players = tuple(record["players"]) if a_seat == 0 else tuple(reversed(record["players"]))
    first_a = int(row["a_first"])
    seed = cell_seed(record["seed"], hero_a, hero_b)
    seats = (str(players[0]), str(players[1]))
    viewer = game_viewer(game, seed, pair, (heroes[0], heroes[1]), seats, actions)
    return ExampleGame(
        hero_a=hero_a,
        hero_b=hero_b,
        pair=pair,
        a_seat=a_seat,
        seat_heroes=heroes,
        seat_players=(str(players[0]), str(players[1])),
        first_seat=a_seat if first_a else 1 - a_seat,
        stored_winner=stored_winner(row),
        winner=game.winner,
        turns=int(game.state[H_TURN]),
        lines=[*game.log_lines(), summary_line(game.state)],
        why=why,
        command=play_command(record, hero_a, hero_b, pair, a_seat, specs),
        viewer=viewer,
    )


def game_viewer(
    game, seed: int, index: int, heroes: tuple[str, str], players: tuple[str, str], actions: list[int]
) -> dict:
    """The frames of the report's game viewer (emr_sim.games.emr.face.frames): the game's actions as a
    game record, replayed through the engine, which must end where the game did."""
    from emr_sim.games.emr.face.frames import viewer_data
    from emr_sim.games.emr.face.saved import GameRecord
    from emr_sim.games.emr.face.saved import replay as replay_record

    record = GameRecord(seed, index, game.rules(), heroes, game.deck.sha256, players, actions)
    done = replay_record(record, game.deck)
    assert (done.game.state == game.state).all(), "the record's replay left the game it records"
    return viewer_data(done, (f"P0 = {heroes[0]} ({players[0]})", f"P1 = {heroes[1]} ({players[1]})"))


def deck_problem(record: dict, run_dir: str | Path | None = None) -> tuple[Deck | None, str | None]:
    """(deck, None), or (None, why the games cannot be replayed)."""
    try:
        return load_run_deck(record, run_dir), None
    except (DeckError, ValueError) as err:
        return None, f"the example games cannot be replayed: {err}"
