"""Zero-sum matrix games: the Nash equilibrium by linear programming, and for a symmetric game the
maximum-entropy Nash equilibrium and the Nash average (Balduzzi et al. 2018, "Re-evaluating
evaluation").

A symmetric zero-sum game is given by its antisymmetric payoff A (A = -A.T): the row player
picking i against the column player's j scores A[i, j]; its value is 0. The equilibria are the
mixes x of the polytope {x >= 0, sum x = 1, A.T x >= 0}. An estimated matrix almost always has
one equilibrium; ties (hand-made games, copies of a strategy) give a polytope, and its point of
maximum entropy is unique (entropy is strictly concave) and unmoved by adding a copy of a
strategy: the copies share the original's probability, and every other number stays.

Pure numpy/scipy: no pandas, nothing of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import linprog, minimize

TOL = 1e-9  # a payoff or probability within this of 0 is 0 (the LP solver's accuracy is ~1e-10)
SUPPORT = 1e-6  # a master is in the support when its equilibrium probability exceeds this
ANTISYMMETRY = 1e-9


@dataclass(frozen=True)
class MatrixGame:
    """The solution of a zero-sum matrix game M (row maximises x.T M y): its value and an
    optimal mix of each player."""

    value: float
    row: np.ndarray
    column: np.ndarray


def solve_matrix_game(M: np.ndarray) -> MatrixGame:
    """Value and optimal mixes of the zero-sum game M (rows maximise), by one linear program:
    max v subject to M.T x >= v, sum x = 1, x >= 0; the column player's optimal mix is the dual
    of the constraints M.T x >= v (HiGHS gives it)."""
    M = np.asarray(M, dtype=float)
    rows, cols = M.shape
    cost = np.r_[np.zeros(rows), -1.0]
    upper = np.c_[-M.T, np.ones(cols)]  # v - (M.T x)_j <= 0
    equal = np.r_[np.ones(rows), 0.0][None, :]
    bounds = [(0, None)] * rows + [(None, None)]
    res = linprog(
        cost, A_ub=upper, b_ub=np.zeros(cols), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs"
    )
    if res.status != 0:  # a bounded feasible LP: never expected
        raise ArithmeticError(f"the matrix game's linear program failed: {res.message}")
    row = _clean(res.x[:rows])
    column = _clean(-np.asarray(res.ineqlin.marginals, dtype=float))
    return MatrixGame(float(res.x[rows]), row, column)


def _clean(mix: np.ndarray) -> np.ndarray:
    """A mix with solver noise removed: tiny and negative entries 0, renormalised."""
    mix = np.where(mix > TOL, mix, 0.0)
    return mix / mix.sum()


def check_antisymmetric(A: np.ndarray) -> np.ndarray:
    A = np.asarray(A, dtype=float)
    if A.ndim != 2 or A.shape[0] != A.shape[1]:
        raise ValueError(f"a symmetric game needs a square payoff matrix, not shape {A.shape}")
    if not np.all(np.isfinite(A)):
        raise ValueError("the payoff matrix has a missing (NaN) or infinite entry")
    if np.abs(A + A.T).max() > ANTISYMMETRY:
        raise ValueError("the payoff matrix is not antisymmetric (A = -A.T): not a symmetric zero-sum game")
    return A


# ---------------------------------------------------------------- the symmetric game


@dataclass(frozen=True)
class Equilibrium:
    """The maximum-entropy Nash equilibrium of a symmetric zero-sum game A.

    mix: its probabilities; lp_mix: the vertex the linear program found (the same when unique);
    unique: whether the game has one equilibrium; values: the Nash average A @ mix, each
    strategy's payoff against the equilibrium mix (0 on the support, below 0 off it)."""

    mix: np.ndarray
    lp_mix: np.ndarray
    unique: bool

    def values(self, A: np.ndarray) -> np.ndarray:
        return np.asarray(A, dtype=float) @ self.mix

    @property
    def support(self) -> np.ndarray:
        return self.mix > SUPPORT


