"""The legal actions of each of HBC's decisions (layout's A_* codes). A hand holding the same
card twice offers it once (its first slot): the choices are distinct cards."""

from emr_sim.games.hbc.rules.card_table import has_effect, is_character
from emr_sim.games.hbc.rules.coins import payable
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_DECLINE,
    A_DEFEND,
    A_DISCARD,
    A_GIVE,
    A_SUPPORT,
    A_SWAP,
    A_TAKE,
    A_WAIT,
    B_SIDE,
    B_SWAP_SIDE,
    COIN_NONE,
    EF_EXCHANGE,
    EF_TAKE_COIN,
    FACES,
    G_CARDS,
    H_MOVER,
    H_PHASE,
    H_SEATS,
    H_SOLO_USED,
    MASTER_SLOT,
    MAX_SEATS,
    N_COIN_KINDS,
    PH_ACTION,
    PH_DEFEND,
    PH_DISCARD,
    PH_PAY,
    PH_SUPPORT,
    PH_SWAP,
)
from emr_sim.games.hbc.rules.numbers import bf, has_face
from emr_sim.games.hbc.rules.solo import is_solo, solo_allowed
from emr_sim.games.hbc.rules.state import coins, deck_n, hand_card, hand_n, pieces
from emr_sim.games.hbc.rules.supports import useful_support
from emr_sim.jit import njit


@njit
def first_copy(S, s, slot):
    """Whether no earlier hand slot of seat s holds the same card."""
    c = hand_card(S, s, slot)
    for k in range(slot):
        if hand_card(S, s, k) == c:
            return False
    return True


@njit
def attack_code(src, target, coin):
    return A_ATTACK + (src * MAX_SEATS + target) * (COIN_NONE + 1) + coin


@njit
def take_code(slot, target, kind):
    return A_TAKE + (slot * MAX_SEATS + target) * N_COIN_KINDS + kind


@njit
def add_attacks(S, s, src, out, n):
    """HBC-ACTION a, HBC-D-TARGET: every other player, each coin kind it holds (a player
    without coins may be attacked, naming none)."""
    for t in range(S[H_SEATS]):
        if t == s:
            continue
        if pieces(S, t) == 0:
            out[n] = attack_code(src, t, COIN_NONE)
            n += 1
            continue
        for k in range(N_COIN_KINDS):
            if coins(S, t, k) > 0:
                out[n] = attack_code(src, t, k)
                n += 1
    return n


@njit
def add_solo(G, S, s, slot, out, n):
    """HBC-SUPP-SOLO: a solo card's plays: a coin of any kind from any player holding one, or
    an exchange (with cards left in the deck to draw)."""
    CT = G[G_CARDS]
    c = hand_card(S, s, slot)
    if has_effect(CT, c, EF_TAKE_COIN):
        for t in range(S[H_SEATS]):
            if t == s:
                continue
            for k in range(N_COIN_KINDS):
                if coins(S, t, k) > 0:
                    out[n] = take_code(slot, t, k)
                    n += 1
    elif solo_playable(G, S, s, c):
        out[n] = A_SUPPORT + slot
        n += 1
    return n


@njit
def solo_playable(G, S, s, c):
    """Whether solo card c of seat s can be played: a coin to take, or a card to draw."""
    CT = G[G_CARDS]
    if has_effect(CT, c, EF_TAKE_COIN):
        for t in range(S[H_SEATS]):
            if t != s and pieces(S, t) > 0:
                return True
        return False
    return has_effect(CT, c, EF_EXCHANGE) and deck_n(S, s) > 0


@njit
def solo_plays(G, S, s, out, n):
    if not solo_allowed(G, S):
        return n
    for slot in range(hand_n(S, s)):
        if first_copy(S, s, slot) and is_solo(G, hand_card(S, s, slot)):
            n = add_solo(G, S, s, slot, out, n)
    return n


@njit
def legal_action(G, S, s, out):
    """HBC-ACTION: wait; attack (no battle after a solo card, HBC-D-SOLO) with a character of
    the hand or the master card (HBC-HANDUSE; HBC-D-NOT-FIGHTERS: never a support); play solo
    cards."""
    out[0] = A_WAIT
    n = 1
    CT = G[G_CARDS]
    if S[H_SOLO_USED] == 0:
        n = add_attacks(S, s, MASTER_SLOT, out, n)
        for slot in range(hand_n(S, s)):
            if first_copy(S, s, slot) and is_character(CT, hand_card(S, s, slot)):
                n = add_attacks(S, s, slot, out, n)
    return solo_plays(G, S, s, out, n)


@njit
def legal_defend(G, S, s, out):
    """HBC-BATTLE: no card, the master card, or a character card of the hand."""
    out[0] = A_DECLINE
    out[1] = A_DEFEND + MASTER_SLOT
    n = 2
    for slot in range(hand_n(S, s)):
        if first_copy(S, s, slot) and is_character(G[G_CARDS], hand_card(S, s, slot)):
            out[n] = A_DEFEND + slot
            n += 1
    return n


@njit
def legal_support(G, S, s, out):
    """HBC-D-WINDOWS: pass, or a support that has an effect in this window."""
    out[0] = A_WAIT
    n = 1
    side = bf(S, B_SIDE)
    for slot in range(hand_n(S, s)):
        if first_copy(S, s, slot) and useful_support(G, S, side, hand_card(S, s, slot)):
            out[n] = A_SUPPORT + slot
            n += 1
    return n


@njit
def legal_swap(S, out):
    """A dice swap: a face of the swapping side's dice and another face of the other's."""
    side = bf(S, B_SWAP_SIDE)
    n = 0
    for mine in range(1, FACES + 1):
        if not has_face(S, side, mine):
            continue
        for theirs in range(1, FACES + 1):
            if theirs != mine and has_face(S, 1 - side, theirs):
                out[n] = A_SWAP + (mine - 1) * FACES + theirs - 1
                n += 1
    return n


@njit
def legal_pay(S, out):
    n = 0
    for k in range(N_COIN_KINDS):
        if payable(S, k) > 0:
            out[n] = A_GIVE + k
            n += 1
    return n


@njit
def legal_discard(S, s, out):
    n = 0
    for slot in range(hand_n(S, s)):
        if first_copy(S, s, slot):
            out[n] = A_DISCARD + slot
            n += 1
    return n


@njit
def legal(G, S, out):
    s = S[H_MOVER]
    phase = S[H_PHASE]
    if phase == PH_ACTION:
        return legal_action(G, S, s, out)
    if phase == PH_DEFEND:
        return legal_defend(G, S, s, out)
    if phase == PH_SUPPORT:
        return legal_support(G, S, s, out)
    if phase == PH_SWAP:
        return legal_swap(S, out)
    if phase == PH_PAY:
        return legal_pay(S, out)
    if phase == PH_DISCARD:
        return legal_discard(S, s, out)
    out[0] = A_WAIT
    return 1


@njit
def any_solo_play(G, S, s):
    """Whether seat s has a solo play left (else a turn of solo cards ends by itself)."""
    if not solo_allowed(G, S):
        return False
    for slot in range(hand_n(S, s)):
        c = hand_card(S, s, slot)
        if is_solo(G, c) and solo_playable(G, S, s, c):
            return True
    return False
