"""The Python side of the game contract (docs/games.md): one value per game, `Game`, that says
what the layers above need to know of it, and the face its folder provides.

A game's folder holds a module (its *face*, named by `Game.face_module`) with:

    GAME: Game                                   this value
    make(n_seats, rules, data) -> Made           the game ready to play: its rules options
                                                 parsed (RulesOption), its data loaded
    entry()                                      its compiled table loop (the generic
                                                 emr_sim.loops.table inlined in its folder)
    kernels()                                    its kernel module (the contract's operations,
                                                 emr_sim.kernel_contract, callable from Python)
    action_text(made, S, action) -> str          an action in words, for the mover of S
    describe(made, S) -> list[str]               a position in words (a log's lines)

The layers above reach a game only through this value and that module (found by
emr_sim.games.registry); nothing above imports a game's internals.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from emr_sim.errors import BadInput, quoted


@dataclass(frozen=True)
class Seats:
    """How many players a game seats: fewest, most, and the default."""

    fewest: int
    most: int
    default: int

    def check(self, n: int, game: str) -> int:
        if not self.fewest <= n <= self.most:
            allowed = str(self.fewest) if self.fewest == self.most else f"{self.fewest} to {self.most}"
            raise BadInput(f"--seats {n}: {game} is played by {allowed} players")
        return n


@dataclass(frozen=True)
class RulesOption:
    """A rules option of a game: `--rule NAME=VALUE`, its choices and the rule or decision id
    whose switch it is."""

    name: str
    default: str
    choices: tuple[str, ...]  # the values it takes; empty: a whole number in low..high
    rule: str
    help: str
    low: int = 0
    high: int = 0

    def parse(self, value: str, game: str) -> str:
        if not self.choices:
            try:
                number = int(value)
            except ValueError:
                raise BadInput(f"--rule {self.name}={quoted(value)}: not a whole number") from None
            if not self.low <= number <= self.high:
                raise BadInput(f"--rule {self.name}={number}: outside {self.low}..{self.high} ({game})")
            return str(number)
        if value not in self.choices:
            raise BadInput(
                f"--rule {self.name}={quoted(value)}: not a choice of {game} ({', '.join(self.choices)})"
            )
        return value


@dataclass(frozen=True)
class Made:
    """A game made ready to play at one table size: what every game of a run shares."""

    game: Game
    n_seats: int
    G: tuple  # the kernels' constants (kernel_contract: its first element the game's tag)
    rules: dict[str, str]  # every option, parsed (defaults filled in)
    data_name: str = "default"  # the card or deck data, as given
    data_sha256: str = ""
    extra: Any = field(default=None, compare=False)  # what the game's face keeps beside G

    def loop_constants(self) -> tuple:
        """G for one loop (one thread): a game whose G holds scratch gives a fresh one."""
        return self.game.face().loop_constants(self)


@dataclass(frozen=True)
class Game:
    """One game of the toolkit, as the layers above see it."""

    name: str
    title: str
    seats: Seats
    entity: str  # what analysis groups by ("master", "deck", "role", ...; "" for none)
    entities: tuple[str, ...]  # their names, in code order
    dealt: bool  # entities dealt by chance (one cell per seat count), not chosen by seating
    teams: bool  # results carry teams
    options: tuple[RulesOption, ...]
    players: tuple[str, ...]  # the player kinds it supports (generic ones and its own)
    end_names: tuple[str, ...]  # how a game ends, by the record's end code
    state_size: int
    max_legal: int
    face_module: str  # the module of its face (above)
    rules_doc: str = ""  # the docs page that defines its rule ids
    work_size: int = 0  # the players' work buffer, in int64 words (at least the state's size)
    own_players: tuple[str, ...] = ()  # its own players (kernel_contract.own_player), by index
    # its own players that read the whole state by design (reference players, named so): exempt from
    # the hidden-information swap test
    sees_all: tuple[str, ...] = ()
    n_actions: int = 0  # its action codes: every legal action is one of 0 .. n_actions - 1 (0: max_legal)

    @property
    def action_codes(self) -> int:
        """How many action codes there are: every legal action is one of 0 .. action_codes - 1
        (the size of an action space, emr_sim.ecosystem)."""
        return self.n_actions or self.max_legal

    def face(self) -> ModuleType:
        return importlib.import_module(self.face_module)

    def option(self, name: str) -> RulesOption:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise BadInput(f"--rule {quoted(name)}: not a rules option of {self.name} (its options: {known})")

    def parse_rules(self, rules: dict[str, str]) -> dict[str, str]:
        """Every option's value: the given ones checked, the others at their defaults."""
        parsed = {opt.name: opt.default for opt in self.options}
        for name, value in rules.items():
            parsed[name] = self.option(name).parse(value, self.name)
        return parsed

    def make(
        self, n_seats: int | None = None, rules: dict[str, str] | None = None, data: str | None = None
    ) -> Made:
        n = self.seats.check(self.seats.default if n_seats is None else n_seats, self.name)
        return self.face().make(n, self.parse_rules(rules or {}), data)

    def entity_index(self, name: str) -> int:
        if name not in self.entities:
            what = self.entity or "entity"
            raise BadInput(f"{quoted(name)}: not a {what} of {self.name} ({', '.join(self.entities)})")
        return self.entities.index(name)
