"""The adapters against the jitted engine, every game and seat count (emr_sim.ecosystem.crosscheck):
random deals played through OpenSpiel and PettingZoo with the engine's seed and actions, every
position after every action and the results compared (docs/ecosystem.md quotes its output).

    python scripts/ecosystem_crosscheck.py [--games 1000] [--seed 2026] [--game NAME ...]

Prints one line per game and seat count: deals, actions, seconds; exits 1 at the first
difference, naming it.
"""

from __future__ import annotations

import argparse
import sys
import time

from emr_sim.ecosystem.crosscheck import Mismatch, crosscheck
from emr_sim.games import registry

RULES = {"emr": {"fury": "on"}}  # masters in play


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="deals per game and seat count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = parser.parse_args()
    total = 0
    for game in registry.games():
        if args.game and game.name not in args.game:
            continue
        for n in range(game.seats.fewest, game.seats.most + 1):
            start = time.perf_counter()
            try:
                done = crosscheck(game.name, n, RULES.get(game.name, {}), args.seed, range(args.games))
            except Mismatch as err:
                print(f"MISMATCH {err}")
                return 1
            total += done.games
            print(
                f"{game.name} at {n} seats: {done.games:,} deals, {done.actions:,} actions identical "
                f"({time.perf_counter() - start:.1f} s)"
            )
    print(f"all {total:,} deals identical through OpenSpiel and PettingZoo, action by action")
    return 0


if __name__ == "__main__":
    sys.exit(main())
