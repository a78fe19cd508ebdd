"""Plain-English game logs: the engine's event rows as sentences for designers.

The engine writes events into an int64 buffer ``ev`` of shape (MAX_EVENTS + 1,
EV_SIZE): ``ev[0, 0]`` is the count and rows 1..count are events
``(kind, player, a, b, c, d)`` (see the E_* codes in codes.py). This module is
plain Python (no numba) and only reads the buffer::

    format_event((E_ATTACK, 0, 7, 7, 1, 12), table)  ->  'attack 7 vs defence 7: HIT'

Players are written ``P0`` / ``P1``, zones by their number 0..5 (left to right).
A ``viewer`` (0 or 1) sees only its own draws (D-HIDDEN); None sees everything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label

__all__ = ["event_rows", "format_event", "format_events", "summary_line"]

# How a damage source reads in "P1 takes 2 damage (hit, yellow 4-2)".
_SOURCE_WORDS = {
    C.SRC_HIT: "hit",
    C.SRC_PENALTY: "penalty",
    C.SRC_TRAP: "trap token",
    C.SRC_POISON: "poison",
    C.SRC_WIND: "wind",
    C.SRC_OTHER: "other",
}
# E-REMOVE's token kinds (REMOVE_* order).
_REMOVE_WORDS = ("zone-damage", "card-damage", "+1 power", "-1 power")


# ---------------------------------------------------------------- small helpers


def _player(p: int) -> str:
    return f"P{p}"


def _card(table: np.ndarray, card_id: int) -> str:
    """The card's short label; ``card #N`` for an id the table does not hold."""
    try:
        return card_label(table, card_id)
    except (ValueError, IndexError):
        return f"card #{card_id}"


def _is_card(table: np.ndarray, card_id: int) -> bool:
    return 0 <= card_id < len(table) and table[card_id, C.CF_VALID] != 0


def _name(names: Sequence[str], code: int, what: str) -> str:
    return names[code] if 0 <= code < len(names) else f"{what} {code}"


def _effect(code: int) -> str:
    return _name(C.EFFECT_NAMES, code, "effect")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _effect_target(owner: int, effect: int, board: int, sub: int) -> str:
    """The target of E_EFFECT in words (A_TARGET sub-codes, codes.py)."""
    q = _player(board)
    if effect == C.EFFECT_SLIDE:
        return f"{q}'s pair to zones {sub}-{sub + 1}"
    if effect == C.EFFECT_TRAP_ZONE:
        return f"{q} zone {sub}"
    if effect in (C.EFFECT_TRAP_CARD, C.EFFECT_COPY):
        return f"{q} card on zone {sub}"
    if effect == C.EFFECT_POWER:
        sign = "+1" if board == owner else "-1"
        return f"{q} card on zone {sub} ({sign})"
    if effect == C.EFFECT_REMOVE:
        rel = sub - C.REMOVE_SUB
        kind, zone = divmod(rel, C.N_ZONES)
        if rel < 0 or kind >= len(_REMOVE_WORDS):
            return f"{q} token {sub}"
        return f"{q} {_REMOVE_WORDS[kind]} token on zone {zone}"
    if effect == C.EFFECT_SWAP:
        return f"{q}'s pair"
    if effect == C.EFFECT_DRAW:
        return f"{q} draws 1"
    return f"{q} {sub}"


def _damage_where(table: np.ndarray, source: int, where: int) -> str:
    """The part of E_DAMAGE after the source word: a card label, a zone, or nothing.

    The engine writes the attacking card for hit and penalty damage, and the zone
    the tokens lay on (or the ejected card stood on) for trap damage."""
    if source in (C.SRC_HIT, C.SRC_PENALTY, C.SRC_WIND):
        return f", {_card(table, where)}" if _is_card(table, where) else ""
    if source == C.SRC_TRAP:
        return f", zone {where}"
    return ""


# ---------------------------------------------------------------- public API


def event_rows(ev: np.ndarray) -> list[tuple[int, ...]]:
    """Rows 1..ev[0, 0] of an event buffer, each as a tuple of ints."""
    n = int(ev[0, 0])
    return [tuple(int(x) for x in ev[k]) for k in range(1, n + 1)]


