"""In-process threads against --cluster local:N on the same matrix, and the per-task overhead.

    PYTHONPATH=src python benchmarks/bench_cluster.py [--games 16000] [--heroes all] [--workers 2]
        [--players greedy,greedy] [--repeat 2] [--chunks 50,200,500,2000] [--until-ci W] [--no-overhead]

1. A matrix of --players (every cell of --heroes, --games per cell) played on --workers threads,
   then on a LocalCluster of --workers single-threaded worker processes, alternately --repeat
   times; the play times compared (kernels loaded before the clock in both), the cluster's
   start-up and kernel warm-up reported apart. The run directories are compared file for file.
   With --until-ci W the cells are sequential, and the cluster plays each repeat twice: with
   its next batches guessed and sent ahead (the default), and without (guess_pairs 0); the
   guessed chunks dropped past the stopping points are counted.
2. The per-task overhead: EMPTY tasks of no pairs (the fixed cost of a task), then 20 chunks
   of each size in --chunks played by run_pairs on threads and on the cluster;
   (cluster - threads) / tasks, the cost a task adds, which sets the cluster's chunk size
   (emr_sim.simulate.play.cluster.CHUNK_PAIRS).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from emr_sim.console.progress import progress_bar
from emr_sim.simulate.play import cluster as K
from emr_sim.simulate.play import runner
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.runner import load_kernels, run_pairs
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup

TASKS = 20  # chunks per size in the overhead measurement
EMPTY = 500  # tasks of no pairs, for the fixed cost of a task


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def play_matrix(root: Path, args, cluster=None) -> float:
    """The matrix's seconds, on threads, or on `cluster` when given."""
    run = run_matrix(
        root,
        RunSettings(players=args.players, seed=1, workers=args.workers, cluster=cluster),
        MatrixPlay(heroes=args.heroes, games=args.games, until_ci=args.until_ci),
    )
    return run.seconds


def without_guesses(cluster, root: Path, args) -> float:
    """The matrix on the cluster with no batch of --until-ci sent before it is asked for."""
    guess_pairs = K.Cluster.guess_pairs
    K.Cluster.guess_pairs = lambda self, sides: 0  # type: ignore[method-assign]
    try:
        return play_matrix(root, args, cluster)
    finally:
        K.Cluster.guess_pairs = guess_pairs  # type: ignore[method-assign]


def timed_pairs(setup, n_pairs: int) -> float:
    """Seconds of n_pairs pairs where the set-up plays (its cluster, or its threads)."""
    with progress_bar(0, quiet=True) as silent:
        start = time.perf_counter()
        run_pairs(setup, setup.sides(0, 5), n_pairs, silent, seed=3)
        return time.perf_counter() - start


def empty_tasks(cluster, setup) -> None:
    """The fixed cost of a task, games aside: EMPTY tasks of no pairs sent and gathered."""
    weights = runner.pairs.seat_weights(setup.weights())
    args = (setup.table, setup.opts, 1, 0, 0, setup.sides(0, 1), weights, runner.pairs.RECORD_COLS)
    cluster.map_ordered(K.play_chunk, [args] * 10)  # connections made
    start = time.perf_counter()
    cluster.map_ordered(K.play_chunk, [args] * EMPTY)
    seconds = time.perf_counter() - start
    print(f"{EMPTY} empty tasks: {seconds:.2f} s, {1000 * seconds / EMPTY:.1f} ms a task")


def overhead(cluster, setup, sizes: list[int]) -> None:
    print("chunk pairs | threads s | cluster s | overhead per task ms | overhead %")
    for size in sizes:
        n_pairs = TASKS * size
        runner.CHUNK_PAIRS = K.CHUNK_PAIRS = runner.SEARCH_CHUNK_PAIRS = size
        threads = timed_pairs(setup, n_pairs)
        dask = timed_pairs(replace(setup, cluster=cluster), n_pairs)
        per_task = (dask - threads) / TASKS * setup.workers  # tasks run `workers` at a time
        extra = 100 * (dask / threads - 1)
        print(f"{size:11} | {threads:9.2f} | {dask:9.2f} | {per_task * 1000:20.1f} | {extra:9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16_000)
    parser.add_argument("--heroes", default="all")
    parser.add_argument("--players", default="greedy,greedy", help="e.g. ismcts:400,ismcts:400")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--chunks", default="50,200,500,2000")
    parser.add_argument("--until-ci", type=float, default=None, help="sequential cells (e.g. 0.005)")
    parser.add_argument("--no-overhead", action="store_true", help="skip the per-task measurement")
    args = parser.parse_args()
    setup = run_setup(
        RunSettings(players=args.players, fury=True, deck=None, rules=None, seed=1, workers=args.workers),
        "a bench",
    )
    load_kernels(setup, setup.sides(0, 1))
    start = time.perf_counter()
    with K.connect(f"local:{args.workers}") as cluster:  # handed to the runs that play on it
        assert cluster is not None
        cluster.start()
        started = time.perf_counter() - start
        cluster.warm(setup.table, setup.opts, setup.sides(0, 1), runner.pairs.seat_weights(setup.weights()))
        warmed = time.perf_counter() - start - started
        print(f"cluster local:{args.workers}: started in {started:.1f} s, kernels warmed in {warmed:.1f} s")
        with tempfile.TemporaryDirectory() as tmp:
            for k in range(args.repeat):
                threads = play_matrix(Path(tmp) / f"threads-{k}", args)
                dask = play_matrix(Path(tmp) / f"cluster-{k}", args, cluster)
                same = files(Path(tmp) / f"threads-{k}") == files(Path(tmp) / f"cluster-{k}")
                what = f"--until-ci {args.until_ci}, " if args.until_ci else ""
                print(
                    f"matrix {args.players} {args.heroes} x {args.games} games "
                    f"({what}{cluster.dropped} guessed chunks dropped so far): threads {threads:.1f} s, "
                    f"cluster {dask:.1f} s ({100 * (dask / threads - 1):+.1f} %), files identical: {same}"
                )
                if args.until_ci:
                    plain = without_guesses(cluster, Path(tmp) / f"plain-{k}", args)
                    same = files(Path(tmp) / f"threads-{k}") == files(Path(tmp) / f"plain-{k}")
                    print(
                        f"  the same on the cluster without guessed batches: {plain:.1f} s "
                        f"({100 * (plain / threads - 1):+.1f} %), files identical: {same}"
                    )
        if not args.no_overhead:
            empty_tasks(cluster, setup)
            overhead(cluster, setup, [int(s) for s in args.chunks.split(",")])


if __name__ == "__main__":
    main()