def nash(A: np.ndarray, support: np.ndarray | None = None) -> Equilibrium:
    """The maximum-entropy Nash equilibrium of the symmetric zero-sum game A (antisymmetric).

    One LP finds an equilibrium x0 (or, given a guess of its `support`, a linear solve on it
    whose result is checked to be an equilibrium: the bootstrap's resamples mostly keep the
    point estimate's support, and this is 20 times faster). Complementary slackness bounds
    every other equilibrium x: x is 0 where x0's payoff is strictly positive (x lives on the set
    T0 of tight columns), and x's payoff is exactly 0 on x0's support S0. When these equations
    have one solution, the equilibrium is unique (the generic case, and almost every bootstrap
    resample). Otherwise the polytope of equilibria is searched: its support by one LP per
    candidate strategy, then the entropy maximised over it (SLSQP from an interior point)."""
    A = check_antisymmetric(A)
    x0 = _on_support(A, support) if support is not None else None
    if x0 is None:
        x0 = solve_matrix_game(A).row
    tight = A.T @ x0 <= TOL
    on = x0 > TOL
    equations = np.vstack([A[np.ix_(tight, on)].T, np.ones((1, int(tight.sum())))])
    if np.linalg.matrix_rank(equations, tol=1e-10) == int(tight.sum()):
        return Equilibrium(x0, x0, True)
    return Equilibrium(_max_entropy(A, x0, tight, on), x0, False)


def _on_support(A: np.ndarray, support: np.ndarray) -> np.ndarray | None:
    """The equilibrium with exactly this support, when the game has one (else None): the mix
    on it that makes every strategy of the support score 0, checked to be positive there and
    to leave every strategy a payoff of at least 0."""
    on = np.flatnonzero(support)
    if len(on) == 0:
        return None
    system = np.vstack([A[np.ix_(on, on)].T, np.ones((1, len(on)))])
    rhs = np.r_[np.zeros(len(on)), 1.0]
    mix, *_ = np.linalg.lstsq(system, rhs, rcond=None)
    if np.abs(system @ mix - rhs).max() > TOL or mix.min() <= TOL:
        return None
    x = np.zeros(A.shape[0])
    x[on] = mix
    return x if (A.T @ x).min() >= -TOL else None


def _max_entropy(A: np.ndarray, x0: np.ndarray, tight: np.ndarray, on: np.ndarray) -> np.ndarray:
    n = len(x0)
    cand = np.flatnonzero(tight)
    points = [x0]
    for i in map(int, cand):
        if on[i]:
            continue
        best = _extreme(A, tight, on, i)
        if best[i] > TOL:
            points.append(best)
    start = np.mean(points, axis=0)
    keep = np.flatnonzero(start > TOL)  # the union of the equilibria's supports
    if len(keep) == 1:
        return start
    Ak = A[keep]  # payoffs of the kept strategies (rows) against every column
    cons = [
        {"type": "eq", "fun": lambda y: np.array([y.sum() - 1.0]), "jac": lambda y: np.ones((1, len(y)))},
        {"type": "ineq", "fun": lambda y: Ak.T @ y, "jac": lambda y: Ak.T},
    ]
    res = minimize(
        lambda y: float(np.sum(y * np.log(y))),
        start[keep],
        jac=lambda y: np.log(y) + 1.0,
        bounds=[(1e-15, 1.0)] * len(keep),
        constraints=cons,
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 500},
    )
    out = np.zeros(n)
    out[keep] = np.clip(res.x, 0.0, None) if res.success else start[keep]
    return out / out.sum()


def _extreme(A: np.ndarray, tight: np.ndarray, on: np.ndarray, i: int) -> np.ndarray:
    """The equilibrium with the most probability on strategy i (an LP over the polytope)."""
    n = A.shape[0]
    cost = np.zeros(n)
    cost[i] = -1.0
    equal = np.vstack([np.ones(n), A[:, on].T])
    b_eq = np.r_[1.0, np.zeros(int(on.sum()))]
    bounds = [(0, None) if tight[k] else (0, 0) for k in range(n)]
    zero = np.zeros(n)
    res = linprog(cost, A_ub=-A.T, b_ub=zero, A_eq=equal, b_eq=b_eq, bounds=bounds, method="highs")
    return res.x if res.status == 0 else np.zeros(n)
