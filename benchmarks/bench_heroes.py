"""What each master's technique is worth, and hero mode's cost in speed.

    python benchmarks/bench_heroes.py [--pairs 500] [--seed 1] [--player greedy]

For each master M: M played by --player against every other master (the same player), and
on the same deals by its technique-free twin (emr_sim.games.emr.lineup.spec.without_technique: greedy ->
greedy-notech, tuned -> tuned-notech, book:F -> book-notech:F), which never uses its master's
own technique (F-CHOOSE, every furious player's, it still uses). Prints M's field mean score
both ways and the paired difference with its 95 % interval, the pair as the unit
(emr_sim.studies.technique.technique_worth). Kung-fu's and Poison's techniques are automatic:
no decision to skip, so their difference is 0.
Then greedy-vs-greedy games per second with fury off and with fury on (heroes drawn at
random per game), one thread, warm cache.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops import engine
from emr_sim.games.emr.options import make_options
from emr_sim.studies.technique import technique_worth


def throughput(table, opts, seed, games) -> float:
    seats = np.array([C.PLAYER_GREEDY, C.PLAYER_GREEDY, C.HERO_CROW, C.HERO_WIND], dtype=np.int64)
    out = engine.results_array(games)
    best = 1e9
    for _ in range(3):
        start = time.perf_counter()
        engine.play_many(table, opts, seed, 0, games, seats, out)
        best = min(best, time.perf_counter() - start)
    return games / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=500, help="deals per opponent, each played twice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", default="greedy", help="a player spec with a technique-free twin")
    parser.add_argument("--speed-games", type=int, default=20_000)
    args = parser.parse_args()
    deck = load_deck()
    print(f"# technique worth: {args.player}, {args.pairs} deals per opponent, seed {args.seed}")
    print(f"{'master':<9} {'with':>7} {'without':>8} {'gain':>7} {'95% interval':>16}")
    for master in C.HERO_NAMES:
        w = technique_worth(args.player, master, args.pairs, seed=args.seed)
        print(
            f"{master:<9} {w['score_with']:>7.1%} {w['score_without']:>8.1%} {100 * w['delta']:>+6.1f}pp "
            f"[{100 * w['ci_low']:+5.1f}, {100 * w['ci_high']:+5.1f}]"
        )
    off = make_options({"fury": "off"})
    random_heroes = make_options({"fury": "on", "hero_select": "random"})
    speed_off = throughput(card_table(deck, off), off, args.seed, args.speed_games)
    speed_on = throughput(card_table(deck, random_heroes), random_heroes, args.seed, args.speed_games)
    print(f"# greedy-vs-greedy games/s, one thread, {args.speed_games} games, best of 3")
    print(f"fury off {speed_off:9.0f}")
    print(
        f"fury on  {speed_on:9.0f}  (heroes drawn at random per game): {speed_on / speed_off:.0%} of fury off"
    )


if __name__ == "__main__":
    main()
