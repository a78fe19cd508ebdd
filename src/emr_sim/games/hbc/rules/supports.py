"""Battle supports in their windows (HBC-SUPP-BATTLE, HBC-D-WINDOWS, HBC-D-PROTECT): which
supports have an effect now, playing one, a dice swap."""

from emr_sim.games.hbc.rules.card_table import (
    attr_of,
    has_effect,
    side_may_play,
    support_window,
    term_amount,
    term_applies,
    term_effect,
)
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    AFTER_DISCARD,
    ATT_LOSS_COIN,
    B_ATT_MOD,
    B_BASE,
    B_COIN,
    B_DICE_MOD,
    B_FACES,
    B_HIT_MOD,
    B_KEEP_CARD,
    B_KEEP_COIN,
    B_LOSER,
    B_MASTER,
    B_NFACES,
    B_SWAP_SIDE,
    B_WINDOW,
    COIN_NONE,
    D_SIDE,
    EF_ATTACK,
    EF_DICE,
    EF_FOE_ATTACK,
    EF_FOE_DICE,
    EF_FOE_HIT,
    EF_HIT,
    EF_KEEP_CARD,
    EF_KEEP_COIN,
    EF_SWAP,
    G_CARDS,
    G_RULES,
    H_MOVER,
    H_PHASE,
    MAX_DICE,
    MAX_TERMS,
    NO_SIDE,
    P_AFTER,
    P_ATT_LOSS,
    P_PROTECT,
    PH_SWAP,
    PROTECT_ALL,
    WIN_2,
    WIN_3,
)
from emr_sim.games.hbc.rules.log import log_played
from emr_sim.games.hbc.rules.numbers import bf, card_on_table, face_at, first_face, refresh_values
from emr_sim.games.hbc.rules.state import (
    discard,
    hand_card,
    hand_n,
    pieces,
    side_seat,
    take_from_hand,
)
from emr_sim.jit import njit


@njit
def conditions_hold(G, S, side, c):
    """Whether a support's terms apply against the opposing card (`vs ATTR`)."""
    CT = G[G_CARDS]
    foe = attr_of(CT, card_on_table(S, 1 - side))
    for k in range(MAX_TERMS):
        if term_effect(CT, c, k) != 0 and not term_applies(CT, c, k, foe):
            return False
    return True


@njit
def dice_differ(S):
    """Whether some die of one side shows another face than some die of the other."""
    for i in range(bf(S, B_NFACES + A_SIDE)):
        for j in range(bf(S, B_NFACES + D_SIDE)):
            if face_at(S, A_SIDE, i) != face_at(S, D_SIDE, j):
                return True
    return False


@njit
def side_loses_card(G, S, side):
    """Whether a side's card would be discarded now: a non-master card that lost (HBC-RESULT),
    or any non-master card with `after=discard` (HBC-D-AFTER)."""
    if bf(S, B_MASTER + side) == 1 or bf(S, B_KEEP_CARD + side) == 1:
        return False
    return bf(S, B_LOSER) == side or (G[G_RULES][P_AFTER] == AFTER_DISCARD and bf(S, B_LOSER) != NO_SIDE)


@njit
def side_loses_coins(G, S, side):
    """Whether a coin protection (HBC-D-PROTECT) would save this side anything now."""
    if bf(S, B_LOSER) != side or bf(S, B_KEEP_COIN + side) == 1:
        return False
    s = side_seat(S, side)
    if pieces(S, s) == 0:
        return False  # HBC-BROKE: nothing to lose
    protect_all = G[G_RULES][P_PROTECT] == PROTECT_ALL
    if side == D_SIDE:
        return bf(S, B_COIN) != COIN_NONE or (protect_all and bf(S, B_MASTER + side) == 1)
    master = bf(S, B_MASTER + side) == 1
    return (master and protect_all) or (not master and G[G_RULES][P_ATT_LOSS] == ATT_LOSS_COIN)


@njit
def useful_support(G, S, side, c):
    """Whether support card c may be played by `side` in the current window, to some effect."""
    CT = G[G_CARDS]
    w = bf(S, B_WINDOW)
    if support_window(CT, c) != w or not side_may_play(CT, c, side):
        return False
    if w == WIN_3:
        if has_effect(CT, c, EF_KEEP_CARD):
            return side_loses_card(G, S, side)
        return side_loses_coins(G, S, side)
    if has_effect(CT, c, EF_SWAP):
        return dice_differ(S)
    return conditions_hold(G, S, side, c)


@njit
def side_has_play(G, S, side):
    s = side_seat(S, side)
    for slot in range(hand_n(S, s)):
        if useful_support(G, S, side, hand_card(S, s, slot)):
            return True
    return False


@njit
def play_support(G, S, side, slot):
    """HBC-SUPP-BATTLE: a support from the hand, its effect at once; single use, discarded."""
    s = side_seat(S, side)
    c = take_from_hand(S, s, slot)
    discard(S, s, c)
    log_played(G, S, s, c)
    CT = G[G_CARDS]
    for k in range(MAX_TERMS):
        effect = term_effect(CT, c, k)
        amount = term_amount(CT, c, k)
        if effect == EF_DICE:
            S[B_BASE + B_DICE_MOD + side] += amount
        elif effect == EF_HIT:
            S[B_BASE + B_HIT_MOD + side] += amount
        elif effect == EF_ATTACK:
            S[B_BASE + B_ATT_MOD + side] += amount
        elif effect == EF_FOE_DICE:
            S[B_BASE + B_DICE_MOD + 1 - side] += amount
        elif effect == EF_FOE_HIT:
            S[B_BASE + B_HIT_MOD + 1 - side] += amount
        elif effect == EF_FOE_ATTACK:
            S[B_BASE + B_ATT_MOD + 1 - side] += amount
        elif effect == EF_KEEP_CARD:
            S[B_BASE + B_KEEP_CARD + side] = 1
        elif effect == EF_KEEP_COIN:
            S[B_BASE + B_KEEP_COIN + side] = 1
        elif effect == EF_SWAP:
            S[B_BASE + B_SWAP_SIDE] = side
            S[H_PHASE] = PH_SWAP
            S[H_MOVER] = s
    if bf(S, B_WINDOW) == WIN_2:
        refresh_values(G, S)


@njit
def swap_dice(G, S, mine, theirs):
    """A dice swap (HBC-SUPP-BATTLE): one die of the swapping side showing `mine` and one of
    the other side's showing `theirs` change places; the values are counted again."""
    side = bf(S, B_SWAP_SIDE)
    i = first_face(S, side, mine)
    j = first_face(S, 1 - side, theirs)
    S[B_BASE + B_FACES + side * MAX_DICE + i] = theirs
    S[B_BASE + B_FACES + (1 - side) * MAX_DICE + j] = mine
    refresh_values(G, S)
