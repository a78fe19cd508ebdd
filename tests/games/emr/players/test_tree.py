"""The search tree's own arithmetic (games/emr/players/tree.py)."""

import math

import numpy as np

from emr_sim.games.emr.players.tree import LOG_TABLE, LOG_TABLE_SIZE, log_avail
from emr_sim.jit import njit


@njit
def compiled_logs(values, out):
    for k in range(values.size):
        out[k] = math.log(values[k])


@njit
def table_logs(values, out):
    for k in range(values.size):
        out[k] = log_avail(values[k])


def test_log_table_is_the_compiled_logarithm_bit_for_bit():
    """UCB reads ln(avail) from LOG_TABLE: every entry is what the compiled math.log gives,
    so the search chooses exactly as with the logarithm itself."""
    values = np.arange(1, LOG_TABLE_SIZE + 50, dtype=np.int64)
    expected = np.zeros(values.size)
    compiled_logs(values, expected)
    assert np.array_equal(LOG_TABLE[1:], expected[: LOG_TABLE_SIZE - 1])
    read = np.zeros(values.size)
    table_logs(values, read)
    assert np.array_equal(read, expected)  # past the table: the logarithm itself
