"""Kernels compiled without numba's runtime (jit.njit, jit.njit_entry) must not be handed
arrays allocated by one with it (jit.njit_alloc): nobody would free them. numba's
allocation statistics show whether the game loops free all they allocate."""

import os
import subprocess
import sys

SCRIPT = """
import numpy as np
from numba.core.runtime import rtsys
from emr_sim.games.emr.loops import engine
from emr_sim.games.emr.loops import pairs as aggregate
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.options import O_TURN_CAP, make_options

opts = make_options({"fury": "on"})
table = card_table(load_deck(), opts)
sides = np.array([1, 1, 0, 6], dtype=np.int64)  # greedy crow vs greedy illusion
agg = np.zeros(aggregate.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
rows = np.zeros((0, aggregate.RECORD_COLS), dtype=np.int64)
card_rows = np.zeros((4, aggregate.CARD_RECORD_COLS), dtype=np.int64)  # --cards: the card sets too
out = engine.results_array(2)
seats = np.array([1, 1, 0, 6], dtype=np.int64)
aggregate.play_pairs(table, opts, 5, 0, 1, sides, agg, rows)
engine.play_many(table, opts, 5, 0, 2, seats, out)
before = rtsys.get_allocation_stats()
for k in range(20):
    aggregate.play_pairs(table, opts, 5, k, 2, sides, agg, rows)
    aggregate.play_pairs(table, opts, 5, k, 2, sides, agg, card_rows)
    engine.play_many(table, opts, 5, k, 2, seats, out)
after = rtsys.get_allocation_stats()
print(after.alloc - before.alloc, after.free - before.free,
      after.mi_alloc - before.mi_alloc, after.mi_free - before.mi_free)
"""


def test_game_loops_free_every_array_they_allocate():
    env = {**os.environ, "NUMBA_NRT_STATS": "1"}
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    alloc, free, mi_alloc, mi_free = map(int, out.stdout.split()[-4:])
    assert alloc > 0  # the loops do allocate (their buffers), so the check can see a leak
    assert (alloc, mi_alloc) == (free, mi_free)
