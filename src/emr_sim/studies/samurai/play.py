"""Samurai Sword's study games (docs/samurai.md, "What a designer asks"): deals played to their
end by the game's study loop (games/samurai/study.py) on this process's threads, as two
frames: one row per game and seat (role, team, result, character, place from the Shogun,
points, and per card kind how often the seat played it and how many it held at the end), and
one row per game (length, how it ended, the teams' points)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pandas as pd

from emr_sim.games.samurai import study as SM
from emr_sim.games.samurai.rules import layout as L
from emr_sim.simulate.tables.play import loop_buffers
from emr_sim.simulate.tables.settings import TableSettings, table_settings

PART = 2000  # deals per task


def settings(n: int, players: str, seed: int, workers: int, rules: dict | None = None) -> TableSettings:
    return table_settings("samurai", n, players, rules or {}, seed=seed, workers=workers)


def _part(s: TableSettings, first: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    n = s.n_seats
    bufs = loop_buffers(s.made, s.lineup)
    out = np.zeros((count, n, SM.SM_SIZE), dtype=np.int64)
    rec = np.zeros((count, SM.GM_SIZE), dtype=np.int64)
    SM.play_summaries(
        s.made.loop_constants(), bufs, s.seed, first, count, s.lineup.kinds, s.lineup.params, out, rec
    )
    return out, rec


def play(s: TableSettings, deals: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(seats, games) of deals 0 .. deals - 1 of the settings' run, member s in seat s."""
    parts = [(first, min(PART, deals - first)) for first in range(0, deals, PART)]
    _part(s, 0, 1)  # loads (or compiles) the loop before the threads start
    with ThreadPoolExecutor(max_workers=s.workers) as pool:
        done = list(pool.map(lambda part: _part(s, *part), parts))
    out = np.concatenate([d[0] for d in done])
    rec = np.concatenate([d[1] for d in done])
    return seat_frame(s, out), game_frame(s, rec)


def seat_frame(s: TableSettings, out: np.ndarray) -> pd.DataFrame:
    cards = s.made.extra
    games, n, _ = out.shape
    flat = out.reshape(games * n, SM.SM_SIZE)
    frame = pd.DataFrame(
        {
            "game": np.repeat(np.arange(games), n),
            "seat": np.tile(np.arange(n), games),
            "player": np.tile(np.array(s.lineup.specs), games),
            "role": [L.ROLE_NAMES[r] for r in flat[:, SM.SM_ROLE]],
            "team": [L.TEAM_NAMES[t] for t in flat[:, SM.SM_TEAM]],
            "win": flat[:, SM.SM_WIN],
            "draw": flat[:, SM.SM_DRAW],
            "character": [cards.char_names[c] for c in flat[:, SM.SM_CHAR]],
            "order": flat[:, SM.SM_ORDER],
            "points": flat[:, SM.SM_POINTS],
            "honour": flat[:, SM.SM_HONOUR],
        }
    )
    for k, name in enumerate(cards.card_names):
        frame[f"played {name}"] = flat[:, SM.SM_PLAYED + k]
        frame[f"held {name}"] = flat[:, SM.SM_HELD + k]
    return frame


def game_frame(s: TableSettings, rec: np.ndarray) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "game": np.arange(len(rec)),
            "turns": rec[:, SM.GM_TURNS],
            "end": [L.END_NAMES[e] for e in rec[:, SM.GM_END]],
            "decisions": rec[:, SM.GM_DECISIONS],
            "exhaustions": rec[:, SM.GM_EXHAUSTS],
        }
    )
    for team, name in enumerate(L.TEAM_NAMES):
        frame[f"points {name}"] = rec[:, SM.GM_TEAM_POINTS + team]
    return frame


def starting_shares(s: TableSettings) -> dict[str, float]:
    """Each team's share of the weighted honour at the start (what its points share would be
    if nothing moved), from the card file's roles and weights at this size."""
    cards, n = s.made.extra, s.n_seats
    weighted = {name: 0.0 for name in L.TEAM_NAMES}
    for role in range(L.N_ROLES):
        count = int(cards.RT[n, role])
        honour = int(cards.RT[n, L.RT_HONOUR_SHOGUN if role == L.SHOGUN else L.RT_HONOUR_OTHER])
        team = L.TEAM_NAMES[0 if role <= L.SAMURAI else role - 1]
        weighted[team] += count * honour * int(cards.WT[n, role])
    total = sum(weighted.values())
    return {team: value / total for team, value in weighted.items() if value > 0}
