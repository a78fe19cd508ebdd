"""The player specs of a table run, parsed once where they enter (docs/players.md, "Players for
any game"): one grammar for every game,

    KIND                      a kind with its parameters' defaults
    KIND(NAME=VALUE,...)      ... with some set (spaces around names and values ignored)
    KIND:N                    the short form of KIND(n=N) for a kind whose first parameter is n

KIND is a generic player (players/kinds.py: random, greedy, ismcts) the game supports, named
as Game.players names it (`generic-ismcts` where the game's own commands have an `ismcts` of
their own), or one of the game's own players (Game.own_players, no parameters). A bad kind,
parameter or value is BadInput: one line naming the spec and the problem.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Game
from emr_sim.players.kinds import (
    GENERIC_KINDS,
    N_PARAMS,
    OWN_KINDS,
    PLAYER_GREEDY,
    PLAYER_ISMCTS,
    PLAYER_RANDOM,
    SP_DEPTH,
    SP_EXPLORE,
    SP_ITERATIONS,
    SP_PRIOR,
    SP_STOP,
)

GENERIC_PREFIX = "generic-"  # names a generic kind where a game has a player of its own so named
# The generic search's version, kept in run records with its settings: a change that makes the
# same settings play differently gets a new number. 1: the search of "Players for any game".
GENERIC_SEARCH_VERSION = 1
MAX_ITERATIONS = 100_000  # the node pool holds one node per iteration and the root
MAX_DEPTH = 1000  # rollout decisions before the evaluation (more than a toy game lasts)
MAX_EXPLORE = 10.0
MAX_PRIOR = 1000
NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")


@dataclass(frozen=True)
class Param:
    """A parameter of a generic kind: its name, where it sits in the kernels' row, its default
    and range, whether it is a whole number, and what it does."""

    name: str
    index: int
    default: float
    low: float
    high: float
    whole: bool
    help: str


@dataclass(frozen=True)
class GenericKind:
    name: str
    code: int
    params: tuple[Param, ...] = ()
    short: str | None = None  # the parameter KIND:N sets

    def param(self, name: str, spec: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        takes = f"it takes {', '.join(p.name for p in self.params)}" if self.params else "it takes none"
        raise BadInput(f"--players: {quoted(spec)}: {self.name} has no parameter {quoted(name)} ({takes})")


SEARCH_PARAMS = (
    Param("n", SP_ITERATIONS, 400, 1, MAX_ITERATIONS, True, "iterations per decision (ismcts:N)"),
    Param("c", SP_EXPLORE, 0.2, 0.0, MAX_EXPLORE, False, "the UCB exploration constant (values in 0..1)"),
    Param("depth", SP_DEPTH, 0, 0, MAX_DEPTH, True, "rollout decisions before the game's evaluation"),
    Param("stop", SP_STOP, 1.0, 0.05, 1.0, False, "stop once the leader leads by stop x the iterations left"),
    Param(
        "prior",
        SP_PRIOR,
        10,
        0,
        MAX_PRIOR,
        True,
        "k: a new node starts as k visits of the game's action_value",
    ),
)
KINDS = {
    "random": GenericKind("random", PLAYER_RANDOM),
    "greedy": GenericKind("greedy", PLAYER_GREEDY),
    "ismcts": GenericKind("ismcts", PLAYER_ISMCTS, SEARCH_PARAMS, short="n"),
}
assert tuple(KINDS) == GENERIC_KINDS


@dataclass(frozen=True)
class PlayerSpec:
    """One member's player: its kind as the game names it, its kernel code, every parameter
    (defaults filled in), and its canonical text (parse_spec(game, text) gives it again)."""

    kind: str
    code: int
    params: dict[str, float] = field(default_factory=dict)
    given: tuple[str, ...] = ()  # the parameters the spec set, in the kind's order
    text: str = ""

    def row(self) -> np.ndarray:
        """The kernels' parameter row of this player (players/kinds.py: SP_*)."""
        out = np.zeros(N_PARAMS, dtype=np.float64)
        generic = generic_kind(self.kind)
        if generic is not None:
            for p in KINDS[generic].params:
                out[p.index] = self.params[p.name]
        return out

    @property
    def is_search(self) -> bool:
        return self.code == PLAYER_ISMCTS

    def record(self) -> dict:
        """The spec in full for a run record."""
        out: dict = {"kind": self.kind, "text": self.text, "params": dict(self.params)}
        if self.is_search:
            out["search_version"] = GENERIC_SEARCH_VERSION
        return out


def generic_kind(name: str) -> str | None:
    """The generic kind a name means (`ismcts` or `generic-ismcts`: ismcts), None for another."""
    bare = name[len(GENERIC_PREFIX) :] if name.startswith(GENERIC_PREFIX) else name
    return bare if bare in KINDS else None


