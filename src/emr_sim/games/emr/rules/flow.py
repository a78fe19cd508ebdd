"""The turn as a state machine: advance to the next decision, apply an action.

RES_STEP says where the engine resumes; H_PHASE / H_DECIDER say which
decision is pending and who takes it (DK_NONE once the game is over).
"""

from emr_sim.games.emr.codes import (
    A_BLOCK,
    A_COUNTER,
    A_DISCARD,
    A_DRAW,
    A_PASS,
    A_PLAY,
    CF_EFFECT,
    DK_BLOCK_MORE,
    DK_BUSHIDO,
    DK_COUNTER_BACK,
    DK_CROW,
    DK_DEFEND,
    DK_DISCARD,
    DK_EARTH_DISCARD,
    DK_EARTH_DRAW,
    DK_EFFECT,
    DK_EXTRA,
    DK_FURY_CHOOSE,
    DK_ILLUSION,
    DK_NONE,
    DK_TOKEN_MOVE,
    DK_TURN,
    DK_WIND,
    E_CANCEL,
    E_DECLINE,
    E_DISCARD,
    E_EXTRA,
    E_NO_EFFECT,
    E_PASS,
    E_TAKE,
    EFFECT_NONE,
    EFFECT_SWAP,
    EXTRA_BUSHIDO,
    EXTRA_PAIR,
    EXTRA_WIND,
    H_ACTIVE,
    H_DECIDER,
    H_DECISIONS,
    H_PHASE,
    N_ZONES,
    NO_CARD,
    P_ASIDE_N,
    P_HAND_N,
    RES_BLOCKS,
    RES_BUSHIDO,
    RES_CANCELLED,
    RES_CHOSEN,
    RES_COPY_DEPTH,
    RES_COUNTERS,
    RES_DAMAGE,
    RES_EFFECT,
    RES_EFFECT_OWNER,
    RES_EFFECT_SRC,
    RES_EJECTED,
    RES_EXTRA,
    RES_HIT,
    RES_IN_EXTRA,
    RES_LAST_COUNTER,
    RES_NO_BLOCK,
    RES_PENALTY,
    RES_PLAYED,
    RES_STEP,
    RES_TECH_DONE,
    RES_WIND,
    STEP_ACTION,
    STEP_AFTER_DRAW,
    STEP_DAMAGE,
    STEP_DEFENCE,
    STEP_EARTH,
    STEP_EFFECT,
    STEP_HIT,
    STEP_PAIR,
    STEP_TECHNIQUES,
    STEP_TURN_END,
    STEP_TURN_START,
    TECH_PLAY_BITS,
    TECH_POISON,
    TECH_START,
    TECH_WIND_EXTRA,
)
from emr_sim.games.emr.options import (
    FURY_OWN_TURN_END,
    FURY_TURN_START,
    O_EXTRA_MAX,
    O_FURY_TIMING,
    O_PAIR_CHECK,
    O_WIND_EXTRA,
    PAIR_ON_PLAY,
)
from emr_sim.games.emr.rules import heroes
from emr_sim.games.emr.rules import techniques as tech
from emr_sim.games.emr.rules.combat import (
    do_block,
    do_counter,
    do_play,
    hit_check,
    may_block_with,
    may_counter,
    pair_formed,
    take_hit,
)
from emr_sim.games.emr.rules.core import (
    cards_available,
    discard_card,
    emit,
    game_over,
    hand_remove,
    pb,
    played_on_board,
    target_player,
    target_sub,
)
from emr_sim.games.emr.rules.effects import apply_effect, effect_has_target
from emr_sim.games.emr.rules.legal import has_defence
from emr_sim.games.emr.rules.turn import (
    HAND_LIMIT,
    clear_resolution,
    do_draw,
    do_token_move,
    draw_count,
    has_token_move,
    start_turn,
)
from emr_sim.jit import njit, njit_entry, njit_inline

