"""The event buffer: row 0 counts the events; a full buffer drops events, never overflows."""

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.rules.core import emit


def test_emit_appends_rows_and_counts_them():
    ev = np.zeros((4, C.EV_SIZE), dtype=np.int64)
    emit(ev, C.E_PLAY, 1, 7, 2, 0, 0)
    assert ev[0, 0] == 1
    assert list(ev[1]) == [C.E_PLAY, 1, 7, 2, 0, 0]


def test_emit_never_writes_past_a_small_buffer():
    ev = np.zeros((3, C.EV_SIZE), dtype=np.int64)  # room for 2 events
    for k in range(5):
        emit(ev, C.E_DRAW, 0, k, 0, 0, 0)
    assert ev[0, 0] == 2
    assert [int(ev[r, 2]) for r in (1, 2)] == [0, 1]
