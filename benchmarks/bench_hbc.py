"""Wall and CPU time of 100,000 four-player HBC games of the example decks (docs/hbc.md, "Speed").

    python benchmarks/bench_hbc.py [--games 100000] [--players greedy] [--repeat 3]

Runs `emr-sim matchup --game hbc --seats 4 blaze den edge tide -n GAMES --players PLAYERS
--quiet --workers 2` as a separate process, after a warm-up run that fills the JIT cache, and
prints the best wall time of --repeat runs (start-up included), the CPU time (user + system)
of that run, and the machine's load average: on a shared machine the wall time says little,
and CPU time / 2 is what two free cores would take.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import time


def run(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", default="greedy")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = ["emr-sim", "matchup", "--game", "hbc", "--seats", "4", "blaze", "den", "edge", "tide"]
    cmd = [*base, "-n", str(args.games), "--players", args.players, "--quiet", "--workers", "2"]
    run([*base, "-n", "400", "--players", args.players, "--quiet"])  # warm the JIT cache
    wall, cpu = min((run(cmd) for _ in range(args.repeat)), key=lambda r: r[0])
    print(f"# {' '.join(cmd)}")
    print(f"wall time (start-up included): {wall:.2f} s for {args.games:,} games")
    print(f"CPU time of that run: {cpu:.2f} s (half of it: {cpu / 2:.2f} s on two free cores)")
    print(f"load average before the report: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
