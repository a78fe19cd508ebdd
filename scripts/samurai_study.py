"""Samurai Sword: what a designer asks, at 3 to 7 players (docs/samurai.md), as a report page.

    python scripts/samurai_study.py [--deals 20000] [--guess-deals 4000] [--workers 2]
                                    [-o reports/samurai.html] [--players belief]

For each table size: DEALS games of PLAYERS in every seat (the study loop, games/samurai/
study.py): the factions' wins and points against their fair share, the characters' win
rates (Holm-corrected), the effect of a seat's place from the Shogun, game length and how
games end, the cards that go with winning. Then the value of a good guess: one seat of
random, guess, belief or oracle among belief players, GUESS_DEALS deals, every rotation
(emr_sim.simulate.tables), its team's win rate with a 95 % interval over deals. Prints the
headline tables as Markdown (for docs/samurai.md) and writes the page.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim.analysis import factions as F
from emr_sim.errors import BadInput, WriteError
from emr_sim.files.outdir import check_output_file
from emr_sim.files.write import write_text
from emr_sim.report.samurai import StudyPage, page
from emr_sim.simulate.tables.frames import long_frame, rows_frame
from emr_sim.simulate.tables.play import play_deals
from emr_sim.studies.samurai import play as P

SIZES = (3, 4, 5, 6, 7)
GUESSERS = ("random", "guess", "belief", "oracle")


def member_rate(n: int, lead: str, deals: int, seed: int, workers: int) -> dict:
    """Member 0 (`lead`) among belief players: its team's win rate, 95 % interval over deals."""
    s = P.settings(n, ",".join([lead] + ["belief"] * (n - 1)), seed, workers)
    rows = play_deals(s, s.entity_codes(()), deals)
    seats = long_frame(rows_frame(rows, n).assign(cell=""), n, list(s.lineup.specs), s.made.game.entities)
    per_deal = seats[seats["member"] == 0].groupby("deal")["share"].mean().to_numpy()
    half = 1.959963984540054 * per_deal.std(ddof=1) / np.sqrt(len(per_deal))
    return {"players": n, "seat 0": lead, "games": len(per_deal) * n, "win rate": per_deal.mean(),
            "low": per_deal.mean() - half, "high": per_deal.mean() + half}  # fmt: skip


def markdown(frame: pd.DataFrame, pct: tuple[str, ...]) -> str:
    shown = frame.copy()
    for col in shown.columns:
        if col in pct:
            shown[col] = shown[col].map(lambda v: f"{100 * v:.1f} %")
        elif shown[col].dtype.kind == "f":
            shown[col] = shown[col].map(lambda v: f"{v:.2f}")
    head = "| " + " | ".join(map(str, shown.columns)) + " |"
    rule = "|" + "---|" * len(shown.columns)
    return "\n".join(
        [head, rule, *("| " + " | ".join(map(str, r)) + " |" for r in shown.itertuples(index=False))]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--guess-deals", type=int, default=4000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="belief")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("-o", "--output", default="reports/samurai.html")
    args = parser.parse_args()
    try:  # before the first game: a page that could not be written is said now, not after minutes
        check_output_file(args.output, "the study page")
    except (BadInput, WriteError) as err:
        print(f"samurai_study.py: {err}", file=sys.stderr)
        raise SystemExit(2 if isinstance(err, BadInput) else 3) from None
    sections, factions, ends, guesses = [], [], [], []
    started = time.perf_counter()
    for n in SIZES:
        s = P.settings(n, args.players, args.seed, args.workers)
        seats, games = P.play(s, args.deals)
        faction = F.faction_table(seats, games, P.starting_shares(s))
        end = F.end_table(games)
        factions.append(faction.assign(players=n))
        ends.append(end.assign(players=n))
        sections.append((f"{n} players", [
            ("Factions: wins against the fair share, points against the share at the start", faction),
            ("Characters (each against the others; p corrected by Holm over the 12)",
             F.rate_table(seats, "character")),
            ("Roles", F.rate_table(seats, "role")),
            ("Place clockwise from the Shogun (0: the Shogun); win rate by team there", F.order_table(seats)),
            ("Game length in turns and how games end", end),
            ("Cards: played and held at the end, and the win rates that go with them",
             F.card_table(seats, s.made.extra.card_names)),
        ]))  # fmt: skip
        print(f"# {n} players: {len(games):,} games ({time.perf_counter() - started:.0f} s)", flush=True)
    for n in SIZES:
        for lead in GUESSERS:
            guesses.append(member_rate(n, lead, args.guess_deals, args.seed + 1, args.workers))
    guess = pd.DataFrame(guesses)
    sections.append(("The value of a good guess", [("One seat's team win rate among belief players", guess)]))
    command = "python scripts/samurai_study.py " + " ".join(
        f"--{k.replace('_', '-')} {v}" for k, v in vars(args).items() if k != "output"
    )
    notes = [
        f"Samurai Sword, {args.players} players in every seat, {args.deals:,} games per table size; the "
        f"value of a good guess from {args.guess_deals:,} deals per line, every rotation. Published card "
        "file, default options.",
        "Fair share of a faction: 1 / the factions in play (2 at 3-4 players, 3 at 5-7). Start share: the "
        "faction's weighted honour at the start over everyone's. Intervals are 95 % (Wilson for "
        "proportions of games; over deals for the guess table).",
    ]  # fmt: skip
    settings = [("command", command), ("games per table size", f"{args.deals:,}"),
                ("deals per line of the guess table", f"{args.guess_deals:,}"), ("seed", str(args.seed)),
                ("players", args.players), ("table sizes", ", ".join(map(str, SIZES))),
                ("workers", str(args.workers))]  # fmt: skip
    every_size = pd.concat(factions, ignore_index=True)
    write_text(args.output, page(StudyPage(Path(args.output).stem, every_size, sections, notes, settings)))
    pct = ("wins", "low", "high", "fair", "points share", "start share", "share", "win rate")
    cols = ["players", "team", "games", "wins", "low", "high", "fair", "points share", "start share"]
    print(markdown(pd.concat(factions)[cols], pct))
    print()
    end_cols = ["players", "end", "share", "mean turns", "median turns", "90th percentile"]
    print(markdown(pd.concat(ends)[end_cols], pct))
    print()
    print(markdown(guess, pct))
    print(f"# wrote {args.output} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
