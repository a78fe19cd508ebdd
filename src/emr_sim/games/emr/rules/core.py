"""Small shared rules helpers: events, board reading, damage, piles.

Every rules function takes the same bundle: S (state), T (card table),
O (rules options), ev (event buffer; ev[0, 0] counts the events in rows 1..).
"""

from emr_sim.games.emr.codes import (
    CF_COLOUR,
    CF_DAMAGE,
    CF_LEFT,
    CF_RIGHT,
    COLOUR_BOW,
    DISC,
    DISC_N,
    DK_NONE,
    DRAW,
    DRAW_N,
    E_DAMAGE,
    E_DEFEATED,
    E_RESHUFFLE,
    E_WIN,
    H_PHASE,
    H_RESHUFFLES,
    H_WINNER,
    N_ZONES,
    NO_CARD,
    NO_WINNER,
    P_CDMG,
    P_CPM,
    P_CPP,
    P_HAND,
    P_HAND_N,
    P_HEALTH,
    P_ZBLOCK,
    P_ZCARD,
    RES_PLAYED,
    RNG,
    player_base,
)
from emr_sim.games.emr.codes import target_player as codes_target_player
from emr_sim.games.emr.codes import target_sub as codes_target_sub
from emr_sim.games.emr.options import O_RESHUFFLE
from emr_sim.jit import njit, njit_inline
from emr_sim.rng import shuffle_range


@njit
def emit(ev, kind, player, a, b, c, d):
    """Append one event (dropped silently once the buffer is full, whatever its size)."""
    n = ev[0, 0]
    if n < ev.shape[0] - 1:
        row = n + 1
        ev[row, 0] = kind
        ev[row, 1] = player
        ev[row, 2] = a
        ev[row, 3] = b
        ev[row, 4] = c
        ev[row, 5] = d
        ev[0, 0] = n + 1


pb = njit(player_base)  # offset of player p's block in the state (codes.player_base)
target_player = njit(codes_target_player)  # whose board a target code names (codes.target_player)
target_sub = njit(codes_target_sub)  # the zone or choice of a target code (codes.target_sub)


@njit
def card_at(S, p, z):
    return S[pb(p) + P_ZCARD + z]


@njit
def pair_left(S, p):
    """Zone of the left card of p's pair (R-BOARD: always two adjacent cards), -1 on an
    empty board. Counted without branches: it is asked for everywhere, and a loop that
    stops at the pair mispredicts its exit whenever the pair has moved."""
    base = pb(p) + P_ZCARD
    seen = 0
    empty_before = 0
    for z in range(N_ZONES):
        seen |= S[base + z] != NO_CARD
        empty_before += 1 - seen
    return empty_before if seen else -1


@njit_inline
def inner_value(S, T, p):
    """Attack value: the two inner numbers of p's pair (R-HIT)."""
    z = pair_left(S, p)
    return T[card_at(S, p, z), CF_RIGHT] + T[card_at(S, p, z + 1), CF_LEFT]


@njit
def outer_value(S, T, p):
    """Defence value: the two outer numbers of p's pair (R-HIT)."""
    z = pair_left(S, p)
    return T[card_at(S, p, z), CF_LEFT] + T[card_at(S, p, z + 1), CF_RIGHT]


@njit
def card_damage(T, card, pp, pm):
    """A card's damage changed by its power tokens, never below 0 (E-POWER)."""
    d = T[card, CF_DAMAGE] + pp - pm
    return d if d > 0 else 0


@njit
def clear_zone_card(S, p, z):
    """Take the card off zone z with its block state and card tokens (D-TOKENS)."""
    base = pb(p)
    S[base + P_ZCARD + z] = NO_CARD
    S[base + P_ZBLOCK + z] = 0
    S[base + P_CDMG + z] = 0
    S[base + P_CPP + z] = 0
    S[base + P_CPM + z] = 0


