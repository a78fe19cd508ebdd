"""8 Masters' Revenge behind the game contract (emr_sim.kernel_contract): its rules kernels as
the contract's operations, so that the generic loops and players play it as any game.

G = (tag, T, O, ev, seen, unseen): the card table and rules options, then one loop's scratch
(the rules' event buffer, emptied after each step, and the determinisation's card lists).
The entities of the seating are masters (codes.HERO_*, NO_HERO with fury off). 8MR's own
loops (loops/engine.py, loops/pairs.py) stay its fast path; a generic two-seat table plays
the same games as its seat-swapped pairs (tests/games/test_conformance.py).
"""

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.games.emr.codes import (
    A_PASS,
    DK_NONE,
    DRAWN_GAME,
    EV_SIZE,
    H_DECIDER,
    H_FIRST,
    H_PHASE,
    H_TURN,
    H_WINNER,
    MAX_EVENTS,
    MAX_SHOT,
    P_HEALTH,
)
from emr_sim.games.emr.players.determinise import determinise as deal_hidden
from emr_sim.games.emr.players.determinise import unseen_cards
from emr_sim.games.emr.players.observe import observe as observe_seat
from emr_sim.games.emr.rules.core import pb
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit
from emr_sim.rng import below

NAME = "emr"
END_DECIDED = 0
END_TURN_CAP = 1  # D-DECKOUT's turn cap: a drawn game


@njit
def init(G, S, seed, index, seating):
    ev = G[3]
    ev[0, 0] = 0
    new_game(S, G[1], G[2], ev, seed, index, seating[0], seating[1])
    advance(S, G[1], G[2], ev)
    ev[0, 0] = 0


@njit
def legal(G, S, out):
    n = legal_actions(S, G[1], G[2], out)
    if n == 0:  # as the engine's decide: a pending decision without an action passes
        out[0] = A_PASS
        return 1
    return n


@njit
def apply(G, S, action):
    ev = G[3]
    apply_action(S, G[1], G[2], ev, action)
    ev[0, 0] = 0


@njit
def to_move(G, S):
    return K.NOBODY if S[H_PHASE] == DK_NONE else S[H_DECIDER]


@njit
def results(G, S, out):
    winner = S[H_WINNER]
    for s in range(2):
        won = winner == s
        out[s, K.RS_WIN] = 1 if won else 0
        out[s, K.RS_DRAW] = 1 if winner == DRAWN_GAME else 0
        out[s, K.RS_PLACE] = 0 if won or winner == DRAWN_GAME else 1
        out[s, K.RS_TEAM] = -1
        out[s, K.RS_POINTS] = S[pb(s) + P_HEALTH]


@njit
def record(G, S, out):
    out[K.GR_TURNS] = S[H_TURN]
    out[K.GR_FIRST] = S[H_FIRST]
    out[K.GR_END] = END_TURN_CAP if S[H_WINNER] == DRAWN_GAME else END_DECIDED


@njit
def observe(G, S, seat, obs):
    observe_seat(S, seat, obs)


@njit
def determinise(G, obs, seat, rng, S):
    """D-HIDDEN: the cards seat has not seen, dealt to the places it cannot see
    (players/determinise.py, as the search does)."""
    n = unseen_cards(obs, G[1], seat, G[4], G[5])
    deal_hidden(obs, seat, G[5], n, S, rng)


@njit
def health_share(S, seat):
    mine = max(S[pb(seat) + P_HEALTH], 0)
    theirs = max(S[pb(1 - seat) + P_HEALTH], 0)
    return 0.5 if mine + theirs == 0 else mine / (mine + theirs)


@njit
def seat_value(S, seat):
    """A finished game's result, else the seat's share of the health left."""
    if S[H_PHASE] == DK_NONE:
        if S[H_WINNER] == DRAWN_GAME:
            return 0.5
        return 1.0 if S[H_WINNER] == seat else 0.0
    return health_share(S, seat)


@njit
def evaluate(G, S, out):
    for s in range(2):
        out[s] = seat_value(S, s)


@njit
def action_value(G, obs, seat, action, work, rng):
    """The seat's value after `action` in one determinisation of its observation."""
    determinise(G, obs, seat, rng, work)
    apply(G, work, action)
    return seat_value(work, seat)


@njit
def rollout(G, S, legal, n, rng):
    return legal[below(rng, 0, n)]


def scratch():
    """A loop's scratch for G: the event buffer and the determinisation's card lists."""
    return (
        np.zeros((MAX_EVENTS + 1, EV_SIZE), dtype=np.int64),
        np.zeros(MAX_SHOT, dtype=np.int64),
        np.zeros(MAX_SHOT, dtype=np.int64),
    )


K.register(
    NAME,
    init=init,
    legal=legal,
    apply=apply,
    to_move=to_move,
    results=results,
    observe=observe,
    determinise=determinise,
    evaluate=evaluate,
    action_value=action_value,
    rollout=rollout,
    record=record,
)
