"""The masters' techniques that are decisions, and fury's choice (hero mode on).

F-CHOOSE, H-CROW, H-WIND, H-POISON, H-BUSHIDO, H-EARTH, H-ILLUSION and the
decisions D-CHOOSE, D-CROW, D-WIND, D-POISON, D-BUSHIDO, D-EARTH, D-ILLUSION.
Techniques work only while furious (F-STATE), except that crow tokens stay.
The passive ones (H-KUNGFU, H-MASTER) are hooks in games/emr/rules/heroes.py.
"""

from emr_sim.games.emr.codes import (
    A_PASS,
    A_TARGET,
    CF_DRAGON,
    CF_EFFECT,
    DK_CROW,
    DK_ILLUSION,
    DK_NONE,
    DK_WIND,
    E_CHOOSE,
    E_TECHNIQUE,
    EFFECT_NONE,
    HERO_BUSHIDO,
    HERO_CROW,
    HERO_EARTH,
    HERO_ILLUSION,
    HERO_WIND,
    MAX_CROWS,
    N_ZONES,
    NO_CARD,
    P_ASIDE,
    P_ASIDE_N,
    P_CDMG,
    P_FURY,
    P_HAND,
    P_HAND_N,
    P_POISON,
    P_ZBLOCK,
    P_ZCARD,
    P_ZCROW,
    RES_BUSHIDO,
    RES_CHOSEN,
    RES_COPY_DEPTH,
    RES_DAMAGE,
    RES_EFFECT,
    RES_EFFECT_OWNER,
    RES_EFFECT_SRC,
    RES_NO_BLOCK,
    RES_PLAYED,
    RES_TECH_DONE,
    RES_WIND,
    SRC_POISON,
    SRC_WIND,
    TARGET_SPAN,
    TECH_BUSHIDO,
    TECH_CHOOSE,
    TECH_EARTH,
    TECH_START,
)
from emr_sim.games.emr.options import (
    O_BUSHIDO_EARLY,
    O_CHOOSE_ON_BOARD,
    O_ILLUSION_STAY,
    O_POISON_AFTER_LIMIT,
)
from emr_sim.games.emr.rules.combat import step_on
from emr_sim.games.emr.rules.core import (
    cards_available,
    deal_damage,
    discard_card,
    emit,
    list_remove,
    pair_left,
    pb,
    played_on_board,
    shift_pair,
    take_top,
    target_sub,
)
from emr_sim.games.emr.rules.heroes import furious_as
from emr_sim.jit import njit, njit_inline

HAND_LIMIT = 4


# ---------------------------------------------------------------- start of the turn


@njit
def crow_zone_free(S, q, z):
    """D-CROW: a crow token may go on q's zone z (no card, no crow token there)."""
    base = pb(q)
    return S[base + P_ZCARD + z] == NO_CARD and S[base + P_ZCROW + z] == 0


@njit_inline
def crow_count(S, q):
    """Crow tokens on q's board (all of them are the opponent's, D-CROW)."""
    n = 0
    for z in range(N_ZONES):
        n += S[pb(q) + P_ZCROW + z]
    return n


@njit_inline
def start_technique(S, T, O, a):
    """The start-of-turn technique the active player may use now (R-TURN), or DK_NONE."""
    if S[RES_TECH_DONE] & TECH_START:
        return DK_NONE
    if furious_as(S, a, HERO_CROW) and crow_count(S, 1 - a) < MAX_CROWS:
        for z in range(N_ZONES):
            if crow_zone_free(S, 1 - a, z):
                return DK_CROW
    if furious_as(S, a, HERO_WIND) and cards_available(S, O) > 0:
        return DK_WIND
    if furious_as(S, a, HERO_ILLUSION):
        return DK_ILLUSION
    return DK_NONE


@njit_inline
def crow_targets(S, a, out, n):
    """H-CROW: every free zone of the opponent's board (D-CROW)."""
    for z in range(N_ZONES):
        if crow_zone_free(S, 1 - a, z):
            out[n] = A_TARGET + (1 - a) * TARGET_SPAN + z
            n += 1
    return n


@njit_inline
def illusion_targets(S, O, a, out, n):
    """H-ILLUSION: any two adjacent zones (D-ILLUSION: where they stand too, by option)."""
    z = pair_left(S, a)
    for left in range(N_ZONES - 1):
        if left != z or O[O_ILLUSION_STAY] == 1:
            out[n] = A_TARGET + a * TARGET_SPAN + left
            n += 1
    return n


@njit_inline
def place_crow(S, ev, a, code):
    z = target_sub(code)
    S[pb(1 - a) + P_ZCROW + z] = 1
    emit(ev, E_TECHNIQUE, a, HERO_CROW, z, 0, 0)


@njit_inline
def reveal_wind(S, T, O, ev, a):
    """H-WIND: reveal the top card; a dragon hurts a for 1, else its effect is pending.
    Returns True when an effect waits for its target (RES_EFFECT)."""
    card = take_top(S, T, O, ev)
    if card == NO_CARD:
        return False
    emit(ev, E_TECHNIQUE, a, HERO_WIND, card, 0, 0)
    if T[card, CF_DRAGON] == 1:
        discard_card(S, T, card)
        deal_damage(S, T, O, ev, a, 1, SRC_WIND, card)
        return False
    if T[card, CF_EFFECT] == EFFECT_NONE:
        discard_card(S, T, card)
        return False
    S[RES_WIND] = card  # held by the reveal until its effect is done
    S[RES_EFFECT] = T[card, CF_EFFECT]
    S[RES_EFFECT_SRC] = card
    S[RES_EFFECT_OWNER] = a
    return True


