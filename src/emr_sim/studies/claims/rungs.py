"""The rungs a claims file is checked on (a run each), each claim's check there, and the
changes of the sensitivity scans ranked by how far they move a contradicted claim."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from emr_sim.analysis.claims import Claim, ClaimCheck, check_claim, claim_cells, move_from_cells
from emr_sim.analysis.claims.spec import ABOVE, BEATS, FIRST
from emr_sim.errors import BadInput
from emr_sim.stats import Z95


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
    from emr_sim.analysis.meta import players_problem
    from emr_sim.simulate.cells import cell_pairs
    from emr_sim.simulate.rundir import load_games, read_run

    if not run_dirs:
        raise BadInput("give at least one run to check the claims on")
    rungs = []
    for run_dir in run_dirs:
        record = read_run(run_dir)
        problem = players_problem(record, "a claim about the masters needs")
        if problem:
            raise BadInput(f"{run_dir}: {problem}")
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
    """Every variant of the scans (emr_sim.studies.scan.effects.ScanEffects), by how far it moves
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
