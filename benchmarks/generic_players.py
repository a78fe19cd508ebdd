"""The generic players on the toy game (Card Pig) at 2, 3 and 4 seats: the greedy against
random, the search against the greedy, the search at 1600 iterations against 400.

    nice -n 19 python benchmarks/generic_players.py [--games 2400] [--seed 20261205] [--workers 1]
        [--seats 2,3,4] [--match A/B ...]   (the three matches below by default)

Each match seats one player A against N-1 copies of B; every deal is played once per rotation
of the seating (emr_sim.loops.table), so A plays it from every seat. Reported per match:

- A's wins (a first place shared by k seats counts 1/k) and its win share w (fair: 1/N), with its 95 %
  interval over deals (a deal's N games are one unit);
- A's head-to-head share h = w / (w + (1 - w) / (N - 1)): A's wins against those of one B
  opponent (whose mean win share is (1 - w) / (N - 1)), the share A would have in a two-player
  game under a Luce (Bradley-Terry) model of strength; at 2 seats h = w. Its interval is w's
  mapped through the same increasing function.

"A beats B in x % of games" is read as h = x % (and at 2 seats as the plain win share).
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.loops.table import TR_HEAD, TS_MEMBER, TS_RESULT, TS_SIZE
from emr_sim.simulate.tables.play import play_deals
from emr_sim.simulate.tables.settings import table_settings

MATCHES = (
    ("greedy", "random"),
    ("ismcts(n=400)", "greedy"),
    ("ismcts(n=1600)", "ismcts(n=400)"),
)


def first_member_shares(rows: np.ndarray, n: int) -> np.ndarray:
    """Member 0's win share in each game (a shared first place counts 1/k)."""
    shares = np.zeros(len(rows))
    for i, row in enumerate(rows):
        results = {
            int(row[TR_HEAD + s * TS_SIZE + TS_MEMBER]): TR_HEAD + s * TS_SIZE + TS_RESULT for s in range(n)
        }
        sharing = sum(int(row[base + K.RS_DRAW]) for base in results.values())
        mine = results[0]
        shares[i] = 1.0 if row[mine + K.RS_WIN] else (1.0 / sharing if row[mine + K.RS_DRAW] else 0.0)
    return shares


def head_to_head(w: float, n: int) -> float:
    return w / (w + (1.0 - w) / (n - 1))


def measure(
    a: str, b: str, n: int, games: int, seed: int, workers: int, rules: dict[str, str] | None = None
) -> dict:
    """One match: A in one seat, B in the others, every rotation of ceil(games / n) deals."""
    lineup = ",".join([a] + [b] * (n - 1))
    settings = table_settings("toy", n, lineup, rules=rules, seed=seed, workers=workers)
    deals = math.ceil(games / n)
    start = time.perf_counter()
    rows = play_deals(settings, settings.entity_codes(()), deals)
    seconds = time.perf_counter() - start
    units = first_member_shares(rows, n).reshape(deals, n).mean(axis=1)
    w = float(units.mean())
    half = 1.96 * float(units.std(ddof=1)) / math.sqrt(deals)
    return {
        "a": settings.lineup.specs[0],
        "b": settings.lineup.specs[1],
        "seats": n,
        "games": len(rows),
        "wins": float(units.sum() * n),
        "w": (w, w - half, w + half),
        "h": tuple(head_to_head(x, n) for x in (w, w - half, w + half)),
        "seconds": seconds,
    }


def pct(triple: tuple[float, float, float]) -> str:
    mid, low, high = (100 * x for x in triple)
    return f"{mid:.1f} % [{low:.1f}, {high:.1f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2400, help="games per match (rounded up to whole deals)")
    ap.add_argument("--seed", type=int, default=20261205)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seats", default="2,3,4")
    ap.add_argument("--match", action="append", help="A/B: a match of player A against B instead")
    ap.add_argument("--rules", default="", help="the toy game's rules, NAME=VALUE,...")
    args = ap.parse_args()
    rules = dict(item.split("=", 1) for item in args.rules.split(",") if item)
    matches = [tuple(m.split("/")) for m in args.match] if args.match else MATCHES
    print("| seats | A | B | games | A's wins | A's win share (fair 1/N) | A's head-to-head share | s |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (int(x) for x in args.seats.split(",")):
        for a, b in matches:
            r = measure(a, b, n, args.games, args.seed, args.workers, rules)
            print(
                f"| {n} | `{r['a']}` | `{r['b']}` | {r['games']:,} | {r['wins']:,.1f} "
                f"| {pct(r['w'])} | {pct(r['h'])} | {r['seconds']:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
