"""The HTML report of a table run of any game: the verdict first (each player's, entity's and
seat's share of the wins against the fair share, the first player's edge), then the tables,
the run's settings last. Renders what it is given (the summary of report/table_text.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from emr_sim.files.write import write_text
from emr_sim.report.formatting import pvalue, signed
from emr_sim.report.table_text import interval, pct
from emr_sim.report.templating import environment
from emr_sim.version import __version__

KINDS = {"entity": "entities", "member": "members", "seat": "seats_order", "order": "play_order"}
ORDER_WORDS = ("the first mover", "the second to move", "the third to move", "the fourth to move")


def label_of(row: dict, by: str) -> str:
    """A row's name in words: an entity's name, 'member 2 (random)', 'seat 0 (first in order)'."""
    if by == "entity":
        return str(row["entity"])
    if by == "member":  # the rating rows name the member only
        player = row.get("player")
        return f"player {row['member']}" + (f" ({player})" if player is not None else "")
    if by == "team":
        return f"team {row['team']}"
    if by == "order":
        k = int(row["order"])
        return ORDER_WORDS[k] if k < len(ORDER_WORDS) else f"mover {k + 1}"
    return f"seat {row['seat']}"


def imbalances(summary: dict) -> list[tuple[str, dict]]:
    """Every share against its fair share (entities, members, seats, teams), the largest
    departure first."""
    rows = [
        (label_of(r, by), r)
        for by, key in (
            ("entity", "entities"),
            ("member", "members"),
            ("order", "play_order"),
            ("seat", "seats_order"),
            ("team", "teams"),
        )
        for r in summary[key]
    ]
    return sorted(rows, key=lambda item: -abs(item[1]["share"] - item[1]["fair"]))


def sentence(name: str, row: dict) -> str:
    fair = row["fair"]
    how = (
        "more than its fair share"
        if row["low"] > fair
        else "less than its fair share"
        if row["high"] < fair
        else "no clear difference from its fair share"
    )
    beyond = " (beyond chance after the correction for the groups compared)" if row.get("significant") else ""
    text = f"{name} wins {interval(row)} of its games against a fair share of {pct(fair)}: {how}{beyond}."
    return text[0].upper() + text[1:]


def verdict(summary: dict) -> list[dict]:
    """The findings, a sentence each: the largest departures from the fair share (the first is
    the largest imbalance), the first player, how games end, what the metagame means here."""
    first = summary["first_player"]
    lines = [sentence(name, row) for name, row in imbalances(summary)[:3]]
    lines.append(
        f"The player who moves first wins {interval(first)} of games, against a fair share of "
        f"{pct(first['fair'])}."
    )
    ends = ", ".join(f"{e['end']} {pct(e['share'])}" for e in summary["ends"])
    lines.append(f"Games end by {ends}.")
    lines.append(summary["meta"])
    return [{"text": t, "top": k == 0} for k, t in enumerate(lines)]


def ranking(summary: dict) -> dict:
    """The first screen's ranking: by the rated groups' share of the wins, with the rating."""
    by = summary["ranked_by"]
    shares = {label_of(r, by): r for r in summary[KINDS[by]]}
    ratings = {label_of(r, by): r for r in summary["ranking"]}
    order = sorted(shares, key=lambda name: -shares[name]["share"])
    rows = [
        {
            "rank": k,
            "name": name,
            "share": pct(shares[name]["share"]),
            "ci": f"[{100 * shares[name]['low']:.1f}, {100 * shares[name]['high']:.1f}]",
            "rating": (
                f"{signed(ratings[name]['rating'], 0)} [{signed(ratings[name]['rating_low'], 0)}, "
                f"{signed(ratings[name]['rating_high'], 0)}]"
                if name in ratings
                else "—"
            ),
        }
        for k, name in enumerate(order, start=1)
    ]
    words = {"entity": "entity", "member": "player", "seat": "seat", "order": "order of play"}
    return {"by": words[by], "rows": rows}


def share_table(rows: list[dict], key: str, title: str, note: str, ident: str) -> dict:
    return {
        "id": ident,
        "title": title,
        "note": note,
        "header": [key, "games", "share of the wins", "95 % interval", "fair share", "corrected p",
                   "beyond chance"],
        "rows": [
            [label(r), f"{r['games']:,}", pct(r["share"]), f"[{100 * r['low']:.1f}, {100 * r['high']:.1f}]",
             pct(r["fair"]), pvalue(r.get("p_adjusted")), "yes" if r.get("significant") else "no"]
            for r in rows
        ],
    }  # fmt: skip


def label(row: dict) -> str:
    """A row's name: its entity, seat or member (with the member's player spec)."""
    name = str(row.get("entity", row.get("seat", row.get("order", row.get("team", row.get("member"))))))
    return name + (f" ({row['player']})" if "player" in row else "")


def ci_text(row: dict, key: str, digits: int = 2) -> str:
    return f"{row[key]:.{digits}f} [{row['low']:.{digits}f}, {row['high']:.{digits}f}]"


def place_tables(summary: dict) -> list[dict]:
    """Places and points per player, the rating table, and the teams and their pairs when the
    game has teams (left out otherwise)."""
    points = {r["member"]: r for r in summary["point_means"]}
    out = [
        {
            "id": "places",
            "title": "Places and points",
            "note": "Each player's mean place (1 is first; equal scores share a place) and mean points (the "
            "game's own score), with 95 % intervals over deals.",
            "header": ["player", "mean place", "mean points"],
            "rows": [
                [f"{r['member']}", ci_text({**r, "place": r["place"] + 1, "low": r["low"] + 1,
                 "high": r["high"] + 1}, "place"), ci_text(points[r["member"]], "points", 1)]
                for r in summary["place_means"]
            ],
        }
    ]  # fmt: skip
    by = summary["ranked_by"]
    if summary["ranking"]:
        out.append(
            {
                "id": "rating",
                "title": "Rating",
                "note": "Plackett–Luce strengths on the Elo scale (0 is the average; +100 a 64 % chance to "
                "place above the average in a two-way comparison), fitted to every pair of places in every "
                "game; 95 % intervals from resampling whole deals. At two seats this is the Bradley–Terry "
                "rating.",
                "header": [by, "games", "rating", "95 % interval"],
                "rows": [
                    [label_of(r, by), f"{r['games']:,}", signed(r["rating"], 0),
                     f"[{signed(r['rating_low'], 0)}, {signed(r['rating_high'], 0)}]"]
                    for r in summary["ranking"]
                ],
            }
        )  # fmt: skip
    if summary["teams"]:
        out.append(share_table(summary["teams"], "team", "By team", "Every member of a winning team wins; "
                   "a team's fair share is its seats over the table's.", "teams"))  # fmt: skip
    if summary["synergy"]:
        out.append(
            {
                "id": "synergy",
                "title": "Which two win together",
                "note": "The win rate of a team holding both, against teams holding one without the other.",
                "header": ["pair", "together", "apart", "difference [95 %]"],
                "rows": [
                    [f"{r['a']} + {r['b']}", pct(r["together"]), pct(r["apart"]),
                     f"{100 * r['synergy']:+.1f} [{100 * r['low']:+.1f}, {100 * r['high']:+.1f}]"]
                    for r in summary["synergy"]
                ],
            }
        )  # fmt: skip
    return out


def table_context(summary: dict, record: dict, run_dir: str, name: str | None = None) -> dict:
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
    tables.append(
        share_table(
            summary["play_order"],
            "order",
            "By order of play",
            "0 is the seat that moved first, 1 the next to move, and so on: the seat order of a game whose "
            "first player is drawn.",
            "order",
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
    tables += place_tables(summary)
    settings = [(k, str(v)) for k, v in record.items() if k not in ("manifest", "format")]
    return {
        "title": f"{name or Path(run_dir).name}: {summary['title']} at {summary['seats']} players",
        "game_title": summary["title"],
        "seats": summary["seats"],
        "games": f"{summary['games']:,}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "verdict": verdict(summary),
        "ranking": ranking(summary),
        "tables": tables,
        "settings": [("run directory", str(run_dir)), *settings],
    }


def write_table_report(summary: dict, record: dict, run_dir: str, output: str | Path) -> Path:
    context = table_context(summary, record, run_dir, Path(output).stem)
    html = environment().get_template("table.html.j2").render(**context)
    return write_text(output, html)
