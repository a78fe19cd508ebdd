"""8 Masters' Revenge behind the game contract (emr_sim.kernel_contract): its rules kernels as
the contract's operations, so that the generic loops and players play it as any game.

G = (tag, T, O, ev, seen, unseen, gscratch, W): the card table and rules options, then one
loop's scratch (the rules' event buffer, emptied after each step, the determinisation's card
lists, the greedy's scratch) and the greedy's default vector of each master (W). The
evaluation and the rollout policy are those of the specialised search's default leaf
(games/emr/players/leaf.py: `leaf=greedy`): the rollout is the greedy of the decider's master,
the evaluation the greedy's board_eval mapped to a win chance by the search's fitted slope.
The entities of the seating are masters (codes.HERO_*, NO_HERO with fury off). 8MR's own
loops (loops/engine.py, loops/pairs.py) stay its fast path; a generic two-seat table plays
the same games as its seat-swapped pairs (tests/games/test_conformance.py).
"""

import math

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
from emr_sim.games.emr.players.evaluate import (
    DISC_EPOCH,
    MISC_ROW,
    board_eval,
    deck_totals,
    new_scratch,
    unseen_counts,
)
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.leaf import weight_row
from emr_sim.games.emr.players.observe import observe as observe_seat
from emr_sim.games.emr.players.params import WEIGHT_ROWS, default_vector
from emr_sim.games.emr.players.search_params import EVAL_SCALE
from emr_sim.games.emr.rules.core import pb
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit

NAME = "emr"
END_DECIDED = 0
END_TURN_CAP = 1  # D-DECKOUT's turn cap: a drawn game


@njit
def recount(G):
    """The greedy's scratch counts the discard pile afresh at its next use (it counts only the
    cards added since its last use while the pile grows: a new game, or a determinisation, may
    hold another pile)."""
    G[6][0][MISC_ROW, DISC_EPOCH] = -1.0


@njit
def init(G, S, seed, index, seating):
    recount(G)
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
    recount(G)


@njit
def result_value(S, seat):
    """A finished game's value for seat: 1 won, 0.5 drawn, 0 lost."""
    if S[H_WINNER] == DRAWN_GAME:
        return 0.5
    return 1.0 if S[H_WINNER] == seat else 0.0


@njit
def seat_eval(G, S, seat):
    """The greedy's board_eval of S for seat, the unseen cards counted from its side."""
    counts = G[6][0]
    unseen_counts(S, G[1], seat, counts)
    return board_eval(S, G[1], G[2], counts, seat, G[7][weight_row(S, seat)])


@njit
def first_seat_value(G, S):
    """Seat 0's win chance: a finished game's result, else the logistic of the search's fitted
    slope times the mean of seat 0's board_eval and the negated one of seat 1 (each from its
    own side), so that the two seats' values sum to 1."""
    if S[H_PHASE] == DK_NONE:
        return result_value(S, 0)
    x = EVAL_SCALE * 0.5 * (seat_eval(G, S, 0) - seat_eval(G, S, 1))
    return 1.0 / (1.0 + math.exp(-x))


@njit
def evaluate(G, S, out):
    out[0] = first_seat_value(G, S)
    out[1] = 1.0 - out[0]


@njit
def action_value(G, obs, seat, action, work, rng):
    """The seat's value after `action` in one determinisation of its observation. The greedy's
    scratch counts afresh after it: the caller goes on with another pile (a search's state)."""
    determinise(G, obs, seat, rng, work)
    apply(G, work, action)
    value = first_seat_value(G, work)
    recount(G)
    return value if seat == 0 else 1.0 - value


@njit
def rollout(G, S, legal, n, rng):
    """The specialised search's greedy rollout: the decider's greedy with its master's
    default vector, on the state itself (the greedy reads nothing its decider cannot see)."""
    q = S[H_DECIDER]
    return choose_greedy(S, G[1], G[2], q, legal, n, G[6], True, G[7][weight_row(S, q)])


def scratch(T) -> tuple:
    """A loop's scratch for G: the event buffer, the determinisation's card lists, the greedy's
    scratch (its deck totals counted for the card table T), the default vectors."""
    gscratch = new_scratch()
    deck_totals(T, gscratch[0])
    return (
        np.zeros((MAX_EVENTS + 1, EV_SIZE), dtype=np.int64),
        np.zeros(MAX_SHOT, dtype=np.int64),
        np.zeros(MAX_SHOT, dtype=np.int64),
        gscratch,
        np.tile(default_vector(), (WEIGHT_ROWS, 1)),
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
