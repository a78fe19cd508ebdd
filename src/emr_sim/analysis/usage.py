"""How heroes play: per-game statistics by hero, game lengths, matchup drivers, lopsided cells."""

from __future__ import annotations

import numpy as np
import pandas as pd

from emr_sim.analysis.cells import heroes_categorical, oriented
from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.records import SIDE_STATS, swap_sides

# the per-side statistics of a games frame (records.SIDE_STATS without the final health):
# hits, blocks, counters, extras, damage_<source> TAKEN, effect_<effect>, tech_<technique>
STATS = [name for name in SIDE_STATS if name != "health"]


def _both_sides(games: pd.DataFrame) -> pd.DataFrame:
    """Every game twice, once from each side: side A's columns are the side of `hero_a`
    (only the columns the per-side statistics need)."""
    cols = ["hero_a", "hero_b", "a_seat", "a_first", *(f"{s}_{x}" for s in STATS for x in "ab")]
    games = games[cols]
    return pd.concat([games, swap_sides(games)], ignore_index=True)


def usage_by_hero(games: pd.DataFrame) -> pd.DataFrame:
    """Per-game means of every per-side statistic, one row per hero (index `hero`, in
    HERO_NAMES order).

    Columns: games (games the hero played; a mirror game counts twice, once per side),
    then hits, blocks, counters, extras, damage_<source> (damage the hero TOOK, per source
    of codes.SOURCE_NAMES), effect_<effect> (effects it applied), tech_<technique>
    (technique uses, fury-choose included), each the mean per game.

    Caveat: a hero's means mix its opponents in the proportions of the run (every opponent
    equally in a full matrix with equal cell sizes); they describe play, not strength.
    """
    both = _both_sides(games)
    both["hero"] = heroes_categorical(both["hero_a"])
    columns = {f"{s}_a": s for s in STATS}
    grouped = both.groupby("hero", observed=True)
    out = grouped[list(columns)].mean().rename(columns=columns)
    out.insert(0, "games", grouped.size())
    out.index = pd.Index(out.index.astype(str), name="hero")
    return out


def length_distribution(games: pd.DataFrame) -> pd.DataFrame:
    """Counts of games by length, for histograms: index `turns` (every length from the
    shortest to the longest game, zeros included), one column per hero (HERO_NAMES order)
    counting the games that hero played (a mirror game once).

    Caveat: the columns overlap (a game counts for both its heroes), so they do not add up
    to the number of games; divide a column by its sum for a distribution.
    """
    hero = pd.concat([games["hero_a"].astype(str), games["hero_b"].astype(str)], ignore_index=True)
    turns = pd.concat([games["turns"], games["turns"]], ignore_index=True)
    game = np.tile(np.arange(len(games)), 2)
    long = pd.DataFrame({"game": game, "hero": hero, "turns": turns}).drop_duplicates(["game", "hero"])
    table = pd.crosstab(long["turns"], long["hero"])
    present = [h for h in C.HERO_NAMES if h in table.columns]
    lengths = range(int(games["turns"].min()), int(games["turns"].max()) + 1) if len(games) else range(0)
    table = table.reindex(index=lengths, columns=present, fill_value=0)
    table.index.name = "turns"
    table.columns.name = "hero"
    return table


def drivers(games: pd.DataFrame, hero_a: str, hero_b: str) -> pd.DataFrame:
    """What drives one matchup: one row per per-side statistic (index `stat`: hits,
    blocks, counters, extras, damage_<source> TAKEN, effect_<effect>, tech_<technique>),
    columns <hero_a> and <hero_b> = each hero's mean per game in this cell ("<hero> (a)",
    "<hero> (b)" in a mirror), difference = hero_a's minus hero_b's, std_difference = the
    difference in units of the pooled per-game standard deviation of the stat; sorted by
    |difference|, largest first. The cell's games may be stored in either orientation.

    Caveat: differences are in each stat's own unit, so counts of frequent events lead the
    list; std_difference compares across stats. They are associations with the matchup,
    not causes; damage rows are damage TAKEN (a large positive damage_trap means hero_a
    stepped on more traps).
    """
    a, b = str(hero_a), str(hero_b)
    ha, hb = games["hero_a"].astype(str), games["hero_b"].astype(str)
    cell = games[((ha == a) & (hb == b)).to_numpy()]
    if a != b:
        cell = pd.concat([cell, swap_sides(games[((ha == b) & (hb == a)).to_numpy()])])
    if cell.empty:
        raise ValueError(f"no games of {a} against {b}")
    side_a = cell[[f"{s}_a" for s in STATS]].set_axis(STATS, axis=1)
    side_b = cell[[f"{s}_b" for s in STATS]].set_axis(STATS, axis=1)
    names = (a, b) if a != b else (f"{a} (a)", f"{b} (b)")
    out = pd.DataFrame({names[0]: side_a.mean(), names[1]: side_b.mean()})
    out["difference"] = out[names[0]] - out[names[1]]
    pooled = np.sqrt((side_a.var() + side_b.var()) / 2)
    out["std_difference"] = (out["difference"] / pooled.where(pooled > 0)).fillna(0.0)
    out.index.name = "stat"
    order = out["difference"].abs().sort_values(ascending=False, kind="stable").index
    return out.loc[order]


def lopsided(cells: pd.DataFrame, k: int = 5) -> pd.DataFrame:
    """The k cells furthest from 50 %, most lopsided first, each seen from the favoured
    hero (the one with more wins; side A on a tie): the rows of `oriented` (hero,
    opponent, games, wins, losses, draws, win_rate, ci_low, ci_high, ..., p_value) plus
    distance = |score - 1/2|, the score counting a draw as half a win (so distance =
    |win_rate - 1/2| without draws). Mirror cells are left out.

    Caveat: the most extreme of 28 noisy cells is biased away from 50 % (winner's curse);
    read p_adjusted (emr_sim.analysis.adjust on the cells first) before calling one unfair.
    """
    sides = oriented(cells)
    sides = sides[(sides["hero"].astype(str) != sides["opponent"].astype(str)).to_numpy()]
    favoured = (sides["wins"] > sides["losses"]) | (
        (sides["wins"] == sides["losses"]) & (sides["hero"].cat.codes < sides["opponent"].cat.codes)
    )
    out = sides[favoured.to_numpy()].copy()
    out["distance"] = (out["wins"] - out["losses"]).abs() / out["games"] / 2  # |score - 1/2|
    out = out.sort_values("distance", ascending=False, kind="stable").head(k)
    return out.reset_index(drop=True)
