"""Sensitivity scans: each variant of a plan (emr_sim.studies.scanplan) played on the base run's
deals, paired game by game with the base, to a precision target.

    scan = run_scan("scans/classes", "runs/base", plan, precision=0.5)

The base run gives the set-up (seed, players, hero mode, rules, deck, masters). With a
precision target P (points), a pilot first plays `pilot_pairs` pairs per cell of the base and
of every variant (in memory), measures each master's paired standard error se of the change
of its field mean, and sizes each variant's run to games = pilot games x (1.96 se / P)^2 x
SAFETY (the largest over the masters; analysis.sensitivity.required_games), within max_games;
the base run gets the largest of those. The runs are matrix run directories in the scan
directory (emr_sim.studies.scandir), played one after the other; running the same command
again resumes (the pilot's sizes are kept in the scan record).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim import __version__
from emr_sim.errors import BadInput
from emr_sim.simulate.variants import Variant, parse_variant
from emr_sim.studies import scandir
from emr_sim.studies.scanplan import ScanPlan, ScanVariant

DEFAULT_PILOT_PAIRS = 200  # pairs per cell of the pilot: se of a master's change within about 10 %
DEFAULT_MAX_GAMES = 100_000  # games per cell of a variant's run at most


@dataclass
class Base:
    """The run a scan varies: its directory and record, read once."""

    path: Path
    record: dict

    @property
    def heroes(self) -> list[str]:
        return list(self.record["heroes"])

    @property
    def every(self) -> bool:
        return self.record.get("assignments") == "every"

    @property
    def variant(self) -> Variant:
        """The base run's own card changes (a scan of a variant run varies on top of them)."""
        return parse_variant(self.record.get("deck_changes"))

    def deck(self) -> str | None:
        name = self.record.get("deck", "default")
        if name in (None, "default"):
            return None
        path = Path(name)
        if not path.is_file() and not path.is_absolute() and (self.path / path).is_file():
            return str(self.path / path)
        return str(path)

    def matrix_args(self, variant: Variant) -> dict:
        """run_matrix's keyword arguments for the base's set-up with VARIANT applied (the
        rules options the variant sets are taken from it, not from the base)."""
        rules = {k: str(v) for k, v in self.record["rules"].items() if k != "fury" and k not in variant.rules}
        return {
            "heroes": self.heroes,
            "seed": self.record["seed"],
            "players": tuple(self.record["players"]),
            "fury": bool(self.record["fury"]),
            "deck": self.deck(),
            "rules": rules,
            "every": self.every,
            "variant": self.variant + variant,
        }

    def setup(self, variant: Variant, workers: int | None, cluster=None):
        """The RunSetup of the base with VARIANT (BadInput for a variant that cannot be
        applied, a deck file changed since the base run)."""
        from emr_sim.simulate.matrix import variant_setup
        from emr_sim.simulate.setup import run_setup

        args = self.matrix_args(variant)
        setup = run_setup(
            seed=args["seed"],
            players=args["players"],
            fury=args["fury"],
            deck=args["deck"],
            rules=args["rules"],
            workers=workers,
            what="a scan",
            cluster=cluster,
        )
        if setup.deck.sha256 != self.record.get("deck_sha256"):
            raise BadInput(
                f"{self.path}: its deck file {args['deck']} changed since the run (sha256 differs)"
            )
        return variant_setup(setup, args["rules"], args["variant"])


def read_base(run_dir: str | Path) -> Base:
    from emr_sim.simulate.rundir import read_run

    return Base(Path(run_dir), read_run(run_dir))


def longest_game(base: Base) -> int | None:
    """The most turns of a game in the base run's finished cells (None: no cell yet)."""
    from emr_sim.simulate.rundir import finished_cells, load_cell

    cells = finished_cells(base.path)
    if not cells:
        return None
    return max(int(load_cell(base.path, a, b, base.record)["turns"].max()) for a, b in cells)


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


