"""The claims study's one entry point (`emr-sim claims` calls it): the command's settings as one
value in, the claims checked at every rung (the scans' changes ranked, the best verified where
a claim failed, with an output directory) out.

    result = run_claims_study(Settings("community", ("runs/greedy", "runs/tuned")), Hooks())
"""

from __future__ import annotations

from dataclasses import dataclass

from emr_sim.studies.claims.study import DEFAULT_TOP, DEFAULT_VERIFY_GAMES, ClaimsResult
from emr_sim.studies.hooks import Hooks


@dataclass(frozen=True)
class Settings:
    """`emr-sim claims`'s options, unparsed (docs/insight.md names each one)."""

    claims_file: str  # a TOML file, or `community`: the shipped one
    run_dirs: tuple[str, ...]  # a rung each
    scan_dirs: tuple[str, ...] = ()
    out_dir: str | None = None  # without it, nothing is verified or written
    verify_games: str = str(DEFAULT_VERIFY_GAMES)  # N, or N,N,... one per rung
    top: int = DEFAULT_TOP
    workers: int | None = None
    quiet: bool = False


def run_claims_study(settings: Settings, hooks: Hooks, cluster=None) -> ClaimsResult:
    """Inputs checked before anything is played or written (BadInput)."""
    from emr_sim.studies.claims.study import run_claims

    s = settings
    return run_claims(
        s.claims_file,
        list(s.run_dirs),
        list(s.scan_dirs),
        s.out_dir,
        s.verify_games if s.out_dir else 0,  # a number or one per run (claims.verify.games_per_rung)
        s.top,
        s.workers,
        s.quiet,
        cluster=cluster,
        on_estimate=hooks.estimate,
        on_note=hooks.note,
    )
