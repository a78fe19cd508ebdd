"""Wall time and peak memory of the command designers run most.

    python benchmarks/bench_matchup.py [--games 100000] [--repeat 3]

Runs `emr-sim matchup crow illusion -n GAMES --quiet` (greedy, fury on, default deck)
as a separate process, after one warm-up run that fills the JIT cache, and prints the
best wall time of --repeat runs (start-up included), the games per second the command
itself reports, and the process's peak resident memory. Also times `emr-sim --help`.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def run(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, out.stdout


def peak_rss_mb() -> float:
    """Peak resident memory of the largest child process so far (Linux: KiB)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    cmd = ["emr-sim", "matchup", "crow", "illusion", "-n", str(args.games), "--quiet", "--json"]
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    run(["emr-sim", "matchup", "crow", "illusion", "-n", "200", "--quiet"])  # warm the JIT cache
    best, summary = min((run(cmd) for _ in range(args.repeat)), key=lambda r: r[0])
    s = json.loads(summary)
    help_time = min(run(["emr-sim", "--help"])[0] for _ in range(3))
    print(f"# {' '.join(cmd)}  (python {sys.version.split()[0]})")
    print(f"wall time (start-up included): {best:.2f} s for {s['games']:,} games")
    print(f"games/s reported by the command: {s['games_per_second']:,.0f}")
    print(f"peak resident memory of one run: {peak_rss_mb():.0f} MB")
    print(f"emr-sim --help: {help_time:.2f} s")


if __name__ == "__main__":
    main()
