"""Statistics of a table run of any game and size, from its long frame (one row per game and
seat: emr_sim.simulate.tables.frames.long_frame), as frame-to-frame functions.

A deal is played once per rotation of the seating, so its luck and the seat order cancel
within it: every interval here treats a deal's games as one unit (the mean over a deal's
rotations, then the mean and its standard error over deals), as 8MR's pairs are. A member's
or a seat's fair share of the wins is 1/N at N seats; `share` counts a win alone as 1 and a
first place shared by k seats as 1/k each.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

Z95 = 1.959963984540054


def clustered(frame: pd.DataFrame, by: str, value: str = "share") -> pd.DataFrame:
    """Per group of `by`: games, mean of `value` and its 95 % interval over deals (each deal's
    games of that group averaged first)."""
    per_deal = frame.groupby([by, "cell", "deal"], observed=True)[value].mean().reset_index()
    rows = []
    for key, group in per_deal.groupby(by, observed=True):
        values = group[value].to_numpy(dtype=float)
        mean = float(values.mean())
        half = Z95 * float(values.std(ddof=1)) / np.sqrt(len(values)) if len(values) > 1 else float("nan")
        games = int((frame[by] == key).sum())
        rows.append(
            {
                by: key,
                "games": games,
                "deals": len(values),
                value: mean,
                "low": mean - half,
                "high": mean + half,
            }
        )
    return pd.DataFrame(rows)


def with_fair(frame: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """The fair share 1/N beside each share, and whether the interval leaves it out."""
    out = frame.copy()
    out["fair"] = 1.0 / n_seats
    margin = 1e-12  # an interval of no width (identical players) is not a difference
    out["differs"] = (out["low"] > out["fair"] + margin) | (out["high"] < out["fair"] - margin)
    return out


def seat_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each seat's share of the wins (seat 0 is the first in the game's own seat order)."""
    return with_fair(clustered(seats, "seat"), n_seats)


def member_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each lineup member's share of the wins, with its player spec."""
    out = with_fair(clustered(seats, "member"), n_seats)
    players = seats.drop_duplicates("member").set_index("member")["player"]
    out.insert(1, "player", out["member"].map(players))
    return out


def entity_shares(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """Each entity's share of the wins (empty for a game without entities)."""
    named = seats[seats["entity"] != ""]
    if named.empty:
        return pd.DataFrame(columns=["entity", "games", "deals", "share", "low", "high", "fair", "differs"])
    return with_fair(clustered(named, "entity"), n_seats).sort_values(
        "share", ascending=False, ignore_index=True
    )


def first_player(seats: pd.DataFrame, n_seats: int) -> pd.DataFrame:
    """The share of the seat that moved first, against 1/N: the first player's edge."""
    movers = seats[seats["first"]].assign(who="first player")
    return with_fair(clustered(movers, "who"), n_seats)


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
