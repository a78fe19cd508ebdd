"""The skill ladder: rungs of players, each step the upper rung against the one below.

A step is a matrix run (emr_sim.simulate.play.matrix) with side A the upper rung and side B the
lower one, over every ordered assignment of masters, mirrors included ("assignments":
"every"), so a step's games are spread evenly over the hero assignments and every deal is
played with the seats swapped. All steps share the run seed, so they play the same deals.

    RUN_DIR/ladder.json            the ladder's record: rungs, heroes, games, seed, rules, deck
                                   (and the search version its rungs' texts are read in)
    RUN_DIR/steps/step-<k>/        step k (rung k+1 against rung k): a matrix run directory

Running the same command again resumes every step (each is a matrix run); a directory that
holds another ladder is refused, before anything is written; a ladder with a search rung
records the search version its rungs' texts mean ("search_version"; a ladder from before it
was kept: version 1), and is resumed in it. The ladder's directory is locked
for the whole ladder (emr_sim.files.lock.claim_dir), each step's for the step: a second ladder
started on the same directory is refused at once, naming the first, and writes nothing.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim.errors import BadInput, quoted
from emr_sim.files.holds import DirKind, check_holds
from emr_sim.files.lock import claim_dir
from emr_sim.files.read import read_json_record
from emr_sim.files.write import write_text
from emr_sim.games.emr.lineup.heroes import parse_hero_list
from emr_sim.games.emr.players.search_params import SEARCH_VERSION
from emr_sim.simulate.play.estimate import run_seconds
from emr_sim.simulate.play.matrix import MatrixPlay, check_matrix_memory, check_sizes, run_matrix
from emr_sim.simulate.play.runner import start_cluster
from emr_sim.simulate.play.settings import QUIET, RunHooks, RunSettings
from emr_sim.simulate.play.setup import RunSetup, run_record, run_setup
from emr_sim.simulate.runs.cells import cell_pairs
from emr_sim.simulate.runs.searchversion import UNRECORDED_SEARCH_VERSION, version_problem
from emr_sim.simulate.runs.sizes import check_games

LADDER_FORMAT = "emr-sim ladder 1"
LADDER_FILE = "ladder.json"
STEPS_DIR = "steps"
DEFAULT_RUNGS = "random,greedy,tuned"
DEFAULT_STEP_GAMES = 2_000
RECORD_KEYS = ("format", "rungs", "heroes", "games_per_cell", "seed", "fury", "rules", "deck", "deck_sha256")


@dataclass
class Step:
    """One finished step: its rungs (upper above lower), its run directory and its games."""

    index: int
    upper: str
    lower: str
    run_dir: Path
    games: pd.DataFrame


@dataclass
class LadderRun:
    run_dir: Path
    record: dict
    steps: list[Step]
    seconds: float


def split_rungs(rungs: str | list | tuple) -> list[str]:
    """The rungs' spec texts, split on top-level commas (a comma inside parentheses belongs to
    its spec); at least two."""
    from emr_sim.games.emr.lineup.spec import split_top_level

    texts = split_top_level(rungs) if isinstance(rungs, str) else [str(r).strip() for r in rungs]
    if len(texts) < 2 or any(not t for t in texts):
        raise ValueError(f"--rungs needs at least two player specs, lowest first, not {rungs!r}")
    return texts


def step_games(games: int, n_cells: int) -> int:
    """Games per cell (a whole number of pairs) so that a step has at least `games`."""
    if games < 2:
        raise ValueError(f"-n must be at least 2 games a step, not {games}")
    check_games(games, "-n")
    return 2 * math.ceil(games / n_cells / 2)


def step_dir(root: Path, index: int) -> Path:
    return root / STEPS_DIR / f"step-{index}"


@dataclass
class Plan:
    """A ladder checked before anything is written: its record and each step's set-up."""

    record: dict
    heroes: list[str]
    per_cell: int
    setups: list[RunSetup]  # step k-1: rung k (side A) against rung k-1 (side B)
    search_version: int  # what the rungs' texts mean (lineup.search.DEFAULTS_BY_VERSION)


@dataclass(frozen=True)
class LadderPlay:
    """What a ladder plays: its rungs (player specs, lowest first; a text is split on
    top-level commas), its masters (None: all 8) and the games of a step."""

    rungs: str | list | tuple = DEFAULT_RUNGS
    heroes: str | list | None = None
    games: int = DEFAULT_STEP_GAMES


def plan_ladder(settings: RunSettings, play: LadderPlay) -> Plan:
    """The ladder checked: settings.players is not read (the rungs are the players), and
    settings.search_version is what the rungs' texts mean (None: the current version)."""
    if settings.variant is not None or settings.cards:
        raise ValueError("a ladder plays the run's rules and deck as they are and keeps no card events")
    search_version = SEARCH_VERSION if settings.search_version is None else settings.search_version
    texts = split_rungs(play.rungs)
    names = parse_hero_list(play.heroes)
    cells = cell_pairs(names, every=True)
    per_cell = step_games(play.games, len(cells))
    check_sizes(per_cell, None, None)
    check_matrix_memory(len(cells), per_cell, None, None)
    setups = [
        run_setup(
            settings.but(players=(upper, lower), search_version=search_version),
            "a ladder",
            python_players=True,
        )
        for lower, upper in zip(texts, texts[1:], strict=False)
    ]
    searches = any(spec.search is not None for setup in setups for spec in setup.specs)
    base = run_record(setups[0])
    record = {
        "format": LADDER_FORMAT,
        "version": base["version"],
        "rungs": [base["players"][1], *(run_record(s)["players"][0] for s in setups)],
        "heroes": names,
        "games_per_cell": per_cell,
        "games_per_step": per_cell * len(cells),
        **{k: base[k] for k in ("seed", "fury", "rules", "deck", "deck_sha256")},
        **({"search_version": search_version} if searches else {}),
    }
    return Plan(record, names, per_cell, setups, search_version)


