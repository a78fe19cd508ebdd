"""Statistics of a game with hidden teams (Samurai Sword, docs/samurai.md), frame to frame:
the factions' wins and points against their fair share, the characters' win rates corrected
for many comparisons, the effect of a seat's place, how games end, and the cards that go with
winning. The frames are one row per game and seat (columns game, team, role, win, draw,
character, order, points, `played CARD`, `held CARD`) and one per game (turns, end, `points
TEAM`); every interval is 95 %."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.stats import norm
from statsmodels.stats.multitest import multipletests

from emr_sim.stats import Z95, wilson


def winners(seats: pd.DataFrame) -> pd.Series:
    """The winning team of each game ("draw" for a game no team won)."""
    won = seats[seats["win"] == 1].drop_duplicates("game").set_index("game")["team"]
    return won.reindex(sorted(seats["game"].unique()), fill_value="draw")


def faction_table(seats: pd.DataFrame, games: pd.DataFrame, start_share: dict[str, float]) -> pd.DataFrame:
    """Per team in play: its wins with a Wilson interval against the fair share (1 / the
    teams in play), its mean share of the points against its share of the weighted honour at
    the start."""
    teams = list(start_share)
    won = winners(seats)
    n_games = len(won)
    fair = 1.0 / len(teams)
    total = games[[f"points {t}" for t in teams]].clip(lower=0).sum(axis=1).replace(0, np.nan)
    rows = []
    for team in teams:
        wins = int((won == team).sum())
        low, high = wilson(wins, n_games)
        share = (games[f"points {team}"].clip(lower=0) / total).dropna()
        half = Z95 * share.std(ddof=1) / math.sqrt(len(share))
        rows.append({
            "team": team, "games": n_games, "wins": wins / n_games, "low": low, "high": high, "fair": fair,
            "differs": low > fair or high < fair, "points share": share.mean(),
            "points low": share.mean() - half, "points high": share.mean() + half,
            "start share": start_share[team],
        })  # fmt: skip
    return pd.DataFrame(rows)


def rate_table(seats: pd.DataFrame, by: str) -> pd.DataFrame:
    """Win rate per value of `by` with a Wilson interval; each value against all the others
    (a two-proportion z test), the p-values corrected by Holm for the family of values."""
    rows = []
    total_wins, total = int(seats["win"].sum()), len(seats)
    for key, group in seats.groupby(by):
        wins, count = int(group["win"].sum()), len(group)
        low, high = wilson(wins, count)
        rest_wins, rest = total_wins - wins, total - count
        p_pool = total_wins / total
        se = math.sqrt(p_pool * (1 - p_pool) * (1 / count + 1 / rest)) if rest else float("nan")
        z = (wins / count - rest_wins / rest) / se if rest and se > 0 else 0.0
        others = rest_wins / rest if rest else float("nan")
        rows.append({by: key, "seat-games": count, "win rate": wins / count, "low": low, "high": high,
                     "others": others, "p": 2 * norm.sf(abs(z))})  # fmt: skip
    out = pd.DataFrame(rows)
    out["p holm"] = multipletests(out["p"], method="holm")[1]
    out["differs"] = out["p holm"] < 0.05
    return out.sort_values("win rate", ascending=False, ignore_index=True)


def order_table(seats: pd.DataFrame) -> pd.DataFrame:
    """Win rate by the seat's place clockwise from the Shogun (0: the Shogun), overall and
    for the seats of each team there."""
    out = rate_table(seats, "order").sort_values("order", ignore_index=True)
    for team, group in seats.groupby("team"):
        out[f"{team}"] = out["order"].map(group.groupby("order")["win"].mean())
    return out


def end_table(games: pd.DataFrame) -> pd.DataFrame:
    """How games end: the share of each end, with the length in turns (mean, median, 90th)."""

    def lengths(end: str, group: pd.DataFrame) -> dict:
        turns = group["turns"]
        return {"end": end, "share": len(group) / len(games), "mean turns": turns.mean(),
                "median turns": turns.median(), "90th percentile": turns.quantile(0.9)}  # fmt: skip

    rows = [lengths(str(end), group) for end, group in games.groupby("end")]
    return pd.DataFrame([*rows, lengths("all", games)])


def card_table(seats: pd.DataFrame, cards: tuple[str, ...]) -> pd.DataFrame:
    """Per card: how often a seat plays it (mean per seat-game) and the win rate of the seats
    that played it against those that did not; how often a seat holds it at the end and the
    win rate of the holders against the others. Sorted by the larger gap."""
    rows = []
    for card in cards:
        played, held = seats[f"played {card}"] > 0, seats[f"held {card}"] > 0
        rows.append({
            "card": card, "played per seat-game": seats[f"played {card}"].mean(),
            "win if played": seats.loc[played, "win"].mean(), "win if not": seats.loc[~played, "win"].mean(),
            "held at the end": held.mean(), "win if held": seats.loc[held, "win"].mean(),
            "win if not held": seats.loc[~held, "win"].mean(),
        })  # fmt: skip
    out = pd.DataFrame(rows)
    out["played gap"] = out["win if played"] - out["win if not"]
    out["held gap"] = out["win if held"] - out["win if not held"]
    gap = out[["played gap", "held gap"]].abs().max(axis=1)
    return out.assign(gap=gap).sort_values("gap", ascending=False, ignore_index=True).drop(columns="gap")
