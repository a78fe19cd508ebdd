"""Positions in words for people: describe, the compact picture resolve prints after every
action (Game.describe), and show_text (emr-sim position show), the longer one a designer
reads to check that a hand-written position says what they meant: every card with its
damage, dragon and effect, tokens and block states spelled out, the next cards of the draw
pile and the whole discard pile.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label, card_text
from emr_sim.games.emr.face.position import name_or_int
from emr_sim.games.emr.options import default_options, describe_options

NEXT_CARDS = 5  # cards of the draw pile shown, top first
CARD_TOKENS = ((C.P_CDMG, "damage token"), (C.P_CPP, "+1 power token"), (C.P_CPM, "-1 power token"))


def _cards(s: np.ndarray, table: np.ndarray, count_at: int) -> str:
    cards = [card_text(table, int(c)) for c in s[count_at + 1 : count_at + 1 + s[count_at]]]
    return ", ".join(cards) if cards else "none"


def _zone_words(s: np.ndarray, table: np.ndarray, p: int, z: int) -> str | None:
    """Zone z of p's board in words, or None when it holds nothing at all."""
    b = C.player_base(p)
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
    b = C.player_base(p)
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


# ---------------------------------------------------------------- the compact picture (Game.describe)


def _zone_text(s: np.ndarray, b: int, z: int, table: np.ndarray) -> str:
    """One zone: its card with state and tokens, then the zone's own tokens."""
    card = int(s[b + C.P_ZCARD + z])
    parts = ["."] if card == C.NO_CARD else [card_label(table, card)]
    if card != C.NO_CARD:
        if s[b + C.P_ZBLOCK + z]:
            parts.append("blocked")
        for field, mark in ((C.P_CDMG, "x"), (C.P_CPP, "+"), (C.P_CPM, "-")):
            if s[b + field + z]:
                parts.append(f"{mark}{s[b + field + z]}")
    if s[b + C.P_ZDMG + z]:
        parts.append(f"trap{s[b + C.P_ZDMG + z]}")
    if s[b + C.P_ZCROW + z]:
        parts.append("crow")
    return f"{z}:" + " ".join(parts)


def _player_lines(s: np.ndarray, p: int, table: np.ndarray) -> list[str]:
    """A player's status line and a line with their six zones."""
    b = C.player_base(p)
    hero = int(s[b + C.P_HERO])
    status = [f"p{p}", f"health {s[b + C.P_HEALTH]}", f"hand {s[b + C.P_HAND_N]}"]
    if s[b + C.P_ASIDE_N]:
        status.append(f"set-aside {s[b + C.P_ASIDE_N]}")
    if hero != C.NO_HERO:
        status.append(f"hero {name_or_int(C.HERO_NAMES, hero)}")
    status += [word for word, on in (("FURY", s[b + C.P_FURY]), ("poisoned", s[b + C.P_POISON])) if on]
    zones = " | ".join(_zone_text(s, b, z, table) for z in range(C.N_ZONES))
    return ["  ".join(status), f"    [ {zones} ]"]


def _status_line(s: np.ndarray) -> str:
    """Turn, active player and the pending decision (or the result)."""
    phase = int(s[C.H_PHASE])
    if phase == C.DK_NONE:
        winner = int(s[C.H_WINNER])
        result = "drawn" if winner == C.DRAWN_GAME else f"won by p{winner}"
        return f"turn {s[C.H_TURN]}: game over, {result}"
    name = name_or_int(C.DECISION_NAMES, phase)
    if phase == C.DK_EFFECT:
        name = f"{name}: {name_or_int(C.EFFECT_NAMES, int(s[C.RES_EFFECT]))}"
    return f"turn {s[C.H_TURN]}, p{s[C.H_ACTIVE]} active: p{s[C.H_DECIDER]} to decide '{name}'"


BEFORE_HIT = (C.STEP_EARTH, C.STEP_HIT)  # a play's steps before R-HIT has been checked


def _resolution_line(s: np.ndarray, table: np.ndarray) -> str | None:
    """The play being resolved, or None outside a play."""
    if s[C.RES_EJECTED] == C.NO_CARD:
        return None
    text = f"  resolving: {card_label(table, int(s[C.RES_EJECTED]))} ejected"
    if int(s[C.RES_STEP]) in BEFORE_HIT:  # e.g. a game ended by step 1 (D-ELIM)
        text += ", before the hit check"
    else:
        text += f", attack {s[C.RES_ATTACK]} vs defence {s[C.RES_DEFENCE]}"
        text += f", {'hit' if s[C.RES_HIT] else 'miss'}, damage {s[C.RES_DAMAGE]}"
    if s[C.RES_EFFECT]:
        text += f", effect {name_or_int(C.EFFECT_NAMES, int(s[C.RES_EFFECT]))}"
    return text + (", cancelled" if s[C.RES_CANCELLED] else "")


def describe(state: np.ndarray, table: np.ndarray) -> str:
    """A compact multi-line picture of the position for people.

    Zones read ``z:card`` with ``blocked``, card tokens ``xN`` (damage), ``+N``/``-N``
    (power), then the zone's own ``trapN`` damage tokens and ``crow``; ``.`` is empty.
    """
    s = np.asarray(state)
    lines = [_status_line(s)]
    res = _resolution_line(s, table)
    if res:
        lines.append(res)
    for p in (0, 1):
        lines += _player_lines(s, p, table)
    top = f", top {card_label(table, int(s[C.DISC + s[C.DISC_N] - 1]))}" if s[C.DISC_N] else ""
    lines.append(f"draw pile {s[C.DRAW_N]}, discard pile {s[C.DISC_N]}{top}")
    return "\n".join(lines)
