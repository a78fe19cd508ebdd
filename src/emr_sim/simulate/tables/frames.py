"""A table run's rows as pandas frames: one row per game with a column block per seat
(`s0_member`, `s0_entity`, `s0_win` ...), and the long form, one row per game and seat, that
the statistics of emr_sim.analysis.tables read."""

from __future__ import annotations

import numpy as np
import pandas as pd

from emr_sim.table_layout import RECORD_NAMES, RESULT_NAMES, TR_HEAD, TS_SIZE

HEAD = ("deal", "rotation", *RECORD_NAMES)
SEAT_FIELDS = ("member", "entity", *RESULT_NAMES)


def columns(n_seats: int) -> list[str]:
    return [*HEAD, *(f"s{s}_{name}" for s in range(n_seats) for name in SEAT_FIELDS)]


def rows_frame(rows: np.ndarray, n_seats: int) -> pd.DataFrame:
    """The rows of emr_sim.loops.table as a frame with named columns (int64, or the smallest
    integer type that holds them: a compact file)."""
    assert rows.shape[1] == TR_HEAD + n_seats * TS_SIZE
    frame = pd.DataFrame(rows, columns=columns(n_seats))
    return frame.apply(pd.to_numeric, downcast="integer")


def long_frame(
    games: pd.DataFrame, n_seats: int, players: list[str], entities: tuple[str, ...]
) -> pd.DataFrame:
    """One row per game and seat: deal, rotation, game (its index in the run), seat, member,
    player (its spec), entity (its name, "" for none), first (whether it moved first), the
    results, and share: the seat's share of the win (1 alone, 1/k for k seats tied first)."""
    parts = []
    for s in range(n_seats):
        part = pd.DataFrame(
            {
                "game": np.arange(len(games)),
                "cell": games["cell"].to_numpy() if "cell" in games else "",
                "deal": games["deal"].to_numpy(),
                "rotation": games["rotation"].to_numpy(),
                "seat": s,
                "first": (games["first"] == s).to_numpy(),
                "turns": games["turns"].to_numpy(),
                "end": games["end"].to_numpy(),
                **{name: games[f"s{s}_{name}"].to_numpy() for name in SEAT_FIELDS},
            }
        )
        parts.append(part)
    seats = pd.concat(parts, ignore_index=True)
    seats["player"] = [players[m] for m in seats["member"]]
    seats["entity"] = ["" if e < 0 else entities[e] for e in seats["entity"]]
    tied = seats.groupby("game")["draw"].transform("sum").clip(lower=1)
    seats["share"] = seats["win"] + seats["draw"] / tied
    return seats.sort_values(["game", "seat"], ignore_index=True)
