"""A claims file: TOML with one [[claim]] table per claim, each with the words people use
(`name`, optional) and the statement it tests (`says`), in one of four forms:

    "A beats B"                         A's win rate against B is over 50 %
    "A is in the top N"                 A's field mean is among the N best (N: 1..7 or one..seven)
    "A wins over P %" | "under P %"     A's field mean (its mean win rate over its opponents)
    "the first player wins over P %" | "under P %"    the first player's share of decided games

A and B are masters (`emr-sim heroes`; "master of masters" and "kung-fu" are read too).
A file that cannot be read, an unknown master or a statement of no known form is refused
with one line naming the file, the claim and the problem (ClaimsError, exit 2).
"""

from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass
from pathlib import Path

from emr_sim.errors import BadInput, quoted
from emr_sim.files.read import InputFileError, parse_toml, read_input
from emr_sim.games.emr.codes import HERO_NAMES

BEATS, TOP, FIELD, FIRST = "beats", "top", "field", "first_player"
ABOVE = "over"  # a claim's direction: "over" the line, else "under" it
COMMUNITY = "community"  # the name of the shipped claims file on the command line
MAX_BYTES = 1_000_000  # a claims file is a few hundred bytes; a longer one is not read
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
ALIASES = {"master of masters": "master", "kung-fu": "kungfu", "kung fu": "kungfu"}
KEYS = ("name", "says")
FORMS = (
    (BEATS, re.compile(r"^(?P<a>.+?) beats (?P<b>.+)$")),
    (TOP, re.compile(r"^(?P<a>.+?) is in the top (?P<n>\w+)$")),
    (FIRST, re.compile(r"^the first player wins (?P<dir>over|under) (?P<p>[0-9.]+) ?%$")),
    (FIELD, re.compile(r"^(?P<a>.+?) wins (?P<dir>over|under) (?P<p>[0-9.]+) ?%$")),
)
FORM_WORDS = "'A beats B', 'A is in the top N', 'A wins over P %', 'the first player wins under P %'"


class ClaimsError(BadInput):
    """A claims file that cannot be used: FILE: claim K (its words): problem."""


@dataclass(frozen=True)
class Claim:
    """One claim: its words, and the statement as kind, masters and threshold."""

    name: str  # the words people use ("Earth is strong")
    says: str  # the statement tested, normalised ("earth is in the top 3")
    kind: str  # BEATS, TOP, FIELD or FIRST
    master: str | None = None
    opponent: str | None = None
    top: int | None = None
    threshold: float | None = None  # a share, 0..1 (FIELD, FIRST)
    direction: str | None = None  # "over" (ABOVE) or "under" (FIELD, FIRST)

    @property
    def masters(self) -> tuple[str, ...]:
        return tuple(m for m in (self.master, self.opponent) if m)


def community_path() -> Path:
    """The shipped claims file (package data): the four claims of the player community."""
    return Path(str(importlib.resources.files("emr_sim.analysis.claims") / "community.toml"))


def load_claims(path: str | Path) -> list[Claim]:
    """The claims of a file (COMMUNITY: the shipped one); ClaimsError naming the problem."""
    shown = str(path)
    file = community_path() if shown == COMMUNITY else Path(shown)
    return parse_claims(read_input(file, "claims", MAX_BYTES, shown), shown)


def parse_claims(text: str | bytes, source: str = "<claims>") -> list[Claim]:
    """The claims of a claims file's text (emr_sim.files.read.parse_toml: nesting and long
    numbers bounded, so a file of 100,000 brackets is one line, not a RecursionError)."""
    try:
        data = parse_toml(text, source, "claims")
    except InputFileError as err:
        raise ClaimsError(str(err)) from None
    unknown = [k for k in data if k != "claim"]
    if unknown:
        raise ClaimsError(f"{source}: unknown key {unknown[0]!r}; a claims file holds [[claim]] tables")
    tables = data.get("claim")
    if not isinstance(tables, list) or not tables:
        raise ClaimsError(f'{source}: no claim: write one [[claim]] table per claim, with says = "..."')
    return [parse_claim(table, f"{source}: claim {k}") for k, table in enumerate(tables, start=1)]


def parse_claim(table: object, where: str) -> Claim:
    if not isinstance(table, dict):
        raise ClaimsError(f"{where}: must be a [[claim]] table")
    unknown = [k for k in table if k not in KEYS]
    if unknown:
        raise ClaimsError(f"{where}: unknown key {unknown[0]!r}; a claim has {', '.join(KEYS)}")
    says = table.get("says")
    if "says" in table and not isinstance(says, str):
        raise ClaimsError(f"{where}: says must be a string of words, not {quoted(says)}; write {FORM_WORDS}")
    if not isinstance(says, str) or not says.strip():
        raise ClaimsError(f'{where}: says = "..." is missing: the statement to test ({FORM_WORDS})')
    name = table.get("name", says)
    if not isinstance(name, str):
        raise ClaimsError(f"{where}: name must be a string, not {quoted(name)}")
    where = f"{where} ({says.strip()!r})"
    words = " ".join(says.strip().lower().split())
    for kind, pattern in FORMS:
        match = pattern.match(words)
        if match:
            return build(kind, match.groupdict(), name.strip() or words, where)
    raise ClaimsError(f"{where}: not a claim emr-sim can test; write {FORM_WORDS}")


def build(kind: str, parts: dict, name: str, where: str) -> Claim:
    master = master_name(parts["a"], where) if parts.get("a") else None
    if kind == BEATS:
        opponent = master_name(parts["b"], where)
        if opponent == master:
            raise ClaimsError(f"{where}: a master cannot beat itself")
        return Claim(name, f"{master} beats {opponent}", kind, master, opponent)
    if kind == TOP:
        n = parts["n"]
        top = NUMBERS.get(n, int(n) if n.isdigit() else 0)
        if not 1 <= top < len(HERO_NAMES):
            raise ClaimsError(f"{where}: the top {n!r} is not a number from 1 to {len(HERO_NAMES) - 1}")
        return Claim(name, f"{master} is in the top {top}", kind, master, top=top)
    try:
        share = float(parts["p"]) / 100
    except ValueError:
        share = -1.0
    if not 0 < share < 1:
        raise ClaimsError(f"{where}: {parts['p']} % is not a share between 0 and 100 %")
    who = "the first player" if kind == FIRST else master
    says = f"{who} wins {parts['dir']} {100 * share:g} %"
    return Claim(name, says, kind, master, threshold=share, direction=parts["dir"])


def master_name(text: str, where: str) -> str:
    word = ALIASES.get(text.strip(), text.strip())
    if word not in HERO_NAMES:
        raise ClaimsError(
            f"{where}: unknown master {text.strip()!r}; the masters are {', '.join(HERO_NAMES)}"
        )
    return word
