"""Samurai Sword: reading and writing the state (rules/layout.py) and the constants G.

G = (tag, P, CT, CH, RT, WT, F): the game's tag (kernel_contract.game_tag), the rules options
G[1] (P_*), the card table G[2], the character table G[3], the roles in play G[4] and the
weights G[5] by player count, and G[6], a scratch of floats for the players (one per loop:
the face's loop_constants gives each loop its own). The kernels index G with these literal
numbers: without numba's runtime a function cannot return an array taken from a tuple.
"""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.jit import njit
from emr_sim.rng import below


@njit
def seat_at(s):
    return L.SEAT_BASE + s * L.ST_SIZE


@njit
def n_seats(S):
    return S[L.H_SEATS]


@njit
def left_of(S, s):
    """The next seat clockwise (SS-ORDER): the player on s's left."""
    return (s + 1) % S[L.H_SEATS]


@njit
def over(S):
    return S[L.H_DECIDER] == K.NOBODY


@njit
def end_game(S, code):
    """SS-D-END-NOW: the game ends at once, whatever was being resolved."""
    if S[L.H_END] == L.END_NONE:
        S[L.H_END] = code
    S[L.H_PHASE] = L.PH_OVER
    S[L.H_DECIDER] = K.NOBODY


@njit
def role_of(S, s):
    return S[seat_at(s) + L.ST_ROLE]


@njit
def team_of_role(role):
    """SS-TIE: the Shogun and the Samurai are one team."""
    if role == L.SHOGUN or role == L.SAMURAI:
        return L.TEAM_SHOGUN
    return L.TEAM_NINJA if role == L.NINJA else L.TEAM_RONIN


@njit
def team_of(S, s):
    return team_of_role(role_of(S, s))


@njit
def teammates(S, a, b):
    """Two different players of one team (the Ronin has none)."""
    return a != b and role_of(S, a) != L.RONIN and team_of(S, a) == team_of(S, b)


@njit
def ability(G, S, s):
    if G[1][L.P_VANILLA]:
        return L.AB_NONE
    return G[3][S[seat_at(s) + L.ST_CHAR], L.CH_ABILITY]


@njit
def hp(S, s):
    return S[seat_at(s) + L.ST_HP]


@njit
def honour(S, s):
    return S[seat_at(s) + L.ST_HONOUR]


@njit
def hand_n(S, s):
    return S[seat_at(s) + L.ST_HAND_N]


@njit
def held(S, s, kind):
    return S[seat_at(s) + L.ST_HAND + kind]


@njit
def props(S, s, kind):
    return S[seat_at(s) + L.ST_PROPS + kind]


@njit
def effect_of(G, kind):
    return G[2][kind, L.CT_EFFECT]


@njit
def type_of(G, kind):
    return G[2][kind, L.CT_TYPE]


@njit
def n_kinds(G):
    return G[1][L.P_KINDS]


@njit
def add_to_hand(S, s, kind):
    S[seat_at(s) + L.ST_HAND + kind] += 1
    S[seat_at(s) + L.ST_HAND_N] += 1


@njit
def take_from_hand(S, s, kind):
    S[seat_at(s) + L.ST_HAND + kind] -= 1
    S[seat_at(s) + L.ST_HAND_N] -= 1


@njit
def effect_count_in_play(G, S, s, effect):
    """How many Properties of an effect lie in front of s (Armor, Focus, Fast Draw, Bushido)."""
    count = 0
    for k in range(n_kinds(G)):
        if effect_of(G, k) == effect:
            count += props(S, s, k)
    return count


@njit
def effect_count_in_hand(G, S, s, effect):
    count = 0
    for k in range(n_kinds(G)):
        if effect_of(G, k) == effect:
            count += held(S, s, k)
    return count


@njit
def weapons_in_hand(G, S, s):
    count = 0
    for k in range(n_kinds(G)):
        if type_of(G, k) == L.WEAPON:
            count += held(S, s, k)
    return count


@njit
def random_hand_card(S, s, rng_words, rng_off, kinds):
    """A card of s's hand drawn at random (each card equally likely): its kind."""
    pick = below(rng_words, rng_off, hand_n(S, s))
    for k in range(kinds):
        pick -= held(S, s, k)
        if pick < 0:
            return k
    return -1


@njit
def record_public(S, table, a, b):
    """The public record: seat a did something of `table` (PUB_*) to seat b."""
    S[table + a * L.MAX_SEATS + b] += 1


@njit
def count_played(S, s, kind):
    """The public record of the cards s played or answered with (the studies' card statistics)."""
    S[L.PUB_PLAYED + s * L.MAX_KINDS + kind] += 1
