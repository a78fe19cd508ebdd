"""A/B of two source trees: one-thread games per second, or a CLI command's wall time, alternated.

    python benchmarks/ab_trees.py TREE_A TREE_B [--rounds 6] [--games 6000] [--heroes crow,illusion]
    python benchmarks/ab_trees.py TREE_A TREE_B --cli "matchup crow illusion -n 100000 --quiet" [--rounds 6]
    python benchmarks/ab_trees.py TREE_A TREE_B --cli "--help"

Each TREE is a checkout of this repository (a `git worktree` of an older commit, say).
Every round runs one process per tree, one after the other, with that tree's `src` first
on PYTHONPATH (numba's cache is keyed by the kernel sources, so each tree has its own).

Without --cli each process plays the same seeded greedy pairs (fury on) on one thread and
reports CPU-time games per second. With --cli each process is `python -m emr_sim.cli ARGS`
of that tree and its wall time (start-up included) is reported. The child imports only the
kernels' module (emr_sim.games.emr.loops.pairs; emr_sim.sim.pairs in trees from before the loops were
named so, emr_sim.aggregate before the package was laid out in folders), so trees of any
layout compare.

This VM's speed drifts by more than most single changes gain within the hour, so only
alternated runs compare; the script prints each tree's best and all its runs, and whether
the two trees' results (wins, or the command's output less its timing lines) were the same.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import time

CHILD = """
import sys, time
import numpy as np
try:
    from emr_sim.games.emr.loops import pairs
except ImportError:
    try:  # a tree from before the loops were named so
        from emr_sim.sim import pairs
    except ImportError:  # a tree from before the layout in folders
        from emr_sim import aggregate as pairs
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.options import O_TURN_CAP, make_options
opts = make_options({"fury": "on"})
table = card_table(load_deck(None), opts)
hero_a, hero_b = (C.HERO_NAMES.index(h) for h in sys.argv[2].split(","))
sides = np.array([C.PLAYER_GREEDY, C.PLAYER_GREEDY, hero_a, hero_b], dtype=np.int64)
agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
rows = np.zeros((0, pairs.RECORD_COLS), dtype=np.int64)
pairs.play_pairs(table, opts, 1, 0, 1, sides, agg, rows)  # load or compile
agg[:] = 0
n_pairs = int(sys.argv[1]) // 2
start = time.process_time()
pairs.play_pairs(table, opts, 20261202, 0, n_pairs, sides, agg, rows)
print(2 * n_pairs / (time.process_time() - start), agg[:8].tolist())
"""
TIMING = re.compile(r"games/s|\"seconds\"|\"games_per_second\"")  # lines that differ run to run


def tree_env(tree: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.path.join(tree, "src")}


def run(tree: str, games: int, heroes: str) -> tuple[float, str]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(games), heroes],
        env=tree_env(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    rate, result = out.stdout.split(" ", 1)
    return float(rate), result.strip()


def run_cli(tree: str, args: str) -> tuple[float, str]:
    """Wall seconds of `emr-sim ARGS` from TREE, and its output less the timing lines."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "emr_sim.cli", *shlex.split(args)],
        env=tree_env(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = time.perf_counter() - start
    kept = "\n".join(line for line in out.stdout.splitlines() if not TIMING.search(line))
    return seconds, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--heroes", default="crow,illusion")
    parser.add_argument("--cli", default=None, metavar="ARGS", help="time `emr-sim ARGS` instead")
    args = parser.parse_args()
    measure = (lambda t: run_cli(t, args.cli)) if args.cli else (lambda t: run(t, args.games, args.heroes))
    figures: dict[str, list[float]] = {tree: [] for tree in dict.fromkeys(args.trees)}
    results = set()
    for tree in args.trees:
        measure(tree) if args.cli else run(tree, 2, args.heroes)  # compile outside the timed rounds
    for _ in range(args.rounds):
        for tree in args.trees:
            figure, result = measure(tree)
            figures[tree].append(figure)
            results.add(result)
    for tree, runs in figures.items():
        if args.cli:
            listed = " ".join(f"{r:.2f}" for r in sorted(runs))
            print(f"{tree}: best {min(runs):.2f} s for `emr-sim {args.cli}`; all: {listed}")
        else:
            listed = " ".join(f"{r:,.0f}" for r in sorted(runs))
            print(f"{tree}: best {max(runs):,.0f} games/s; all: {listed}")
    print("same results in every run" if len(results) == 1 else f"RESULTS DIFFER: {sorted(results)}")


if __name__ == "__main__":
    main()
