"""A table run's findings as a summary (a dict: --json) and as text: who wins their share, by
member, entity and seat, the first player's edge, how long games last and how they end."""

from __future__ import annotations

import pandas as pd

from emr_sim.analysis import tables as A
from emr_sim.report.formatting import signed

SHARE_COLUMNS = ("player", "games", "share", "low", "high", "fair", "differs", "p_adjusted", "significant")


def _rows(frame: pd.DataFrame, key: str, columns=SHARE_COLUMNS) -> list[dict]:
    keep = [c for c in (key, *columns) if c in frame]
    return [
        {k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}
        for row in frame[keep].to_dict("records")
    ]


def ranked_by(game, seats: pd.DataFrame) -> str:
    """What the ranking ranks: the game's entities when it has them; else the lineup's members
    when their players differ; else the places in the order of play."""
    if (seats["entity"] != "").any():
        return "entity"
    return "member" if seats["player"].nunique() > 1 else "order"


def rating_rows(seats: pd.DataFrame, by: str) -> tuple[list[dict], str | None]:
    """The Plackett–Luce ratings of `by` with their intervals (analysis.table_rating), or why none."""
    from emr_sim.analysis.table_rating import plackett_luce

    try:
        frame = plackett_luce(seats.assign(**{by: seats[by].astype(str)}), by)
    except ValueError as err:
        return [], str(err)
    columns = ("games", "rating", "rating_low", "rating_high", "rank")
    return _rows(frame, by, columns), None


def meta_note(game, n_seats: int) -> str:
    """What the metagame of picks means at this table (emr-sim meta reads two-seat matrices)."""
    if not game.entities:
        return f"{game.title} has no {game.entity or 'entity'} to pick: a metagame of picks does not apply."
    if game.dealt:
        return f"{game.title} deals its {game.entity}s by chance: nobody picks, so a metagame does not apply."
    if n_seats == 2:
        return "At two seats the metagame of picks is emr-sim meta's (docs/meta.md)."
    return (
        f"At {n_seats} seats a pick meets a field of {n_seats - 1} others: the metagame is a {game.entity}'s "
        "share against a field drawn from a mix, not a two-player matrix; emr-sim meta does not compute it "
        "yet (docs/meta.md), so read the shares and the rating."
    )


def table_summary(game, n_seats: int, seats: pd.DataFrame) -> dict:
    """The run's figures, every share with its 95 % interval over deals (Holm-corrected
    p-values against the fair share), the places and points, the rating with its bootstrap
    interval, the teams and their pairs when the game has teams."""
    seats = A.with_order(seats)
    by = ranked_by(game, seats)
    ratings, no_rating = rating_rows(seats, by)
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
        "play_order": _rows(A.order_shares(seats, n_seats), "order"),
        "first_player": _rows(A.first_player(seats, n_seats), "who")[0],
        "ends": A.lengths(seats, game.end_names).to_dict("records"),
        "places": A.placements(seats).to_dict("records"),
        "place_means": _rows(A.group_means(seats, "member", "place"), "member", ("place", "low", "high")),
        "point_means": _rows(A.group_means(seats, "member", "points"), "member", ("points", "low", "high")),
        "ranked_by": by,
        "ranking": ratings,
        "no_rating": no_rating,
        "teams": _rows(A.team_shares(seats), "team"),
        "synergy": _rows(A.pair_synergy(seats), "a", ("b", "together", "apart", "synergy", "low", "high")),
        "meta": meta_note(game, n_seats),
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
    lines += ["by order of play (0 moved first):"]
    lines += [f"  {r['order']}: {interval(r)}" for r in summary["play_order"]]
    if summary["ranking"]:
        by = summary["ranked_by"]
        lines += [f"rating by {by} (Plackett–Luce, Elo scale, 95 % interval from resampled deals):"]
        lines += [
            f"  {r[by]}: {signed(r['rating'], 0)} "
            f"[{signed(r['rating_low'], 0)}, {signed(r['rating_high'], 0)}]"
            for r in summary["ranking"]
        ]
    elif summary["no_rating"]:
        lines += [f"no rating: {summary['no_rating']}"]
    if summary["teams"]:
        lines += ["by team:"] + [
            f"  team {r['team']}: {interval(r)} (fair {pct(r['fair'])})" for r in summary["teams"]
        ]
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
    lines += [summary["meta"]]
    return "\n".join(lines)