@njit
def shift_pair(S, p, left):
    """Move both cards of p's pair, order kept, with block states and card tokens, to
    zones (left, left+1) (E-SLIDE, H-ILLUSION). Returns the pair's old left zone."""
    z = pair_left(S, p)
    base = pb(p)
    if left == z:
        return z
    order = (1, 0) if left > z else (0, 1)
    for k in order:
        for field in (P_ZCARD, P_ZBLOCK, P_CDMG, P_CPP, P_CPM):
            S[base + field + left + k] = S[base + field + z + k]
            if not (left <= z + k <= left + 1):
                S[base + field + z + k] = NO_CARD if field == P_ZCARD else 0
    return z


@njit
def played_on_board(S, p):
    """Is the card just played (RES_PLAYED) still on p's board? A counter back may have
    discarded it; a slide or swap may have moved it."""
    for z in range(N_ZONES):
        if S[pb(p) + P_ZCARD + z] == S[RES_PLAYED]:
            return True
    return False


@njit
def count_blocked_colour(S, T, p, colour):
    """Cards of p's board in block state with this colour (R-PENALTY)."""
    base = pb(p)
    n = 0
    for z in range(N_ZONES):
        c = S[base + P_ZCARD + z]
        if c != NO_CARD and S[base + P_ZBLOCK + z] == 1 and T[c, CF_COLOUR] == colour:
            n += 1
    return n


@njit
def game_over(S):
    return S[H_WINNER] != NO_WINNER


@njit
def deal_damage(S, T, O, ev, p, amount, source, where):
    """p loses `amount` health from `source` (D-ELIM: out at once at 0)."""
    if amount <= 0 or game_over(S):
        return
    h = S[pb(p) + P_HEALTH] - amount
    if h < 0:
        h = 0
    S[pb(p) + P_HEALTH] = h
    emit(ev, E_DAMAGE, p, amount, source, where, h)
    if h == 0:
        S[H_WINNER] = 1 - p
        S[H_PHASE] = DK_NONE
        emit(ev, E_DEFEATED, p, 0, 0, 0, 0)
        emit(ev, E_WIN, 1 - p, 0, 0, 0, 0)


@njit
def list_remove(S, count_at, slots_at, card):
    """Remove card from the card list S[slots_at:] of S[count_at] cards, order kept."""
    n = S[count_at]
    k = 0
    while k < n and S[slots_at + k] != card:
        k += 1
    for j in range(k, n - 1):
        S[slots_at + j] = S[slots_at + j + 1]
    S[slots_at + n - 1] = NO_CARD
    S[count_at] = n - 1


@njit
def hand_remove(S, p, card):
    """Remove card from p's hand, keeping the order of the others."""
    list_remove(S, pb(p) + P_HAND_N, pb(p) + P_HAND, card)


@njit
def hand_add(S, p, card):
    base = pb(p)
    n = S[base + P_HAND_N]
    S[base + P_HAND + n] = card
    S[base + P_HAND_N] = n + 1


@njit
def discard_card(S, T, card):
    """A card leaving play: shot cards to the discard pile, bows out of the game (D-BOW)."""
    if T[card, CF_COLOUR] == COLOUR_BOW:
        return
    n = S[DISC_N]
    S[DISC + n] = card
    S[DISC_N] = n + 1


@njit
def cards_available(S, O):
    """Cards a draw can reach: the draw pile, and the discard pile if reshuffled (D-DECKOUT)."""
    if O[O_RESHUFFLE] == 1:
        return S[DRAW_N] + S[DISC_N]
    return S[DRAW_N]


@njit
def take_top(S, T, O, ev):
    """The top card of the draw pile, reshuffling the discards when empty (D-DECKOUT)."""
    if S[DRAW_N] == 0:
        if O[O_RESHUFFLE] == 0 or S[DISC_N] == 0:
            return NO_CARD
        n = S[DISC_N]
        for k in range(n):
            S[DRAW + k] = S[DISC + k]
            S[DISC + k] = NO_CARD
        S[DRAW_N] = n
        S[DISC_N] = 0
        shuffle_range(S, DRAW, n, S, RNG)
        S[H_RESHUFFLES] += 1
        emit(ev, E_RESHUFFLE, -1, n, 0, 0, 0)
    n = S[DRAW_N] - 1
    card = S[DRAW + n]
    S[DRAW + n] = NO_CARD
    S[DRAW_N] = n
    return card
