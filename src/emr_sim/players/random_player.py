"""The random-legal player: a uniform choice among the legal actions."""

from emr_sim.jit import njit
from emr_sim.rng import below


@njit
def choose_random(legal, n, prng):
    return legal[below(prng, 0, n)]
