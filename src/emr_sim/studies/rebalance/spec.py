"""What a rebalance study is (emr_sim.studies.rebalance): its base set-up and masters, knobs,
goal, penalty, guards and budget, checked once, and its record (rebalance.json), which says
what the study directory holds so that a run with other settings is refused there.

Goal text: field:X, target:X (with --target FILE), nash:X (X in points, 0 < X < 50).
Guards: the first player's share of decided games and the median game length (turns), each
LOW..HIGH, or ±N around the base (points for the first player; N% for the length), or none.
Budget: the trials, the rungs (games per cell at each, increasing), the halving factor eta
(a trial goes up a rung when it is in the best 1/eta of the trials measured at its rung) and
the batch (trials asked and played together: a fixed number, whatever the cores or workers).
"""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.analysis.balance import (
    FIELD,
    GOAL_KINDS,
    NASH,
    TARGET,
    Balance,
    Goal,
    Guards,
    Penalty,
    check_target,
)
from emr_sim.errors import BadInput, quoted
from emr_sim.simulate.setup import RunSetup
from emr_sim.simulate.sizes import check_bytes, check_games
from emr_sim.studies.rebalance.knobs import Knobs
from emr_sim.version import __version__

REBALANCE_FORMAT = "emr-sim rebalance 1"
DEFAULT_SEARCH_SEED = 20261225  # not the runs' DEFAULT_SEED, which the verification plays
SAMPLERS = ("tpe", "cmaes")
DEFAULT_RUNGS = (200, 800, 3200)
DEFAULT_TRIALS = 120  # or the knobs' candidates, when they are fewer (Knobs.candidates)
MAX_TRIALS = 1_000_000  # far above any study (its trials are rows of study.db, read back at each
# promotion): a count of trials cannot make a search that never ends
# a chunk of pairs in flight (its arguments, future and work item: 1,800 bytes measured with
# tracemalloc for 200,000 of them): a batch's chunks are all made at once (rebalance_play)
BYTES_PER_CHUNK = 2_000
DEFAULT_ETA = 4
DEFAULT_BATCH = 4
DEFAULT_FIRST = "±2"  # the first player's share within 2 points of the base's
DEFAULT_LENGTH = "±20%"  # the median game length within 20 % of the base's
DEFAULT_MARGIN = 0.5  # points inside the goal the search aims at
MAX_TARGET_BYTES = 100_000
RELATIVE = re.compile(r"^(?:±|\+-|\+/-)(?P<n>\d+(?:\.\d+)?)(?P<pc>%?)$")
ABSOLUTE = re.compile(r"^(?P<low>\d+(?:\.\d+)?)\.\.(?P<high>\d+(?:\.\d+)?)$")
NO_GUARD = "none"
# the keys that say what a study is: a study directory holding other values is refused
IDENTITY = (
    "format",
    "base",
    "heroes",
    "knobs",
    "goal",
    "target",
    "margin",
    "penalty",
    "guards",
    "max_changes",
    "rungs",
    "eta",
    "batch",
    "sampler",
    "seed",
    "scans",
)


