"""Hand-built card tables and states for the position and notation tests.

``small_table()`` is a 16-card deck (two cards share the label ``red 1-1``) with
the four bow cards ``bow 3-3``. ``mid_game_state()`` is a valid hero-mode
position in the middle of a play: p0 (the earth master, furious, one card set aside)
has played ``yellow 2-2`` on zone 4, ejecting its bow from zone 2, and hit; p1 (the
crow master, whose crow token lies on p0's zone 5) is to answer (R-DEFEND). It passes
every check of emr_sim.games.emr.face.validate, as the positions the rules produce do.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.options import make_options

# id: (colour, left, right, damage, dragon, effect)
CARDS = (
    ("red", 3, 1, 1, 0, "none"),  # 0
    ("blue", 4, 4, 0, 1, "none"),  # 1
    ("yellow", 2, 2, 1, 0, "slide"),  # 2
    ("green", 5, 1, 0, 1, "none"),  # 3
    ("red", 2, 5, 2, 1, "none"),  # 4
    ("blue", 3, 3, 2, 0, "trap-zone"),  # 5
    ("yellow", 4, 2, 0, 0, "trap-card"),  # 6
    ("green", 1, 1, 1, 0, "power"),  # 7
    ("red", 1, 5, 0, 0, "remove"),  # 8
    ("blue", 5, 4, 0, 0, "swap"),  # 9
    ("yellow", 5, 1, 0, 0, "swap"),  # 10
    ("green", 3, 2, 1, 0, "draw"),  # 11
    ("red", 4, 1, 1, 0, "copy"),  # 12
    ("blue", 1, 1, 3, 0, "none"),  # 13
    ("red", 1, 1, 1, 0, "none"),  # 14: same label as 15
    ("red", 1, 1, 2, 0, "none"),  # 15
)
N_SHOT = len(CARDS)
BOWS = tuple(range(C.BOW_BASE, C.BOW_BASE + 4))


def small_table() -> np.ndarray:
    """The (MAX_CARDS, CF_SIZE) card table of CARDS plus four bow 3-3 cards."""
    table = np.zeros((C.MAX_CARDS, C.CF_SIZE), dtype=np.int64)
    for i, (colour, left, right, damage, dragon, effect) in enumerate(CARDS):
        row = (C.COLOUR_NAMES.index(colour), left, right, damage, dragon, C.EFFECT_NAMES.index(effect), 1)
        table[i] = row
    for b in BOWS:
        table[b] = (C.COLOUR_BOW, 3, 3, 0, 0, C.EFFECT_NONE, 1)
    return table


def hero_options() -> np.ndarray:
    """Rules options with hero mode on and one non-default switch."""
    return make_options({"fury": "on", "penalty": "each"})


def pb(p: int) -> int:
    """Offset of player p's block."""
    return C.P_BASE + p * C.P_SIZE


def empty_state() -> np.ndarray:
    """All zero, every card slot NO_CARD."""
    s = np.zeros(C.STATE_SIZE, dtype=np.int64)
    for p in (0, 1):
        s[pb(p) + C.P_HAND : pb(p) + C.P_HAND + C.MAX_HAND] = C.NO_CARD
        s[pb(p) + C.P_ASIDE : pb(p) + C.P_ASIDE + C.MAX_ASIDE] = C.NO_CARD
        s[pb(p) + C.P_ZCARD : pb(p) + C.P_ZCARD + C.N_ZONES] = C.NO_CARD
    s[C.DRAW : C.DRAW + C.MAX_CARDS] = C.NO_CARD
    s[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    return s


def put_cards(s: np.ndarray, count_at: int, cards: list[int]) -> None:
    """Store a card list at its count offset (slots follow the count)."""
    s[count_at] = len(cards)
    s[count_at + 1 : count_at + 1 + len(cards)] = cards


def _header(s: np.ndarray) -> None:
    """p0's turn 7, p1 to answer a hit (hero mode on)."""
    s[C.H_PHASE] = C.DK_DEFEND
    s[C.H_DECIDER] = 1
    s[C.H_ACTIVE] = 0
    s[C.H_TURN] = 7
    s[C.H_WINNER] = C.NO_WINNER
    s[C.H_FIRST] = 0
    s[C.H_HERO_MODE] = 1
    s[C.H_N_SHOT] = N_SHOT
    s[C.H_PLAYS] = 5
    s[C.H_DECISIONS] = 21


def _resolution(s: np.ndarray) -> None:
    """p0's play of card 2 on zone 4, bow 124 ejected, a hit for 1 (+0 penalty); the
    engine resumes at the damage once p1 has answered."""
    s[C.RES_STEP] = C.STEP_DAMAGE
    s[C.RES_PLAYED_ZONE] = 4
    s[C.RES_PLAYED] = 2
    s[C.RES_EJECTED] = 124
    s[C.RES_EJ_PP] = 1
    s[C.RES_ATTACK] = 5
    s[C.RES_DEFENCE] = 5
    s[C.RES_HIT] = 1
    s[C.RES_DAMAGE] = 1
    s[C.RES_LAST_COUNTER] = -1
    s[C.RES_EFFECT_SRC] = -1
    s[C.RES_EFFECT_OWNER] = 0
    s[C.RES_WIND] = -1
    s[C.RES_BUSHIDO] = -1
    s[C.RES_TECH_DONE] = 3


def _players(s: np.ndarray) -> None:
    """p0: earth, furious, 2 cards + 1 set aside, a crow token; p1: crow, 3 cards, a
    blocked card."""
    b0, b1 = pb(0), pb(1)
    s[b0 + C.P_HEALTH], s[b0 + C.P_FURY], s[b0 + C.P_HERO] = 6, 1, C.HERO_EARTH
    put_cards(s, b0 + C.P_HAND_N, [0, 14])
    put_cards(s, b0 + C.P_ASIDE_N, [6])
    s[b0 + C.P_ZCARD + 3], s[b0 + C.P_ZCARD + 4] = 125, 2
    s[b0 + C.P_ZDMG + 0] = 2
    s[b0 + C.P_ZCROW + 5] = 1
    s[b1 + C.P_HEALTH], s[b1 + C.P_HERO] = 5, C.HERO_CROW
    put_cards(s, b1 + C.P_HAND_N, [3, 4, 5])
    s[b1 + C.P_ZCARD + 2], s[b1 + C.P_ZCARD + 3] = 126, 8
    s[b1 + C.P_ZBLOCK + 3], s[b1 + C.P_CDMG + 3] = 1, 1
    s[b1 + C.P_CPP + 2], s[b1 + C.P_CPM + 2] = 1, 2
    s[b1 + C.P_ZDMG + 1] = 1


def mid_game_state() -> np.ndarray:
    """A valid position with a resolution in progress (see the module docstring)."""
    s = empty_state()
    _header(s)
    _resolution(s)
    _players(s)
    put_cards(s, C.DRAW_N, [9, 10, 11, 12, 1])
    put_cards(s, C.DISC_N, [7, 13, 15])
    s[C.RNG : C.RNG + 4] = (1, 2**32 - 1, 12345, 0)
    return s


def at_decision(phase: int, effect: int = C.EFFECT_NONE, decider: int = 0) -> np.ndarray:
    """mid_game_state() with another pending decision (and pending effect)."""
    s = mid_game_state()
    s[C.H_PHASE] = phase
    s[C.H_DECIDER] = decider
    s[C.RES_EFFECT] = effect
    return s


def seats(kind0: int, kind1: int, hero0: int = -1, hero1: int = -1) -> np.ndarray:
    return np.array([kind0, kind1, hero0, hero1], dtype=np.int64)
