"""Plain-text tables for the terminal: the hero matrix and a what-if comparison (the matchup
summary is in report.summary, which needs no pandas)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pandas as pd

from emr_sim import analysis as A
from emr_sim.report.formatting import points

COL = 10  # width of a matrix column


def _pct(x: float) -> str:
    """A rate in points for a table column (blank when missing)."""
    return points(x, missing="")


def format_matrix(games: pd.DataFrame, record: dict, method: str = "holm") -> str:
    """The matrix of win rates (row hero against column hero, %, ± 95 % half-width), then
    the ranking, first-player advantage and the cells that differ from 50 %."""
    cells = A.cell_table(games)
    rate = A.matrix(cells, "win_rate")
    half = A.matrix(cells, "half_width")
    heroes = list(rate.index)
    lines = [
        f"{len(cells)} cells, {len(games):,} games, seed {record['seed']}, "
        f"{' vs '.join(record['players'])}, fury {'on' if record['fury'] else 'off'}",
        "win rate of the row hero against the column hero, % (± half-width of the 95 % interval):",
        " " * COL + "".join(f"{h:>{COL}}" for h in heroes),
    ]
    for row in heroes:
        parts = []
        for col in heroes:
            parts.append(f"{'—':>{COL}}" if row == col else f"{_pct(rate.loc[row, col]):>{COL}}")
        lines.append(f"{row:<{COL}}" + "".join(parts))
        lines.append(
            " " * COL
            + "".join(
                " " * COL if row == col else f"{'±' + _pct(half.loc[row, col]):>{COL}}" for col in heroes
            )
        )
    lines += format_ranking(cells)
    lines += format_significant(A.adjust(cells, method=method), method)
    return "\n".join(line.rstrip() for line in lines)


def format_ranking(cells: pd.DataFrame) -> list[str]:
    field = A.field_means(cells)  # indexed by hero
    bt, why = ratings_or_reason(cells)
    lines = ["ranking (mean win rate against the field, 95 %; Bradley–Terry rating, Elo points):"]
    for hero in field.sort_values("win_rate", ascending=False).index:
        f = field.loc[hero]
        rating = ""
        if bt is not None:
            b = bt.loc[hero]
            low, high = round(b["rating_low"]), round(b["rating_high"])
            rating = f"   {round(b['rating']):+7d}  [{low:+d}, {high:+d}]"
        lines.append(
            f"  {hero:<10}{_pct(f['win_rate']):>6} %  [{_pct(f['ci_low'])}, {_pct(f['ci_high'])}]{rating}"
        )
    if why:
        lines.append(f"  no Bradley–Terry ratings: {why}")
    decided = cells["games"] - cells["draws"]
    draws, games = int(cells["draws"].sum()), int(cells["games"].sum())
    if draws:
        lines.append(f"draws (turn cap): {draws:,} of {games:,} games; a draw is a win for neither side")
    if decided.sum():
        first = (cells["first_player_win_rate"] * decided).sum() / decided.sum()
        lines.append(f"first player wins {_pct(first)} % of decided games over all cells")
    return lines


def ratings_or_reason(cells: pd.DataFrame):
    """(Bradley–Terry frame, None), or (None, why) when no finite fit exists (e.g. all draws)."""
    try:
        return A.bradley_terry(cells), None
    except ValueError as err:
        return None, str(err)


def format_significant(adjusted: pd.DataFrame, method: str) -> list[str]:
    sig = adjusted[adjusted["significant"]]
    name = {"holm": "Holm", "bh": "Benjamini–Hochberg"}.get(method, method)
    lines = [f"cells that differ from 50 % ({name}-corrected, 5 %): {len(sig)} of {len(adjusted)}"]
    for _, c in sig.sort_values("p_adjusted").iterrows():
        lines.append(
            f"  {c['hero_a']} vs {c['hero_b']}: {_pct(c['win_rate'])} %  "
            f"[{_pct(c['ci_low'])}, {_pct(c['ci_high'])}]  p = {c['p_adjusted']:.2g}"
        )
    return lines


def format_compare(
    cells: pd.DataFrame, heroes: pd.DataFrame, differ: list[str], method: str, left_out: Sequence[str] = ()
) -> str:
    """What moved between two runs: what differs and which cells are left out, then heroes,
    then cells, deltas in points with paired intervals."""
    name = {"holm": "Holm", "bh": "Benjamini–Hochberg"}.get(method, method)
    lines = ["the runs differ in: " + ("; ".join(differ) if differ else "nothing (same deck and rules)")]
    if left_out:
        lines.append(
            f"compared on the {len(cells)} cells both runs finished; left out: " + "; ".join(left_out)
        )
    lines.append(f"heroes: mean win rate against the field, before → after (points, 95 %, {name}):")
    for hero, h in heroes.sort_values("delta").iterrows():
        lines.append(_delta_line(str(hero), h))
    moved = cells[cells["significant"]]
    lines.append(f"cells that moved significantly: {len(moved)} of {len(cells)}")
    for _, c in cells.reindex(cells["delta"].abs().sort_values(ascending=False).index).iterrows():
        lines.append(_delta_line(f"{c['hero_a']} vs {c['hero_b']}", c))
    return "\n".join(lines)


def _delta_line(label: str, row: pd.Series) -> str:
    mark = " *" if row["significant"] else ""
    return (
        f"  {label:<22}{_pct(row['win_rate_before']):>6} → {_pct(row['win_rate_after']):<6}"
        f"{100 * row['delta']:+6.1f}  [{100 * row['ci_low']:+.1f}, {100 * row['ci_high']:+.1f}]"
        f"  p = {row['p_adjusted']:.2g}{mark}"
    )


# ---------------------------------------------------------------- the same as JSON (--json)


def records_json(frame: pd.DataFrame) -> list[dict]:
    """A frame indexed by hero as a list of JSON objects, the hero included."""
    return json.loads(frame.reset_index().to_json(orient="records"))


def matrix_json(run, games: pd.DataFrame, method: str) -> dict:
    """What `emr-sim matrix --json` prints: the run, its cells corrected for multiple tests, the
    field means and the Bradley–Terry ratings (or why there are none)."""
    cells = A.adjust(A.cell_table(games), method=method)
    ratings, why = ratings_or_reason(cells)
    return {
        "run_dir": run.run_dir,
        "run": run.record,
        "played": [list(c) for c in run.played],
        "skipped": [list(c) for c in run.skipped],
        "seconds": run.seconds,
        "cells": json.loads(cells.to_json(orient="records")),
        "field": records_json(A.field_means(cells)),
        "bradley_terry": None if ratings is None else records_json(ratings),
        "bradley_terry_error": why,
    }


def compare_json(result) -> dict:
    """What `emr-sim compare --json` prints: both records, what differs, cells and heroes."""
    return {
        "before": result.before,
        "after": result.after,
        "differ": result.differ,
        "left_out": result.left_out,
        "cells": json.loads(result.cells.to_json(orient="records")),
        "heroes": records_json(result.heroes),
    }
