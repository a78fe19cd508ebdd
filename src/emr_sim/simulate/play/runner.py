"""The chunked runner: seat-swapped pairs played on threads, with a progress bar.

Pairs are split into chunks of CHUNK_PAIRS. Each chunk adds into its own integer aggregate
(emr_sim.games.emr.loops.pairs) and writes its games' records into its own rows, and the aggregates are
summed, so a result does not depend on the number of threads or on how a run is split. The
kernels release the GIL, so threads run them in parallel. The chunks are made as they are
needed, AHEAD per thread, so memory does not grow with the number of games: a chunk's record
rows go to the caller's `keep` as soon as it is done (emr_sim.simulate.runs.records.GameColumns
turns them into compact columns) and are dropped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import replace

import numpy as np

from emr_sim.console.compiling import compiling
from emr_sim.extras import RL, load
from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr.options import O_TURN_CAP
from emr_sim.simulate.play.setup import RunSetup

CHUNK_PAIRS = 500  # pairs per task: small enough for a smooth progress bar
SEARCH_CHUNK_PAIRS = 8  # ... with a search player, whose games are 1,000 times slower or more
AHEAD = 4  # chunks in flight per thread
PYTHON_LOOP = "emr_sim.ecosystem.emr_pairs"  # plays a set-up with an OpenSpiel player (named, not imported)


def on_threads(setup: RunSetup) -> RunSetup:
    """The set-up played on this process's threads even when it names a cluster: for the few
    pairs an estimate times, which a cluster's per-task cost would swamp."""
    return replace(setup, cluster=None)


def start_cluster(setup: RunSetup) -> None:
    """Start the set-up's cluster, if it has one that has not started (it starts at its first
    use: the commands call this once their inputs are checked, before they write)."""
    if setup.cluster is not None:
        setup.cluster.start()


def parallelism(setup: RunSetup) -> int:
    """How many games run at once: the cluster's workers, else the set-up's threads."""
    return len(setup.cluster.workers()) if setup.cluster is not None else setup.workers


def chunks(n_pairs: int, size: int | None = None) -> Iterator[tuple[int, int]]:
    """(first pair, count) of each task, made lazily; size defaults to CHUNK_PAIRS (read at call
    time, so tests may change it)."""
    size = size or CHUNK_PAIRS
    return ((first, min(size, n_pairs - first)) for first in range(0, n_pairs, size))


def load_kernels(setup: RunSetup, sides: np.ndarray, weights: np.ndarray | None = None) -> None:
    """Load (or compile, saying so: emr_sim.console.compiling) the paired-game kernel by playing no
    pairs; instant once loaded."""
    if setup.python:  # the Python-driven loop loads what it calls in its own processes
        return
    agg = np.zeros(pairs.aggregate_size(int(setup.opts[O_TURN_CAP])), dtype=np.int64)
    no_rows = np.zeros((0, pairs.RECORD_COLS), dtype=np.int64)
    kernels = pairs.SEARCH_KERNELS if searching(sides) else pairs.KERNELS
    with compiling(kernels):
        pairs.play_pairs(setup.table, setup.opts, 0, 0, 0, sides, agg, no_rows, weights)


def expect(setup: RunSetup, calls: list[tuple[np.ndarray, int, int, bool]]) -> None:
    """Tell a cluster the run_pairs calls to come, (sides, n_pairs, seed, keep) each, from
    pair 0 with the set-up's weights, so it sends their chunks ahead; nothing on threads."""
    if setup.cluster is not None and calls:
        weights = pairs.seat_weights(setup.weights())
        width = pairs.record_cols(setup.cards)  # the chunks' record columns (0: none kept)
        ahead = [
            (seed, 0, n_pairs, sides, weights, width if keep else 0) for sides, n_pairs, seed, keep in calls
        ]
        setup.cluster.expect(setup.table, setup.opts, ahead)


