"""Sensitivity scans: each variant of a plan (emr_sim.studies.scan.plan) played on the base run's
deals, paired game by game with the base, to a precision target.

    scan = run_scan("scans/classes", "runs/base", plan, precision=0.5)

The base run gives the set-up (seed, players, hero mode, rules, deck, masters). With a
precision target P (points), a pilot first plays `pilot_pairs` pairs per cell of the base and
of every variant (in memory), measures each master's paired standard error se of the change
of its field mean, and sizes each variant's run to games = pilot games x (1.96 se / P)^2 x
SAFETY (the largest over the masters; analysis.sensitivity.required_games), within max_games;
the base run gets the largest of those. The runs are matrix run directories in the scan
directory (emr_sim.studies.scan.directory), played one after the other; running the same command
again resumes (the pilot's sizes are kept in the scan record).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import pandas as pd

from emr_sim.errors import BadInput
from emr_sim.simulate.variants import Variant
from emr_sim.studies.scan import directory as scandir
from emr_sim.studies.scan.base import Base, read_base
from emr_sim.studies.scan.plan import ScanPlan
from emr_sim.version import __version__

DEFAULT_PILOT_PAIRS = 200  # pairs per cell of the pilot: se of a master's change within about 10 %
DEFAULT_MAX_GAMES = 100_000  # games per cell of a variant's run at most


@dataclass
class Sizing:
    """How the scan's runs are sized: a precision target (points) or fixed games per cell."""

    precision: float | None
    games: int | None
    pilot_pairs: int = DEFAULT_PILOT_PAIRS
    max_games: int = DEFAULT_MAX_GAMES

    def check(self) -> None:
        if (self.precision is None) == (self.games is None):
            raise BadInput(
                "give a precision target (--precision POINTS) or fixed games per cell (-n), not both"
            )
        if self.precision is not None and not 0 < self.precision < 50:
            raise BadInput(f"--precision is a half-width in points between 0 and 50, not {self.precision}")
        if self.games is not None and self.games < 2:
            raise BadInput(f"-n must be at least 2 games (a pair) per cell, not {self.games}")
        if self.pilot_pairs < 2:
            raise BadInput(f"--pilot-pairs must be at least 2, not {self.pilot_pairs}")
        if self.max_games < 2 * self.pilot_pairs:
            raise BadInput(
                f"--max-games ({self.max_games}) must be at least the pilot's {2 * self.pilot_pairs} games"
            )
        self.check_sizes()

    def check_sizes(self) -> None:
        """Counts the runs count exactly and games that fit in memory, before anything is
        played or written (`-n 10000000000000` left a scan record that no command could use;
        `-n 99999999999999999999999` went through floats and was echoed wrong)."""
        from emr_sim.simulate.sizes import check_games, check_memory

        try:
            if self.games is not None:
                check_games(self.games, "-n")
                check_memory(self.games, f"a cell of -n {self.games:,}")
            else:  # --pilot-pairs is bounded by --max-games (check)
                check_games(self.max_games, "--max-games")
                check_memory(self.max_games, f"a cell of --max-games {self.max_games:,}")
        except ValueError as err:
            raise BadInput(str(err)) from None

    def check_pilot(self, cells: int) -> None:
        """The pilot holds the base's games and one variant's, `cells` cells of them, at once."""
        from emr_sim.simulate.sizes import check_memory

        if self.precision is not None:
            try:
                check_memory(
                    2 * cells * 2 * self.pilot_pairs, f"the pilot of --pilot-pairs {self.pilot_pairs:,}"
                )
            except ValueError as err:
                raise BadInput(str(err)) from None

    @property
    def fixed_games(self) -> int | None:
        """-n rounded up to whole pairs (an integer: no float on the way)."""
        return None if self.games is None else self.games + self.games % 2


