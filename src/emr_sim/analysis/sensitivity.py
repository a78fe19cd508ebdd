"""Sensitivity: paired effects of variants on each master's field mean and on each cell, and
the games a precision target needs (frames in, frames out; plays no game).

A variant's run and its base run play the same deals (emr_sim.simulate.whatif.variants), so the
effect of the variant on a master is the paired change of its field mean score
(emr_sim.analysis.compare.compare_heroes: the mean of its cells' paired deltas, se from the
spread of the per-pair differences), and on a cell the paired change of side A's score
(compare_cells). Games present in one run only are left out (a variant run shorter than the
base pairs with the base's first games).
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from emr_sim.analysis.cells import first_player_overall
from emr_sim.analysis.compare import compare_cells, compare_heroes
from emr_sim.stats import Z95

HERO_COLUMNS = ["hero", "score_before", "score_after", "delta", "se", "ci_low", "ci_high", "p_value"]
CELL_COLUMNS = [
    "hero_a",
    "hero_b",
    "games",
    "score_before",
    "score_after",
    "delta",
    "se",
    "ci_low",
    "ci_high",
]
SAFETY = 1.2  # games added to the pilot's estimate: the pilot's variances are estimates too


def variant_effects(before: pd.DataFrame, after: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(heroes, cells) of one variant against its base, paired: one row per master (its field
    mean score's change, HERO_COLUMNS) and one per cell (CELL_COLUMNS). Scores count a draw as
    1/2; deltas are fractions (0.01 = 1 point)."""
    heroes = compare_heroes(before, after).reset_index()[HERO_COLUMNS]
    cells = compare_cells(before, after)[CELL_COLUMNS]
    for frame in (heroes, cells):
        for col in ("hero", "hero_a", "hero_b"):
            if col in frame:
                frame[col] = frame[col].astype(str)
    return heroes, cells


def first_player_effect(before: pd.DataFrame, after: pd.DataFrame) -> dict[str, float]:
    """The change of the first player's share of decided games over all cells
    (emr_sim.analysis.first_player_overall), with a standard error that adds the two runs'
    variances: the runs share their deals, so the true one is smaller (a conservative se)."""
    b, a = first_player_overall(before), first_player_overall(after)
    return {
        "before": float(b["rate"]),
        "after": float(a["rate"]),
        "delta": float(a["rate"] - b["rate"]),
        "se": float(math.sqrt(b["se"] ** 2 + a["se"] ** 2)),
    }


def stack(effects: dict[str, pd.DataFrame], key: str = "variant") -> pd.DataFrame:
    """The per-variant frames as one, a `key` column first (in the dict's order)."""
    frames = [frame.assign(**{key: name}) for name, frame in effects.items()]
    if not frames:
        return pd.DataFrame(columns=[key])
    out = pd.concat(frames, ignore_index=True)
    return out[[key, *[c for c in out.columns if c != key]]]


def largest_effects(heroes: pd.DataFrame, k: int = 5) -> pd.DataFrame:
    """For each master, the k variants with the largest |delta| (the stacked heroes frame of
    `stack`), largest first; ties keep the variants' order."""
    ranked = heroes.assign(size=heroes["delta"].abs())
    ranked = ranked.sort_values(["hero", "size"], ascending=[True, False], kind="stable")
    return ranked.groupby("hero", sort=False).head(k).drop(columns="size").reset_index(drop=True)


def tornado_rows(
    heroes: pd.DataFrame, hero: str, factors: dict[str, str], k: int | None = None
) -> pd.DataFrame:
    """One master's effects grouped by factor (a row of the tornado chart, its steps as bars),
    the rows ordered by their largest |delta|, largest first; `factors` maps a variant to its
    factor. Columns: factor, variant, delta, ci_low, ci_high, size (the row's largest |delta|)."""
    mine = heroes[heroes["hero"] == hero].assign(factor=lambda d: d["variant"].map(factors))
    size = mine.groupby("factor", sort=False)["delta"].agg(lambda d: d.abs().max()).rename("size")
    mine = mine.join(size, on="factor").sort_values(
        ["size", "factor"], ascending=[False, True], kind="stable"
    )
    if k is not None:
        keep = list(dict.fromkeys(mine["factor"]))[:k]
        mine = mine[mine["factor"].isin(keep)]
    return mine[["factor", "variant", "delta", "ci_low", "ci_high", "size"]].reset_index(drop=True)


def half_widths(heroes: pd.DataFrame) -> pd.Series:
    """Per variant, the largest 95 % half-width over the masters (the precision reached)."""
    return (Z95 * heroes.groupby("variant", sort=False)["se"].max()).rename("half_width")


def required_games(se: float, games: int, target: float, safety: float = SAFETY) -> int:
    """Games per cell for a 95 % half-width of TARGET, from a standard error SE measured with
    GAMES per cell: se falls as 1/sqrt(games), so games x (Z95 se / target)^2, times SAFETY,
    rounded up to whole pairs. NaN or 0 (no game changed): GAMES."""
    if not math.isfinite(se) or se <= 0:
        return int(games)
    needed = safety * games * (Z95 * se / target) ** 2
    return int(2 * math.ceil(max(needed, games) / 2))


def cell_matrix(cells: pd.DataFrame) -> pd.DataFrame:
    """The stacked cells frame as variants (rows) x cells (columns, 'a vs b') of delta."""
    wide = cells.assign(cell=cells["hero_a"] + " vs " + cells["hero_b"])
    out = wide.pivot(index="variant", columns="cell", values="delta")
    order = list(dict.fromkeys(wide["cell"]))
    return out.reindex(index=list(dict.fromkeys(wide["variant"])), columns=order).astype(np.float64)
