"""The metagame for people: terminal tables, JSON and the HTML section (emr_sim.analysis.meta
computes; this module only shapes what it is handed).

A rung is one run's metagame (a MetaResult) or, in the HTML report, the reason it could not be
computed (an unfinished run, two different players).
"""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pandas as pd

from emr_sim.analysis.meta import MetaResult, Rung
from emr_sim.report.formatting import MISSING, as_number, is_missing, pct, points

__all__ = ["Rung", "format_meta", "meta_json", "meta_page", "meta_section"]

ARROW = " → "
BAN_SHOWN = 0.005  # ban probabilities below this are not listed


# ---------------------------------------------------------------- words


DAGGER = " †"  # an interval that does not contain its estimate (a biased bootstrap statistic)


def outside(x, low, high, digits: int = 1) -> bool:
    """Whether the estimate lies outside its interval as shown (rounded as printed)."""
    if is_missing(x) or is_missing(low) or is_missing(high):
        return False
    shown = [round(100 * float(v), digits) for v in (x, low, high)]
    return not shown[1] <= shown[0] <= shown[2]


def pct_ci(x, low, high, digits: int = 1) -> str:
    """'54.9% [54.4, 55.5]' (the interval in points; no interval without resamples); ' †' after
    an interval that does not contain its estimate (the page says why)."""
    if is_missing(low) or is_missing(high):
        return pct(x, digits)
    mark = DAGGER if outside(x, low, high, digits) else ""
    return f"{pct(x, digits)} [{points(low, digits)}, {points(high, digits)}]{mark}"


def pts_ci(x, low, high) -> str:
    """A signed difference in points with its interval: '+2.6 [+2.3, +2.8]'."""
    if is_missing(low) or is_missing(high):
        return points(x, sign=True)
    mark = DAGGER if outside(x, low, high) else ""
    return f"{points(x, sign=True)} [{points(low, sign=True)}, {points(high, sign=True)}]{mark}"


SURE = 0.95  # a master is shown in bold only when in the Nash support this often


def share(x) -> str:
    """A share of resamples: '69 %'."""
    return MISSING if is_missing(x) else f"{100 * float(x):.0f} %"


def ordered(masters: pd.DataFrame) -> pd.DataFrame:
    """Masters best first: by Nash value, then Nash probability, then rating."""
    return masters.sort_values(["value", "nash", "rating"], ascending=False, kind="stable")


def mix_text(mix: pd.Series) -> str:
    """'kungfu 62 %, poison 38 %' of the entries above BAN_SHOWN, largest first."""
    shown = mix[mix > BAN_SHOWN].sort_values(ascending=False, kind="stable")
    return ", ".join(f"{h} {100 * p:.0f} %" for h, p in shown.items()) or MISSING


def rules_text(result: MetaResult) -> str:
    s = result.settings
    ban = "a ban removes the master for both players"
    if s.bans == "opponent":
        ban = "a ban removes the master for the opponent only"
    turn = (
        "the first picker takes the first turn, as the first player picks first under the rules"
        if s.first_turn == "picker"
        else "the first turn is drawn per game, as in the matrix"
    )
    return f"{ban}; {turn}"


def boot_text(result: MetaResult) -> str:
    s, m = result.settings, result.summary
    pairs = f"{m['pairs_min']:,}"
    if m["pairs_min"] != m["pairs_max"]:
        pairs += f"–{m['pairs_max']:,}"
    if s.boot == 0:
        return f"no bootstrap (--boot 0): point estimates only; {pairs} pairs a cell"
    return f"bootstrap: {s.boot:,} resamples of each cell's {pairs} pairs, seed {s.seed}"


def hodge_line(result: MetaResult) -> str:
    m = result.summary
    return (
        f"transitive {pct(m['transitive_share'])}, cyclic {cyclic_text(result)} of the squared payoff; "
        f"sampling noise alone would make about {pct(m['noise_share'])} cyclic"
    )


def cyclic_text(result: MetaResult) -> str:
    m = result.summary
    return pct_ci(m["cyclic_share"], m["cyclic_low"], m["cyclic_high"])


