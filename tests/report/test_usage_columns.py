"""The technique heat map of a run shows its own masters' columns only (#36: a 3-master run
showed all 8 masters, 5 columns of zeros)."""

from __future__ import annotations

import pandas as pd

from emr_sim.games.emr import codes as C
from emr_sim.report.sections import own_techniques


def test_the_technique_columns_are_the_run_masters_and_the_fury_choice():
    tech = pd.DataFrame({name: [0.0, 1.0] for name in (*C.HERO_NAMES, "fury-choose")}, index=["crow", "wind"])
    shown = own_techniques(tech, ["wind", "crow", "earth"])
    assert list(shown.columns) == [n for n in C.HERO_NAMES if n in ("crow", "wind", "earth")] + [
        "fury choice"
    ]
    assert shown.index.tolist() == ["crow", "wind"]
