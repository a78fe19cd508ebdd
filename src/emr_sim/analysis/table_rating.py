"""A rating for any number of players at a table: Plackett–Luce strengths, fitted by rank
breaking, with intervals from a bootstrap over deals.

The model: each entity (master, deck, role, or lineup member) has a strength s; a game's
places are drawn as Plackett–Luce rankings (the first place chosen among all seats with
probability proportional to e^s, the second among the rest, ...). At two seats this is exactly
the Bradley–Terry model of emr_sim.analysis.ratings.

The fit breaks every game's places into all its pairs (the seat in a better place beats the
seat in a worse one; seats sharing a place, as a draw or a team, are no comparison) and fits
Bradley–Terry to the pair counts by maximum likelihood (Newton's method, `fit`): "full
rank breaking", consistent for Plackett–Luce (Azari Soufiani, Chen, Parkes and Xia, ICML 2014)
and, at two seats, the same fit as emr_sim.analysis.ratings.bradley_terry on the decided games.
Why this route: choix's ranking fitters (ilsr_rankings, opt_rankings) take one ranking per
game with no weights and take about 7 s for the 280,000 games of an 8MR matrix, far too slow
for a bootstrap of hundreds of fits; the pair counts of a resample are one matrix product
away, and a fit of them takes a few Newton steps on a K x K matrix (bt_newton, the
matrix's own Bradley–Terry fit). (choix's
ilsr_pairwise_dense fits them too, to the same strengths, tests/analysis/test_tables.py; it
was the fitter here until importing it, with scipy.stats, cost a second of every table
summary's start-up.) openskill's Weng–Lin ratings are online
updates that depend on the order of the games and are not the Bradley–Terry fit at two seats.

The pairs of a game are not independent, and neither are a deal's rotations: the intervals
come from resampling whole deals (a deal's rotations are one unit), never from the fit's own
information. A game where an entity sits twice (a mirror) teaches nothing and is left out.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from emr_sim.analysis.bt_newton import newton_strengths

ELO = 400 / np.log(10)  # Elo points per unit of log-strength, as ratings.bradley_terry
RESAMPLES = 200
NEWTON_STEPS = 100  # a fit converges in a handful; more means no finite maximum
STEP_TOL = 1e-10
BOOT_SEED = 20261205


def pair_counts(seats: pd.DataFrame, by: str) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(names, deal keys, counts): per deal, how often entity i placed above entity j over its
    games, as a (deals, K, K) array; games with an entity twice are left out."""
    frame = seats[seats[by].astype(str) != ""]
    names = sorted(frame[by].astype(str).unique())
    code = {n: k for k, n in enumerate(names)}
    mirror = frame.groupby("game")[by].transform("nunique") < frame.groupby("game")[by].transform("size")
    frame = frame[~mirror.to_numpy()]
    deal_key = frame["cell"].astype(str) + "/" + frame["deal"].astype(str)
    deals, deal_index = np.unique(deal_key.to_numpy(), return_inverse=True)
    k = len(names)
    counts = np.zeros((len(deals), k, k))
    entity = frame[by].astype(str).map(code).to_numpy()
    game, place = frame["game"].to_numpy(), frame["place"].to_numpy()
    if not add_above_by_seat(counts, game, place, entity, deal_index):
        add_above_merged(counts, game, place, entity, deal_index)
    return names, deals, counts


def add_above_by_seat(counts, game, place, entity, deal) -> bool:
    """Count every (winner above loser) pair of a game into counts[deal, winner, loser], the
    games taken as rows of equal length (one column per seat: a few array operations instead
    of a join). False, counting nothing, when the games have different numbers of rows."""
    order = np.argsort(game, kind="stable")
    starts = np.flatnonzero(np.r_[True, game[order][1:] != game[order][:-1]])
    sizes = np.diff(np.r_[starts, len(order)])
    if len(sizes) == 0 or np.any(sizes != sizes[0]):
        return len(sizes) == 0
    width = int(sizes[0])
    rows = order.reshape(-1, width)
    for a in range(width):
        for b in range(width):
            if a != b:
                above = place[rows[:, a]] < place[rows[:, b]]
                win, lose = rows[above, a], rows[above, b]
                np.add.at(counts, (deal[win], entity[win], entity[lose]), 1.0)
    return True


def add_above_merged(counts, game, place, entity, deal) -> None:
    """add_above_by_seat for games of any numbers of rows: every pair of rows of a game, by a
    join of the rows with themselves."""
    left = pd.DataFrame({"game": game, "place": place, "e": entity, "d": deal})
    both = left.merge(left, on="game", suffixes=("_w", "_l"))
    above = both[both["place_w"] < both["place_l"]]
    np.add.at(counts, (above["d_w"].to_numpy(), above["e_w"].to_numpy(), above["e_l"].to_numpy()), 1.0)


