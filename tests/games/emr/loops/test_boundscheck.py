"""The kernels never index out of bounds, nor with a negative number: whole games of every
player with numba's bounds checking on.

Runs the invariant harness in a subprocess with NUMBA_BOUNDSCHECK=1 (its own compile
cache, keyed by the kernel sources like the normal one): an out-of-bounds index then
raises IndexError instead of silently corrupting memory. The kernels are compiled without
numba's negative-index wrap (emr_sim/jit.py), so a negative index is out of bounds too:
the same run shows that they never use one, and that other numba code keeps the wrap.
"""

import os
import pathlib
import subprocess
import sys

SCRIPT = """
import numba
import numpy as np
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.face.core import player_weights
from emr_sim.jit import njit_entry
from emr_sim.games.emr.loops import invariants
from emr_sim.games.emr.options import make_options

SEARCH = "ismcts(n=24,leaf=tuned,reuse=1,prior=1,widen=1),ismcts-open(n=16,depth=2)"
for rules in ({}, {"fury": "on", "hero_select": "random", "copy_copy": "on", "extra_max": "2"}):
    opts = make_options(rules)
    table = card_table(load_deck(), opts)
    for kinds in ((0, 0), (1, 1), (1, 2)):
        out = np.zeros((300, 3), dtype=np.int64)
        invariants.run_checked(table, opts, 77, 0, 300, np.array([*kinds, 0, 6]), out)
        assert (out[:, 0] == 0).all(), (rules, kinds)
    out = np.zeros((6, 3), dtype=np.int64)
    invariants.run_checked(table, opts, 77, 0, 6, np.array([3, 4, 0, 6]), out, player_weights(SEARCH))
    assert (out[:, 0] == 0).all(), (rules, "search")

@njit_entry
def kernel_item(a, i):
    return a[i]

try:
    kernel_item(np.arange(3), -1)
except IndexError:
    print("kernels: no wrap")
other = {}
exec("def item(a, i):\\n    return a[i]\\n", {"__name__": "other_numba_user"}, other)
assert numba.njit(other["item"])(np.arange(3), -1) == 2  # numba's own wrap, outside the kernels
print("bounds ok")
"""


def test_kernels_stay_in_bounds_with_boundscheck_on():
    base = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
    cache = base / "emr_sim-boundscheck"
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "EMR_SIM_CACHE": str(cache)}
    cache.mkdir(parents=True, exist_ok=True)
    script = cache / "bounds_check.py"  # a file of its own, in one place: numba caches by file
    script.write_text(SCRIPT)
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "kernels: no wrap" in out.stdout
    assert "bounds ok" in out.stdout
