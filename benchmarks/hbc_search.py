"""HBC's search against the greedy on the same deals with the decks swapped (docs/hbc.md,
"Players"): the measurement that tells an edge of a few points from the decks' own.

    nice -n 10 python benchmarks/hbc_search.py [--a 'ismcts:200'] [--b greedy] [--deals 100]
        [--decks blaze,den,edge,grove,lair,tide] [--seed 20261205] [--workers 2] [--rule NAME=VALUE ...]

Two seats, every pair of the decks (15 for the six example decks). Deal j of a pair is played
four times: A holding the first deck and B the second, then the same deal with the players
swapped (B holding the first deck), each once per rotation of the seats (emr_sim.loops.table:
the deal, the game's own chance, depends on the run seed, the deal and the decks seated, not
on the players). So A holds each deck of the deal once in each seat, and the decks' and the
first move's advantages cancel within the deal. A's share of the wins (a draw half) is
averaged over the deal's four games, and its mean and 95 % interval are taken over the deals
(emr_sim.analysis.tables.clustered, the deal as the unit): "A beats B" when the interval's
lower end is above 50 %. Printed too: A's share by which deck of the pair it holds (the
first-named deck of these pairs is the stronger on average: neither figure alone compares with
50 %) and by pair, and the CPU time (the machine may be shared: CPU time, not wall time, sizes
a run).
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import sys
import time

import numpy as np
import pandas as pd

from emr_sim.analysis.tables import clustered
from emr_sim.errors import BadInput
from emr_sim.simulate.tables.frames import long_frame, rows_frame
from emr_sim.simulate.tables.play import parts, play_parts
from emr_sim.simulate.tables.settings import table_settings

GAME = "hbc"
SEATS = 2
DEFAULT_SEED = 20261205
TASK_DEALS = 25  # deals per task: small enough that two threads share one pair's deals
A_ROLE, B_ROLE = "A", "B"


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def seating_frame(settings, cell: tuple[str, str], deals: int, a_member: int) -> pd.DataFrame:
    """One seating's games of a pair (every rotation of each deal), one row per game and seat,
    with `role` (A or B), `holds` (which deck of the pair: 0 the first-named) and `cell`."""
    codes = settings.entity_codes(cell)
    rows = list(play_parts(settings, codes, parts(deals, 0, TASK_DEALS)))
    frame = rows_frame(np.concatenate(rows), SEATS)
    seats = long_frame(frame, SEATS, list(settings.lineup.specs), settings.made.game.entities)
    role = seats["member"].map({a_member: A_ROLE, 1 - a_member: B_ROLE})
    return seats.assign(cell="-".join(cell), role=role, holds=seats["member"])


def play_pair(args, cell: tuple[str, str]) -> pd.DataFrame:
    """A pair's deals in both seatings (A holding the first deck, then the second)."""
    frames = []
    for a_member, lineup in ((0, f"{args.a},{args.b}"), (1, f"{args.b},{args.a}")):
        settings = table_settings(GAME, SEATS, lineup, args.rules, seed=args.seed, workers=args.workers)
        frames.append(seating_frame(settings, cell, args.deals, a_member))
    return pd.concat(frames, ignore_index=True)


def pct(row) -> str:
    return f"{100 * row['share']:.1f} % [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"


def verdict(row) -> str:
    if row["low"] > 0.5:
        return "A beats B"
    if row["high"] < 0.5:
        return "B beats A"
    return "not told apart from even"


def report(seats: pd.DataFrame, args, cpu: float, wall: float) -> None:
    a = seats[seats["role"] == A_ROLE]
    whole = clustered(a.assign(all=A_ROLE), "all").iloc[0]
    print(f"# A = {args.a}, B = {args.b}; {GAME} at {SEATS} seats, seed {args.seed}")
    print(
        f"A's share of the wins: {pct(whole)} over {int(whole['games']):,} games "
        f"({int(whole['deals']):,} deals of 4 games, 95 % interval over deals); "
        f"{verdict(whole)}"
    )
    for _, row in clustered(a, "holds").iterrows():
        which = "first" if row["holds"] == 0 else "second"
        print(f"  A holding the {which}-named deck of each pair: {pct(row)}")
    for _, row in clustered(a.assign(pair=a["cell"]), "pair").iterrows():
        print(f"  {row['pair']:<12} {pct(row)}")
    print(f"CPU time: {cpu:.0f} s ({wall:.0f} s of wall time, load average {os.getloadavg()[0]:.1f})")


def check(args, cells: list[tuple[str, ...]]) -> None:
    """Every option parsed before the first game: BadInput naming the first that cannot be used."""
    if args.deals < 2:
        raise BadInput(f"--deals {args.deals}: at least 2 (the interval is over deals)")
    if not cells:
        raise BadInput(f"--decks {args.decks!r}: fewer than {SEATS} decks")
    for lineup in (f"{args.a},{args.b}", f"{args.b},{args.a}"):
        settings = table_settings(GAME, SEATS, lineup, args.rules, seed=args.seed, workers=args.workers)
        for cell in cells:
            settings.entity_codes(cell)


def rule_dict(texts: list[str]) -> dict[str, str]:
    out = {}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep:
            raise BadInput(f"--rule {text!r}: not of the form NAME=VALUE")
        out[name] = value
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="ismcts:200", help="the player measured (a spec)")
    parser.add_argument("--b", default="greedy", help="its opponent (a spec)")
    parser.add_argument("--deals", type=int, default=100, help="deals per pair of decks (4 games each)")
    parser.add_argument("--decks", default="blaze,den,edge,grove,lair,tide")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rule", action="append", default=[], help="a rules option NAME=VALUE")
    args = parser.parse_args()
    cells = list(itertools.combinations(args.decks.split(","), SEATS))
    start, cpu0 = time.perf_counter(), cpu_seconds()
    try:
        args.rules = rule_dict(args.rule)
        check(args, cells)
        seats = pd.concat([play_pair(args, cell) for cell in cells], ignore_index=True)
    except BadInput as err:
        print(err, file=sys.stderr)
        raise SystemExit(2) from None
    report(seats, args, cpu_seconds() - cpu0, time.perf_counter() - start)


if __name__ == "__main__":
    main()
