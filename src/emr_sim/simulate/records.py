"""Per-game records of paired games as a pandas DataFrame with side-neutral columns.

A matrix cell, a matchup with records, and the analysis pipelines share this schema: one
row per game, side A / side B rather than seats, so frames of different cells stack.

Columns (all int64 unless said):

    hero_a, hero_b          the two masters (str; in a mirror match both are the same)
    pair                    pair index in the run of the cell (the deal: game index)
    a_seat                  side A's seat in this game (0 or 1; the pair plays both)
    a_first                 1 when side A took the first turn
    win_a, win_b, draw      the outcome, one-hot
    turns, plays, decisions game length (turns), cards played, decisions taken
    <stat>_a, <stat>_b      per side, for stat in SIDE_STATS:
                              health (final), hits, blocks, counters, extras
                              damage_<source>   damage TAKEN by the side, per SOURCE_NAMES
                              effect_<effect>   effects applied by the side, per EFFECT_NAMES[1:]
                              tech_<technique>  technique uses, per TECH_NAMES
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim import codes as C
from emr_sim.files import write_atomically

SIDES = ("a", "b")
GAME_FIELDS = {"turns": C.GR_TURNS, "plays": C.GR_PLAYS, "decisions": C.GR_DECISIONS}
# per-seat fields of a game record: name -> (offset of seat 0, width, index within a seat)
SIDE_STATS: dict[str, tuple[int, int, int]] = {
    "health": (C.GR_HEALTH, 1, 0),
    "hits": (C.GR_HITS, 1, 0),
    "blocks": (C.GR_BLOCKS, 1, 0),
    "counters": (C.GR_COUNTERS, 1, 0),
    "extras": (C.GR_EXTRAS, 1, 0),
}
SIDE_STATS |= {f"damage_{n}": (C.GR_DAMAGE, C.N_SOURCES, k) for k, n in enumerate(C.SOURCE_NAMES)}
SIDE_STATS |= {f"effect_{n}": (C.GR_EFFECTS, C.N_EFFECTS, k) for k, n in enumerate(C.EFFECT_NAMES) if k}
SIDE_STATS |= {f"tech_{n}": (C.GR_TECH, C.N_TECH, k) for k, n in enumerate(C.TECH_NAMES)}


def game_frame(rows: np.ndarray, hero_a: str, hero_b: str, first_pair: int = 0) -> pd.DataFrame:
    """One row per game from record rows (emr_sim.sim.pairs.RECORD_COLS wide: the game
    record, then side A's seat), rows 2j and 2j+1 being pair first_pair + j."""
    n = len(rows)
    a_seat = rows[:, C.GR_SIZE].astype(np.int64)
    winner = rows[:, C.GR_WINNER]
    draw = winner == C.DRAWN_GAME
    idx = np.arange(n)
    frame: dict[str, object] = {
        "hero_a": pd.Categorical([hero_a] * n, categories=C.HERO_NAMES),
        "hero_b": pd.Categorical([hero_b] * n, categories=C.HERO_NAMES),
        "pair": first_pair + idx // 2,
        "a_seat": a_seat,
        "a_first": (rows[:, C.GR_FIRST] == a_seat).astype(np.int64),
        "win_a": (~draw & (winner == a_seat)).astype(np.int64),
        "win_b": (~draw & (winner != a_seat)).astype(np.int64),
        "draw": draw.astype(np.int64),
    }
    frame |= {name: rows[:, off].astype(np.int64) for name, off in GAME_FIELDS.items()}
    for side, letter in enumerate(SIDES):
        seat = a_seat if side == 0 else 1 - a_seat
        for name, (base, width, k) in SIDE_STATS.items():
            frame[f"{name}_{letter}"] = rows[idx, base + seat * width + k].astype(np.int64)
    return pd.DataFrame(frame)


def swap_sides(games: pd.DataFrame) -> pd.DataFrame:
    """The same games seen from side B: hero_a <-> hero_b and every _a <-> _b column."""
    rename = {"hero_a": "hero_b", "hero_b": "hero_a", "win_a": "win_b", "win_b": "win_a"}
    for name in SIDE_STATS:
        rename |= {f"{name}_a": f"{name}_b", f"{name}_b": f"{name}_a"}
    out = games.rename(columns=rename)
    out["a_seat"] = 1 - games["a_seat"]
    out["a_first"] = 1 - games["a_first"]
    return out[list(games.columns)]


def write_records(frame: pd.DataFrame, path: str | Path) -> Path:
    """Parquet for *.parquet, else CSV; written whole or not at all."""
    if Path(path).suffix.lower() == ".parquet":
        return write_atomically(path, lambda tmp: frame.to_parquet(tmp, index=False))
    return write_atomically(path, lambda tmp: frame.to_csv(tmp, index=False))