@dataclass(frozen=True)
class Budget:
    """How much the search plays: trials, games per cell at each rung, eta, batch."""

    trials: int = DEFAULT_TRIALS
    rungs: tuple[int, ...] = DEFAULT_RUNGS
    eta: int = DEFAULT_ETA
    batch: int = DEFAULT_BATCH

    def check(self) -> None:
        if self.trials < 1:
            raise BadInput(f"--trials must be at least 1, not {self.trials}")
        if self.trials > MAX_TRIALS:
            raise BadInput(f"--trials {self.trials:,}: at most {MAX_TRIALS:,} trials")
        if not self.rungs or any(g < 2 or g % 2 for g in self.rungs):
            raise BadInput(f"--rungs: games per cell must be even numbers of at least 2, not {self.text}")
        if list(self.rungs) != sorted(set(self.rungs)):
            raise BadInput(f"--rungs: games per cell must increase from rung to rung, not {self.text}")
        if self.eta < 2:
            raise BadInput(f"--eta must be at least 2, not {self.eta}")
        if self.batch < 1:
            raise BadInput(f"--batch must be at least 1, not {self.batch}")
        for games in self.rungs:
            try:
                check_games(games, "--rungs")
            except ValueError as err:
                raise BadInput(str(err)) from None

    def check_memory(self, cells: int, chunk: int) -> None:
        """The chunks a rung's batch makes at once (`cells` cells of each trial, `chunk` pairs a
        chunk) against the machine's memory: `--rungs 100,10000000000000` printed an estimate of
        15 million minutes and was killed for memory at 24 GB."""
        steps = [b - a for a, b in zip([0, *self.pairs], self.pairs, strict=False)]
        chunks = self.batch * cells * max(-(-step // chunk) for step in steps)
        try:
            check_bytes(
                chunks * BYTES_PER_CHUNK,
                f"--rungs {self.text} with --batch {self.batch}",
                f"{chunks:,} chunks of {chunk} pairs at once, {BYTES_PER_CHUNK:,} bytes each",
                "give fewer games per rung or a smaller --batch",
            )
        except ValueError as err:
            raise BadInput(str(err)) from None

    @property
    def text(self) -> str:
        return ",".join(str(g) for g in self.rungs)

    @property
    def pairs(self) -> list[int]:
        return [g // 2 for g in self.rungs]


def parse_rungs(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(v) for v in str(text).split(",") if v.strip())
    except ValueError:
        raise BadInput(
            f"--rungs {text}: games per cell at each rung, comma-separated (200,800,3200)"
        ) from None


def parse_penalty(text: str) -> Penalty:
    """COUNT,SIZE (points per change, per extra step) -> Penalty; BadInput otherwise."""
    parts = str(text).split(",")
    try:
        count, size = (float(v) for v in parts)
    except ValueError:
        raise BadInput(f"--penalty {text}: write COUNT,SIZE in points, e.g. 0.25,0.25") from None
    if count < 0 or size < 0 or not (math.isfinite(count) and math.isfinite(size)):
        raise BadInput(f"--penalty {text}: the prices of a change are 0 or more points")
    return Penalty(count, size)


def parse_goal(text: str) -> tuple[str, float]:
    """KIND:X -> (kind, X); BadInput naming the problem."""
    kind, sep, value = str(text).strip().lower().partition(":")
    if kind not in GOAL_KINDS or not sep:
        raise BadInput(f"--goal {text}: write field:X, target:X or nash:X (X in points)")
    try:
        tolerance = float(value)
    except ValueError:
        raise BadInput(f"--goal {text}: {value!r} is not a number of points") from None
    if not 0 < tolerance < 50 or not math.isfinite(tolerance):
        raise BadInput(f"--goal {text}: the tolerance is in points, between 0 and 50")
    return kind, tolerance


def read_target(path: str | Path, heroes: list[str]) -> np.ndarray:
    """A target matrix file (CSV: a header row of masters, then a row per master, its win rate
    against each column's master from 0 to 1; an empty cell has no target; lines starting with
    # are comments), checked against the study's masters (BadInput naming the problem)."""
    from emr_sim.files.read import read_input

    shown = str(path)
    data = read_input(path, "target matrix", MAX_TARGET_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInput(f"{shown}: the target matrix is not UTF-8 text") from None
    lines = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    rows = [[c.strip().lower() for c in row] for row in csv.reader(io.StringIO("\n".join(lines)))]
    if not rows:
        raise BadInput(f"{shown}: the target matrix is empty")
    columns = rows[0][1:]
    names = [r[0] for r in rows[1:]]
    if (
        sorted(columns) != sorted(heroes)
        or sorted(names) != sorted(heroes)
        or len(set(columns)) != len(columns)
    ):
        raise BadInput(
            f"{shown}: a target matrix of {len(names)} rows x {len(columns)} columns of masters "
            f"({', '.join(columns) or 'none'}); the study's {len(heroes)} masters ({', '.join(heroes)}) "
            f"need {len(heroes)} x {len(heroes)}"
        )
    target = np.full((len(heroes), len(heroes)), np.nan)
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(columns) + 1:
            raise BadInput(f"{shown}: row {number} ({row[0]}) has {len(row) - 1} values, not {len(columns)}")
        for col, cell in zip(columns, row[1:], strict=True):
            if not cell or row[0] == col:
                continue
            try:
                value = float(cell.rstrip("%")) / (100 if cell.endswith("%") else 1)
            except ValueError:
                raise BadInput(f"{shown}: {row[0]} vs {col}: {quoted(cell)} is not a number") from None
            if not math.isfinite(value):  # nan was taken as an empty cell, inf as a rate
                raise BadInput(
                    f"{shown}: {row[0]} vs {col}: {quoted(cell)} is not a win rate (0 to 1); "
                    "leave a cell empty for no target"
                )
            target[heroes.index(row[0]), heroes.index(col)] = value
    try:
        return check_target(target, heroes, shown)
    except ValueError as err:
        raise BadInput(str(err)) from None


def parse_guard(text: str, what: str) -> str:
    """A guard's text checked: LOW..HIGH, ±N (±N% for the length) or none."""
    value = str(text).strip().lower()
    if value == NO_GUARD or RELATIVE.match(value) or ABSOLUTE.match(value):
        match = ABSOLUTE.match(value)
        if match and float(match["low"]) > float(match["high"]):
            raise BadInput(f"{what} {text}: LOW is above HIGH")
        return value
    raise BadInput(f"{what} {text}: write LOW..HIGH, ±N (around the base) or none")


@dataclass(frozen=True)
class GuardSpec:
    """The guards as given (text), resolved against the base's figures."""

    first: str = DEFAULT_FIRST
    length: str = DEFAULT_LENGTH

    def resolve(self, base: Balance) -> Guards:
        return Guards(self._first(base), self._length(base))

    def _first(self, base: Balance) -> tuple[float, float] | None:
        if self.first == NO_GUARD:
            return None
        match = RELATIVE.match(self.first)
        if match:
            n = float(match["n"]) / 100
            return base.first - n, base.first + n
        low, high = (float(v) for v in self.first.split(".."))
        scale = 100 if max(low, high) > 1 else 1  # 45..55 or 0.45..0.55
        return low / scale, high / scale

    def _length(self, base: Balance) -> tuple[float, float] | None:
        if self.length == NO_GUARD:
            return None
        match = RELATIVE.match(self.length)
        if match:
            n = float(match["n"])
            if match["pc"]:
                return base.median_turns * (1 - n / 100), base.median_turns * (1 + n / 100)
            return base.median_turns - n, base.median_turns + n
        low, high = (float(v) for v in self.length.split(".."))
        return low, high


@dataclass
class Spec:
    """A rebalance study, checked: the base set-up (the search rung's players), masters,
    knobs, goal, and how the search runs."""

    setup: RunSetup
    heroes: list[str]
    knobs: Knobs
    goal: Goal
    seed: int
    budget: Budget = field(default_factory=Budget)
    penalty: Penalty = field(default_factory=Penalty)
    guards: GuardSpec = field(default_factory=GuardSpec)
    margin: float = DEFAULT_MARGIN
    max_changes: int | None = None
    sampler: str = "tpe"
    scans: tuple[str, ...] = ()
    target_file: str | None = None
    deck: str | None = None  # the deck file as given (None: the default deck)
    rules: dict[str, str] = field(default_factory=dict)  # the --rule options as given

    def check(self) -> None:
        from emr_sim.games.emr import codes as C
        from emr_sim.simulate.cells import cell_pairs
        from emr_sim.simulate.cluster import chunk_pairs

        self.budget.check()
        if self.heroes:
            sides = self.setup.sides(C.HERO_NAMES.index(self.heroes[0]), C.HERO_NAMES.index(self.heroes[-1]))
            self.budget.check_memory(len(cell_pairs(self.heroes)), chunk_pairs(sides))
        if self.sampler not in SAMPLERS:
            raise BadInput(f"--sampler {self.sampler}: known samplers are {', '.join(SAMPLERS)}")
        if not 0 <= self.margin < self.goal.tolerance:
            raise BadInput(
                f"--margin {self.margin:g}: from 0 to under the goal's {self.goal.tolerance:g} points"
            )
        if self.max_changes is not None and self.max_changes < 0:
            raise BadInput(f"--max-changes must be 0 or more, not {self.max_changes}")
        if self.penalty.count < 0 or self.penalty.size < 0:
            raise BadInput("--penalty: the prices of a change are 0 or more points")
        if self.goal.kind == TARGET and self.goal.target is None:
            raise BadInput("--goal target:X needs --target FILE (the target matrix)")
        if self.goal.kind != TARGET and self.target_file is not None:
            raise BadInput(f"--target FILE is for --goal target:X, not {self.goal.text}")
        if len(self.heroes) < 2:
            raise BadInput("a rebalance needs at least 2 masters")
        if self.max_changes == 0 and all(not k.free for k in self.knobs):
            raise BadInput(
                "--max-changes 0 and every knob counts as a change: nothing can change, so no goal can be met"
            )

    def record(self) -> dict:
        from emr_sim.simulate.setup import run_record

        run = run_record(self.setup)
        base = {
            k: run[k] for k in ("players", "player_specs", "fury", "rules", "deck", "deck_sha256") if k in run
        }
        return {
            "format": REBALANCE_FORMAT,
            "version": __version__,
            "base": base,
            "heroes": list(self.heroes),
            "knobs": [k.text for k in self.knobs],
            "goal": self.goal.text,
            "target": None if self.goal.target is None else _rounded(self.goal.target),
            "target_file": self.target_file,
            "margin": self.margin,
            "penalty": {"count": self.penalty.count, "size": self.penalty.size},
            "guards": {"first": self.guards.first, "length": self.guards.length},
            "max_changes": self.max_changes,
            "rungs": list(self.budget.rungs),
            "eta": self.budget.eta,
            "batch": self.budget.batch,
            "trials": self.budget.trials,
            "sampler": self.sampler,
            "seed": self.seed,
            "scans": [str(Path(s)) for s in self.scans],
        }


def _rounded(target: np.ndarray) -> list[list[float | None]]:
    return [[None if not np.isfinite(v) else round(float(v), 6) for v in row] for row in target]


def make_goal(text: str, target: np.ndarray | None) -> Goal:
    kind, tolerance = parse_goal(text)
    return Goal(kind, tolerance, target if kind == TARGET else None)


__all__ = ["FIELD", "NASH", "TARGET", "Budget", "GuardSpec", "Spec", "make_goal", "parse_goal", "read_target"]
