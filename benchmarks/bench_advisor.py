"""The advisor's time a decision (the search behind `H` hints, reviews and `resolve --advise`).

    python benchmarks/bench_advisor.py [--specs "ismcts:5000;ismcts(n=5000,...)"] [--seed 5]
                                       [--heroes crow,wind] [--limit N]

Plays the greedy against the greedy (fury on, the masters given, game `--seed`, index 0), then
times emr_sim.games.emr.face.advise (a fresh tree, the whole budget, advisor seed 1) on each of seat 0's
decisions with a choice, once per spec, the specs alternated decision by decision, after one
warm-up search; prints the median and the range of the wall time a decision per spec.
"""

from __future__ import annotations

import argparse
import statistics
import time

from emr_sim.games.emr.face.advise import advise
from emr_sim.games.emr.face.core import Game, play

DEFAULT_SPECS = "ismcts:5000;ismcts(n=5000,leaf=greedy,reuse=0,prior=0,widen=0)"


def positions(seed: int, heroes: tuple[str, str], limit: int | None) -> list[Game]:
    """Seat 0's decisions with two or more legal actions of the greedy game, as copies."""
    rules = {"fury": "on"}
    actions: list[int] = []
    play(seed=seed, players="greedy,greedy", heroes=heroes, rules=rules, actions=actions)
    game, out = Game.new(seed, 0, None, rules, heroes), []
    for code in actions:
        if game.decider == 0 and len(game.legal_codes()) >= 2:
            out.append(Game(game.state.copy(), game.table, game.opts, game.deck))
        game.apply(code)
    return out[:limit]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", default=DEFAULT_SPECS, help="advisor specs separated by ';'")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--heroes", default="crow,wind")
    ap.add_argument("--limit", type=int, default=None, help="time only the first N decisions")
    args = ap.parse_args()
    specs = args.specs.split(";")
    first, second = args.heroes.split(",")
    found = positions(args.seed, (first, second), args.limit)
    advise(found[0], specs[0], 1)  # the kernels loaded before the clock
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    for game in found:
        for spec in specs:
            start = time.perf_counter()
            advise(game, spec, 1)
            times[spec].append(1000 * (time.perf_counter() - start))
    for spec, ms in times.items():
        print(
            f"{spec}: {len(ms)} decisions, median {statistics.median(ms):.0f} ms a decision "
            f"({min(ms):.0f}-{max(ms):.0f} ms)"
        )


if __name__ == "__main__":
    main()
