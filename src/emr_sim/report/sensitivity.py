"""A sensitivity scan shown: the terminal text, the JSON, and the report section with a tornado
chart per master (emr_sim.report.tornado) and the cells' changes as a heat map.

Everything here formats what emr_sim.studies.scan.effects.scan_effects computed."""

from __future__ import annotations

import json

import pandas as pd

from emr_sim.analysis.sensitivity import cell_matrix, half_widths, largest_effects, tornado_rows
from emr_sim.games.emr import codes as C
from emr_sim.report.formatting import Number, points

TOP = 5  # effects shown per master
TORNADO_ROWS = 12  # factors drawn per master in the report


def signed(value: Number) -> str:
    return points(value, sign=True)


def ordered_heroes(heroes: pd.DataFrame) -> list[str]:
    present = set(heroes["hero"]) if len(heroes) else set()
    return [h for h in C.HERO_NAMES if h in present]


def scan_lines(effects, top: int = TOP) -> list[str]:
    """The scan in words: what was varied, the precision reached, the `top` largest effects
    per master with their 95 % intervals, the options left out."""
    record = effects.record
    base = record["base"]
    target = (
        f"±{record['precision']:g} points"
        if record.get("precision")
        else f"{record.get('games')} games a cell"
    )
    lines = [
        f"{effects.root}: {len(effects.variants)} variants of {record['base_run']} "
        f"({', '.join(map(str, base.get('players', [])))}; seed {base.get('seed')}), target {target}",
    ]
    sizes = record.get("sizes") or {}
    if sizes:
        spread = sorted(set(sizes.values()))
        shown = f"{spread[0]:,}" if len(spread) == 1 else f"{spread[0]:,}–{spread[-1]:,}"
        lines.append(f"games per cell: base {sizes['base']:,}, variants {shown}")
    if effects.missing:
        lines.append(f"not finished ({len(effects.missing)}): {', '.join(effects.missing)}")
    if len(effects.heroes):
        widths = half_widths(effects.heroes).dropna()
        if widths.empty:
            lines.append("95 % half-widths: none (a cell needs at least 2 pairs)")
        else:
            most, median = signed(widths.max()).lstrip("+"), signed(widths.median()).lstrip("+")
            lines.append(
                f"95 % half-width of the masters' changes: at most {most} points ({widths.idxmax()}), "
                f"median {median}"
            )
        lines.append(
            f"the {top} largest effects per master (change of its field mean score, points, 95 % interval):"
        )
        labels = effects.labels()
        top_rows = largest_effects(effects.heroes, top)
        for hero in ordered_heroes(effects.heroes):
            lines.append(f"  {hero}")
            for r in top_rows[top_rows["hero"] == hero].itertuples(index=False):
                ci = f"[{signed(r.ci_low)}, {signed(r.ci_high)}]"
                lines.append(
                    f"    {signed(r.delta):>6}  {ci:<16}  {r.variant}  ({labels.get(r.variant, '')})"
                )
    for name, why in record.get("skipped") or []:
        lines.append(f"left out: {name}: {why}")
    return lines


def scan_json(effects) -> dict:
    """The scan as one JSON object: its record, and every effect on masters and cells."""
    return {
        "scan_dir": str(effects.root),
        "scan": effects.record,
        "missing": effects.missing,
        "heroes": json.loads(effects.heroes.to_json(orient="records")),
        "cells": json.loads(effects.cells.to_json(orient="records")),
    }


def sensitivity_section(effects, top: int = TOP) -> dict:
    """The report section of a scan: a tornado chart per master, the largest effects as a
    table, the cells' changes as a heat map."""
    from emr_sim.report import plots as P
    from emr_sim.report.tornado import cells_heatmap, tornado_grid

    heroes = ordered_heroes(effects.heroes)
    factors, labels = effects.factors(), effects.labels()
    rows = {h: tornado_rows(effects.heroes, h, factors, TORNADO_ROWS) for h in heroes}
    top_rows = largest_effects(effects.heroes, top)
    table = [
        {
            "hero": h,
            "effects": [
                {
                    "variant": r.variant,
                    "label": labels.get(r.variant, ""),
                    "delta": signed(r.delta),
                    "ci": f"{signed(r.ci_low)} – {signed(r.ci_high)}",
                }
                for r in top_rows[top_rows["hero"] == h].itertuples(index=False)
            ],
        }
        for h in heroes
    ]
    record = effects.record
    sizes = sorted(set((record.get("sizes") or {}).values()))
    reached = half_widths(effects.heroes).max() if len(effects.heroes) else float("nan")
    return {
        "scan_dir": str(effects.root),
        "scan_name": effects.root.resolve().name,
        "games_range": f"{sizes[0]:,}–{sizes[-1]:,}" if len(sizes) > 1 else f"{sizes[0]:,}" if sizes else "—",
        "reached": points(reached, 2),
        "base_run": record["base_run"],
        "n_variants": len(effects.variants),
        "precision": record.get("precision"),
        "games": record.get("games"),
        "sizes": record.get("sizes") or {},
        "skipped": [{"name": n, "why": w} for n, w in record.get("skipped") or []],
        "missing": effects.missing,
        "top": top,
        "table": table,
        "tornado": P.data_uri(tornado_grid(rows, effects.steps())) if heroes else None,
        "cells": P.data_uri(cells_heatmap(cell_matrix(effects.cells))) if len(effects.cells) else None,
    }
