"""Invariants of every reachable state, checked after every step by the test harness.

check_state returns 0 for a sound state, else one of the INV_* codes. The
harness (run_checked) plays whole games with the real players and checks
after every step; it is jitted so that CI can afford 100,000 games.
"""

import numpy as np

from emr_sim.games.emr.codes import (
    BOW_BASE,
    CF_VALID,
    DISC,
    DISC_N,
    DK_NONE,
    DRAW,
    DRAW_N,
    H_PHASE,
    MAX_CARDS,
    MAX_LEGAL,
    MAX_SHOT,
    N_ZONES,
    NO_CARD,
    P_ASIDE,
    P_ASIDE_N,
    P_CDMG,
    P_CPM,
    P_CPP,
    P_HAND,
    P_HAND_N,
    P_HEALTH,
    P_ZBLOCK,
    P_ZCARD,
    P_ZCROW,
    P_ZDMG,
    RES_EJECTED,
    RES_WIND,
)
from emr_sim.games.emr.loops.engine import decide, deck_totals, new_buffers, search_buffers, seat_weights
from emr_sim.games.emr.rules.core import pb
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit, njit_alloc, njit_entry
from emr_sim.rng import seed_rng

INV_OK = 0
INV_CARD_TWICE = 1  # a card is in two places
INV_CARD_MISSING = 2  # a shot card is nowhere (all 100 must be accounted for)
INV_BOARD = 3  # a board does not show exactly two adjacent cards
INV_HEALTH_ROSE = 4  # a player's health went up
INV_NO_LEGAL = 5  # a decision is pending with no legal action
INV_NEGATIVE = 6  # a negative count of tokens or cards
INV_STRAY = 7  # a block flag or card token on an empty zone, a bow off the boards
INV_NO_END = 8  # a game did not end within MAX_STEPS decisions
INV_NAMES = (
    "ok",
    "card twice",
    "card missing",
    "board",
    "health rose",
    "no legal action",
    "negative count",
    "stray flag or token",
    "no end",
)
MAX_STEPS = 100_000


@njit
def mark(seen, card):
    """Count one sighting of card; False when it was seen before."""
    if card < 0 or card >= MAX_CARDS:
        return False
    seen[card] += 1
    return seen[card] == 1


@njit_alloc
def check_cards(S, T):
    seen = np.zeros(MAX_CARDS, dtype=np.int64)
    ok = True
    for p in range(2):
        base = pb(p)
        for k in range(S[base + P_HAND_N]):
            ok &= mark(seen, S[base + P_HAND + k])
        for k in range(S[base + P_ASIDE_N]):
            ok &= mark(seen, S[base + P_ASIDE + k])
        for z in range(N_ZONES):
            if S[base + P_ZCARD + z] != NO_CARD:
                ok &= mark(seen, S[base + P_ZCARD + z])
    for k in range(S[DRAW_N]):
        ok &= mark(seen, S[DRAW + k])
    for k in range(S[DISC_N]):
        ok &= mark(seen, S[DISC + k])
    if S[RES_EJECTED] != NO_CARD:
        ok &= mark(seen, S[RES_EJECTED])
    if S[RES_WIND] != NO_CARD:  # held by H-WIND's reveal while its effect resolves
        ok &= mark(seen, S[RES_WIND])
    if not ok:
        return INV_CARD_TWICE
    for c in range(MAX_SHOT):
        if T[c, CF_VALID] == 1 and seen[c] != 1:
            return INV_CARD_MISSING
    for c in range(BOW_BASE, MAX_CARDS):
        if seen[c] == 1 and not on_a_board(S, c) and S[RES_EJECTED] != c:
            return INV_STRAY
    return INV_OK


@njit
def on_a_board(S, card):
    for p in range(2):
        for z in range(N_ZONES):
            if S[pb(p) + P_ZCARD + z] == card:
                return True
    return False


@njit
def check_board(S, p):
    base = pb(p)
    first = -1
    count = 0
    for z in range(N_ZONES):
        if S[base + P_ZCARD + z] != NO_CARD:
            count += 1
            if first < 0:
                first = z
        elif S[base + P_ZBLOCK + z] != 0 or S[base + P_CDMG + z] != 0:
            return INV_STRAY
        elif S[base + P_CPP + z] != 0 or S[base + P_CPM + z] != 0:
            return INV_STRAY
        for f in (P_ZDMG, P_ZCROW, P_CDMG, P_CPP, P_CPM):
            if S[base + f + z] < 0:
                return INV_NEGATIVE
    if count != 2 or S[base + P_ZCARD + first + 1] == NO_CARD:
        return INV_BOARD
    return INV_OK


@njit_entry
def check_state(S, T, O, health_before, legal):
    """0 when S is sound (and no health rose since health_before), else an INV_* code."""
    code = check_cards(S, T)
    if code != INV_OK:
        return code
    for p in range(2):
        code = check_board(S, p)
        if code != INV_OK:
            return code
        h = S[pb(p) + P_HEALTH]
        if h < 0 or S[pb(p) + P_HAND_N] < 0:
            return INV_NEGATIVE
        if h > health_before[p]:
            return INV_HEALTH_ROSE
        health_before[p] = h
    if S[H_PHASE] != DK_NONE and legal_actions(S, T, O, legal) == 0:
        return INV_NO_LEGAL
    return INV_OK


@njit_alloc
def checked_game(T, O, seed, index, seats, bufs, search, weights):
    """Play one game, checking every state; returns (INV_* code, steps)."""
    S, obs, ev, legal, prng, player_scratch, _cards = bufs
    deck_totals(T, player_scratch[0])
    new_game(S, T, O, ev, seed, index, seats[2], seats[3])
    for p in range(2):
        seed_rng(prng[p], 0, seed, index, 1 + p)
    health = np.full(2, 1 << 40, dtype=np.int64)
    scratch = np.zeros(MAX_LEGAL, dtype=np.int64)
    advance(S, T, O, ev)
    steps = 0
    while True:
        ev[0, 0] = 0
        code = check_state(S, T, O, health, scratch)
        if code != INV_OK:
            return code, steps
        if S[H_PHASE] == DK_NONE:
            return INV_OK, steps
        if steps >= MAX_STEPS:
            return INV_NO_END, steps
        apply_action(S, T, O, ev, decide(S, T, O, seats, obs, legal, prng, player_scratch, search, weights))
        steps += 1


def run_checked(T, O, seed, first_index, count, seats, out, weights=None):
    """Check games first_index.. into out[k] = (INV_* code, steps, winner); weights by
    seat (games/emr/players/params.py), the defaults for None."""
    search = search_buffers(seats[:2])
    checked_games(T, O, seed, first_index, count, seats, out, seat_weights(weights), search)


@njit_alloc
def checked_games(T, O, seed, first_index, count, seats, out, weights, search):
    bufs = new_buffers()
    for k in range(count):
        code, steps = checked_game(T, O, seed, first_index + k, seats, bufs, search, weights)
        out[k, 0] = code
        out[k, 1] = steps
        out[k, 2] = bufs[0][4]  # H_WINNER
