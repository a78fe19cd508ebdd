"""The greedy player's policy for the masters' techniques (docs/players.md).

- F-CHOOSE: the played card's effect when its best target is worth more than the
  ejected card's (nothing, if a crow token cancelled the ejected card's effect).
- Crow: a token on the free zone beside the opponent's pair where its next play is
  likeliest to hurt: the side whose ejected card carries an effect, else the side
  with the greater threat; no token elsewhere.
- Wind: reveal unless at 1 health (a dragon would deal the last point).
- Illusion: jump where the boards score best (tokens stepped on, threats), counting
  each blocked card brought back to attack state as a gain; stay put otherwise.
- Bushido: the token when the defender could block it, or the hit deals only 1; the
  damage when it kills and no counter is possible. The token goes on the defender's
  card of greater damage (the one it would most like to attack with).
- Earth: always draws; discards the set-aside card least worth keeping (greedy's discard).
- Kung-fu and Poison are judged in the play scores (games/emr/players/greedy.py).

These are the defaults: each weight, margin and threshold is an entry of W, the seat's
parameter vector (games/emr/players/params.py).
"""

from emr_sim.games.emr.codes import (
    A_PASS,
    A_YES,
    CF_COLOUR,
    CF_EFFECT,
    EFFECT_NONE,
    N_ZONES,
    NO_CARD,
    P_ASIDE_N,
    P_HAND_N,
    P_HEALTH,
    P_ZBLOCK,
    P_ZCARD,
    RES_CANCELLED,
    RES_DAMAGE,
    RES_EJECTED,
    RES_PLAYED,
)
from emr_sim.games.emr.players.evaluate import (
    TRIAL_SPAN,
    best_effect_value,
    blocks_left,
    board_eval,
    copy_span,
    counter_chance,
    moved_eval,
    pair_needs,
    side_info,
    side_threat,
    zone_card_damage,
)
from emr_sim.games.emr.players.params import (
    K_BUSHIDO_BLOCKS,
    K_BUSHIDO_DAMAGE,
    K_BUSHIDO_KILL_COUNTER,
    K_CROW_BASE,
    K_CROW_EFFECT,
    K_EARTH_DRAW_LIMIT,
    K_FURY_MARGIN,
    K_ILLUSION_MARGIN,
    K_THREAT_DRAWS,
    K_UNBLOCK,
    K_WIND_THRESHOLD,
)
from emr_sim.games.emr.rules.core import card_at, outer_value, pair_left, pb, target_sub
from emr_sim.games.emr.rules.techniques import jump
from emr_sim.jit import njit, njit_entry, njit_inline


@njit_entry
def choose_fury(obs, T, O, me, counts, trial, ev, targets, W):
    """F-CHOOSE: YES when the played card's effect is worth more than the ejected card's."""
    copy_span(trial, obs, TRIAL_SPAN)  # best_effect_value's trials read no further
    base = board_eval(obs, T, O, counts, me, W)  # both effects start from these boards
    played_effect = T[obs[RES_PLAYED], CF_EFFECT]
    played = best_effect_value(trial, obs, T, O, ev, counts, targets, me, played_effect, base, W)
    ejected = EFFECT_NONE if obs[RES_CANCELLED] != 0 else T[obs[RES_EJECTED], CF_EFFECT]
    kept = best_effect_value(trial, obs, T, O, ev, counts, targets, me, ejected, base, W)
    return A_YES if played > kept + W[K_FURY_MARGIN] else A_PASS


@njit_entry
def choose_crow(obs, T, O, me, legal, n, counts, W):
    """Crow: the free zone beside the opponent's pair where its next play hurts most."""
    o = 1 - me
    oz = pair_left(obs, o)
    best = A_PASS
    best_score = 0.0
    for k in range(n):
        code = legal[k]
        if code == A_PASS:
            continue
        z = target_sub(code)
        if z == oz - 1:
            side, far = 0, oz + 1
        elif z == oz + 2:
            side, far = 1, oz
        else:
            continue
        ok, base, dmg = side_info(obs, T, O, me, side)  # the opponent's play on that side
        hand_n = obs[pb(o) + P_HAND_N] + int(W[K_THREAT_DRAWS])
        score = W[K_CROW_BASE] + side_threat(counts, side, base, dmg, outer_value(obs, T, me), hand_n)
        if T[card_at(obs, o, far), CF_EFFECT] != EFFECT_NONE:
            score += W[K_CROW_EFFECT]
        if score > best_score:
            best_score = score
            best = code
    return best


