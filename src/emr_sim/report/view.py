"""One run as the report shows it: the run read once and its cells (what every section reads)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.rundir import LoadedRun
from emr_sim.studies.report_data import report_cells


@dataclass
class RunData:
    """One run as the report shows it: the run read once (emr_sim.simulate.runs.rundir.LoadedRun)
    and its cells, Holm-corrected (emr_sim.studies.report_data.report_cells)."""

    path: Path
    record: dict
    games: pd.DataFrame
    cells: pd.DataFrame  # analysis.cell_table, then analysis.adjust (Holm)
    expected_cells: list[tuple[str, str]]  # every cell of the run's heroes, as cell_table makes them

    @property
    def heroes(self) -> list[str]:
        """The run's heroes that have at least one finished cell, in HERO_NAMES order."""
        present = set(self.cells["hero_a"].astype(str)) | set(self.cells["hero_b"].astype(str))
        return [h for h in C.HERO_NAMES if h in present]

    @property
    def complete(self) -> bool:
        return len(self.cells) == len(self.expected_cells)


def run_view(run: LoadedRun) -> RunData:
    """The run as the report shows it; a run of every assignment has its two orientations of
    a cell in one row (analysis.cell_table), so its expected cells are counted the same way."""
    from emr_sim.analysis.cells import canonical_cells

    expected = canonical_cells(run.expected_cells)
    return RunData(run.path, run.record, run.games, report_cells(run.games), expected)


def loaded(run: RunData) -> LoadedRun:
    """The run as it was read (for the analyses that take a LoadedRun)."""
    return LoadedRun(run.path, run.record, run.games)
