"""Reading position fields, the one way for both forms (the full JSON of emr_sim.games.emr.face.position
and the short form of emr_sim.games.emr.face.short): each reader takes a value and its JSON path and
returns what the state holds, or raises PositionError naming the path. Also the field tables
both forms share, and the reading of a position file (JSON, or TOML for ``.toml``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from emr_sim.files.read import InputFileError, TooLong, parse_json, parse_toml, read_input
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import find_card
from emr_sim.games.emr.face.validate import PositionError, fail
from emr_sim.games.emr.options import options_from_dict

POSITION_FORMAT = "emr-sim-position"
POSITION_VERSION = 1
SHORT_VERSION = 2  # short positions, written by hand (emr_sim.games.emr.face.short, docs/positions.md)
TOML_SUFFIX = ".toml"

DRAW_TEXT = "draw"
RNG_LIMIT = 2**32
INT_LIMIT = 2**62  # any state value fits in int64 well inside this
MAX_POSITION_BYTES = 4 << 20  # a full position is a few kilobytes (decks and books have caps too)


# resolution key -> (state offset, kind); kinds: int, flag, card, zone, player, step, effect
RES_FIELDS: dict[str, tuple[int, str]] = {
    "step": (C.RES_STEP, "step"),
    "played_zone": (C.RES_PLAYED_ZONE, "zone"),
    "played": (C.RES_PLAYED, "card"),
    "ejected": (C.RES_EJECTED, "card"),
    "ejected_power_plus": (C.RES_EJ_PP, "int"),
    "ejected_power_minus": (C.RES_EJ_PM, "int"),
    "attack": (C.RES_ATTACK, "int"),
    "defence": (C.RES_DEFENCE, "int"),
    "hit": (C.RES_HIT, "flag"),
    "damage": (C.RES_DAMAGE, "int"),
    "penalty": (C.RES_PENALTY, "int"),
    "blocks": (C.RES_BLOCKS, "int"),
    "counters": (C.RES_COUNTERS, "int"),
    "last_counter": (C.RES_LAST_COUNTER, "player"),
    "cancelled": (C.RES_CANCELLED, "flag"),
    "effect": (C.RES_EFFECT, "effect"),
    "effect_source": (C.RES_EFFECT_SRC, "card"),
    "copy_depth": (C.RES_COPY_DEPTH, "int"),
    "extra": (C.RES_EXTRA, "int"),
    "in_extra": (C.RES_IN_EXTRA, "int"),
    "no_block": (C.RES_NO_BLOCK, "flag"),
    "bushido": (C.RES_BUSHIDO, "card"),
    "chosen": (C.RES_CHOSEN, "flag"),
    "effect_owner": (C.RES_EFFECT_OWNER, "player"),
    "wind": (C.RES_WIND, "card"),
    "techniques_done": (C.RES_TECH_DONE, "int"),
}
RES_DEFAULTS = {"step": C.STEP_ACTION, "played_zone": -1, "played": -1, "ejected": -1}
RES_DEFAULTS |= {"last_counter": -1, "effect_source": -1, "effect_owner": -1, "wind": -1, "bushido": -1}

# board entry key -> player-block field (per zone)
CARD_FIELDS = {
    "blocked": C.P_ZBLOCK,
    "damage_tokens": C.P_CDMG,
    "power_plus": C.P_CPP,
    "power_minus": C.P_CPM,
}


# ---------------------------------------------------------------- small checkers


def obj(value: object, path: str, required: tuple, optional: tuple = ()) -> dict:
    """VALUE as a dict with all REQUIRED keys and no key outside REQUIRED + OPTIONAL."""
    if not isinstance(value, dict):
        raise fail(path, f"expected an object, not {type(value).__name__}")
    for key in value:
        if key not in required and key not in optional:
            raise fail(path, f"unknown key {key!r}")
    for key in required:
        if key not in value:
            raise fail(path, f"missing key {key!r}")
    return value


def integer(value: object, path: str, low: int | None = None, high: int | None = None) -> int:
    """VALUE as an int in LOW..HIGH (either bound may be None)."""
    if isinstance(value, TooLong):
        raise fail(path, f"{value!r} is out of range")
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(path, f"expected an integer, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{'' if low is None else low}..{'' if high is None else high}"
        raise fail(path, f"{value} is out of range {span}")
    if abs(value) >= INT_LIMIT:
        raise fail(path, f"{value} is too large")
    return value


def flag(value: object, path: str) -> int:
    """A flag: true/false (or 0/1)."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return int(value)
    raise fail(path, f"expected true or false, not {value!r}")


