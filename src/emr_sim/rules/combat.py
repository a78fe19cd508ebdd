"""Playing a card, the hit, the defender's answer and the damage.

R-PLAY, R-STEP, R-HIT, R-DAMAGE, R-DEFEND, R-BLOCK, R-BLOCKED, R-PENALTY,
R-COUNTER, R-PAIR and the decisions D-STEP-ORDER, D-BLOCK, D-PENALTY, D-COUNTER.
"""

from emr_sim.codes import (
    CF_COLOUR,
    CF_DRAGON,
    CF_LEFT,
    CF_RIGHT,
    E_ATTACK,
    E_BLOCK,
    E_COUNTER,
    E_CROW_CANCEL,
    E_EJECT,
    E_PLAY,
    E_STEP,
    E_TECHNIQUE,
    H_ACTIVE,
    H_PLAYS,
    HERO_MASTER,
    N_ZONES,
    NO_CARD,
    P_CDMG,
    P_CPM,
    P_CPP,
    P_HAND,
    P_HAND_N,
    P_ZBLOCK,
    P_ZCARD,
    P_ZCROW,
    P_ZDMG,
    RES_ATTACK,
    RES_BLOCKS,
    RES_CANCELLED,
    RES_COUNTERS,
    RES_DAMAGE,
    RES_DEFENCE,
    RES_EJ_PM,
    RES_EJ_PP,
    RES_EJECTED,
    RES_HIT,
    RES_LAST_COUNTER,
    RES_NO_BLOCK,
    RES_PENALTY,
    RES_PLAYED,
    RES_PLAYED_ZONE,
    SIDE_LEFT,
    SRC_HIT,
    SRC_PENALTY,
    SRC_TRAP,
)
from emr_sim.jit import njit, njit_inline
from emr_sim.options import O_BLOCK_ZERO, O_COUNTER_STEP, O_PENALTY_EACH, O_TRAP_ONCE
from emr_sim.rules import heroes
from emr_sim.rules.core import (
    card_at,
    card_damage,
    clear_zone_card,
    count_blocked_colour,
    deal_damage,
    discard_card,
    emit,
    hand_remove,
    inner_value,
    outer_value,
    pair_left,
    pb,
)


@njit
def play_zones(S, p, side):
    """(zone the new card goes to, zone of the card it ejects), or (-1, -1) (R-PLAY)."""
    z = pair_left(S, p)
    if side == SIDE_LEFT:
        if z == 0:
            return -1, -1
        return z - 1, z + 1
    if z + 2 >= N_ZONES:
        return -1, -1
    return z + 2, z


@njit
def step_on(S, T, O, ev, p, z):
    """p's card enters zone z: its damage tokens hurt p (R-STEP, D-TOKENS).

    Returns 1 when a crow token lay there (it is removed; the caller decides
    whether it cancels an effect, H-CROW, or is destroyed without effect)."""
    base = pb(p)
    tokens = S[base + P_ZDMG + z]
    crow = S[base + P_ZCROW + z]
    if tokens > 0 or crow > 0:
        emit(ev, E_STEP, p, z, tokens, crow, 0)
    if tokens > 0:
        if O[O_TRAP_ONCE] == 1:
            S[base + P_ZDMG + z] = 0
        deal_damage(S, T, O, ev, p, tokens, SRC_TRAP, z)
    S[base + P_ZCROW + z] = 0
    return crow


@njit
def pair_formed(S, T, p):
    """R-PAIR: equal inner numbers and neither card in block state (R-BLOCKED)."""
    z = pair_left(S, p)
    base = pb(p)
    if S[base + P_ZBLOCK + z] == 1 or S[base + P_ZBLOCK + z + 1] == 1:
        return False
    return T[card_at(S, p, z), CF_RIGHT] == T[card_at(S, p, z + 1), CF_LEFT]


@njit_inline
def do_play(S, T, O, ev, p, card, side):
    """Put `card` beside the pair; the far card is ejected and attacks (R-PLAY, R-STEP)."""
    new, far = play_zones(S, p, side)
    base = pb(p)
    hand_remove(S, p, card)
    ejected = S[base + P_ZCARD + far]
    S[RES_EJECTED] = ejected
    S[RES_EJ_PP] = S[base + P_CPP + far]
    S[RES_EJ_PM] = S[base + P_CPM + far]
    ej_tokens = S[base + P_CDMG + far]
    clear_zone_card(S, p, far)
    S[base + P_ZCARD + new] = card
    S[RES_PLAYED] = card
    S[RES_PLAYED_ZONE] = new
    S[H_PLAYS] += 1
    emit(ev, E_PLAY, p, card, new, side, 0)
    emit(ev, E_EJECT, p, ejected, far, ej_tokens, 0)
    # D-STEP-ORDER: the zone's damage tokens, the ejected card's tokens, the crow token.
    crow = step_on(S, T, O, ev, p, new)
    if ej_tokens > 0:
        deal_damage(S, T, O, ev, p, ej_tokens, SRC_TRAP, far)
    if crow > 0:
        S[RES_CANCELLED] = 1  # H-CROW: the ejected card's effect is cancelled
        emit(ev, E_CROW_CANCEL, p, ejected, new, 0, 0)


