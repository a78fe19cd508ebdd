"""The sections of the HTML report of a matrix run, each a dict of strings, numbers, lists and
data URIs that templates/report.html.j2 shows (report.build puts them together)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pandas as pd

from emr_sim import analysis as A
from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.report import plots as P
from emr_sim.report.formatting import (
    as_int,
    as_number,
    interval,
    p_text,
    pct,
    points,
    pvalue,
    signed,
    without_rule_ids,
)
from emr_sim.report.view import RunData, loaded
from emr_sim.simulate.play.example import ExampleGame
from emr_sim.simulate.runs import differences
from emr_sim.simulate.runs.differences import in_words
from emr_sim.studies.report_data import LOPSIDED, ReportData

DRIVER_ROWS = 8  # measures shown per lopsided matchup


STAT_WORDS = {
    "hits": "hits scored",
    "blocks": "blocks",
    "counters": "counters",
    "extras": "extra actions",
}


def stat_label(name: str) -> str:
    """A per-side statistic of the records schema in words."""
    if name.startswith("damage_"):
        return f"damage taken: {name[7:]}"
    if name.startswith("effect_"):
        return f"effect applied: {name[7:]}"
    if name.startswith("tech_"):
        tech = name[5:]
        return "fury choice" if tech == "fury-choose" else f"technique: {tech}"
    return STAT_WORDS.get(name, name)


def run_label(run: RunData) -> str:
    return run.path.resolve().name or str(run.path)


# ---------------------------------------------------------------- sections


def record_rows(run: RunData) -> tuple[list[dict], list[dict]]:
    """The run record as (label, value) rows for the settings table, and every rules option
    with its value, what it does and its rule id (changed ones marked)."""
    from emr_sim.games.emr.options import BY_NAME, default_options, describe_options

    rec = run.record
    games_rule = f"{rec.get('games_per_cell')} per matchup"
    if rec.get("until_ci"):
        games_rule += (
            f", then more until the 95 % interval is within ±{100 * float(rec['until_ci']):g} points"
            f" (at most {rec.get('max_games')} games)"
        )
    n_games = len(run.games)
    rows = [
        ("run directory", str(run.path)),
        ("record format / made by", f"{rec.get('format')} / emr-sim {rec.get('version')}"),
        ("seed", str(rec.get("seed"))),
        ("players (side A, side B)", ", ".join(str(p) for p in rec.get("players", []))),
        ("hero mode: fury and techniques", "on" if rec.get("fury") else "off"),
        ("deck", "default (shipped with emr-sim)" if rec.get("deck") == "default" else str(rec.get("deck"))),
        ("deck sha256", str(rec.get("deck_sha256"))),
        *([("deck changes", " ".join(map(str, rec["deck_changes"])))] if rec.get("deck_changes") else []),
        ("masters", ", ".join(str(h) for h in rec.get("heroes", []))),
        ("games", games_rule),
        (
            "finished matchups",
            f"{len(run.cells)} of {len(run.expected_cells)}" + ("" if run.complete else " (run unfinished)"),
        ),
        ("games played", f"{n_games:,} ({int(run.cells['draws'].sum()):,} drawn)"),
    ]
    defaults = describe_options(default_options())
    rules = []
    for k, v in (rec.get("rules") or {}).items():
        if k == "fury":  # the hero mode, a row of its own
            continue
        option = BY_NAME.get(k)
        rules.append(
            {
                "name": k,
                "value": str(v),
                "changed": str(defaults.get(k)) != str(v),
                "default": defaults.get(k),
                "help": option.help if option is not None else "",
                "rule": option.rule if option is not None else "",
            }
        )
    return [{"label": k, "value": v} for k, v in rows], rules


def matrix_section(run: RunData) -> dict:
    cells = run.cells
    heroes = run.heroes
    win = A.matrix(cells, "win_rate")
    sides = A.oriented(cells).assign(
        hero=lambda d: d["hero"].astype(str), opponent=lambda d: d["opponent"].astype(str)
    )
    by_pair = {(r.hero, r.opponent): r for r in sides.itertuples(index=False)}
    span = P.matrix_span(win.to_numpy(float))
    rows = []
    for h in heroes:
        tds = []
        for o in heroes:
            r = by_pair.get((h, o))
            if h == o or r is None:
                tds.append({"empty": True, "title": "" if h == o else f"{h} vs {o}: not played"})
                continue
            bg, ink = P.matrix_colour(as_number(r.win_rate), span)
            title = (
                f"{h} vs {o}: {r.wins} wins, {r.losses} losses, {r.draws} draws in {r.games} games; "
                f"95 % interval {interval(r.ci_low, r.ci_high)}; {p_text(r.p_value)}, "
                f"{p_text(r.p_adjusted, 'corrected p')}"
            )
            tds.append(
                {
                    "empty": False,
                    "rate": pct(r.win_rate),
                    "half": points(r.half_width),
                    "bg": bg,
                    "ink": ink,
                    "sig": bool(r.significant),
                    "title": title,
                }
            )
        rows.append({"hero": h, "cells": tds})
    n_sig = int(cells["significant"].sum())
    return {
        "heroes": heroes,
        "rows": rows,
        "n_cells": len(cells),
        "n_significant": n_sig,
        "games_range": (
            f"{int(cells['games'].min()):,}"
            if cells["games"].min() == cells["games"].max()
            else f"{int(cells['games'].min()):,}–{int(cells['games'].max()):,}"
        ),
        "mean_half": points(cells["half_width"].mean()),
    }


def ranking_section(run: RunData) -> dict:
    field = A.field_means(run.cells)
    problem: str | None = None
    try:
        bt = A.bradley_terry(run.cells)
    except ValueError as err:
        bt, problem = None, f"The Bradley–Terry model cannot be fitted to this run: {err}."
    order = list(bt.index) if bt is not None else list(field.index)
    rows = []
    for h in order:
        f = field.loc[h]
        row = {
            "hero": h,
            "field": pct(f["win_rate"]),
            "field_ci": interval(f["ci_low"], f["ci_high"]),
            "field_rank": int(f["rank"]),
            "opponents": int(f["opponents"]),
            "games": f"{int(f['games']):,}",
        }
        if bt is not None:
            b = bt.loc[h]
            row |= {
                "rank": int(b["rank"]),
                "rating": signed(b["rating"], 0),
                "rating_ci": f"{signed(b['rating_low'], 0)} – {signed(b['rating_high'], 0)}",
                "expected": pct(b["expected"]),
                "expected_field": pct(b["expected_field"]),
            }
        else:
            row["rank"] = int(f["rank"])
        rows.append(row)
    image = P.data_uri(P.ranking_forest(bt, field))
    return {"rows": rows, "image": image, "problem": problem, "has_bt": bt is not None}


def first_player_section(run: RunData) -> dict:
    """The first player's share of decided games over all cells, with the pairs as the units of
    its interval (analysis.cells.first_player_overall), and the cells whose interval excludes 1/2."""
    cells = run.cells
    overall = A.first_player_overall(run.games)
    above = int((cells["first_ci_low"] > 0.5).sum())
    below = int((cells["first_ci_high"] < 0.5).sum())
    return {
        "rate": pct(overall["rate"]),
        "ci": interval(overall["ci_low"], overall["ci_high"]),
        "decided": f"{int(overall['decided']):,}",
        "pairs": f"{int(overall['pairs']):,}",
        "above": above,
        "below": below,
        "n_cells": len(cells),
        "image": P.data_uri(P.first_player_plot(cells)),
    }


def length_section(run: RunData) -> dict:
    from emr_sim.stats import histogram_quantile

    dist = A.length_distribution(run.games)
    turns = dist.index.to_numpy()
    rows = []
    stats = {}
    for h in dist.columns:
        counts = dist[h].to_numpy()
        hist = np.zeros(int(turns.max()) + 1, dtype=np.int64)
        hist[turns] = counts
        total = int(counts.sum())
        if not total:
            continue
        q = {k: histogram_quantile(hist, k / 100) for k in (5, 25, 50, 75, 95)}
        mean = float((turns * counts).sum() / total)
        stats[str(h)] = {
            "q": q,
            "mean": mean,
            "min": int(turns[counts > 0].min()),
            "max": int(turns[counts > 0].max()),
        }
        rows.append(
            {
                "hero": str(h),
                "games": f"{total:,}",
                "mean": f"{mean:.1f}",
                "median": q[50],
                "quartiles": f"{q[25]} – {q[75]}",
                "p5_p95": f"{q[5]} – {q[95]}",
                "range": f"{stats[str(h)]['min']} – {stats[str(h)]['max']}",
            }
        )
    all_turns = run.games["turns"].to_numpy()
    cap = (run.record.get("rules") or {}).get("turn_cap")
    cap_turns = int(str(cap)) if str(cap).isdigit() else 0
    at_cap = int((all_turns >= cap_turns).sum()) if cap_turns > 0 else 0
    image = P.data_uri(P.length_plot(stats, all_turns))
    return {
        "rows": rows,
        "image": image,
        "mean": f"{all_turns.mean():.1f}",
        "median": f"{np.median(all_turns):g}",
        "cap": cap,
        "at_cap": at_cap,
    }


def own_techniques(tech: pd.DataFrame, masters: list[str]) -> pd.DataFrame:
    """The technique columns of the run's masters and the fury choice: an absent master's
    column is all zeros (a 3-master run showed 5 such columns, which docs/report.md called
    "worth a look")."""
    kept = tech[[c for c in tech.columns if c in masters or c not in C.HERO_NAMES]]
    return kept.rename(columns={"fury-choose": "fury choice"})


def usage_section(run: RunData) -> dict:
    usage = A.usage_by_hero(run.games)

    def part(prefix: str) -> pd.DataFrame:
        cols = [c for c in usage.columns if c.startswith(prefix)]
        return usage[cols].rename(columns=lambda c: c[len(prefix) :])

    tech = own_techniques(part("tech_"), [str(h) for h in run.record["heroes"]])
    effects = part("effect_")
    damage = part("damage_")
    basic = usage[[c for c in ("hits", "blocks", "counters", "extras") if c in usage.columns]]
    images = [
        {
            "title": "Technique uses per game",
            "image": P.data_uri(P.usage_heatmap(tech, "Technique uses per game, by master", "uses per game")),
            "caption": "Each master can only use its own technique, so the table is mostly a diagonal; "
            "the column of fury choices counts how often a master chose its fury.",
        },
        {
            "title": "Effects applied per game",
            "image": P.data_uri(
                P.usage_heatmap(effects, "Effects applied per game, by master", "effects per game")
            ),
            "caption": "Card effects the master applied, mean per game.",
        },
        {
            "title": "Damage taken per game, by source",
            "image": P.data_uri(
                P.usage_heatmap(damage, "Damage taken per game, by source", "damage per game", fmt="{:.2f}")
            ),
            "caption": "Damage the master TOOK per game, by where it came from (hit, penalty, trap tokens, "
            "poison, wind, other).",
        },
        {
            "title": "Combat per game",
            "image": P.data_uri(P.usage_heatmap(basic, "Combat per game, by master", "per game")),
            "caption": "Hits scored, blocks, counters and extra actions, mean per game.",
        },
    ]
    return {"images": images, "games": {str(h): f"{int(g):,}" for h, g in usage["games"].items()}}


def lopsided_section(run: RunData, data: ReportData, k: int = LOPSIDED) -> dict:
    top = A.lopsided(run.cells, k=k)
    deck_note = data.example_note
    items = []
    for r in top.itertuples(index=False):
        hero, opp = str(r.hero), str(r.opponent)
        d = A.drivers(run.games, hero, opp)
        shown = d.reindex(d["std_difference"].abs().sort_values(ascending=False, kind="stable").index)
        shown = shown[shown["difference"] != 0].head(DRIVER_ROWS)
        drivers = [
            {
                "label": stat_label(str(stat)),
                "favoured": f"{row[hero]:.2f}",
                "underdog": f"{row[opp]:.2f}",
                "difference": signed(row["difference"], 2),
                "std": signed(row["std_difference"], 2),
            }
            for stat, row in shown.iterrows()
        ]
        chart = shown.rename(index=stat_label)
        image = P.data_uri(P.drivers_bars(chart, hero, opp)) if len(chart) else None
        item: dict[str, Any] = {
            "hero": hero,
            "opponent": opp,
            "rate": pct(r.win_rate),
            "ci": interval(r.ci_low, r.ci_high),
            "games": f"{as_int(r.games):,}",
            "record": f"{as_int(r.wins)}–{as_int(r.losses)}"
            + (f"–{as_int(r.draws)}" if as_int(r.draws) else ""),
            "record_label": "won–lost–drawn" if as_int(r.draws) else "won–lost",
            "p_adjusted": p_text(getattr(r, "p_adjusted", float("nan")), "corrected p"),
            "significant": bool(getattr(r, "significant", False)),
            "drivers": drivers,
            "image": image,
            "example": None,
            "example_note": deck_note,
        }
        if (hero, opp) in data.examples:
            item["example"] = _example(data.examples[(hero, opp)])
        items.append(item)
    return {"matchups": items, "k": k}


def _example(ex: ExampleGame) -> dict:
    return {
        "heading": ex.heading(),
        "why": ex.why,
        "lines": ex.lines,
        "matches": ex.matches,
        "winner": ex.winner_hero,
        "stored": (ex.seat_heroes[ex.stored_winner] if ex.stored_winner in (0, 1) else str(ex.stored_winner)),
        "first": f"P{ex.first_seat} ({ex.seat_heroes[ex.first_seat]})",
        "pair": ex.pair,
        "turns": ex.turns,
        "command": ex.command,
        "viewer_json": viewer_json(ex.viewer) if ex.viewer else None,
    }


def viewer_json(data: dict) -> str:
    """The game viewer's frames as JSON that is safe inside a <script> element (no "<"), their
    words without rule ids."""
    frames = [
        f | {"next": without_rule_ids(f["next"]), "log": [without_rule_ids(x) for x in f["log"]]}
        for f in data["frames"]
    ]
    return json.dumps(data | {"frames": frames}, separators=(",", ":")).replace("<", "\\u003c")


def difference_rows(a: dict, b: dict) -> list[dict]:
    """The run-record entries that differ between two runs, as rows of the comparison table."""
    return [
        {"what": d.what, "a": in_words(d.key, d.before), "b": in_words(d.key, d.after)}
        for d in differences.record_differences(a, b)
    ]


def comparison_section(run: RunData, other: RunData) -> dict:
    """Run B (other) against run A (run), paired game by game as `emr-sim compare` does
    (emr_sim.analysis.whatif.compare_runs: same seed and players required, the cells both runs
    finished, Holm's correction)."""
    from emr_sim.analysis.whatif import compare_runs

    try:
        result = compare_runs(loaded(run), loaded(other), method="holm")
    except BadInput:
        raise
    except ValueError as err:
        raise BadInput(f"{run.path} and {other.path} cannot be compared: {err}") from None
    heroes, cells = result.heroes, result.cells
    hero_rows = [
        {
            "hero": str(h),
            "before": pct(r["win_rate_before"]),
            "after": pct(r["win_rate_after"]),
            "delta": points(r["delta"], sign=True),
            "ci": f"{points(r['ci_low'], sign=True)} – {points(r['ci_high'], sign=True)}",
            "p_adjusted": pvalue(r["p_adjusted"]),
            "significant": bool(r["significant"]),
        }
        for h, r in heroes.iterrows()
    ]
    cells = cells.assign(abs_delta=cells["delta"].abs()).sort_values(
        "abs_delta", ascending=False, kind="stable"
    )
    cell_rows = [
        {
            "cell": f"{r.hero_a} vs {r.hero_b}",
            "before": pct(r.win_rate_before),
            "after": pct(r.win_rate_after),
            "delta": points(r.delta, sign=True),
            "ci": f"{points(r.ci_low, sign=True)} – {points(r.ci_high, sign=True)}",
            "changed": pct(r.changed),
            "p_adjusted": pvalue(r.p_adjusted),
            "significant": bool(r.significant),
            "games": f"{as_int(r.games):,}",
        }
        for r in cells.itertuples(index=False)
    ]
    hero_fig = P.delta_forest(
        heroes,
        [str(h) for h in heroes.index],
        "Change in each hero's field mean",
        "change in field mean score (points, run B minus run A, 95 % interval)",
    )
    cell_fig = P.delta_forest(
        cells,
        [
            f"{a} vs {b}"
            for a, b in zip(cells["hero_a"].astype(str), cells["hero_b"].astype(str), strict=True)
        ],
        "Change per cell (side A = first-named hero)",
        "change in the first-named hero's score (points, run B minus run A, 95 % interval)",
    )
    compared = {(str(a), str(b)) for a, b in zip(cells["hero_a"], cells["hero_b"], strict=True)}
    order = C.HERO_NAMES.index
    missing = set(run.expected_cells + other.expected_cells) - compared
    left_out = [f"{a} vs {b}" for a, b in sorted(missing, key=lambda c: (order(c[0]), order(c[1])))]
    return {
        "a": str(run.path),
        "b": str(other.path),
        "differences": difference_rows(run.record, other.record),
        "left_out": left_out,
        "hero_rows": hero_rows,
        "cell_rows": cell_rows,
        "hero_image": P.data_uri(hero_fig),
        "cell_image": P.data_uri(cell_fig),
        "n_significant_heroes": int(heroes["significant"].sum()),
        "n_significant_cells": int(cells["significant"].sum()),
        "n_cells": len(cells),
        "matched": f"{int(cells['games'].sum()):,}",
    }