RES_CLEAR = (
    RES_HIT,
    RES_DAMAGE,
    RES_PENALTY,
    RES_BLOCKS,
    RES_COUNTERS,
    RES_CANCELLED,
    RES_EFFECT,
    RES_EFFECT_SRC,
    RES_COPY_DEPTH,
    RES_EXTRA,
    RES_NO_BLOCK,
    RES_EFFECT_OWNER,
    RES_CHOSEN,
)


@njit
def ask(S, kind, player):
    """Pause on a decision of `kind` taken by `player`."""
    S[H_PHASE] = kind
    S[H_DECIDER] = player


@njit
def any_legal(S, T, O, kind, p):
    """Is there a legal action other than passing? (no allocation: this runs every step)"""
    if kind == DK_TOKEN_MOVE:
        return has_token_move(S, p)
    if kind == DK_EFFECT:
        return effect_has_target(S, T, O, S[RES_EFFECT])
    # DK_TURN / DK_EXTRA; R-PLAY: a pair always has an open side
    return S[pb(p) + P_HAND_N] > 0 or cards_available(S, O) > 0


@njit
def finish_play(S, T):
    """The ejected card leaves play (discard pile, or out of the game for a bow)."""
    if S[RES_EJECTED] >= 0:
        discard_card(S, T, S[RES_EJECTED])
    for k in RES_CLEAR:
        S[k] = 0
    S[RES_TECH_DONE] &= ~TECH_PLAY_BITS
    clear_resolution(S)


@njit_inline
def step_turn_start(S, T, O, ev):
    if not start_turn(S, T, O, ev):
        return
    if O[O_FURY_TIMING] == FURY_TURN_START:  # F-STATE / D-FURY-TIMING
        heroes.update_fury(S, T, O, ev, 0)
        heroes.update_fury(S, T, O, ev, 1)
    S[RES_IN_EXTRA] = 0
    S[RES_TECH_DONE] = 0
    S[RES_STEP] = STEP_TECHNIQUES


@njit_inline
def step_techniques(S, T, O, ev):
    """R-TURN: a furious Crow, Wind or Illusion may use its technique before acting."""
    tech.finish_wind(S, T)
    a = S[H_ACTIVE]
    kind = tech.start_technique(S, T, O, a)
    if kind != DK_NONE:
        S[RES_TECH_DONE] |= TECH_START
        ask(S, kind, a)
        return True
    S[RES_STEP] = STEP_ACTION
    return False


@njit_inline
def step_action(S, T, O, ev):
    """R-TURN / R-EXTRA: ask for the action, or pass when there is none (D-DECKOUT)."""
    a = S[H_ACTIVE]
    kind = DK_EXTRA if S[RES_IN_EXTRA] > 0 else DK_TURN
    if any_legal(S, T, O, kind, a):
        ask(S, kind, a)
        return True
    emit(ev, E_PASS, a, 0, 0, 0, 0)
    S[RES_STEP] = STEP_TURN_END
    return False


@njit_inline
def step_defence(S, T, O, ev):
    """After a hit: H-BUSHIDO's early choice, then R-DEFEND (the defender is asked only
    when they can block or counter)."""
    a = S[H_ACTIVE]
    if tech.bushido_offer(S, T, O, a, True):
        ask(S, DK_BUSHIDO, a)
        return True
    S[RES_STEP] = STEP_DAMAGE
    d = 1 - a
    if has_defence(S, T, O, d):
        ask(S, DK_DEFEND, d)
        return True
    return False


@njit_inline
def step_damage(S, T, O, ev):
    """R-DAMAGE, or H-BUSHIDO's token instead (then an extra action)."""
    a = S[H_ACTIVE]
    if tech.bushido_offer(S, T, O, a, False):
        ask(S, DK_BUSHIDO, a)
        return True
    if S[RES_BUSHIDO] != NO_CARD:
        tech.bushido_token(S, a)
        S[RES_EXTRA] |= EXTRA_BUSHIDO
    else:
        take_hit(S, T, O, ev)
    S[RES_STEP] = STEP_EFFECT
    return False