def guess(setup: RunSetup, sides: np.ndarray, seed: int, parts: list[tuple[int, int]]) -> None:
    """Tell a cluster the run_pairs calls that may come, (first pair, n_pairs) each, with
    records kept and the set-up's weights (the next batches of --until-ci): it sends their
    chunks when it has nothing certain to send. Nothing on threads."""
    if setup.cluster is not None and parts:
        weights = pairs.seat_weights(setup.weights())
        width = pairs.record_cols(setup.cards)
        calls = [(seed, first, n_pairs, sides, weights, width) for first, n_pairs in parts]
        setup.cluster.guess(setup.table, setup.opts, calls)


def drop_guesses(setup: RunSetup) -> None:
    """A cluster drops the guessed chunks not asked for (the sequential rule has stopped)."""
    if setup.cluster is not None:
        setup.cluster.drop_guesses()


def guess_pairs(setup: RunSetup, sides: np.ndarray) -> int:
    """Pairs worth guessing past a call: a chunk for each worker of a cluster; 0 on threads."""
    return 0 if setup.cluster is None else setup.cluster.guess_pairs(sides)


def run_pairs(
    setup: RunSetup,
    sides: np.ndarray,
    n_pairs: int,
    progress,
    seed: int | None = None,
    keep: Callable[[int, np.ndarray], object] | None = None,
    first_pair: int = 0,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """Play pairs first_pair .. first_pair + n_pairs - 1 of the run (on its seed, or `seed`)
    on setup.workers threads; the aggregate. With `keep`, keep(first row, rows) receives each
    chunk's record rows (row 2k + s is game s of the k-th pair played) on this thread, with
    the card events when the set-up keeps them (--cards: loops.pairs.record_cols).
    Greedy players read `weights` by side (games/emr/players/params.py), the set-up's specs' for None."""
    if setup.python:  # an OpenSpiel player: the Python-driven loop (emr_sim.ecosystem, the rl extra)
        loop = load(PYTHON_LOOP, RL, "an OpenSpiel player")
        return loop.run_pairs(setup, sides, n_pairs, progress, seed, keep, first_pair, weights)
    table, opts, workers = setup.table, setup.opts, setup.workers
    seed = setup.seed if seed is None else seed
    size = pairs.aggregate_size(int(opts[O_TURN_CAP]))
    weights = pairs.seat_weights(setup.weights() if weights is None else weights)  # checked once
    columns = pairs.record_cols(setup.cards)
    load_kernels(setup, sides, weights)  # once, before the threads start
    if setup.cluster is not None:  # the same chunks on worker processes (emr_sim.simulate.play.cluster)
        return setup.cluster.run_pairs(
            table, opts, seed, first_pair, n_pairs, sides, weights, keep, progress, columns
        )

    def task(first: int, count: int) -> tuple[int, int, np.ndarray, np.ndarray]:
        agg = np.zeros(size, dtype=np.int64)
        rows = np.zeros((2 * count if keep else 0, columns), dtype=np.int64)
        pairs.play_pairs(table, opts, seed, first_pair + first, count, sides, agg, rows, weights)
        return first, count, agg, rows

    total = np.zeros(size, dtype=np.int64)
    todo = chunks(n_pairs, SEARCH_CHUNK_PAIRS if searching(sides) else None)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        running = {pool.submit(task, *c) for c in itertools.islice(todo, AHEAD * workers)}
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    first, count, agg, rows = future.result()
                    total += agg
                    if keep:
                        keep(2 * first, rows)
                    progress.update(2 * count)
                running |= {pool.submit(task, *c) for c in itertools.islice(todo, len(done))}
        except BaseException:  # Ctrl-C: drop the chunks not started, end soon
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return total


def searching(sides: np.ndarray) -> bool:
    """Whether a side is a search player (its loop is compiled apart, its games are slow)."""
    from emr_sim.games.emr.loops.engine import SEARCH_KINDS

    return any(int(k) in SEARCH_KINDS for k in sides[:2])