def format_event(row: Sequence[int], table: np.ndarray, viewer: int | None = None) -> str | None:
    """One event ``(kind, player, a, b, c, d)`` as an English sentence.

    ``table`` is the card table the game runs with; ``viewer`` (0/1) masks the
    other player's draws, None shows every card. Every E_* kind has a text; an
    unknown kind reads ``event K (...)``. (None is never returned today: no event is
    purely internal.)"""
    return _format(row, table, viewer)


def _technique(p: int, hero: int, b: int, c: int, table: np.ndarray, viewer: int | None) -> str:
    """E_TECHNIQUE: what the master did (codes.E_TECHNIQUE lists the arguments)."""
    who = f"P{p}"
    if hero == C.HERO_CROW:
        return f"{who} (crow) puts a crow token on P{1 - p}'s zone {b}"
    if hero == C.HERO_WIND:
        return f"{who} (wind) reveals {_card(table, b)}"
    if hero == C.HERO_ILLUSION:
        return f"{who} (illusion) jumps from zones {c}-{c + 1} to zones {b}-{b + 1}"
    if hero == C.HERO_BUSHIDO:
        return f"{who} (bushido) puts a damage token on P{1 - p}'s {_card(table, b)} instead of the damage"
    if hero == C.HERO_EARTH:
        seen = viewer is None or viewer == p
        drawn = _card(table, b) if seen else "a card"
        return f"{who} (earth) draws {drawn} and sets it aside"
    if hero == C.HERO_MASTER:
        return f"{who} (master of masters) blocks with another colour: {_card(table, b)}"
    return f"{who} uses {_name(C.HERO_NAMES, hero, 'hero')} ({b}, {c})"


def _format(row: Sequence[int], table: np.ndarray, viewer: int | None) -> str:
    kind, p, a, b, c, d = (int(x) for x in (tuple(row) + (0,) * C.EV_SIZE)[: C.EV_SIZE])
    who = _player(p)
    if kind == C.E_TURN:
        return f"--- turn {a}: {who} ---"
    if kind == C.E_DRAW:
        hidden = a == C.HIDDEN or (viewer is not None and viewer != p)
        if a == C.NO_CARD:
            text = f"{who} draws nothing (no card left)"
        elif hidden:
            text = f"{who} draws a card"
        else:
            text = f"{who} draws {_card(table, a)}"
        return text + (" (draw effect)" if b == 1 else "")
    if kind == C.E_PLAY:
        return f"{who} plays {_card(table, a)} into zone {b}"
    if kind == C.E_EJECT:
        return f"{who} ejects {_card(table, a)} from zone {b}{_eject_tokens(c)}"
    if kind == C.E_ATTACK:
        return f"attack {a} vs defence {b}: {'HIT' if c == 1 else 'miss'}"
    if kind == C.E_DAMAGE:
        source = _SOURCE_WORDS.get(b, f"source {b}")
        where = _damage_where(table, b, c)
        return f"{who} takes {a} damage ({source}{where}) -> health {d}"
    if kind == C.E_BLOCK:
        return f"{who} blocks with {_card(table, a)} (zone {b}); {c} damage left"
    if kind == C.E_COUNTER:
        return f"{who} dragon counters with {_card(table, a)} into zone {b}, discarding {_card(table, c)}"
    if kind == C.E_CANCEL:
        return f"the attack of {_card(table, a)} is cancelled by the counter"
    if kind == C.E_CROW_CANCEL:
        return f"a crow token on {who}'s zone {b} cancels the effect of {_card(table, a)}"
    if kind == C.E_EFFECT:
        return f"{who} applies {_effect(a)}: {_effect_target(p, a, b, c)}"
    if kind == C.E_DECLINE:
        return f"{who} declines {_effect(a)}"
    if kind == C.E_EXTRA:
        causes = [
            w
            for bit, w in (
                (C.EXTRA_PAIR, "pair"),
                (C.EXTRA_BUSHIDO, "Bushido"),
                (C.EXTRA_WIND, "Wind's swap"),
            )
            if b & bit
        ]
        why = f" ({' and '.join(causes)})" if causes else ""
        return f"{who} earns {'an extra action' if a == 1 else _plural(a, 'extra action')}{why}"
    if kind == C.E_TOKEN_MOVE:
        if a == C.TOKEN_CARD:
            return f"{who} moves a damage token from the card on zone {b} to the card on zone {c}"
        return f"{who} moves a damage token from zone {b} to zone {c}"
    if kind == C.E_DISCARD:
        return f"{who} discards {_card(table, a)}" + (" (set aside by earth)" if b == 1 else "")
    if kind == C.E_RESHUFFLE:
        return f"the discard pile ({_plural(a, 'card')}) is shuffled into a new draw pile"
    if kind == C.E_PASS:
        return f"{who} can neither draw nor play: passes"
    if kind == C.E_FURY:
        return f"{who} becomes furious" if a else f"{who} calms down"
    if kind == C.E_POISON:
        return f"{who} takes the poison marker" if a else f"{who} gives back the poison marker"
    if kind == C.E_WIN:
        return f"{who} wins"
    if kind == C.E_DRAWN:
        return f"the game is drawn at the turn cap ({_plural(a, 'turn')})"
    if kind == C.E_TECHNIQUE:
        return _technique(p, a, b, c, table, viewer)
    if kind == C.E_NO_EFFECT:
        return f"{who} cannot apply {_effect(b)} of {_card(table, a)}: no legal target"
    if kind == C.E_STEP:
        found = []
        if b > 0:
            found.append(_plural(b, "damage token"))
        if c > 0:
            found.append("a crow token")
        what = " and ".join(found) if found else "nothing"
        return f"{who}'s card steps on zone {a}: {what}"
    if kind == C.E_TAKE:
        return f"{who} takes the Bushido token" if b == 1 else f"{who} takes the hit ({a} damage)"
    if kind == C.E_CHOOSE:
        return f"{who} applies the effect of the played {_card(table, a)} instead (fury)"
    if kind == C.E_DEFEATED:
        return f"{who} is out at 0 health"
    return f"event {kind} ({who}: {a}, {b}, {c}, {d})"