def items(value: object, path: str, limit: int | None = None) -> list:
    """VALUE as a list of at most LIMIT entries."""
    if not isinstance(value, list):
        raise fail(path, f"expected a list, not {type(value).__name__}")
    if limit is not None and len(value) > limit:
        raise fail(path, f"{len(value)} entries; at most {limit}")
    return value


def named(value: object, path: str, names: tuple[str, ...], what: str) -> int:
    """The index of VALUE in NAMES."""
    if not isinstance(value, str) or value not in names:
        raise fail(path, f"{value!r} is not {what} ({', '.join(names)})")
    return names.index(value)


def player_or_none(value: object, path: str) -> int:
    """A player 0/1, or null for -1 (none: no last counter, no effect owner)."""
    return -1 if value is None else integer(value, path, 0, 1)


def seat(value: object, path: str) -> int:
    """A player 0/1 that the game cannot do without (decider, active, first)."""
    if value is None:
        raise fail(path, "null is not a player: expected 0 or 1")
    return integer(value, path, 0, 1)


def card(value: object, path: str, table: np.ndarray) -> int:
    """A card id from a label or an id that the table knows."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise fail(path, f"expected a card label or id, not {value!r}")
    if isinstance(value, int) and not (0 <= value < C.MAX_CARDS and table[value, C.CF_VALID]):
        raise fail(path, f"card {value} is unknown")
    try:
        return find_card(table, str(value))
    except ValueError as err:
        problem = "is ambiguous; give its id" if "ambiguous" in str(err) else "is unknown"
        raise fail(path, f"card {value!r} {problem}") from None


def cards(value: object, path: str, table: np.ndarray, limit: int) -> list[int]:
    """A list of cards (labels or ids)."""
    return [card(v, f"{path}[{i}]", table) for i, v in enumerate(items(value, path, limit))]


def put_cards(s: np.ndarray, count_at: int, cards: list[int]) -> None:
    """Store a card list at its count offset (slots follow the count)."""
    s[count_at] = len(cards)
    s[count_at + 1 : count_at + 1 + len(cards)] = cards


def read_rules(value: object) -> np.ndarray:
    """The rules options from ``{name: text}`` (missing names keep their defaults)."""
    if not isinstance(value, dict):
        raise fail("rules", f"expected an object, not {type(value).__name__}")
    for name, text in value.items():
        if isinstance(text, bool) or not isinstance(text, str | int):
            raise fail(f"rules.{name}", f"expected text, not {text!r}")
    try:
        return options_from_dict(value)
    except ValueError as err:
        raise fail("rules", str(err)) from None


def empty_state(table: np.ndarray) -> np.ndarray:
    """A zero state with every card slot NO_CARD and H_N_SHOT from the table."""
    s = np.zeros(C.STATE_SIZE, dtype=np.int64)
    for p in (0, 1):
        b = C.player_base(p)
        s[b + C.P_HAND : b + C.P_HAND + C.MAX_HAND] = C.NO_CARD
        s[b + C.P_ASIDE : b + C.P_ASIDE + C.MAX_ASIDE] = C.NO_CARD
        s[b + C.P_ZCARD : b + C.P_ZCARD + C.N_ZONES] = C.NO_CARD
    s[C.DRAW : C.DRAW + C.MAX_CARDS] = C.NO_CARD
    s[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    s[C.H_N_SHOT] = int(np.count_nonzero(table[: C.BOW_BASE, C.CF_VALID]))
    return s


def read_position_file(path: str | Path) -> object:
    """The parsed JSON (or, for a ``.toml`` file, TOML) of a position file; PositionError
    naming the file if it is not a regular file of at most MAX_POSITION_BYTES, or not JSON /
    TOML this reader takes (emr_sim.files.read: nesting and integer literals bounded; a long
    integer becomes TooLong, refused later with its JSON path)."""
    try:
        data = read_input(path, "position", MAX_POSITION_BYTES)
        if Path(path).suffix.lower() != TOML_SUFFIX:
            return parse_json(data, path, "position")
        return parse_toml(data, path, "position")
    except InputFileError as err:
        raise PositionError(str(err)) from None
