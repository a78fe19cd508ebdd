"""Claims put to the test: each claim of a claims file checked at each rung (a run each), and
for a claim contradicted at a rung, the changes of the sensitivity scans that move it most,
ranked on the scans (made at a cheap rung), the best `top` of them then verified at that rung.

Verifying plays the change at the failing rung on the cells the claim needs only
(emr_sim.analysis.claims.claim_cells), `verify_games` games a cell, as matrix runs in
OUT/verify/<rung>/<claim>/<variant>/ whose games pair with the rung's own (same seed and
deals): the verified move is the paired change of the claim's margin with its 95 % interval.
The result is OUT/claims.json (emr_sim.report.claims renders it); running the same command
again resumes the verification runs.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim.analysis.claims import Claim, ClaimCheck, check_claim, claim_cells, load_claims, move_from_cells
from emr_sim.analysis.claims.check import CONTRADICTED, HOLDS, NOT_RESOLVED, field_gap, status_of
from emr_sim.analysis.claims.spec import ABOVE, BEATS, FIRST, TOP
from emr_sim.errors import BadInput
from emr_sim.files import write as files
from emr_sim.stats import Z95

CLAIMS_FORMAT = "emr-sim claims 1"
CLAIMS_FILE = "claims.json"
VERIFY_DIR = "verify"
DEFAULT_TOP = 3
DEFAULT_VERIFY_GAMES = 1_000


@dataclass
class Rung:
    """A run the claims are checked on: its directory, label, record, games and cells."""

    path: Path
    label: str
    record: dict
    games: pd.DataFrame
    cells: pd.DataFrame
    expected: list[tuple[str, str]]

    @property
    def finished(self) -> set[tuple[str, str]]:
        return set(zip(self.cells["hero_a"].astype(str), self.cells["hero_b"].astype(str), strict=True))


def rung_label(record: dict) -> str:
    players = [str(p) for p in record.get("players", [])]
    return players[0] if len(set(players)) == 1 else " vs ".join(players)


def load_rungs(run_dirs: list[str | Path]) -> list[Rung]:
    """Each run with its label (its players; the directory's name added when two are alike)."""
    from emr_sim.analysis.cells import cell_table
    from emr_sim.simulate.cells import cell_pairs
    from emr_sim.simulate.rundir import load_games, read_run

    if not run_dirs:
        raise BadInput("give at least one run to check the claims on")
    rungs = []
    for run_dir in run_dirs:
        record = read_run(run_dir)
        games = load_games(run_dir)
        rungs.append(
            Rung(
                Path(run_dir),
                rung_label(record),
                record,
                games,
                cell_table(games),
                cell_pairs(record["heroes"]),
            )
        )
    labels = [r.label for r in rungs]
    for rung in rungs:
        if labels.count(rung.label) > 1:
            rung.label = f"{rung.label} ({rung.path.name})"
    return rungs


def check_at(claim: Claim, rung: Rung) -> ClaimCheck | str:
    """The check, or why the claim cannot be checked on this run (a master it does not have,
    cells it has not finished)."""
    absent = [m for m in claim.masters if m not in rung.record["heroes"]]
    if absent:
        return f"not checked: the run has no {absent[0]}"
    # a field mean, a rank and the first player's rate need every cell of the run
    needed = set(claim_cells(claim, rung.record["heroes"])) if claim.kind == BEATS else set(rung.expected)
    missing = needed - rung.finished
    if missing:
        return f"not checked: {len(missing)} of the cells it needs are not finished"
    return check_claim(claim, rung.games, rung.cells)


# ---------------------------------------------------------------- ranking the changes


@dataclass
class Move:
    """How far a change moves a claim's margin (positive: towards holding), with its se."""

    variant: str
    label: str
    scan: str
    move: float
    se: float

    def record(self) -> dict:
        low, high = self.move - Z95 * self.se, self.move + Z95 * self.se
        return {
            "variant": self.variant,
            "label": self.label,
            "scan": self.scan,
            "move": self.move,
            "se": self.se,
            "low": low,
            "high": high,
        }


def rank_changes(claim: Claim, check: ClaimCheck, scans: list) -> list[Move]:
    """Every variant of the scans (emr_sim.studies.sensitivity.ScanEffects), by how far it moves
    the claim towards holding, most first."""
    moves = []
    for scan in scans:
        labels = scan.labels()
        if claim.kind == FIRST:
            sign = 1.0 if claim.direction == ABOVE else -1.0
            for r in scan.first.itertuples(index=False):
                moves.append(
                    Move(str(r.variant), labels.get(str(r.variant), ""), str(scan.root), sign * r.delta, r.se)
                )
            continue
        for variant, cells in scan.cells.groupby("variant", sort=False):
            move, se = move_from_cells(claim, cells, check.competitor)
            moves.append(Move(str(variant), labels.get(str(variant), ""), str(scan.root), move, se))
    return sorted(moves, key=lambda m: -m.move)


# ---------------------------------------------------------------- verifying at the failing rung


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
    seconds: float
    run_dir: str

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
            "run_dir": self.run_dir,
        }


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9.+=-]+", "-", text.lower()).strip("-") or "x"