@njit_inline
def hit_check(S, T, O, ev):
    """R-HIT: attack equals defence exactly; on a hit, set the damage (R-DAMAGE, R-PENALTY)."""
    a = S[H_ACTIVE]
    d = 1 - a
    attack = inner_value(S, T, a)
    defence = outer_value(S, T, d)
    hit = 1 if attack == defence else 0
    S[RES_ATTACK] = attack
    S[RES_DEFENCE] = defence
    S[RES_HIT] = hit
    emit(ev, E_ATTACK, a, attack, defence, hit, S[RES_EJECTED])
    if hit == 1:
        ej = S[RES_EJECTED]
        base = card_damage(T, ej, S[RES_EJ_PP], S[RES_EJ_PM])
        penalty = 0
        if base > 0:  # D-PENALTY: not for a 0-damage card; blocks before this hit only
            blocked = count_blocked_colour(S, T, d, T[ej, CF_COLOUR])
            if blocked > 0:
                penalty = 2 * blocked if O[O_PENALTY_EACH] == 1 else 2
        S[RES_PENALTY] = penalty
        S[RES_DAMAGE] = base + heroes.hit_bonus(S, T, O, a) + penalty
        S[RES_BLOCKS] = 0
    return hit


@njit
def may_block_with(S, T, O, d, z):
    """Can defender d move the card on zone z to block state now? (R-BLOCK, D-BLOCK)"""
    if S[RES_NO_BLOCK] == 1 or not heroes.may_block_hero(S, T, O, d):
        return False
    if S[RES_DAMAGE] < 1 and not (O[O_BLOCK_ZERO] == 1 and S[RES_BLOCKS] == 0):
        return False
    base = pb(d)
    c = S[base + P_ZCARD + z]
    if c == NO_CARD or S[base + P_ZBLOCK + z] == 1:
        return False
    colour = T[S[RES_EJECTED], CF_COLOUR]
    if T[c, CF_COLOUR] == colour:
        return True
    return heroes.blocks_any_colour(S, T, O, d, c)


@njit_inline
def do_block(S, T, O, ev, d, z):
    """The card on zone z goes to block state; the damage drops by 1 (R-BLOCK)."""
    S[pb(d) + P_ZBLOCK + z] = 1
    if S[RES_DAMAGE] > 0:
        S[RES_DAMAGE] -= 1
    S[RES_BLOCKS] += 1
    card = card_at(S, d, z)
    emit(ev, E_BLOCK, d, card, z, S[RES_DAMAGE], 0)
    if T[card, CF_COLOUR] != T[S[RES_EJECTED], CF_COLOUR]:
        emit(ev, E_TECHNIQUE, d, HERO_MASTER, card, z, 0)  # H-MASTER: another colour


@njit
def counter_zones(S, p, side):
    """(zone of the counter card, zone of the card it discards) or (-1, -1) (R-COUNTER)."""
    return play_zones(S, p, side)


@njit
def board_dragon_ready(S, T, p, side):
    """A dragon in attack state on p's board with room on its outer `side` (R-COUNTER)."""
    new, far = counter_zones(S, p, side)
    if new < 0:
        return False
    z = pair_left(S, p)
    near = z if side == SIDE_LEFT else z + 1
    c = card_at(S, p, near)
    return T[c, CF_DRAGON] == 1 and S[pb(p) + P_ZBLOCK + near] == 0


@njit
def may_counter(S, T, O, p):
    """Has p any dragon counter now: a ready board dragon and a dragon in hand?"""
    if not heroes.may_counter_hero(S, T, O, p):
        return False
    if not (board_dragon_ready(S, T, p, 0) or board_dragon_ready(S, T, p, 1)):
        return False
    base = pb(p)
    for k in range(S[base + P_HAND_N]):
        if T[S[base + P_HAND + k], CF_DRAGON] == 1:
            return True
    return False


@njit_inline
def do_counter(S, T, O, ev, p, card, side):
    """p plays dragon `card` beside its board dragon; the far card is discarded (R-COUNTER, D-COUNTER)."""
    new, far = counter_zones(S, p, side)
    base = pb(p)
    hand_remove(S, p, card)
    gone = S[base + P_ZCARD + far]
    clear_zone_card(S, p, far)  # tokens on the discarded card vanish
    discard_card(S, T, gone)
    S[base + P_ZCARD + new] = card
    S[RES_COUNTERS] += 1
    S[RES_LAST_COUNTER] = p
    emit(ev, E_COUNTER, p, card, new, gone, 0)
    if O[O_COUNTER_STEP] == 1:
        step_on(S, T, O, ev, p, new)  # a crow token here is destroyed without effect


@njit_inline
def take_hit(S, T, O, ev):
    """The defender takes the remaining damage of the hit (R-DAMAGE)."""
    d = 1 - S[H_ACTIVE]
    total = S[RES_DAMAGE]
    penalty = S[RES_PENALTY] if S[RES_PENALTY] < total else total
    ej = S[RES_EJECTED]
    deal_damage(S, T, O, ev, d, total - penalty, SRC_HIT, ej)
    deal_damage(S, T, O, ev, d, penalty, SRC_PENALTY, ej)
    S[RES_DAMAGE] = 0
    S[RES_PENALTY] = 0


@njit
def pair_numbers(S, T, p):
    """(left card's left, left card's right, right card's left, right card's right) of p's pair."""
    z = pair_left(S, p)
    a = card_at(S, p, z)
    b = card_at(S, p, z + 1)
    return T[a, CF_LEFT], T[a, CF_RIGHT], T[b, CF_LEFT], T[b, CF_RIGHT]
