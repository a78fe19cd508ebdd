"""The HTML report of a table run of any game: the verdict first (each player's, entity's and
seat's share of the wins against the fair share, the first player's edge), then the tables,
the run's settings last. Renders what it is given (the summary of report/table_text.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from emr_sim.files.write import write_text
from emr_sim.report.table_text import interval, pct
from emr_sim.report.templating import environment
from emr_sim.version import __version__


def verdict(summary: dict) -> list[str]:
    """The findings, a sentence each: the first player, then the largest departures from the fair share."""
    fair = summary["fair_share"]
    first = summary["first_player"]
    lines = [f"The first player wins {interval(first)} of games, against a fair share of {pct(fair)}."]
    rows = [(f"{r['entity']}", r) for r in summary["entities"]] or [
        (f"member {r['member']} ({r['player']})", r) for r in summary["members"]
    ]
    rows.sort(key=lambda item: -abs(item[1]["share"] - fair))
    for name, row in rows[:3]:
        how = (
            "more than"
            if row["low"] > fair
            else "less than"
            if row["high"] < fair
            else "no clear difference from"
        )
        lines.append(f"{name} wins {interval(row)}: {how} its fair share.")
    ends = ", ".join(f"{e['end']} {pct(e['share'])}" for e in summary["ends"])
    lines.append(f"Games end by {ends}.")
    return lines


def share_table(rows: list[dict], key: str, title: str, note: str, ident: str) -> dict:
    return {
        "id": ident,
        "title": title,
        "note": note,
        "header": [key, "games", "share of the wins", "95 % interval", "differs from fair"],
        "rows": [
            [label(r), f"{r['games']:,}", pct(r["share"]), f"[{100 * r['low']:.1f}, {100 * r['high']:.1f}]",
             "yes" if r["differs"] else "no"]
            for r in rows
        ],
    }  # fmt: skip


def label(row: dict) -> str:
    """A row's name: its entity, seat or member (with the member's player spec)."""
    name = str(row.get("entity", row.get("seat", row.get("member"))))
    return name + (f" ({row['player']})" if "player" in row else "")


def table_context(summary: dict, record: dict, run_dir: str) -> dict:
    tables = [
        share_table(
            summary["members"], "player", "By player", "Each lineup member over every seat.", "players"
        )
    ]
    if summary["entities"]:
        tables.append(
            share_table(summary["entities"], "entity", "By entity", "Each entity, ranked.", "entities")
        )
    tables.append(
        share_table(
            summary["seats_order"], "seat", "By seat", "Seat 0 is first in the game's seat order.", "seats"
        )
    )
    ends = {
        "id": "ends",
        "title": "How games end",
        "note": "Length in the game's own turns.",
        "header": ["end", "share of games", "mean turns", "median", "90th percentile"],
        "rows": [
            [
                e["end"],
                pct(e["share"]),
                f"{e['mean turns']:.1f}",
                f"{e['median turns']:.0f}",
                f"{e['90th percentile']:.0f}",
            ]
            for e in summary["ends"]
        ],
    }
    tables.append(ends)
    settings = [(k, str(v)) for k, v in record.items() if k not in ("manifest", "format")]
    return {
        "title": f"{summary['title']}: {summary['seats']} players ({Path(run_dir).name})",
        "game_title": summary["title"],
        "seats": summary["seats"],
        "games": f"{summary['games']:,}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "verdict": verdict(summary),
        "tables": tables,
        "settings": [("run directory", str(run_dir)), *settings],
    }


def write_table_report(summary: dict, record: dict, run_dir: str, output: str | Path) -> Path:
    html = environment().get_template("table.html.j2").render(**table_context(summary, record, run_dir))
    return write_text(output, html)
