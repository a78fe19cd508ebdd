"""Reading HBC's card table CT (layout.CF_*): a card's numbers, its terms, when a support is
played (HBC-CHARCARD, HBC-SUPPCARD, HBC-ABILITY; the vocabulary of docs/hbc.md)."""

from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    CF_ATTR,
    CF_KIND,
    CF_TERMS,
    CF_WHEN,
    D_SIDE,
    EF_ATTACK,
    EF_DICE,
    EF_EXCHANGE,
    EF_FOE_ATTACK,
    EF_FOE_DICE,
    EF_FOE_HIT,
    EF_HIT,
    EF_KEEP_CARD,
    EF_KEEP_COIN,
    EF_NONE,
    EF_SWAP,
    EF_TAKE_COIN,
    KIND_CHARACTER,
    MAX_TERMS,
    NO_ATTR,
    T_AMOUNT,
    T_EFFECT,
    T_VS,
    TERM_SIZE,
    WHEN_ATTACK,
    WHEN_BATTLE,
    WHEN_DEFEND,
    WIN_1,
    WIN_2,
    WIN_3,
    WIN_NEVER,
    WIN_SOLO,
)
from emr_sim.jit import njit


@njit
def is_character(CT, c):
    return CT[c, CF_KIND] == KIND_CHARACTER


@njit
def attr_of(CT, c):
    return CT[c, CF_ATTR]


@njit
def term_effect(CT, c, k):
    return CT[c, CF_TERMS + k * TERM_SIZE + T_EFFECT]


@njit
def term_amount(CT, c, k):
    return CT[c, CF_TERMS + k * TERM_SIZE + T_AMOUNT]


@njit
def term_applies(CT, c, k, foe_attr):
    """A term `vs ATTR` applies only against a card of that attribute (HBC-ABILITY)."""
    vs = CT[c, CF_TERMS + k * TERM_SIZE + T_VS]
    return vs == NO_ATTR or vs == foe_attr


@njit
def effect_sum(CT, c, effect, foe_attr):
    """The amounts of card c's terms of `effect` that apply against foe_attr."""
    total = 0
    for k in range(MAX_TERMS):
        if term_effect(CT, c, k) == effect and term_applies(CT, c, k, foe_attr):
            total += term_amount(CT, c, k)
    return total


@njit
def has_effect(CT, c, effect):
    for k in range(MAX_TERMS):
        if term_effect(CT, c, k) == effect:
            return True
    return False


@njit
def effect_window(effect):
    """When an effect is played (HBC-D-WINDOWS): W1 dice count and hit, W2 attack value and
    dice swaps, W3 keeping the card or the coins; solo cards outside battle (HBC-SUPP-SOLO)."""
    if effect == EF_DICE or effect == EF_HIT or effect == EF_FOE_DICE or effect == EF_FOE_HIT:
        return WIN_1
    if effect == EF_ATTACK or effect == EF_FOE_ATTACK or effect == EF_SWAP:
        return WIN_2
    if effect == EF_KEEP_CARD or effect == EF_KEEP_COIN:
        return WIN_3
    if effect == EF_TAKE_COIN or effect == EF_EXCHANGE:
        return WIN_SOLO
    return WIN_NEVER


@njit
def support_window(CT, c):
    """A support card's window (its terms share one, docs/hbc.md); WIN_NEVER for a character."""
    if is_character(CT, c) or term_effect(CT, c, 0) == EF_NONE:
        return WIN_NEVER
    return effect_window(term_effect(CT, c, 0))


@njit
def side_may_play(CT, c, side):
    """A battle support's `when`: in any battle, only attacking, or only defending."""
    when = CT[c, CF_WHEN]
    return (
        when == WHEN_BATTLE
        or (when == WHEN_ATTACK and side == A_SIDE)
        or (when == WHEN_DEFEND and side == D_SIDE)
    )
