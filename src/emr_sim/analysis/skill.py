"""Balance and skill: the same deals played by players of rising skill (the rungs), compared.

Each rung is a matrix run on the same seed, heroes and deck, so every cell plays the same deals
at every rung and the rungs can be compared deal by deal (rung_differences says what else
differs: a hero mode or rules option that differs mixes skill with the rules):

- rankings: the masters' field means at each rung and Kendall's tau between two rungs, with a
  bootstrap interval that resamples the pairs of each cell jointly in both rungs;
- cell changes: the paired change of each cell between two rungs (compare_cells, Holm), classed
  skill-sensitive, stable or not resolved (classify);
- profiles: first-player advantage, game length and technique use at each rung.

The bootstrap is vectorised on pair outcomes, not games: a pair's outcome in two rungs is one
of a few categories (side A's wins and losses in the pair at each rung), so a resample of a
cell's n pairs is a multinomial draw over its categories, whatever the number of games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import kendalltau

from emr_sim.analysis.cells import CELL, cell_table, first_player_overall
from emr_sim.analysis.compare import compare_cells
from emr_sim.analysis.ratings import field_means
from emr_sim.analysis.usage import usage_by_hero
from emr_sim.games.emr import codes as C

STABLE_POINTS = 2.0  # a cell is stable when its change's 95 % interval lies within ± this (points)
RESAMPLES = 1_000  # bootstrap resamples of tau
BOOT_SEED = 20261213  # the bootstrap's seed: the same runs give the same interval
LEVEL = 0.95
SENSITIVE, STABLE, UNRESOLVED = "skill-sensitive", "stable", "not resolved"
CLASSES = (SENSITIVE, STABLE, UNRESOLVED)
OUTCOME = ["wa", "wb", "m"]  # per pair: side A's wins, side B's wins, games


# ---------------------------------------------------------------- classes


def classify(changes: pd.DataFrame, stable_points: float = STABLE_POINTS) -> pd.Series:
    """The class of each row of a compare_cells frame (delta, ci_low, ci_high, significant):
    skill-sensitive when the change is significant after the correction; else stable when its
    95 % interval lies within ±stable_points points; else not resolved (too few games to say
    either). A NaN interval (one pair) is not resolved."""
    bound = stable_points / 100
    within = (changes["ci_low"] >= -bound) & (changes["ci_high"] <= bound)
    out = np.where(changes["significant"], SENSITIVE, np.where(within, STABLE, UNRESOLVED))
    return pd.Series(out, index=changes.index, name="class")


def cell_changes(before: pd.DataFrame, after: pd.DataFrame, method: str = "holm") -> pd.DataFrame:
    """compare_cells of two rungs' games on the cells both finished, with its class."""
    keys_b, keys_a = _cell_keys(before), _cell_keys(after)
    shared = set(keys_b) & set(keys_a)
    out = compare_cells(before[keys_b.isin(shared)], after[keys_a.isin(shared)], method=method)
    return out.assign(**{"class": classify(out)})


def class_counts(changes: pd.DataFrame) -> dict[str, int]:
    counts = changes["class"].value_counts()
    return {c: int(counts.get(c, 0)) for c in CLASSES}


def _cell_keys(games: pd.DataFrame) -> pd.Series:
    return games["hero_a"].astype(str) + "-" + games["hero_b"].astype(str)


# ---------------------------------------------------------------- rank correlation


def pair_outcomes(games: pd.DataFrame) -> pd.DataFrame:
    """One row per pair, in the canonical orientation of its cell: hero_a, hero_b, unit (the
    pair's index within its cell), wa, wb (side A's wins and losses in the pair), m (games).
    Mirror cells are left out (the field means leave them out)."""
    g = games[[*CELL, "pair", "win_a", "win_b"]].astype({"win_a": np.int64, "win_b": np.int64})
    g = g[(g["hero_a"].astype(str) != g["hero_b"].astype(str)).to_numpy()]
    units = g.groupby([*CELL, "pair"], observed=True).agg(
        wa=("win_a", "sum"), wb=("win_b", "sum"), m=("win_a", "size")
    )
    units = units.reset_index().rename(columns={"pair": "unit"})
    flip = _flipped(units)
    units.loc[flip, ["wa", "wb"]] = units.loc[flip, ["wb", "wa"]].to_numpy()
    # a run that plays both orientations (assignments "every") keeps their pairs apart
    units["unit"] = units["unit"].astype(np.int64) * 2 + flip.astype(np.int64)
    heroes = units[CELL].astype(str).to_numpy()
    heroes[flip] = heroes[flip][:, ::-1]
    units["hero_a"], units["hero_b"] = heroes[:, 0], heroes[:, 1]
    return units