def scan_record(base: Base, plan: ScanPlan, sizing: Sizing) -> dict:
    return {
        "format": scandir.SCAN_FORMAT,
        "version": __version__,
        "base_run": str(base.path),
        "base": {k: base.record.get(k) for k in scandir.SETUP_KEYS if k in base.record},
        "heroes": base.heroes,
        "assignments": base.record.get("assignments"),
        "precision": sizing.precision,
        "games": sizing.fixed_games,
        "pilot_pairs": sizing.pilot_pairs if sizing.precision is not None else None,
        "max_games": sizing.max_games if sizing.precision is not None else None,
        "variants": [v.record() for v in plan.variants],
        "skipped": [list(s) for s in plan.skipped],
    }


@dataclass
class ScanRun:
    """What run_scan did: the directory, its record (with the sizes), seconds and games."""

    root: Path
    record: dict
    seconds: float
    games_played: int
    notes: list[str] = field(default_factory=list)


Say = Callable[[str], None]


def run_scan(
    scan_dir: str | Path,
    base_run: str | Path,
    plan: ScanPlan,
    sizing: Sizing,
    workers: int | None = None,
    quiet: bool = True,
    on_estimate: Callable[[str, float, int], None] | None = None,
    on_note: Say | None = None,
    cluster=None,
) -> ScanRun:
    """Play (or resume) the scan into scan_dir. on_estimate(what, seconds, games) is called
    before the pilot and before the runs; on_note(text) hears of capped sizes and of each run
    finished. Inputs are checked before anything is written (BadInput). With `cluster` (a
    connected emr_sim.simulate.cluster.Cluster) the pilot and the runs play on its workers."""
    from emr_sim.files.lock import claim_dir, refuse_held
    from emr_sim.files.outdir import check_dir_target
    from emr_sim.files.write import remove_strays
    from emr_sim.simulate.runner import start_cluster

    sizing.check()
    if not plan.variants:
        raise BadInput("nothing to scan: no variant (give --cards, --rules or --variant)")
    base = read_base(base_run)
    from emr_sim.simulate.cells import cell_pairs

    sizing.check_pilot(len(cell_pairs(base.heroes, base.every)))
    setup = base.setup(Variant(), workers, cluster)
    for sv in plan.variants:  # a variant that cannot be applied is refused before any write
        base.setup(sv.variant, workers)
    root = Path(scan_dir)
    record = scan_record(base, plan, sizing)
    check_dir_target(root)  # a file in the way, a directory that cannot be made: exit 3
    refuse_held(root)  # "in use" before anything is said about what it holds
    scandir.check_root(root, record)  # refused before a cluster starts, as before a write
    start_cluster(setup)
    say = on_note or (lambda _text: None)
    start = time.perf_counter()
    check = partial(scandir.check_root, record=record)
    with claim_dir(root, check, check) as old:  # the scan on disk, read again under the lock
        remove_strays(root)  # a killed write's temporary files (this process holds the lock)
        record = old if old is not None and "sizes" in old else record
        if "sizes" not in record:
            record |= size_runs(base, plan, sizing, setup, quiet, on_estimate, say)
            scandir.write_scan(root, record)
        played = play_runs(root, base, plan, record, setup, quiet, on_estimate, say)
    return ScanRun(root, record, time.perf_counter() - start, played)


