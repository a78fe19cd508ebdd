"""The generic greedy player: of the legal actions, the one of the highest value for its seat
after it is taken, as the game's action_value judges it from the seat's observation (chance by
the game's expectation or a few samples, the game's choice: kernel_contract.action_value)."""

from emr_sim import kernel_contract as K
from emr_sim.jit import njit_inline


@njit_inline
def choose_greedy(G, obs, seat, legal, n, work, rng):
    """The first of legal[:n] of the highest action_value for `seat`, from obs, its observation
    (work: scratch of at least the state's size; rng: the seat's stream, for a game whose
    action_value samples)."""
    if n == 1:
        return legal[0]
    best = 0
    best_value = -1.0
    for k in range(n):
        value = K.action_value(G, obs, seat, legal[k], work, rng)
        if value > best_value:
            best_value = value
            best = k
    return legal[best]
