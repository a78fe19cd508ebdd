"""The greedy heuristic player: the best immediate outcome, from its observation only.

It scores each legal action: hits and their damage (minus the blocks the
defender shows and the chance of a dragon counter), extra actions from pairs,
self-damage from tokens, and the chance that the opponent hits the defence it
leaves, estimated from the cards it has not seen (D-HIDDEN). Effects, token
moves and discards are chosen by a small static evaluation of the boards. Every
weight and threshold is an entry of W, the seat's parameter vector (games/emr/players/params.py).
"""

from emr_sim.games.emr.codes import (
    A_BLOCK,
    A_COUNTER,
    A_DISCARD,
    A_DRAW,
    A_PASS,
    A_PLAY,
    A_TOKEN,
    CF_COLOUR,
    CF_DRAGON,
    CF_EFFECT,
    CF_LEFT,
    CF_RIGHT,
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
    DK_TOKEN_MOVE,
    DK_TURN,
    DK_WIND,
    EFFECT_NONE,
    H_HERO_MODE,
    H_PHASE,
    HERO_KUNGFU,
    N_ZONES,
    P_HAND_N,
    P_HEALTH,
    P_HERO,
    P_POISON,
    P_ZBLOCK,
    P_ZCARD,
    P_ZDMG,
    RES_DAMAGE,
    RES_EFFECT,
    RES_EJECTED,
    TOKEN_CARD,
)
from emr_sim.games.emr.players import hero_policy as hp
from emr_sim.games.emr.players.evaluate import (
    DRAGON_COL,
    HIT_GAIN_COL,
    MISC_ROW,
    NO_NEEDS,
    NOT_A_TOKEN_EFFECT,
    PLAN_ROW,
    TRIAL_SPAN,
    board_eval,
    cached_threat,
    copy_span,
    counter_chance,
    effect_value,
    hit_estimate,
    keep_value,
    moved_eval,
    pair_needs,
    prepare_threats,
    token_effect_delta,
    token_value,
    unseen_counts,
    uses_needs,
)
from emr_sim.games.emr.players.params import (
    K_BLOCK_COST,
    K_COUNTER_BACK,
    K_COUNTER_COST,
    K_DRAW_CARD,
    K_EFFECT,
    K_EFFECT_MARGIN,
    K_HIT_BONUS,
    K_KEEP_DRAGON,
    K_KUNGFU_EXPOSED,
    K_KUNGFU_FURY,
    K_PAIR,
    K_POISON_FULL_HAND,
    K_THREAT,
    K_TOKEN_MOVE_MARGIN,
    K_WIN,
)
from emr_sim.games.emr.rules.combat import (
    board_counter_ready,
    damage_after_block,
    play_step_damage,
    play_zones,
)
from emr_sim.games.emr.rules.core import card_at, outer_value, pair_left, pb
from emr_sim.games.emr.rules.heroes import fury_colours
from emr_sim.games.emr.rules.turn import draw_count
from emr_sim.jit import njit_entry, njit_inline

POISON_HAND = 4  # H-POISON: the marker costs 1 health to a full hand at the turn end


@njit_inline
def hit_gain(obs, T, O, counts, me, far, W):
    """Expected value of a hit by the card on my zone `far`: the damage the rules deal
    less the blocks the defender shows (evaluate.hit_estimate: R-DAMAGE, R-PENALTY,
    H-KUNGFU, R-BLOCK, D-BLOCK, H-MASTER), if no counter stops it."""
    _dmg, net = hit_estimate(obs, T, O, me, far)
    survive = 1.0 - opponent_counter_chance(obs, T, O, counts, me)
    gain = survive * (net + W[K_HIT_BONUS])
    if net >= obs[pb(1 - me) + P_HEALTH]:
        gain += W[K_WIN] * survive
    return gain


@njit_inline
def opponent_counter_chance(obs, T, O, counts, me):
    """counter_chance of my opponent, once per decision (MISC_ROW col 0, -1: not yet)."""
    if counts[MISC_ROW, 0] < 0.0:
        counts[MISC_ROW, 0] = counter_chance(obs, T, O, counts, 1 - me)
    return counts[MISC_ROW, 0]