def triangle_text(t) -> str:
    return f"{t.a}{ARROW}{t.b}{ARROW}{t.c}{ARROW}{t.a}"


def triangle_cells(t) -> list[str]:
    """The three cells of a triangle row (a against b, b against c, c against a) with intervals."""
    return [
        pct_ci(getattr(t, k), getattr(t, f"{k}_low"), getattr(t, f"{k}_high")) for k in ("ab", "bc", "ca")
    ]


# ---------------------------------------------------------------- terminal


def format_meta(results: list[MetaResult]) -> str:
    """Every run's metagame, then (with two runs or more) the runs side by side."""
    blocks = ["\n".join(_run_lines(r)) for r in results]
    if len(results) > 1:
        blocks.append("\n".join(_across_lines(results)))
    return "\n\n".join(blocks)


def _run_lines(result: MetaResult) -> list[str]:
    info, m = result.info, result.summary
    n = m["masters"]
    head = (
        f"{info.get('run_dir', '?')}: {info.get('players', '?')} on both sides, {n} masters, "
        f"{m['cells']} cells, {info.get('games', 0):,} games"
    )
    lines = [
        head,
        boot_text(result),
        "",
        f"Blind pick: the Nash equilibrium of the {n}×{n} score matrix (a mirror scores 50 %)",
    ]
    lines += _master_table(result)
    eq = "unique" if m["unique"] else "not unique: the maximum-entropy one is shown"
    lines.append(f"  equilibrium: {eq} (unique in {share(m['unique_share'])} of resamples)")
    lines.append(f"  support: {', '.join(m['support'])}")
    lines += ["", "Transitive and cyclic parts (Hodge decomposition of P − 50 %):", f"  {hodge_line(result)}"]
    lines += [""] + _triangle_lines(result)
    lines += [""] + _draft_lines(result)
    return [line.rstrip() for line in lines]


# the masters' table: (heading, width) of each column after the master's name
MASTER_COLUMNS = (
    ("Nash [95 %]", 22),
    ("support", 9),
    ("vs Nash [95 %]", 20),
    ("rating, points", 19),
    ("α-Rank [95 %]", 22),
    ("α→∞ (sink)", 14),
)


def _master_table(result: MetaResult) -> list[str]:
    lines = [f"  {'master':<9}" + "".join(f"{head:>{width}}" for head, width in MASTER_COLUMNS)]
    for hero, r in ordered(result.masters).iterrows():
        values = (
            pct_ci(r["nash"], r["nash_low"], r["nash_high"]),
            share(r["support_prob"]),
            pct_ci(r["value"], r["value_low"], r["value_high"]),
            pts_ci(r["rating"], r["rating_low"], r["rating_high"]),
            pct_ci(r["alpharank"], r["alpharank_low"], r["alpharank_high"]),
            f"{pct(r['alpharank_limit'], 0)} ({share(r['limit_prob'])})",
        )
        cells = "".join(f"{v:>{width}}" for v, (_, width) in zip(values, MASTER_COLUMNS, strict=True))
        lines.append(f"  {hero!s:<9}{cells}")
    s = result.settings
    lines += [
        "  support: share of resamples with the master in the equilibrium's support;",
        "  vs Nash: its score against the equilibrium mix (50 % on the support);",
        "  rating: the transitive part predicts 50 % + rating_i − rating_j;",
        f"  α-Rank: α = {s.alpha:g}, population {s.population}; α→∞: its limit, and the share of",
        "  resamples whose limit puts mass on the master",
    ]
    return lines


