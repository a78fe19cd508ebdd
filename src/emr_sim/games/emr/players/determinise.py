"""Determinisation: a full game state drawn from what one seat observes (D-HIDDEN).

A search player sees only its observation (games/emr/players/observe.py), in which the opponent's
hand and set-aside cards, the draw pile's order and the game's RNG are masked. Each
iteration of the search plays on a state that fills those places with the cards the seat
has not seen, in a uniformly random arrangement, and gives the game a fresh RNG (so a
reshuffle of the discard pile, D-DECKOUT, is a fresh draw too). The counts stay those the
observation shows, so every determinisation is a state the seat cannot tell from the real
one, and reads nothing the seat cannot see.
"""

from emr_sim.games.emr.codes import (
    CF_COLOUR,
    CF_VALID,
    COLOUR_BOW,
    DISC,
    DISC_N,
    DRAW,
    DRAW_N,
    MAX_SHOT,
    N_ZONES,
    P_ASIDE,
    P_ASIDE_N,
    P_HAND,
    P_HAND_N,
    P_ZCARD,
    RES_EJECTED,
    RES_WIND,
    RNG,
    RNG_WORDS,
    STATE_SIZE,
)
from emr_sim.games.emr.rules.core import pb
from emr_sim.jit import njit, njit_inline
from emr_sim.rng import next32, shuffle_range


@njit
def mark(seen, c):
    if c >= 0 and c < MAX_SHOT:
        seen[c] = 1


@njit
def unseen_cards(obs, T, me, seen, out):
    """The shot cards `me` cannot see, into out[0..count-1] (ascending ids); the count.
    Seen: my hand and set-aside, both boards, the discard pile, the card in resolution and
    the card Wind revealed. (The bow cards never leave the boards but to go out of the game.)"""
    for c in range(MAX_SHOT):
        seen[c] = 0
    base = pb(me)
    for k in range(obs[base + P_HAND_N]):
        mark(seen, obs[base + P_HAND + k])
    for k in range(obs[base + P_ASIDE_N]):
        mark(seen, obs[base + P_ASIDE + k])
    for p in range(2):
        for z in range(N_ZONES):
            mark(seen, obs[pb(p) + P_ZCARD + z])
    for k in range(obs[DISC_N]):
        mark(seen, obs[DISC + k])
    mark(seen, obs[RES_EJECTED])
    mark(seen, obs[RES_WIND])
    n = 0
    for c in range(MAX_SHOT):
        if seen[c] == 0 and T[c, CF_VALID] == 1 and T[c, CF_COLOUR] != COLOUR_BOW:
            out[n] = c
            n += 1
    return n


@njit
def hidden_slots(obs, me):
    """How many cards the seat cannot see: the opponent's hand and set-aside, the draw pile."""
    other = pb(1 - me)
    return obs[other + P_HAND_N] + obs[other + P_ASIDE_N] + obs[DRAW_N]


@njit_inline
def determinise(obs, me, unseen, n_unseen, R, rng):
    """R = obs with the hidden places dealt from a fresh shuffle of unseen[0..n_unseen-1]
    (a uniform arrangement, whatever order the list is in) and the game's RNG drawn from
    rng. n_unseen equals hidden_slots(obs, me) in every position the rules reach."""
    for k in range(STATE_SIZE):
        R[k] = obs[k]
    shuffle_range(unseen, 0, n_unseen, rng, 0)
    other = pb(1 - me)
    used = deal(R, other + P_HAND, R[other + P_HAND_N], unseen, 0, n_unseen)
    used = deal(R, other + P_ASIDE, R[other + P_ASIDE_N], unseen, used, n_unseen)
    deal(R, DRAW, R[DRAW_N], unseen, used, n_unseen)
    for k in range(RNG_WORDS):
        R[RNG + k] = next32(rng, 0)
    if R[RNG] == 0 and R[RNG + 1] == 0 and R[RNG + 2] == 0 and R[RNG + 3] == 0:
        R[RNG] = 1


@njit_inline
def deal(R, first, count, unseen, used, n_unseen):
    """R[first..first+count-1] = the next `count` unseen cards; the number used after."""
    for k in range(count):
        if used < n_unseen:
            R[first + k] = unseen[used]
            used += 1
    return used
