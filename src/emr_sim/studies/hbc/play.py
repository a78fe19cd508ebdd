"""HBC's games for its designer study (studies/hbc/designer.py): deals played once per rotation
of the seats by the compiled loop of the game's studies (games/hbc/study_entry.py, the table
loop's games and each seat's log), on this process's threads, as frames: one row per game and
seat. The same deals for any entities and card changes: a paired comparison plays them twice."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd

from emr_sim.games.contract import Made
from emr_sim.loops.table import row_width, table_buffers
from emr_sim.simulate.tables.frames import long_frame, rows_frame
from emr_sim.simulate.tables.lineup import Lineup
from emr_sim.simulate.tables.play import parts

LOG_PREFIX = "log_"


def buffers(made: Made, lineup: Lineup) -> tuple:
    """One loop's buffers (the table loop's: simulate.tables.play, loops.table)."""
    from emr_sim.simulate.tables import play

    if hasattr(play, "loop_buffers"):  # the players' search buffers, where the toolkit has them
        return play.loop_buffers(made, lineup)
    game = made.game
    return table_buffers(game.state_size, game.max_legal, made.n_seats, game.work_size)


def play_part(made: Made, lineup: Lineup, seed: int, entities: np.ndarray, first: int, count: int):
    """(rows, logs) of deals first .. first + count - 1, every rotation, in this thread."""
    from emr_sim.games.hbc.rules.layout import LOG_SIZE

    n = made.n_seats
    rows = np.zeros((count * n, row_width(n)), dtype=np.int64)
    logs = np.zeros((count * n, n, LOG_SIZE), dtype=np.int64)
    made.game.face().logged_entry()(
        made.loop_constants(), buffers(made, lineup), seed, first, count, lineup.kinds, lineup.params,
        entities, rows, logs,
    )  # fmt: skip
    return rows, logs


def play_games(
    made: Made, lineup: Lineup, seed: int, entities, deals: int, workers: int = 2, first: int = 0
) -> pd.DataFrame:
    """Deals first .. first + deals - 1 of run `seed`, every rotation, as one row per game and
    seat (simulate.tables.frames.long_frame) with the seat's log (log_* columns)."""
    from emr_sim.games.hbc.rules.layout import LOG_NAMES

    codes = np.asarray(entities, dtype=np.int64)
    todo = parts(deals, first)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        done = list(pool.map(lambda p: play_part(made, lineup, seed, codes, *p), todo))
    rows = np.concatenate([r for r, _ in done])
    logs = np.concatenate([g for _, g in done])
    n = made.n_seats
    seats = long_frame(rows_frame(rows, n).assign(cell=""), n, list(lineup.specs), made.game.entities)
    for w, name in enumerate(LOG_NAMES):
        seats[LOG_PREFIX + name] = logs[:, :, w].reshape(-1)  # long_frame: by game, then seat
    return seats
