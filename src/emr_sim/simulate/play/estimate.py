"""Estimated time of a run, printed before its first game: a few pairs timed on one thread.

seconds_per_pair plays mirror pairs of each master on seeds of its own (so the run's games
are not touched) on this thread, once the kernels are loaded, more of them until the sample
takes a tenth of a second; a run's estimate scales that to its pairs and divides by the games
played at once (the threads, or a cluster's workers: emr_sim.simulate.play.runner.parallelism).
Mirror pairs stand for every cell: a rough figure, which costs a second at most for greedy
players and a few for a search player.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from emr_sim.games.emr import codes as C

if TYPE_CHECKING:
    from emr_sim.simulate.play.setup import RunSetup

MIN_SECONDS = 0.1  # a sample is timed again, 4 times larger, until it takes this long
MAX_SAMPLE_PAIRS = 4_096  # pairs per master at most


def seconds_per_pair(setup: RunSetup, heroes: list[str]) -> float:
    """Seconds one seat-swapped pair of the set-up's players takes on one thread, averaged
    over mirror pairs of each of `heroes`: one pair of each first, then 4 times as many until
    the sample takes MIN_SECONDS (a greedy pair takes a tenth of a millisecond, a search's
    pair a second)."""
    import numpy as np

    from emr_sim.games.emr.loops import pairs
    from emr_sim.games.emr.options import O_TURN_CAP
    from emr_sim.simulate.play.runner import load_kernels

    load_kernels(setup, setup.sides(0, 1))
    agg = np.zeros(pairs.aggregate_size(int(setup.opts[O_TURN_CAP])), dtype=np.int64)
    no_rows = np.zeros((0, pairs.RECORD_COLS), dtype=np.int64)
    weights = pairs.seat_weights(setup.weights())
    count = 1
    while True:
        start = time.perf_counter()
        for k, hero in enumerate(heroes):  # seeds of the sample's own, on this thread
            sides = setup.sides(C.HERO_NAMES.index(hero), C.HERO_NAMES.index(hero))
            pairs.play_pairs(setup.table, setup.opts, k + 1, 0, count, sides, agg, no_rows, weights)
        seconds = time.perf_counter() - start
        if seconds >= MIN_SECONDS or count >= MAX_SAMPLE_PAIRS:
            return seconds / (count * len(heroes))
        count *= 4


def run_seconds(setup: RunSetup, heroes: list[str], n_pairs: int) -> float:
    """Seconds n_pairs pairs should take where the run plays (threads or cluster workers)."""
    from emr_sim.simulate.play.runner import on_threads, parallelism

    if n_pairs <= 0:
        return 0.0
    return seconds_per_pair(on_threads(setup), heroes) * n_pairs / parallelism(setup)
