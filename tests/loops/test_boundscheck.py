"""The kernels never index out of bounds: whole games with numba's bounds checking on.

Runs the invariant harness in a subprocess with NUMBA_BOUNDSCHECK=1 (its own compile
cache, keyed by the kernel sources like the normal one): an out-of-bounds index then
raises IndexError instead of silently corrupting memory.
"""

import os
import pathlib
import subprocess
import sys

SCRIPT = """
import numpy as np
from emr_sim.loops import invariants
from emr_sim.cards import card_table, load_deck
from emr_sim.options import make_options
for rules in ({}, {"fury": "on", "hero_select": "random", "copy_copy": "on", "extra_max": "2"}):
    opts = make_options(rules)
    table = card_table(load_deck(), opts)
    for kinds in ((0, 0), (1, 1), (1, 2)):
        out = np.zeros((300, 3), dtype=np.int64)
        invariants.run_checked(table, opts, 77, 0, 300, np.array([*kinds, 0, 6]), out)
        assert (out[:, 0] == 0).all(), (rules, kinds)
print("bounds ok")
"""


def test_kernels_stay_in_bounds_with_boundscheck_on():
    base = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "EMR_SIM_CACHE": str(base / "emr_sim-boundscheck")}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=1200
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "bounds ok" in out.stdout
