"""HBC's designer report (docs/hbc-report.md) in markdown, from the frames of
studies/hbc/designer.py: it renders what it is given and plays nothing."""

from __future__ import annotations

import math

import pandas as pd


def pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:.1f} %"


def pts(x: float) -> str:
    return "–" if math.isnan(x) else f"{100 * x:+.1f}"


def interval(r, fmt=pct) -> str:
    return f"{fmt(r['mean'])} [{fmt(r['low'])}, {fmt(r['high'])}]"


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + [
        "| " + " | ".join(r) + " |" for r in rows
    ]


def first_player_section(frame: pd.DataFrame) -> list[str]:
    rows = [
        [str(int(r["seats"])), pct(r["fair"]), interval(r), f"{r['p']:.2g}", f"{int(r['deals']):,}"]
        for _, r in frame.iterrows()
    ]
    return [
        "## The first player's edge",
        "",
        "The first player's share of the wins (a shared win counted 1/k), every set of the example",
        "decks seated, each deal played once per rotation of the seats; 95 % interval over deals.",
        "",
        *table(["players", "fair share", "first player", "p (against fair)", "deals"], rows),
        "",
    ]


def matrix_section(frame: pd.DataFrame) -> list[str]:
    decks = sorted(frame["deck"].unique())
    cells = {(r["deck"], r["against"]): r for _, r in frame.iterrows()}
    rows = [[d] + [("" if d == e else interval(cells[(d, e)])) for e in decks] for d in decks]
    return [
        "## Deck against deck (2 players)",
        "",
        "The row deck's share of the wins against the column deck, both seat orders.",
        "",
        *table(["deck"] + decks, rows),
        "",
    ]


def card_rates_section(frame: pd.DataFrame, seats: int) -> list[str]:
    rows = [
        [r["card"], r["reading"], interval(r), f"{r['p_holm']:.2g}", "yes" if r["significant"] else "no"]
        for _, r in frame.sort_values(["reading", "mean"], ascending=[True, False]).iterrows()
    ]
    return [
        f"## Each card's win rate ({seats} players)",
        "",
        "A seat's share of the wins when its deck holds the card, and when it played the card (shown",
        f"in a battle or used); fair share {pct(1 / seats)}. p: against the fair share, Holm-adjusted",
        'over every card and both readings (significant at 5 %). "When played" is chosen by the',
        "players and so not causal: the paired values above are.",
        "",
        *table(["card", "reading", "share [95 %]", "p (Holm)", "significant"], rows),
        "",
    ]


def card_values_section(frame: pd.DataFrame) -> list[str]:
    rows = [
        [r["card"], r["change"], interval(r, pts), f"{r['p_holm']:.2g}", "yes" if r["significant"] else "no"]
        for _, r in frame.sort_values(["change", "mean"], ascending=[True, False]).iterrows()
    ]
    return [
        "## What a die, a point of hit and each ability are worth (paired, 2 players)",
        "",
        "Each character of the example decks changed alone; its deck plays every other deck on the",
        "same deals with and without the change; the change in its share of the wins in percentage",
        "points, Holm-adjusted over every card and change.",
        "",
        *table(["card", "change", "share gained [95 %]", "p (Holm)", "significant"], rows),
        "",
    ]


def number_values_section(frame: pd.DataFrame) -> list[str]:
    rows = [
        [str(int(r["seats"])), r["base"], r["change"], pct(r["fair"]), interval(r, pts)]
        for _, r in frame.iterrows()
    ]
    return [
        "## One more die, one more hit, at 2-5 players (vanilla decks, paired)",
        "",
        "Every seat plays ten copies of one vanilla card; one player's deck gets one more die (or",
        "hit) on its master card, on one other card, or on all ten; the same deals with and without.",
        "Its share gained, in percentage points: what a die is worth against a point of hit.",
        "",
        *table(["players", "every deck", "one player's change", "fair share", "share gained [95 %]"], rows),
        "",
    ]


def coins_section(frame: pd.DataFrame) -> list[str]:
    rows = [
        [
            str(int(r["seats"])),
            r["what"],
            f"{int(r['count']):,}",
            pct(r["share"]) if r["what"].startswith("aim") else f"{r['share']:.2f}",
            pct(r["won"]),
        ]
        for _, r in frame.iterrows()
    ]
    return [
        "## Which coin to aim at, and the master card's stake",
        "",
        "What the players did: the coin each attack named (share of the attacks that named one) and",
        "how often such an attack won; the master card's attacks and defences (per seat and game) and",
        "how often they won.",
        "",
        *table(["players", "what", "count", "share / per seat", "won"], rows),
        "",
    ]


def report_page(parts: dict, header: list[str]) -> str:
    lines = list(header)
    if "first_player" in parts:
        lines += first_player_section(parts["first_player"])
    if "deck_matrix" in parts:
        lines += matrix_section(parts["deck_matrix"])
    if "number_values" in parts:
        lines += number_values_section(parts["number_values"])
    if "card_values" in parts:
        lines += card_values_section(parts["card_values"])
    if "card_rates" in parts:
        lines += card_rates_section(parts["card_rates"], parts.get("card_rates_seats", 2))
    if "coins" in parts:
        lines += coins_section(parts["coins"])
    return "\n".join(lines) + "\n"
