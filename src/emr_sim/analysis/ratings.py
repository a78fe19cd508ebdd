"""One number per hero from a cells frame: the field mean and Bradley–Terry ratings."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from emr_sim.analysis.bt_newton import information, newton_strengths
from emr_sim.analysis.cells import oriented
from emr_sim.games.emr import codes as C
from emr_sim.stats import Z95

ELO = 400 / math.log(10)  # Elo points per unit of log-odds


def _without_mirrors(cells: pd.DataFrame) -> pd.DataFrame:
    return cells[(cells["hero_a"].astype(str) != cells["hero_b"].astype(str)).to_numpy()]


def field_means(cells: pd.DataFrame) -> pd.DataFrame:
    """Each hero against the field: one row per hero (index `hero`), best first.

    Columns: opponents (cells the hero played, mirrors excluded), games, win_rate = the
    unweighted mean of its win rates against its opponents (each opponent counts the same,
    whatever the cell sizes), ci_low, ci_high = 95 % normal interval with
    var = sum over its cells of p (1 - p) / n, divided by opponents^2 (clipped to [0, 1]),
    rank (1 = best).

    Caveat: the cells are independent runs, but a cell's variance p (1 - p) / n treats its
    games as independent; within a pair outcomes are negatively correlated on real runs, so
    the interval is somewhat conservative. The normal approximation is poor for a cell
    near 0 or 1 with few games (its variance estimate is then near 0). Heroes with a
    different set of opponents (an incomplete matrix) are not comparable.
    """
    sides = oriented(_without_mirrors(cells))
    sides = sides.assign(var=sides["win_rate"] * (1 - sides["win_rate"]) / sides["games"])
    grouped = sides.groupby("hero", observed=True)
    out = grouped.agg(
        opponents=("opponent", "size"),
        games=("games", "sum"),
        win_rate=("win_rate", "mean"),
        var=("var", "sum"),
    )
    se = np.sqrt(out["var"]) / out["opponents"]
    out["ci_low"] = (out["win_rate"] - Z95 * se).clip(0, 1)
    out["ci_high"] = (out["win_rate"] + Z95 * se).clip(0, 1)
    out = out.drop(columns="var").sort_values("win_rate", ascending=False, kind="stable")
    out["rank"] = np.arange(1, len(out) + 1)
    out.index = pd.Index(out.index.astype(str), name="hero")
    return out


def fit_bradley_terry(cells: pd.DataFrame, tol: float = 1e-10, max_iter: int = 100):
    """Maximum-likelihood Bradley–Terry strengths from the decided games of a cells frame.

    Model: P(i beats j) = 1 / (1 + exp(-(s_i - s_j))), s centred to sum 0. Returns
    (heroes, strengths, covariance) with covariance = the Moore–Penrose pseudo-inverse of
    the Fisher information at the optimum, which is the covariance of the centred
    estimate (the information is singular only along the all-ones direction). Newton–Raphson
    from s = 0; the log-likelihood is concave, so it converges when the maximum is finite.
    """
    cells = _without_mirrors(cells)
    heroes = [
        h for h in C.HERO_NAMES if h in set(cells["hero_a"].astype(str)) | set(cells["hero_b"].astype(str))
    ]
    k = len(heroes)
    if k < 2:
        raise ValueError("Bradley–Terry needs cells of at least two distinct heroes")
    index = {h: n for n, h in enumerate(heroes)}
    i = np.array([index[h] for h in cells["hero_a"].astype(str)], dtype=np.int64)
    j = np.array([index[h] for h in cells["hero_b"].astype(str)], dtype=np.int64)
    wins_i = cells["wins_a"].to_numpy(dtype=float)
    wins_j = cells["wins_b"].to_numpy(dtype=float)
    n = wins_i + wins_j
    _check_finite(heroes, i, j, wins_i, wins_j)
    s = newton_strengths(i, j, wins_i, wins_j, k, tol, max_iter)
    if s is None:
        raise ValueError(f"Bradley–Terry: Newton–Raphson did not converge in {max_iter} iterations")
    p = 1 / (1 + np.exp(-(s[i] - s[j])))
    cov = np.linalg.pinv(information(i, j, n * p * (1 - p), k))
    return heroes, s, cov


def _check_finite(heroes, i, j, wins_i, wins_j) -> None:
    """The maximum is finite iff every hero is reachable from every other along "beat at
    least once" edges (the beat graph is strongly connected, Zermelo 1929 / Ford 1957)."""
    k = len(heroes)
    src = np.concatenate([i[wins_i > 0], j[wins_j > 0]])
    dst = np.concatenate([j[wins_i > 0], i[wins_j > 0]])
    beat = coo_matrix((np.ones(len(src)), (src, dst)), shape=(k, k))
    n_weak, _ = connected_components(beat, directed=True, connection="weak")
    if n_weak > 1:
        raise ValueError("Bradley–Terry: the heroes are not all connected by decided games")
    n_strong, label = connected_components(beat, directed=True, connection="strong")
    if n_strong > 1:
        groups = [sorted(heroes[h] for h in range(k) if label[h] == c) for c in range(n_strong)]
        raise ValueError(
            "Bradley–Terry: no finite maximum: some heroes won (or lost) every decided game against the "
            f"rest; groups: {groups}"
        )


