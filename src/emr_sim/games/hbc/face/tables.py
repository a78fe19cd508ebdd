"""The exact tables of dice values (rules/odds.py's COUNTS and CUMUL), made once per process:
they are the same for every HBC game made."""

from __future__ import annotations

import functools

import numpy as np

from emr_sim.games.hbc.rules import layout as L


@functools.cache
def value_tables() -> tuple[np.ndarray, np.ndarray]:
    """odds.COUNTS and odds.CUMUL (the same for every game made), read-only."""
    from emr_sim.games.hbc.rules.odds import fill_counts

    shape = (L.MAX_DICE + 1, L.MAX_HIT + 1, L.MAX_SUM + 1)
    counts = np.zeros(shape, dtype=np.int64)
    cumul = np.zeros(shape, dtype=np.int64)
    fill_counts(counts, cumul)
    counts.flags.writeable = False
    cumul.flags.writeable = False
    return counts, cumul
