"""Statistics of a table run of any game and size, from its long frame (one row per game and
seat: emr_sim.simulate.tables.frames.long_frame, or an 8MR matrix run through
emr_sim.analysis.table_pairs.pairs_long), as frame-to-frame functions.

A deal is played once per rotation of the seating, so its luck and the seat order cancel
within it: every interval here treats a deal's games as one unit (the mean over a deal's
rotations, then the mean and its standard error over deals), as 8MR's pairs are. `share`
counts a win alone as 1 and a first place shared by k seats as 1/k each; a seat's fair share
is the mean share of every seat (1/N at N seats without teams; with teams, where every member
of the winning team wins, the mean of the members' shares). Tests across many groups are
corrected with emr_sim.analysis.adjust (Holm) as the matrix's cells are.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from emr_sim.stats import normal_sf

Z95 = 1.959963984540054


def clustered(frame: pd.DataFrame, by: str, value: str = "share") -> pd.DataFrame:
    """Per group of `by`: games, mean of `value` and its 95 % interval over deals (each deal's
    games of that group averaged first), the standard error and a two-sided normal p-value of
    the mean against `fair` when the frame has that column (else NaN)."""
    per_deal = frame.groupby([by, "cell", "deal"], observed=True)[value].mean().reset_index()
    rows = []
    for key, group in per_deal.groupby(by, observed=True):
        values = group[value].to_numpy(dtype=float)
        mean = float(values.mean())
        se = float(values.std(ddof=1)) / np.sqrt(len(values)) if len(values) > 1 else float("nan")
        games = int((frame[by] == key).sum())
        rows.append(
            {by: key, "games": games, "deals": len(values), value: mean, "se": se,
             "low": mean - Z95 * se, "high": mean + Z95 * se}
        )  # fmt: skip
    return pd.DataFrame(rows, columns=[by, "games", "deals", value, "se", "low", "high"])


def fair_share(seats: pd.DataFrame) -> float:
    """The mean share of a seat: 1/N without teams (each game's shares add up to 1)."""
    return float(seats["share"].mean())


def with_fair(frame: pd.DataFrame, n_seats: int, fair: float | pd.Series | None = None) -> pd.DataFrame:
    """The fair share (1/N unless given) beside each share, whether the interval leaves it out,
    and the p-value of the difference (normal, the deal as the unit) corrected over the rows
    (Holm)."""
    from emr_sim.analysis.significance import adjust

    out = frame.copy()
    out["fair"] = 1.0 / n_seats if fair is None else fair
    margin = 1e-12  # an interval of no width (identical players) is not a difference
    out["differs"] = (out["low"] > out["fair"] + margin) | (out["high"] < out["fair"] - margin)
    z = (out["share"] - out["fair"]).abs() / out["se"].where(out["se"] > 0)
    out["p_value"] = 2 * normal_sf(z.to_numpy(dtype=float))
    if out.empty:
        return out.assign(p_adjusted=[], significant=[])
    return adjust(out, method="holm")


def with_order(seats: pd.DataFrame) -> pd.DataFrame:
    """The frame with `order`: each seat's place in the order of play (0: it moved first, 1:
    next ...), counted from the first mover in the game's seat order."""
    n = seats.groupby("game")["seat"].transform("size")
    first = seats["seat"].where(seats["first"]).groupby(seats["game"]).transform("max")
    return seats.assign(order=((seats["seat"] - first) % n).astype(int))


def order_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """The share of the wins by place in the order of play (0: the first mover): the seat order
    of a game whose first player is drawn, at this table size."""
    return with_fair(clustered(with_order(seats), "order"), n_seats, fair_share(seats))


def seat_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each seat's share of the wins (seat 0 is the first in the game's own seat order)."""
    return with_fair(clustered(seats, "seat"), n_seats, fair_share(seats))


def member_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each lineup member's share of the wins, with its player spec."""
    out = with_fair(clustered(seats, "member"), n_seats, fair_share(seats))
    players = seats.drop_duplicates("member").set_index("member")["player"]
    out.insert(1, "player", out["member"].map(players))
    return out


