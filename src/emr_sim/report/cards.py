"""Per-card statistics for people (emr_sim.analysis.cardstats): the terminal table of
`emr-sim card-stats`, its JSON, and the report's section.

Rates are written in percent, the improvement when drawn (IWD) in percentage points with
its 95 % interval, and q is the Benjamini-Hochberg adjusted p-value over every card x master
row of the run ("*" when at most ALPHA).
"""

from __future__ import annotations

import json

import pandas as pd

from emr_sim.analysis.cardstats import notable, sort_stats
from emr_sim.report.formatting import as_int, pct, points, pvalue

ALPHA = 0.05
TOP = 5  # rows shown per master by default: the TOP highest and TOP lowest
LEGEND = (
    "IWD = improvement when drawn: the master's win rate in games with the card in hand at some\n"
    "time (GIH WR) minus in games where it never was (GNS WR), in points, with its 95 % interval.\n"
    "played WR: games in which the card was played; OH: the improvement with the card in the\n"
    "opening hand (points); drawn: share of the master's games with the card in hand;\n"
    "q: Benjamini-Hochberg over the {rows:,} card x master rows of IWD (* = at most {alpha})."
)
COLUMNS = (
    "card",
    "dmg",
    "effect",
    "IWD",
    "95 % interval",
    "GIH WR",
    "GNS WR",
    "played WR",
    "OH",
    "drawn",
    "q",
)
RIGHT = {"dmg", "IWD", "95 % interval", "GIH WR", "GNS WR", "played WR", "OH", "drawn", "q"}


def row_cells(r) -> list[str]:
    """One row of the terminal table."""
    star = " *" if r.significant else "  "
    effect = "dragon" if r.dragon and r.effect == "none" else r.effect
    effect = f"{effect}+dragon" if r.dragon and r.effect != "none" else effect
    return [
        str(r.card),
        str(r.damage),
        "-" if effect == "none" else effect,
        points(r.improvement, sign=True),
        f"{points(r.improvement_low, sign=True)} .. {points(r.improvement_high, sign=True)}",
        pct(r.gih_wr),
        pct(r.gns_wr),
        pct(r.played_wr),
        points(r.oh_improvement, sign=True),
        pct(r.drawn_share, digits=0),
        pvalue(r.p_adjusted) + star,
    ]


