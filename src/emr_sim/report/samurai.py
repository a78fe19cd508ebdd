"""Samurai Sword's study as one HTML page (docs/samurai.md, "What a designer asks"): the verdict
first (each faction's share of the wins at every table size against its fair share, the largest
departures a sentence each), then one section per table size, the settings last. It renders the
tables it is given (emr_sim.analysis.factions) and plays nothing."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from emr_sim.report.formatting import points, pvalue
from emr_sim.report.templating import environment
from emr_sim.version import __version__

PERCENT = ("wins", "low", "high", "fair", "points share", "points low", "points high", "start share",
           "win rate", "others", "share", "win if played", "win if not", "held at the end", "win if held",
           "win if not held", "Ninja", "Ronin", "Shogun and Samurai")  # fmt: skip
GAPS = ("played gap", "held gap")  # differences of win rates, in points
P_VALUES = ("p", "p holm")
HEADERS = {"p holm": "p corrected (Holm)", "differs": "differs beyond chance",
           "played gap": "played gap (points)", "held gap": "held gap (points)",
           "order": "place from the Shogun"}  # fmt: skip
SHOGUN_TEAM = "Shogun and Samurai"
SHOGUN_ALONE = 3  # the table size without a Samurai: the Shogun against two Ninja (SS-3P)
GAP_DIGITS = 9  # a departure's precision when two are compared (a share of 1e6 games is 1e-6)
ONE_SEAT = ("Ronin",)  # a faction of one player, spoken of in the singular


@dataclass(frozen=True)
class StudyPage:
    """What the page shows: its name (the file's stem), the factions of every size (the rows of
    analysis.factions.faction_table with a `players` column), the sections of tables per size,
    how to read them (paragraphs), and the settings as (name, value) pairs, the command among them."""

    name: str
    factions: pd.DataFrame
    sections: list[tuple[str, list[tuple[str, pd.DataFrame]]]]
    notes: list[str]
    settings: list[tuple[str, str]]


def percent(x: float) -> str:
    return f"{round(100 * float(x), 1) + 0.0:.1f} %"  # + 0.0: never "-0.0"


def plain(x: float, digits: int = 2) -> str:
    return f"{round(float(x), digits) + 0.0:.{digits}f}"


def faction_words(team: str, players: int) -> str:
    """The faction as the prose names it: at 3 players the Shogun's team is the Shogun alone."""
    return "the Shogun" if team == SHOGUN_TEAM and players == SHOGUN_ALONE else f"the {team}"


def wins_text(row) -> str:
    return f"{percent(row['wins'])} [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"


def departures(factions: pd.DataFrame) -> pd.DataFrame:
    """Every faction at every size, the largest departure from its fair share first. Equal
    departures (two factions mirror each other at 3-4 players) put the favoured faction first,
    then the smaller table; departures are compared to GAP_DIGITS so that float noise cannot
    decide a tie."""
    gap = (factions["wins"] - factions["fair"]).abs().round(GAP_DIGITS)
    ranked = factions.assign(gap=gap, favoured=factions["wins"] > factions["fair"])
    order = ["gap", "favoured", "players"]
    return ranked.sort_values(order, ascending=[False, False, True], ignore_index=True)


def top_imbalance(factions: pd.DataFrame) -> dict:
    """The faction and table size furthest from the fair share."""
    return departures(factions).iloc[0].to_dict()


def sentence(row: dict) -> str:
    """'At 4 players the Shogun and Samurai win 71.3 % [70.7, 71.9] of games against a fair 50.0 %:
    21.3 points more, beyond chance.'"""
    n, team = int(row["players"]), str(row["team"])
    who = faction_words(team, n)
    verb = "wins" if who == "the Shogun" or team in ONE_SEAT else "win"
    diff = row["wins"] - row["fair"]
    more = "more" if diff > 0 else "less"
    sure = "beyond chance" if row["low"] > row["fair"] or row["high"] < row["fair"] else "within chance"
    return (
        f"At {n} players {who} {verb} {wins_text(row)} of games against a fair {percent(row['fair'])}: "
        f"{points(abs(diff))} points {more}, {sure}."
    )


def verdict(factions: pd.DataFrame) -> list[dict]:
    """The largest departure of each table size, a sentence each, the largest of all first (the
    page's top imbalance)."""
    per_size = departures(factions).drop_duplicates("players")
    return [{"text": sentence(row), "top": k == 0} for k, row in enumerate(per_size.to_dict("records"))]


def ranking(factions: pd.DataFrame) -> dict:
    """The first screen's table: a row per table size, each faction's wins with their interval,
    coloured where they are beyond chance above (yes) or below (low) the fair share."""
    teams = list(dict.fromkeys(factions["team"]))
    rows = []
    for n, group in factions.groupby("players", sort=True):
        by_team = {r["team"]: r for r in group.to_dict("records")}
        cells = [{"text": str(n), "cls": ""}, {"text": percent(group["fair"].iloc[0]), "cls": ""}]
        for team in teams:
            r = by_team.get(team)
            if r is None:
                cells.append({"text": "not in play", "cls": "muted"})
                continue
            cls = "yes" if r["low"] > r["fair"] else "low" if r["high"] < r["fair"] else ""
            cells.append({"text": wins_text(r), "cls": cls})
        rows.append(cells)
    return {"header": ["players", "fair share", *teams], "rows": rows}


def cell(col: str, value) -> str:
    if isinstance(value, bool | np.bool_):
        return "yes" if value else "no"
    if pd.isna(value):
        return ""
    if col in PERCENT:
        return percent(value)
    if col in GAPS:
        return points(value, sign=True)
    if col in P_VALUES:
        return pvalue(value)
    if isinstance(value, float):
        return plain(value)
    return f"{int(value):,}" if isinstance(value, int | np.integer) else str(value)


def table_rows(frame: pd.DataFrame) -> dict:
    """A frame as a header and rows of text; numbers right-aligned."""
    cols = list(frame.columns)
    numeric = [frame[c].dtype.kind in "iuf" for c in cols]
    rows = [
        [{"text": cell(c, v), "num": num} for c, v, num in zip(cols, rec, numeric, strict=True)]
        for rec in frame.itertuples(index=False)
    ]
    return {"header": [{"text": HEADERS.get(c, c), "num": num} for c, num in zip(cols, numeric, strict=True)],
            "rows": rows}  # fmt: skip


def slug(heading: str) -> str:
    """A section's id: '5 players' -> '5-players'."""
    return re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def context(study: StudyPage) -> dict:
    sizes = sorted(int(n) for n in study.factions["players"].unique())
    sections = [
        {"id": slug(heading), "heading": heading, "tables": [(cap, table_rows(f)) for cap, f in tables]}
        for heading, tables in study.sections
    ]
    return {
        "title": f"{study.name}: Samurai Sword, what a designer asks at {sizes[0]} to {sizes[-1]} players",
        "games": f"{int(study.factions['games'].iloc[0]):,}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "verdict": verdict(study.factions),
        "ranking": ranking(study.factions),
        "sections": sections,
        "notes": study.notes,
        "settings": study.settings,
    }


def page(study: StudyPage) -> str:
    """The page: the verdict, each size's tables, the settings."""
    return environment().get_template("samurai.html.j2").render(**context(study))
