"""How long the report's balance-and-skill analysis takes on two full-size rungs.

    python benchmarks/bench_skill.py [--games 10000]

Two synthetic rungs of the 28 cells, --games games each (side A wins at random, 50 % and
52 %), through emr_sim.analysis.skill.analyse_skill (tau with its 1,000-resample bootstrap,
the paired cell changes and classes, the rung profiles). Synthetic games: the analysis reads
only the records' columns, so its cost is that of real runs of the same size.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np
import pandas as pd

from emr_sim.analysis.skill import analyse_skill
from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.records import SIDE_STATS


def rung(rng: np.random.Generator, games: int, p: float) -> pd.DataFrame:
    pairs = games // 2
    parts = []
    for a, b in itertools.combinations(C.HERO_NAMES, 2):
        win = (rng.random(2 * pairs) < p).astype(np.int8)
        cell = {
            "hero_a": a,
            "hero_b": b,
            "pair": np.repeat(np.arange(pairs), 2),
            "a_seat": np.tile([0, 1], pairs),
            "a_first": np.tile([1, 0], pairs),
            "win_a": win,
            "win_b": 1 - win,
            "draw": np.zeros(2 * pairs, np.int8),
            "turns": rng.integers(20, 80, 2 * pairs),
        }
        cell |= {f"{s}_{x}": np.zeros(2 * pairs, np.int8) for s in SIDE_STATS for x in "ab"}
        parts.append(pd.DataFrame(cell))
    return pd.concat(parts, ignore_index=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per cell")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    rungs = [rung(rng, args.games, 0.5), rung(rng, args.games, 0.52)]
    start = time.perf_counter()
    result = analyse_skill(["a", "b"], ["a", "b"], rungs)
    seconds = time.perf_counter() - start
    t = result.taus[0]
    tau = f"tau {t.tau:+.2f} [{t.ci_low:+.2f}, {t.ci_high:+.2f}]"
    print(f"28 cells x {args.games:,} games, 2 rungs: {seconds:.1f} s ({tau})")


if __name__ == "__main__":
    main()