def size_runs(base, plan, sizing, setup, quiet, on_estimate, say) -> dict:
    """The scan record's "sizes" (games per cell of the base and of each variant) and, with a
    precision target, "pilot" (each variant's standard error per master) and its seconds."""
    if sizing.fixed_games is not None:
        games = sizing.fixed_games
        return {"sizes": {"base": games, **{v.text: games for v in plan.variants}}}
    from emr_sim.simulate.cells import cell_pairs
    from emr_sim.simulate.estimate import run_seconds

    cells = cell_pairs(base.heroes, base.every)
    pilot_games = (len(plan.variants) + 1) * len(cells) * 2 * sizing.pilot_pairs
    if on_estimate:
        on_estimate("pilot", run_seconds(setup, base.heroes, pilot_games // 2), pilot_games)
    start = time.perf_counter()
    errors = pilot(base, plan, sizing.pilot_pairs, setup, quiet)
    seconds = time.perf_counter() - start
    from emr_sim.analysis.sensitivity import required_games

    target, sizes = sizing.precision / 100, {}
    for sv in plan.variants:
        worst = max(errors[sv.text].values(), default=0.0)
        need = required_games(worst, 2 * sizing.pilot_pairs, target)
        if need > sizing.max_games:
            reach = 100 * 1.959963984540054 * worst * math.sqrt(2 * sizing.pilot_pairs / sizing.max_games)
            say(
                f"{sv.text}: ±{sizing.precision:g} points needs {need:,} games per cell; "
                f"capped at --max-games {sizing.max_games:,} (about ±{reach:.2f} points)"
            )
        sizes[sv.text] = min(need, int(2 * (sizing.max_games // 2)))
    sizes = {"base": max(sizes.values()), **sizes}
    return {"sizes": sizes, "pilot": errors, "pilot_seconds": round(seconds, 1)}


def pilot(base: Base, plan: ScanPlan, pilot_pairs: int, setup, quiet: bool) -> dict:
    """{variant text: {master: se}}: the paired standard error of each master's change of
    field mean, from pilot_pairs pairs per cell of the base and of the variant (in memory)."""
    from emr_sim.analysis.sensitivity import variant_effects
    from emr_sim.console.progress import progress_bar
    from emr_sim.simulate.cells import cell_pairs
    from emr_sim.simulate.matrix import CellSpec, play_cell_pairs

    cells = cell_pairs(base.heroes, base.every)
    total = (len(plan.variants) + 1) * len(cells) * 2 * pilot_pairs

    def games_of(setup, bar) -> pd.DataFrame:
        spec = CellSpec(setup, 2 * pilot_pairs)
        return pd.concat(
            [play_cell_pairs(spec, a, b, 0, pilot_pairs, bar) for a, b in cells], ignore_index=True
        )

    out: dict[str, dict[str, float]] = {}
    with progress_bar(total, quiet) as bar:
        bar.set_postfix_str("pilot: base")
        before = games_of(setup, bar)
        for sv in plan.variants:
            bar.set_postfix_str(f"pilot: {sv.text}")
            after = games_of(base.setup(sv.variant, setup.workers, setup.cluster), bar)
            heroes, _cells = variant_effects(before, after)
            out[sv.text] = {
                h: float(se) if math.isfinite(se) else 0.0
                for h, se in zip(heroes["hero"], heroes["se"], strict=True)
            }
    return out


def runs_of(root: Path, plan: ScanPlan, record: dict) -> list[tuple[str, Path, Variant, int]]:
    """(name, directory, variant, games per cell) of every run of the scan, the base first."""
    sizes = record["sizes"]
    runs = [("base", scandir.base_dir(root), Variant(), sizes["base"])]
    return runs + [
        (v.text, scandir.variant_dir(root, v.text), v.variant, sizes[v.text]) for v in plan.variants
    ]


def games_left(run_dir: Path, cells: list, games: int) -> int:
    from emr_sim.simulate.rundir import RUN_FILE, finished_cells

    done = len(finished_cells(run_dir)) if (run_dir / RUN_FILE).is_file() else 0
    return (len(cells) - done) * games


def play_runs(root, base, plan, record, setup, quiet, on_estimate, say) -> int:
    """Every run of the scan (the finished cells kept); the games played."""
    from emr_sim.simulate.cells import cell_pairs
    from emr_sim.simulate.estimate import run_seconds
    from emr_sim.simulate.matrix import run_matrix

    cells = cell_pairs(base.heroes, base.every)
    runs = runs_of(root, plan, record)
    todo = sum(games_left(d, cells, n) for _name, d, _v, n in runs)
    if on_estimate and todo:
        on_estimate("runs", run_seconds(setup, base.heroes, todo // 2), todo)
    played = 0
    for k, (name, run_dir, variant, games) in enumerate(runs):
        if not games_left(run_dir, cells, games):
            continue
        run = run_matrix(
            run_dir,
            games=games,
            workers=setup.workers,
            quiet=quiet,
            on_note=say,
            cluster=setup.cluster,
            **base.matrix_args(variant),
        )
        played += run.games_played
        record.setdefault("seconds", {})[name] = round(run.seconds, 1)
        scandir.write_scan(root, record)
        say(f"run {k + 1} of {len(runs)} ({name}): {run.games_played:,} games in {run.seconds:,.1f} s")
    return played
