"""The random-legal player: a uniform choice among the legal actions."""

from emr_sim.jit import njit_inline
from emr_sim.rng import below


@njit_inline
def choose_random(legal, n, prng):
    return legal[below(prng, 0, n)]