def aligned(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(w) if COLUMNS[i] in RIGHT else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def master_block(stats: pd.DataFrame, hero: str, rows: pd.DataFrame, what: str) -> list[str]:
    mine = stats[stats["hero"] == hero]
    games, rate = int(mine["games"].iloc[0]), float(mine["win_rate"].iloc[0])
    head = f"{hero}: {games:,} games, win rate {pct(rate)}; {what}"
    return [
        head,
        *("  " + line for line in aligned([list(COLUMNS), *(row_cells(r) for r in rows.itertuples())])),
    ]


def format_card_stats(
    stats: pd.DataFrame,
    title: str,
    masters: list[str],
    card_ids: list[int] | None = None,
    top: int = TOP,
    sort: str = "improvement",
) -> str:
    """The terminal table: per master, its `top` highest and lowest cards by `sort` (or, with
    card_ids, those cards), under a title line and the legend."""
    lines = [title, LEGEND.format(rows=len(stats), alpha=ALPHA), ""]
    for hero in masters:
        if card_ids is not None:
            rows = sort_stats(stats[(stats["hero"] == hero) & stats["card_id"].isin(card_ids)], sort)
            what = f"by {sort}"
        else:
            rows = notable(stats, hero, top, sort)
            what = f"the {top} highest and {top} lowest by {sort} (--json or --csv: every card)"
        lines += [*master_block(stats, hero, rows, what), ""]
    return "\n".join(lines).rstrip() + "\n"


def card_stats_json(stats: pd.DataFrame, about: dict) -> dict:
    """`about` (source, games, players, deck, ...) and every row of `stats` as JSON objects."""
    return {**about, "method": "bh", "alpha": ALPHA, "rows": json.loads(stats.to_json(orient="records"))}


# ---------------------------------------------------------------- the HTML report's section

SECTION_TOP = 5  # cards per end in each master's table and panel


def html_row(r) -> dict:
    cells = row_cells(r)
    return {
        "hero": str(r.hero),
        "card": cells[0],
        "damage": cells[1],
        "effect": cells[2],
        "iwd": cells[3],
        "ci": cells[4].replace(" .. ", " – "),
        "gih": cells[5],
        "gns": cells[6],
        "played": cells[7],
        "oh": pct(r.oh_wr),
        "oh_improvement": cells[8],
        "drawn": cells[9],
        "q": pvalue(r.p_adjusted),
        "significant": bool(r.significant),
        "gih_games": f"{int(r.gih_games):,}",
    }


EFFECT_WORDS = {
    "trap-zone": "zone-trap",
    "trap-card": "card-trap",
    "copy": "copy",
    "draw": "draw",
    "power": "power",
    "remove": "remove",
    "slide": "slide",
    "swap": "swap",
}
MIN_CLASS = 4  # cards a class needs to be named in a finding


def card_classes(stats: pd.DataFrame) -> pd.Series:
    """Each row's classes as a list of names in words: its effect, dragon, its damage."""
    out = []
    for r in stats.itertuples():
        names = [f"{EFFECT_WORDS.get(str(r.effect), str(r.effect))} cards"] if r.effect != "none" else []
        names += ["dragon cards"] if r.dragon else []
        names += [f"{as_int(r.damage)}-damage cards"]
        out.append(names)
    return pd.Series(out, index=stats.index)


def class_means(mine: pd.DataFrame) -> pd.DataFrame:
    """A master's mean improvement when drawn per card class (classes of MIN_CLASS cards or more)."""
    long = mine.assign(cls=card_classes(mine)).explode("cls")
    means = long.groupby("cls")["improvement"].agg(["mean", "size"])
    return means[means["size"] >= MIN_CLASS].sort_values("mean", ascending=False)


def master_finding(mine: pd.DataFrame, hero: str) -> str:
    """A sentence: the card class that goes with winning most and least for the master, with its
    best and worst card."""
    means = class_means(mine)
    ranked = sort_stats(mine, "improvement")
    best, worst = ranked.iloc[0], ranked.iloc[-1]

    def card(r) -> str:
        return (
            f"{r['card']} {points(r['improvement'], sign=True)} "
            f"[{points(r['improvement_low'], sign=True)}, {points(r['improvement_high'], sign=True)}]"
        )

    top, low = means.index[0], means.index[-1]
    return (
        f"{hero} wins most with {top} in hand ({points(means.loc[top, 'mean'], sign=True)} points on average "
        f"over {int(means.loc[top, 'size'])} cards; best card {card(best)}) and least with {low} "
        f"({points(means.loc[low, 'mean'], sign=True)} over {int(means.loc[low, 'size'])}; worst card "
        f"{card(worst)})."
    )


def overall_finding(stats: pd.DataFrame, masters: list[str]) -> str:
    """One sentence for every master: the classes that top and end each master's list, with the
    range of their means."""
    tops: dict[str, list[float]] = {}
    lows: dict[str, list[float]] = {}
    for hero in masters:
        means = class_means(stats[stats["hero"] == hero])
        tops.setdefault(means.index[0], []).append(float(means["mean"].iloc[0]))
        lows.setdefault(means.index[-1], []).append(float(means["mean"].iloc[-1]))

    def told(found: dict) -> str:
        parts = []
        for cls, values in sorted(found.items(), key=lambda kv: -len(kv[1])):
            span = f"{points(min(values), sign=True)} to {points(max(values), sign=True)}"
            who = (
                "every master" if len(values) == len(masters) else f"{len(values)} of {len(masters)} masters"
            )
            parts.append(f"{cls} for {who} ({span} points)")
        return "; ".join(parts)

    return (
        f"Cards: the class that goes with winning most is {told(tops)}; "
        f"the class that goes with winning least is {told(lows)} "
        "(improvement when drawn: win rate with the card in hand minus without)."
    )


def card_section(stats: pd.DataFrame | None, note: str | None, heroes: list[str]) -> dict | None:
    """The report's per-card section (None for a run made without --cards): a finding per
    master, the heat map of every card x master (split so its labels stay readable), each
    master's notable cards (table and panel), the full table; or, when the statistics could
    not be made (the run's deck unreadable), why not."""
    from emr_sim.report import plots as P
    from emr_sim.report.card_plots import colour_span, heatmap_parts, marked_rows, notable_forest

    if stats is None:
        return None if note is None else {"problem": note}
    masters = [h for h in heroes if h in set(stats["hero"])]
    blocks = []
    for hero in masters:
        mine = stats[stats["hero"] == hero]
        rows = notable(mine, hero, SECTION_TOP)
        blocks.append(
            {
                "hero": hero,
                "games": f"{int(mine['games'].iloc[0]):,}",
                "win_rate": pct(float(mine["win_rate"].iloc[0])),
                "n_significant": int(mine["significant"].sum()),
                "finding": master_finding(mine, hero),
                "rows": [html_row(r) for r in rows.itertuples()],
            }
        )
    _mark, marked = marked_rows(stats)
    span = colour_span(stats)
    return {
        "problem": None,
        "n_rows": len(stats),
        "n_cards": int(stats["card_id"].nunique()),
        "n_significant": int(stats["significant"].sum()),
        "alpha": ALPHA,
        "top": SECTION_TOP,
        "masters": blocks,
        "overall": overall_finding(stats, masters),
        "marked": marked,
        "span": points(span, digits=1),
        "heatmaps": [P.data_uri(f) for f in heatmap_parts(stats, masters)],
        "forest": P.data_uri(notable_forest(stats, masters, SECTION_TOP)),
        "all_rows": [html_row(r) for r in sort_stats(stats, "card").itertuples()],
    }
