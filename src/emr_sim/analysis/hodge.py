"""The Hodge (Helmholtz) decomposition of an antisymmetric matrix on the complete graph: a
transitive part, the gradient of a rating, and a cyclic part (Jiang et al. 2011, "Statistical
ranking and combinatorial Hodge theory"; Balduzzi et al. 2018 use it on the payoff of a game).

A[i, j] = -A[j, i] is a flow on the edges of the complete graph of the masters. Its gradient part
is grad(r)[i, j] = r[i] - r[j] with r the least-squares rating (on the complete graph the row
mean of A, summing to 0); the remainder is cyclic (it sums to 0 around every master: no rating
explains any of it; on a complete graph it is all curl, made of triangles). The two parts are
orthogonal, so their squared Frobenius norms add up to A's: the transitive and cyclic shares.

Pure numpy: no pandas, nothing of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np


@dataclass(frozen=True)
class Hodge:
    ratings: np.ndarray  # r, sum 0: the least-squares fit A[i, j] ~ r[i] - r[j]
    gradient: np.ndarray  # r[i] - r[j]
    cyclic: np.ndarray  # A - gradient

    @property
    def norm2(self) -> float:
        return float(np.sum(self.gradient**2) + np.sum(self.cyclic**2))

    @property
    def cyclic_share(self) -> float:
        """|cyclic|^2 / |A|^2 (NaN for A = 0)."""
        total = self.norm2
        return float(np.sum(self.cyclic**2) / total) if total > 0 else float("nan")

    @property
    def transitive_share(self) -> float:
        total = self.norm2
        return float(np.sum(self.gradient**2) / total) if total > 0 else float("nan")


def hodge(A: np.ndarray) -> Hodge:
    """The decomposition of the antisymmetric matrix A (n x n, every entry present)."""
    A = np.asarray(A, dtype=float)
    ratings = A.mean(axis=1)  # the normal equations of min sum (A_ij - r_i + r_j)^2 on K_n
    gradient = ratings[:, None] - ratings[None, :]
    return Hodge(ratings, gradient, A - gradient)


def cyclic_noise(variances: np.ndarray) -> float:
    """The squared Frobenius norm that independent noise of the given per-entry variances
    (variances[i, j] of the estimate of A[i, j], i != j, symmetric) puts into the cyclic part on
    average: each edge keeps 1 - 2 / n of its variance (its leverage in the least-squares rating
    is (n - 1) / (n (n - 1) / 2) = 2 / n on the complete graph), counted on both sides of the
    diagonal as the Frobenius norm does."""
    v = np.asarray(variances, dtype=float)
    n = v.shape[0]
    off = ~np.eye(n, dtype=bool)
    return float(np.sum(v[off]) * (1 - 2 / n))


def triangles(n: int) -> list[tuple[int, int, int]]:
    """Every triple i < j < k of n masters."""
    return list(combinations(range(n), 3))


def curls(A: np.ndarray, triples: list[tuple[int, int, int]]) -> np.ndarray:
    """A[i, j] + A[j, k] + A[k, i] of each triple (the flow around i -> j -> k -> i; a gradient's
    is 0, so it measures the triangle's cycle; negative: the cycle runs i -> k -> j -> i).
    A may carry leading axes (a stack of resampled matrices)."""
    A = np.asarray(A, dtype=float)
    idx = np.array(triples, dtype=np.intp).reshape(-1, 3)
    i, j, k = idx[:, 0], idx[:, 1], idx[:, 2]
    return A[..., i, j] + A[..., j, k] + A[..., k, i]


def cyclic_direction(A: np.ndarray, triple: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """The triangle as a cycle a -> b -> c -> a (each beats the next: A > 0 along it), or None
    when the three results are transitive (or tied)."""
    i, j, k = triple
    if A[i, j] > 0 and A[j, k] > 0 and A[k, i] > 0:
        return (i, j, k)
    if A[i, k] > 0 and A[k, j] > 0 and A[j, i] > 0:
        return (i, k, j)
    return None
