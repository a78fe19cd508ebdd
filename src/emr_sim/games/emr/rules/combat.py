"""Playing a card, the hit, the defender's answer and the damage.

R-PLAY, R-STEP, R-HIT, R-DAMAGE, R-DEFEND, R-BLOCK, R-BLOCKED, R-PENALTY,
R-COUNTER, R-PAIR and the decisions D-STEP-ORDER, D-BLOCK, D-PENALTY, D-COUNTER.

The small functions that say what a play or a hit will do (play_step_damage,
hit_damage / zone_hit_damage, penalty_for, may_block_card, block_allowed,
damage_after_block, board_counter_ready) read only what is public, so they serve a
seat's observation (games/emr/players/observe.py) as well as the state: the players judge their
plays by them rather than by copies of the rules.
"""

from emr_sim.games.emr.codes import (
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
from emr_sim.games.emr.options import O_BLOCK_ZERO, O_COUNTER_STEP, O_PENALTY_EACH, O_TRAP_ONCE
from emr_sim.games.emr.rules import heroes
from emr_sim.games.emr.rules.core import (
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
from emr_sim.jit import njit, njit_inline


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
def zone_trap_damage(S, p, z):
    """R-STEP: damage that p's card entering p's zone z takes from its damage tokens
    (all of them, D-TOKENS; whether they then go is O_TRAP_ONCE's business)."""
    return S[pb(p) + P_ZDMG + z]


@njit
def card_trap_damage(S, p, z):
    """R-STEP, E-TRAP-CARD: damage p takes for ejecting the card on its zone z."""
    return S[pb(p) + P_CDMG + z]


@njit
def play_step_damage(S, p, new, far):
    """R-STEP: what a play into zone `new` that ejects the card of zone `far` deals its
    own player (the zone's tokens, then the ejected card's, D-STEP-ORDER)."""
    return zone_trap_damage(S, p, new) + card_trap_damage(S, p, far)


@njit
def step_on(S, T, O, ev, p, z):
    """p's card enters zone z: its damage tokens hurt p (R-STEP, D-TOKENS).

    Returns 1 when a crow token lay there (it is removed; the caller decides
    whether it cancels an effect, H-CROW, or is destroyed without effect)."""
    base = pb(p)
    tokens = zone_trap_damage(S, p, z)
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
    ej_tokens = card_trap_damage(S, p, far)
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


@njit
def penalty_for(S, T, O, d, colour, damage):
    """R-PENALTY, D-PENALTY: the extra damage of a hit of `colour` on defender d, whose
    card deals `damage` after its power tokens: none for a 0-damage card, else 2 once
    (O_PENALTY_EACH: 2 for each) if d has cards of that colour in block state now."""
    if damage <= 0:
        return 0
    blocked = count_blocked_colour(S, T, d, colour)
    if blocked == 0:
        return 0
    return 2 * blocked if O[O_PENALTY_EACH] == 1 else 2


@njit
def hit_damage(S, T, O, a, card, pp, pm):
    """R-DAMAGE: (damage before blocks, its R-PENALTY part) of a hit by attacker a with
    `card` carrying pp / pm power tokens (E-POWER), H-KUNGFU's +1 included. The board it
    reads is the defender's before the hit; S may be a seat's observation."""
    base = card_damage(T, card, pp, pm)
    penalty = penalty_for(S, T, O, 1 - a, T[card, CF_COLOUR], base)
    return base + heroes.hit_bonus(S, T, O, a) + penalty, penalty


@njit
def zone_hit_damage(S, T, O, a, z):
    """hit_damage of the card on a's zone z, were a play to eject it and hit now (do_play
    carries its power tokens along)."""
    base = pb(a)
    return hit_damage(S, T, O, a, S[base + P_ZCARD + z], S[base + P_CPP + z], S[base + P_CPM + z])


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
        damage, penalty = hit_damage(S, T, O, a, S[RES_EJECTED], S[RES_EJ_PP], S[RES_EJ_PM])
        S[RES_PENALTY] = penalty
        S[RES_DAMAGE] = damage
        S[RES_BLOCKS] = 0
    return hit


@njit
def block_allowed(O, damage, blocks):
    """D-BLOCK: may the defender block (once more) with `damage` left after `blocks`
    blocks of this hit? Only while damage is left (O_BLOCK_ZERO: also once at 0)."""
    return damage >= 1 or (O[O_BLOCK_ZERO] == 1 and blocks == 0)


@njit
def damage_after_block(damage):
    """R-BLOCK: each block takes 1 off the damage, never below 0."""
    return damage - 1 if damage > 0 else 0


@njit
def may_block_card(S, T, O, d, z, colour):
    """Could defender d block a hit of `colour` with the card on zone z? A card in attack
    state of that colour (R-BLOCK, R-BLOCKED), or of any colour for a furious Master of
    masters (H-MASTER); never a furious Kung-fu (H-KUNGFU). S may be an observation."""
    if not heroes.may_block_hero(S, T, O, d):
        return False
    base = pb(d)
    c = S[base + P_ZCARD + z]
    if c == NO_CARD or S[base + P_ZBLOCK + z] == 1:
        return False
    if T[c, CF_COLOUR] == colour:
        return True
    return heroes.blocks_any_colour(S, T, O, d, c)


@njit
def may_block_with(S, T, O, d, z):
    """Can defender d move the card on zone z to block state now? (R-BLOCK, D-BLOCK)"""
    if S[RES_NO_BLOCK] == 1 or not block_allowed(O, S[RES_DAMAGE], S[RES_BLOCKS]):
        return False
    return may_block_card(S, T, O, d, z, T[S[RES_EJECTED], CF_COLOUR])


@njit_inline
def do_block(S, T, O, ev, d, z):
    """The card on zone z goes to block state; the damage drops by 1 (R-BLOCK)."""
    S[pb(d) + P_ZBLOCK + z] = 1
    S[RES_DAMAGE] = damage_after_block(S[RES_DAMAGE])
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
def board_counter_ready(S, T, O, p):
    """R-COUNTER's public half: p may counter (not a furious Kung-fu, H-KUNGFU) and has a
    ready board dragon on either side. S may be an observation (the hand is the rest)."""
    if not heroes.may_counter_hero(S, T, O, p):
        return False
    return board_dragon_ready(S, T, p, 0) or board_dragon_ready(S, T, p, 1)


@njit
def may_counter(S, T, O, p):
    """Has p any dragon counter now: a ready board dragon and a dragon in hand?"""
    if not board_counter_ready(S, T, O, p):
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
