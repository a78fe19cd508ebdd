"""What-if: two matrix runs on the same seeds that differ in deck, rules or players, compared
cell by cell.

The runs must have played the same deals (the same run seed: a cell's deals depend only on it
and the cell's masters, not on who plays), so each game of run A has its twin in run B and the
comparison is paired (emr_sim.analysis.compare_cells). Runs with different players compare
how the balance changes with skill; the comparison says that the players differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from emr_sim.errors import BadInput
from emr_sim.simulate.runs.differences import SIZE_KEYS, difference_words
from emr_sim.simulate.runs.rundir import LoadedRun

LISTED = 6  # cells named in a line, at most

SAME_KEYS = ("seed",)  # what the twin games of two runs need (a deck change is what is compared)
# what `compare` names when it differs: every key of the record but the emr-sim version's
SAID_KEYS = (
    "players", "player_specs", "deck_sha256", "deck_changes", "fury", "heroes", "assignments", *SIZE_KEYS
)  # fmt: skip


@dataclass
class Comparison:
    before: dict  # run records
    after: dict
    differ: list[str]  # what differs, in words
    cells: pd.DataFrame  # emr_sim.analysis.compare_cells
    heroes: pd.DataFrame  # emr_sim.analysis.compare_heroes
    left_out: list[str] = field(default_factory=list)  # the cells only one run finished, in words


def differences(before: dict, after: dict) -> list[str]:
    """Every difference of two run records but the seed (refused) and the version, in words
    (emr_sim.simulate.runs.differences.difference_words: a deck is named, its sha256 compared;
    heroes, assignments, sizes, players and their specs, hero mode, each rules option)."""
    return difference_words(before, after, keys=SAID_KEYS)


def check_comparable(before: LoadedRun, after: LoadedRun) -> None:
    for key in SAME_KEYS:
        if before.record.get(key) != after.record.get(key):
            raise BadInput(
                f"{before.path} and {after.path} cannot be compared game by game: {key} differs "
                f"({before.record.get(key)!r} vs {after.record.get(key)!r}); run both with the same --seed"
            )


def cell_keys(games: pd.DataFrame) -> pd.Series:
    return games["hero_a"].astype(str) + "-" + games["hero_b"].astype(str)


def common_games(before: LoadedRun, after: LoadedRun) -> tuple[pd.DataFrame, pd.DataFrame, list[str]]:
    """The games of the cells both runs finished (BadInput when there is none), and the cells
    left out, in words."""
    keys_a, keys_b = cell_keys(before.games), cell_keys(after.games)
    shared = set(keys_a) & set(keys_b)
    if not shared:
        raise BadInput(f"{before.path} and {after.path} have no finished cell in common")
    left_out = []
    for run, keys in ((before, keys_a), (after, keys_b)):
        only = [k for k in pd.unique(keys) if k not in shared]  # in the run's order
        if only:
            names = ", ".join(k.replace("-", " vs ", 1) for k in only[:LISTED])
            more = f" and {len(only) - LISTED} more" if len(only) > LISTED else ""
            left_out.append(f"{len(only)} cells only in {run.path} ({names}{more})")
    return before.games[keys_a.isin(shared)], after.games[keys_b.isin(shared)], left_out


def compare_runs(before: LoadedRun, after: LoadedRun, method: str = "holm") -> Comparison:
    """Compare `after` with `before` (runs read once: emr_sim.simulate.runs.rundir.load_run) on the
    cells both finished."""
    from emr_sim import analysis as A

    check_comparable(before, after)
    games_a, games_b, left_out = common_games(before, after)
    try:
        cells = A.compare_cells(games_a, games_b, method=method)
        heroes = A.compare_heroes(games_a, games_b, method=method)
    except ValueError as err:  # no game of a shared cell matched: other sizes or deals
        raise BadInput(f"{before.path} and {after.path} cannot be compared game by game: {err}") from None
    differ = differences(before.record, after.record)
    return Comparison(before.record, after.record, differ, cells, heroes, left_out)
