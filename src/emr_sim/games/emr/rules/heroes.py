"""Fury (F-STATE) and the masters' techniques (H-*): the hooks the rules call.

With hero mode off (R-OPT-FURY) every hook is neutral. These are the passive
parts (F-STATE, H-KUNGFU, H-MASTER, H-POISON's marker); the techniques that are
decisions live in games/emr/rules/techniques.py.
"""

from emr_sim.games.emr.codes import (
    CF_COLOUR,
    COLOUR_BOW,
    E_FURY,
    E_POISON,
    H_HERO_MODE,
    HERO_KUNGFU,
    HERO_MASTER,
    HERO_POISON,
    P_FURY,
    P_HERO,
    P_POISON,
)
from emr_sim.games.emr.options import O_BOW_FURY, O_MASTER_BOW
from emr_sim.games.emr.rules.core import card_at, emit, pair_left, pb
from emr_sim.jit import njit, njit_inline


@njit
def furious_as(S, p, hero):
    """Is p the master `hero` and furious, in hero mode?"""
    base = pb(p)
    return S[H_HERO_MODE] == 1 and S[base + P_HERO] == hero and S[base + P_FURY] == 1


@njit_inline
def hit_bonus(S, T, O, attacker):
    """H-KUNGFU: +1 on every hit while furious."""
    return 1 if furious_as(S, attacker, HERO_KUNGFU) else 0


@njit
def blocks_any_colour(S, T, O, d, card):
    """H-MASTER: block with any colour while furious (a bow card too under D-BOW)."""
    if not furious_as(S, d, HERO_MASTER):
        return False
    return T[card, CF_COLOUR] != COLOUR_BOW or O[O_MASTER_BOW] == 1


@njit_inline
def may_block_hero(S, T, O, p):
    """H-KUNGFU: no block while furious."""
    return not furious_as(S, p, HERO_KUNGFU)


@njit_inline
def may_counter_hero(S, T, O, p):
    """H-KUNGFU: no dragon counter (nor counter back) while furious."""
    return not furious_as(S, p, HERO_KUNGFU)


@njit
def fury_colours(T, O, left, right):
    """F-STATE: do these two cards, side by side, make their player furious? They share a
    colour (two bows only under D-BOW's option)."""
    a = T[left, CF_COLOUR]
    if a != T[right, CF_COLOUR]:
        return False
    return a != COLOUR_BOW or O[O_BOW_FURY] == 1


@njit_inline
def same_colour_pair(S, T, O, p):
    """F-STATE: p's two board cards share a colour (bows only under D-BOW's option)."""
    z = pair_left(S, p)
    return fury_colours(T, O, card_at(S, p, z), card_at(S, p, z + 1))


@njit
def update_fury(S, T, O, ev, p):
    """F-STATE: p becomes furious on a same-colour pair, and stops otherwise."""
    if S[H_HERO_MODE] == 0:
        return
    now = 1 if same_colour_pair(S, T, O, p) else 0
    base = pb(p)
    if S[base + P_FURY] != now:
        S[base + P_FURY] = now
        emit(ev, E_FURY, p, now, 0, 0, 0)
        if S[base + P_HERO] == HERO_POISON:  # H-POISON: the marker exactly while furious
            S[pb(1 - p) + P_POISON] = now
            emit(ev, E_POISON, 1 - p, now, 0, 0, 0)
