"""Is a cell file's frame the games of that cell of that run? Its columns, its heroes, its
games (every pair of the cell once, in both seats) and their number (the run's rule: games
per cell, or the sequential rule of --until-ci) are checked, so a damaged, foreign or short
cell is named instead of being counted.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from pandas.api.types import is_integer_dtype

from emr_sim.errors import quoted
from emr_sim.games.emr.codes import HERO_NAMES
from emr_sim.simulate.runs.cells import BATCH_PAIRS, half_width
from emr_sim.simulate.runs.records import CARD_COLUMNS, GAME_FIELDS, SIDE_STATS, SIDES

HERO_COLUMNS = ("hero_a", "hero_b")
VALUE_COLUMNS = (
    "pair",
    "a_seat",
    "a_first",
    "win_a",
    "win_b",
    "draw",
    *GAME_FIELDS,
    *(f"{name}_{side}" for side in SIDES for name in SIDE_STATS),
)


def columns_problem(games: pd.DataFrame, cards: bool = False) -> str | None:
    """The columns of the records schema (with `cards`, a run made with --cards: the card sets
    too, each an int64 column of non-negative words: games/emr/loops/card_events.py)."""
    for name in (*HERO_COLUMNS, *VALUE_COLUMNS):
        if name not in games.columns:
            return f"no column {name!r}: not a cell file of this version"
    for name in VALUE_COLUMNS:
        if not is_integer_dtype(games[name]):
            return f"column {name!r} holds {games[name].dtype}, not integers"
    return cards_columns_problem(games) if cards else None


def cards_columns_problem(games: pd.DataFrame) -> str | None:
    for name in CARD_COLUMNS:
        if name not in games.columns:
            return f"no column {name!r}: the run keeps the card events (--cards), this cell does not"
        if games[name].dtype != np.int64:
            return f"column {name!r} holds {games[name].dtype}, not int64 card sets"
        if len(games) and int(games[name].min()) < 0:
            return f"column {name!r} holds a negative word: not a set of cards"
    return None


BINARY_COLUMNS = ("a_seat", "a_first", "win_a", "win_b", "draw")  # 0 or 1 in every game
RESULT_COLUMNS = ("win_a", "win_b", "draw")  # exactly one of them is 1: a game has one result


def values_problem(games: pd.DataFrame) -> str | None:
    """Masters known by name, seats and results 0 or 1, one result a game (a records file of
    card events with win_a = 5, or both sides winning, was counted as it stood)."""
    for name in HERO_COLUMNS:
        unknown = sorted(set(games[name].astype(str)) - set(HERO_NAMES))
        if unknown:
            return f"column {name!r} names {quoted(unknown[0])}, no master (`emr-sim heroes`)"
    for name in BINARY_COLUMNS:
        values = games[name].to_numpy()
        bad = np.flatnonzero((values != 0) & (values != 1))
        if bad.size:
            return f"column {name!r} holds {values[bad[0]]} in row {bad[0] + 1}: 0 or 1 only"
    results = games[list(RESULT_COLUMNS)].to_numpy(np.int64).sum(axis=1)
    bad = np.flatnonzero(results != 1)
    if bad.size:
        return f"row {bad[0] + 1} has {results[bad[0]]} results (win_a, win_b, draw): a game has exactly one"
    return None


def heroes_problem(games: pd.DataFrame, hero_a: str, hero_b: str) -> str | None:
    found = sorted({(str(a), str(b)) for a, b in zip(games["hero_a"], games["hero_b"], strict=True)})
    if found == [(hero_a, hero_b)]:
        return None
    if len(found) == 1:
        a, b = found[0]
        return f"holds {a} vs {b}, not {hero_a} vs {hero_b} (a copy of another cell?)"
    return f"holds games of {len(found)} hero pairs, not only {hero_a} vs {hero_b}"


def games_problem(games: pd.DataFrame) -> str | None:
    """Every pair 0..n/2-1 once with side A in seat 0 and once in seat 1."""
    n = len(games)
    keys = 2 * games["pair"].to_numpy(np.int64) + games["a_seat"].to_numpy(np.int64)
    if n % 2 or not np.array_equal(np.sort(keys), np.arange(n)):
        return "games appear twice or are missing (pair, a_seat): not the games the cell plays"
    return None


def count_problem(games: pd.DataFrame, record: dict) -> str | None:
    """The number of games against the run's rule (emr_sim.simulate.play.matrix.play_cell)."""
    n, per_cell, width = len(games), int(record["games_per_cell"]), record.get("until_ci")
    if width is None:
        return None if n == per_cell else f"{n} games, the run plays {per_cell} per cell"
    cap = 2 * math.ceil(int(record.get("max_games") or per_cell) / 2)
    if n < per_cell or n > cap:
        return f"{n} games, the run plays {per_cell} to {cap} per cell"
    if n < cap and half_width(games) > width:
        return f"{n} games: the run adds games until the half-width is at most {width}"
    extra_pairs = (n - per_cell) // 2
    if n > per_cell and n < cap and extra_pairs % BATCH_PAIRS:
        return f"{n} games: not {per_cell} plus whole batches of {2 * BATCH_PAIRS}"
    if n > per_cell:
        last = extra_pairs % BATCH_PAIRS or BATCH_PAIRS
        before = games[games["pair"] < n // 2 - last]
        if half_width(before) <= width:
            return f"{n} games: the run would have stopped {2 * last} games earlier"
    return None


def cell_problem(games: pd.DataFrame, hero_a: str, hero_b: str, record: dict) -> str | None:
    """What is wrong with `games` as cell (hero_a, hero_b) of the run `record`, or None."""
    return (
        columns_problem(games, record.get("cards") is True)
        or values_problem(games)
        or heroes_problem(games, hero_a, hero_b)
        or games_problem(games)
        or count_problem(games, record)
    )