@njit_inline
def side_plan(obs, T, me, side, W):
    """What a play on `side` does whatever the card: (the card kept beside it, whether
    that card is blocked, the value of ejecting the far card before the hit); a side with
    no room (R-PLAY) has no legal play, and gets a plan that no play reads."""
    new, _far = play_zones(obs, me, side)
    if new < 0:
        return -1, False, -W[K_WIN]
    return plan_play(obs, T, me, side, W)


@njit_inline
def plan_play(obs, T, me, side, W):
    base = pb(me)
    z = pair_left(obs, me)
    new, far = play_zones(obs, me, side)
    keep_zone = z if side == 0 else z + 1
    keep = card_at(obs, me, keep_zone)
    self_dmg = play_step_damage(obs, me, new, far)  # R-STEP
    if self_dmg >= obs[base + P_HEALTH]:
        return keep, True, -W[K_WIN]
    value = -float(self_dmg)
    if T[card_at(obs, me, far), CF_EFFECT] != EFFECT_NONE:
        value += W[K_EFFECT]
    return keep, obs[base + P_ZBLOCK + keep_zone] == 1, value


@njit_inline
def side_hit_gain(obs, T, O, counts, me, side, W):
    """hit_gain of the card a play on `side` ejects, once per side and decision."""
    col = HIT_GAIN_COL + side
    if counts[PLAN_ROW, col] < 0.0:
        _new, far = play_zones(obs, me, side)
        counts[PLAN_ROW, col] = hit_gain(obs, T, O, counts, me, far, W)
    return counts[PLAN_ROW, col]


@njit_inline
def card_score(obs, T, O, counts, me, card, side, keep, keep_blocked, W):
    """The value of `card` beside `keep` on `side`, the hit aside: the pair, the defence
    it leaves, a dragon kept for a counter, Kung-fu's coming fury."""
    left_c, right_c = (card, keep) if side == 0 else (keep, card)
    score = 0.0
    if T[left_c, CF_RIGHT] == T[right_c, CF_LEFT] and not keep_blocked:  # R-PAIR
        score += W[K_PAIR]
    defence = T[left_c, CF_LEFT] + T[right_c, CF_RIGHT]
    score -= W[K_THREAT] * cached_threat(counts, defence)
    if T[card, CF_DRAGON] == 1 and my_dragon_ready(obs, T, O, counts, me):
        score -= W[K_KEEP_DRAGON]
    return score + kungfu_fury_value(obs, T, O, counts, me, left_c, right_c, defence, W)


@njit_inline
def draw_score(obs, T, counts, me, extra, W):
    hand = obs[pb(me) + P_HAND_N]
    n = draw_count(hand, extra)  # R-DRAW, R-EXTRA
    score = W[K_DRAW_CARD] * n - W[K_THREAT] * cached_threat(counts, outer_value(obs, T, me))
    if obs[pb(me) + P_POISON] == 1 and hand + n >= POISON_HAND:
        score -= W[K_POISON_FULL_HAND]  # H-POISON: ending the turn with 4 cards costs 1
    return score


@njit_inline
def kungfu_fury_value(obs, T, O, counts, me, left_c, right_c, defence, W):
    """H-KUNGFU: a same-colour pair (F-STATE, heroes.fury_colours) means fury next turn:
    +1 on hits, but no block or counter against the opponent's reply."""
    if obs[H_HERO_MODE] == 0 or obs[pb(me) + P_HERO] != HERO_KUNGFU:
        return 0.0
    if not fury_colours(T, O, left_c, right_c):
        return 0.0
    return W[K_KUNGFU_FURY] - W[K_KUNGFU_EXPOSED] * cached_threat(counts, defence)


@njit_entry
def choose_action(obs, T, O, me, legal, n, counts, extra, W):
    """DK_TURN / DK_EXTRA: the draw or play of the best immediate value. The parts of a
    score are worked out when a legal action first needs them (forget_plans)."""
    prepare_threats(obs, T, O, counts, me, W)
    forget_plans(counts)
    opp_defence = outer_value(obs, T, 1 - me)
    left_plan = side_plan(obs, T, me, 0, W)  # in registers: both sides are almost always
    right_plan = side_plan(obs, T, me, 1, W)  # played, and a memo's tests cost more
    best = legal[0]
    best_score = -1e18
    for k in range(n):
        code = legal[k]
        if code == A_DRAW:
            s = draw_score(obs, T, counts, me, extra, W)
        else:
            card = (code - A_PLAY) // 2
            side = (code - A_PLAY) % 2
            keep, blocked, value = left_plan if side == 0 else right_plan
            s = value
            if value > -W[K_WIN]:
                left_c, right_c = (card, keep) if side == 0 else (keep, card)
                if T[left_c, CF_RIGHT] + T[right_c, CF_LEFT] == opp_defence:  # R-HIT
                    s += side_hit_gain(obs, T, O, counts, me, side, W)
                s += card_score(obs, T, O, counts, me, card, side, keep, blocked, W)
        if s > best_score:
            best_score = s
            best = code
    return best