def _triangle_lines(result: MetaResult) -> list[str]:
    m, tri = result.summary, result.triangles
    resolved = int(tri["resolved"].sum())
    lines = [
        f"Rock-paper-scissors triangles: {len(tri)} of {m['triangles']} are cycles in the point estimate, "
        f"{resolved} resolved",
        f"  (resolved: all three cells' simultaneous 95 % intervals exclude 50 %; Bonferroni over the "
        f"{m['cells']} cells, z = {m['z']:.2f}; {m['resolved_cells']} of {m['cells']} cells are resolved)",
    ]
    for t in tri.itertuples(index=False):
        cells = ", ".join(triangle_cells(t))
        flag = "resolved" if t.resolved else f"not resolved; a cycle in {share(t.cycle_prob)} of resamples"
        lines.append(f"  {triangle_text(t)}: curl {pts_ci(t.curl, t.curl_low, t.curl_high)} points")
        lines.append(f"    cells {cells}; {flag}")
    return lines


def _draft_lines(result: MetaResult) -> list[str]:
    d = result.summary["draft"]
    head = (
        "Draft: each player bans one master, at the same time; then the first picker picks and the "
        "second counter-picks"
    )
    if d is None:
        return [head, f"  not defined: {result.summary['draft_problem']}"]
    masters = result.masters
    lines = [
        head,
        f"  ({rules_text(result)})",
        f"  value: first picker {pct_ci(d['value'], d['value_low'], d['value_high'])}, "
        f"second {pct_ci(1 - d['value'], 1 - d['value_high'], 1 - d['value_low'])}",
        f"  optimal bans: first picker {mix_text(masters['ban_first'])}; "
        f"second {mix_text(masters['ban_second'])}",
        f"  without bans: {pct_ci(d['open_value'], d['open_low'], d['open_high'])} for the first picker, "
        f"who takes {d['open_pick']} (answered by {d['open_counter']})",
        "  counter-picks without bans (first pick → best answer: the first picker's score):",
    ]
    order = masters.sort_values("counter_score", ascending=False, kind="stable")
    parts = [f"{h}{ARROW}{r['counter']} {pct(r['counter_score'])}" for h, r in order.iterrows()]
    lines += [f"    {'; '.join(parts[k : k + 4])}" for k in range(0, len(parts), 4)]
    return lines


ACROSS_MIN_WIDTH = 26
ACROSS_GAP = 3  # spaces at least between two runs' columns


def _across_lines(results: list[MetaResult]) -> list[str]:
    labels, rows = across_rows(results)
    cells = [*labels, *(v for _what, values in rows for v in values)]
    width = max(ACROSS_MIN_WIDTH, *(len(c) + ACROSS_GAP for c in cells))  # columns never run together
    lines = [
        "Across the runs (does the meta move with skill?)",
        "  Nash probability of each master (share of resamples with it in the support)",
    ]
    lines.append(f"  {'':<22}" + "".join(f"{lab:>{width}}" for lab in labels))
    for what, values in rows:
        lines.append(f"  {what:<22}" + "".join(f"{v:>{width}}" for v in values))
    return lines