@njit_inline
def step_effect(S, T, O, ev):
    """R-EFFECT: the ejected card's effect unless cancelled, or the played card's
    (F-CHOOSE, not cancelled by a crow token); ask for its target."""
    a = S[H_ACTIVE]
    if tech.choose_offer(S, T, O, a):
        ask(S, DK_FURY_CHOOSE, a)
        return True
    S[RES_STEP] = STEP_PAIR
    src = S[RES_PLAYED] if S[RES_CHOSEN] == 1 else S[RES_EJECTED]
    if S[RES_CANCELLED] != 0 and S[RES_CHOSEN] == 0:
        return False
    eff = T[src, CF_EFFECT]
    if eff == EFFECT_NONE:
        return False
    S[RES_EFFECT] = eff
    S[RES_EFFECT_SRC] = src
    S[RES_EFFECT_OWNER] = a
    return offer_effect(S, T, O, ev)


@njit
def offer_effect(S, T, O, ev):
    """Ask the owner for a target of RES_EFFECT, or note that it has none."""
    if any_legal(S, T, O, DK_EFFECT, S[RES_EFFECT_OWNER]):
        ask(S, DK_EFFECT, S[RES_EFFECT_OWNER])
        return True
    emit(ev, E_NO_EFFECT, S[RES_EFFECT_OWNER], S[RES_EFFECT_SRC], S[RES_EFFECT], 0, 0)
    S[RES_EFFECT] = EFFECT_NONE
    return False


@njit_inline
def step_pair(S, T, O, ev):
    """R-PAIR (D-PAIR-NOW, D-EXTRA): the extra action, then the play is over."""
    a = S[H_ACTIVE]
    if O[O_PAIR_CHECK] != PAIR_ON_PLAY and played_on_board(S, a) and pair_formed(S, T, a):
        S[RES_EXTRA] |= EXTRA_PAIR  # D-PAIR-NOW; D-COUNTER: a counter-back that discarded it gives none
    causes = S[RES_EXTRA]
    earned = (causes & EXTRA_PAIR) + (causes & EXTRA_BUSHIDO) // EXTRA_BUSHIDO
    if earned > O[O_EXTRA_MAX]:  # D-EXTRA: one play gives at most one extra action
        earned = O[O_EXTRA_MAX]
    finish_play(S, T)
    if earned > 0:
        emit(ev, E_EXTRA, a, earned, causes, 0, 0)
        S[RES_IN_EXTRA] += earned
    S[RES_STEP] = STEP_ACTION if S[RES_IN_EXTRA] > 0 else STEP_TURN_END


@njit_inline
def step_turn_end(S, T, O, ev):
    """H-EARTH's set-aside cards join the hand, R-HANDLIMIT, H-POISON, the next turn."""
    a = S[H_ACTIVE]
    if S[RES_TECH_DONE] & TECH_WIND_EXTRA:  # D-WIND option: the revealed swap's pair
        S[RES_TECH_DONE] &= ~TECH_WIND_EXTRA
        emit(ev, E_EXTRA, a, 1, EXTRA_WIND, 0, 0)
        S[RES_IN_EXTRA] = 1
        S[RES_STEP] = STEP_ACTION
        return False
    base = pb(a)
    if not S[RES_TECH_DONE] & TECH_POISON:  # D-POISON option: before the limit (set-aside included)
        S[RES_TECH_DONE] |= TECH_POISON
        tech.poison_check(S, T, O, ev, a, False)
    if S[base + P_ASIDE_N] > 0:
        if S[base + P_HAND_N] + S[base + P_ASIDE_N] > HAND_LIMIT:
            ask(S, DK_EARTH_DISCARD, a)
            return True
        tech.join_aside(S, a)
    if S[base + P_HAND_N] > HAND_LIMIT:
        ask(S, DK_DISCARD, a)
        return True
    tech.poison_check(S, T, O, ev, a, True)
    if O[O_FURY_TIMING] == FURY_OWN_TURN_END:
        heroes.update_fury(S, T, O, ev, a)
    S[H_ACTIVE] = 1 - a
    S[RES_IN_EXTRA] = 0
    S[RES_STEP] = STEP_TURN_START
    return False


