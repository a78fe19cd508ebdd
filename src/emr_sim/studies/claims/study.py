"""Claims put to the test: each claim of a claims file checked at each rung (a run each), and
for a claim contradicted at a rung, the changes of the sensitivity scans that move it most,
ranked on the scans (made at a cheap rung: emr_sim.studies.claims.rungs), the best `top` of them
then verified at that rung (emr_sim.studies.claims.verify). The result is OUT/claims.json
(emr_sim.report.claims renders it); running the same command again resumes the verification
runs.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from emr_sim.analysis.claims import Claim, ClaimCheck, load_claims
from emr_sim.analysis.claims.check import CONTRADICTED
from emr_sim.errors import BadInput, cut
from emr_sim.files import write as files
from emr_sim.studies.claims.rungs import Move, Rung, check_at, load_rungs, rank_changes
from emr_sim.studies.claims.verify import Verified, games_per_rung, verify_jobs

CLAIMS_FORMAT = "emr-sim claims 1"
CLAIMS_FILE = "claims.json"
DEFAULT_TOP = 3
DEFAULT_VERIFY_GAMES = 1_000


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
    from emr_sim.files.lock import claim_dir, refuse_held
    from emr_sim.files.outdir import check_dir_target
    from emr_sim.studies.scan.effects import scan_effects

    say = on_note or (lambda _t: None)
    claims = load_claims(claims_file)
    if top < 1:
        raise BadInput(f"--top must be at least 1, not {top}")
    out = None if out_dir is None else Path(out_dir)
    if out is not None:  # exit 3 for a file in the way, "in use", another kind of directory: first
        check_dir_target(out)
        refuse_held(out)
        check_claims_dir(out)
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
    if out is None:
        result.seconds = time.perf_counter() - start
        return result
    with claim_dir(out, check_claims_dir, lambda root: root):  # one writer; the estimate after it
        files.remove_strays(out)  # a killed write's temporary files
        if any(sizes):
            games = {rung.label: n for rung, n in zip(rungs, sizes, strict=True)}
            jobs = verification_jobs(result, games, top)
            where, earlier = (workers, cluster), earlier_seconds(out)
            done = verify_jobs(jobs, out, games, where, quiet, on_estimate, say, earlier) if jobs else []
            for claim, label, verified in done:
                result.verified.setdefault(claim.says, {}).setdefault(label, []).append(verified)
        result.seconds = time.perf_counter() - start
        files.write_text(out / CLAIMS_FILE, json.dumps(result.record(top), indent=1) + "\n")
    return result


def check_claims_dir(root: Path) -> None:
    """BadInput, before anything is read or played, when ROOT holds anything but a claims
    directory's files (its record, its verification runs, the lock's files, a killed write's
    temporary files): `claims -o RUN` wrote claims.json into a matrix run or a scan."""
    from emr_sim.files.lock import LOCK_FILES
    from emr_sim.files.write import stray_temps
    from emr_sim.studies.claims.verify import VERIFY_DIR

    if not root.is_dir():
        return
    strays = set(stray_temps(root))
    others = sorted(
        p.name
        for p in root.iterdir()
        if p.name not in (*LOCK_FILES, CLAIMS_FILE, VERIFY_DIR) and p not in strays
    )
    if others:
        raise BadInput(
            f"{root}: not empty and not a claims directory (it holds {cut(', '.join(others), 80)}); "
            "give a new directory to -o"
        )
    if (root / CLAIMS_FILE).exists() or (root / CLAIMS_FILE).is_symlink():
        read_claims_record(root)  # a file of that name that is no claims record: refused
    if (root / VERIFY_DIR).exists() and not (root / VERIFY_DIR).is_dir():
        raise BadInput(f"{root / VERIFY_DIR}: not a directory: {root} is not a claims directory")


def verification_jobs(result: ClaimsResult, games: dict[str, int], top: int) -> list:
    """(claim, check, rung, move) for the best `top` changes that move a contradicted claim,
    at each rung where it failed and verification games are asked for."""
    jobs = []
    for claim in result.claims:
        for label, moves in result.ranked.get(claim.says, {}).items():
            rung = next(r for r in result.rungs if r.label == label)
            check = result.checks[claim.says][label]
            if games[label] and isinstance(check, ClaimCheck):
                jobs += [(claim, check, rung, m) for m in moves[:top] if m.move > 0]
    return jobs


def earlier_seconds(out: Path) -> dict[str, float]:
    """{verification run directory: seconds} from OUT's claims record (none yet: empty)."""
    if not (out / CLAIMS_FILE).is_file():
        return {}
    try:
        record = read_claims_record(out)
    except BadInput:
        return {}  # a damaged record: the runs' times are simply not known
    return {
        str(v["run_dir"]): float(v["seconds"])
        for claim in record.get("claims", [])
        for runs in claim.get("verified", {}).values()
        for v in runs
    }


def read_claims_record(path: str | Path) -> dict:
    """OUT/claims.json (or the file itself); BadInput when it is not a claims record."""
    from emr_sim.files.read import read_json_record

    file = Path(path) / CLAIMS_FILE if Path(path).is_dir() else Path(path)
    return read_json_record(file, "claims record (`emr-sim claims ... -o DIR`)", CLAIMS_FORMAT)