def across_rows(results: list[MetaResult]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The runs side by side: (labels, rows); a row is (what, one value per run): each master's
    Nash probability (share of resamples in support), then the cyclic share, its noise floor,
    the cycles and resolved ones, the draft's value."""
    labels = [r.info.get("label", str(k + 1)) for k, r in enumerate(results)]
    heroes = list(dict.fromkeys(h for r in results for h in r.heroes))
    rows = [(h, [_nash_cell(r, h) for r in results]) for h in heroes]
    rows += [
        ("cyclic share", [cyclic_text(r) for r in results]),
        ("  from noise, about", [pct(r.summary["noise_share"]) for r in results]),
        (
            "cycles / resolved",
            [f"{len(r.triangles)} / {int(r.triangles['resolved'].sum())}" for r in results],
        ),
        ("draft, first picker", [_draft_value(r) for r in results]),
    ]
    return labels, rows


def _nash_cell(result: MetaResult, hero: str) -> str:
    if hero not in result.masters.index:
        return MISSING
    row = result.masters.loc[hero]
    return f"in {share(row['support_prob'])} of resamples (point estimate {pct(row['nash'], 0)})"


def _draft_value(result: MetaResult) -> str:
    d = result.summary["draft"]
    return MISSING if d is None else pct_ci(d["value"], d["value_low"], d["value_high"])


# ---------------------------------------------------------------- JSON


def plain(value):
    """A JSON-ready copy: numpy scalars as Python numbers, NaN and infinities as None."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def frame_records(frame: pd.DataFrame) -> list[dict]:
    return [plain(row) for row in frame.to_dict(orient="records")]


def meta_json(results: list[MetaResult]) -> dict:
    """Settings, and per run: info, summary, masters, cells and triangles as lists of objects."""
    settings = results[0].settings
    return {
        "settings": plain(vars(settings)),
        "runs": [
            {
                **plain(r.info),
                "summary": plain(r.summary),
                "masters": frame_records(r.masters.reset_index()),
                "cells": frame_records(r.cells),
                "triangles": frame_records(r.triangles),
            }
            for r in results
        ],
    }


# ---------------------------------------------------------------- HTML


def meta_section(rungs: list[Rung]) -> dict:
    """The template's context of the metagame section: one block per rung, and the runs side by
    side when there are two or more with results."""
    done = [r.result for r in rungs if r.result is not None]
    context = {
        "rungs": [_rung_context(r) for r in rungs],
        "across": _across_context(done) if len(done) > 1 else None,
        "settings": _settings_context(done[0]) if done else None,
    }
    return context | {"dagger": DAGGER.strip() in repr(context)}


def _settings_context(result: MetaResult) -> dict:
    s = result.settings
    return {"boot": f"{s.boot:,}", "seed": s.seed, "alpha": f"{s.alpha:g}", "population": s.population}


def _rung_context(rung: Rung) -> dict:
    r = rung.result
    if r is None:
        return {"label": rung.label, "reason": rung.reason}
    m = r.summary
    masters = [
        {
            "hero": str(h),
            "nash": pct_ci(x["nash"], x["nash_low"], x["nash_high"], 0),
            "support": share(x["support_prob"]),
            "in_support": bool(x["support"]) and float(x["support_prob"]) >= SURE,
            "value": pct_ci(x["value"], x["value_low"], x["value_high"]),
            "rating": pts_ci(x["rating"], x["rating_low"], x["rating_high"]),
            "alpharank": pct_ci(x["alpharank"], x["alpharank_low"], x["alpharank_high"]),
            "limit": f"{pct(x['alpharank_limit'], 0)} ({share(x['limit_prob'])})",
            "ban_first": pct(x["ban_first"], 0),
            "ban_second": pct(x["ban_second"], 0),
            "counter": x["counter"] or MISSING,
            "counter_score": pct(x["counter_score"]),
        }
        for h, x in ordered(r.masters).iterrows()
    ]
    triangles = [
        {
            "cycle": triangle_text(t),
            "curl": pts_ci(t.curl, t.curl_low, t.curl_high),
            "cells": triangle_cells(t),
            "resolved": bool(t.resolved),
            "cycle_prob": share(t.cycle_prob),
        }
        for t in r.triangles.itertuples(index=False)
    ]
    d = m["draft"]
    draft = None
    if d is not None:
        draft = {
            "rules": rules_text(r),
            "first": pct_ci(d["value"], d["value_low"], d["value_high"]),
            "second": pct_ci(1 - d["value"], 1 - d["value_high"], 1 - d["value_low"]),
            "ban_first": mix_text(r.masters["ban_first"]),
            "ban_second": mix_text(r.masters["ban_second"]),
            "open": pct_ci(d["open_value"], d["open_low"], d["open_high"]),
            "open_pick": d["open_pick"],
            "open_counter": d["open_counter"],
        }
    return {
        "label": rung.label,
        "reason": None,
        "players": r.info.get("players", "?"),
        "games": f"{r.info.get('games', 0):,}",
        "boot": boot_text(r),
        "n": m["masters"],
        "masters": masters,
        "unique": m["unique"],
        "unique_share": share(m["unique_share"]),
        "support": ", ".join(m["support"]),
        "hodge": hodge_line(r),
        "triangles": triangles,
        "n_triangles": m["triangles"],
        "n_resolved": sum(t["resolved"] for t in triangles),
        "resolved_cells": m["resolved_cells"],
        "cells": m["cells"],
        "z": f"{m['z']:.2f}",
        "draft": draft,
        "draft_problem": m["draft_problem"],
    }


def _across_context(results: list[MetaResult]) -> dict:
    labels, rows = across_rows(results)
    return {"labels": labels, "rows": [{"what": what, "values": values} for what, values in rows]}


def meta_verdict(rungs: list[Rung]) -> dict:
    """The standalone page's first screen: per run, a sentence on the picks, the most lopsided
    matchup and the draft; and the masters ranked by their rating (the transitive part) at
    every run, with intervals."""
    done = [r for r in rungs if r.result is not None]
    lines = []
    for rung in done:
        r = rung.result
        assert r is not None
        m, cells = r.summary, r.cells
        support = ordered(r.masters)
        support = support[support["support_prob"] > BAN_SHOWN].sort_values("support_prob", ascending=False)
        picks = ", ".join(f"{h} ({share(x['support_prob'])})" for h, x in support.head(3).iterrows())
        far = cells.iloc[int(np.argmax((cells["score"] - 0.5).abs().to_numpy()))]
        winner, loser = (
            (far["hero_a"], far["hero_b"]) if far["score"] >= 0.5 else (far["hero_b"], far["hero_a"])
        )
        score = far["score"] if far["score"] >= 0.5 else 1 - far["score"]
        low, high = (far["low"], far["high"]) if far["score"] >= 0.5 else (1 - far["high"], 1 - far["low"])
        draft = "" if m["draft"] is None else f"; the first picker of a draft scores {_draft_value(r)}"
        lines.append(
            f"{rung.label}: the masters most often in the equilibrium of blind picks are {picks} "
            "of resamples; "
            f"the most lopsided matchup is {winner} over {loser}, {pct_ci(score, low, high)}; "
            f"cyclic share {cyclic_text(r)} (noise alone about {pct(m['noise_share'])}){draft}."
        )
    heroes = list(dict.fromkeys(h for rung in done for h in rung.result.heroes))  # type: ignore[union-attr]
    first = done[0].result.masters if done else None  # type: ignore[union-attr]
    if first is not None:
        ratings = {str(h): as_number(v) for h, v in first["rating"].items()}
        heroes.sort(key=lambda h: -ratings.get(h, 0.0))
    rows = [
        {
            "master": h,
            "values": [
                pts_ci(x.loc[h, "rating"], x.loc[h, "rating_low"], x.loc[h, "rating_high"])
                if h in x.index
                else MISSING
                for x in (rung.result.masters for rung in done)  # type: ignore[union-attr]
            ],
        }
        for h in heroes
    ]
    return {
        "lines": [{"text": t, "top": k == 0} for k, t in enumerate(lines)],
        "labels": [r.label for r in done],
        "rows": rows,
    }


def meta_page(rungs: list[Rung], version: str, name: str | None = None) -> dict:
    """The context of the standalone page (templates/meta.html.j2); NAME, the page's file name
    without its suffix, starts the title."""
    labels = ", ".join(r.label for r in rungs)
    return {
        "title": f"{name}: metagame of {labels}" if name else f"Metagame: {labels}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": version,
        "meta": meta_section(rungs),
        "verdict": meta_verdict(rungs),
        "runs": [_run_settings(r) for r in rungs],
    }


def _run_settings(rung: Rung) -> dict:
    """One row of the page's settings: the run's label, directory, players, games and seed."""
    info = rung.result.info if rung.result is not None else {}
    games = info.get("games")
    return {
        "label": rung.label,
        "run_dir": info.get("run_dir", MISSING),
        "players": info.get("players", MISSING),
        "games": f"{games:,}" if isinstance(games, int) else MISSING,
        "seed": info.get("seed", MISSING) if info.get("seed") is not None else MISSING,
    }


def render_page(rungs: list[Rung], version: str, name: str | None = None) -> str:
    """The standalone metagame page (self-contained HTML)."""
    from emr_sim.report.templating import environment

    return environment().get_template("meta.html.j2").render(**meta_page(rungs, version, name))
