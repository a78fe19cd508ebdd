"""The board as the table looks, drawn from one seat's side (rich Text, no Textual needed).

The opponent's side on top, the seat's own below, each a row of six zones numbered 0..5 left
to right (as the notation and the log number them). A card shows its colour, left and right
numbers, damage, dragon mark and effect, its block state and the tokens on it; a zone's own
damage tokens ("trap") and crow token show under it. Hands: the seat's own cards face up,
the opponent's as backs (only their number is public, D-HIDDEN), set-aside counts, the draw
pile's size and the discard pile's top card, health, master, fury and poison.

`board_text` draws what it is given: the app hands it the seat's observation
(emr_sim.games.emr.face.versus.observation), in which the hidden cards are already masked; the
opponent's hand is drawn as backs whatever it holds unless `reveal` (a replay's "show all").
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from rich.text import Text

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face.explain import decision_line

INNER = 12  # characters inside a zone's box
BOX_LINES = 4  # lines inside it: colour and numbers, damage and dragon, effect, block state and tokens
ZONE_GAP = ""
COLOUR_STYLES = {
    C.COLOUR_RED: "bold white on dark_red",
    C.COLOUR_BLUE: "bold white on blue3",
    C.COLOUR_YELLOW: "bold black on yellow3",
    C.COLOUR_GREEN: "bold black on green3",
    C.COLOUR_BOW: "bold black on grey70",
}
MARK_STYLES = {"new": "bold magenta", "ejected": "bold red", "target": "bold cyan", "from": "bold cyan"}
BACK = "▒▒"  # a card's back
WIDTH = 6 * (INNER + 2 + len(ZONE_GAP))  # the board's width in characters
RULE = "─" * WIDTH + "\n"
HEART = "♥"


@dataclass
class Marks:
    """Zones drawn highlighted, (player, zone) -> what: "new" (the card goes there),
    "ejected" (it leaves and attacks), "target", "from"; and a line saying what would happen."""

    zones: dict[tuple[int, int], str] = field(default_factory=dict)
    text: str = ""
    incoming: dict[tuple[int, int], int] = field(default_factory=dict)  # the card a play puts there


def _pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


def card_style(table: np.ndarray, card: int) -> str:
    return COLOUR_STYLES.get(int(table[card, C.CF_COLOUR]), "bold")


def card_chip(table: np.ndarray, card: int) -> Text:
    """A hand card: ` red 3-4 dmg 2 dragon swap `, in its colour."""
    row = table[card]
    words = [card_label(table, card), f"dmg {row[C.CF_DAMAGE]}"]
    if row[C.CF_DRAGON]:
        words.append("dragon")
    if row[C.CF_EFFECT] != C.EFFECT_NONE:
        words.append(C.EFFECT_NAMES[row[C.CF_EFFECT]])
    return Text(f" {' '.join(words)} ", style=card_style(table, card))


def _zone_lines(s: np.ndarray, table: np.ndarray, p: int, z: int) -> list[str]:
    """The four lines inside a zone's box (each INNER wide)."""
    b = _pb(p)
    card = int(s[b + C.P_ZCARD + z])
    if card == C.NO_CARD:
        return ["", "", "", ""]
    row = table[card]
    colour = C.COLOUR_NAMES[row[C.CF_COLOUR]]
    numbers = f"{row[C.CF_LEFT]}-{row[C.CF_RIGHT]}"
    top = f"{colour:<{INNER - len(numbers) - 1}} {numbers}"
    damage = f"dmg {row[C.CF_DAMAGE]}" + (" dragon" if row[C.CF_DRAGON] else "")
    effect = C.EFFECT_NAMES[row[C.CF_EFFECT]] if row[C.CF_EFFECT] != C.EFFECT_NONE else ""
    state = ["BLOCKED"] if s[b + C.P_ZBLOCK + z] else []
    for at, mark in ((C.P_CDMG, "x"), (C.P_CPP, "+"), (C.P_CPM, "-")):
        if s[b + at + z]:
            state.append(f"{mark}{s[b + at + z]}")
    return [top, damage, effect, " ".join(state)]