def ladder_search_version(root: Path) -> int:
    """The search version of the ladder already in root (its record's "search_version"; one
    from before it was kept: UNRECORDED_SEARCH_VERSION), else the current one. BadInput for a
    version that does not exist; a record that cannot be read is left to check_root."""
    path = root / LADDER_FILE
    if not path.is_file():
        return SEARCH_VERSION
    try:
        old = read_json_record(path, "ladder record", LADDER_FORMAT)
    except BadInput:
        return SEARCH_VERSION
    version = old.get("search_version", UNRECORDED_SEARCH_VERSION)
    problem = version_problem(version, "search_version")
    if problem:
        raise BadInput(f"{path}: {problem}")
    return version


def ladder_differences(old: dict, new: dict) -> list[str]:
    return [
        f"{k} {quoted(old.get(k))} on disk, {quoted(new.get(k))} now"
        for k in RECORD_KEYS
        if old.get(k) != new.get(k)
    ]


LADDER_DIR = DirKind(
    noun="ladder",
    record_file=LADDER_FILE,
    called="a ladder directory",
    read=lambda path: read_json_record(path, "ladder record", LADDER_FORMAT),
    differences=ladder_differences,
    empty_dirs=(STEPS_DIR,),
)


def check_root(root: Path, record: dict) -> None:
    """BadInput for a directory that cannot hold this ladder (nothing is written); run again
    under the directory's lock (emr_sim.files.lock.claim_dir)."""
    check_holds(root, LADDER_DIR, record)


def write_record(root: Path, record: dict) -> Path:
    return write_text(root / LADDER_FILE, json.dumps(record, indent=1) + "\n")


def games_to_play(plan: Plan, root: Path) -> list[int]:
    """The games each step has still to play: its cells without a finished file (a step that
    cannot be read counts whole: its own run says what is wrong with it)."""
    from emr_sim.simulate.runs.rundir import RUN_FILE, finished_cells

    out = []
    for k in range(1, len(plan.setups) + 1):
        folder = step_dir(root, k)
        try:
            done = len(finished_cells(folder)) if (folder / RUN_FILE).exists() else 0
        except BadInput:
            done = 0
        out.append(max(0, plan.record["games_per_step"] - done * plan.per_cell))
    return out


def estimate_seconds(plan: Plan, games: list[int] | None = None) -> float:
    """Seconds the ladder's games (`games` of each step; all of them for None) should take on
    its threads or a cluster's workers (emr_sim.simulate.play.estimate), step by step: the rungs'
    costs differ. A step with nothing to play is not timed."""
    games = games or [plan.record["games_per_step"]] * len(plan.setups)
    return sum(run_seconds(s, plan.heroes, n // 2) for s, n in zip(plan.setups, games, strict=True))


def run_ladder(
    run_dir: str | Path, settings: RunSettings, play: LadderPlay, hooks: RunHooks = QUIET
) -> LadderRun:
    """Play (or resume) every step of the ladder into run_dir; hooks.on_estimate(seconds,
    record, games) is called before the first game with the games still to play (none: not
    called), hooks.on_note(text) with each step's warnings and notes."""
    root = Path(run_dir)
    version = ladder_search_version(root)  # a ladder resumed: its rungs' texts mean what they did
    plan = plan_ladder(settings.but(search_version=version), play)
    check_root(root, plan.record)  # a file in the way, an unwritable folder (check_holds) or another run
    start_cluster(plan.setups[0])  # inputs checked: a cluster starts before anything is written
    check = partial(check_root, record=plan.record)
    with claim_dir(root, check, partial(write_record, record=plan.record)):  # one writer a ladder
        todo = games_to_play(plan, root)
        if hooks.on_estimate and sum(todo) and not any(s.python for s in plan.setups):
            hooks.on_estimate(estimate_seconds(plan, todo), plan.record, sum(todo))
        return play_steps(root, plan, settings, hooks)


def play_steps(root: Path, plan: Plan, settings: RunSettings, hooks: RunHooks) -> LadderRun:
    """Every step of a ladder whose directory this process holds, each a matrix run."""
    start = time.perf_counter()
    steps = []
    texts = plan.record["rungs"]
    # a ladder measures strength: ismcts-open may be a rung
    cells = MatrixPlay(plan.heroes, plan.per_cell, every=True, strength_only=True)
    step_hooks = RunHooks(quiet=hooks.quiet, on_note=hooks.on_note)
    for k, setup in enumerate(plan.setups, start=1):
        chosen = settings.but(
            seed=plan.record["seed"],
            players=(texts[k], texts[k - 1]),
            workers=setup.workers,
            search_version=plan.search_version,
        )
        run = run_matrix(step_dir(root, k), chosen, cells, step_hooks)
        steps.append(Step(k, texts[k], texts[k - 1], Path(run.run_dir), load_step_games(run.run_dir)))
    return LadderRun(root, plan.record, steps, time.perf_counter() - start)


def load_step_games(run_dir: str | Path) -> pd.DataFrame:
    from emr_sim.simulate.runs.rundir import load_games

    games = load_games(run_dir)
    return games.astype({"win_a": np.int64, "draw": np.int64})
