"""What a seat may know (D-HIDDEN): the state with the hidden parts masked.

An observation has the state's layout, so the rules' own board functions
read it; the opponent's hand and set-aside cards, the draw pile's order and
the game's RNG are replaced by HIDDEN (their counts stay public).
"""

from emr_sim.codes import (
    DRAW,
    DRAW_N,
    HIDDEN,
    P_ASIDE,
    P_ASIDE_N,
    P_HAND,
    P_HAND_N,
    RNG,
    RNG_WORDS,
    STATE_SIZE,
)
from emr_sim.jit import njit_inline
from emr_sim.rules.core import pb


@njit_inline
def observe(S, seat, obs):
    """Write seat's observation of S into obs."""
    for k in range(STATE_SIZE):
        obs[k] = S[k]
    other = pb(1 - seat)
    for k in range(S[other + P_HAND_N]):
        obs[other + P_HAND + k] = HIDDEN
    for k in range(S[other + P_ASIDE_N]):
        obs[other + P_ASIDE + k] = HIDDEN
    for k in range(S[DRAW_N]):
        obs[DRAW + k] = HIDDEN
    for k in range(RNG_WORDS):
        obs[RNG + k] = 0
