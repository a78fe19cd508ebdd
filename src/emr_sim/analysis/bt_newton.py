"""Bradley–Terry's maximum likelihood by Newton–Raphson, shared by the matrix's ratings
(emr_sim.analysis.ratings) and the rating of tables of any size (emr_sim.analysis.table_rating).
numpy only, so a table summary loads nothing heavier."""

from __future__ import annotations

import numpy as np


def newton_strengths(
    i: np.ndarray, j: np.ndarray, wins_i: np.ndarray, wins_j: np.ndarray, k: int, tol: float, max_iter: int
) -> np.ndarray | None:
    """Strengths s (sum 0) of k players from games between i[c] and j[c] (wins_i[c] won by i[c],
    wins_j[c] by j[c]); P(i beats j) = 1 / (1 + exp(-(s_i - s_j))). Newton–Raphson from s = 0;
    the log-likelihood is concave, so it converges when the maximum is finite. None when it
    has not converged in max_iter steps."""
    n = wins_i + wins_j
    s = np.zeros(k)
    for _ in range(max_iter):
        p = 1 / (1 + np.exp(-(s[i] - s[j])))
        resid = wins_i - n * p  # d loglik / d (s_i - s_j) per pairing
        grad = np.bincount(i, resid, k) - np.bincount(j, resid, k)
        step = np.linalg.pinv(information(i, j, n * p * (1 - p), k)) @ grad
        s = s + step
        s -= s.mean()
        if np.max(np.abs(step)) < tol:
            return s
    return None


def information(i: np.ndarray, j: np.ndarray, weight: np.ndarray, k: int) -> np.ndarray:
    """Fisher information sum_pairings w (e_i - e_j)(e_i - e_j)^T: a weighted graph Laplacian."""
    info = np.zeros((k, k))
    np.add.at(info, (i, i), weight)
    np.add.at(info, (j, j), weight)
    np.add.at(info, (i, j), -weight)
    np.add.at(info, (j, i), -weight)
    return info
