"""The greedy's parameter table as people name it: rows by master, parameters by name, the one
range check that specs, books and the search settings share.

The table itself (PARAMS, the K_* indices, the defaults and ranges) is kernel data and lives in
emr_sim.games.emr.players.params; this module is its Python side.
"""

from __future__ import annotations

import math

from emr_sim.games.emr.codes import HERO_NAMES
from emr_sim.games.emr.players.params import BY_NAME, PARAMS, ROW_NO_HERO, WEIGHT_ROWS, Param

NO_HERO_ROW = "no_hero"
ROW_NAMES = (*HERO_NAMES, NO_HERO_ROW)  # row r of a (WEIGHT_ROWS, N_PARAMS) array

assert len(ROW_NAMES) == WEIGHT_ROWS and ROW_NAMES.index(NO_HERO_ROW) == ROW_NO_HERO

__all__ = ["BY_NAME", "NO_HERO_ROW", "PARAMS", "ROW_NAMES", "out_of_range", "shown", "users", "uses"]


def uses(param: Param, row: int) -> bool:
    """Whether the master of a row reads this parameter (no technique is used with fury off)."""
    if param.heroes is None:
        return True
    return row != ROW_NO_HERO and HERO_NAMES[row] in param.heroes


def users(param: Param) -> str:
    """Who reads a parameter, in words."""
    return "every master" if param.heroes is None else ", ".join(param.heroes)


def out_of_range(value: float, low: float, high: float, integer: bool) -> str | None:
    """What is wrong with a number for a parameter of this range (None: nothing), in words that
    follow the parameter's name: 'is outside 0..3.6', 'must be a whole number'."""
    if not math.isfinite(value):
        return "is not a finite number"
    if not low <= value <= high:
        return f"is outside {shown(low)}..{shown(high)}"
    if integer and not float(value).is_integer():
        return "must be a whole number"
    return None


def shown(value: float | str) -> str:
    """A value as a spec's canonical text writes it: the shortest text that reads back the same."""
    if isinstance(value, str):
        return value
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text