@njit_inline
def forget_plans(counts):
    """This decision's hit gains, counter chance and ready dragon: not yet."""
    for side in range(2):
        counts[PLAN_ROW, HIT_GAIN_COL + side] = -1.0
    counts[PLAN_ROW, DRAGON_COL] = -1.0
    counts[MISC_ROW, 0] = -1.0


@njit_inline
def my_dragon_ready(obs, T, O, counts, me):
    """combat.board_counter_ready of my board, once per decision (PLAN_ROW, DRAGON_COL)."""
    if counts[PLAN_ROW, DRAGON_COL] < 0.0:
        counts[PLAN_ROW, DRAGON_COL] = 1.0 if board_counter_ready(obs, T, O, me) else 0.0
    return counts[PLAN_ROW, DRAGON_COL] > 0.0


@njit_entry
def choose_defence(obs, T, O, me, legal, n, counts, use_techniques, W):
    """Take, block or counter: the least expected loss (R-DEFEND)."""
    dmg = obs[RES_DAMAGE]
    lethal = dmg >= obs[pb(me) + P_HEALTH]
    best = A_PASS
    win = W[K_WIN]
    best_score = -float(dmg) - (win if lethal else 0.0) - W[K_EFFECT]
    back = counter_chance(obs, T, O, counts, 1 - me)
    for k in range(n):
        code = legal[k]
        if code >= A_BLOCK and code < A_BLOCK + N_ZONES:
            if not use_techniques and off_colour(obs, T, me, code - A_BLOCK):
                continue  # H-MASTER's block with another colour is a technique
            left = damage_after_block(dmg)  # R-BLOCK: a block at 0 damage saves nothing
            s = (
                -float(left)
                - W[K_BLOCK_COST]
                - W[K_EFFECT]
                - (win if left >= obs[pb(me) + P_HEALTH] else 0.0)
            )
        elif code >= A_COUNTER and code < A_BLOCK:
            s = back * best_score - W[K_COUNTER_COST]
        else:
            continue
        if s > best_score:
            best_score = s
            best = code
    return best


@njit_inline
def off_colour(obs, T, me, z):
    return T[obs[pb(me) + P_ZCARD + z], CF_COLOUR] != T[obs[RES_EJECTED], CF_COLOUR]


@njit_inline
def choose_counter_back(obs, T, O, me, legal, n, W):
    """Counter back whenever it can (K_COUNTER_BACK = 1): it keeps the attack (or the
    cancel) on our side."""
    if int(W[K_COUNTER_BACK]) == 0:
        return A_PASS
    for k in range(n):
        if legal[k] != A_PASS:
            return legal[k]
    return A_PASS


@njit_inline
def choose_token_move(obs, T, O, me, legal, n, counts, W):
    """R-DRAW's token move: the one that most improves the boards' token terms (a move
    between my two cards changes nothing, so it never beats passing)."""
    best = A_PASS
    best_score = W[K_TOKEN_MOVE_MARGIN]
    for k in range(n):
        code = legal[k]
        rel = code - A_TOKEN
        if code == A_PASS or rel // 12 == TOKEN_CARD:
            continue
        z = (rel % 12) // 2
        nz = z - 1 if rel % 2 == 0 else z + 1
        s = token_value(obs, me, me, P_ZDMG, nz, 1, W) + token_value(obs, me, me, P_ZDMG, z, -1, W)
        if s > best_score:
            best_score = s
            best = code
    return best


