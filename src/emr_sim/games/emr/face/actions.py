"""Plain-Python encoders and decoders of the flat action codes of codes.py.

The engine has its own jitted arithmetic; these helpers are for Python users
(notation, CLI, tests). Every action is one int in ``0..N_ACTIONS-1``::

    A_PASS, A_DRAW, A_YES                       single codes
    A_PLAY    + card * 2 + side                 play a hand card (R-PLAY)
    A_COUNTER + card * 2 + side                 dragon counter (R-COUNTER)
    A_BLOCK   + zone                            block with the card on zone (R-BLOCK)
    A_DISCARD + card                            discard (R-HANDLIMIT, H-EARTH)
    A_TOKEN   + kind * 12 + zone * 2 + dir      move a damage token (R-DRAW)
    A_TARGET  + player * TARGET_SPAN + sub      effect / technique target

``action_parts`` turns a code into ``(family, *args)``; the ``*_code``
functions are its inverses. Both raise ValueError on out-of-range input.
"""

from __future__ import annotations

import operator

import numpy as np

from emr_sim.errors import quoted
from emr_sim.games.emr.codes import (
    A_BLOCK,
    A_COUNTER,
    A_DISCARD,
    A_DRAW,
    A_PASS,
    A_PLAY,
    A_TARGET,
    A_TOKEN,
    A_YES,
    MAX_CARDS,
    N_ACTIONS,
    N_ZONES,
    REMOVE_SUB,
    TARGET_SPAN,
)

N_TOKEN_KINDS = 2  # TOKEN_ZONE, TOKEN_CARD
N_REMOVE_KINDS = 4  # REMOVE_ZONE_DMG .. REMOVE_CARD_PM

# family name -> the codes it covers (block codes span 8, only zones 0..5 are used)
ACTION_RANGES: dict[str, range] = {
    "pass": range(A_PASS, A_PASS + 1),
    "draw": range(A_DRAW, A_DRAW + 1),
    "yes": range(A_YES, A_YES + 1),
    "play": range(A_PLAY, A_PLAY + 2 * MAX_CARDS),
    "counter": range(A_COUNTER, A_COUNTER + 2 * MAX_CARDS),
    "block": range(A_BLOCK, A_BLOCK + N_ZONES),
    "discard": range(A_DISCARD, A_DISCARD + MAX_CARDS),
    "token": range(A_TOKEN, A_TOKEN + N_TOKEN_KINDS * 2 * N_ZONES),
    "target": range(A_TARGET, A_TARGET + 2 * TARGET_SPAN),
}


def _as_int(value) -> int | None:
    """VALUE as a Python int when it is an integer (numpy ones included), else None."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _check(name: str, value, low: int, high: int) -> int:
    """VALUE as an int, or ValueError when it is not an integer in LOW..HIGH."""
    v = _as_int(value)
    if v is None or not low <= v <= high:
        raise ValueError(f"{name} must be an integer in {low}..{high}, not {quoted(value)}")
    return v


def play_code(card: int, side: int) -> int:
    """Play CARD on the left (0) or right (1) of the pair (R-PLAY)."""
    return A_PLAY + 2 * _check("card", card, 0, MAX_CARDS - 1) + _check("side", side, 0, 1)


def counter_code(card: int, side: int) -> int:
    """Dragon counter with CARD on the left (0) or right (1) (R-COUNTER)."""
    return A_COUNTER + 2 * _check("card", card, 0, MAX_CARDS - 1) + _check("side", side, 0, 1)


def block_code(zone: int) -> int:
    """Block with the card standing on ZONE (R-BLOCK)."""
    return A_BLOCK + _check("zone", zone, 0, N_ZONES - 1)


def discard_code(card: int) -> int:
    """Discard CARD (R-HANDLIMIT, H-EARTH)."""
    return A_DISCARD + _check("card", card, 0, MAX_CARDS - 1)


def token_code(kind: int, zone: int, direction: int) -> int:
    """Move a damage token of KIND (TOKEN_ZONE/TOKEN_CARD) from ZONE to DIR (R-DRAW)."""
    kind = _check("token kind", kind, 0, N_TOKEN_KINDS - 1)
    zone = _check("zone", zone, 0, N_ZONES - 1)
    return A_TOKEN + kind * 2 * N_ZONES + zone * 2 + _check("direction", direction, 0, 1)


def target_code(player: int, sub: int) -> int:
    """Target board/player PLAYER with sub-code SUB (effects and techniques)."""
    return A_TARGET + _check("player", player, 0, 1) * TARGET_SPAN + _check("sub", sub, 0, TARGET_SPAN - 1)


def remove_sub(kind: int, zone: int) -> int:
    """The E-REMOVE target sub-code for a token of KIND (REMOVE_*) at ZONE."""
    return (
        REMOVE_SUB
        + _check("remove kind", kind, 0, N_REMOVE_KINDS - 1) * N_ZONES
        + _check("zone", zone, 0, N_ZONES - 1)
    )


def remove_parts(sub: int) -> tuple[int, int] | None:
    """(kind, zone) of an E-REMOVE sub-code, or None when SUB is not one."""
    k = sub - REMOVE_SUB
    if 0 <= k < N_REMOVE_KINDS * N_ZONES:
        return divmod(k, N_ZONES)
    return None


def action_family(code: int) -> str:
    """The family name of CODE (a key of ACTION_RANGES), or ValueError."""
    for family, codes in ACTION_RANGES.items():
        if code in codes:
            return family
    raise ValueError(f"{quoted(code)} is not an action code (0..{N_ACTIONS - 1}, without holes)")


def action_parts(code: int) -> tuple:
    """Decode CODE into ``(family, *args)``.

    ``("pass",)``, ``("draw",)``, ``("yes",)``, ``("play", card, side)``,
    ``("counter", card, side)``, ``("block", zone)``, ``("discard", card)``,
    ``("token", kind, zone, dir)``, ``("target", player, sub)``.
    """
    value = _as_int(code)
    if value is None:
        raise ValueError(f"{quoted(code)} is not an action code")
    family = action_family(value)
    k = value - ACTION_RANGES[family].start
    if family in ("play", "counter"):
        return (family, *divmod(k, 2))
    if family in ("block", "discard"):
        return (family, k)
    if family == "token":
        kind, rest = divmod(k, 2 * N_ZONES)
        return (family, kind, *divmod(rest, 2))
    if family == "target":
        return (family, *divmod(k, TARGET_SPAN))
    return (family,)


def encode(parts: tuple) -> int:
    """The inverse of action_parts."""
    family, *args = parts
    encoders = {
        "pass": lambda: A_PASS,
        "draw": lambda: A_DRAW,
        "yes": lambda: A_YES,
        "play": lambda: play_code(*args),
        "counter": lambda: counter_code(*args),
        "block": lambda: block_code(*args),
        "discard": lambda: discard_code(*args),
        "token": lambda: token_code(*args),
        "target": lambda: target_code(*args),
    }
    if family not in encoders:
        raise ValueError(f"unknown action family {quoted(family)}")
    if family in ("pass", "draw", "yes") and args:
        raise ValueError(f"action {quoted(family)} takes no arguments")
    try:
        return encoders[family]()
    except TypeError as err:
        raise ValueError(f"action {quoted(family)}: wrong arguments {quoted(tuple(args))}") from err
