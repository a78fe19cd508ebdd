"""emr_sim.stats.normal_sf: the normal upper tail without scipy.stats (analysis.tables' p-values)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import norm

from emr_sim.stats import normal_sf


def test_normal_sf_agrees_with_scipy_on_numbers_and_arrays():
    x = np.array([-6.0, -1.96, 0.0, 0.5, 1.96, 8.0, 30.0])
    assert np.allclose(normal_sf(x), norm.sf(x), rtol=1e-12, atol=0)
    assert normal_sf(1.959963984540054) == pytest.approx(0.025, rel=1e-12)
    assert isinstance(normal_sf(0.0), float) and normal_sf(0.0) == 0.5
    assert math.isnan(normal_sf(float("nan")))


def test_importing_the_table_statistics_leaves_scipy_stats_alone():
    import subprocess
    import sys

    code = "import sys, emr_sim.analysis.tables; print('scipy.stats' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "False"
