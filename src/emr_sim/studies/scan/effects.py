"""A scan's effects read back: each finished variant run paired with the scan's base run
(emr_sim.analysis.sensitivity), for the command's output, the report and the claims."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from emr_sim.studies.scan import directory as scandir
from emr_sim.studies.scan.plan import ScanVariant


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
