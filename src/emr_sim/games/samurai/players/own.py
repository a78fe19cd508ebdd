"""Samurai Sword's own players (Game.own_players, kernel_contract.own_player), by index:

0 belief   the rule-based policy with a belief over the roles from the public record
1 oracle   the same policy knowing every role: the reference player, reading the state
           by design (exempt from the hidden-information swap test)
2 guess    the same policy with a random guess of the roles, consistent with the counts
"""

from emr_sim.games.samurai.players.belief import believe, guess, know
from emr_sim.games.samurai.players.policy import decide
from emr_sim.games.samurai.rules import layout as L
from emr_sim.jit import njit

ORACLE = 1  # (0: belief)
GUESS = 2
OWN_PLAYERS = ("belief", "oracle", "guess")


@njit
def own_player(G, S, obs, seat, kind, params, legal, n, rng, work):
    """The action of the game's own player `kind` for `seat`, from obs (its observation);
    the oracle alone reads S's roles."""
    F = G[6]
    if obs[L.H_PHASE] == L.PH_PLAY:  # beliefs matter only where a card is aimed
        if kind == ORACLE:
            know(S, F)
        elif kind == GUESS:
            guess(G, obs, seat, F, rng)
        else:  # BELIEF
            believe(G, obs, seat, F)
    return decide(G, obs, seat, F, legal, n)
