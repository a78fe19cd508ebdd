"""The decision of a generic player, by its kind (players/kinds.py)."""

from emr_sim import kernel_contract as K
from emr_sim.jit import njit_inline
from emr_sim.players.greedy import choose_greedy
from emr_sim.players.ismcts import search_choice
from emr_sim.players.kinds import OWN_KINDS, PLAYER_GREEDY, PLAYER_ISMCTS
from emr_sim.players.random_player import choose_random


@njit_inline
def decide(G, S, seat, kind, params, obs, legal, n, rng, work, search):
    """The action of the player of `seat` (kind, its parameter row) among legal[:n]. A player
    that reads the position reads only obs, its seat's observation (contract `observe`).
    search: the search's buffers (players/ismcts.py), None in a loop without a search player."""
    if kind >= OWN_KINDS:  # the game's own player: from its observation
        K.observe(G, S, seat, obs)
        return K.own_player(G, S, obs, seat, kind - OWN_KINDS, params, legal, n, rng, work)
    if kind == PLAYER_GREEDY:
        K.observe(G, S, seat, obs)
        return choose_greedy(G, obs, seat, legal, n, work, rng)
    if kind == PLAYER_ISMCTS:
        K.observe(G, S, seat, obs)
        return search_choice(G, obs, seat, params, legal, n, rng, search)
    return choose_random(legal, n, rng)