def _eject_tokens(tokens: int) -> str:
    return f" with {_plural(tokens, 'damage token')} on it" if tokens > 0 else ""


def format_events(
    ev_or_rows: np.ndarray | Iterable[Sequence[int]],
    table: np.ndarray,
    viewer: int | None = None,
    merge: bool = True,
) -> list[str]:
    """The texts of many events: an event buffer (a 2-D array, count in [0, 0]) or rows.

    With ``merge`` (the default) a play and the ejection it causes read as one line,
    ``P0 plays red 3-1 into zone 1, ejecting blue 4-4 from zone 3``; without it there
    is exactly one line per event. The events around a trap-token damage tell whether
    it came from a zone or from the ejected card's tokens (same SRC_TRAP code)."""
    if isinstance(ev_or_rows, np.ndarray) and ev_or_rows.ndim == 2:
        rows = event_rows(ev_or_rows)
    else:
        rows = [tuple(int(x) for x in r) for r in ev_or_rows]
    out: list[str] = []
    for k, row in enumerate(rows):
        kind = row[C.EV_KIND]
        if merge and kind == C.E_EJECT and k > 0 and _plays_before(rows[k - 1], row) and out:
            _, _, a, b, c, _ = row
            out[-1] += f", ejecting {_card(table, a)} from zone {b}{_eject_tokens(c)}"
            continue
        text = _format(row, table, viewer)
        if text:
            out.append(text)
    return out


def _plays_before(prev: Sequence[int], row: Sequence[int]) -> bool:
    """Is prev the E_PLAY of the same player that row (an E_EJECT) belongs to?"""
    return prev[C.EV_KIND] == C.E_PLAY and prev[C.EV_PLAYER] == row[C.EV_PLAYER]


def summary_line(state: np.ndarray) -> str:
    """One line on a state: ``P0 wins after 37 turns (health 3 vs 0)``.

    For a win the winner's health comes first; for a drawn game or a game still in
    play it is P0's then P1's."""
    turns = _plural(int(state[C.H_TURN]), "turn")
    health = [int(state[C.player_base(p) + C.P_HEALTH]) for p in (0, 1)]
    winner = int(state[C.H_WINNER])
    if winner in (0, 1):
        return f"{_player(winner)} wins after {turns} (health {health[winner]} vs {health[1 - winner]})"
    if winner == C.DRAWN_GAME:
        return f"drawn after {turns} (health {health[0]} vs {health[1]})"
    return f"in play after {turns} (health {health[0]} vs {health[1]})"
