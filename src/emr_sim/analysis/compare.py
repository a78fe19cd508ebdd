"""What-if: two runs on the same seeds that differ in the deck or the rules, game by game.

Two runs with the same run seed play the same deals in every cell (emr_sim.simulate.play.matrix), so a
game of one run has a twin in the other: same cell, same pair, same seat of side A. The
difference of the twins' outcomes is the effect of the change on that deal, free of the
deal's own luck; the pairs of a cell are the independent units.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from emr_sim.analysis.cells import CELL, canonical, pair_clustered_ratio
from emr_sim.analysis.significance import adjust
from emr_sim.games.emr import codes as C
from emr_sim.stats import Z95

KEYS = [*CELL, "pair", "a_seat"]


def _cells_of(games: pd.DataFrame) -> set[tuple[str, str]]:
    cells = games[["hero_a", "hero_b"]].drop_duplicates()  # a few rows: the names, not every game's
    return set(zip(cells["hero_a"].astype(str), cells["hero_b"].astype(str), strict=True))


def _test(delta: pd.Series, se: pd.Series) -> tuple[pd.Series, pd.Series, np.ndarray]:
    """95 % normal interval and two-sided p of delta with standard error se. se 0: p is 1
    when delta is 0, else 0; se NaN (a single pair): NaN."""
    z = delta.abs() / se.where(se > 0)
    p = 2 * norm.sf(z.to_numpy(dtype=float))
    p = np.where(se == 0, np.where(delta == 0, 1.0, 0.0), p)
    return delta - Z95 * se, delta + Z95 * se, p


def _paired(before: pd.DataFrame, after: pd.DataFrame) -> pd.DataFrame:
    """Per cell of the twin games: counts, rates of both sides before/after, paired delta, se."""
    cols = [*KEYS, "a_first", "win_a", "win_b", "draw"]
    b, a = canonical(before[cols]), canonical(after[cols])
    only_b, only_a = _cells_of(b) - _cells_of(a), _cells_of(a) - _cells_of(b)
    if only_b or only_a:
        raise ValueError(
            "the runs do not have the same cells: "
            f"only before: {sorted(only_b) or 'none'}; only after: {sorted(only_a) or 'none'}"
        )
    outcome = [*KEYS, "win_a", "win_b", "draw"]
    try:
        twins = b[outcome].merge(a[outcome], on=KEYS, suffixes=("_before", "_after"), validate="one_to_one")
    except pd.errors.MergeError as err:
        raise ValueError(f"a game (cell, pair, a_seat) appears twice in one run: {err}") from None
    missing = _cells_of(b) - _cells_of(twins)
    if missing:
        raise ValueError(f"no game of these cells is in both runs (same pair and seat): {sorted(missing)}")
    for when in ("before", "after"):
        twins[f"score_{when}"] = twins[f"win_a_{when}"] + 0.5 * twins[f"draw_{when}"]
    twins["d"] = twins["score_after"] - twins["score_before"]
    twins["changed"] = (twins["win_a_before"] != twins["win_a_after"]) | (
        twins["draw_before"] != twins["draw_after"]
    )
    per_pair = (
        twins.groupby([*CELL, "pair"], observed=True).agg(d=("d", "sum"), m=("d", "size")).reset_index()
    )
    per_cell = twins.groupby(CELL, observed=True, sort=True).agg(
        games=("d", "size"),
        pairs=("pair", "nunique"),
        win_rate_before=("win_a_before", "mean"),
        win_rate_after=("win_a_after", "mean"),
        loss_rate_before=("win_b_before", "mean"),
        loss_rate_after=("win_b_after", "mean"),
        score_before=("score_before", "mean"),
        score_after=("score_after", "mean"),
        changed=("changed", "mean"),
    )
    per_cell["delta"] = per_cell["score_after"] - per_cell["score_before"]
    # pairs as the units: with whole pairs, se^2 = var(pair mean difference) / pairs
    per_cell["se"] = pair_clustered_ratio(per_pair, CELL, "d", "m")["se"]
    return per_cell.reset_index()


def compare_cells(before: pd.DataFrame, after: pd.DataFrame, method: str = "holm") -> pd.DataFrame:
    """Cell by cell, how a change moved side A's result: one row per cell (hero_a, hero_b).

    Games are matched on (hero_a, hero_b, pair, a_seat); only games present in both runs
    count. Columns: games, pairs (matched), win_rate_before, win_rate_after (wins_a / games),
    score_before, score_after (side A's score per game, a draw counting 1/2),
    delta = score_after - score_before, se, ci_low, ci_high (95 % normal interval),
    changed = share of the matched games whose result changed, p_value (two-sided normal
    test of delta = 0), p_adjusted and significant (emr_sim.analysis.adjust with `method`
    over the cells).

    Paired analysis: the units are the pairs of a cell; delta is the mean difference of the
    twin games' scores and se comes from the spread of the per-pair differences,
    se^2 = pairs / (pairs - 1) * sum_j (d_j - delta m_j)^2 / games^2 with d_j the pair's
    summed difference over its m_j matched games (= variance of the pair means / pairs with
    whole pairs). The twins share the deal, so most of the deal luck cancels and the
    interval is much narrower than comparing two independent win rates. Raises ValueError
    for cells in only one run, or with no matched game.

    Caveat: the normal approximation needs a few dozen pairs per cell (se is NaN with one).
    If the runs do not share seeds the analysis stays valid, only without the gain.
    """
    out = _paired(before, after).drop(columns=["loss_rate_before", "loss_rate_after"])
    out["ci_low"], out["ci_high"], out["p_value"] = _test(out["delta"], out["se"])
    columns = [
        *CELL,
        "games",
        "pairs",
        "win_rate_before",
        "win_rate_after",
        "score_before",
        "score_after",
        "delta",
        "se",
        "ci_low",
        "ci_high",
        "changed",
        "p_value",
    ]
    return adjust(out[columns], method=method)


def compare_heroes(before: pd.DataFrame, after: pd.DataFrame, method: str = "holm") -> pd.DataFrame:
    """Hero by hero, how a change moved its field mean: one row per hero (index `hero`,
    HERO_NAMES order).

    Columns: opponents, win_rate_before, win_rate_after (the field mean of its win rates,
    as emr_sim.analysis.field_means, over the matched games), score_before, score_after
    (the same with a draw as 1/2), delta = score_after - score_before, se, ci_low, ci_high
    (95 % normal), p_value, p_adjusted, significant (adjust with `method` over the heroes).
    A hero's delta is the mean of its cells' paired deltas (compare_cells; as side B its
    delta is minus the cell's), se = sqrt(sum of the cells' se^2) / opponents, the cells
    being independent runs. Mirror cells are left out.

    Caveat: the heroes' deltas are not independent (each cell moves two heroes in opposite
    directions; in a full matrix they sum to 0). Holm is valid under any dependence; BH
    assumes independent or positively dependent tests.
    """
    cells = _paired(before, after)
    cells = cells[(cells["hero_a"].astype(str) != cells["hero_b"].astype(str)).to_numpy()]
    side_a = pd.DataFrame(
        {
            "hero": cells["hero_a"].astype(str).to_numpy(),
            "win_rate_before": cells["win_rate_before"].to_numpy(),
            "win_rate_after": cells["win_rate_after"].to_numpy(),
            "score_before": cells["score_before"].to_numpy(),
            "score_after": cells["score_after"].to_numpy(),
            "se": cells["se"].to_numpy(),
        }
    )
    side_b = pd.DataFrame(
        {
            "hero": cells["hero_b"].astype(str).to_numpy(),
            "win_rate_before": cells["loss_rate_before"].to_numpy(),
            "win_rate_after": cells["loss_rate_after"].to_numpy(),
            "score_before": 1 - cells["score_before"].to_numpy(),
            "score_after": 1 - cells["score_after"].to_numpy(),
            "se": cells["se"].to_numpy(),
        }
    )
    sides = pd.concat([side_a, side_b], ignore_index=True)
    sides["var"] = sides["se"] ** 2
    grouped = sides.groupby("hero")
    out = grouped[["win_rate_before", "win_rate_after", "score_before", "score_after"]].mean()
    out.insert(0, "opponents", grouped.size())
    out["delta"] = out["score_after"] - out["score_before"]
    out["se"] = (
        np.sqrt(grouped["var"].sum().where(grouped["var"].count() == out["opponents"])) / out["opponents"]
    )
    out["ci_low"], out["ci_high"], out["p_value"] = _test(out["delta"], out["se"])
    out = out.reindex([h for h in C.HERO_NAMES if h in out.index])
    out.index.name = "hero"
    return adjust(out, method=method)
