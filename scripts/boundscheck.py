"""The kernels never index out of bounds, nor with a negative number: whole games of every
8MR player with numba's bounds checking on (a developer's check after a kernel change; it
compiles every kernel again, a few minutes from cold, so it is not part of the test suite).

    python scripts/boundscheck.py

Runs itself again in a subprocess with NUMBA_BOUNDSCHECK=1 and a compile cache of its own
(EMR_SIM_CACHE, keyed by the kernel sources like the normal one): an out-of-bounds index then
raises IndexError instead of silently corrupting memory. The kernels are compiled without
numba's negative-index wrap (emr_sim/jit.py), so a negative index is out of bounds too: the
same run shows that they never use one, and that other numba code keeps the wrap. Prints
"bounds ok" and exits 0, or exits 1 with the failure.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

SEARCH = "ismcts(n=24,leaf=tuned,reuse=1,prior=1,widen=1),ismcts-open(n=16,depth=2)"
RULE_SETS = ({}, {"fury": "on", "hero_select": "random", "copy_copy": "on", "extra_max": "2"})
PAIRS = ((0, 0), (1, 1), (1, 2))  # random, greedy, greedy against greedy-notech
GAMES = 300
SEARCH_GAMES = 6
CHILD = "EMR_SIM_BOUNDSCHECK_CHILD"


def check_games() -> None:
    import numpy as np

    from emr_sim.games.emr.cards import card_table, load_deck
    from emr_sim.games.emr.face.core import player_weights
    from emr_sim.games.emr.loops import invariants
    from emr_sim.games.emr.options import make_options

    for rules in RULE_SETS:
        opts = make_options(rules)
        table = card_table(load_deck(), opts)
        for kinds in PAIRS:
            out = np.zeros((GAMES, 3), dtype=np.int64)
            invariants.run_checked(table, opts, 77, 0, GAMES, np.array([*kinds, 0, 6]), out)
            assert (out[:, 0] == 0).all(), (rules, kinds)
        out = np.zeros((SEARCH_GAMES, 3), dtype=np.int64)
        invariants.run_checked(
            table, opts, 77, 0, SEARCH_GAMES, np.array([3, 4, 0, 6]), out, player_weights(SEARCH)
        )
        assert (out[:, 0] == 0).all(), (rules, "search")


def check_wrap() -> None:
    import numba
    import numpy as np

    from emr_sim.jit import njit_entry

    @njit_entry
    def kernel_item(a, i):
        return a[i]

    try:
        kernel_item(np.arange(3), -1)
    except IndexError:
        print("kernels: no wrap")
    else:
        raise AssertionError("a kernel's negative index was not refused")
    other: dict = {}
    exec("def item(a, i):\n    return a[i]\n", {"__name__": "other_numba_user"}, other)
    assert numba.njit(other["item"])(np.arange(3), -1) == 2  # numba's own wrap, outside the kernels


def main() -> int:
    if os.environ.get(CHILD):
        check_games()
        check_wrap()
        print("bounds ok")
        return 0
    base = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
    cache = base / "emr_sim-boundscheck"
    cache.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", "EMR_SIM_CACHE": str(cache), CHILD: "1"}
    return subprocess.run([sys.executable, __file__], env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
