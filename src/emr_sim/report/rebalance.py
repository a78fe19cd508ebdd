"""A rebalance shown (docs/rebalance.md): a proposal's changes as a designer reads them, its
deck file and rules options, the lines the command prints, its JSON and the HTML report
(before/after matrices, the meta before and after, the knobs that moved). Renders what it is
handed; plays no game.
"""

from __future__ import annotations

import datetime as dt
import importlib.resources

import numpy as np

from emr_sim.games.emr.cards import Deck, card_label
from emr_sim.games.emr.codes import (
    CF_COLOUR,
    CF_DAMAGE,
    CF_DRAGON,
    CF_EFFECT,
    CF_LEFT,
    CF_RIGHT,
    COLOUR_NAMES,
    EFFECT_NAMES,
)
from emr_sim.games.emr.options import BY_NAME
from emr_sim.version import __version__

TEMPLATE = "rebalance.html.j2"
ATTR_FIELDS = (("damage", CF_DAMAGE), ("dragon", CF_DRAGON), ("effect", CF_EFFECT))


def attr_text(attr: str, value: int) -> str:
    if attr == "dragon":
        return "yes" if value else "no"
    if attr == "effect":
        return EFFECT_NAMES[int(value)]
    return str(int(value))


def card_changes(before: Deck, after: Deck) -> list[str]:
    """One line per card whose attributes differ: 'red 1-3 (id 2): dragon yes -> no'."""
    lines = []
    for card in range(before.n_shot):
        moved = [
            f"{attr} {attr_text(attr, before.table[card, f])} -> {attr_text(attr, after.table[card, f])}"
            for attr, f in ATTR_FIELDS
            if before.table[card, f] != after.table[card, f]
        ]
        if moved:
            lines.append(f"{card_label(before.table, card)} (id {card}): {'; '.join(moved)}")
    return lines


def proposal_diff(knobs, values: dict[str, str], before: Deck, after: Deck) -> list[str]:
    """The changes of a proposal in words: each knob moved (rules, then cards), then every card
    that differs from the base deck."""
    rules, deck = [], []
    for k in knobs:
        if values[k.name] == k.base:
            continue
        if k.kind == "rule":
            what = BY_NAME[k.name].help
            rules.append(f"  {k.name:<22} {k.base} -> {values[k.name]}   ({what})")
        else:
            shown = f"{k.name}{values[k.name]}" if k.step else f"{k.name}={values[k.name]}"
            deck.append(f"  {shown}")
    lines = []
    if rules:
        lines += ["rules options:", *rules]
    if deck:
        cards = card_changes(before, after)
        lines += ["cards:", *deck, f"  {len(cards)} card(s) change:", *[f"    {c}" for c in cards]]
    return lines or ["no change: the base already meets the goal"]


def deck_csv(deck: Deck, comment: list[str]) -> str:
    """The deck as a deck file (docs/deck.md): the comment lines, the header, a line per shot card."""
    lines = [f"# {c}" for c in comment]
    lines.append("colour,left,right,damage,dragon,effect,name")
    for card in range(deck.n_shot):
        row = deck.table[card]
        name = deck.names[card] if card < len(deck.names) else ""
        lines.append(
            f"{COLOUR_NAMES[int(row[CF_COLOUR])]},{int(row[CF_LEFT])},{int(row[CF_RIGHT])},{int(row[CF_DAMAGE])},"
            f"{int(row[CF_DRAGON])},{EFFECT_NAMES[int(row[CF_EFFECT])]},{name}"
        )
    return "\n".join(lines) + "\n"


def rules_lines(variant) -> list[str]:
    """The proposal's rules options as command-line options (--rule NAME=VALUE)."""
    return [f"--rule {name}={value}" for name, value in variant.rules.items()]


# ---------------------------------------------------------------- the command's lines


def pts(x: float, sign: bool = False) -> str:
    return f"{100 * x:+.1f}" if sign else f"{100 * x:.1f}"


def field_line(heroes: list[str], field: dict) -> str:
    return "  ".join(f"{h} {pts(field[h])}" for h in heroes)


def summary_lines(result: dict) -> list[str]:
    """What `emr-sim rebalance` prints: the search, each proposal, its verification."""
    heroes = result["heroes"]
    s = result["search"]
    lines = [
        f"goal {result['goal']} at {result['players']} (search seed {result['seed']}): "
        f"{s['complete']} trials complete, {s['pruned']} stopped early, {s['infeasible']} over --max-changes"
        + (f", {s['failed']} interrupted and played again" if s["failed"] else ""),
        f"base at the search rung: {field_line(heroes, result['base']['field'])}  "
        f"(goal figure {result['base']['goal_distance']:.2f} points)",
    ]
    for p in result["proposals"]:
        lines.append("")
        search, shown = p["search"], p["variant"] or "(no change)"
        lines.append(f"proposal {p['rank']} (trial {p['index']}, loss {p['loss']:.3f}): {shown}")
        lines.append(
            f"  search rung: {field_line(heroes, search['field'])}  (goal figure "
            f"{search['goal_distance']:.2f}: {'meets' if search['goal_met'] else 'misses'})"
        )
        for v in p["verification"]:
            a = v["after"]
            status = "meets" if a["goal_met"] else "MISSES"
            if v.get("search_rung") and not a["goal_met"]:
                status += " (fails at the search rung on fresh seeds)"
            lines.append(
                f"  {v['rung']} ({v['games']} games a cell, {len(v['cells_played'])} cells played): "
                f"goal figure {v['before']['goal_distance']:.2f} -> {a['goal_distance']:.2f}: {status}"
            )
            lines.append(f"    after: {field_line(heroes, a['field'])}")
    return lines