def entity_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each entity's share of the wins (empty for a game without entities)."""
    named = seats[seats["entity"] != ""]
    if named.empty:
        return pd.DataFrame(columns=["entity", "games", "deals", "share", "low", "high", "fair", "differs"])
    return with_fair(clustered(named, "entity"), n_seats, fair_share(seats)).sort_values(
        "share", ascending=False, ignore_index=True
    )


def first_player(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """The share of the seat that moved first, against 1/N: the first player's edge."""
    movers = seats[seats["first"]].assign(who="first player")
    return with_fair(clustered(movers, "who"), n_seats, fair_share(seats))


def placements(seats: pd.DataFrame) -> pd.DataFrame:
    """Each member's mean place (0 = first) and mean points, with the share of each place."""
    out = seats.groupby(["member", "player"], observed=True).agg(
        place=("place", "mean"), points=("points", "mean")
    )
    shares = pd.crosstab([seats["member"], seats["player"]], seats["place"], normalize="index")
    shares.columns = [f"place {int(c) + 1}" for c in shares.columns]
    return out.join(shares).reset_index()


def lengths(seats: pd.DataFrame, end_names: tuple[str, ...]) -> pd.DataFrame:
    """Game length in turns (mean, median, 90th percentile) and how games ended, per end."""
    games = seats.drop_duplicates("game")
    rows = []
    for key, group in games.groupby("end"):
        code = int(str(key))
        name = end_names[code] if 0 <= code < len(end_names) else str(code)
        turns = group["turns"]
        rows.append(
            {
                "end": name,
                "games": len(group),
                "share": len(group) / len(games),
                "mean turns": float(turns.mean()),
                "median turns": float(turns.median()),
                "90th percentile": float(turns.quantile(0.9)),
            }
        )
    return pd.DataFrame(rows)


def group_means(seats: pd.DataFrame, by: str, value: str) -> pd.DataFrame:
    """Per group of `by` (seat, member, entity): the mean of `value` ("place": 0 is first;
    "points": the game's own score) with its 95 % interval over deals."""
    return clustered(seats, by, value)


def team_shares(seats: pd.DataFrame) -> pd.DataFrame:
    """Each team's share of the games it wins (every member of a winning team wins), against
    its fair share: its mean number of seats over N, what it would win if every seat won
    alike. Empty for a game without teams (team -1)."""
    teams = seats[seats["team"] >= 0]
    if teams.empty:
        return pd.DataFrame(columns=["team", "games", "deals", "share", "low", "high", "fair", "differs"])
    n_seats = int(seats.groupby("game")["seat"].count().iloc[0])
    per_game = teams.groupby(["game", "cell", "deal", "team"], observed=True).agg(
        share=("win", "max"), size=("seat", "count")
    )
    per_game = per_game.reset_index()
    out = clustered(per_game, "team")
    fair = per_game.groupby("team")["size"].mean() / n_seats
    return with_fair(out, n_seats, out["team"].map(fair))


def by_table_size(frames: dict[int, pd.DataFrame], by: str) -> pd.DataFrame:
    """The shares of `by` (seat, entity, member) at each table size: one row per (players,
    group) with the share, its interval, the fair share and `relative` = share / fair (1: as
    many wins as a seat's share; 1.2: a fifth more). FRAMES maps a table size to its long
    frame (one run per size)."""
    parts = []
    for n, seats in sorted(frames.items()):
        named = seats[seats[by] != ""] if by == "entity" else seats
        out = with_fair(clustered(named, by), n, fair_share(seats))
        parts.append(out.assign(players=n, relative=out["share"] / out["fair"]))
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()


def size_trend(frames: dict[int, pd.DataFrame], by: str = "entity") -> pd.DataFrame:
    """How a group's share moves with the number of players: per group seen at two sizes or
    more, its share relative to the fair share at the fewest and at the most players, and the
    change with its 95 % interval (the runs are independent: their variances add),
    Holm-corrected over the groups."""
    from emr_sim.analysis.significance import adjust

    sizes = by_table_size(frames, by)
    if sizes.empty:
        return sizes
    rows = []
    for key, group in sizes.groupby(by, observed=True):
        if len(group) < 2:  # seen at one table size only: nothing moves
            continue
        group = group.sort_values("players")
        a, b = group.iloc[0], group.iloc[-1]
        change = b["relative"] - a["relative"]
        se = float(np.hypot(a["se"] / a["fair"], b["se"] / b["fair"]))
        rows.append(
            {by: key, "fewest": int(a["players"]), "most": int(b["players"]),
             "relative_fewest": a["relative"], "relative_most": b["relative"], "change": change,
             "low": change - Z95 * se, "high": change + Z95 * se,
             "p_value": float(2 * normal_sf(abs(change) / se)) if se > 0 else np.nan}
        )  # fmt: skip
    return adjust(pd.DataFrame(rows), method="holm")


def pair_synergy(seats: pd.DataFrame, by: str = "entity") -> pd.DataFrame:
    """Which two entities win together: for every two groups of `by` seen on one team, the win
    rate of a team holding both, against the mean win rate of teams holding one of them
    without the other; `synergy` is the difference with its 95 % interval over deals.
    Empty for a game without teams."""
    teams = seats[(seats["team"] >= 0) & (seats[by] != "")]
    if teams.empty:
        return pd.DataFrame(columns=["a", "b", "together", "apart", "synergy", "low", "high"])
    members = teams.groupby(["game", "team"], observed=True)[by].agg(frozenset)
    won = teams.groupby(["game", "team"], observed=True)["win"].max()
    deal = teams.groupby(["game", "team"], observed=True)[["cell", "deal"]].first()
    table = pd.DataFrame({"members": members, "win": won}).join(deal).reset_index()
    names = sorted({n for m in table["members"] for n in m})
    rows = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            has_a = table["members"].map(lambda m, a=a: a in m)
            has_b = table["members"].map(lambda m, b=b: b in m)
            both = table[has_a & has_b].assign(key="both")
            one = table[has_a ^ has_b].assign(key="one")
            if both.empty or one.empty:
                continue
            means = clustered(pd.concat([both, one]), "key", "win").set_index("key").reindex(["both", "one"])
            (together, apart), ses = means["win"].to_numpy(dtype=float), means["se"].to_numpy(dtype=float)
            diff = together - apart
            se = float(np.hypot(*ses))
            rows.append(
                {"a": a, "b": b, "teams_together": len(both), "together": together,
                 "apart": apart, "synergy": diff, "low": diff - Z95 * se,
                 "high": diff + Z95 * se}
            )  # fmt: skip
    return pd.DataFrame(rows)


def compare_tables(before: pd.DataFrame, after: pd.DataFrame, by: str) -> pd.DataFrame:
    """What moved from one table run to another on the same seed (the same deals): per group of
    `by` (member, entity, seat, order), its share before and after and the paired change, the
    deal as the unit (a deal's games in both runs: same cell, deal, rotation and seat), with a
    95 % interval and a Holm-corrected p-value. A place in the order of play is paired with the
    same place (same cell, deal, rotation and order): a change that reshuffles the deal draws
    another first mover, and the seat's own place before says nothing of its place after. A
    ValueError when no game is in both runs."""
    from emr_sim.analysis.significance import adjust

    keys = ["cell", "deal", "rotation", "order" if by == "order" else "seat"]
    both = before[list(dict.fromkeys([*keys, by, "share"]))].merge(
        after[[*keys, "share"]], on=keys, suffixes=("_before", "_after")
    )
    if both.empty:
        raise ValueError("no game is in both runs (the runs must share the seed and the table)")
    both["delta"] = both["share_after"] - both["share_before"]
    rows = []
    for key, group in both.groupby(by, observed=True):
        per_deal = group.groupby(["cell", "deal"], observed=True)["delta"].mean().to_numpy(dtype=float)
        delta = float(per_deal.mean())
        se = float(per_deal.std(ddof=1) / np.sqrt(len(per_deal))) if len(per_deal) > 1 else float("nan")
        rows.append(
            {by: key, "games": len(group), "deals": len(per_deal),
             "before": float(group["share_before"].mean()), "after": float(group["share_after"].mean()),
             "delta": delta, "se": se, "low": delta - Z95 * se,
             "high": delta + Z95 * se, "changed": float((group["delta"] != 0).mean()),
             "p_value": float(2 * normal_sf(abs(delta) / se)) if se > 0 else 1.0}
        )  # fmt: skip
    return adjust(pd.DataFrame(rows), method="holm")