@njit_inline
def finish_wind(S, T):
    """The revealed card is discarded once its effect is applied or declined."""
    if S[RES_WIND] != NO_CARD:
        discard_card(S, T, S[RES_WIND])
        S[RES_WIND] = NO_CARD
        S[RES_COPY_DEPTH] = 0  # a copy made through the reveal leaves no trace on the turn


@njit
def jump(S, T, O, ev, a, left):
    """H-ILLUSION: both cards, order kept, to (left, left+1); blocked cards unblock;
    tokens passed over are untouched, tokens where the cards land are stepped on."""
    emit(ev, E_TECHNIQUE, a, HERO_ILLUSION, left, pair_left(S, a), 0)
    z = shift_pair(S, a, left)
    base = pb(a)
    S[base + P_ZBLOCK + left] = 0
    S[base + P_ZBLOCK + left + 1] = 0
    for k in range(2):
        if not (z <= left + k <= z + 1):
            step_on(S, T, O, ev, a, left + k)  # a crow token there is destroyed without effect


# ---------------------------------------------------------------- during a play


@njit_inline
def earth_offer(S, T, O, a):
    """H-EARTH: each play that ejects a card may draw 1 to set aside, before the hit check."""
    if S[RES_TECH_DONE] & TECH_EARTH:
        return False
    S[RES_TECH_DONE] |= TECH_EARTH
    return furious_as(S, a, HERO_EARTH) and cards_available(S, O) > 0


@njit_inline
def earth_draw(S, T, O, ev, a):
    card = take_top(S, T, O, ev)
    if card == NO_CARD:
        return
    base = pb(a)
    S[base + P_ASIDE + S[base + P_ASIDE_N]] = card
    S[base + P_ASIDE_N] += 1
    emit(ev, E_TECHNIQUE, a, HERO_EARTH, card, 0, 0)


@njit
def bushido_offer(S, T, O, a, early):
    """H-BUSHIDO (D-BUSHIDO): offered once per hit that would deal 1 or more, right after
    the hit check (early) or after the defender's answer (option)."""
    if S[RES_TECH_DONE] & TECH_BUSHIDO or (O[O_BUSHIDO_EARLY] == 1) != early:
        return False
    if not furious_as(S, a, HERO_BUSHIDO) or S[RES_DAMAGE] < 1:
        return False
    S[RES_TECH_DONE] |= TECH_BUSHIDO
    return True


@njit_inline
def bushido_targets(S, a, out, n):
    """D-BUSHIDO: the token goes on one of the defender's cards."""
    d = 1 - a
    for z in range(N_ZONES):
        if S[pb(d) + P_ZCARD + z] != NO_CARD:
            out[n] = A_TARGET + d * TARGET_SPAN + z
            n += 1
    return n


@njit
def choose_bushido(S, ev, a, code):
    """The token instead of the damage; the defender may then only take it or counter."""
    z = target_sub(code)
    card = S[pb(1 - a) + P_ZCARD + z]
    S[RES_BUSHIDO] = card
    S[RES_NO_BLOCK] = 1
    emit(ev, E_TECHNIQUE, a, HERO_BUSHIDO, card, z, 0)


@njit_inline
def bushido_token(S, a):
    """Put the chosen token on its card, if that card is still on the defender's board."""
    card = S[RES_BUSHIDO]
    base = pb(1 - a)
    for z in range(N_ZONES):
        if S[base + P_ZCARD + z] == card:
            S[base + P_CDMG + z] += 1


@njit_inline
def choose_offer(S, T, O, a):
    """F-CHOOSE: a furious player may apply the played card's effect instead (D-CHOOSE:
    while it is still on the board). A crow token does not cancel this choice."""
    if S[RES_TECH_DONE] & TECH_CHOOSE:
        return False
    S[RES_TECH_DONE] |= TECH_CHOOSE
    if S[pb(a) + P_FURY] == 0 or S[RES_PLAYED] == NO_CARD:
        return False
    if T[S[RES_PLAYED], CF_EFFECT] == EFFECT_NONE:
        return False
    return O[O_CHOOSE_ON_BOARD] == 0 or played_on_board(S, a)


@njit_inline
def apply_choose(S, ev, a, code):
    if code != A_PASS:
        S[RES_CHOSEN] = 1
        emit(ev, E_CHOOSE, a, S[RES_PLAYED], 0, 0, 0)


# ---------------------------------------------------------------- end of the turn


@njit
def poison_check(S, T, O, ev, a, after_limit):
    """H-POISON: a poisoned player ending the turn with 4 cards takes 1 (D-POISON: checked
    after the hand-limit discards, or before them by option)."""
    if (O[O_POISON_AFTER_LIMIT] == 1) != after_limit:
        return
    base = pb(a)
    cards = S[base + P_HAND_N] + (0 if after_limit else S[base + P_ASIDE_N])  # Earth's join
    if S[base + P_POISON] == 1 and cards >= HAND_LIMIT:
        deal_damage(S, T, O, ev, a, 1, SRC_POISON, 0)


@njit_inline
def join_aside(S, a):
    """H-EARTH: the set-aside cards join the hand when the turn ends."""
    base = pb(a)
    for k in range(S[base + P_ASIDE_N]):
        n = S[base + P_HAND_N]
        S[base + P_HAND + n] = S[base + P_ASIDE + k]
        S[base + P_HAND_N] = n + 1
        S[base + P_ASIDE + k] = NO_CARD
    S[base + P_ASIDE_N] = 0


@njit_inline
def aside_remove(S, a, card):
    """H-EARTH: a set-aside card is discarded at the turn end."""
    list_remove(S, pb(a) + P_ASIDE_N, pb(a) + P_ASIDE, card)
