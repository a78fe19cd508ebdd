"""The hero matrix: every pair of distinct heroes played as paired games, one cell at a time.

A cell (hero_a, hero_b) with hero_a before hero_b in HERO_NAMES order plays the seat-swapped
pairs of `emr-sim matchup` on its own seed, cell_seed(run seed, hero_a, hero_b), so cells are
independent of each other, and two runs with the same run seed play the same deals in every
cell (what `emr-sim compare` pairs up). A cell's games are a records frame
(emr_sim.simulate.runs.records), which the run directory (emr_sim.simulate.runs.rundir) keeps as
one Parquet file.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim.console.progress import progress_bar
from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.heroes import parse_hero_list
from emr_sim.simulate.play.estimate import run_seconds
from emr_sim.simulate.play.runner import (
    drop_guesses,
    expect,
    guess,
    guess_pairs,
    load_kernels,
    run_pairs,
    start_cluster,
)
from emr_sim.simulate.play.settings import QUIET, RunHooks, RunSettings
from emr_sim.simulate.play.setup import RunSetup, run_record, run_setup, setup_warnings
from emr_sim.simulate.runs.cells import (
    BATCH_PAIRS,
    DEFAULT_GAMES,
    DEFAULT_MAX_GAMES,
    EVERY,
    cell_pairs,
    cell_seed,
    rule_continues,
    sequential_batches,
    wilson_half_width,
)
from emr_sim.simulate.runs.records import GameColumns
from emr_sim.simulate.runs.rundir import recorded_search_version, run_format
from emr_sim.simulate.runs.runwriter import check_target, open_run
from emr_sim.simulate.runs.sizes import check_games, check_memory


@dataclass
class CellSpec:
    """What every cell of a run shares: the run set-up and the cell sizes."""

    setup: RunSetup
    games: int  # games per cell (rounded up to pairs); the minimum with until_ci
    until_ci: float | None = None  # sequential: add pairs until the half-width is at most this
    max_games: int | None = None  # the cap of the sequential rule


def play_part(spec: CellSpec, hero_a: str, hero_b: str, first_pair: int, n_pairs: int, progress):
    """Pairs first_pair.. of the cell as compact columns, converted chunk by chunk."""
    sides = spec.setup.sides(C.HERO_NAMES.index(hero_a), C.HERO_NAMES.index(hero_b))
    seed = cell_seed(spec.setup.seed, hero_a, hero_b)
    part = GameColumns(2 * n_pairs, hero_a, hero_b, first_pair, cards=spec.setup.cards)
    run_pairs(spec.setup, sides, n_pairs, progress, seed, keep=part.put, first_pair=first_pair)
    return part


def expect_cells(spec: CellSpec, cells: list[tuple[str, str]]) -> None:
    """The first part of every cell (what play_cell plays before any --until-ci batch), for
    a cluster to send ahead (emr_sim.simulate.play.runner.expect)."""
    n_pairs = math.ceil(spec.games / 2)
    calls = []
    for a, b in cells:
        sides = spec.setup.sides(C.HERO_NAMES.index(a), C.HERO_NAMES.index(b))
        calls.append((sides, n_pairs, cell_seed(spec.setup.seed, a, b), True))
    expect(spec.setup, calls)


def play_cell_pairs(spec: CellSpec, hero_a: str, hero_b: str, first_pair: int, n_pairs: int, progress):
    """Pairs first_pair.. of the cell as a records frame."""
    return play_part(spec, hero_a, hero_b, first_pair, n_pairs, progress).frame()


@dataclass
class Guesser:
    """The batches of one cell a cluster is told may come (runner.guess): up to `depth` past
    the one being played, and only those the running win rate predicts the rule will ask for,
    so that few are dropped at the stopping point. Guesses never change a game."""

    spec: CellSpec
    sides: np.ndarray
    seed: int
    batches: list[tuple[int, int]]
    depth: int  # batches guessed ahead at most (0 on threads: no guessing)
    done: int = 0  # batches[:done] have been guessed

    def ahead(self, k: int, wins: int, games: int) -> None:
        """Before batch k is played (or, k = 0, the first part), with wins of games so far."""
        until_ci = self.spec.until_ci or 0.0
        rate = wins / games if games else 0.5  # before any game, the widest interval
        start, stop = self.done, min(k + self.depth, len(self.batches))
        while self.done < stop and rule_continues(rate, 2 * self.batches[self.done][0], until_ci):
            self.done += 1
        guess(self.spec.setup, self.sides, self.seed, self.batches[start : self.done])


def play_cell(spec: CellSpec, hero_a: str, hero_b: str, progress) -> pd.DataFrame:
    """All games of one cell: spec.games, then, with until_ci, batches of BATCH_PAIRS pairs
    until the interval half-width is at most until_ci or max_games is reached. The rule
    reads running win counts after each whole batch, in pair order; the parts are joined once,
    at the end. On a cluster the next batches are guessed (sent while the workers have nothing
    certain to play) and those past the stopping point dropped: the games are the same."""
    n_pairs = math.ceil(spec.games / 2)
    if spec.until_ci is None:
        return play_part(spec, hero_a, hero_b, 0, n_pairs, progress).frame()
    batches = sequential_batches(n_pairs, math.ceil((spec.max_games or spec.games) / 2))
    sides = spec.setup.sides(C.HERO_NAMES.index(hero_a), C.HERO_NAMES.index(hero_b))
    depth = -(-guess_pairs(spec.setup, sides) // BATCH_PAIRS)  # 0 on threads
    guesser = Guesser(spec, sides, cell_seed(spec.setup.seed, hero_a, hero_b), batches, depth)
    guesser.ahead(0, 0, 0)
    parts = [play_part(spec, hero_a, hero_b, 0, n_pairs, progress)]
    wins = parts[0].wins_a()
    for k, (first, batch) in enumerate(batches):
        if wilson_half_width(wins, 2 * first) <= spec.until_ci:
            break
        guesser.ahead(k + 1, wins, 2 * first)
        if getattr(progress, "total", None) is not None:
            progress.total += 2 * batch  # the bar grows with the sequential rule
        parts.append(play_part(spec, hero_a, hero_b, first, batch, progress))
        wins += parts[-1].wins_a()
    drop_guesses(spec.setup)  # the batches guessed past the stopping point
    return (parts[0] if len(parts) == 1 else GameColumns.joined(parts)).frame()


@dataclass
class MatrixRun:
    """What run_matrix did: the run directory, its record, the cells played and skipped."""

    run_dir: str
    record: dict
    played: list[tuple[str, str]]
    skipped: list[tuple[str, str]]
    seconds: float
    games_played: int
    notes: list[str] = field(default_factory=list)  # the damaged cells played again, in words


def check_sizes(games: int, until_ci: float | None, max_games: int | None) -> None:
    if games < 2:
        raise ValueError(f"--games must be at least 2 (one pair), not {games}")
    if until_ci is not None and not 0 < until_ci < 0.5:
        raise ValueError(f"--until-ci is a half-width between 0 and 0.5 (0.01 = ±1 point), not {until_ci}")
    if max_games is not None and max_games < games:
        raise ValueError(f"--max-games ({max_games}) must be at least --games ({games})")
    check_games(games, "--games")
    if max_games is not None:
        check_games(max_games, "--max-games")


def check_matrix_memory(
    n_cells: int, games: int, until_ci: float | None, max_games: int | None, cards: bool = False
) -> None:
    """ValueError when the games held at once would not fit: a cell at its largest while it is
    played, or every cell at its smallest, which `matrix` and `report` load together (with
    `cards`, the card events too)."""
    cell = max(games, (max_games or DEFAULT_MAX_GAMES) if until_ci else games)
    if n_cells * games > cell:
        what = f"{n_cells} cells of --games {games:,}, loaded together for the tables,"
        check_memory(n_cells * games, what, cards=cards)
    else:
        check_memory(cell, f"a cell of {cell:,} games", cards=cards)


def matrix_record(setup: RunSetup, heroes: list[str], games: int, until_ci, max_games, every=False) -> dict:
    """The run record of a matrix (emr_sim.simulate.play.setup.run_record and the matrix's keys);
    "assignments" only when every ordered pair is played, so other records stay as they were."""
    extra = {"assignments": EVERY} if every else {}
    return {
        "format": run_format(setup.cards),
        **run_record(setup),
        "heroes": list(heroes),
        "games_per_cell": int(2 * math.ceil(games / 2)),
        "until_ci": until_ci,
        "max_games": (int(2 * math.ceil((max_games or DEFAULT_MAX_GAMES) / 2)) if until_ci else None),
        **extra,
    }


OPEN_KINDS = ("ismcts-open",)  # players that see the hidden cards: strength ceilings only


def check_balance_players(setup) -> None:
    """A matrix is balance evidence: refuse a player that sees the hidden cards (D-HIDDEN)."""
    for spec in setup.specs:
        if spec.kind in OPEN_KINDS:
            raise ValueError(
                f"--players {spec.text}: {spec.kind} sees the hidden cards, a ceiling for strength "
                "(emr-sim ladder), never a player for balance figures; use ismcts:N"
            )


@dataclass(frozen=True)
class MatrixPlay:
    """What a matrix plays: its masters (a list, "crow,wind,earth", or None: all 8), the games
    of a cell (rounded up to pairs; the minimum with until_ci), the sequential rule (add pairs
    until the 95 % half-width is at most until_ci, at most max_games), every ordered pair of
    masters with mirrors (`every`: two different players), a player that sees the hidden
    cards allowed (`strength_only`: a ladder's steps), and `only` those of the run's cells
    (the others stay unfinished: a later run without `only` plays them)."""

    heroes: str | list | None = None
    games: int = DEFAULT_GAMES
    until_ci: float | None = None
    max_games: int | None = None
    every: bool = False
    strength_only: bool = False
    only: list[tuple[str, str]] | None = None


def matrix_setup(run_dir: str | Path, settings: RunSettings, strength_only: bool) -> RunSetup:
    """The run's set-up, its players' texts read in settings.search_version, by default in
    that of the run already in run_dir (so a run made before a new search version resumes
    with the players it was played by), else in the current one."""
    version = settings.search_version
    chosen = settings.but(search_version=recorded_search_version(run_dir) if version is None else version)
    setup = run_setup(chosen, "a matrix", python_players=True)
    if setup.python and setup.deck_changes:
        raise BadInput("--variant: an OpenSpiel player plays the run's deck file as it is, unchanged")
    if not strength_only:
        check_balance_players(setup)
    return setup


def run_matrix(
    run_dir: str | Path,
    settings: RunSettings,
    play: MatrixPlay,
    hooks: RunHooks = QUIET,
) -> MatrixRun:
    """Play every unfinished cell of the matrix (`play`) into run_dir (created, or resumed
    when its run record matches), with the settings' variant applied to the rules and the
    deck (emr_sim.simulate.whatif.variants). hooks.on_cell(hero_a, hero_b, games_frame) is called
    after each cell, hooks.on_note(text) for each warning and each cell found damaged and
    played again (emr_sim.simulate.runs.runwriter), hooks.on_estimate(seconds, games) before the
    first game with the cells to play (at least, with until_ci: emr_sim.simulate.play.estimate).
    With settings.cluster (a connected emr_sim.simulate.play.cluster.Cluster) the cells play on its
    workers, the files the same. With settings.cards the cells keep the card events
    (emr_sim.games.emr.loops.card_events; the run's format is rundir.CARD_RUN_FORMAT)."""
    names = parse_hero_list(play.heroes)
    check_sizes(play.games, play.until_ci, play.max_games)
    cells = cell_pairs(names, play.every)
    check_matrix_memory(len(cells), play.games, play.until_ci, play.max_games, settings.cards)
    setup = matrix_setup(run_dir, settings, play.strength_only)
    for warning in setup_warnings(setup) if hooks.on_note else ():
        hooks.note(warning)
    record = matrix_record(setup, names, play.games, play.until_ci, play.max_games, play.every)
    spec = CellSpec(setup, record["games_per_cell"], play.until_ci, record["max_games"])
    notes: list[str] = []

    def note(text: str) -> None:
        notes.append(text)
        hooks.note(text)

    check_target(Path(run_dir), record)  # refused before a cluster starts, as before a write
    start_cluster(setup)  # a scheduler that does not answer: nothing is written
    with open_run(run_dir, record) as run:
        chosen = cells if play.only is None else [c for c in cells if c in set(play.only)]
        todo = run.plan(chosen, note)
        skipped = [c for c in chosen if c not in todo]
        if todo and hooks.on_estimate and not setup.python:  # an OpenSpiel player's game is not sampled
            hooks.on_estimate(run_seconds(setup, names, len(todo) * spec.games // 2), len(todo) * spec.games)
        if todo:
            load_kernels(setup, setup.sides(0, 1))
            expect_cells(spec, todo)  # a cluster sends the next cells' chunks while one ends
        start = time.perf_counter()
        played_games = 0
        with progress_bar(len(todo) * spec.games, hooks.quiet) as bar:
            for a, b in todo:
                bar.set_postfix_str(f"{a} vs {b}")
                frame = play_cell(spec, a, b, bar)
                run.write_cell(a, b, frame)
                played_games += len(frame)
                if hooks.on_cell:
                    hooks.on_cell(a, b, frame)
    seconds = time.perf_counter() - start
    return MatrixRun(str(run.root), record, todo, skipped, seconds, played_games, notes)
