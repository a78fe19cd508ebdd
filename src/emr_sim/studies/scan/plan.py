"""Which variants a sensitivity scan plays: one step of a card attribute or of a rules option.

Card classes (the default of --cards): each colour x damage class with its damage one up and
one down (where the whole class stays in 0..3), the dragons made plain, each effect removed.
Single cards: damage one up and one down, the dragon feature toggled, the effect removed.
Rules options: every option that can be paired (not fury or hero_select, which change the
deal, nor first_player, whose first draw decides who gets which cards), the numeric ones one
step each way (NUMERIC_STEPS), the others every other value; an option that cannot matter in
the base run is left out with the reason (a master's option without that master, a fury
option with the hero mode off, a turn cap above the longest game).

Every variant changes attributes or options only: the deck keeps its size and order, so its
games pair with the base run's (emr_sim.simulate.variants).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr.cards import SHOT_COLOURS, card_label
from emr_sim.games.emr.codes import CF_DAMAGE, CF_DRAGON, CF_EFFECT, EFFECT_NAMES, EFFECT_NONE
from emr_sim.games.emr.options import BY_NAME, OPTIONS
from emr_sim.simulate.deckchanges import CLASSES, DAMAGE_HIGH, DAMAGE_LOW, class_members
from emr_sim.simulate.variants import NOT_VARIANTS, Variant, parse_change, parse_variant

if TYPE_CHECKING:
    from emr_sim.studies.scan.base import Base

CARD, RULE, CUSTOM = "card", "rule", "custom"
CLASS_SCAN = "classes"  # --cards classes: the default card classes
EVERY_CARD = "cards"  # --cards cards: every card of the deck, one by one
ALL_RULES = "all"  # every global rules option that can be paired
MASTERS = "masters"  # each master's own starting health (R-OPT-HEALTH), one step each way
NUMERIC_STEPS = {"health": 1, "bow_left": 1, "bow_right": 1, "extra_max": 1, "turn_cap": 10}
PER_MASTER_RULE = "R-OPT-HEALTH"
NOT_PAIRED = NOT_VARIANTS | {
    "first_player": "the first player draws first, so fixing it changes who gets which cards (D-FIRST)",
}
FURY_ONLY = ("bow_fury", "fury_timing", "choose_on_board")  # F-STATE, F-CHOOSE: hero mode only
MASTER_OF = {
    "master_bow": "master",
    "wind_extra": "wind",
    "poison_after_limit": "poison",
    "bushido_early": "bushido",
    "illusion_stay": "illusion",
}


@dataclass(frozen=True)
class ScanVariant:
    """One variant of a scan: its changes, and how the tornado chart shows it (a row per
    factor, a bar per step)."""

    variant: Variant
    kind: str  # CARD, RULE or CUSTOM
    factor: str  # what moves: "class:red-dmg2.damage", "health", ...
    step: str  # which way: "+1", "-1", "plain", "removed", the option's new value
    label: str  # in words

    @property
    def text(self) -> str:
        return self.variant.text

    def record(self) -> dict:
        return {
            "variant": self.text,
            "kind": self.kind,
            "factor": self.factor,
            "step": self.step,
            "label": self.label,
        }

    @classmethod
    def from_record(cls, entry: dict) -> ScanVariant:
        return cls(
            parse_variant(entry["variant"]), entry["kind"], entry["factor"], entry["step"], entry["label"]
        )


@dataclass
class ScanPlan:
    variants: list[ScanVariant]
    skipped: list[tuple[str, str]]  # (what, why): options left out


# ---------------------------------------------------------------- cards


def card_variant(kind_target: str, attr: str, op_value: str, step: str, label: str) -> ScanVariant:
    change = parse_change(f"{kind_target}.{attr}{op_value}")
    return ScanVariant(Variant((change,)), CARD, f"{kind_target}.{attr}", step, label)


def damage_steps(target: str, what: str, damages: np.ndarray) -> list[ScanVariant]:
    out = []
    if damages.size and damages.max() < DAMAGE_HIGH:
        out.append(card_variant(target, "damage", "+1", "+1", f"{what}: damage +1"))
    if damages.size and damages.min() > DAMAGE_LOW:
        out.append(card_variant(target, "damage", "-1", "-1", f"{what}: damage -1"))
    return out


def class_steps(table: np.ndarray, n_shot: int) -> list[ScanVariant]:
    """The default card classes: colour x damage up and down, dragons plain, each effect removed
    (classes with no card in this deck are left out)."""
    out: list[ScanVariant] = []
    for colour in SHOT_COLOURS:
        for damage in range(DAMAGE_LOW, DAMAGE_HIGH + 1):
            name = f"{colour}-dmg{damage}"
            members = class_members(table, n_shot, name)
            what = f"{colour} cards of damage {damage} ({len(members)})"
            out += damage_steps(f"class:{name}", what, table[members, CF_DAMAGE])
    if class_members(table, n_shot, "dragons"):
        out.append(card_variant("class:dragons", "dragon", "=0", "plain", "dragons made plain"))
    for effect in EFFECT_NAMES[1:]:
        if class_members(table, n_shot, effect):
            out.append(card_variant(f"class:{effect}", "effect", "=none", "removed", f"{effect} removed"))
    return out


def named_class_steps(table: np.ndarray, name: str, members: list[int]) -> list[ScanVariant]:
    """A class named in --cards: its damage up and down, its dragons made plain and its
    effect removed when all its cards have them."""
    what = f"class {name} ({len(members)})"
    out = damage_steps(f"class:{name}", what, table[members, CF_DAMAGE])
    if table[members, CF_DRAGON].all():
        out.append(card_variant(f"class:{name}", "dragon", "=0", "plain", f"{what}: made plain"))
    if (table[members, CF_EFFECT] != EFFECT_NONE).all():
        out.append(card_variant(f"class:{name}", "effect", "=none", "removed", f"{what}: effect removed"))
    return out


def card_ref(table: np.ndarray, n_shot: int, card: int) -> str:
    """card:red-3-4, or card:ID when the label is not unique in the deck."""
    label = card_label(table, card)
    twins = [i for i in range(n_shot) if card_label(table, i) == label]
    return f"card:{label.replace(' ', '-')}" if len(twins) == 1 else f"card:{card}"


def single_card_steps(table: np.ndarray, n_shot: int, card: int) -> list[ScanVariant]:
    """One card: damage up and down, the dragon toggled, the effect removed."""
    target = card_ref(table, n_shot, card)
    what = card_label(table, card)
    out = damage_steps(target, what, table[[card], CF_DAMAGE])
    if table[card, CF_DRAGON]:
        out.append(card_variant(target, "dragon", "=0", "plain", f"{what}: dragon made plain"))
    else:
        out.append(card_variant(target, "dragon", "=1", "dragon", f"{what}: made a dragon"))
    effect = int(table[card, CF_EFFECT])
    if effect != EFFECT_NONE:
        out.append(
            card_variant(target, "effect", "=none", "removed", f"{what}: {EFFECT_NAMES[effect]} removed")
        )
    return out


def card_plan(items: Iterable[str], table: np.ndarray, n_shot: int) -> list[ScanVariant]:
    """--cards ITEM,...: `classes` (the default classes), `cards` (every card), a class name
    (class:NAME or NAME: its damage steps) or a card (red-3-4 or an id: its steps)."""
    out: list[ScanVariant] = []
    for raw in items:
        item = raw.strip().lower().removeprefix("card:")
        if item == CLASS_SCAN:
            out += class_steps(table, n_shot)
        elif item == EVERY_CARD:
            out += [v for card in range(n_shot) for v in single_card_steps(table, n_shot, card)]
        elif item.removeprefix("class:") in CLASSES:
            name = item.removeprefix("class:")
            members = class_members(table, n_shot, name)
            if not members:
                raise BadInput(f"--cards {raw}: class {name!r} has no card in this deck")
            out += named_class_steps(table, name, members)
        else:
            out += single_card_steps(table, n_shot, find_item(raw, item, table, n_shot))
    return unique(out)


def find_item(raw: str, item: str, table: np.ndarray, n_shot: int) -> int:
    from emr_sim.simulate.deckchanges import CLASS_WORDS, change_cards, check_card_ref

    if item.startswith("class:"):
        raise BadInput(f"--cards {raw}: unknown card class {item[6:]!r}; the classes are {CLASS_WORDS}")
    problem = check_card_ref(item)
    if problem:
        raise BadInput(f"--cards {raw}: not a card or a class: {problem}")
    try:
        return change_cards(table, n_shot, "card", item)[0]
    except ValueError as err:
        raise BadInput(f"--cards {raw}: {err}") from None


def unique(variants: list[ScanVariant]) -> list[ScanVariant]:
    """The variants without repeats (the first of each text kept), in order."""
    out: dict[str, ScanVariant] = {}
    for v in variants:
        out.setdefault(v.text, v)
    return list(out.values())


# ---------------------------------------------------------------- rules


def per_master(name: str) -> bool:
    return BY_NAME[name].rule == PER_MASTER_RULE


def rule_values(name: str, current: int) -> list[int]:
    """The values one step from CURRENT: numeric options up and down (within range; a master's
    own health from the health it starts with), the others every other value."""
    option = BY_NAME[name]
    if not option.values:
        step = NUMERIC_STEPS.get(name.split(".")[0], 1)
        return [v for v in (current + step, current - step) if option.low <= v <= option.high]
    return [v for v in option.values.values() if v != current]


def why_not(name: str, heroes: list[str], fury: bool, longest_game: int | None, current: int) -> str | None:
    """Why rules option NAME cannot matter in the base run (None: it can)."""
    if name in MASTER_OF and MASTER_OF[name] not in heroes:
        return f"only {MASTER_OF[name]} uses it, and {MASTER_OF[name]} is not among the run's masters"
    if not fury and (name in FURY_ONLY or name in MASTER_OF):
        return "a hero-mode rule, and the run has the hero mode off"
    if name == "turn_cap" and longest_game is not None and longest_game < current - NUMERIC_STEPS[name]:
        return f"the base run's longest game has {longest_game} turns, under {current - NUMERIC_STEPS[name]}"
    return None


def rule_plan(
    names: Iterable[str], opts: np.ndarray, heroes: list[str], fury: bool, longest_game: int | None
) -> ScanPlan:
    """--rules all | masters | NAME,...: a variant per step of each option (`all`: the global
    options; `masters`: each master's own starting health); options that cannot be paired are
    refused when named (BadInput), and left out with the reason under `all`, as are those that
    cannot matter."""
    from emr_sim.games.emr.options import O_HEALTH

    wanted = [n.strip().lower() for n in names if n.strip()]
    every, masters = ALL_RULES in wanted, MASTERS in wanted
    for name in wanted:
        if name not in (ALL_RULES, MASTERS) and name not in BY_NAME:
            raise BadInput(f"--rules: unknown rules option {name!r}; `emr-sim rules` lists them")
        if name in NOT_PAIRED and not every:
            raise BadInput(f"--rules {name}: cannot be scanned: {NOT_PAIRED[name]}")
    chosen = [
        o.name
        for o in OPTIONS
        if o.name in wanted or (masters and per_master(o.name)) or (every and not per_master(o.name))
    ]
    variants, skipped = [], []
    for name in chosen:
        current = int(opts[BY_NAME[name].index])
        if per_master(name):
            master = name.split(".")[1]
            if master not in heroes or not fury:
                why = (
                    "the run has the hero mode off"
                    if not fury
                    else f"{master} is not among the run's masters"
                )
                skipped.append((name, why))
                continue
            current = current or int(opts[O_HEALTH])  # unset: the health option's (R-OPT-HEALTH)
        reason = NOT_PAIRED.get(name) or (
            why_not(name, heroes, fury, longest_game, current) if every else None
        )
        if reason:
            skipped.append((name, reason))
            continue
        variants += [rule_variant(name, current, v) for v in rule_values(name, current)]
    return ScanPlan(variants, skipped)


def rule_variant(name: str, current: int, value: int) -> ScanVariant:
    option = BY_NAME[name]
    text = option.show(value)
    if option.values:
        step, label = text, f"{name}={text} (was {option.show(current)})"
    else:
        step, label = f"{value - current:+d}", f"{name} {text} (was {current})"
    return ScanVariant(Variant((parse_change(f"{name}={text}"),)), RULE, name, step, label)


def custom_variants(texts: Iterable[str]) -> list[ScanVariant]:
    """--variant TEXT (repeatable): each a variant of its own, shown by its text."""
    out = []
    for text in texts:
        variant = parse_variant(text)
        if not variant.changes:
            raise BadInput(f"--variant {text!r}: no change")
        out.append(ScanVariant(variant, CUSTOM, variant.text, "", variant.text))
    return out


def make_plan(
    base: Base,  # emr_sim.studies.scan.base
    cards: str | None,
    rules: str | None,
    variants: tuple[str, ...] = (),
    workers: int | None = None,
) -> ScanPlan:
    """The scan's variants: --cards ITEMS (emr_sim.studies.scan.plan.card_plan), --rules
    all|NAMES (rule_plan, judged against the base run), --variant TEXT; `--cards classes`
    when none is given."""
    from emr_sim.studies.scan.base import longest_game

    setup = base.setup(Variant(), workers)
    if cards is None and rules is None and not variants:
        cards = CLASS_SCAN
    chosen, skipped = [], []
    if cards:
        chosen += card_plan(cards.split(","), setup.deck.table, setup.deck.n_shot)
    if rules:
        rule = rule_plan(rules.split(","), setup.opts, base.heroes, setup.fury, longest_game(base))
        chosen += rule.variants
        skipped += rule.skipped
    chosen += custom_variants(variants)
    return ScanPlan(unique(chosen), skipped)
