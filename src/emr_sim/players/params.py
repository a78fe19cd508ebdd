"""STAND-IN for the greedy's parameter table (issue 13, branch `params` owns the real one).

Made-up entries with the agreed interface, so the player specs (emr_sim.specs) and the
book files (emr_sim.book) can be built and tested before the real table is merged; the
merge replaces this file. Plain Python: no numba, nothing of the package but codes.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from emr_sim.codes import HERO_NAMES, N_HEROES


class Param(NamedTuple):
    """One entry of the greedy's parameter vector; heroes None = used by every master."""

    name: str
    index: int
    default: float
    low: float
    high: float
    integer: bool
    heroes: tuple[str, ...] | None
    doc: str


PARAMS = (
    Param("w_health", 0, 1.0, 0.0, 10.0, False, None, "weight of a health point"),
    Param("w_pair", 1, 0.5, 0.0, 10.0, False, None, "weight of a pair of cards of one colour"),
    Param("depth", 2, 1.0, 0.0, 3.0, True, None, "plies looked ahead"),
    Param("crow_tokens", 3, 0.25, 0.0, 5.0, False, ("crow",), "weight of a crow token on the board"),
)
PARAM_NAMES = tuple(p.name for p in PARAMS)
N_PARAMS = len(PARAMS)
WEIGHT_ROWS = N_HEROES + 1  # row h = master h (HERO_NAMES order); the last row: fury off
ROW_NO_HERO = N_HEROES
assert len(HERO_NAMES) == N_HEROES


def default_vector() -> np.ndarray:
    return np.array([p.default for p in PARAMS], dtype=np.float64)


def default_weights() -> np.ndarray:
    """(side, row, parameter): every row of both sides the defaults."""
    return np.tile(default_vector(), (2, WEIGHT_ROWS, 1))


def check_vector(vec: np.ndarray) -> None:
    """ValueError naming the first entry out of range or not whole where it must be."""
    values = np.asarray(vec, dtype=np.float64)
    if values.shape != (N_PARAMS,):
        raise ValueError(f"a parameter vector has {N_PARAMS} entries, not shape {values.shape}")
    for p in PARAMS:
        v = float(values[p.index])
        if not p.low <= v <= p.high:
            raise ValueError(f"{p.name} = {v:g} is outside {p.low:g}..{p.high:g}")
        if p.integer and v != int(v):
            raise ValueError(f"{p.name} = {v:g} must be a whole number")
