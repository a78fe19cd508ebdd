"""Study: how much does moving first matter? Per cell, per hero and overall, from a matrix run.

    python analysis/first_player_advantage.py RUN_DIR [--method holm|bh]

RUN_DIR is a run directory of `emr-sim matrix` (emr_sim.simulate.runs.rundir; without a run.json, every
RUN_DIR/cells/*.parquet is read). Prints:

- per cell: the share of decided games won by the player who took the first turn, its 95 %
  interval and p-value against 50 %, with pairs as the units (see below), and the p-value
  adjusted over the cells (Holm by default);
- per hero: its win rate when moving first and when moving second (both sides of every
  game, emr_sim.simulate.runs.records.swap_sides), and the difference;
- overall: the first player's share of all decided games with its pair-based interval.

Why pairs: in a pair each side moves first once on the same deal, so "the first player
won" in the two games of a pair are positively correlated (about +0.2 on real runs) and a
Wilson interval over games would be somewhat too narrow. Here (and in cell_table) a
pair is one unit: rate = first-player wins / decided games, with the cluster (ratio)
standard error over pairs, a normal interval and a two-sided normal test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pandas as pd

from emr_sim.analysis import adjust, cell_table
from emr_sim.analysis.cells import first_player_by_pair, first_player_overall
from emr_sim.report import formatting
from emr_sim.report.formatting import pct
from emr_sim.simulate.runs.records import swap_sides


def load(run_dir: Path) -> pd.DataFrame:
    """The games of a run directory: emr_sim.simulate.runs.rundir.load_games, or every cells/*.parquet."""
    if (run_dir / "run.json").is_file():
        from emr_sim.simulate.runs.rundir import load_games

        return load_games(run_dir)
    files = sorted((run_dir / "cells").glob("*.parquet"))
    if not files:
        raise FileNotFoundError(f"{run_dir}: no run.json and no cells/*.parquet")
    return pd.concat([pd.read_parquet(f) for f in files], ignore_index=True)


def per_hero(games: pd.DataFrame) -> pd.DataFrame:
    """Each hero's win rate moving first and moving second, over both sides of every game."""
    both = pd.concat([games, swap_sides(games)], ignore_index=True)
    both["hero"] = both["hero_a"].astype(str)
    rates = both.pivot_table(index="hero", columns="a_first", values="win_a", aggfunc="mean")
    out = pd.DataFrame({"first": rates[1], "second": rates[0]})
    out["difference"] = out["first"] - out["second"]
    return out.sort_values("difference", ascending=False)


def interval(low: float, high: float) -> str:
    return f"[{formatting.interval(low, high, sep=', ')}]"


def row_text(fields: list[str], widths: list[int]) -> str:
    """Fields padded to their widths: negative = left-aligned."""
    return "".join(f"{f:<{-w}}" if w < 0 else f"{f:>{w}}" for f, w in zip(fields, widths, strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path, help="run directory of `emr-sim matrix`")
    parser.add_argument(
        "--method", default="holm", choices=["holm", "bh"], help="p-value adjustment over cells"
    )
    args = parser.parse_args(argv)
    try:
        games = load(args.run_dir)
    except Exception as err:  # a designer script: one line, not a traceback
        print(f"first_player_advantage: error: {err}", file=sys.stderr)
        return 2

    cells = cell_table(games)
    by_cell = adjust(first_player_by_pair(games, ["hero_a", "hero_b"]), method=args.method)
    print(f"first-player advantage in {args.run_dir}: {len(games):,} games, {len(cells)} cells")
    header = ["cell", "decided", "first wins", "95% interval", "p", f"p {args.method}"]
    widths = [-22, 9, 12, 18, 10, 10]
    print(row_text(header, widths))
    for row in by_cell.itertuples():
        fields = [
            f"{row.hero_a} vs {row.hero_b}",
            f"{row.decided:,}",
            pct(row.rate),
            interval(row.ci_low, row.ci_high),
            f"{row.p_value:.3g}",
            f"{row.p_adjusted:.3g}",
        ]
        print(row_text(fields, widths) + (" *" if row.significant else ""))
    print()
    print("by hero: win rate moving first, moving second, difference")
    for hero, row in per_hero(games).iterrows():
        fields = [hero, pct(row["first"]), pct(row["second"]), f"{100 * row['difference']:+.1f} pts"]
        print("  " + row_text(fields, [-10, 8, 8, 12]))
    print()
    overall = first_player_overall(games)
    decided = int(overall["decided"])
    print(
        f"overall: the first player wins {pct(overall['rate'])} of {decided:,} decided games, "
        f"95% interval {interval(overall['ci_low'], overall['ci_high'])}, p = {overall['p_value']:.3g}"
    )
    significant = int(by_cell["significant"].sum())
    print(
        f"cells with a significant first-player effect ({args.method}, 5 %): {significant} of {len(by_cell)}"
    )
    print("intervals and tests use pairs as units (each side moves first once per pair on the same deal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
