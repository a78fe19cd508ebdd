"""Games frames for the analysis tests: hand-built cells with known outcomes, and small real runs."""

from __future__ import annotations

import functools

import numpy as np
import pandas as pd

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.loops.pairs import RECORD_COLS
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.records import SIDE_STATS, game_frame


def synthetic_cell(
    hero_a: str,
    hero_b: str,
    results: str,
    *,
    turns=None,
    first_seat=None,
    stats: dict[str, tuple] | None = None,
    first_pair: int = 0,
) -> pd.DataFrame:
    """A records frame built through records.game_frame from known outcomes.

    results: one letter per game, A (side A won), B (side B won) or D (draw); games 2j and
    2j+1 are pair first_pair + j with side A in seat 0, then seat 1. turns: per game
    (default 10). first_seat: per pair, the seat that moves first (default 0, so side A
    moves first in the first game of every pair). stats: {stat: (values of side A, values
    of side B)} per game for any records.SIDE_STATS name; the others are 0.
    """
    n = len(results)
    assert n % 2 == 0, "whole pairs"
    rows = np.zeros((n, RECORD_COLS), dtype=np.int64)
    a_seat = np.tile([0, 1], n // 2)
    rows[:, C.GR_SIZE] = a_seat
    letters = np.array(list(results))
    rows[:, C.GR_WINNER] = np.select([letters == "A", letters == "B"], [a_seat, 1 - a_seat], C.DRAWN_GAME)
    rows[:, C.GR_FIRST] = np.repeat(np.zeros(n // 2, dtype=np.int64) if first_seat is None else first_seat, 2)
    rows[:, C.GR_TURNS] = 10 if turns is None else turns
    idx = np.arange(n)
    for name, (values_a, values_b) in (stats or {}).items():
        base, width, k = SIDE_STATS[name]
        rows[idx, base + a_seat * width + k] = values_a
        rows[idx, base + (1 - a_seat) * width + k] = values_b
    return game_frame(rows, hero_a, hero_b, first_pair)


def flipped(games: pd.DataFrame) -> pd.DataFrame:
    """The same games stored the other way round (hero_b as side A)."""
    from emr_sim.simulate.runs.records import swap_sides

    return swap_sides(games)


@functools.lru_cache(maxsize=4)
def _real_run(
    heroes: tuple[str, ...], games: int, seed: int, rules: tuple[tuple[str, str], ...]
) -> pd.DataFrame:
    from tqdm import tqdm

    from emr_sim.simulate.play.matrix import CellSpec, play_cell
    from emr_sim.simulate.play.setup import run_setup
    from emr_sim.simulate.runs.cells import cell_pairs

    chosen = dict(rules)
    fury = chosen.pop("fury", "off") == "on"
    setup = run_setup(
        RunSettings(players="greedy", fury=fury, deck=None, rules=chosen, seed=seed, workers=1), "a test"
    )
    spec = CellSpec(setup, games=games)
    frames = [play_cell(spec, a, b, tqdm(disable=True)) for a, b in cell_pairs(list(heroes))]
    return pd.concat(frames, ignore_index=True)


def real_run(
    heroes=("crow", "wind", "poison"), games: int = 400, seed: int = 7, rules=(("fury", "on"),)
) -> pd.DataFrame:
    """A small real matrix run (greedy players), played once per session and copied."""
    return _real_run(tuple(heroes), games, seed, tuple(rules)).copy()