# ---------------------------------------------------------------- HTML


def matrix_rows(heroes: list[str], entry: dict, played: list[str] | None = None) -> list[dict]:
    """The matrix as rows of cells with their colour (a played cell of a proposal is marked)."""
    from emr_sim.report.plots import matrix_colour, matrix_span

    P, half = np.array(entry["matrix"]), np.array(entry["matrix_half"])
    span = max(matrix_span(P), 0.1)
    played_set = set(played or [])
    rows = []
    for i, h in enumerate(heroes):
        cells: list[dict] = []
        for j, o in enumerate(heroes):
            if i == j:
                cells.append({"diag": True})
                continue
            bg, ink = matrix_colour(P[i, j], span)
            key = f"{h} vs {o}" if i < j else f"{o} vs {h}"
            cells.append(
                {
                    "diag": False,
                    "text": pts(P[i, j]),
                    "half": f"±{100 * half[i, j]:.1f}",
                    "bg": bg,
                    "ink": ink,
                    "played": key in played_set,
                }
            )
        rows.append({"hero": h, "cells": cells, "field": pts(entry["field"][h])})
    return rows


def field_rows(heroes: list[str], v: dict) -> list[dict]:
    b, a, ch = v["before"], v["after"], v["change"]
    return [
        {
            "hero": h,
            "before": pts(b["field"][h]),
            "before_ci": f"{pts(b['field_low'][h])}–{pts(b['field_high'][h])}",
            "after": pts(a["field"][h]),
            "after_ci": f"{pts(a['field_low'][h])}–{pts(a['field_high'][h])}",
            "delta": pts(ch[h]["delta"], sign=True),
            "delta_ci": f"{pts(ch[h]['low'], True)} to {pts(ch[h]['high'], True)}",
            "nash_before": f"{b['nash'][h]:.2f}",
            "nash_after": f"{a['nash'][h]:.2f}",
        }
        for h in heroes
    ]


def knob_rows(result: dict) -> list[dict]:
    """The knobs with their base value and each proposal's (moved ones marked)."""
    rows = []
    for knob in result["knobs"]:
        values = [p["values"].get(knob["name"], knob["base"]) for p in result["proposals"]]
        rows.append(
            {
                "name": knob["name"],
                "text": knob["text"],
                "base": knob["base"],
                "values": [{"v": v, "moved": v != knob["base"]} for v in values],
            }
        )
    return rows


def report_context(result: dict) -> dict:
    heroes = result["heroes"]
    proposals = []
    for p in result["proposals"]:
        rungs = []
        for v in p["verification"]:
            rungs.append(
                {
                    **v,
                    "fields": field_rows(heroes, v),
                    "before_rows": matrix_rows(heroes, v["before"]),
                    "after_rows": matrix_rows(heroes, v["after"], v["cells_played"]),
                }
            )
        proposals.append({**p, "rungs": rungs})
    return {
        "title": f"Rebalance: {result['goal']} at {result['players']}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "result": result,
        "heroes": heroes,
        "knobs": knob_rows(result),
        "proposals": proposals,
        "base_rows": matrix_rows(heroes, result["base"]),
    }


def render(result: dict) -> str:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    folder = importlib.resources.files("emr_sim.report") / "templates"
    env = Environment(loader=FileSystemLoader(str(folder)), autoescape=True, undefined=StrictUndefined)
    return env.get_template(TEMPLATE).render(**report_context(result))


def write_outputs(root, result: dict, spec, props) -> None:
    """Each proposal's files in ROOT/proposal-RANK (variant.txt, rules.txt, diff.txt, and
    deck.csv when it changes cards), then result.json and report.html; result gets each
    proposal's diff and files."""
    import json
    from pathlib import Path

    from emr_sim.files.outdir import make_dir
    from emr_sim.files.write import remove_strays, write_text
    from emr_sim.simulate.variants import changed_deck
    from emr_sim.studies.rebalance.result import RESULT_FILE

    root = Path(root)
    remove_strays(root)  # a killed write's temporary files: the files are written again, whole
    for p, entry in zip(props, result["proposals"], strict=True):
        folder = root / f"proposal-{p.rank}"
        make_dir(folder, "the study is kept; run the same command again")  # WriteError: in the way
        remove_strays(folder)
        after = changed_deck(spec.setup.deck, p.variant)
        entry["diff"] = proposal_diff(spec.knobs, p.values, spec.setup.deck, after)
        written = {
            "variant.txt": (p.variant.text or "") + "\n",
            "rules.txt": "\n".join(
                ["# the proposal's rules options (emr-sim ... --rule NAME=VALUE)", *rules_lines(p.variant)]
            )
            + "\n",
            "diff.txt": "\n".join([f"proposal {p.rank}: {p.text}", *entry["diff"]]) + "\n",
        }
        if p.variant.deck_changes:
            comment = [
                f"the deck of rebalance proposal {p.rank}: {spec.deck or 'the default deck'} with",
                *[f"  {c}" for c in p.variant.deck_changes],
            ]
            written["deck.csv"] = deck_csv(after, comment)
        for name, text in written.items():
            write_text(folder / name, text)
        entry["files"] = [f"{folder.name}/{name}" for name in written]  # in the study directory
    write_text(root / RESULT_FILE, json.dumps(result, indent=1) + "\n")
    write_text(root / "report.html", render(result))