def verify(
    claim: Claim, check: ClaimCheck, rung: Rung, move: Move, out: Path, games: int, where, quiet, say
) -> Verified:
    """Play MOVE's variant at RUNG on the claim's cells and pair it with the rung's games;
    where = (workers, cluster) of the runs."""
    from emr_sim.analysis.compare import compare_cells
    from emr_sim.simulate.matrix import run_matrix
    from emr_sim.simulate.rundir import load_games
    from emr_sim.simulate.variants import parse_variant, variant_slug
    from emr_sim.studies.sensitivity import Base

    base = Base(rung.path, rung.record)
    variant = parse_variant(move.variant)
    cells = claim_cells(claim, rung.record["heroes"], check.competitor)
    run_dir = out / VERIFY_DIR / slug(rung.label) / slug(claim.says) / variant_slug(variant)
    start = time.perf_counter()
    run_matrix(
        run_dir,
        games=games,
        workers=where[0],
        cluster=where[1],
        quiet=quiet,
        on_note=say,
        only=cells,
        **base.matrix_args(variant),
    )
    seconds = time.perf_counter() - start
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
    return Verified(move, games, len(cells), moved, se, status, words, round(seconds, 1), str(run_dir))


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


# ---------------------------------------------------------------- the whole study


@dataclass
class ClaimsResult:
    source: str
    rungs: list[Rung]
    checks: dict[str, dict[str, ClaimCheck | str]]  # claim says -> rung label -> check
    claims: list[Claim]
    ranked: dict[str, dict[str, list[Move]]] = field(default_factory=dict)  # says -> rung -> moves
    verified: dict[str, dict[str, list[Verified]]] = field(default_factory=dict)
    scans: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def record(self, top: int) -> dict:
        def shown(check):
            return check.record() if isinstance(check, ClaimCheck) else {"status": check}

        return {
            "format": CLAIMS_FORMAT,
            "claims_file": self.source,
            "rungs": [
                {"label": r.label, "run_dir": str(r.path), "players": r.record.get("players")}
                for r in self.rungs
            ],
            "scans": self.scans,
            "claims": [
                {
                    "name": c.name,
                    "says": c.says,
                    "checks": {label: shown(check) for label, check in self.checks[c.says].items()},
                    "changes": {
                        label: [m.record() for m in moves[:top]]
                        for label, moves in self.ranked.get(c.says, {}).items()
                    },
                    "verified": {
                        label: [v.record() for v in vs] for label, vs in self.verified.get(c.says, {}).items()
                    },
                }
                for c in self.claims
            ],
            "notes": self.notes,
            "seconds": self.seconds,
        }


