"""What-if: two matrix runs on the same seeds that differ in deck, rules or players, compared
cell by cell.

The runs must have played the same deals (the same run seed: a cell's deals depend only on it
and the cell's masters, not on who plays), so each game of run A has its twin in run B and the
comparison is paired (emr_sim.analysis.compare_cells). Runs with different players compare
how the balance changes with skill; the comparison says that the players differ.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from emr_sim.errors import BadInput
from emr_sim.simulate.differences import record_differences
from emr_sim.simulate.rundir import LoadedRun

SAME_KEYS = ("seed",)  # what makes the deals of two runs the same
# what may change, besides the rules options
VARIANT_KEYS = ("players", "deck_sha256", "deck_changes", "fury")


@dataclass
class Comparison:
    before: dict  # run records
    after: dict
    differ: list[str]  # what differs, in words
    cells: pd.DataFrame  # emr_sim.analysis.compare_cells
    heroes: pd.DataFrame  # emr_sim.analysis.compare_heroes


def differences(before: dict, after: dict) -> list[str]:
    """The deck, hero-mode and rules differences of two run records, in words
    (emr_sim.simulate.differences.record_differences; a deck is named, its sha256 compared)."""
    out = []
    for diff in record_differences(before, after, keys=VARIANT_KEYS):
        if diff.key == "deck_sha256":
            out.append(f"deck {before['deck']} → {after['deck']}")
        else:
            out.append(diff.words())
    if before.get("players") == after.get("players") and before.get("player_specs") != after.get(
        "player_specs"
    ):
        out.append("player specs (the same names, other parameters or book contents)")
    return out


def check_comparable(before: LoadedRun, after: LoadedRun) -> None:
    for key in SAME_KEYS:
        if before.record.get(key) != after.record.get(key):
            raise BadInput(
                f"{before.path} and {after.path} cannot be compared game by game: {key} differs "
                f"({before.record.get(key)!r} vs {after.record.get(key)!r}); run both with the same --seed"
            )


def cell_keys(games: pd.DataFrame) -> pd.Series:
    return games["hero_a"].astype(str) + "-" + games["hero_b"].astype(str)


def common_games(before: LoadedRun, after: LoadedRun) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games of the cells both runs finished (BadInput when there is none)."""
    keys_a, keys_b = cell_keys(before.games), cell_keys(after.games)
    shared = set(keys_a) & set(keys_b)
    if not shared:
        raise BadInput(f"{before.path} and {after.path} have no finished cell in common")
    return before.games[keys_a.isin(shared)], after.games[keys_b.isin(shared)]


def compare_runs(before: LoadedRun, after: LoadedRun, method: str = "holm") -> Comparison:
    """Compare `after` with `before` (runs read once: emr_sim.simulate.rundir.load_run) on the
    cells both finished."""
    from emr_sim import analysis as A

    check_comparable(before, after)
    games_a, games_b = common_games(before, after)
    cells = A.compare_cells(games_a, games_b, method=method)
    heroes = A.compare_heroes(games_a, games_b, method=method)
    return Comparison(before.record, after.record, differences(before.record, after.record), cells, heroes)
