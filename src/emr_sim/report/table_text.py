"""A table run's findings as a summary (a dict: --json) and as text: who wins their share, by
member, entity and seat, the first player's edge, how long games last and how they end."""

from __future__ import annotations

import pandas as pd

from emr_sim.analysis import tables as A


def _rows(frame: pd.DataFrame, key: str) -> list[dict]:
    keep = [c for c in (key, "player", "games", "share", "low", "high", "fair", "differs") if c in frame]
    return [
        {k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}
        for row in frame[keep].to_dict("records")
    ]


def table_summary(game, n_seats: int, seats: pd.DataFrame) -> dict:
    """The run's figures, every share with its 95 % interval over deals."""
    return {
        "game": game.name,
        "title": game.title,
        "seats": n_seats,
        "games": int(seats["game"].nunique()),
        "deals": int(seats.groupby(["cell", "deal"]).ngroups),
        "fair_share": 1.0 / n_seats,
        "members": _rows(A.member_shares(seats, n_seats), "member"),
        "entities": _rows(A.entity_shares(seats, n_seats), "entity"),
        "seats_order": _rows(A.seat_shares(seats, n_seats), "seat"),
        "first_player": _rows(A.first_player(seats, n_seats), "who")[0],
        "ends": A.lengths(seats, game.end_names).to_dict("records"),
        "places": A.placements(seats).to_dict("records"),
    }


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def interval(row: dict) -> str:
    return f"{pct(row['share'])} [{100 * row['low']:.1f}, {100 * row['high']:.1f}]"


def summary_text(summary: dict) -> str:
    """The summary in words, the answer first."""
    fair = summary["fair_share"]
    first = summary["first_player"]
    edge = "an edge" if first["low"] > fair else "a handicap" if first["high"] < fair else "no clear edge"
    lines = [
        f"{summary['title']}, {summary['seats']} players: {summary['games']:,} games "
        f"({summary['deals']:,} deals, each played once per rotation of the seats); fair share {pct(fair)}",
        f"the first player wins {interval(first)}: {edge}",
        "",
        "by player (share of the wins, 95 % interval over deals):",
    ]
    lines += [f"  member {r['member']} ({r['player']}): {interval(r)}" for r in summary["members"]]
    if summary["entities"]:
        lines += ["by entity:"] + [f"  {r['entity']}: {interval(r)}" for r in summary["entities"]]
    lines += ["by seat (0 first in the game's own order):"]
    lines += [f"  seat {r['seat']}: {interval(r)}" for r in summary["seats_order"]]
    lines += ["places (1 = first; equal scores share a place):"]
    for p in summary["places"]:
        shares = ", ".join(f"{k} {pct(v)}" for k, v in p.items() if k.startswith("place "))
        lines.append(f"  member {p['member']} ({p['player']}): mean place {p['place'] + 1:.2f}; {shares}")
    lines += ["how games end:"]
    lines += [
        f"  {e['end']}: {pct(e['share'])} of games, {e['mean turns']:.1f} turns on average "
        f"(median {e['median turns']:.0f}, 90th percentile {e['90th percentile']:.0f})"
        for e in summary["ends"]
    ]
    return "\n".join(lines)
