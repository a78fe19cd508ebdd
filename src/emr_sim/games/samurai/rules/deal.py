"""Samurai Sword's set-up: SS-SETUP-ROLES (with SS-3P), SS-SETUP-CHAR, SS-SETUP-HONOUR,
SS-SETUP-DEAL, SS-D-FIRST; chance from the deal's own stream."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.combat import shogun_bonus
from emr_sim.games.samurai.rules.state import (
    add_to_hand,
    n_kinds,
    seat_at,
)
from emr_sim.games.samurai.rules.turn import start_turn
from emr_sim.jit import njit
from emr_sim.rng import seed_rng, shuffle_range

VANILLA_HEALTH = 5  # SS-D-CHARS: the engine tests' characters
NINJA4_WEIGHTS = (1, 1, 2)  # SS-D-WEIGHTS' option: the three Ninja cards at 4 players


@njit
def deal_size(order):
    """Cards dealt to the player `order` places clockwise from the Shogun (0: the Shogun)."""
    if order == 0:
        return 4
    if order <= 2:
        return 5
    return 6 if order <= 4 else 7


@njit
def clear(S):
    for k in range(L.STATE_SIZE):
        S[k] = 0
    S[L.H_END] = L.END_NONE
    S[L.H_LAST_TEAM] = -1
    S[L.H_FATAL_TEAM] = -1
    S[L.H_PEND_SRC] = L.NO_SEAT
    S[L.H_PEND_TGT] = L.NO_SEAT


@njit
def deal_roles(G, S, n):
    """SS-SETUP-ROLES: the role cards in play shuffled and dealt (the scratch is the draw
    pile's room, filled with the deck afterwards); at 4-5 players a Ninja card is removed
    unseen (SS-D-WEIGHTS' option: its weight matters at 4). SS-3P: a Shogun and 2 Ninja."""
    RT = G[4]
    k = 0
    for role in range(L.N_ROLES):
        for _ in range(RT[n, role]):
            S[L.DRAW_BASE + k] = role
            k += 1
    shuffle_range(S, L.DRAW_BASE, n, S, L.RNG_BASE)
    ninja_cards = L.DRAW_BASE + L.MAX_SEATS  # the three Ninja cards' weights, shuffled
    for j in range(3):
        double = G[1][L.P_NINJA4_DOUBLE] and n == 4
        S[ninja_cards + j] = NINJA4_WEIGHTS[j] if double else G[5][n, L.NINJA]
    shuffle_range(S, ninja_cards, 3, S, L.RNG_BASE)
    S[L.H_REMOVED] = S[ninja_cards + 2] if RT[n, L.RT_REMOVED] > 0 else 0
    dealt_ninja = 0
    for s in range(n):
        role = S[L.DRAW_BASE + s]
        base = seat_at(s)
        S[base + L.ST_ROLE] = role
        S[base + L.ST_WEIGHT] = G[5][n, role]
        if role == L.NINJA:
            S[base + L.ST_WEIGHT] = S[ninja_cards + dealt_ninja]
            dealt_ninja += 1
        if role == L.SHOGUN:
            S[L.H_SHOGUN] = s


@njit
def deal_characters(G, S, n, seating):
    """SS-SETUP-CHAR: the characters shuffled, one to each seat, its resilience taken
    (SS-D-SHOGUN-HP; SS-D-CHARS' vanilla option: 5 each). The character dealt is written
    into seating[s], the entity the table's row records."""
    chars = G[1][L.P_CHARS]
    for c in range(chars):
        S[L.DRAW_BASE + c] = c
    shuffle_range(S, L.DRAW_BASE, chars, S, L.RNG_BASE)
    for s in range(n):
        c = S[L.DRAW_BASE + s]
        base = seat_at(s)
        S[base + L.ST_CHAR] = c
        health = VANILLA_HEALTH if G[1][L.P_VANILLA] else G[3][c, L.CH_HEALTH]
        S[base + L.ST_MAX_HP] = health + shogun_bonus(G, S[base + L.ST_ROLE])
        S[base + L.ST_HP] = S[base + L.ST_MAX_HP]
        seating[s] = c


@njit
def deal_honour(G, S, n):
    """SS-SETUP-HONOUR (SS-3P: 6 and 3)."""
    for s in range(n):
        base = seat_at(s)
        shogun = S[base + L.ST_ROLE] == L.SHOGUN
        S[base + L.ST_HONOUR] = G[4][n, L.RT_HONOUR_SHOGUN if shogun else L.RT_HONOUR_OTHER]


@njit
def deal_cards(G, S, n):
    """SS-SETUP-DEAL: the deck shuffled, dealt 4, 5, 5, 6, 6, 7, 7 from the Shogun clockwise;
    the rest is the draw pile."""
    CT = G[2]
    k = 0
    for kind in range(n_kinds(G)):
        for _ in range(CT[kind, L.CT_COUNT]):
            S[L.DRAW_BASE + k] = kind
            k += 1
    for j in range(k, L.MAX_DECK):
        S[L.DRAW_BASE + j] = 0
    shuffle_range(S, L.DRAW_BASE, k, S, L.RNG_BASE)
    S[L.H_DRAW_N] = k
    for order in range(n):
        s = (S[L.H_SHOGUN] + order) % n
        for _ in range(deal_size(order)):
            S[L.H_DRAW_N] -= 1
            add_to_hand(S, s, S[L.DRAW_BASE + S[L.H_DRAW_N]])
            S[L.DRAW_BASE + S[L.H_DRAW_N]] = 0


@njit
def init(G, S, seed, index, seating):
    """Deal `index` of run `seed`: roles, characters, honour, cards; the Shogun's first turn
    begins (SS-D-FIRST)."""
    n = seating.shape[0]
    clear(S)
    S[L.H_SEATS] = n
    seed_rng(S, L.RNG_BASE, seed, index, L.GAME_STREAM)
    deal_roles(G, S, n)
    deal_characters(G, S, n, seating)
    deal_honour(G, S, n)
    deal_cards(G, S, n)
    start_turn(G, S, S[L.H_SHOGUN])
