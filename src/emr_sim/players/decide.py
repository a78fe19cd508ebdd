"""The decision of a generic player, by its kind (players/kinds.py)."""

from emr_sim import kernel_contract as K
from emr_sim.jit import njit_inline
from emr_sim.players.kinds import OWN_KINDS, PLAYER_RANDOM
from emr_sim.players.random_player import choose_random


@njit_inline
def decide(G, S, seat, kind, params, obs, legal, n, rng, work):
    """The action of the player of `seat` (kind, its parameter row) among legal[:n]. A player
    that reads the position reads only obs, its seat's observation (contract `observe`)."""
    if kind >= OWN_KINDS:  # the game's own player: from its observation
        K.observe(G, S, seat, obs)
        return K.own_player(G, S, obs, seat, kind - OWN_KINDS, params, legal, n, rng, work)
    if kind == PLAYER_RANDOM:
        return choose_random(legal, n, rng)
    return choose_random(legal, n, rng)  # no other generic kind yet: the Python side refuses them
