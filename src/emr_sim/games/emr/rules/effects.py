"""The eight card effects, their legal targets and their application.

E-SLIDE, E-TRAP-ZONE, E-TRAP-CARD, E-POWER, E-REMOVE, E-SWAP, E-DRAW, E-COPY
and the decisions D-SLIDE, D-COPY. Each effect may be declined (A_PASS).
Targets are A_TARGET + board player * TARGET_SPAN + sub (see codes.py).
"""

from emr_sim.games.emr.codes import (
    A_TARGET,
    CF_EFFECT,
    E_DRAW,
    E_EFFECT,
    EFFECT_COPY,
    EFFECT_DRAW,
    EFFECT_NONE,
    EFFECT_POWER,
    EFFECT_REMOVE,
    EFFECT_SLIDE,
    EFFECT_SWAP,
    EFFECT_TRAP_CARD,
    EFFECT_TRAP_ZONE,
    N_ZONES,
    NO_CARD,
    P_CDMG,
    P_CPM,
    P_CPP,
    P_HAND_N,
    P_ZBLOCK,
    P_ZCARD,
    P_ZCROW,
    P_ZDMG,
    REMOVE_CARD_DMG,
    REMOVE_CARD_PM,
    REMOVE_CARD_PP,
    REMOVE_SUB,
    REMOVE_ZONE_DMG,
    RES_COPY_DEPTH,
    SRC_TRAP,
    TARGET_SPAN,
)
from emr_sim.games.emr.options import O_COPY_COPY, O_SLIDE_WAY, O_TRAP_ONCE, SLIDE_LANDING
from emr_sim.games.emr.rules.core import (
    cards_available,
    deal_damage,
    emit,
    hand_add,
    pair_left,
    pb,
    shift_pair,
    take_top,
    target_player,
    target_sub,
)
from emr_sim.jit import njit, njit_entry, njit_inline

HAND_LIMIT = 4  # R-HANDLIMIT; E-DRAW: not a player holding 4
MAX_COPY_DEPTH = 2  # with copy_copy on, a chain of copies stops here
REMOVE_FIELDS = (P_ZDMG, P_CDMG, P_CPP, P_CPM)  # indexed by REMOVE_* kind


@njit
def target(q, sub):
    return A_TARGET + q * TARGET_SPAN + sub


@njit_inline
def copyable(S, T, O, card):
    """E-COPY may apply this card's effect (D-COPY: not another copy)."""
    eff = T[card, CF_EFFECT]
    if eff == EFFECT_NONE:
        return False
    if eff == EFFECT_COPY:
        return O[O_COPY_COPY] == 1 and S[RES_COPY_DEPTH] + 1 < MAX_COPY_DEPTH
    return True


@njit
def may_draw_one(S, O, q):
    """E-DRAW: q holds fewer than 4 cards and a card can be drawn."""
    return S[pb(q) + P_HAND_N] < HAND_LIMIT and cards_available(S, O) > 0


@njit_inline
def add_board_targets(S, T, O, effect, q, out, n):
    """Append the targets of `effect` on player q's board to out[n:]; return the new n."""
    base = pb(q)
    if effect == EFFECT_SLIDE:
        z = pair_left(S, q)
        for left in range(N_ZONES - 1):
            if left != z:
                out[n] = target(q, left)
                n += 1
    elif effect == EFFECT_SWAP:
        out[n] = target(q, 0)
        n += 1
    elif effect == EFFECT_DRAW:
        if may_draw_one(S, O, q):
            out[n] = target(q, 0)
            n += 1
    else:
        for z in range(N_ZONES):
            c = S[base + P_ZCARD + z]
            if effect == EFFECT_TRAP_ZONE:
                ok = c == NO_CARD
            elif effect == EFFECT_COPY:
                ok = copy_target_ok(S, T, O, c)
            elif effect == EFFECT_REMOVE:
                n = add_remove_targets(S, q, z, out, n)
                ok = False
            else:  # EFFECT_TRAP_CARD, EFFECT_POWER
                ok = c != NO_CARD
            if ok:
                out[n] = target(q, z)
                n += 1
    return n


@njit_inline
def add_remove_targets(S, q, z, out, n):
    """E-REMOVE: one target per kind of token present on zone z (crow tokens excluded)."""
    base = pb(q)
    for kind in range(4):
        if S[base + REMOVE_FIELDS[kind] + z] > 0:
            out[n] = target(q, REMOVE_SUB + kind * N_ZONES + z)
            n += 1
    return n


@njit_entry
def effect_targets(S, T, O, effect, out, n):
    """Append every legal target of `effect` (both boards) to out[n:]; return the new n."""
    for q in range(2):
        n = add_board_targets(S, T, O, effect, q, out, n)
    return n


