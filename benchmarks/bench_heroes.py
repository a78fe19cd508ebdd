"""What each master's technique is worth, and hero mode's cost in speed.

    python benchmarks/bench_heroes.py [--games 1000] [--seed 1]

For each hero H: technique-aware greedy H against every other hero (greedy, both
seatings, --games games each), then the same with H played by greedy-notech, which
never uses its master's own technique (F-CHOOSE, every furious player's, it still
uses). Prints H's win rate both ways and the difference, with 95 % Wilson intervals.
Kung-fu's and Poison's techniques are automatic: no decision to skip, so their rows
show the same games.
Then greedy-vs-greedy games per second with fury off and with fury on (heroes drawn at
random per game), one thread, warm cache.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from emr_sim import codes as C
from emr_sim.cards import card_table, load_deck
from emr_sim.options import make_options
from emr_sim.sim import engine
from emr_sim.stats import wilson


def hero_wins(table, opts, seed, games, hero, kind) -> tuple[int, int]:
    """Wins of `hero` played by player `kind` against each other greedy hero, both seats."""
    wins = total = 0
    for other in range(C.N_HEROES):
        if other == hero:
            continue
        for seat in (0, 1):
            heroes = (hero, other) if seat == 0 else (other, hero)
            kinds = (kind, C.PLAYER_GREEDY) if seat == 0 else (C.PLAYER_GREEDY, kind)
            seats = np.array([*kinds, *heroes], dtype=np.int64)
            out = engine.results_array(games)
            engine.play_many(table, opts, seed + 1000 * other + seat, 0, games, seats, out)
            wins += int((out[:, C.GR_WINNER] == seat).sum())
            total += games
    return wins, total


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
    parser.add_argument("--games", type=int, default=1000, help="games per pairing and seating")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed-games", type=int, default=20_000)
    args = parser.parse_args()
    deck = load_deck()
    fury = make_options({"fury": "on"})
    table = card_table(deck, fury)
    print(f"# technique value: {args.games} games per pairing and seating, seed {args.seed}")
    print(f"{'hero':<9} {'with':>7} {'95% CI':>15} {'without':>8} {'95% CI':>15} {'gain':>7}")
    for hero in range(C.N_HEROES):
        w1, n1 = hero_wins(table, fury, args.seed, args.games, hero, C.PLAYER_GREEDY)
        w0, n0 = hero_wins(table, fury, args.seed, args.games, hero, C.PLAYER_GREEDY_NOTECH)
        lo1, hi1 = wilson(w1, n1)
        lo0, hi0 = wilson(w0, n0)
        print(
            f"{C.HERO_NAMES[hero]:<9} {w1 / n1:>7.1%} [{lo1:5.1%}, {hi1:5.1%}] {w0 / n0:>8.1%} "
            f"[{lo0:5.1%}, {hi0:5.1%}] {100 * (w1 / n1 - w0 / n0):>+6.1f}pp"
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