@njit_entry
def choose_effect(obs, T, O, me, legal, n, counts, trial, ev, targets, W):
    """An effect's target: try each on a copy of the observation, keep the best. Each trial
    copies what it may change (TRIAL_SPAN) first; nothing reads the trial past it."""
    best = A_PASS
    if uses_needs(obs[RES_EFFECT]):  # the trials' side_needs, and this board_eval from them
        needs = pair_needs(obs, T, O, me)
        base = moved_eval(obs, counts, me, W, needs)
    else:
        needs = NO_NEEDS
        base = board_eval(obs, T, O, counts, me, W)
    best_score = base + W[K_EFFECT_MARGIN]
    for k in range(n):
        code = legal[k]
        if code == A_PASS:
            continue
        delta = token_effect_delta(obs, me, obs[RES_EFFECT], code, W)
        if delta != NOT_A_TOKEN_EFFECT:
            s = base + delta
        else:
            copy_span(trial, obs, TRIAL_SPAN)  # all that a trial effect changes
            ev[0, 0] = 0
            s = effect_value(trial, obs, T, O, ev, counts, targets, me, code, base, needs, W)
        if s > best_score:
            best_score = s
            best = code
    return best


@njit_inline
def choose_discard(obs, T, legal, n, W):
    """R-HANDLIMIT: discard the card least worth keeping."""
    best = legal[0]
    worst = 1e18
    for k in range(n):
        v = keep_value(T, legal[k] - A_DISCARD, W)
        if v < worst:
            worst = v
            best = legal[k]
    return best


@njit_entry
def choose_technique(obs, T, O, me, legal, n, scratch, kind, W):
    """The hero decisions, by games/emr/players/hero_policy.py."""
    counts, trial, ev, targets = scratch
    if kind == DK_FURY_CHOOSE:
        return hp.choose_fury(obs, T, O, me, counts, trial, ev, targets, W)
    if kind == DK_CROW:
        return hp.choose_crow(obs, T, O, me, legal, n, counts, W)
    if kind == DK_WIND:
        return hp.choose_wind(obs, me, W)
    if kind == DK_ILLUSION:
        return hp.choose_illusion(obs, T, O, me, legal, n, counts, trial, ev, W)
    if kind == DK_BUSHIDO:
        return hp.choose_bushido(obs, T, O, me, legal, n, counts, W)
    return hp.choose_earth_draw(obs, me, W)  # DK_EARTH_DRAW


@njit_inline
def uses_counts(kind):
    """Whether the choice at this kind of decision reads the unseen cards (the token move,
    counter back, Wind's reveal and Earth's draw do not: they skip counting them)."""
    return not (kind == DK_TOKEN_MOVE or kind == DK_COUNTER_BACK or kind == DK_WIND or kind == DK_EARTH_DRAW)


@njit_inline
def choose_greedy(obs, T, O, me, legal, n, scratch, use_techniques, W):
    """The greedy player's action at the pending decision of `obs`, with its scratch
    (evaluate.new_scratch) and parameter vector W (games/emr/players/params.py). Without
    use_techniques it never uses its master's technique (for measuring its worth)."""
    kind = obs[H_PHASE]
    counts, trial, ev, targets = scratch
    if n == 1:
        return legal[0]
    if kind == DK_DISCARD or kind == DK_EARTH_DISCARD:  # the legal cards: hand or set-aside
        return choose_discard(obs, T, legal, n, W)
    if uses_counts(kind):
        unseen_counts(obs, T, me, counts)
    if kind >= DK_FURY_CHOOSE:
        if not use_techniques and kind != DK_FURY_CHOOSE:
            return A_PASS  # the master's own technique; F-CHOOSE belongs to every furious player
        return choose_technique(obs, T, O, me, legal, n, scratch, kind, W)
    if kind == DK_TURN or kind == DK_EXTRA:
        return choose_action(obs, T, O, me, legal, n, counts, kind == DK_EXTRA, W)
    if kind == DK_DEFEND or kind == DK_BLOCK_MORE:
        return choose_defence(obs, T, O, me, legal, n, counts, use_techniques, W)
    if kind == DK_COUNTER_BACK:
        return choose_counter_back(obs, T, O, me, legal, n, W)
    if kind == DK_EFFECT:
        return choose_effect(obs, T, O, me, legal, n, counts, trial, ev, targets, W)
    if kind == DK_TOKEN_MOVE:
        return choose_token_move(obs, T, O, me, legal, n, counts, W)
    return legal[0]
