"""An 8MR matrix run read as a table run: its games frame (one row per game, sides A and B:
emr_sim.simulate.runs.records) in the long form of the table statistics (one row per game and
seat: emr_sim.analysis.tables), so the statistics of any table run also read 8MR's runs.

A pair (one deal, the seats swapped) is a deal played once per rotation of two seats: the
deal is (cell, pair), the rotation `a_seat`, side A is member 0 and side B member 1, and each
side's master its entity. A win is a place of 0 and a loss 1; a draw (the turn cap) leaves
both in first place, sharing the game (share 1/2 each). Points are the health left.
"""

from __future__ import annotations

import numpy as np
import pandas as pd


def pairs_long(games: pd.DataFrame, players: tuple[str, str] = ("A", "B")) -> pd.DataFrame:
    """One row per game and side: game, cell, deal, rotation, seat, first, turns, end, member,
    player, entity, win, draw, place, team (-1), points, share."""
    n = len(games)
    a_seat = games["a_seat"].to_numpy(dtype=np.int64)
    a_first = games["a_first"].to_numpy(dtype=bool)
    draw = games["draw"].to_numpy(dtype=np.int64)
    cell = (games["hero_a"].astype(str) + "-" + games["hero_b"].astype(str)).to_numpy()
    parts = []
    for member, side in enumerate(("a", "b")):
        win = games[f"win_{side}"].to_numpy(dtype=np.int64)
        points = games[f"health_{side}"].to_numpy(dtype=np.int64) if f"health_{side}" in games else 0
        parts.append(
            pd.DataFrame(
                {
                    "game": np.arange(n),
                    "cell": cell,
                    "deal": games["pair"].to_numpy(dtype=np.int64),
                    "rotation": a_seat,
                    "seat": a_seat if member == 0 else 1 - a_seat,
                    "first": a_first if member == 0 else ~a_first,
                    "turns": games["turns"].to_numpy(),
                    "end": np.where(draw == 1, 1, 0),
                    "member": member,
                    "player": players[member],
                    "entity": games[f"hero_{side}"].astype(str).to_numpy(),
                    "win": win,
                    "draw": draw,
                    "place": np.where((win == 1) | (draw == 1), 0, 1),
                    "team": -1,
                    "points": points,
                    "share": win + draw / 2,
                }
            )
        )
    return pd.concat(parts, ignore_index=True).sort_values(["game", "seat"], ignore_index=True)
