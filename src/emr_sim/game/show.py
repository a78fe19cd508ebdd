"""A position in words for people (emr-sim position show): the board, hands and piles.

Game.describe is the compact picture resolve prints after every action; this is the
longer one a designer reads to check that a hand-written position says what they meant:
every card with its damage, dragon and effect, tokens and block states spelled out, the
next cards of the draw pile and the whole discard pile.
"""

from __future__ import annotations

import numpy as np

from emr_sim import codes as C
from emr_sim.cards import card_text
from emr_sim.options import default_options, describe_options

NEXT_CARDS = 5  # cards of the draw pile shown, top first
CARD_TOKENS = ((C.P_CDMG, "damage token"), (C.P_CPP, "+1 power token"), (C.P_CPM, "-1 power token"))


def _pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


def _cards(s: np.ndarray, table: np.ndarray, count_at: int) -> str:
    cards = [card_text(table, int(c)) for c in s[count_at + 1 : count_at + 1 + s[count_at]]]
    return ", ".join(cards) if cards else "none"


def _zone_words(s: np.ndarray, table: np.ndarray, p: int, z: int) -> str | None:
    """Zone z of p's board in words, or None when it holds nothing at all."""
    b = _pb(p)
    card, parts = int(s[b + C.P_ZCARD + z]), []
    if card != C.NO_CARD:
        parts.append(card_text(table, card))
        if s[b + C.P_ZBLOCK + z]:
            parts.append("in block state")
        for field, what in CARD_TOKENS:
            n = int(s[b + field + z])
            if n:
                parts.append(f"{n} {what}{'s' if n > 1 else ''} on it")
    n = int(s[b + C.P_ZDMG + z])
    if n:
        parts.append(f"{n} damage token{'s' if n > 1 else ''} on the zone")
    if s[b + C.P_ZCROW + z]:
        parts.append("a crow token")
    return f"zone {z}: " + ", ".join(parts) if parts else None


def _player(s: np.ndarray, table: np.ndarray, p: int) -> list[str]:
    b = _pb(p)
    hero = int(s[b + C.P_HERO])
    who = f"p{p}" + (f" ({C.HERO_NAMES[hero]})" if hero != C.NO_HERO else "")
    state = [f"health {s[b + C.P_HEALTH]}"]
    if s[C.H_HERO_MODE]:
        state.append("furious" if s[b + C.P_FURY] else "not furious")
    if s[b + C.P_POISON]:
        state.append("holds the poison marker")
    lines = [f"{who}: " + ", ".join(state), f"  hand: {_cards(s, table, b + C.P_HAND_N)}"]
    if s[b + C.P_ASIDE_N]:
        lines.append(f"  set aside: {_cards(s, table, b + C.P_ASIDE_N)}")
    lines += [f"  {text}" for z in range(C.N_ZONES) if (text := _zone_words(s, table, p, z))]
    return lines


def _header(s: np.ndarray, opts: np.ndarray) -> list[str]:
    """Whose turn, what is pending, the rules that differ from the defaults."""
    if s[C.H_PHASE] == C.DK_NONE:
        winner = int(s[C.H_WINNER])
        head = "game over: " + ("drawn" if winner == C.DRAWN_GAME else f"won by p{winner}")
    else:
        head = f"turn {s[C.H_TURN]}, p{s[C.H_ACTIVE]}'s turn: p{s[C.H_DECIDER]} decides"
        head += f" '{C.DECISION_NAMES[int(s[C.H_PHASE])]}'"
    defaults = describe_options(default_options())
    changed = [f"{k}={v}" for k, v in describe_options(opts).items() if defaults[k] != v]
    return [head, "rules: " + (", ".join(changed) if changed else "the defaults")]


def show_text(state: np.ndarray, table: np.ndarray, opts: np.ndarray) -> str:
    """The position in words: header, each player's health, fury, hand and board, piles."""
    s = np.asarray(state)
    lines = _header(s, opts)
    for p in (0, 1):
        lines += _player(s, table, p)
    n = int(s[C.DRAW_N])
    top = [card_text(table, int(s[C.DRAW + n - 1 - k])) for k in range(min(n, NEXT_CARDS))]
    lines.append(f"draw pile: {n} cards" + (f", next (top first): {', '.join(top)}" if top else ""))
    lines.append(f"discard pile (oldest first): {_cards(s, table, C.DISC_N)}")
    return "\n".join(lines)
