"""Primitives over HBC's state S (layout): a seat's hand, deck, discard pile and coins.

A seat's hand holds its cards besides the master card (which is always its own, public, and
never discarded: HBC-SETUP, HBC-RESULT); each hand slot carries a flag saying whether its card
has been shown to everyone (a card that won a battle and came back, HBC-D-AFTER), which the
observation shows (HBC-D-HIDDEN). Removing a slot keeps the others in order."""

from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    B_ATTACKER,
    B_BASE,
    B_DEFENDER,
    H_SEATS,
    N_COIN_KINDS,
    NO_CARD,
    SEAT_BASE,
    ST_COINS,
    ST_DECK,
    ST_DECK_N,
    ST_DISC,
    ST_DISC_N,
    ST_HAND,
    ST_HAND_N,
    ST_KNOWN,
    ST_SIZE,
)
from emr_sim.jit import njit


@njit
def seat_at(s):
    """The first word of seat s's block."""
    return SEAT_BASE + s * ST_SIZE


@njit
def hand_n(S, s):
    return S[seat_at(s) + ST_HAND_N]


@njit
def hand_card(S, s, slot):
    return S[seat_at(s) + ST_HAND + slot]


@njit
def deck_n(S, s):
    return S[seat_at(s) + ST_DECK_N]


@njit
def add_to_hand(S, s, card, known):
    base = seat_at(s)
    n = S[base + ST_HAND_N]
    S[base + ST_HAND + n] = card
    S[base + ST_KNOWN + n] = known
    S[base + ST_HAND_N] = n + 1


@njit
def take_from_hand(S, s, slot):
    """The card of a hand slot, the slots after it moved down one."""
    base = seat_at(s)
    n = S[base + ST_HAND_N]
    card = S[base + ST_HAND + slot]
    for k in range(slot, n - 1):
        S[base + ST_HAND + k] = S[base + ST_HAND + k + 1]
        S[base + ST_KNOWN + k] = S[base + ST_KNOWN + k + 1]
    S[base + ST_HAND + n - 1] = NO_CARD
    S[base + ST_KNOWN + n - 1] = 0
    S[base + ST_HAND_N] = n - 1
    return card


@njit
def discard(S, s, card):
    """A card onto seat s's discard pile (public)."""
    base = seat_at(s)
    n = S[base + ST_DISC_N]
    S[base + ST_DISC + n] = card
    S[base + ST_DISC_N] = n + 1


@njit
def draw(S, s):
    """HBC-DRAW: the top card of seat s's deck into its hand (HBC-D-EMPTY-DECK: none from an
    empty deck); whether a card was drawn."""
    base = seat_at(s)
    n = S[base + ST_DECK_N]
    if n == 0:
        return False
    card = S[base + ST_DECK + n - 1]
    S[base + ST_DECK + n - 1] = NO_CARD
    S[base + ST_DECK_N] = n - 1
    add_to_hand(S, s, card, 0)
    return True


@njit
def coins(S, s, kind):
    return S[seat_at(s) + ST_COINS + kind]


@njit
def points(S, s):
    """HBC-COINS: a coin of kind k is worth k + 1 points."""
    total = 0
    for k in range(N_COIN_KINDS):
        total += (k + 1) * coins(S, s, k)
    return total


@njit
def pieces(S, s):
    total = 0
    for k in range(N_COIN_KINDS):
        total += coins(S, s, k)
    return total


@njit
def shift_coin(S, frm, to, kind):
    """One coin of `kind` from seat frm to seat to (HBC-TAKE)."""
    S[seat_at(frm) + ST_COINS + kind] -= 1
    S[seat_at(to) + ST_COINS + kind] += 1


@njit
def side_seat(S, side):
    return S[B_BASE + B_ATTACKER] if side == A_SIDE else S[B_BASE + B_DEFENDER]


@njit
def n_seats(S):
    return S[H_SEATS]
