"""Write docs/hbc-report.md: what a designer of HBC asks, at 2-5 players (emr_sim.studies.
hbc_designer, rendered by emr_sim.report.hbc_page). Long: run it niced, in the background.

    python scripts/hbc_designer.py --players greedy --deals 2000 -o docs/hbc-report.md
    python scripts/hbc_designer.py --only first_player,number_values --deals 400 -o /tmp/r.md
"""

from __future__ import annotations

import argparse
import time

from emr_sim.report.hbc_page import report_page
from emr_sim.studies.hbc import designer as D

QUESTIONS = {
    "first_player": D.first_player,
    "deck_matrix": D.deck_matrix,
    "number_values": D.number_values,
    "card_values": D.card_values,
    "card_rates": D.card_rates,
    "coins": D.coins,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="greedy")
    parser.add_argument("--deals", type=int, default=2000, help="deals per comparison")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", default=",".join(QUESTIONS))
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    study = D.Study(args.players, args.seed, args.deals, args.workers)
    parts, timings = {}, []
    for name in args.only.split(","):
        start = time.perf_counter()
        parts[name] = QUESTIONS[name](study)
        timings.append(f"{name} {time.perf_counter() - start:.0f} s")
        print(timings[-1], flush=True)
    command = (
        f"python scripts/hbc_designer.py --players {args.players} --deals {args.deals} --seed {args.seed}"
    )
    header = [
        "# HBC: what a designer asks, at 2-5 players",
        "",
        "Measured by `" + command + "`",
        "(" + ", ".join(timings) + "; the machine shared, times under load). Players: " + args.players,
        "in every seat. Cards: the example set (invented for the example, docs/hbc.md) and the vanilla",
        "set; rules at their defaults. Every figure is conditional on these invented cards",
        "(HBC-D-CHARS): the real cards are not published.",
        "",
    ]
    parts["card_rates_seats"] = 2
    with open(args.output, "w", encoding="utf-8") as out:
        out.write(report_page(parts, header))


if __name__ == "__main__":
    main()
