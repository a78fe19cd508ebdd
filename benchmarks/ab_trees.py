"""A/B of two source trees: one-thread games per second, runs alternated.

    python benchmarks/ab_trees.py TREE_A TREE_B [--rounds 6] [--games 6000] [--heroes crow,illusion]

Each TREE is a checkout of this repository (a `git worktree` of an older commit, say).
Every round runs one process per tree, one after the other, with that tree's `src` first
on PYTHONPATH (numba's cache is keyed by the kernel sources, so each tree has its own);
each process plays the same seeded greedy pairs
(fury on) on one thread and reports CPU-time games per second. This VM's speed drifts by
more than most single changes gain within the hour, so only alternated runs compare; the
script prints each tree's best and all its runs, and whether the two trees' results
(wins) were the same.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

CHILD = """
import sys, time
import numpy as np
from emr_sim import aggregate
from emr_sim.cards import card_table, load_deck
from emr_sim.matchup import parse_sides
from emr_sim.options import O_TURN_CAP, make_options
opts = make_options({"fury": "on"})
table = card_table(load_deck(None), opts)
sides = parse_sides(*sys.argv[2].split(","), "greedy,greedy")
agg = np.zeros(aggregate.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
rows = np.zeros((0, aggregate.RECORD_COLS), dtype=np.int64)
aggregate.play_pairs(table, opts, 1, 0, 1, sides, agg, rows)  # load or compile
agg[:] = 0
pairs = int(sys.argv[1]) // 2
start = time.process_time()
aggregate.play_pairs(table, opts, 20261202, 0, pairs, sides, agg, rows)
print(2 * pairs / (time.process_time() - start), agg[:8].tolist())
"""


def run(tree: str, games: int, heroes: str) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": os.path.join(tree, "src")}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(games), heroes], env=env, capture_output=True, text=True, check=True
    )
    rate, result = out.stdout.split(" ", 1)
    return float(rate), result.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--heroes", default="crow,illusion")
    args = parser.parse_args()
    rates: dict[str, list[float]] = {tree: [] for tree in dict.fromkeys(args.trees)}
    results = set()
    for tree in args.trees:
        run(tree, 2, args.heroes)  # compile outside the timed rounds
    for _ in range(args.rounds):
        for tree in args.trees:
            rate, result = run(tree, args.games, args.heroes)
            rates[tree].append(rate)
            results.add(result)
    for tree, runs in rates.items():
        listed = " ".join(f"{r:,.0f}" for r in sorted(runs))
        print(f"{tree}: best {max(runs):,.0f} games/s; all: {listed}")
    print("same results in every run" if len(results) == 1 else f"RESULTS DIFFER: {sorted(results)}")


if __name__ == "__main__":
    main()
