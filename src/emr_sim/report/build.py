"""Build the HTML report of a matrix run (and of a comparison of two runs).

build_report reads the run directory (emr_sim.simulate.rundir), computes everything with
emr_sim.analysis, draws the plots (emr_sim.report.plots), replays one example game per
lopsided matchup (emr_sim.report.example_game), renders templates/report.html.j2 with
autoescaping and writes one self-contained HTML file atomically.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from emr_sim import __version__
from emr_sim import analysis as A
from emr_sim import codes as C
from emr_sim.errors import BadInput
from emr_sim.files import check_writable, write_text
from emr_sim.report import plots as P
from emr_sim.report.example_game import deck_problem, example_game
from emr_sim.report.formatting import as_int, as_number, interval, pct, points, pvalue
from emr_sim.report.templating import environment
from emr_sim.simulate import setup
from emr_sim.simulate.setup import shown

__all__ = ["LOPSIDED", "RunData", "build_report", "load_run", "render", "report_context"]

LOPSIDED = 5  # matchups shown with their drivers and an example game
DRIVER_ROWS = 8  # measures shown per lopsided matchup
ALPHA = 0.05
TEMPLATE = "report.html.j2"


@dataclass
class RunData:
    """One run read from disk: where, its record, its games and its cells."""

    path: Path
    record: dict
    games: pd.DataFrame
    cells: pd.DataFrame  # analysis.cell_table, then analysis.adjust (Holm)
    expected_cells: list[tuple[str, str]]  # every cell of the run's heroes

    @property
    def heroes(self) -> list[str]:
        """The run's heroes that have at least one finished cell, in HERO_NAMES order."""
        present = set(self.cells["hero_a"].astype(str)) | set(self.cells["hero_b"].astype(str))
        return [h for h in C.HERO_NAMES if h in present]

    @property
    def complete(self) -> bool:
        return len(self.cells) == len(self.expected_cells)


def load_run(run_dir: str | Path) -> RunData:
    """Read a run directory; BadInput when it is missing, not a run, or has no finished cell."""
    from emr_sim.simulate.matrix import cell_pairs
    from emr_sim.simulate.rundir import load_games, read_run

    path = Path(run_dir)
    record = read_run(path)
    games = load_games(path)
    if games.empty:
        raise BadInput(f"{path}: the finished cells hold no game")
    cells = A.adjust(A.cell_table(games), method="holm", alpha=ALPHA)
    return RunData(path, record, games, cells, cell_pairs(record["heroes"]))  # read_run checked them


# ---------------------------------------------------------------- formatting helpers


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


def _run_label(run: RunData) -> str:
    return run.path.resolve().name or str(run.path)


# ---------------------------------------------------------------- sections


def record_rows(run: RunData) -> tuple[list[dict], list[dict]]:
    """The run record as (label, value) rows for the record table."""
    from emr_sim.options import default_options, describe_options

    rec = run.record
    games_rule = f"{rec.get('games_per_cell')} per cell"
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
        ("hero mode (fury)", "on" if rec.get("fury") else "off"),
        ("deck", "default (shipped with emr-sim)" if rec.get("deck") == "default" else str(rec.get("deck"))),
        ("deck sha256", str(rec.get("deck_sha256"))),
        ("heroes", ", ".join(str(h) for h in rec.get("heroes", []))),
        ("games", games_rule),
        (
            "finished cells",
            f"{len(run.cells)} of {len(run.expected_cells)}" + ("" if run.complete else " (run unfinished)"),
        ),
        ("games played", f"{n_games:,} ({int(run.cells['draws'].sum()):,} drawn)"),
    ]
    defaults = describe_options(default_options())
    rules = [
        {"name": k, "value": str(v), "changed": str(defaults.get(k)) != str(v), "default": defaults.get(k)}
        for k, v in (rec.get("rules") or {}).items()
        if k != "fury"  # the hero mode, a row of its own
    ]
    return [{"label": k, "value": v} for k, v in rows], rules


