"""The knobs of a rebalance (emr_sim.studies.rebalance): what the search may change, in the
variant grammar (emr_sim.simulate.variants) with a range or a list of values.

    health.bushido=6..10          a master's own starting health (R-OPT-HEALTH), 6 to 10
    health.*=6..10                the same for every master of the study (one knob each)
    trap_once=on|off              a rules option's listed values (`trap_once`: all of them)
    bow_left=2..4                 a numeric rules option's range
    card:red-3-4.damage=0..3      a card attribute: damage 0..3, dragon 0|1, effect none|slide|...
    class:dragons.dragon=0|1      every card of a class set to one value
    class:red-dmg2.damage=-1..+1  every card of a class moved by the same step (signed values)

The base value (the rules and deck the study starts from) is always one of a knob's values:
choosing it changes nothing. A knob that can only change its master's games (a master's own
health, an option only one master uses) says so (`master`), so a candidate that moves only
such knobs replays only those masters' cells (the other cells' games are the same deals
played the same way). Per-master health knobs are `free`: --max-changes counts the others.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from emr_sim.errors import BadInput
from emr_sim.games.emr.codes import CF_DAMAGE, CF_DRAGON, CF_EFFECT, EFFECT_NAMES
from emr_sim.games.emr.options import BY_NAME
from emr_sim.simulate.deckchanges import (
    CLASS_WORDS,
    CLASSES,
    DAMAGE_HIGH,
    DAMAGE_LOW,
    change_cards,
    check_card_ref,
)
from emr_sim.simulate.variants import (
    CARD,
    CLASS,
    RULE,
    Change,
    Variant,
    VariantError,
    changed_deck,
    parse_change,
)
from emr_sim.studies.scan.plan import MASTER_OF, PER_MASTER_RULE

KEEP = "keep"  # the base value of a class attribute whose cards differ: no change
ANY_MASTER = "*"
RANGE = re.compile(r"^(?P<low>[+-]?\d+)\.\.(?P<high>[+-]?\d+)$")
KNOB_TEXT = re.compile(r"^(?P<left>[a-z0-9_.:#*-]+?)(?:=(?P<spec>.+))?$")
ATTRS_OF_DECK = ("damage", "dragon", "effect")


@dataclass(frozen=True)
class Knob:
    """One thing the search may change: `name` (the left side of a change: health.bushido,
    trap_once, card:red-3-4.damage, class:dragons.dragon), its `choices` (canonical texts, the
    base among them), the `base` value; `numeric` when the choices are ordered numbers (a
    change's size is its distance from the base); `step` for a damage step of cards (+N/-N);
    `master` the only master whose games it can change (None: every game); `free` when
    --max-changes does not count it (a master's own health)."""

    name: str
    kind: str  # RULE or CARD/CLASS (on the deck)
    choices: tuple[str, ...]
    base: str
    numeric: bool
    step: bool = False
    master: str | None = None
    free: bool = False

    @property
    def text(self) -> str:
        """The knob as written, canonical: NAME=V1|V2|... (LOW..HIGH when numeric)."""
        if self.numeric:
            low, high = self.choices[0], self.choices[-1]
            return f"{self.name}={low}..{high}"
        return f"{self.name}={'|'.join(self.choices)}"

    def change(self, value: str) -> Change | None:
        """The change that sets the knob to VALUE (None for the base value)."""
        if value == self.base:
            return None
        if self.kind == RULE:
            return parse_change(f"{self.name}={value}")
        if self.step:
            return parse_change(f"{self.name}{value}")  # class:red.damage+1
        return parse_change(f"{self.name}={value}")

    def size(self, value: str) -> int:
        """How big the change to VALUE is: steps from the base for a numeric knob, else 1 (0:
        no change)."""
        if value == self.base:
            return 0
        if self.numeric:
            return abs(int(value) - int(self.base))
        return 1


@dataclass(frozen=True)
class Knobs:
    """The knobs of a study, in the order given (a candidate's changes follow it)."""

    knobs: tuple[Knob, ...]

    def __iter__(self):
        return iter(self.knobs)

    def __len__(self) -> int:
        return len(self.knobs)

    def variant(self, values: dict[str, str]) -> Variant:
        """The variant of a candidate: each knob's change (base values change nothing)."""
        changes = [k.change(values[k.name]) for k in self.knobs]
        return Variant(tuple(c for c in changes if c is not None))

    def sizes(self, values: dict[str, str]) -> list[int]:
        """The size of each change of the candidate (knobs at their base left out)."""
        return [s for s in (k.size(values[k.name]) for k in self.knobs) if s]

    def counted(self, values: dict[str, str]) -> int:
        """Changes --max-changes counts (the knobs that are not free, off their base)."""
        return sum(1 for k in self.knobs if not k.free and values[k.name] != k.base)

    def candidates(self) -> int:
        """How many different candidates the knobs allow: every combination of their values,
        the base (all at their base) among them."""
        return math.prod(len(k.choices) for k in self.knobs)

    def base_values(self) -> dict[str, str]:
        return {k.name: k.base for k in self.knobs}

    def masters(self, values: dict[str, str]) -> set[str] | None:
        """The masters whose games the candidate changes; None when it can change every game."""
        moved = [k for k in self.knobs if values[k.name] != k.base]
        if any(k.master is None for k in moved):
            return None
        return {k.master for k in moved if k.master is not None}

    def values_of(self, variant: Variant) -> dict[str, str] | None:
        """A candidate's values from its variant (each change one knob's), None when a change
        is no knob's value."""
        values = self.base_values()
        by_change: dict[str, tuple[str, str]] = {}
        for k in self.knobs:
            for v in k.choices:
                change = k.change(v)
                if change is not None:
                    by_change[change.text] = (k.name, v)
        for change in variant.changes:
            if change.text not in by_change:
                return None
            name, value = by_change[change.text]
            values[name] = value
        return values


def parse_knobs(texts: list[str] | tuple[str, ...], setup, heroes: list[str]) -> Knobs:
    """The knobs of --knob TEXT (repeatable, or several separated by spaces), checked against
    the base set-up (its rules and deck) and the study's masters; BadInput naming the knob:
    an unknown rules option, card, class or attribute, a value out of range, a master not in
    the study, a knob given twice, one that leaves nothing to change."""
    words = [w for text in texts for w in str(text).split() if w]
    if not words:
        raise BadInput("no knob: give at least one --knob (e.g. --knob 'health.*=6..10')")
    out: list[Knob] = []
    for word in words:
        out += parse_knob(word, setup, heroes)
    seen: set[str] = set()
    for knob in out:
        if knob.name in seen:
            raise BadInput(f"--knob {knob.name}: given twice")
        seen.add(knob.name)
    return Knobs(tuple(out))


def parse_knob(word: str, setup, heroes: list[str]) -> list[Knob]:
    match = KNOB_TEXT.match(word.strip().lower())
    if not match:
        raise BadInput(f"--knob {word!r}: not a knob; write NAME=LOW..HIGH or NAME=V1|V2 (docs/rebalance.md)")
    left, spec = match["left"], match["spec"]
    try:
        if left.startswith((CARD + ":", CLASS + ":")):
            return [deck_knob(word, left, spec, setup)]
        if left.endswith("." + ANY_MASTER):
            option = left[: -len(ANY_MASTER) - 1]
            return [rule_knob(word, f"{option}.{h}", spec, setup, heroes) for h in heroes]
        return [rule_knob(word, left, spec, setup, heroes)]
    except VariantError as err:
        raise BadInput(f"--knob {word}: {err.problem}") from None


def values_of_spec(word: str, spec: str, bounds: tuple[int, int, str] | None = None) -> list[str]:
    """The values a spec names: LOW..HIGH (every whole number between, signs kept when given)
    or V1|V2|... A range is checked against `bounds` (lowest, highest, what they are) before it
    is expanded: `health.*=1..99999999999999999999999999` was expanded first, for minutes."""
    match = RANGE.match(spec)
    if match:
        low, high = int(match["low"]), int(match["high"])
        if low > high:
            raise BadInput(f"--knob {word}: the range {spec} is empty (LOW above HIGH)")
        if bounds is not None and not bounds[0] <= low <= high <= bounds[1]:
            raise BadInput(f"--knob {word}: {spec} is out of range: {bounds[2]} is {bounds[0]}..{bounds[1]}")
        signed = spec.startswith(("+", "-")) or "..+" in spec or "..-" in spec
        return [f"{v:+d}" if signed else str(v) for v in range(low, high + 1)]
    values = [v for v in spec.split("|") if v]
    if not values:
        raise BadInput(f"--knob {word}: no value after '='")
    return values


def rule_knob(word: str, name: str, spec: str | None, setup, heroes: list[str]) -> Knob:
    """A rules option's knob (a master's own health included)."""
    from emr_sim.games.emr.options import O_HEALTH
    from emr_sim.simulate.variants import NOT_VARIANTS

    option = BY_NAME.get(name)
    if option is None:
        if name.partition(".")[2] and BY_NAME.get(name.partition(".")[0]) is not None:
            raise BadInput(
                f"--knob {word}: {name.partition('.')[0]} has no per-master setting "
                "(a master's own setting: health.MASTER)"
            )
        raise BadInput(f"--knob {word}: unknown rules option {name!r}; `emr-sim rules` lists them")
    if name in NOT_VARIANTS:
        raise BadInput(f"--knob {word}: {NOT_VARIANTS[name]}")
    per_master = option.rule == PER_MASTER_RULE
    master: str | None = name.split(".")[1] if per_master else MASTER_OF.get(name)
    if master is not None and master not in heroes:
        raise BadInput(f"--knob {word}: {master} is not among the study's masters ({', '.join(heroes)})")
    current = int(setup.opts[option.index])
    if per_master and current == 0:
        current = int(setup.opts[O_HEALTH])  # unset: the health option's (R-OPT-HEALTH)
    base = option.show(current)
    if spec is None:
        if not option.values:
            raise BadInput(
                f"--knob {word}: {name} is a number: give its range, e.g. {name}={current - 1}..{current + 1}"
            )
        values = list(option.values)
    else:
        low = 1 if per_master else option.low  # a master's own health of 0 would mean unset
        values = values_of_spec(word, spec, None if option.values else (low, option.high, name))
    low = 1 if per_master else option.low
    checked = []
    for value in values:
        if value.startswith("+"):
            raise BadInput(f"--knob {word}: {value!r}: a rules option takes values, not steps")
        if not option.values and value.lstrip("-").isdigit() and not low <= int(value) <= option.high:
            shown = spec if spec is not None and ".." in spec else value
            raise BadInput(f"--knob {word}: {shown} is out of range: {name} is {low}..{option.high}")
        try:
            checked.append(option.show(option.parse(value)))
        except ValueError as err:
            raise BadInput(f"--knob {word}: {err}") from None
    choices = ordered_choices(checked, base, numeric=not option.values)
    if len(choices) < 2:
        raise BadInput(f"--knob {word}: leaves nothing to change (its only value is the base, {base})")
    return Knob(name, RULE, choices, base, numeric=not option.values, master=master, free=per_master)


def ordered_choices(values: list[str], base: str, numeric: bool) -> tuple[str, ...]:
    """The values without repeats with the base among them (numbers sorted)."""
    out = list(dict.fromkeys([*values, base]))
    if numeric:
        out.sort(key=int)
    return tuple(out)


def deck_knob(word: str, left: str, spec: str | None, setup) -> Knob:
    """A card's or a class's attribute as a knob; each value is applied to the deck to check it."""
    target, _, attr = left.rpartition(".")
    kind = CARD if target.startswith(CARD + ":") else CLASS
    if attr not in ATTRS_OF_DECK:
        raise BadInput(
            f"--knob {word}: unknown card attribute {attr!r}; the attributes are damage, dragon, effect"
        )
    if spec is None:
        spec = {"dragon": "0|1", "effect": "|".join(EFFECT_NAMES), "damage": f"{DAMAGE_LOW}..{DAMAGE_HIGH}"}[
            attr
        ]
    span = DAMAGE_HIGH - DAMAGE_LOW
    signed = spec.startswith(("+", "-")) or "..+" in spec or "..-" in spec  # a step: -3..+3 at most
    bounds = {
        "damage": (-span, span, "a damage step") if signed else (DAMAGE_LOW, DAMAGE_HIGH, "damage"),
        "dragon": (0, 1, "dragon"),
        "effect": (0, len(EFFECT_NAMES) - 1, "an effect's number"),
    }
    values = values_of_spec(word, spec, bounds[attr])
    step = attr == "damage" and all(v[0] in "+-" for v in values)
    if attr == "damage" and not step and any(v[0] in "+-" for v in values):
        raise BadInput(f"--knob {word}: mix of damage steps (+N/-N) and values; give one kind")
    table, n_shot = setup.deck.table, setup.deck.n_shot
    name = target[len(kind) + 1 :]
    problem = check_card_ref(name) if kind == CARD else None
    if kind == CLASS and name not in CLASSES:
        problem = f"unknown card class {name!r}; the classes are {CLASS_WORDS}"
    if problem:
        raise BadInput(f"--knob {word}: {problem}")
    try:
        cards = change_cards(table, n_shot, kind, name)
    except ValueError as err:
        raise BadInput(f"--knob {word}: {err}") from None
    current = table[cards, {"damage": CF_DAMAGE, "dragon": CF_DRAGON, "effect": CF_EFFECT}[attr]]
    if step:
        base = "+0"
        values = ["+0" if int(v) == 0 else v for v in values]
    elif len(set(current.tolist())) == 1:
        base = EFFECT_NAMES[int(current[0])] if attr == "effect" else str(int(current[0]))
    else:
        base = KEEP
    checked = []
    for value in values:
        if value in ("+0", base):
            checked.append(value)
            continue
        op_value = value if step else f"={value}"
        change = parse_change(f"{target}.{attr}{op_value}")  # VariantError: out of range, unknown effect
        changed_deck(setup.deck, Variant((change,)))  # VariantError: a card pushed out of 0..3
        checked.append(change.value if not step else value)
    if attr == "dragon":
        checked = [{"no": "0", "yes": "1"}.get(v, v) for v in checked]
    numeric = attr == "damage" and base != KEEP
    choices = ordered_choices(checked, base, numeric)
    if len(choices) < 2:
        raise BadInput(f"--knob {word}: leaves nothing to change (its only value is the base, {base})")
    return Knob(f"{target}.{attr}", kind, choices, base, numeric=numeric, step=step)


def reach_of(knobs: Knobs, masters: set[str] | None, heroes: list[str]) -> list[tuple[str, str]]:
    """The cells (side A first in the heroes' order) whose games a candidate moving the knobs of
    `masters` changes (Knobs.masters; None: every cell)."""
    from emr_sim.simulate.cells import cell_pairs

    cells = cell_pairs(heroes)
    if masters is None:
        return cells
    return [(a, b) for a, b in cells if a in masters or b in masters]


def fixed_cells(knobs: Knobs, heroes: list[str]) -> list[tuple[str, str]]:
    """The cells no knob can change (none when a knob can change every game)."""
    everything = {k.name: k.choices[-1] if k.choices[-1] != k.base else k.choices[0] for k in knobs}
    reach = set(reach_of(knobs, knobs.masters(everything), heroes))
    from emr_sim.simulate.cells import cell_pairs

    return [c for c in cell_pairs(heroes) if c not in reach]