@njit_entry
def advance(S, T, O, ev):
    """Run the automatic steps until a decision is pending or the game is over."""
    while True:
        if game_over(S):
            S[H_PHASE] = DK_NONE
            return
        step = S[RES_STEP]
        if step == STEP_TURN_START:
            step_turn_start(S, T, O, ev)
        elif step == STEP_TECHNIQUES:
            if step_techniques(S, T, O, ev):
                return
        elif step == STEP_ACTION:
            if step_action(S, T, O, ev):
                return
        elif step == STEP_AFTER_DRAW:
            S[RES_STEP] = STEP_TURN_END
            if any_legal(S, T, O, DK_TOKEN_MOVE, S[H_ACTIVE]):
                ask(S, DK_TOKEN_MOVE, S[H_ACTIVE])
                return
        elif step == STEP_EARTH:
            if tech.earth_offer(S, T, O, S[H_ACTIVE]):
                ask(S, DK_EARTH_DRAW, S[H_ACTIVE])
                return
            S[RES_STEP] = STEP_HIT
        elif step == STEP_HIT:
            S[RES_STEP] = STEP_DEFENCE if hit_check(S, T, O, ev) == 1 else STEP_EFFECT
        elif step == STEP_DEFENCE:
            if step_defence(S, T, O, ev):
                return
        elif step == STEP_DAMAGE:
            if step_damage(S, T, O, ev):
                return
        elif step == STEP_EFFECT:
            if step_effect(S, T, O, ev):
                return
        elif step == STEP_PAIR:
            step_pair(S, T, O, ev)
        else:  # STEP_TURN_END
            if step_turn_end(S, T, O, ev):
                return


