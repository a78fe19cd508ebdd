"""Variants: a set of changes to a run's rules and deck, in one grammar (shared by the
sensitivity scans, the claims' verification and the rebalance search).

A change is written the same way on the command line (`--variant`), in files (a scan's record,
a claims result) and in run records (key "deck_changes"):

    health=9                      a rules option, as `--rule NAME=VALUE` (`emr-sim rules`)
    health.bushido=9              a master's own setting (R-OPT-HEALTH: its starting health), a
                                  rules option too; another NAME.MASTER is read, and refused when
                                  applied (no such setting is played)
    card:red-3-4.damage=2         an attribute of one card: damage (0..3), dragon (0/1), effect
    card:red-3-4.damage+1         damage by a step (+N or -N)
    card:17.effect=none           a card by its id (`emr-sim cards`) instead of its label
    class:dragons.dragon=0        every card of a class (emr_sim.simulate.whatif.deckchanges.CLASSES)
    class:red-dmg2.damage-1

A variant is a sequence of changes separated by spaces or commas, applied in order (a later
change sees the earlier ones: `class:red.damage+1 card:red-1-5.damage=3`). Deck changes alter
attributes only, never the number or the order of the cards, so a variant's deck shuffles as
the base deck does and every game of a variant run has its twin in the base run (pairs).
Parsing checks the syntax and every value that does not depend on the deck; applying
(apply_variant) checks the cards and classes against the deck and the ranges of the results.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from emr_sim.errors import BadInput
from emr_sim.games.emr.cards import Deck
from emr_sim.games.emr.codes import EFFECT_NAMES, HERO_NAMES
from emr_sim.games.emr.options import BY_NAME, OPTIONS
from emr_sim.simulate.whatif.deckchanges import (
    CLASS_WORDS,
    CLASSES,
    DAMAGE_HIGH,
    DAMAGE_LOW,
    change_cards,
    check_card_ref,
    set_attribute,
)

RULE, MASTER, CARD, CLASS = "rule", "master", "card", "class"
ATTRIBUTES = ("damage", "dragon", "effect")
DRAGON_VALUES = {"0": "0", "1": "1", "no": "0", "yes": "1"}
NOT_VARIANTS = {  # rules options a variant may not change, and why
    "fury": "the hero mode is --fury/--no-fury, not a variant",
    "hero_select": "random heroes change the deal (R-OPT-HERO): no game could be paired",
}
SEPARATORS = re.compile(r"[\s,]+")
RULE_TEXT = re.compile(r"^(?P<name>[a-z_]+)(?:\.(?P<master>[a-z]+))?=(?P<value>\S+)$")
CARD_TEXT = re.compile(
    r"^(?P<kind>card|class):(?P<target>[a-z0-9#-]+)\.(?P<attr>[a-z]+)(?P<op>[=+-])(?P<value>[a-z0-9-]+)$"
)


class VariantError(BadInput):
    """A change that cannot be read or applied: the message names it and the problem."""

    def __init__(self, text: str, problem: str):
        self.text, self.problem = text, problem
        super().__init__(f"variant change {text!r}: {problem}")


@dataclass(frozen=True)
class Change:
    """One change: kind (RULE, MASTER, CARD, CLASS), what it changes and the new value.

    RULE: target = option name; MASTER: target = option name, attr = master; CARD: target =
    card label (red-3-4) or id; CLASS: target = class name; attr = damage, dragon or effect.
    op is "=" (set), or "+"/"-" (damage by a step); value is canonical text."""

    kind: str
    target: str
    attr: str
    op: str
    value: str

    @property
    def text(self) -> str:
        """The change as it is written (the canonical form: parse_change(c.text) == c)."""
        if self.kind == RULE:
            return f"{self.target}={self.value}"
        if self.kind == MASTER:
            return f"{self.target}.{self.attr}={self.value}"
        return f"{self.kind}:{self.target}.{self.attr}{self.op}{self.value}"

    @property
    def on_deck(self) -> bool:
        return self.kind in (CARD, CLASS)


@dataclass(frozen=True)
class Variant:
    """Changes applied in order; the empty variant is the base run."""

    changes: tuple[Change, ...] = ()

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.changes)

    @property
    def rules(self) -> dict[str, str]:
        """The rules options the variant sets ({name: value}, the last one of a name wins)."""
        return {c.target: c.value for c in self.changes if c.kind == RULE}

    @property
    def deck_changes(self) -> tuple[str, ...]:
        return tuple(c.text for c in self.changes if c.on_deck)

    def __add__(self, other: Variant) -> Variant:
        return Variant(self.changes + other.changes)


def parse_variant(text: str | list[str] | tuple[str, ...] | Variant | None) -> Variant:
    """A variant from its text (changes separated by spaces or commas) or a list of changes."""
    if isinstance(text, Variant):
        return text
    if text is None:
        return Variant()
    words = [text] if isinstance(text, str) else list(text)
    parts = [w for word in words for w in SEPARATORS.split(str(word)) if w]
    return Variant(tuple(parse_change(p) for p in parts))


def parse_change(text: str) -> Change:
    """One change from its text; VariantError naming it when it cannot be read."""
    raw = str(text).strip()
    word = raw.lower()
    if word.startswith((CARD + ":", CLASS + ":")):
        return _deck_change(raw, word)
    match = RULE_TEXT.match(word)
    if not match:
        raise VariantError(
            raw,
            "not a change: write NAME=VALUE (a rules option), card:CARD.ATTRIBUTE=VALUE or "
            "class:CLASS.ATTRIBUTE=VALUE (ATTRIBUTE: damage, dragon, effect; damage also +N/-N)",
        )
    name, master, value = match["name"], match["master"], match["value"]
    if master is not None and f"{name}.{master}" in BY_NAME:  # a master's own option (R-OPT-HEALTH)
        name, master = f"{name}.{master}", None
    option = BY_NAME.get(name)
    if option is None:
        raise VariantError(raw, f"unknown rules option {name!r}; `emr-sim rules` lists them")
    if name in NOT_VARIANTS:
        raise VariantError(raw, NOT_VARIANTS[name])
    try:
        shown = option.show(option.parse(value))
    except ValueError as err:
        raise VariantError(raw, str(err)) from None
    if master is None:
        return Change(RULE, name, "", "=", shown)
    if master not in HERO_NAMES:
        raise VariantError(raw, f"unknown master {master!r}; the masters are {', '.join(HERO_NAMES)}")
    return Change(MASTER, name, master, "=", shown)


def _deck_change(raw: str, word: str) -> Change:
    match = CARD_TEXT.match(word)
    if not match:
        raise VariantError(raw, "not a card change: write card:CARD.ATTRIBUTE=VALUE (card:red-3-4.damage=2)")
    kind, target, attr, op, value = (match[k] for k in ("kind", "target", "attr", "op", "value"))
    if kind == CLASS and target not in CLASSES:
        raise VariantError(raw, f"unknown card class {target!r}; the classes are {CLASS_WORDS}")
    if kind == CARD:
        problem = check_card_ref(target)
        if problem:
            raise VariantError(raw, problem)
    return Change(kind, target, attr, op, _attribute_value(raw, attr, op, value))


def _attribute_value(raw: str, attr: str, op: str, value: str) -> str:
    """The canonical value of a card attribute; VariantError for one out of range."""
    if attr not in ATTRIBUTES:
        known = ", ".join(ATTRIBUTES)
        raise VariantError(raw, f"unknown card attribute {attr!r}; the attributes are {known}")
    if op != "=" and attr != "damage":
        raise VariantError(raw, f"{attr} is set with '=', not changed by a step ({op})")
    if attr == "damage":
        low = DAMAGE_LOW if op == "=" else 1
        high = DAMAGE_HIGH if op == "=" else DAMAGE_HIGH - DAMAGE_LOW
        if not value.isdigit() or not low <= int(value) <= high:
            what = "damage" if op == "=" else f"a damage step ({op}N)"
            raise VariantError(raw, f"{value!r} is out of range: {what} is {low}..{high}")
        return str(int(value))
    if attr == "dragon":
        if value not in DRAGON_VALUES:
            raise VariantError(raw, f"{value!r} is out of range: dragon is 0 or 1 (no or yes)")
        return DRAGON_VALUES[value]
    if value not in EFFECT_NAMES:
        raise VariantError(raw, f"unknown effect {value!r}; the effects are {', '.join(EFFECT_NAMES)}")
    return value


def variant_slug(variant: Variant) -> str:
    """A directory name for a variant's run: its text with ':' as '_' and spaces as '__'."""
    return variant.text.replace(":", "_").replace("#", "").replace(" ", "__") or "base"