def strata_of(deals: np.ndarray) -> list[tuple[int, int]]:
    """(first index, size) of each cell's deals in the sorted deal keys ("cell/deal")."""
    cells = np.array([str(d).rsplit("/", 1)[0] for d in deals])
    starts = np.flatnonzero(np.r_[True, cells[1:] != cells[:-1]])
    sizes = np.diff(np.r_[starts, len(cells)])
    return list(zip(starts.tolist(), sizes.tolist(), strict=True))


def deal_patterns(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a cell's per-deal counts and how often each occurs. Rows hold small
    whole numbers, mostly zeros: the columns used in the cell are read as the digits of one
    integer (a fast exact key) when it fits in 63 bits, else numpy's row-wise unique."""
    used = np.flatnonzero(rows.any(axis=0))
    small = rows[:, used].astype(np.int64)
    base = int(small.max()) + 1 if small.size else 1
    if len(used) * np.log2(max(base, 2)) < 62:
        keys = small @ (base ** np.arange(len(used), dtype=np.int64))
        _, first, freq = np.unique(keys, return_index=True, return_counts=True)
        return rows[first], freq
    return np.unique(rows, axis=0, return_counts=True)


def fit(comparisons: np.ndarray) -> np.ndarray:
    """Log-strengths (mean 0) from a K x K matrix of counts (row beat column): Bradley–Terry's
    maximum likelihood (emr_sim.analysis.bt_newton, as the matrix's ratings); NaN when no
    finite fit exists (an entity that never won or never lost, or no convergence)."""
    wins, played = comparisons.sum(axis=1), comparisons.sum(axis=1) + comparisons.sum(axis=0)
    if np.any(wins == 0) or np.any(wins == played):
        return np.full(len(comparisons), np.nan)
    i, j = np.nonzero(np.triu(comparisons + comparisons.T, 1))
    s = newton_strengths(i, j, comparisons[i, j], comparisons[j, i], len(comparisons), STEP_TOL, NEWTON_STEPS)
    return np.full(len(comparisons), np.nan) if s is None else s


def plackett_luce(
    seats: pd.DataFrame, by: str = "entity", resamples: int = RESAMPLES, seed: int = BOOT_SEED
) -> pd.DataFrame:
    """One row per entity of `by`, strongest first: `strength` (log scale, mean 0), `rating`
    on the Elo scale with `rating_low`, `rating_high` (95 % percentile interval of `resamples`
    resamples of the deals, seeded: the same frame gives the same interval), `se`, `games`,
    and `rank`. A ValueError when the fit does not exist (an entity that won or lost every
    comparison)."""
    names, _deals, counts = pair_counts(seats, by)
    if len(names) < 2:
        raise ValueError(f"a rating needs two {by}s or more; the frame has {len(names)}")
    total = counts.sum(axis=0)
    strength = fit(total)
    if np.isnan(strength).any():
        raise ValueError(f"no finite fit: a {by} won or lost every comparison")
    rng = np.random.default_rng(seed)
    flat = counts.reshape(len(counts), -1)
    # each cell's deals are resampled within it (cells are runs of their own); a deal's counts
    # are one of few patterns, so a resample of a cell is one multinomial draw over its patterns
    strata = []
    for start, size in strata_of(_deals):
        patterns, freq = deal_patterns(flat[start : start + size])
        strata.append((patterns, freq / size, size))
    boots = []
    for _ in range(resamples):
        summed = sum(rng.multinomial(size, p) @ patterns for patterns, p, size in strata)
        boots.append(fit(np.asarray(summed, dtype=float).reshape(total.shape)))
    boot = np.array(boots) if boots else np.full((0, len(names)), np.nan)
    ok = boot[~np.isnan(boot).any(axis=1)]
    low, high = (
        np.percentile(ok, q, axis=0) if len(ok) else np.full(len(names), np.nan) for q in (2.5, 97.5)
    )
    games = seats[seats[by].astype(str) != ""].groupby(by, observed=True)["game"].nunique()
    out = pd.DataFrame(
        {
            by: names,
            "games": [int(games.get(n, 0)) for n in names],
            "strength": strength,
            "se": ok.std(axis=0, ddof=1) if len(ok) > 1 else np.nan,
            "rating": ELO * strength,
            "rating_low": ELO * low,
            "rating_high": ELO * high,
            "resamples": len(ok),
        }
    )
    out = out.sort_values("strength", ascending=False, ignore_index=True)
    out["rank"] = np.arange(1, len(out) + 1)
    return out
