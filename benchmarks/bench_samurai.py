"""Speed of Samurai Sword's table loop: N five-player games of rule-based players.

    python benchmarks/bench_samurai.py [--games 100000] [--workers 2] [--players belief] [--seats 5]

Plays the games in this process through the table runs' own path (emr_sim.simulate.tables:
parts of 2,000 deals on --workers threads, every rotation of each deal), after a warm-up
that loads the compiled loop, and prints the wall time, the CPU time of the process (the
threads' time: what the games cost on a machine shared with other work) and the games per
second. The issue's bar: 100,000 five-player games of rule-based players in 30 s on 2 cores.
"""

from __future__ import annotations

import argparse
import math
import resource
import time

from emr_sim.simulate.tables.play import play_deals
from emr_sim.simulate.tables.settings import table_settings


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="belief")
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    s = table_settings("samurai", args.seats, args.players, {}, seed=1, workers=args.workers)
    play_deals(s, s.entity_codes(()), 10)  # warm-up: loads (or compiles) the loop
    deals = math.ceil(args.games / args.seats)
    best = None
    for _ in range(args.repeat):
        wall, cpu = time.perf_counter(), cpu_seconds()
        rows = play_deals(s, s.entity_codes(()), deals)
        wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
        if best is None or wall < best[0]:
            best = (wall, cpu, len(rows))
    wall, cpu, games = best
    print(f"# samurai, {args.seats} players, {args.players}, {args.workers} threads, best of {args.repeat}")
    print(f"{games:,} games: wall {wall:.2f} s, CPU {cpu:.2f} s, {games / wall:,.0f} games/s (wall)")


if __name__ == "__main__":
    main()
