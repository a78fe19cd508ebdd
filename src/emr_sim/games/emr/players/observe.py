"""What a seat may know (D-HIDDEN): the state with the hidden parts masked.

An observation has the state's layout, so the rules' own board functions
read it; the opponent's hand and set-aside cards, the draw pile's order and
the game's RNG are replaced by HIDDEN (their counts stay public).

observe writes the whole observation. observe_step writes the same observation into a
buffer that already holds one of an earlier position of the same game (either seat's; or
blank_observation's): only the header, the resolution and the player blocks are copied
whole, the piles by what changed in their counts (the rules keep a pile's slots past its
count empty, NO_CARD, and the discard pile grows at its end until a reshuffle empties it).
"""

from emr_sim.games.emr.codes import (
    DISC,
    DISC_N,
    DRAW,
    DRAW_N,
    H_RESHUFFLES,
    HIDDEN,
    MAX_CARDS,
    NO_CARD,
    P_ASIDE,
    P_ASIDE_N,
    P_HAND,
    P_HAND_N,
    RNG,
    RNG_WORDS,
    STATE_SIZE,
)
from emr_sim.games.emr.rules.core import pb
from emr_sim.jit import njit, njit_inline


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


@njit_inline
def observe_step(S, seat, obs):
    """observe(S, seat, obs) for an obs that holds an observation of an earlier position of
    this game (or blank_observation's): the same array, less copying."""
    draw_before = obs[DRAW_N]
    disc_before = obs[DISC_N]
    reshuffled = obs[H_RESHUFFLES] != S[H_RESHUFFLES]
    for k in range(DRAW_N):  # header, resolution, both player blocks
        obs[k] = S[k]
    other = pb(1 - seat)
    for k in range(S[other + P_HAND_N]):
        obs[other + P_HAND + k] = HIDDEN
    for k in range(S[other + P_ASIDE_N]):
        obs[other + P_ASIDE + k] = HIDDEN
    draw_now = S[DRAW_N]
    for k in range(draw_now, draw_before):  # drawn: the slots are empty now
        obs[DRAW + k] = NO_CARD
    for k in range(draw_before, draw_now):  # a reshuffle filled the pile
        obs[DRAW + k] = HIDDEN
    obs[DRAW_N] = draw_now
    disc_now = S[DISC_N]
    first = 0 if reshuffled or disc_now < disc_before else disc_before
    for k in range(first, max(disc_now, disc_before)):
        obs[DISC + k] = S[DISC + k]
    obs[DISC_N] = disc_now


@njit
def blank_observation(obs):
    """An observation of empty piles, for observe_step's first position."""
    for k in range(STATE_SIZE):
        obs[k] = 0
    for k in range(MAX_CARDS):
        obs[DRAW + k] = NO_CARD
        obs[DISC + k] = NO_CARD
