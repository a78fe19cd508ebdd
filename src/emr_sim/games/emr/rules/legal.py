"""The legal actions of the pending decision, as integer codes (codes.py A_*).

A player sees only what these depend on: its own hand and public information.
"""

from emr_sim.games.emr.codes import (
    A_BLOCK,
    A_COUNTER,
    A_DISCARD,
    A_DRAW,
    A_PASS,
    A_PLAY,
    A_YES,
    CF_DRAGON,
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
    H_DECIDER,
    H_PHASE,
    N_ZONES,
    P_ASIDE,
    P_ASIDE_N,
    P_HAND,
    P_HAND_N,
    RES_EFFECT,
)
from emr_sim.games.emr.rules import techniques as tech
from emr_sim.games.emr.rules.combat import board_dragon_ready, may_block_with, may_counter, play_zones
from emr_sim.games.emr.rules.core import cards_available, pb
from emr_sim.games.emr.rules.effects import effect_targets
from emr_sim.games.emr.rules.turn import draw_count, token_moves
from emr_sim.jit import njit, njit_entry, njit_inline


@njit_inline
def add_plays(S, p, out, n):
    """R-PLAY: each hand card on each open side of the pair."""
    base = pb(p)
    for side in range(2):
        new, _far = play_zones(S, p, side)
        if new < 0:
            continue
        for k in range(S[base + P_HAND_N]):
            out[n] = A_PLAY + S[base + P_HAND + k] * 2 + side
            n += 1
    return n


@njit
def add_blocks(S, T, O, d, out, n):
    for z in range(N_ZONES):
        if may_block_with(S, T, O, d, z):
            out[n] = A_BLOCK + z
            n += 1
    return n


@njit
def add_counters(S, T, O, p, out, n):
    """R-COUNTER: each dragon in hand beside each ready board dragon."""
    if not may_counter(S, T, O, p):
        return n
    base = pb(p)
    for side in range(2):
        if not board_dragon_ready(S, T, p, side):
            continue
        for k in range(S[base + P_HAND_N]):
            c = S[base + P_HAND + k]
            if T[c, CF_DRAGON] == 1:
                out[n] = A_COUNTER + c * 2 + side
                n += 1
    return n


@njit_inline
def add_action_choices(S, T, O, p, extra, out, n):
    """DK_TURN / DK_EXTRA: draw (R-DRAW, R-EXTRA) and the plays."""
    if draw_count(S[pb(p) + P_HAND_N], extra) > 0 and cards_available(S, O) > 0:
        out[n] = A_DRAW
        n += 1
    return add_plays(S, p, out, n)


@njit_entry
def legal_actions(S, T, O, out):
    """Fill out[] with the legal action codes of the pending decision; return how many."""
    kind = S[H_PHASE]
    p = S[H_DECIDER]
    n = 0
    if kind == DK_TURN or kind == DK_EXTRA:
        return add_action_choices(S, T, O, p, kind == DK_EXTRA, out, n)
    if kind == DK_DISCARD or kind == DK_EARTH_DISCARD:
        base = pb(p)
        slots, count = (P_HAND, P_HAND_N) if kind == DK_DISCARD else (P_ASIDE, P_ASIDE_N)
        for k in range(S[base + count]):
            out[n] = A_DISCARD + S[base + slots + k]
            n += 1
        return n
    out[0] = A_PASS  # every other decision may be passed (take, stop, decline, skip)
    n = 1
    if kind == DK_TOKEN_MOVE:
        n = token_moves(S, p, out, n)
    elif kind == DK_DEFEND:
        n = add_blocks(S, T, O, p, out, n)
        n = add_counters(S, T, O, p, out, n)
    elif kind == DK_BLOCK_MORE:
        n = add_blocks(S, T, O, p, out, n)
    elif kind == DK_COUNTER_BACK:
        n = add_counters(S, T, O, p, out, n)
    elif kind == DK_EFFECT:
        n = effect_targets(S, T, O, S[RES_EFFECT], out, n)
    elif kind == DK_FURY_CHOOSE or kind == DK_WIND or kind == DK_EARTH_DRAW:
        out[n] = A_YES
        n += 1
    elif kind == DK_CROW:
        n = tech.crow_targets(S, p, out, n)
    elif kind == DK_ILLUSION:
        n = tech.illusion_targets(S, O, p, out, n)
    elif kind == DK_BUSHIDO:
        n = tech.bushido_targets(S, p, out, n)
    return n


@njit_inline
def has_defence(S, T, O, d):
    """R-DEFEND: can d block or counter at all? (Otherwise they take it.)"""
    for z in range(N_ZONES):
        if may_block_with(S, T, O, d, z):
            return True
    return may_counter(S, T, O, d)