def scan_record(base: Base, plan: ScanPlan, sizing: Sizing) -> dict:
    return {
        "format": scandir.SCAN_FORMAT,
        "version": __version__,
        "base_run": str(base.path),
        "base": {k: base.record.get(k) for k in scandir.SETUP_KEYS if k in base.record},
        "heroes": base.heroes,
        "assignments": base.record.get("assignments"),
        "precision": sizing.precision,
        "games": None if sizing.games is None else int(2 * math.ceil(sizing.games / 2)),
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
    from emr_sim.files.lock import run_lock
    from emr_sim.simulate.runner import start_cluster

    sizing.check()
    if not plan.variants:
        raise BadInput("nothing to scan: no variant (give --cards, --rules or --variant)")
    base = read_base(base_run)
    setup = base.setup(Variant(), workers, cluster)
    for sv in plan.variants:  # a variant that cannot be applied is refused before any write
        base.setup(sv.variant, workers)
    root = Path(scan_dir)
    record = scan_record(base, plan, sizing)
    old = scandir.check_root(root, record)
    start_cluster(setup)
    say = on_note or (lambda _text: None)
    start = time.perf_counter()
    root.mkdir(parents=True, exist_ok=True)
    with run_lock(root):
        record = old if old is not None and "sizes" in old else record
        if "sizes" not in record:
            record |= size_runs(base, plan, sizing, setup, quiet, on_estimate, say)
            scandir.write_scan(root, record)
        played = play_runs(root, base, plan, record, setup, quiet, on_estimate, say)
    return ScanRun(root, record, time.perf_counter() - start, played)


def size_runs(base, plan, sizing, setup, quiet, on_estimate, say) -> dict:
    """The scan record's "sizes" (games per cell of the base and of each variant) and, with a
    precision target, "pilot" (each variant's standard error per master) and its seconds."""
    if sizing.games is not None:
        games = int(2 * math.ceil(sizing.games / 2))
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


# ---------------------------------------------------------------- reading a scan


@dataclass
class ScanEffects:
    """A scan's effects: its record, its variants, and the stacked frames of
    emr_sim.analysis.sensitivity (heroes, cells), over the variants whose run is finished."""

    root: Path
    record: dict
    variants: list[ScanVariant]
    heroes: pd.DataFrame
    cells: pd.DataFrame
    first: pd.DataFrame  # variant, before, after, delta, se: the first player's share
    missing: list[str]  # variants whose run is not finished

    def factors(self) -> dict[str, str]:
        return {v.text: v.factor for v in self.variants}

    def labels(self) -> dict[str, str]:
        return {v.text: v.label for v in self.variants}

    def steps(self) -> dict[str, str]:
        return {v.text: v.step for v in self.variants}


def scan_effects(scan_dir: str | Path) -> ScanEffects:
    """Each finished variant run of the scan paired with the base run (BadInput when the base
    run has no finished cell)."""
    from emr_sim.analysis.sensitivity import first_player_effect, stack, variant_effects
    from emr_sim.simulate.rundir import load_games

    root = Path(scan_dir)
    record = scandir.read_scan(root)
    variants = [ScanVariant.from_record(v) for v in record["variants"]]
    before = load_games(scandir.base_dir(root))
    heroes, cells, first, missing = {}, {}, [], []
    for sv in variants:
        run_dir = scandir.variant_dir(root, sv.text)
        if not finished(run_dir):
            missing.append(sv.text)
            continue
        after = load_games(run_dir)
        heroes[sv.text], cells[sv.text] = variant_effects(before, after)
        first.append({"variant": sv.text, **first_player_effect(before, after)})
    return ScanEffects(root, record, variants, stack(heroes), stack(cells), pd.DataFrame(first), missing)


def finished(run_dir: Path) -> bool:
    """Whether the run directory holds a run with every cell finished."""
    from emr_sim.simulate.rundir import RUN_FILE, finished_cells, read_run, run_cells

    return (run_dir / RUN_FILE).is_file() and len(finished_cells(run_dir)) == len(
        run_cells(read_run(run_dir))
    )


def make_plan(
    base: Base,
    cards: str | None,
    rules: str | None,
    variants: tuple[str, ...] = (),
    workers: int | None = None,
) -> ScanPlan:
    """The scan's variants: --cards ITEMS (emr_sim.studies.scanplan.card_plan), --rules
    all|NAMES (rule_plan, judged against the base run), --variant TEXT; `--cards classes`
    when none is given."""
    from emr_sim.studies.scanplan import CLASS_SCAN, card_plan, custom_variants, rule_plan, unique

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