def kind_params(name: str) -> list[dict]:
    """The parameters of a kind named so (a generic one; none for a game's own), for listings."""
    generic = generic_kind(name)
    params = KINDS[generic].params if generic is not None else ()
    return [
        {"name": p.name, "default": p.default, "low": p.low, "high": p.high, "whole": p.whole, "help": p.help}
        for p in params
    ]


def parse_spec(game: Game, text: str) -> PlayerSpec:
    """One member's spec for `game`; BadInput naming the spec and what is wrong."""
    spec = text.strip()
    name, args = split_spec(spec)
    if name in game.own_players:
        if args:
            raise BadInput(f"--players: {quoted(spec)}: {name} takes no parameters")
        return PlayerSpec(name, OWN_KINDS + game.own_players.index(name), text=name)
    generic = generic_kind(name)
    kinds = ", ".join(game.players + game.own_players)
    if generic is None:
        raise BadInput(f"--players: {quoted(spec)}: not a player kind of {game.name} (its kinds: {kinds})")
    listed = [n for n in (generic, GENERIC_PREFIX + generic) if n in game.players]
    if not listed:
        raise BadInput(f"--players: {quoted(spec)}: {game.name} has no such player (its kinds: {kinds})")
    if name == generic and listed[0] != generic:
        raise BadInput(
            f"--players: {quoted(spec)}: {generic} is a player of {game.name}'s own commands; "
            f"in its table runs the generic one is {listed[0]}"
        )
    return build(KINDS[generic], listed[0], args, spec)


def split_spec(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """(the kind's name, the (name, value) pairs) of one spec's text."""
    if not spec:
        raise BadInput("--players: an empty player spec")
    if ":" in spec and "(" not in spec:
        name, _, value = spec.partition(":")
        return checked_name(name.strip(), spec), [(":", value.strip())]
    if "(" not in spec:
        return checked_name(spec, spec), []
    if not spec.endswith(")") or spec.count("(") != 1 or spec.count(")") != 1:
        raise BadInput(f"--players: {quoted(spec)}: write KIND(NAME=VALUE,...) with one pair of parentheses")
    name, _, inner = spec[:-1].partition("(")
    pairs = []
    for part in inner.split(","):
        if not part.strip() and inner.strip() == "":
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise BadInput(f"--players: {quoted(spec)}: {quoted(part.strip())} is not NAME=VALUE")
        pairs.append((key.strip(), value.strip()))
    return checked_name(name.strip(), spec), pairs


def checked_name(name: str, spec: str) -> str:
    if not NAME.match(name):
        raise BadInput(f"--players: {quoted(spec)}: {quoted(name)} is not a player kind")
    return name


def build(kind: GenericKind, name: str, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    """The spec of `kind` (named `name`) with these (parameter, value text) pairs."""
    given: dict[str, float] = {}
    for key, value in args:
        if key == ":":
            if kind.short is None:
                raise BadInput(f"--players: {quoted(spec)}: {kind.name} has no short form {kind.name}:N")
            key = kind.short
        p = kind.param(key, spec)
        if p.name in given:
            raise BadInput(f"--players: {quoted(spec)}: {p.name} is given twice")
        given[p.name] = whole(p, number(p, value, spec))
    params = {p.name: given.get(p.name, whole(p, p.default)) for p in kind.params}
    order = tuple(p.name for p in kind.params if p.name in given)
    return PlayerSpec(name, kind.code, params, order, canonical(name, {k: given[k] for k in order}))


def number(p: Param, text: str, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise BadInput(f"--players: {quoted(spec)}: {p.name}={quoted(text)} is not a number") from None
    if not math.isfinite(value):
        raise BadInput(f"--players: {quoted(spec)}: {p.name}={quoted(text)} is not a finite number")
    if not p.low <= value <= p.high:
        raise BadInput(
            f"--players: {quoted(spec)}: {p.name}={text} is outside {shown(p.low)}..{shown(p.high)}"
        )
    if p.whole and not value.is_integer():
        raise BadInput(f"--players: {quoted(spec)}: {p.name}={text} must be a whole number")
    return value


def whole(p: Param, value: float) -> float:
    """A whole-number parameter's value as an int (so records show 400, not 400.0)."""
    return int(value) if p.whole else float(value)


def shown(value: float) -> str:
    """The shortest text of a number that reads back the same (1.0 -> 1)."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def canonical(name: str, given: dict[str, float]) -> str:
    """The kind alone, or with every parameter given, in the kind's order."""
    if not given:
        return name
    return f"{name}({','.join(f'{k}={shown(v)}' for k, v in given.items())})"
