"""A change verified at the rung where a claim failed: played on the rung's own set-up, on the
cells the claim needs only (emr_sim.analysis.claims.claim_cells), as matrix runs in
OUT/verify/<rung>/<claim>/<variant>/ whose games pair with the rung's own (same seed and
deals); the verified move is the paired change of the claim's margin with its interval."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from emr_sim.analysis.claims import Claim, ClaimCheck, check_claim, claim_cells, move_from_cells
from emr_sim.analysis.claims.check import field_gap, status_of
from emr_sim.analysis.claims.spec import ABOVE, FIRST, TOP
from emr_sim.errors import BadInput
from emr_sim.stats import Z95
from emr_sim.studies.claims.rungs import Move, Rung

VERIFY_DIR = "verify"


@dataclass
class Verified:
    """A change played at the failing rung on the claim's cells: the paired move, and the
    claim with the change (checked on those games; for "top N" projected from the margin)."""

    move: Move
    games_per_cell: int
    cells: int
    verified: float
    se: float
    status_after: str
    after_words: str
    seconds: float  # the run's playing time (when resumed, the time recorded when it was played)
    run_dir: str
    played: int = 0  # games this command played (0: the run was finished before)

    def record(self) -> dict:
        low, high = self.verified - Z95 * self.se, self.verified + Z95 * self.se
        return {
            **self.move.record(),
            "games_per_cell": self.games_per_cell,
            "cells": self.cells,
            "verified": self.verified,
            "verified_se": self.se,
            "verified_low": low,
            "verified_high": high,
            "status_after": self.status_after,
            "after": self.after_words,
            "seconds": self.seconds,
            "played": self.played,
            "run_dir": self.run_dir,
        }


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.+=-]+", "-", text.lower()).strip("-") or "x"


def verify(
    claim: Claim,
    check: ClaimCheck,
    rung: Rung,
    move: Move,
    out: Path,
    games: int,
    where,
    quiet,
    say,
    earlier: dict[str, float],
) -> Verified:
    """Play MOVE's variant at RUNG on the claim's cells and pair it with the rung's games;
    where = (workers, cluster) of the runs."""
    from emr_sim.analysis.compare import compare_cells
    from emr_sim.simulate.matrix import run_matrix
    from emr_sim.simulate.rundir import load_games
    from emr_sim.simulate.variants import parse_variant, variant_slug
    from emr_sim.studies.scan.base import Base

    base = Base(rung.path, rung.record)
    variant = parse_variant(move.variant)
    cells = claim_cells(claim, rung.record["heroes"], check.competitor)
    run_dir = out / VERIFY_DIR / slug(rung.label) / slug(claim.says) / variant_slug(variant)
    run = run_matrix(
        run_dir,
        games=games,
        workers=where[0],
        cluster=where[1],
        quiet=quiet,
        on_note=say,
        only=cells,
        **base.matrix_args(variant),
    )
    seconds = run.seconds if run.games_played else earlier.get(str(run_dir), 0.0)  # resumed: as it was
    after = load_games(run_dir)
    keys = set(cells)
    mine = rung.games[
        [
            (a, b) in keys
            for a, b in zip(rung.games["hero_a"].astype(str), rung.games["hero_b"].astype(str), strict=True)
        ]
    ]
    if claim.kind == FIRST:
        from emr_sim.analysis.sensitivity import first_player_effect

        effect = first_player_effect(mine, after)
        moved, se = (effect["delta"] if claim.direction == ABOVE else -effect["delta"]), effect["se"]
    else:
        moved, se = move_from_cells(claim, compare_cells(mine, after), check.competitor)
    status, words = claim_after(claim, check, rung, after, moved, se)
    where_run = str(run_dir)
    return Verified(
        move, games, len(cells), moved, se, status, words, round(seconds, 1), where_run, run.games_played
    )


def claim_after(
    claim: Claim, check: ClaimCheck, rung: Rung, after: pd.DataFrame, moved: float, se: float
) -> tuple[str, str]:
    """The claim with the change: checked on the verification games ("beats", a field mean);
    for "top N", the margin to the competitor projected (the rung's gap plus the paired move,
    their variances added)."""
    if claim.kind != TOP:
        result = check_claim(claim, after)
        return result.status, result.words()
    gap, gap_se = field_gap(rung.cells, str(claim.master), str(check.competitor))
    margin, total = gap + moved, math.sqrt(gap_se**2 + se**2)
    low, high = margin - Z95 * total, margin + Z95 * total
    status = status_of(low, high, 0.0, True)
    shown = f"{100 * margin:+.1f} points [{100 * low:+.1f}, {100 * high:+.1f}]"
    words = f"gap to {check.competitor} {shown} (projected)"
    return status, words


def games_per_rung(verify_games: int | str | list[int], n_rungs: int) -> list[int]:
    """--verify-games N (every rung) or N,N,... (one per rung, in order) as a list."""
    if isinstance(verify_games, int):
        values = [verify_games]
    elif isinstance(verify_games, str):
        try:
            values = [int(v) for v in verify_games.split(",")]
        except ValueError:
            raise BadInput(
                f"--verify-games {verify_games}: give games a cell, or one number per run"
            ) from None
    else:
        values = list(verify_games)
    if len(values) == 1:
        values = values * n_rungs
    if len(values) != n_rungs or any(v < 0 or v % 2 for v in values):
        raise BadInput(
            f"--verify-games {verify_games}: one even number of games (0 or more), or one per run ({n_rungs})"
        )
    from emr_sim.simulate.sizes import check_games, check_memory

    for v in values:  # a verification run keeps a cell's games: its count and memory, before the work
        check_games(v, "--verify-games")
        check_memory(v, f"a verification cell of --verify-games {v:,}")
    return values


def verify_jobs(
    jobs: list, out: Path, games: dict[str, int], where, quiet, on_estimate, say, earlier: dict[str, float]
) -> list:
    """Each job (claim, check, rung, move) verified at its rung (games[rung label] a cell),
    by the holder of OUT's lock (emr_sim.studies.claims.study.run_claims takes it): [(claim, rung
    label, Verified)], in the jobs' order. `earlier`: the seconds the claims record of OUT gives
    each run already played (a resumed run keeps them)."""
    from emr_sim.simulate.estimate import run_seconds
    from emr_sim.simulate.variants import Variant
    from emr_sim.studies.scan.base import Base

    if on_estimate:
        seconds, total = 0.0, 0
        for claim, check, rung, _move in jobs:
            n_games = games[rung.label] * len(claim_cells(claim, rung.record["heroes"], check.competitor))
            setup = Base(rung.path, rung.record).setup(Variant(), *where)
            seconds += run_seconds(setup, rung.record["heroes"], n_games // 2)
            total += n_games
        on_estimate("verification", seconds, total)
    done = []
    for claim, check, rung, move in jobs:
        verified = verify(claim, check, rung, move, out, games[rung.label], where, quiet, say, earlier)
        done.append((claim, rung.label, verified))
        when = "played before" if not verified.played else f"in {verified.seconds:,.1f} s"
        moved = f"{100 * verified.verified:+.1f} points {when}"
        say(f"verified {move.variant} for {claim.says!r} at {rung.label}: {moved}")
    return done
