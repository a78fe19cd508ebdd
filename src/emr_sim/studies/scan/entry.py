"""The sensitivity scan's one entry point (`emr-sim sensitivity` calls it): the settings checked
(sizes, the base run, the plan) before anything is played or written, the scan played (or
resumed) into its directory, and its effects read back.

    outcome = run_sensitivity(Settings("runs/base", "scans/classes", precision=0.5), Hooks())
"""

from __future__ import annotations

from dataclasses import dataclass

from emr_sim.studies.hooks import Hooks
from emr_sim.studies.scan.effects import ScanEffects
from emr_sim.studies.scan.sensitivity import DEFAULT_MAX_GAMES, DEFAULT_PILOT_PAIRS, ScanRun

DEFAULT_PRECISION = 0.5  # points, when neither --precision nor -n is given
KEPT = "the finished runs are in"  # what a Ctrl-C keeps (Hooks.resumable)


@dataclass(frozen=True)
class Settings:
    """`emr-sim sensitivity`'s options, unparsed (docs/insight.md names each one)."""

    run_dir: str
    scan_dir: str
    cards: str | None = None
    rules: str | None = None
    variants: tuple[str, ...] = ()
    precision: float | None = None  # neither this nor games: DEFAULT_PRECISION
    games: int | None = None
    pilot_pairs: int = DEFAULT_PILOT_PAIRS
    max_games: int = DEFAULT_MAX_GAMES
    workers: int | None = None
    quiet: bool = False


@dataclass(frozen=True)
class Outcome:
    """What the scan played (its directory, record, seconds and games) and its effects."""

    scan: ScanRun
    effects: ScanEffects


def run_sensitivity(settings: Settings, hooks: Hooks, cluster=None) -> Outcome:
    s = settings
    from emr_sim.studies.scan.base import read_base
    from emr_sim.studies.scan.effects import scan_effects
    from emr_sim.studies.scan.plan import make_plan
    from emr_sim.studies.scan.sensitivity import Sizing, run_scan

    precision = DEFAULT_PRECISION if s.precision is None and s.games is None else s.precision
    sizing = Sizing(precision, s.games, s.pilot_pairs, s.max_games)
    sizing.check()
    base = read_base(s.run_dir)
    plan = make_plan(base, s.cards, s.rules, tuple(s.variants), s.workers)
    with hooks.resumable(KEPT, s.scan_dir):
        scan = run_scan(s.scan_dir, s.run_dir, plan, sizing, s.workers, s.quiet,
                        on_estimate=hooks.estimate, on_note=hooks.note, cluster=cluster)  # fmt: skip
    return Outcome(scan, scan_effects(scan.root))