def _zone_tokens(s: np.ndarray, p: int, z: int) -> str:
    b = _pb(p)
    words = []
    if s[b + C.P_ZDMG + z]:
        words.append(f"trap {s[b + C.P_ZDMG + z]}")
    if s[b + C.P_ZCROW + z]:
        words.append("crow")
    return " ".join(words)


def zones_text(s: np.ndarray, table: np.ndarray, p: int, marks: Marks) -> Text:
    """A board's six zones as boxes, the zone numbers above and the zone tokens ("trap" damage
    tokens, "crow") below; a card's block state and tokens (x damage, + and - power) inside."""
    width = INNER + 2
    out = Text()
    for z in range(C.N_ZONES):
        what = marks.zones.get((p, z), "")
        label = f"zone {z}" + (f" {what}" if what else "")
        out.append(f"{label:^{width}}", style=MARK_STYLES.get(what, "dim"))
        out.append(ZONE_GAP)
    out.append("\n")
    inside = [_zone_lines(s, table, p, z) for z in range(C.N_ZONES)]
    for (q, z), card in marks.incoming.items():
        if q == p and s[_pb(p) + C.P_ZCARD + z] == C.NO_CARD:
            inside[z] = [f"> {card_label(table, card)}", "  goes here", "", ""]
    cards = [int(s[_pb(p) + C.P_ZCARD + z]) for z in range(C.N_ZONES)]
    for line in range(-1, BOX_LINES + 1):
        for z in range(C.N_ZONES):
            border = MARK_STYLES.get(marks.zones.get((p, z), ""), "grey50")
            if line == -1:
                out.append("┌" + "─" * INNER + "┐", style=border)
            elif line == BOX_LINES:
                out.append("└" + "─" * INNER + "┘", style=border)
            else:
                fill = card_style(table, cards[z]) if cards[z] != C.NO_CARD else ""
                out.append("│", style=border)
                out.append(f"{inside[z][line]:<{INNER}}"[:INNER], style=fill)
                out.append("│", style=border)
            out.append(ZONE_GAP)
        out.append("\n")
    for z in range(C.N_ZONES):
        out.append(f"{_zone_tokens(s, p, z):^{width}}", style="bold yellow")
        out.append(ZONE_GAP)
    out.append("\n")
    return out


def pair_text(s: np.ndarray, table: np.ndarray, p: int) -> str:
    """The pair's numbers: inner (the attack value's numbers) and outer (the defence's)."""
    b = _pb(p)
    cards = [int(s[b + C.P_ZCARD + z]) for z in range(C.N_ZONES) if s[b + C.P_ZCARD + z] != C.NO_CARD]
    if len(cards) != 2:
        return ""
    left, right = table[cards[0]], table[cards[1]]
    inner = (int(left[C.CF_RIGHT]), int(right[C.CF_LEFT]))
    outer = (int(left[C.CF_LEFT]), int(right[C.CF_RIGHT]))
    return f"inner {inner[0]}+{inner[1]} = {sum(inner)}   outer {outer[0]}+{outer[1]} = {sum(outer)}"


def player_line(s: np.ndarray, p: int, name: str, viewer: int) -> Text:
    """Who, master, health, fury and poison."""
    b = _pb(p)
    hero = int(s[b + C.P_HERO])
    out = Text()
    out.append(f"{'You' if p == viewer else name} (P{p})", style="bold")
    if hero != C.NO_HERO:
        out.append(f"  master {C.HERO_NAMES[hero]}")
    health = int(s[b + C.P_HEALTH])
    out.append(f"  health {health} ")
    out.append(HEART * max(health, 0), style="red")
    if s[C.H_HERO_MODE]:
        out.append(
            "  FURIOUS" if s[b + C.P_FURY] else "  calm", style="bold red" if s[b + C.P_FURY] else "dim"
        )
    if s[b + C.P_POISON]:
        out.append("  poisoned", style="bold green")
    return out


def hand_text(s: np.ndarray, table: np.ndarray, p: int, face_up: bool) -> Text:
    """A hand (and set-aside cards): faces, or backs and the count."""
    b = _pb(p)
    out = Text()
    for what, at in (("hand", C.P_HAND_N), ("set aside", C.P_ASIDE_N)):
        n = int(s[b + at])
        if what == "set aside" and n == 0:
            continue
        out.append(f"{what} ({n}): ", style="bold" if what == "hand" else "")
        cards = [int(c) for c in s[b + at + 1 : b + at + 1 + n]]
        for card in cards:
            if face_up and card >= 0:
                out.append_text(card_chip(table, card))
            else:
                out.append(BACK, style="bold white on grey23")
            out.append(" ")
        out.append("  ")
    return out