@njit_inline
def has_remove_target(S):
    for q in range(2):
        base = pb(q)
        for z in range(N_ZONES):
            for kind in range(4):
                if S[base + REMOVE_FIELDS[kind] + z] > 0:
                    return True
    return False


@njit
def direct_has_target(S, O, effect):
    """Has a non-copy `effect` any legal target now? (Slide, swap, traps, power always do.)"""
    if effect == EFFECT_REMOVE:
        return has_remove_target(S)
    if effect == EFFECT_DRAW:
        return may_draw_one(S, O, 0) or may_draw_one(S, O, 1)
    return effect != EFFECT_NONE and effect != EFFECT_COPY


@njit
def copy_target_ok(S, T, O, card):
    """E-COPY may take this card: its effect is copyable (D-COPY) and has a target now."""
    if card == NO_CARD or not copyable(S, T, O, card):
        return False
    eff = T[card, CF_EFFECT]
    return eff == EFFECT_COPY or direct_has_target(S, O, eff)


@njit_inline
def effect_has_target(S, T, O, effect):
    """Has `effect` any legal target now?"""
    if effect != EFFECT_COPY:
        return direct_has_target(S, O, effect)
    for q in range(2):
        for z in range(N_ZONES):
            if copy_target_ok(S, T, O, S[pb(q) + P_ZCARD + z]):
                return True
    return False


@njit_inline
def slide_entered(z, left, k):
    """k-th zone a slide of the pair at z to `left` counts as on the way (D-SLIDE), or -1."""
    if left > z:
        zone = z + 2 + k
        return zone if zone <= left + 1 else -1
    zone = left + k
    return zone if zone < z else -1


@njit_inline
def apply_slide(S, T, O, ev, q, left):
    """E-SLIDE: move q's pair to zones (left, left+1); tokens on the way hurt q."""
    z = shift_pair(S, q, left)
    base = pb(q)
    for k in range(N_ZONES):
        zone = slide_entered(z, left, k)
        if zone < 0:
            break
        S[base + P_ZCROW + zone] = 0  # H-CROW: a slide across a crow token destroys it
        if O[O_SLIDE_WAY] == SLIDE_LANDING and zone != left and zone != left + 1:
            continue
        tokens = S[base + P_ZDMG + zone]
        if tokens > 0:
            if O[O_TRAP_ONCE] == 1:
                S[base + P_ZDMG + zone] = 0
            deal_damage(S, T, O, ev, q, tokens, SRC_TRAP, zone)


@njit_inline
def apply_swap(S, q):
    """E-SWAP: exchange q's two cards, block states and tokens kept."""
    z = pair_left(S, q)
    base = pb(q)
    for field in (P_ZCARD, P_ZBLOCK, P_CDMG, P_CPP, P_CPM):
        tmp = S[base + field + z]
        S[base + field + z] = S[base + field + z + 1]
        S[base + field + z + 1] = tmp


@njit_entry
def apply_effect(S, T, O, ev, owner, effect, code):
    """Apply `effect` for `owner` at target `code`. Returns the effect to continue with
    (E-COPY hands on the copied card's effect), or EFFECT_NONE when done."""
    q = target_player(code)
    sub = target_sub(code)
    base = pb(q)
    emit(ev, E_EFFECT, owner, effect, q, sub, 0)
    if effect == EFFECT_SLIDE:
        apply_slide(S, T, O, ev, q, sub)
    elif effect == EFFECT_TRAP_ZONE:
        S[base + P_ZDMG + sub] += 1
    elif effect == EFFECT_TRAP_CARD:
        S[base + P_CDMG + sub] += 1
    elif effect == EFFECT_POWER:
        S[base + (P_CPP if q == owner else P_CPM) + sub] += 1
    elif effect == EFFECT_REMOVE:
        kind = (sub - REMOVE_SUB) // N_ZONES
        S[base + REMOVE_FIELDS[kind] + (sub - REMOVE_SUB) % N_ZONES] -= 1
    elif effect == EFFECT_SWAP:
        apply_swap(S, q)
    elif effect == EFFECT_DRAW:
        card = take_top(S, T, O, ev)
        hand_add(S, q, card)
        emit(ev, E_DRAW, q, card, 1, 0, 0)
    elif effect == EFFECT_COPY:
        S[RES_COPY_DEPTH] += 1
        return T[S[base + P_ZCARD + sub], CF_EFFECT]
    return EFFECT_NONE


# REMOVE_* kinds index REMOVE_FIELDS in this order.
assert (REMOVE_ZONE_DMG, REMOVE_CARD_DMG, REMOVE_CARD_PP, REMOVE_CARD_PM) == (0, 1, 2, 3)