def matrix_section(run: RunData) -> dict:
    cells = run.cells
    heroes = run.heroes
    win = A.matrix(cells, "win_rate")
    half = A.matrix(cells, "half_width")
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
                f"95 % interval {interval(r.ci_low, r.ci_high)}; p = {pvalue(r.p_value)}, "
                f"Holm-adjusted p = {pvalue(r.p_adjusted)}"
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
    significant = A.matrix(cells.assign(significant=cells["significant"].astype(float)), "significant") > 0
    fig = P.matrix_heatmap(win, half, significant)
    n_sig = int(cells["significant"].sum())
    return {
        "heroes": heroes,
        "rows": rows,
        "image": P.data_uri(fig),
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
                "rating": f"{b['rating']:+.0f}",
                "rating_ci": f"{b['rating_low']:+.0f} – {b['rating_high']:+.0f}",
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


def usage_section(run: RunData) -> dict:
    usage = A.usage_by_hero(run.games)

    def part(prefix: str) -> pd.DataFrame:
        cols = [c for c in usage.columns if c.startswith(prefix)]
        return usage[cols].rename(columns=lambda c: c[len(prefix) :])

    tech = part("tech_")
    effects = part("effect_")
    damage = part("damage_")
    basic = usage[[c for c in ("hits", "blocks", "counters", "extras") if c in usage.columns]]
    images = [
        {
            "title": "Technique uses per game",
            "image": P.data_uri(P.usage_heatmap(tech, "Technique uses per game, by hero", "uses per game")),
            "caption": "Each hero can only use its own technique, so the table is mostly a diagonal; "
            "“fury-choose” counts the fury choices.",
        },
        {
            "title": "Effects applied per game",
            "image": P.data_uri(
                P.usage_heatmap(effects, "Effects applied per game, by hero", "effects per game")
            ),
            "caption": "Card effects the hero applied, mean per game.",
        },
        {
            "title": "Damage taken per game, by source",
            "image": P.data_uri(
                P.usage_heatmap(damage, "Damage taken per game, by source", "damage per game", fmt="{:.2f}")
            ),
            "caption": "Damage the hero TOOK per game, by where it came from (hit, penalty, trap tokens, "
            "poison, wind, other).",
        },
        {
            "title": "Combat per game",
            "image": P.data_uri(P.usage_heatmap(basic, "Combat per game, by hero", "per game")),
            "caption": "Hits scored, blocks, counters and extra actions, mean per game.",
        },
    ]
    return {"images": images, "games": {str(h): f"{int(g):,}" for h, g in usage["games"].items()}}


def lopsided_section(run: RunData, k: int = LOPSIDED) -> dict:
    top = A.lopsided(run.cells, k=k)
    deck, deck_note = deck_problem(run.record, run.path)
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
                "difference": f"{row['difference']:+.2f}",
                "std": f"{row['std_difference']:+.2f}",
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
            "p_adjusted": pvalue(getattr(r, "p_adjusted", float("nan"))),
            "significant": bool(getattr(r, "significant", False)),
            "drivers": drivers,
            "image": image,
            "example": None,
            "example_note": deck_note,
        }
        if deck_note is None:
            item["example"] = _example(run, hero, opp, deck)
        items.append(item)
    return {"matchups": items, "k": k}


def _example(run: RunData, hero: str, opp: str, deck) -> dict:
    g = run.games
    ha, hb = g["hero_a"].astype(str), g["hero_b"].astype(str)
    stored = g[((ha == hero) & (hb == opp)).to_numpy()]
    favoured = "a"
    if stored.empty:
        stored, favoured = g[((ha == opp) & (hb == hero)).to_numpy()], "b"
    ex = example_game(run.record, stored, favoured, deck)
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
    }


def record_differences(a: dict, b: dict) -> list[dict]:
    """The run-record entries that differ between two runs, as rows of the comparison table."""
    return [
        {"what": d.what, "a": shown(d.key, d.before), "b": shown(d.key, d.after)}
        for d in setup.record_differences(a, b)
    ]


def comparison_section(run: RunData, other: RunData) -> dict:
    """Run B (other) against run A (run), paired game by game as `emr-sim compare` does
    (emr_sim.analysis.whatif.compare_runs: same seed and players required, the cells both runs
    finished, Holm's correction)."""
    from emr_sim.analysis.whatif import compare_runs

    try:
        result = compare_runs(run.path, other.path, method="holm")
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
        "differences": record_differences(run.record, other.record),
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


# ---------------------------------------------------------------- the whole report


def meta_context(runs: Sequence[RunData]) -> dict:
    """The metagame section (emr_sim.report.meta) of the report's run and its skill rungs: a rung
    that is unfinished or has two different players says so instead."""
    from emr_sim.analysis.meta import analyse_meta, describe, players_problem, run_key
    from emr_sim.report.meta import Rung, meta_section

    rungs = []
    for run in runs:
        label = _run_label(run)
        problem = players_problem(run.record)
        if problem is None and not run.complete:
            problem = (
                f"the run is unfinished ({len(run.cells)} of {len(run.expected_cells)} cells) and the "
                "metagame needs every cell"
            )
        if problem is not None:
            rungs.append(Rung(label, None, problem))
            continue
        result = analyse_meta(run.games, key=run_key(run.record))
        result.info = describe(run.path, run.record, run.games)
        rungs.append(Rung(label, result))
    return meta_section(rungs)


