"""A draft of masters, solved exactly: each player bans one master at the same time, then the first
picker picks a master and the second, knowing it, picks another (R-OPT-HERO: the second may not
take the first's master).

Q[i, j] is the first picker's score with master i against master j. The pick stage is a max-min:
after the bans, the first picker's value is max over its masters i of min over the second's
masters j != i of Q[i, j]. The ban stage is a simultaneous zero-sum game whose entry [a, b] is
that value when the first picker bans a and the second bans b: a matrix game, solved by linear
programming (emr_sim.analysis.nash.solve_matrix_game).

Which masters a ban takes away (BANS):
    both      a banned master is out of the draft for both players (the two bans may be the same
              master: then only it is out);
    opponent  a ban takes the master away from the other player only (each may still pick the
              master it banned).

Pure numpy: no pandas, nothing of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim.analysis.nash import MatrixGame, solve_matrix_game

BOTH, OPPONENT = "both", "opponent"
BANS = (BOTH, OPPONENT)
MIN_MASTERS = {BOTH: 4, OPPONENT: 3}  # fewest masters that always leave both pickers a choice


@dataclass(frozen=True)
class Draft:
    """The solved draft: value = the first picker's score (the second's is 1 - value), the ban
    game's optimal mixes (ban_first[a]: probability that the first picker bans master a), the ban
    game (stage[a, b]: the first picker's value after bans a, b), and the pick stage without bans
    (counter[i]: the second picker's best answer to i, worst[i]: the first picker's score then)."""

    value: float
    ban_first: np.ndarray
    ban_second: np.ndarray
    stage: np.ndarray
    counter: np.ndarray
    worst: np.ndarray
    open_value: float  # the pick stage with nothing banned

    @property
    def open_pick(self) -> int:
        return int(np.argmax(self.worst))


def check_draft(n: int, bans: str) -> None:
    if bans not in BANS:
        raise ValueError(f"unknown ban rule {bans!r}; known: {', '.join(BANS)}")
    if n < MIN_MASTERS[bans]:
        raise ValueError(
            f"a draft with bans={bans} needs at least {MIN_MASTERS[bans]} masters (the second picker "
            f"must have a master left), not {n}"
        )


def pools(n: int, bans: str) -> tuple[np.ndarray, np.ndarray]:
    """(first, second): first[a, b, i] is True when the first picker may pick master i after the
    bans a (its own) and b (the second's); second[a, b, j] the same for the second picker."""
    a = np.arange(n)[:, None, None]
    b = np.arange(n)[None, :, None]
    k = np.arange(n)[None, None, :]
    if bans == BOTH:
        free = (k != a) & (k != b)
        return free, free
    return np.broadcast_to(k != b, (n, n, n)), np.broadcast_to(k != a, (n, n, n))


def pick_values(Q: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The pick stage's value for each pair of pools (leading axes of first, second): max over
    the first's masters i of min over the second's masters j != i of Q[i, j]."""
    n = Q.shape[0]
    allowed = second[..., None, :] & ~np.eye(n, dtype=bool)  # [..., i, j]: j open to the second after i
    answer = np.where(allowed, Q, np.inf).min(axis=-1)  # [..., i]
    return np.where(first, answer, -np.inf).max(axis=-1)


def solve_draft(Q: np.ndarray, bans: str = BOTH) -> Draft:
    """The draft of the first picker's score matrix Q (Q[i, j]: its score with i against j)."""
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    check_draft(n, bans)
    stage = pick_values(Q, *pools(n, bans))
    game: MatrixGame = solve_matrix_game(stage)
    counter, worst = counter_picks(Q)
    return Draft(game.value, game.row, game.column, stage, counter, worst, float(worst.max()))


def counter_picks(Q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """With nothing banned: each first pick's best answer (the lowest Q in its row, another
    master) and the first picker's score then."""
    others = np.where(np.eye(Q.shape[0], dtype=bool), np.inf, Q)
    return others.argmin(axis=1), others.min(axis=1)


def open_value(Q: np.ndarray) -> float:
    """The pick stage with nothing banned: max over i of min over j != i of Q[i, j]."""
    return float(counter_picks(np.asarray(Q, dtype=float))[1].max())


def draft_value(Q: np.ndarray, bans: str = BOTH) -> float:
    """The draft's value alone (the bootstrap's question): the ban game's saddle point when it
    has one (max-min = min-max of pure bans), else its LP."""
    Q = np.asarray(Q, dtype=float)
    n = Q.shape[0]
    check_draft(n, bans)
    stage = pick_values(Q, *pools(n, bans))
    low, high = stage.min(axis=1).max(), stage.max(axis=0).min()
    return float(low) if low == high else solve_matrix_game(stage).value