def apply_variant(setup, variant: Variant | str | None):
    """A RunSetup (emr_sim.simulate.play.setup) with the variant's changes applied: the rules options
    set, the card table's attributes changed (same cards, same order), the deck changes added
    to setup.deck_changes (the run record lists them). VariantError for a change that cannot be
    applied: an unknown card, a class with no card in this deck, a result out of range, a
    per-master setting."""
    from emr_sim.games.emr.cards import card_table

    variant = parse_variant(variant)
    if not variant.changes:
        return setup
    check_playable(variant)
    opts = setup.opts.copy()
    for change in variant.changes:
        if change.kind == RULE:
            option = BY_NAME[change.target]
            opts[option.index] = option.parse(change.value)
    deck = changed_deck(setup.deck, variant)
    return dataclasses.replace(
        setup,
        deck=deck,
        opts=opts,
        table=card_table(deck, opts),
        deck_changes=tuple(setup.deck_changes) + variant.deck_changes,
    )


def check_playable(variant: Variant) -> None:
    """VariantError for a change this version cannot play (a per-master setting it has not)."""
    for change in variant.changes:
        if change.kind == MASTER:
            own = ", ".join(sorted({o.name.split(".")[0] + ".MASTER" for o in OPTIONS if "." in o.name}))
            raise VariantError(change.text, f"{change.target} has no per-master setting; those played: {own}")


def changed_deck(deck: Deck, variant: Variant | str | list[str] | tuple[str, ...]) -> Deck:
    """The deck with the variant's card changes applied (its rules changes are ignored): the
    same cards in the same order, the same file, path and sha256 (a run record names the file,
    then its "deck_changes")."""
    variant = parse_variant(variant)
    changes = [c for c in variant.changes if c.on_deck]
    if not changes:
        return deck
    table = deck.table.copy()
    for change in changes:
        try:
            cards = change_cards(table, deck.n_shot, change.kind, change.target)
            set_attribute(table, cards, change.attr, change.op, change.value)
        except ValueError as err:
            raise VariantError(change.text, str(err)) from None
    table.flags.writeable = False
    return dataclasses.replace(deck, table=table)
