"""Loading a position of either form: the full JSON (emr_sim.games.emr.face.position, version 1) or a
short position written by hand (emr_sim.games.emr.face.short, version 2), from a file or a parsed dict,
checked against the deck it is played with."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from emr_sim.games.emr.face.fields import SHORT_VERSION, read_position_file
from emr_sim.games.emr.face.position import state_from_dict
from emr_sim.games.emr.face.short import state_from_short
from emr_sim.games.emr.face.validate import PositionError, fail

__all__ = ["PositionError", "load_position", "read_position_file"]


def load_position(
    path_or_dict: str | Path | object,
    table: np.ndarray,
    deck_sha256: str | None = None,
    source: str | Path | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(state, opts) from a JSON file or an already parsed dict.

    When DECK_SHA256 is given, a position recorded with another deck is refused. A
    refusal starts with the file's name (SOURCE for a dict read from a file).
    """
    d: object = path_or_dict
    if isinstance(path_or_dict, str | Path):
        source = path_or_dict
        d = read_position_file(path_or_dict)
    try:
        recorded = d.get("deck_sha256") if isinstance(d, dict) else None
        if deck_sha256 is not None and isinstance(recorded, str) and recorded != deck_sha256:
            problem = f"recorded with deck {recorded[:12]}..., not with this deck {deck_sha256[:12]}..."
            raise fail("deck_sha256", problem)
        if isinstance(d, dict) and d.get("version") == SHORT_VERSION:
            return state_from_short(d, table)
        return state_from_dict(d, table)
    except PositionError as err:
        if source is None:
            raise
        raise PositionError(f"{source}: {err}") from None
