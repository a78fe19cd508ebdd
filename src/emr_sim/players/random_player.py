"""The generic random player: a uniform choice among the legal actions, from its own stream."""

from emr_sim.jit import njit
from emr_sim.rng import below


@njit
def choose_random(legal, n, rng):
    """One of legal[:n], uniformly, drawn from the generator words rng[0:4]."""
    return legal[below(rng, 0, n)]
