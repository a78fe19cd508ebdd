"""The hero matrix: every pair of distinct heroes played as paired games, one cell at a time.

A cell (hero_a, hero_b) with hero_a before hero_b in HERO_NAMES order plays the seat-swapped
pairs of `emr-sim matchup` on its own seed, cell_seed(run seed, hero_a, hero_b), so cells are
independent of each other, and two runs with the same run seed play the same deals in every
cell (what `emr-sim compare` pairs up). A cell's games are a records frame
(emr_sim.records), which the run directory (emr_sim.rundir) keeps as one Parquet file.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from emr_sim import codes as C
from emr_sim.records import game_frame
from emr_sim.stats import wilson

BATCH_PAIRS = 1_000  # pairs added at a time by the sequential rule (--until-ci)
SEED_MASK = (1 << 62) - 1


def cell_seed(seed: int, hero_a: str, hero_b: str) -> int:
    """The seed of one cell: a hash of the run seed and the two heroes (order matters)."""
    digest = hashlib.sha256(f"emr-sim cell {int(seed)} {hero_a} {hero_b}".encode()).digest()
    return int.from_bytes(digest[:8], "little") & SEED_MASK


def cell_pairs(heroes: list[str]) -> list[tuple[str, str]]:
    """The cells of a matrix over `heroes`: each unordered pair once, in HERO_NAMES order."""
    ordered = sorted(heroes, key=C.HERO_NAMES.index)
    return list(itertools.combinations(ordered, 2))


@dataclass
class CellSpec:
    """What every cell of a run shares: card table, options, players, seed, sizes."""

    table: np.ndarray
    opts: np.ndarray
    players: tuple[int, int]  # player kind of side A, side B
    seed: int
    games: int  # games per cell (rounded up to pairs); the minimum with until_ci
    until_ci: float | None = None  # sequential: add pairs until the half-width is at most this
    max_games: int | None = None  # the cap of the sequential rule
    workers: int = 1


def play_cell_pairs(spec: CellSpec, hero_a: str, hero_b: str, first_pair: int, n_pairs: int, progress):
    """Pairs first_pair.. of the cell as a records frame."""
    from emr_sim.matchup import run_pairs

    sides = np.array(
        [spec.players[0], spec.players[1], C.HERO_NAMES.index(hero_a), C.HERO_NAMES.index(hero_b)],
        dtype=np.int64,
    )
    seed = cell_seed(spec.seed, hero_a, hero_b)
    _, rows = run_pairs(spec.table, spec.opts, seed, n_pairs, sides, spec.workers, True, progress, first_pair)
    return game_frame(rows, hero_a, hero_b, first_pair)


def half_width(games: pd.DataFrame) -> float:
    """Half-width of the 95 % Wilson interval of side A's win rate."""
    low, high = wilson(int(games["win_a"].sum()), len(games))
    return (high - low) / 2


def play_cell(spec: CellSpec, hero_a: str, hero_b: str, progress) -> pd.DataFrame:
    """All games of one cell: spec.games, then, with until_ci, batches of BATCH_PAIRS pairs
    until the interval half-width is at most until_ci or max_games is reached."""
    n_pairs = math.ceil(spec.games / 2)
    frames = [play_cell_pairs(spec, hero_a, hero_b, 0, n_pairs, progress)]
    if spec.until_ci is None:
        return frames[0]
    cap_pairs = math.ceil((spec.max_games or spec.games) / 2)
    while half_width(pd.concat(frames)) > spec.until_ci and n_pairs < cap_pairs:
        batch = min(BATCH_PAIRS, cap_pairs - n_pairs)
        frames.append(play_cell_pairs(spec, hero_a, hero_b, n_pairs, batch, progress))
        n_pairs += batch
    return pd.concat(frames, ignore_index=True)
