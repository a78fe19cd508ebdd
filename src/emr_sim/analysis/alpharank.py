"""α-Rank of a symmetric two-player game, single population (Omidshafiei et al. 2019,
"α-Rank: Multi-Agent Evaluation by Evolution").

A population of m players all pick the same master s. Now and then one of them switches to
another master t (each of the n - 1 others equally likely); the switch takes over the whole
population with the fixation probability of a Moran process with Fermi selection of intensity α:

    rho(Δ) = (1 - exp(-α Δ)) / (1 - exp(-m α Δ)),   rho(0) = 1 / m,

where Δ = P[t, s] - P[s, t] is how much more the newcomer scores against a resident than the
resident against it (the pairwise "local selection" fitness: a player's fitness is its score
against the master it meets, as in the α-Rank paper's response-graph analysis and OpenSpiel's
default). The ranking is the stationary distribution of this Markov chain over the n
monomorphic populations: the share of time the population spends on each master.

As α grows, rho tends to 1 for a newcomer that scores better (Δ > 0), 1 / m for a tie and 0
for one that scores worse: the chain walks the response graph (s -> t when t beats s) and the
limit ranking is its stationary distribution, all of it on the graph's sink component.

Pure numpy: no pandas, nothing of the game.
"""

from __future__ import annotations

import numpy as np

ALPHA = 5.0  # selection intensity (per unit of score); see docs/meta.md for the choice
POPULATION = 50  # m


def fixation(delta: np.ndarray, alpha: float, population: int) -> np.ndarray:
    """rho(Δ) elementwise, computed without overflow for any α Δ (expm1 form; for Δ < 0 the
    same ratio with exp(-(m - 1) α |Δ|) taken out)."""
    with np.errstate(over="ignore"):  # a huge α m Δ is inf here, and exp(-inf) = 0 is the limit
        x = alpha * np.asarray(delta, dtype=float)
        m = population
        out = np.full(x.shape, 1.0 / m)
        pos, neg = x > 0, x < 0
        xp = x[pos]
        out[pos] = -np.expm1(-xp) / -np.expm1(-m * xp)
        y = -x[neg]  # y > 0: rho = exp(-(m - 1) y) (1 - exp(-y)) / (1 - exp(-m y))
        out[neg] = np.exp(-(m - 1) * y) * (-np.expm1(-y)) / (-np.expm1(-m * y))
    return out


def transitions(P: np.ndarray, alpha: float, population: int) -> np.ndarray:
    """The Markov chain over monomorphic populations: C[s, t] = rho(P[t, s] - P[s, t]) / (n - 1)
    for t != s, the rest of each row staying put."""
    P = np.asarray(P, dtype=float)
    n = P.shape[0]
    delta = P.T - P  # delta[s, t] = P[t, s] - P[s, t]
    C = fixation(delta, alpha, population) / (n - 1)
    return _with_diagonal(C)


def limit_transitions(P: np.ndarray, population: int = POPULATION) -> np.ndarray:
    """The chain as α -> infinity: to a master that scores better with probability 1 / (n - 1),
    to a tied one with 1 / (m (n - 1)), never to a worse one."""
    P = np.asarray(P, dtype=float)
    n = P.shape[0]
    delta = P.T - P
    C = np.where(delta > 0, 1.0, np.where(delta == 0, 1.0 / population, 0.0)) / (n - 1)
    return _with_diagonal(C)


def _with_diagonal(C: np.ndarray) -> np.ndarray:
    C = C.copy()
    np.fill_diagonal(C, 0.0)
    np.fill_diagonal(C, 1.0 - C.sum(axis=1))
    return C


def stationary(C: np.ndarray) -> np.ndarray:
    """The stationary distribution pi = pi C of a chain with one closed class (least squares on
    pi (C - I) = 0, sum pi = 1; exact for such a chain)."""
    n = C.shape[0]
    system = np.vstack([C.T - np.eye(n), np.ones((1, n))])
    rhs = np.r_[np.zeros(n), 1.0]
    pi = np.linalg.lstsq(system, rhs, rcond=None)[0]
    pi = np.clip(pi, 0.0, None)
    return pi / pi.sum()


def alpharank(P: np.ndarray, alpha: float = ALPHA, population: int = POPULATION) -> np.ndarray:
    """The α-Rank mass of each master of the score matrix P (P[i, j] = i's score against j,
    P + P.T = 1), at selection intensity alpha and population size m."""
    return stationary(transitions(P, alpha, population))


def alpharank_limit(P: np.ndarray, population: int = POPULATION) -> np.ndarray:
    """The α-Rank mass in the limit α -> infinity (the response graph's sink component)."""
    return stationary(limit_transitions(P, population))
