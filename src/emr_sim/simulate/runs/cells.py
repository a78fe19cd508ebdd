"""The cells of a matrix run, in one small module that both the players of runs and the
readers of run directories use: which cells a run has, the seed of each, and the batches the
sequential rule (--until-ci) adds. Plain Python (nothing of the kernels)."""

from __future__ import annotations

import hashlib
import itertools
from typing import TYPE_CHECKING

from emr_sim.games.emr import codes as C
from emr_sim.stats import wilson

if TYPE_CHECKING:
    import pandas as pd

DEFAULT_GAMES = 10_000  # games per cell: ±1 point (95 %) near 50 %
DEFAULT_MAX_GAMES = 1_000_000  # cap of the sequential rule, per cell
BATCH_PAIRS = 1_000  # pairs added at a time by the sequential rule (--until-ci)
SEED_MASK = (1 << 62) - 1
EVERY = "every"  # run record key "assignments": every ordered pair of masters, mirrors included


def cell_seed(seed: int, hero_a: str, hero_b: str) -> int:
    """The seed of one cell: a hash of the run seed and the two heroes (order matters)."""
    digest = hashlib.sha256(f"emr-sim cell {int(seed)} {hero_a} {hero_b}".encode()).digest()
    return int.from_bytes(digest[:8], "little") & SEED_MASK


def cell_pairs(heroes: list[str], every: bool = False) -> list[tuple[str, str]]:
    """The cells of a matrix over `heroes`, in HERO_NAMES order: each unordered pair of
    distinct masters once; with `every`, every ordered pair, mirrors included (side A's
    master first: the cells a run needs when the two sides' players differ)."""
    ordered = sorted(heroes, key=C.HERO_NAMES.index)
    if every:
        return [(a, b) for a in ordered for b in ordered]
    return list(itertools.combinations(ordered, 2))


def wilson_half_width(wins: float, games: int) -> float:
    """Half-width of the 95 % Wilson interval of `wins` in `games`."""
    low, high = wilson(wins, games)
    return (high - low) / 2


def half_width(games: pd.DataFrame) -> float:
    """Half-width of the 95 % Wilson interval of side A's win rate in a records frame."""
    return wilson_half_width(int(games["win_a"].sum()), len(games))


def sequential_batches(n_pairs: int, cap_pairs: int) -> list[tuple[int, int]]:
    """(first pair, pairs) of each batch the sequential rule may add after n_pairs, up to the cap."""
    return [(first, min(BATCH_PAIRS, cap_pairs - first)) for first in range(n_pairs, cap_pairs, BATCH_PAIRS)]


def rule_continues(rate: float, games: int, until_ci: float) -> bool:
    """Whether the sequential rule, looking after `games` games won at `rate`, adds a batch."""
    return wilson_half_width(rate * games, games) > until_ci