def _flipped(units: pd.DataFrame) -> np.ndarray:
    order = {h: i for i, h in enumerate(C.HERO_NAMES)}
    a = units["hero_a"].astype(str).map(order).to_numpy()
    b = units["hero_b"].astype(str).map(order).to_numpy()
    return a > b


def tau_b(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of each row of x against the same row of y (shape (B, n)): the same
    number as scipy.stats.kendalltau, for many rankings at once. NaN where a row is all ties."""
    i, j = np.triu_indices(x.shape[1], k=1)
    dx, dy = np.sign(x[:, i] - x[:, j]), np.sign(y[:, i] - y[:, j])
    untied = np.sqrt((dx != 0).sum(axis=1) * (dy != 0).sum(axis=1)).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(untied > 0, (dx * dy).sum(axis=1) / np.where(untied > 0, untied, 1), np.nan)


def field_matrix(cells: Sequence[tuple[str, str]], heroes: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(FA, FB) with field = rate_a @ FA + rate_b @ FB: each hero's mean win rate over its
    cells, rate_a side A's win rate of each cell, rate_b side B's."""
    fa, fb = np.zeros((len(cells), len(heroes))), np.zeros((len(cells), len(heroes)))
    for k, (a, b) in enumerate(cells):
        fa[k, heroes.index(a)] = 1
        fb[k, heroes.index(b)] = 1
    opponents = fa.sum(axis=0) + fb.sum(axis=0)
    return fa / np.maximum(opponents, 1), fb / np.maximum(opponents, 1)


def bootstrap_field(
    units_x: pd.DataFrame, units_y: pd.DataFrame, heroes: list[str], resamples: int, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """Field means of both rungs in `resamples` bootstrap samples (each (resamples, heroes)):
    the pairs of each cell resampled with replacement, the same pairs in both rungs."""
    joint = units_x.merge(units_y, on=[*CELL, "unit"], suffixes=("_x", "_y"))
    cols = [f"{c}_{s}" for s in "xy" for c in OUTCOME]
    cells = sorted(
        {(a, b) for a, b in zip(joint["hero_a"], joint["hero_b"], strict=True)},
        key=lambda c: (C.HERO_NAMES.index(c[0]), C.HERO_NAMES.index(c[1])),
    )
    rng = np.random.default_rng(seed)
    sums = np.zeros((resamples, len(cells), len(cols)))
    grouped = dict(tuple(joint.groupby(CELL, sort=False)))
    for k, cell in enumerate(cells):
        kinds = grouped[cell].groupby(cols).size()  # the cell's pair categories and their counts
        values = np.array(kinds.index.tolist(), dtype=float).reshape(len(kinds), len(cols))
        counts = rng.multinomial(int(kinds.sum()), kinds.to_numpy() / kinds.sum(), size=resamples)
        sums[:, k, :] = counts @ values
    fa, fb = field_matrix(cells, heroes)
    out = []
    for s in range(2):  # rung x, rung y
        wa, wb, m = (sums[:, :, 3 * s + c] for c in range(3))
        out.append((wa / m) @ fa + (wb / m) @ fb)
    return out[0], out[1]


@dataclass(frozen=True)
class RankCorrelation:
    """Kendall's tau of the field means of rungs x and y, and its bootstrap interval."""

    x: int  # rung indices
    y: int
    tau: float
    ci_low: float
    ci_high: float
    heroes: int
    resamples: int


def rank_correlation(
    games_x: pd.DataFrame,
    games_y: pd.DataFrame,
    x: int = 0,
    y: int = 1,
    resamples: int = RESAMPLES,
    seed: int = BOOT_SEED,
) -> RankCorrelation:
    """tau (scipy.stats.kendalltau, tau-b) of the masters' field means in two rungs, with the
    95 % percentile interval of `resamples` bootstrap samples (bootstrap_field; seeded, so the
    same runs give the same interval). Field means over the games of each rung; the bootstrap
    over the pairs both rungs played."""
    fx, fy = field_means(cell_table(games_x)), field_means(cell_table(games_y))
    heroes = [h for h in C.HERO_NAMES if h in fx.index and h in fy.index]
    tau = float(kendalltau(fx.loc[heroes, "win_rate"], fy.loc[heroes, "win_rate"]).statistic)
    bx, by = bootstrap_field(pair_outcomes(games_x), pair_outcomes(games_y), heroes, resamples, seed)
    taus = tau_b(bx, by)
    taus = taus[~np.isnan(taus)]
    tail = 100 * (1 - LEVEL) / 2
    low, high = np.percentile(taus, [tail, 100 - tail]) if len(taus) else (np.nan, np.nan)
    return RankCorrelation(x, y, tau, float(low), float(high), len(heroes), resamples)


def rung_pairs(n: int) -> list[tuple[int, int]]:
    """The rungs compared: each with the next, and the first with the last (when > 2 rungs)."""
    pairs = [(i, i + 1) for i in range(n - 1)]
    return pairs + ([(0, n - 1)] if n > 2 else [])


# ---------------------------------------------------------------- profiles


def rung_profile(games: pd.DataFrame) -> dict:
    """First-player advantage (rate and interval, pairs as units), game length (mean, median)
    and each master's uses of its own technique per game, at one rung."""
    first = first_player_overall(games)
    usage = usage_by_hero(games)
    return {
        "first_rate": float(first["rate"]),
        "first_ci_low": float(first["ci_low"]),
        "first_ci_high": float(first["ci_high"]),
        "mean_turns": float(games["turns"].mean()),
        "median_turns": float(np.median(games["turns"].to_numpy())),
        "technique": {str(h): float(usage.loc[h, f"tech_{h}"]) for h in usage.index},
        "games": len(games),
    }


# ---------------------------------------------------------------- the whole analysis


@dataclass
class SkillAnalysis:
    """Every number of the balance-and-skill section, for rungs 0 .. n-1 in the order given."""

    labels: list[str]
    players: list[str]
    fields: list[pd.DataFrame]  # field_means of each rung
    taus: list[RankCorrelation]
    changes: dict[tuple[int, int], pd.DataFrame]  # cell_changes by rung pair
    profiles: list[dict]

    def counts(self) -> dict[tuple[int, int], dict[str, int]]:
        return {k: class_counts(v) for k, v in self.changes.items()}


def analyse_skill(
    labels: list[str],
    players: list[str],
    games: list[pd.DataFrame],
    resamples: int = RESAMPLES,
    seed: int = BOOT_SEED,
) -> SkillAnalysis:
    """The analysis of rungs' games frames (the same seed and heroes, checked by the caller)."""
    pairs = rung_pairs(len(games))
    return SkillAnalysis(
        labels=labels,
        players=players,
        fields=[field_means(cell_table(g)) for g in games],
        taus=[rank_correlation(games[i], games[j], i, j, resamples, seed) for i, j in pairs],
        changes={(i, j): cell_changes(games[i], games[j]) for i, j in pairs},
        profiles=[rung_profile(g) for g in games],
    )


def rung_differences(first: dict, other: dict) -> tuple[list[str], list[str]]:
    """How a rung's run record differs from the first rung's, in words: (what makes its
    deals other ones: seed, heroes, hero assignments, deck; what else than the players and
    the sizes: hero mode, rules options, emr-sim version). Rungs compare deal by deal only
    when the first list is empty; the second makes a change between rungs mix skill with it."""
    from emr_sim.simulate.runs.differences import deal_differences, game_differences

    return deal_differences(first, other), game_differences(first, other)
