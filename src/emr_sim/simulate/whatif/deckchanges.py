"""Card changes of a variant (emr_sim.simulate.whatif.variants) on a deck's card table: which cards a
card or class names, and the attribute written into their rows.

Card classes, by name (membership read from the deck the change is applied to):

    all                   every shot card
    red, blue, ...        the cards of a colour
    dmg0 .. dmg3          the cards with that damage
    red-dmg0 .. green-dmg3   colour x damage
    dragons               the cards with the dragon feature (R-COUNTER)
    effects               the cards with an effect
    slide, trap-zone, ... the cards with that effect (E-*)
    plain                 the cards with neither dragon nor effect
"""

from __future__ import annotations

import re

import numpy as np

from emr_sim.games.emr.cards import SHOT_COLOURS, card_label, find_card
from emr_sim.games.emr.codes import CF_COLOUR, CF_DAMAGE, CF_DRAGON, CF_EFFECT, EFFECT_NAMES, EFFECT_NONE

DAMAGE_LOW, DAMAGE_HIGH = 0, 3  # blood marks of a shot card (R-CARD, docs/deck.md)
DAMAGES = range(DAMAGE_LOW, DAMAGE_HIGH + 1)
CLASSES: tuple[str, ...] = (
    "all",
    *SHOT_COLOURS,
    *(f"dmg{d}" for d in DAMAGES),
    *(f"{c}-dmg{d}" for c in SHOT_COLOURS for d in DAMAGES),
    "dragons",
    "effects",
    *EFFECT_NAMES[1:],
    "plain",
)
CLASS_WORDS = (
    "all, a colour (red, blue, yellow, green), dmg0..dmg3, a colour and a damage (red-dmg2), "
    "dragons, effects, an effect (slide, trap-zone, trap-card, power, remove, swap, draw, copy), plain"
)
CARD_LABEL = re.compile(r"^(?P<colour>[a-z]+)-(?P<left>[0-9]+)-(?P<right>[0-9]+)$")
CARD_ID = re.compile(r"^#?[0-9]+$")
ATTRIBUTE_FIELD = {"damage": CF_DAMAGE, "dragon": CF_DRAGON, "effect": CF_EFFECT}


def check_card_ref(target: str) -> str | None:
    """The problem with a card reference's syntax (red-3-4 or an id), or None."""
    if CARD_ID.match(target):
        return None
    match = CARD_LABEL.match(target)
    if not match:
        return f"{target!r} is not a card: write COLOUR-LEFT-RIGHT (red-3-4) or a card id (17)"
    if match["colour"] not in SHOT_COLOURS:
        return f"{target!r}: unknown colour {match['colour']!r}; the colours are {', '.join(SHOT_COLOURS)}"
    for side in ("left", "right"):
        if not 1 <= int(match[side]) <= 5:
            return f"{target!r}: the {side} number {match[side]} is out of range 1..5"
    return None


def class_members(table: np.ndarray, n_shot: int, name: str) -> list[int]:
    """The ids of the shot cards of class NAME (in id order)."""
    rows = table[:n_shot]
    colour, damage = rows[:, CF_COLOUR], rows[:, CF_DAMAGE]
    dragon, effect = rows[:, CF_DRAGON] == 1, rows[:, CF_EFFECT]
    if name == "all":
        keep = np.ones(n_shot, dtype=bool)
    elif name in SHOT_COLOURS:
        keep = colour == SHOT_COLOURS.index(name)
    elif re.fullmatch(r"dmg[0-9]", name):
        keep = damage == int(name[3:])
    elif "-dmg" in name:
        hue, _, level = name.partition("-dmg")
        keep = (colour == SHOT_COLOURS.index(hue)) & (damage == int(level))
    elif name == "dragons":
        keep = dragon
    elif name == "effects":
        keep = effect != EFFECT_NONE
    elif name == "plain":
        keep = ~dragon & (effect == EFFECT_NONE)
    else:
        keep = effect == EFFECT_NAMES.index(name)
    return [int(i) for i in np.flatnonzero(keep)]


def change_cards(table: np.ndarray, n_shot: int, kind: str, target: str) -> list[int]:
    """The ids of the shot cards a card ("card") or a class ("class") names; ValueError when
    there is none (an unknown or ambiguous card, a class empty in this deck). TABLE is a deck's
    table: the bow cards, which the rules options make (R-BOW, D-BOW), are not in it."""
    if kind == "card":
        label = target if CARD_ID.match(target) else target.replace("-", " ", 1)  # red 3-4
        return [find_card(table[:n_shot], label)]
    members = class_members(table, n_shot, target)
    if not members:
        raise ValueError(f"class {target!r} has no card in this deck")
    return members


def set_attribute(table: np.ndarray, cards: list[int], attr: str, op: str, value: str) -> None:
    """Write attribute ATTR of CARDS (in place): "=" sets VALUE, "+"/"-" steps the damage;
    ValueError, with the table unchanged, when a damage would leave DAMAGE_LOW..DAMAGE_HIGH."""
    field = ATTRIBUTE_FIELD[attr]
    if attr == "effect":
        table[cards, field] = EFFECT_NAMES.index(value)
        return
    if op == "=":
        table[cards, field] = int(value)
        return
    step = int(value) if op == "+" else -int(value)
    new = table[cards, field] + step
    bad = [c for c, v in zip(cards, new, strict=True) if not DAMAGE_LOW <= v <= DAMAGE_HIGH]
    if bad:
        card = bad[0]
        raise ValueError(
            f"{card_label(table, card)} (id {card}) would have damage {int(table[card, field]) + step}: "
            f"out of range {DAMAGE_LOW}..{DAMAGE_HIGH}"
        )
    table[cards, field] = new
