"""Games per second of the jitted engine on one core, and what a game is.

    python benchmarks/bench_engine.py [--games 20000] [--seed 1] [--repeat 3]

Fixed setup: the shipped default deck, default rules (fury off), run seed 1,
games 0..N-1, warm JIT cache (a warm-up run first), one thread. Prints, for
random-vs-random and greedy-vs-greedy (and greedy-vs-random): games per second
(best of --repeat runs), and per game the mean turns, decisions and plays, and
greedy's win rate against random.
"""

from __future__ import annotations

import argparse
import platform
import time

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops import engine
from emr_sim.games.emr.options import make_options

MATCHES = (
    ("random-vs-random", C.PLAYER_RANDOM, C.PLAYER_RANDOM),
    ("greedy-vs-greedy", C.PLAYER_GREEDY, C.PLAYER_GREEDY),
    ("greedy-vs-random", C.PLAYER_GREEDY, C.PLAYER_RANDOM),
)


def run(table, opts, seed, games, kinds):
    seats = np.array([kinds[0], kinds[1], C.NO_HERO, C.NO_HERO], dtype=np.int64)
    out = engine.results_array(games)
    start = time.perf_counter()
    engine.play_many(table, opts, seed, 0, games, seats, out)
    return time.perf_counter() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    opts = make_options(dict(r.split("=", 1) for r in args.rule))
    table = card_table(load_deck(), opts)
    run(table, opts, args.seed, 50, (C.PLAYER_GREEDY, C.PLAYER_RANDOM))  # warm-up (JIT cache)
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, one thread")
    print(f"# {args.games} games, seed {args.seed}, default deck, rules {args.rule or 'default'}")
    print(
        f"{'match':<18} {'games/s':>9} {'turns':>7} {'decisions':>9} {'plays':>7} {'P0 wins':>8} {'draws':>6}"
    )
    for name, k0, k1 in MATCHES:
        best, out = min(
            (run(table, opts, args.seed, args.games, (k0, k1)) for _ in range(args.repeat)),
            key=lambda r: r[0],
        )
        w = out[:, C.GR_WINNER]
        print(
            f"{name:<18} {args.games / best:>9.0f} {out[:, C.GR_TURNS].mean():>7.1f} "
            f"{out[:, C.GR_DECISIONS].mean():>9.1f} {out[:, C.GR_PLAYS].mean():>7.1f} "
            f"{(w == 0).mean():>8.1%} {(w == C.DRAWN_GAME).mean():>6.1%}"
        )


if __name__ == "__main__":
    main()