@njit_inline
def apply_turn_action(S, T, O, ev, a, code, extra):
    """DK_TURN / DK_EXTRA: draw (ends the turn) or play."""
    if extra:
        S[RES_IN_EXTRA] -= 1
    if code == A_DRAW:
        do_draw(S, T, O, ev, a, draw_count(S[pb(a) + P_HAND_N], extra))
        S[RES_IN_EXTRA] = 0  # drawing ends the turn (R-DRAW), extra actions owed included
        S[RES_TECH_DONE] &= ~TECH_WIND_EXTRA
        S[RES_STEP] = STEP_AFTER_DRAW
        return
    rel = code - A_PLAY
    do_play(S, T, O, ev, a, rel // 2, rel % 2)
    if O[O_PAIR_CHECK] == PAIR_ON_PLAY and pair_formed(S, T, a):
        S[RES_EXTRA] |= EXTRA_PAIR
    S[RES_STEP] = STEP_EARTH


@njit
def end_counter_chain(S, T, O, ev):
    """R-COUNTER: the last counter decides. The defender's cancels attack and effect
    and ends the attacker's turn; the attacker's lets the hit through unblocked."""
    a = S[H_ACTIVE]
    if S[RES_LAST_COUNTER] == a:
        S[RES_NO_BLOCK] = 1
        S[RES_STEP] = STEP_DAMAGE
        return
    emit(ev, E_CANCEL, 1 - a, S[RES_EJECTED], S[RES_COUNTERS], 0, 0)
    finish_play(S, T)
    S[RES_IN_EXTRA] = 0
    S[RES_STEP] = STEP_TURN_END


@njit
def counter_and_continue(S, T, O, ev, p, code):
    """p counters; the other side may counter back, and so on."""
    rel = code - A_COUNTER
    do_counter(S, T, O, ev, p, rel // 2, rel % 2)
    if game_over(S):
        return
    if may_counter(S, T, O, 1 - p):
        ask(S, DK_COUNTER_BACK, 1 - p)
    else:
        end_counter_chain(S, T, O, ev)


@njit_inline
def block_and_continue(S, T, O, ev, d, code):
    do_block(S, T, O, ev, d, code - A_BLOCK)
    for z in range(N_ZONES):
        if may_block_with(S, T, O, d, z):
            ask(S, DK_BLOCK_MORE, d)
            return


@njit_inline
def apply_effect_choice(S, T, O, ev, code):
    """DK_EFFECT: decline, or apply at a target (E-COPY continues with the copied effect)."""
    owner = S[RES_EFFECT_OWNER]
    if code == A_PASS:
        emit(ev, E_DECLINE, owner, S[RES_EFFECT], S[RES_EFFECT_SRC], 0, 0)
        S[RES_EFFECT] = EFFECT_NONE
        return
    effect = S[RES_EFFECT]
    nxt = apply_effect(S, T, O, ev, owner, effect, code)
    S[RES_EFFECT] = nxt
    if nxt != EFFECT_NONE:
        offer_effect(S, T, O, ev)
    elif S[RES_WIND] != NO_CARD and effect == EFFECT_SWAP and O[O_WIND_EXTRA] == 1:
        own_board = target_player(code) == owner
        if own_board and pair_formed(S, T, owner):  # D-WIND option: the revealed swap's pair
            S[RES_TECH_DONE] |= TECH_WIND_EXTRA


@njit_inline
def apply_technique(S, T, O, ev, kind, p, code):
    """The hero decisions: F-CHOOSE, H-CROW, H-WIND, H-ILLUSION, H-BUSHIDO, H-EARTH."""
    if kind == DK_EARTH_DISCARD:
        card = code - A_DISCARD
        tech.aside_remove(S, p, card)
        discard_card(S, T, card)
        emit(ev, E_DISCARD, p, card, 1, 0, 0)
    elif code == A_PASS:
        return
    elif kind == DK_FURY_CHOOSE:
        tech.apply_choose(S, ev, p, code)
    elif kind == DK_CROW:
        tech.place_crow(S, ev, p, code)
    elif kind == DK_WIND:
        if tech.reveal_wind(S, T, O, ev, p):
            offer_effect(S, T, O, ev)
    elif kind == DK_ILLUSION:
        tech.jump(S, T, O, ev, p, target_sub(code))
    elif kind == DK_BUSHIDO:
        tech.choose_bushido(S, ev, p, code)
    elif kind == DK_EARTH_DRAW:
        tech.earth_draw(S, T, O, ev, p)


@njit_entry
def apply_action(S, T, O, ev, code):
    """Apply the decider's action `code` (assumed legal) and advance the game."""
    kind = S[H_PHASE]
    p = S[H_DECIDER]
    S[H_PHASE] = DK_NONE
    S[H_DECISIONS] += 1
    if kind == DK_TURN or kind == DK_EXTRA:
        apply_turn_action(S, T, O, ev, p, code, kind == DK_EXTRA)
    elif kind == DK_TOKEN_MOVE:
        if code != A_PASS:
            do_token_move(S, ev, p, code)
    elif kind == DK_DEFEND or kind == DK_BLOCK_MORE:
        if code == A_PASS:
            if kind == DK_DEFEND:
                bushido = S[RES_BUSHIDO] != NO_CARD  # the token, not the damage, is taken
                emit(ev, E_TAKE, p, 0 if bushido else S[RES_DAMAGE], 1 if bushido else 0, 0, 0)
        elif code >= A_BLOCK:
            block_and_continue(S, T, O, ev, p, code)
        else:
            counter_and_continue(S, T, O, ev, p, code)
    elif kind == DK_COUNTER_BACK:
        if code == A_PASS:
            end_counter_chain(S, T, O, ev)
        else:
            counter_and_continue(S, T, O, ev, p, code)
    elif kind == DK_EFFECT:
        apply_effect_choice(S, T, O, ev, code)
    elif kind == DK_DISCARD:
        card = code - A_DISCARD
        hand_remove(S, p, card)
        discard_card(S, T, card)
        emit(ev, E_DISCARD, p, card, 0, 0, 0)
    else:
        apply_technique(S, T, O, ev, kind, p, code)
    if S[H_PHASE] == DK_NONE:
        advance(S, T, O, ev)