def piles_text(s: np.ndarray, table: np.ndarray) -> str:
    """Draw pile size, the discard pile and its top card, Wind's revealed card."""
    n = int(s[C.DISC_N])
    top = f", top {card_label(table, int(s[C.DISC + n - 1]))}" if n else ""
    text = f"draw pile {int(s[C.DRAW_N])}   discard pile {n}{top}"
    wind = int(s[C.RES_WIND])
    return text + (f"   revealed: {card_label(table, wind)}" if wind >= 0 else "")


def board_text(
    s: np.ndarray,
    table: np.ndarray,
    seat: int,
    names: tuple[str, str] = ("P0", "P1"),
    marks: Marks | None = None,
    reveal: bool = False,
) -> Text:
    """The whole board from SEAT's side: opponent on top, the decision in the middle."""
    marks = marks or Marks()
    opp = 1 - seat
    out = Text()
    out.append_text(player_line(s, opp, names[opp], seat))
    out.append("   ")
    out.append_text(hand_text(s, table, opp, face_up=reveal))
    out.append("\n")
    out.append_text(zones_text(s, table, opp, marks))
    out.append(f"  {pair_text(s, table, opp)}\n", style="dim")
    out.append(RULE, style="grey50")
    out.append(decision_line(s, table, seat) + "\n", style="bold")
    out.append(piles_text(s, table) + "\n")
    out.append((marks.text or " ") + "\n", style="bold magenta")
    out.append(RULE, style="grey50")
    out.append(f"  {pair_text(s, table, seat)}\n", style="dim")
    out.append_text(zones_text(s, table, seat, marks))
    out.append_text(player_line(s, seat, names[seat], seat))
    out.append("\n")
    out.append_text(hand_text(s, table, seat, face_up=True))
    return out


def marks_for(s: np.ndarray, table: np.ndarray, code: int, preview: list[tuple[int, ...]]) -> Marks:
    """The zones an action touches, read from its code (emr_sim.games.emr.face.actions) and, for a play
    or counter, from its first public events (Versus.preview): where the card goes, which
    card is ejected, and the hit check."""
    from emr_sim.games.emr.face.actions import action_parts, remove_parts
    from emr_sim.games.emr.face.notation import TARGET_FORMS, target_form

    family, *args = action_parts(code)
    me = int(s[C.H_DECIDER])
    marks = Marks()
    if family in ("play", "counter"):
        return _play_marks(table, preview)
    if family == "block":
        marks.zones[(me, args[0])] = "target"
        marks.text = f"block with the card on zone {args[0]}"
    elif family == "token":
        _kind, zone, direction = args
        marks.zones[(me, zone)] = "from"
        marks.zones[(me, zone + (1 if direction else -1))] = "target"
        marks.text = f"a damage token moves from zone {zone}"
    elif family == "target":
        player, sub = args
        form = target_form(s)
        shape = TARGET_FORMS[form][0] if form else None
        if shape == "zone":
            marks.zones[(player, sub)] = "target"
        elif shape == "to":
            marks.zones[(player, sub)] = marks.zones[(player, sub + 1)] = "target"
        elif shape == "remove" and (parts := remove_parts(sub)) is not None:
            marks.zones[(player, parts[1])] = "target"
    return marks


def _play_marks(table: np.ndarray, preview: list[tuple[int, ...]]) -> Marks:
    """Where the card goes and which is ejected; the preview's events in the log's words."""
    from emr_sim.games.emr.face.log import format_events

    marks = Marks()
    for kind, p, a, b, _c, _d in preview:
        if kind in (C.E_PLAY, C.E_COUNTER):
            marks.zones[(p, b)] = "new"
            marks.incoming[(p, b)] = a
        elif kind == C.E_EJECT:
            marks.zones[(p, b)] = "ejected"
    marks.text = "; ".join(format_events(preview, table))
    return marks
