"""The statistics of a skill-ladder step: the upper rung's score against the rung below, per
master it plays and overall, with pair-clustered 95 % intervals and Elo differences.

A step's games are a records frame whose side A is the upper rung and side B the lower one,
over every ordered assignment of masters (mirrors included). The unit of the interval is a
pair (the same deal with the seats swapped: its two games are correlated), identified by
(hero_a, hero_b, pair). The score counts a draw as half a win.

The interval is the union of two: the normal interval of the pair-clustered ratio, and the
Wilson interval of the score with the pairs as the trials. The first is the right width
away from the ends; the second keeps an honest width where every pair ends alike (a score
of 100 % has a clustered standard error of 0, but 100 pairs only show it is above ~96 %).
An Elo difference at a score of 0 or 1 is infinite and shown so; its interval is finite.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from emr_sim.analysis.cells import pair_clustered_ratio
from emr_sim.games.emr import codes as C
from emr_sim.stats import Z95, wilson

ELO_SCALE = 400.0  # Elo points per factor 10 in the odds
OVERALL = "all"


def elo(score: float) -> float:
    """The Elo difference whose expected score is `score` (0..1); ±inf at 1 and 0."""
    s = float(score)
    if s <= 0.0 or s >= 1.0:
        return math.inf if s >= 1.0 else -math.inf
    return ELO_SCALE * math.log10(s / (1.0 - s))


def pair_wilson(score: float, pairs: int) -> tuple[float, float]:
    """The Wilson interval of `score` read as a proportion of `pairs` trials."""
    return wilson(score * pairs, pairs)


def pair_points(games: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """One row per pair: the upper rung's points in half-wins (2 a win, 1 a draw) and the
    half-wins at stake (2 a game), with the keys of `by`."""
    g = games.assign(
        half_points=2 * games["win_a"].astype(np.int64) + games["draw"].astype(np.int64),
        half_games=np.int64(2),
    )
    keys = ["hero_a", "hero_b", "pair"]
    extra = [k for k in by if k not in keys]
    return g.groupby([*extra, *keys], observed=True)[["half_points", "half_games"]].sum().reset_index()


def score_table(games: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Per group of `by`: games, pairs, the upper rung's score, its pair-clustered se, the 95 %
    interval, the Elo difference and its interval (the interval's ends in Elo)."""
    pairs = pair_points(games, by)
    out = pair_clustered_ratio(pairs, by, "half_points", "half_games")
    out = out.rename(columns={"rate": "score"})
    out["games"] = out["half_games"] // 2
    bounds = [pair_wilson(s, n) for s, n in zip(out["score"], out["pairs"], strict=True)]
    low = np.array([b[0] for b in bounds]) if bounds else np.zeros(0)
    high = np.array([b[1] for b in bounds]) if bounds else np.zeros(0)
    out["ci_low"] = np.minimum((out["score"] - Z95 * out["se"].fillna(1.0)).clip(0.0, 1.0), low)
    out["ci_high"] = np.maximum((out["score"] + Z95 * out["se"].fillna(1.0)).clip(0.0, 1.0), high)
    for col, src in (("elo", "score"), ("elo_low", "ci_low"), ("elo_high", "ci_high")):
        out[col] = out[src].map(elo)
    out["above"] = out["ci_low"] > 0.5
    return out[["games", "pairs", "score", "se", "ci_low", "ci_high", "elo", "elo_low", "elo_high", "above"]]


def step_table(games: pd.DataFrame) -> pd.DataFrame:
    """A step's rows: one per master the upper rung plays (in HERO_NAMES order), then 'all'."""
    per_hero = score_table(games, ["hero_a"]).reset_index()
    per_hero["hero"] = per_hero.pop("hero_a").astype(str)
    per_hero = per_hero.sort_values("hero", key=lambda s: s.map(C.HERO_NAMES.index))
    overall = score_table(games.assign(scope=OVERALL), ["scope"]).reset_index()
    overall["hero"] = overall.pop("scope")
    return pd.concat([per_hero, overall], ignore_index=True).set_index("hero")