def report_context(
    run: RunData, other: RunData | None = None, skill: dict | None = None, meta: dict | None = None
) -> dict:
    """Everything the template shows, as plain strings, numbers, lists and data URIs; `skill`
    is the balance-and-skill section (emr_sim.report.skill.skill_section), when asked for;
    `meta` the metagame section (meta_context)."""
    record, rules = record_rows(run)
    context = {
        "title": f"Hero matrix report: {_run_label(run)}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "record": record,
        "rules": rules,
        "complete": run.complete,
        "n_cells": len(run.cells),
        "n_expected": len(run.expected_cells),
        "missing": [f"{a} vs {b}" for a, b in run.expected_cells if not _has_cell(run, a, b)],
        "alpha": ALPHA,
        "matrix": matrix_section(run),
        "ranking": ranking_section(run),
        "first": first_player_section(run),
        "length": length_section(run),
        "usage": usage_section(run),
        "lopsided": lopsided_section(run),
        "compare": comparison_section(run, other) if other is not None else None,
        "skill": skill,
        "meta": meta,
    }
    return context


def _has_cell(run: RunData, a: str, b: str) -> bool:
    ca, cb = run.cells["hero_a"].astype(str), run.cells["hero_b"].astype(str)
    return bool((((ca == a) & (cb == b)) | ((ca == b) & (cb == a))).any())


def render(context: dict) -> str:
    return environment().get_template(TEMPLATE).render(**context)


def build_report(
    run_dir: str | Path,
    output: str | Path,
    compare_dir: str | Path | None = None,
    on_note: Callable[[str], None] | None = None,
    skill_dirs: Sequence[str | Path] = (),
    technique_pairs: int = 0,
    on_summary: Callable[[str], None] | None = None,
) -> Path:
    """Write the HTML report of run_dir (compared with compare_dir when given) to output;
    on_note(text) hears of a run that is unfinished. The metagame section covers run_dir and
    the skill rungs (emr_sim.analysis.meta, with its default bootstrap). With skill_dirs (runs
    on the same seed and heroes by other players: the rungs after run_dir), a balance-and-skill
    section, whose
    summary lines on_summary(line) hears; technique_pairs > 0 plays that many deals per cell
    for each master's paired technique worth at each rung (emr_sim.report.skill).

    The file is written whole or not at all (a temporary file in the same directory,
    renamed into place). Raises emr_sim.errors.BadInput for a missing run directory, a run
    with no finished cell or a damaged one, runs that cannot be compared, or an output
    directory that does not exist; emr_sim.errors.WriteError when the file cannot be written
    (checked before the work, and again when writing)."""
    out = Path(output)
    if out.is_dir():
        raise BadInput(f"{out}: is a directory; give the report's file name, e.g. {out / 'report.html'}")
    if not out.parent.is_dir():
        raise BadInput(f"{out}: cannot write the report: no such directory {out.parent}")
    check_writable(out.parent, out)
    if technique_pairs and not skill_dirs:
        raise BadInput("--technique-pairs is part of the balance-and-skill section: give --skill RUN too")
    if skill_dirs:
        from emr_sim.report.skill import check_rungs
        from emr_sim.simulate.rundir import read_run

        check_rungs([(str(d), read_run(d)) for d in (run_dir, *skill_dirs)])  # before the work
    run = load_run(run_dir)
    other = load_run(compare_dir) if compare_dir is not None else None
    rungs = [run, *(load_run(d) for d in skill_dirs)] if skill_dirs else []
    skill = None
    if rungs:
        from emr_sim.report.skill import skill_section

        skill = skill_section(rungs, technique_pairs)
    meta = meta_context(rungs or [run])
    html = render(report_context(run, other, skill, meta))
    write_text(out, html)
    if skill and on_summary is not None:
        for line in skill["summary"]:
            on_summary(line)
    for each in (run, other, *rungs[1:]):
        if on_note is not None and each is not None and not each.complete:
            on_note(unfinished_note(each))
    return out


def unfinished_note(run: RunData) -> str:
    from emr_sim.simulate.rundir import repair_command

    missing = [f"{a} vs {b}" for a, b in run.expected_cells if not _has_cell(run, a, b)]
    return (
        f"note: {run.path} is unfinished: {len(run.cells)} of {len(run.expected_cells)} cells "
        f"(not yet played: {', '.join(missing)}); `{repair_command(run.path, run.record)}` plays the rest"
    )
