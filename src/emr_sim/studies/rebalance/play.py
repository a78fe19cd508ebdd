"""Playing a rebalance's candidates: parts of cells (a candidate's set-up, a cell, a range of
pairs on the cell's seed) played at once, on threads or on a Dask cluster, into each part's
counts (emr_sim.analysis.balance.CellCounts) straight from the kernel's aggregate (no per-game
records are kept).

Every part is cut into chunks of the runner's size; a part's counts are the sum of its chunks'
aggregates, so they do not depend on the threads, the workers or the order the chunks end in.
On threads, the chunks of every part of a batch share one pool (a cell of a few hundred pairs
is one chunk: playing the cells one after the other would leave cores idle); on a cluster
they are all sent at once and gathered in order (the batch is the unit of work, so the
proposal does not depend on the number of workers).
"""

from __future__ import annotations

from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from emr_sim.analysis.balance import CellCounts
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.loops import pairs as P
from emr_sim.simulate.cells import cell_seed
from emr_sim.simulate.cluster import chunk_pairs, lost_scheduler, play_chunk
from emr_sim.simulate.runner import chunks, load_kernels
from emr_sim.simulate.setup import RunSetup

NO_ROWS = 0  # play_chunk's keep_rows: no per-game record rows (the aggregate is all the search needs)


@dataclass(frozen=True)
class Part:
    """Pairs first_pair .. first_pair + n_pairs - 1 of a cell, for a candidate's set-up."""

    key: Hashable
    setup: RunSetup
    cell: tuple[str, str]
    seed: int  # the run seed: the cell's own seed is cell_seed(seed, a, b)
    first_pair: int
    n_pairs: int

    def sides(self) -> np.ndarray:
        a, b = self.cell
        return self.setup.sides(C.HERO_NAMES.index(a), C.HERO_NAMES.index(b))


def counts_of(agg: np.ndarray) -> CellCounts:
    """A cell's counts from a paired-game aggregate (emr_sim.games.emr.loops.pairs: side A is side 0)."""
    return CellCounts(
        games=int(agg[P.AG_GAMES]),
        wins_a=int(agg[P.AG_WINS]),
        draws=int(agg[P.AG_DRAWS]),
        first_wins=int(agg[P.AG_FIRST_WINS]),
        pairs_a=int(agg[P.AG_PAIR_A]),
        pairs_split=int(agg[P.AG_PAIR_SPLIT]),
        pairs_b=int(agg[P.AG_PAIR_B]),
        pairs_drawn=int(agg[P.AG_PAIR_DRAWN]),
        turns=np.array(agg[P.AG_HIST :], dtype=np.int64),
    )


def chunk_args(part: Part) -> list[tuple]:
    """play_chunk's arguments for each chunk of the part (no records kept)."""
    setup, sides = part.setup, part.sides()
    weights = P.seat_weights(setup.weights())
    seed = cell_seed(part.seed, *part.cell)
    return [
        (setup.table, setup.opts, seed, part.first_pair + first, count, sides, weights, NO_ROWS)
        for first, count in chunks(part.n_pairs, chunk_pairs(sides))
    ]


def play_parts(parts: list[Part], workers: int, cluster, progress) -> dict[Hashable, CellCounts]:
    """Every part's counts (parts with the same key are summed). progress.update(games) as
    chunks end. With `cluster` (a connected emr_sim.simulate.cluster.Cluster) the chunks play
    on its workers, else on `workers` threads of this process."""
    todo = [(part.key, args) for part in parts for args in chunk_args(part)]
    out: dict[Hashable, np.ndarray] = {}
    if not todo:
        return {}
    first = parts[0]
    if cluster is None:
        load_kernels(first.setup, first.sides())  # once, before the threads start
        results = _on_threads([args for _key, args in todo], workers, progress)
    else:
        results = _on_cluster(cluster, [args for _key, args in todo], progress)
    for (key, _args), agg in zip(todo, results, strict=True):
        out[key] = agg if key not in out else out[key] + agg
    return {key: counts_of(agg) for key, agg in out.items()}


def _on_threads(calls: list[tuple], workers: int, progress) -> list[np.ndarray]:
    def task(args: tuple) -> np.ndarray:
        return play_chunk(*args)[0]

    results: list[np.ndarray] = []
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        try:
            for args, agg in zip(calls, pool.map(task, calls), strict=True):
                results.append(agg)
                progress.update(2 * args[4])
        except BaseException:  # Ctrl-C: drop the chunks not started
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return results


def _on_cluster(cluster, calls: list[tuple], progress) -> list[np.ndarray]:
    table, opts, _seed, _first, _count, sides, weights, _keep = calls[0]
    cluster.warm(table, opts, sides, weights)
    futures = [cluster.submit(play_chunk, *args) for args in calls]
    results = []
    with lost_scheduler(cluster):
        for args, future in zip(calls, futures, strict=True):
            results.append(future.result()[0])
            progress.update(2 * args[4])
    return results