def bradley_terry(cells: pd.DataFrame) -> pd.DataFrame:
    """Bradley–Terry ratings: one row per hero (index `hero`), strongest first.

    Columns: games (decided games), strength = log-odds strength, centred to mean 0 over
    the heroes; se = its standard error (Fisher information of the centred fit);
    rating, rating_low, rating_high = strength and its 95 % normal interval on the Elo scale
    (400 / ln 10 points per unit of log-odds, 0 = the average hero: +100 means a 64 %
    expected score against the average); expected = 1 / (1 + exp(-strength)), the expected
    win rate against an opponent of average strength; expected_field = the model's mean
    win rate against the other heroes (compare with field_means' win_rate); rank (1 = best).
    The covariance of the strengths is in `.attrs["covariance"]` (a hero x hero frame), for
    intervals of a difference: var(s_i - s_j) = c_ii + c_jj - 2 c_ij.

    Maximum likelihood on the decided games of every cell (draws and mirror cells are left
    out). Caveat: the model assumes one strength per hero (no rock-paper-scissors); check
    it against the matrix: a cell far from the model's prediction is a matchup effect.
    Games are treated as independent (conservative within pairs, see cell_table).
    Raises ValueError when the heroes are not connected or a hero won or lost everything.
    """
    heroes, s, cov = fit_bradley_terry(cells)
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    decided = oriented(_without_mirrors(cells)).groupby("hero", observed=True)[["wins", "losses"]].sum()
    decided.index = decided.index.astype(str)
    diff = s[:, None] - s[None, :]
    field = 1 / (1 + np.exp(-diff))
    np.fill_diagonal(field, np.nan)
    out = pd.DataFrame(
        {
            "games": (decided["wins"] + decided["losses"]).reindex(heroes).to_numpy(),
            "strength": s,
            "se": se,
            "rating": ELO * s,
            "rating_low": ELO * (s - Z95 * se),
            "rating_high": ELO * (s + Z95 * se),
            "expected": 1 / (1 + np.exp(-s)),
            "expected_field": np.nanmean(field, axis=1),
        },
        index=pd.Index(heroes, name="hero"),
    )
    out = out.sort_values("strength", ascending=False, kind="stable")
    out["rank"] = np.arange(1, len(out) + 1)
    out.attrs["covariance"] = pd.DataFrame(cov, index=heroes, columns=heroes)
    return out


__all__ = ["ELO", "bradley_terry", "field_means", "fit_bradley_terry"]
