"""How the search judges a position it reaches: a short rollout, then the greedy's
evaluation as a win probability (or the result, at the end of the game).

The rollout plays on the search's own determinisation and with the search's own greedy
scratch, never the real game's. A greedy rollout lets each player choose on that state
itself rather than on a copy masked to its observation: the greedy reads nothing its
decider cannot see (tests/games/emr/players/test_hidden.py checks that its choice on a state and on
the decider's observation of it are the same), so the copy would change nothing.
"""

import math

from emr_sim.games.emr.codes import (
    DK_NONE,
    DRAWN_GAME,
    H_DECIDER,
    H_HERO_MODE,
    H_PHASE,
    H_WINNER,
    P_HERO,
)
from emr_sim.games.emr.players.evaluate import (
    DISC_EPOCH,
    MISC_ROW,
    board_eval,
    restore_discards,
    unseen_counts,
)
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.params import ROW_NO_HERO
from emr_sim.games.emr.players.search_params import LEAF_RANDOM
from emr_sim.games.emr.rules.core import pb
from emr_sim.games.emr.rules.flow import apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.jit import njit, njit_inline
from emr_sim.rng import below

DRAW_VALUE = 0.5


@njit_inline
def weight_row(S, p):
    """The row of seat p's parameters: its master, or ROW_NO_HERO with fury off."""
    if S[H_HERO_MODE] == 0 or S[pb(p) + P_HERO] < 0:
        return ROW_NO_HERO
    return S[pb(p) + P_HERO]


@njit
def result_value(R, me):
    """The finished game's value for me: 1 won, 0 lost, DRAW_VALUE drawn."""
    w = R[H_WINNER]
    if w == DRAWN_GAME:
        return DRAW_VALUE
    return 1.0 if w == me else 0.0


@njit
def board_value(R, T, O, me, counts, W):
    """The greedy's board_eval of R for me, the unseen cards counted from my side only
    (R may be a full state or my observation: board_eval reads nothing I cannot see).
    counts: a greedy scratch's first array, its deck totals filled (deck_totals)."""
    counts[MISC_ROW, DISC_EPOCH] = -1.0  # another game's discard pile: count it afresh
    unseen_counts(R, T, me, counts)
    return board_eval(R, T, O, counts, me, W)


@njit_inline
def rollout(R, T, O, ev, legal, rng, gscratch, Wseat, leaf, depth):
    """Play up to `depth` decisions from R by the leaf policy: random, or both players
    greedy, each on the searcher's vector (Wseat, its seat's rows) of its master."""
    for _ in range(depth):
        if R[H_PHASE] == DK_NONE:
            return
        m = legal_actions(R, T, O, legal)
        if m <= 1:
            code = legal[0] if m == 1 else 0
        elif leaf == LEAF_RANDOM:
            code = legal[below(rng, 0, m)]
        else:
            q = R[H_DECIDER]
            code = choose_greedy(R, T, O, q, legal, m, gscratch, True, Wseat[weight_row(R, q)])
        apply_action(R, T, O, ev, code)


@njit_inline
def leaf_value(R, T, O, me, ev, legal, rng, gscratch, Wseat, leaf, depth, scale, bias):
    """The value for me of the position R: the result if the game is over, else the
    evaluation after the rollout. The scratch's discard counts start from the root's
    (evaluate.save_discards, in the search's setup): R's pile is the root's and what the
    tree and the rollout added to it."""
    counts = gscratch[0]
    restore_discards(counts)
    if leaf != 0:
        rollout(R, T, O, ev, legal, rng, gscratch, Wseat, leaf, depth)
    if R[H_PHASE] == DK_NONE:
        return result_value(R, me)
    unseen_counts(R, T, me, counts)
    x = scale * board_eval(R, T, O, counts, me, Wseat[weight_row(R, me)]) + bias
    return 1.0 / (1.0 + math.exp(-x))