@njit_inline
def choose_wind(obs, me, W):
    """Wind: reveal while its health is above K_WIND_THRESHOLD (1: unless a dragon's 1
    damage would be the last point)."""
    return A_YES if obs[pb(me) + P_HEALTH] > int(W[K_WIND_THRESHOLD]) else A_PASS


@njit_inline
def choose_earth_draw(obs, me, W):
    """Earth: draw while it holds fewer than K_EARTH_DRAW_LIMIT cards, hand and set-aside
    (the default is more than it can hold: always)."""
    held = obs[pb(me) + P_HAND_N] + obs[pb(me) + P_ASIDE_N]
    return A_YES if held < int(W[K_EARTH_DRAW_LIMIT]) else A_PASS


@njit
def blocked_cards(obs, p):
    n = 0
    for z in range(N_ZONES):
        if obs[pb(p) + P_ZCARD + z] != NO_CARD and obs[pb(p) + P_ZBLOCK + z] == 1:
            n += 1
    return n


@njit_entry
def choose_illusion(obs, T, O, me, legal, n, counts, trial, ev, W):
    """Illusion: the jump whose boards score best, unblocking counted as a gain. A jump
    changes only the header and the player blocks (TRIAL_SPAN), and board_eval reads no
    further: each jump is tried on a copy of them. Without a blocked card a jump changes no
    side_need but by the room beside the pair (evaluate.moved_eval)."""
    blocked = blocked_cards(obs, me)
    needs = pair_needs(obs, T, O, me)
    best = A_PASS
    best_score = moved_eval(obs, counts, me, W, needs) + W[K_ILLUSION_MARGIN]  # board_eval(obs)
    for k in range(n):
        code = legal[k]
        if code == A_PASS:
            continue
        copy_span(trial, obs, TRIAL_SPAN)
        ev[0, 0] = 0
        jump(trial, T, O, ev, me, target_sub(code))
        if blocked == 0:
            value = moved_eval(trial, counts, me, W, needs)
        else:  # R-PENALTY: the jump unblocks my cards
            value = board_eval(trial, T, O, counts, me, W)
        score = value + W[K_UNBLOCK] * (blocked - blocked_cards(trial, me))
        if score > best_score:
            best_score = score
            best = code
    return best


@njit_entry
def choose_bushido(obs, T, O, me, legal, n, counts, W):
    """Bushido: token when the defender could block (K_BUSHIDO_BLOCKS cards) or the hit
    deals 1 (K_BUSHIDO_DAMAGE); damage when it kills and the defender's counter chance is
    at most K_BUSHIDO_KILL_COUNTER (0: when no counter is possible)."""
    d = 1 - me
    dmg = obs[RES_DAMAGE]
    left, blocks = blocks_left(obs, T, O, d, T[obs[RES_EJECTED], CF_COLOUR], dmg)  # R-BLOCK, H-MASTER
    counter_unlikely = counter_chance(obs, T, O, counts, d) <= W[K_BUSHIDO_KILL_COUNTER]
    if left >= obs[pb(d) + P_HEALTH] and counter_unlikely:
        return A_PASS
    if blocks < int(W[K_BUSHIDO_BLOCKS]) and dmg > int(W[K_BUSHIDO_DAMAGE]):
        return A_PASS
    best = A_PASS
    best_damage = -1
    for k in range(n):
        code = legal[k]
        if code == A_PASS:
            continue
        z = target_sub(code)
        value = zone_card_damage(obs, T, d, z)
        if value > best_damage:
            best_damage = value
            best = code
    return best
