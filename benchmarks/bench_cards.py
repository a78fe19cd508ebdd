"""What keeping the card events costs (`--cards` of matrix and matchup): one-thread games per
second of a matrix cell's work, with and without them, alternated in one process.

    python benchmarks/bench_cards.py [--rounds 6] [--games 20000] [--heroes crow,illusion]

Each round plays the same seeded greedy pairs (fury on) twice, in turn without and with the
card events, keeping every game's record as a cell does: the paired-game kernel writing the
record rows (sim/pairs.py), their conversion to the records' compact columns
(simulate/records.GameColumns) and the cell's Parquet file. It prints CPU-time games per
second of each part and of the whole for both, their best and all runs, the bytes a game
takes in memory and on disk, and whether the games (the records without the card columns)
were the same. The throughput with the events off against a tree without them is
benchmarks/ab_trees.py's (its child plays no records, as a matchup without --records).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr.options import O_TURN_CAP, make_options
from emr_sim.simulate.runs.records import GameColumns

SEED = 20261202
MODES = (("off", False), ("on", True))


def one_round(table, opts, sides, n_pairs, cards: bool, folder: Path):
    """(seconds of kernel, columns, parquet; the frame; bytes on disk) of one cell's work."""
    agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * n_pairs, pairs.record_cols(cards)), dtype=np.int64)
    start = time.process_time()
    pairs.play_pairs(table, opts, SEED, 0, n_pairs, sides, agg, rows)
    kernel = time.process_time() - start
    start = time.process_time()
    games = GameColumns(2 * n_pairs, *(C.HERO_NAMES[h] for h in sides[2:]), cards=cards)
    games.put(0, rows)
    frame = games.frame()
    columns = time.process_time() - start
    path = folder / f"cell-{cards}.parquet"
    start = time.process_time()
    frame.to_parquet(path, index=False)
    write = time.process_time() - start
    return (kernel, columns, write), frame, path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--heroes", default="crow,illusion")
    args = parser.parse_args()
    opts = make_options({"fury": "on"})
    table = card_table(load_deck(), opts)
    heroes = [C.HERO_NAMES.index(h) for h in args.heroes.split(",")]
    sides = np.array([C.PLAYER_GREEDY, C.PLAYER_GREEDY, *heroes], dtype=np.int64)
    n_pairs = args.games // 2
    with tempfile.TemporaryDirectory() as tmp:
        one_round(table, opts, sides, 1, True, Path(tmp))  # load or compile
        rates: dict[str, list[tuple[float, ...]]] = {name: [] for name, _ in MODES}
        frames, sizes = {}, {}
        for _ in range(args.rounds):
            for name, cards in MODES:
                parts, frames[name], sizes[name] = one_round(table, opts, sides, n_pairs, cards, Path(tmp))
                games = 2 * n_pairs
                rates[name].append((games / sum(parts), *(games / p for p in parts)))
    print(f"{2 * n_pairs:,} games a round, {args.heroes}, greedy, fury on, {args.rounds} rounds, one thread")
    print("games/s (CPU time): whole cell | kernel | columns | parquet")
    for name, _ in MODES:
        best = max(rates[name])
        runs = " ".join(f"{r[0]:,.0f}" for r in rates[name])
        parts = " | ".join(f"{x:,.0f}" for x in best)
        print(f"cards {name}: best {parts}; whole, every round: {runs}")
    for name, _ in MODES:
        n = len(frames[name])
        memory = frames[name].memory_usage(index=False, deep=True).sum() / n
        print(f"cards {name}: {memory:.0f} bytes a game in memory, {sizes[name] / n:.1f} on disk")
    off, on = frames["off"], frames["on"]
    same = off.equals(on[list(off.columns)])
    print(f"same games with and without the card events: {same}")


if __name__ == "__main__":
    main()