def run_claims(
    claims_file: str,
    run_dirs: list[str | Path],
    scan_dirs: list[str | Path] = (),  # type: ignore[assignment]
    out_dir: str | Path | None = None,
    verify_games: int | str | list[int] = DEFAULT_VERIFY_GAMES,
    top: int = DEFAULT_TOP,
    workers: int | None = None,
    quiet: bool = True,
    cluster=None,
    on_estimate: Callable[[str, float, int], None] | None = None,
    on_note: Callable[[str], None] | None = None,
) -> ClaimsResult:
    """Check the claims at every rung; rank the scans' changes for each contradicted claim;
    with out_dir, verify the best `top` at each rung where it failed (verify_games a cell: one
    number for every rung, or one per rung, "10000,10000,1000"; 0: not at that rung) and
    write out_dir/claims.json."""
    from emr_sim.studies.sensitivity import scan_effects

    say = on_note or (lambda _t: None)
    claims = load_claims(claims_file)
    if top < 1:
        raise BadInput(f"--top must be at least 1, not {top}")
    sizes = games_per_rung(verify_games, len(run_dirs))
    rungs = load_rungs(list(run_dirs))
    scans = [scan_effects(s) for s in scan_dirs]
    result = ClaimsResult(str(claims_file), rungs, {}, claims, scans=[str(s) for s in scan_dirs])
    start = time.perf_counter()
    for claim in claims:
        result.checks[claim.says] = {rung.label: check_at(claim, rung) for rung in rungs}
    for claim in claims:
        for rung in rungs:
            check = result.checks[claim.says][rung.label]
            if not (isinstance(check, ClaimCheck) and check.status == CONTRADICTED) or not scans:
                continue
            result.ranked.setdefault(claim.says, {})[rung.label] = rank_changes(claim, check, scans)
    if out_dir is not None and any(sizes):
        games = {rung.label: n for rung, n in zip(rungs, sizes, strict=True)}
        verify_all(result, Path(out_dir), games, top, (workers, cluster), quiet, on_estimate, say)
    result.seconds = time.perf_counter() - start
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
        files.write_text(Path(out_dir) / CLAIMS_FILE, json.dumps(result.record(top), indent=1) + "\n")
    return result


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
    return values


def verify_all(
    result: ClaimsResult, out: Path, games: dict[str, int], top: int, where, quiet, on_estimate, say
) -> None:
    """The best `top` changes of each contradicted claim, verified at each rung where it failed."""
    from emr_sim.files.lock import run_lock
    from emr_sim.simulate.estimate import run_seconds
    from emr_sim.simulate.variants import Variant
    from emr_sim.studies.sensitivity import Base

    jobs = []
    for claim in result.claims:
        for label, moves in result.ranked.get(claim.says, {}).items():
            rung = next(r for r in result.rungs if r.label == label)
            check = result.checks[claim.says][label]
            assert isinstance(check, ClaimCheck)
            if games[label]:
                jobs += [(claim, check, rung, m) for m in moves[:top] if m.move > 0]
    if not jobs:
        return
    if on_estimate:
        seconds, total = 0.0, 0
        for claim, check, rung, _move in jobs:
            n_games = games[rung.label] * len(claim_cells(claim, rung.record["heroes"], check.competitor))
            setup = Base(rung.path, rung.record).setup(Variant(), *where)
            seconds += run_seconds(setup, rung.record["heroes"], n_games // 2)
            total += n_games
        on_estimate("verification", seconds, total)
    out.mkdir(parents=True, exist_ok=True)
    with run_lock(out):
        for claim, check, rung, move in jobs:
            done = verify(claim, check, rung, move, out, games[rung.label], where, quiet, say)
            result.verified.setdefault(claim.says, {}).setdefault(rung.label, []).append(done)
            moved = f"{100 * done.verified:+.1f} points in {done.seconds:,.1f} s"
            say(f"verified {move.variant} for {claim.says!r} at {rung.label}: {moved}")


def read_claims_record(path: str | Path) -> dict:
    """OUT/claims.json (or the file itself); BadInput when it is not a claims record."""
    from emr_sim.files.read import read_json_record

    file = Path(path) / CLAIMS_FILE if Path(path).is_dir() else Path(path)
    return read_json_record(file, "claims record (`emr-sim claims ... -o DIR`)", CLAIMS_FORMAT)


__all__ = ["CONTRADICTED", "HOLDS", "NOT_RESOLVED", "ClaimsResult", "run_claims"]
