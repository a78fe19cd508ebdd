"""Positions as JSON: any game state, a resolution in progress included.

Version 1, below, is the full form emr-sim writes. Version 2 is the short form a designer
writes by hand (TOML or JSON; emr_sim.games.emr.face.short, docs/positions.md): load_position hands
it to emr_sim.games.emr.face.short, which expands it and runs the same whole-position checks. A
file ending in ``.toml`` is read as TOML, any other as JSON.

Format ``emr-sim-position``, version 1 (docs in this docstring are the spec)::

    {
      "format": "emr-sim-position", "version": 1,
      "deck_sha256": "<hex>" | null,          # the deck file the ids refer to
      "rules": {"fury": "on", ...},           # options.describe_options
      "phase": "defend",                      # codes.DECISION_NAMES
      "decider": 1, "active": 0, "first": 0,  # players (null for -1)
      "turn": 12, "plays": 9, "decisions": 30, "reshuffles": 0,
      "winner": null | 0 | 1 | "draw",
      "hero_mode": true,
      "resolution": {"step": "hit", "played_zone": 4, "played": "red 3-1",
                     "ejected": "blue 4-4", ... every RES_* field by name},
      "players": [
        {"health": 8, "fury": false, "poison": false, "hero": "crow" | null,
         "hand": [cards], "set_aside": [cards],
         "board": [{"zone": 2, "card": "bow 3-3" | 124, "blocked": false,
                    "damage_tokens": 0, "power_plus": 0, "power_minus": 0}, ...],
         "zones": [{"zone": 4, "damage_tokens": 1, "crow": false}, ...]},
        {...}
      ],
      "draw_pile": [cards, bottom first], "discard_pile": [cards, oldest first],
      "rng": [w0, w1, w2, w3]
    }

A card is written as its ``card_label`` when that label is unique in the card
table, else as its integer id; the loader takes either. ``board`` lists the
occupied zones (block state and the card tokens belong to the card, D-TOKENS),
``zones`` the zones holding zone damage tokens or a crow token. On load the
keys ``deck_sha256``, ``plays``, ``decisions``, ``resolution`` (and each of
its fields), a player's ``fury``, ``poison``, ``hero``, ``set_aside``,
``zones``, and a board entry's or zone entry's token fields may be left out
(false / 0 / null / empty; ``step`` defaults to ``action``).

Validation is strict, field by field and then of the position as a whole; the
first problem raises :class:`PositionError` whose message starts with the JSON
path of the field (``$.players[1].board[0].card: ...``, ``$`` for the whole
position), and with the file's name when read from a file
(``next.json: $.active: null is not a player: expected 0 or 1``).

- Each field: no unknown or missing key, the right type (a flag is true/false or
  0/1), in range: ``decider``, ``active`` and ``first`` are 0 or 1 (never null),
  counts and tokens 0..1,000,000, ``turn`` up to ``rules.turn_cap``, health up
  to ``rules.health``; an integer literal longer than 30 digits is refused by
  path ("a 5000-digit number is out of range"), not by Python's int limit.
- Cards: every shot card held exactly once: in a hand, a set-aside, on a board,
  in a pile, as the resolution's ``ejected`` card (held there during its play)
  or as H-WIND's revealed ``wind`` card; ``played``, ``effect_source`` and
  ``bushido`` refer to cards held elsewhere. Each board holds exactly two cards
  in adjacent zones (R-BOARD, after the game too). A bow stands on its owner's
  board only (p owns 124+2p and 125+2p) or is ejected by its owner's play.
- Heroes (``emr_sim.games.emr.face.validate``): ``hero_mode`` equals ``rules.fury``;
  without it no player has a hero, fury or poison. Poison comes only from the
  poison master, crow tokens (at most 3 on a board) only from the crow master,
  a set-aside only belongs to the earth master during their own turn.
- The game: health 0 exactly for the loser of a finished game; in a running
  game the active player is the one whose turn it is (``first`` on odd turns).
- The pending decision: ``phase``, the resolution's ``step``, ``decider`` and
  the play in progress agree as the rules leave them (games/emr/rules/flow.py): e.g. a
  ``defend`` decision is the defender's, resumes at ``damage`` and follows a
  hit of a play in progress; ``turn`` and ``extra`` are the active player's, at
  ``action``, outside a play, with ``in_extra`` 0 or at least 1 and something
  to play or draw; ``effect`` has a pending effect owned by the decider (Wind's
  revealed card exactly when it waits at ``techniques``); techniques are asked
  of their furious master; ``discard`` and ``earth-discard`` exceed the hand
  limit. Table ``validate.DECISIONS`` lists the step and decider of each kind.

So no accepted position reaches the kernels in a state they cannot continue
from: scripts/fuzz_positions.py (run by tests/games/emr/face/test_position_fuzz.py)
mutates positions of real games and checks that each is refused or passes
sim.invariants.check_state, and that every legal action leads to a position
that loads again. ``emr-sim resolve ACTION -o FILE`` also checks the new
position before writing it.
Unused card slots of a loaded state are NO_CARD and ``H_N_SHOT`` comes from
the card table, so ``state_from_dict(state_to_dict(s))`` equals ``s`` for any
state the engine produces.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face.fields import (
    CARD_FIELDS,
    DRAW_TEXT,
    POSITION_FORMAT,
    POSITION_VERSION,
    RES_DEFAULTS,
    RES_FIELDS,
    RNG_LIMIT,
    SHORT_VERSION,
    card,
    cards,
    empty_state,
    fail,
    flag,
    integer,
    items,
    named,
    obj,
    player_or_none,
    put_cards,
    read_rules,
    seat,
)
from emr_sim.games.emr.face.validate import STEP_NAMES, Layout, check_position
from emr_sim.games.emr.options import describe_options

__all__ = ["save_position", "state_from_dict", "state_to_dict"]


# ---------------------------------------------------------------- field tables

TOP_KEYS = (
    "format",
    "version",
    "rules",
    "phase",
    "decider",
    "active",
    "turn",
    "winner",
    "first",
    "hero_mode",
    "players",
    "draw_pile",
    "discard_pile",
    "rng",
)
TOP_OPTIONAL = ("deck_sha256", "plays", "decisions", "reshuffles", "resolution")
PLAYER_KEYS = ("health", "hand", "board")
PLAYER_OPTIONAL = ("fury", "poison", "hero", "set_aside", "zones")


# ---------------------------------------------------------------- writing


def _card_writer(table: np.ndarray) -> Callable[[int], str | int | None]:
    """A function writing a card id as its label when unique, else the id (-1 -> null)."""
    valid = [i for i in range(C.MAX_CARDS) if table[i, C.CF_VALID]]
    labels = {i: card_label(table, i) for i in valid}
    counts: dict[str, int] = {}
    for text in labels.values():
        counts[text] = counts.get(text, 0) + 1

    def write(card: int) -> str | int | None:
        card = int(card)
        if card == C.NO_CARD:
            return None
        text = labels.get(card)
        return text if text is not None and counts[text] == 1 else card

    return write


def card_ref(table: np.ndarray, card: int) -> str | int | None:
    """CARD as written in positions and notation: its label when unique in TABLE, else its id
    (None for no card)."""
    return _card_writer(table)(card)


def name_or_int(names: tuple[str, ...], value: int) -> str | int:
    """names[value], or the raw int when out of range (the loader will refuse it)."""
    return names[value] if 0 <= value < len(names) else value


def _flag_out(value: int) -> bool | int:
    """A flag as true/false (an odd value stays an int, so nothing is lost)."""
    return bool(value) if value in (0, 1) else value


def _none_if_negative(value: int) -> int | None:
    """-1 (no card, zone or player) as null."""
    return None if value == -1 else value


def _res_value(kind: str, value: int, card: Callable) -> object:
    """One resolution field as JSON."""
    if kind == "card":
        return card(value)
    if kind in ("zone", "player"):
        return _none_if_negative(value)
    if kind == "flag":
        return _flag_out(value)
    if kind == "step":
        return name_or_int(STEP_NAMES, value)
    if kind == "effect":
        return name_or_int(C.EFFECT_NAMES, value)
    return value


def _resolution_to_dict(s: list[int], card: Callable) -> dict:
    """Every RES_* field by name."""
    return {key: _res_value(kind, s[off], card) for key, (off, kind) in RES_FIELDS.items()}


def _player_to_dict(s: list[int], p: int, card: Callable) -> dict:
    """One player block as JSON."""
    b = C.player_base(p)
    board = []
    for z in range(C.N_ZONES):
        if s[b + C.P_ZCARD + z] != C.NO_CARD:
            entry = {"zone": z, "card": card(s[b + C.P_ZCARD + z])}
            entry |= {key: s[b + f + z] for key, f in CARD_FIELDS.items()}
            entry["blocked"] = _flag_out(entry["blocked"])
            board.append(entry)
    zones = [
        {"zone": z, "damage_tokens": s[b + C.P_ZDMG + z], "crow": _flag_out(s[b + C.P_ZCROW + z])}
        for z in range(C.N_ZONES)
        if s[b + C.P_ZDMG + z] or s[b + C.P_ZCROW + z]
    ]
    hero = s[b + C.P_HERO]
    return {
        "health": s[b + C.P_HEALTH],
        "fury": _flag_out(s[b + C.P_FURY]),
        "poison": _flag_out(s[b + C.P_POISON]),
        "hero": None if hero == C.NO_HERO else name_or_int(C.HERO_NAMES, hero),
        "hand": [card(c) for c in s[b + C.P_HAND : b + C.P_HAND + s[b + C.P_HAND_N]]],
        "set_aside": [card(c) for c in s[b + C.P_ASIDE : b + C.P_ASIDE + s[b + C.P_ASIDE_N]]],
        "board": board,
        "zones": zones,
    }


def _winner_out(value: int) -> int | str | None:
    """H_WINNER as null, 0, 1 or "draw"."""
    if value == C.NO_WINNER:
        return None
    return DRAW_TEXT if value == C.DRAWN_GAME else value


def state_to_dict(
    state: np.ndarray, table: np.ndarray, opts: np.ndarray, deck_sha256: str | None = None
) -> dict:
    """The position STATE as a JSON-ready dict (format ``emr-sim-position`` v1)."""
    s = [int(v) for v in np.asarray(state)]
    card = _card_writer(table)
    return {
        "format": POSITION_FORMAT,
        "version": POSITION_VERSION,
        "deck_sha256": deck_sha256,
        "rules": describe_options(opts),
        "phase": name_or_int(C.DECISION_NAMES, s[C.H_PHASE]),
        "decider": _none_if_negative(s[C.H_DECIDER]),
        "active": _none_if_negative(s[C.H_ACTIVE]),
        "turn": s[C.H_TURN],
        "winner": _winner_out(s[C.H_WINNER]),
        "first": _none_if_negative(s[C.H_FIRST]),
        "hero_mode": _flag_out(s[C.H_HERO_MODE]),
        "plays": s[C.H_PLAYS],
        "decisions": s[C.H_DECISIONS],
        "reshuffles": s[C.H_RESHUFFLES],
        "resolution": _resolution_to_dict(s, card),
        "players": [_player_to_dict(s, p, card) for p in (0, 1)],
        "draw_pile": [card(c) for c in s[C.DRAW : C.DRAW + s[C.DRAW_N]]],
        "discard_pile": [card(c) for c in s[C.DISC : C.DISC + s[C.DISC_N]]],
        "rng": s[C.RNG : C.RNG + C.RNG_WORDS],
    }


def dumps_position(
    state: np.ndarray, table: np.ndarray, opts: np.ndarray, deck_sha256: str | None = None
) -> str:
    """The position as indented JSON text, card lists on one line (ends with a newline)."""
    return _json_text(state_to_dict(state, table, opts, deck_sha256), 0) + "\n"


def _json_text(value: object, level: int) -> str:
    """JSON with nested containers indented, and lists of scalars or short objects inline."""
    flat = json.dumps(value)
    nested = isinstance(value, dict | list) and (
        any(isinstance(v, dict | list) for v in (value.values() if isinstance(value, dict) else value))
        or (isinstance(value, dict) and len(flat) > 120)
    )
    if not nested:
        return flat
    pad, end = "  " * (level + 1), "  " * level
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {_json_text(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    assert isinstance(value, (list, tuple))
    return "[\n" + ",\n".join(pad + _json_text(v, level + 1) for v in value) + "\n" + end + "]"


def save_position(
    path: str | Path, state: np.ndarray, table: np.ndarray, opts: np.ndarray, deck_sha256: str | None
) -> None:
    """Write the position to PATH as JSON, whole or not at all (emr_sim.files.write)."""
    from emr_sim.files.write import write_text

    write_text(path, dumps_position(state, table, opts, deck_sha256))


# ---------------------------------------------------------------- reading: small checkers


# ---------------------------------------------------------------- reading: sections


def _read_header(d: dict, s: np.ndarray) -> None:
    """Header fields (and the phase/winner agreement)."""
    s[C.H_PHASE] = named(d["phase"], "phase", C.DECISION_NAMES, "a decision kind")
    s[C.H_DECIDER] = seat(d["decider"], "decider")
    s[C.H_ACTIVE] = seat(d["active"], "active")
    s[C.H_FIRST] = seat(d["first"], "first")
    s[C.H_TURN] = integer(d["turn"], "turn", 0)
    s[C.H_HERO_MODE] = flag(d["hero_mode"], "hero_mode")
    s[C.H_PLAYS] = integer(d.get("plays", 0), "plays", 0)
    s[C.H_DECISIONS] = integer(d.get("decisions", 0), "decisions", 0)
    s[C.H_RESHUFFLES] = integer(d.get("reshuffles", 0), "reshuffles", 0)
    winner = d["winner"]
    if winner is None:
        s[C.H_WINNER] = C.NO_WINNER
    elif winner == DRAW_TEXT:
        s[C.H_WINNER] = C.DRAWN_GAME
    elif isinstance(winner, int) and not isinstance(winner, bool) and winner in (0, 1):
        s[C.H_WINNER] = winner
    else:
        raise fail("winner", f"{winner!r} is not null, 0, 1 or {DRAW_TEXT!r}")
    if (s[C.H_PHASE] == C.DK_NONE) != (s[C.H_WINNER] != C.NO_WINNER):
        raise fail("winner", "must be given exactly when the phase is 'over'")


def _res_in(kind: str, value: object, path: str, table: np.ndarray) -> int:
    """One resolution field from JSON."""
    if kind == "card":
        return -1 if value is None else card(value, path, table)
    if kind == "zone":
        return -1 if value is None else integer(value, path, 0, C.N_ZONES - 1)
    if kind == "player":
        return player_or_none(value, path)
    if kind == "flag":
        return flag(value, path)
    if kind == "step":
        return named(value, path, STEP_NAMES, "a step")
    if kind == "effect":
        return named(value, path, C.EFFECT_NAMES, "an effect")
    return integer(value, path)


def _read_resolution(value: object, s: np.ndarray, table: np.ndarray) -> None:
    """RES_* fields; a missing key takes its idle value (RES_DEFAULTS, else 0)."""
    d = obj(value, "resolution", (), tuple(RES_FIELDS))
    for key, (off, kind) in RES_FIELDS.items():
        if key in d:
            s[off] = _res_in(kind, d[key], f"resolution.{key}", table)
        else:
            s[off] = RES_DEFAULTS.get(key, 0)


def _read_board(value: object, path: str, s: np.ndarray, p: int, table: np.ndarray, layout: Layout) -> None:
    """A board: occupied zones with their card, block state and card tokens."""
    entries = items(value, path, C.N_ZONES)
    zones = []
    b = C.player_base(p)
    for i, entry in enumerate(entries):
        e = obj(entry, f"{path}[{i}]", ("zone", "card"), tuple(CARD_FIELDS))
        z = integer(e["zone"], f"{path}[{i}].zone", 0, C.N_ZONES - 1)
        if z in zones:
            raise fail(f"{path}[{i}].zone", f"zone {z} holds two cards")
        zones.append(z)
        layout.board_entry[(p, z)] = i
        s[b + C.P_ZCARD + z] = card(e["card"], f"{path}[{i}].card", table)
        for key, f in CARD_FIELDS.items():
            where = f"{path}[{i}].{key}"
            raw = e.get(key, 0)
            s[b + f + z] = flag(raw, where) if key == "blocked" else integer(raw, where, 0)
    if len(zones) != 2:  # R-BOARD, in every state the rules produce (game over too)
        raise fail(path, f"a board holds exactly 2 cards, not {len(zones)} (R-BOARD)")
    if abs(zones[0] - zones[1]) != 1:
        raise fail(path, "the two cards must stand in adjacent zones (R-BOARD)")


def _read_zones(value: object, path: str, s: np.ndarray, b: int) -> None:
    """Zone tokens: damage tokens and crow tokens lying on zones."""
    seen = set()
    for i, entry in enumerate(items(value, path, C.N_ZONES)):
        e = obj(entry, f"{path}[{i}]", ("zone",), ("damage_tokens", "crow"))
        z = integer(e["zone"], f"{path}[{i}].zone", 0, C.N_ZONES - 1)
        if z in seen:
            raise fail(f"{path}[{i}].zone", f"zone {z} is listed twice")
        seen.add(z)
        s[b + C.P_ZDMG + z] = integer(e.get("damage_tokens", 0), f"{path}[{i}].damage_tokens", 0)
        s[b + C.P_ZCROW + z] = flag(e.get("crow", False), f"{path}[{i}].crow")


def _read_player(value: object, p: int, s: np.ndarray, table: np.ndarray, layout: Layout) -> None:
    """One player block: health, fury, poison, hero, cards and tokens."""
    path = f"players[{p}]"
    d = obj(value, path, PLAYER_KEYS, PLAYER_OPTIONAL)
    b = C.player_base(p)
    s[b + C.P_HEALTH] = integer(d["health"], f"{path}.health", 0)
    s[b + C.P_FURY] = flag(d.get("fury", False), f"{path}.fury")
    s[b + C.P_POISON] = flag(d.get("poison", False), f"{path}.poison")
    hero = d.get("hero")
    s[b + C.P_HERO] = C.NO_HERO if hero is None else named(hero, f"{path}.hero", C.HERO_NAMES, "a hero")
    put_cards(s, b + C.P_HAND_N, cards(d["hand"], f"{path}.hand", table, C.MAX_HAND))
    put_cards(s, b + C.P_ASIDE_N, cards(d.get("set_aside", []), f"{path}.set_aside", table, C.MAX_ASIDE))
    _read_board(d["board"], f"{path}.board", s, p, table, layout)
    _read_zones(d.get("zones", []), f"{path}.zones", s, b)


def _read_rng(value: object, s: np.ndarray) -> None:
    """The four 32-bit words of the game RNG."""
    words = items(value, "rng")
    if len(words) != C.RNG_WORDS:
        raise fail("rng", f"expected {C.RNG_WORDS} words, not {len(words)}")
    for k, w in enumerate(words):
        s[C.RNG + k] = integer(w, f"rng[{k}]", 0, RNG_LIMIT - 1)


# ---------------------------------------------------------------- reading: card accounting


def _holdings(s: np.ndarray) -> list[tuple[int, str]]:
    """(card, JSON path) for every place that holds a card."""
    held = []
    for p in (0, 1):
        b = C.player_base(p)
        for key, n_at in (("hand", C.P_HAND_N), ("set_aside", C.P_ASIDE_N)):
            held += [(int(c), f"players[{p}].{key}") for c in s[b + n_at + 1 : b + n_at + 1 + s[b + n_at]]]
        held += [
            (int(c), f"players[{p}].board") for c in s[b + C.P_ZCARD : b + C.P_ZCARD + C.N_ZONES] if c >= 0
        ]
    for key, n_at in (("draw_pile", C.DRAW_N), ("discard_pile", C.DISC_N)):
        held += [(int(c), key) for c in s[n_at + 1 : n_at + 1 + s[n_at]]]
    if s[C.RES_EJECTED] != C.NO_CARD:
        held.append((int(s[C.RES_EJECTED]), "resolution.ejected"))
    if s[C.RES_WIND] != C.NO_CARD:  # H-WIND: revealed and held until discarded
        held.append((int(s[C.RES_WIND]), "resolution.wind"))
    return held


def _check_cards(s: np.ndarray, table: np.ndarray) -> None:
    """Each card held at most once, bows only on boards, every shot card somewhere."""
    where: dict[int, str] = {}
    for held, path in _holdings(s):
        name = card_label(table, held)
        if held in where:
            raise fail(path, f"card {held} ({name}) is also in {where[held]}")
        if held >= C.BOW_BASE and not path.endswith((".board", "ejected")):
            raise fail(path, f"bow card {held} ({name}) may only stand on a board")
        where[held] = path
    missing = [c for c in range(C.BOW_BASE) if table[c, C.CF_VALID] and c not in where]
    if missing:
        shown = ", ".join(f"{c} ({card_label(table, c)})" for c in missing[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        raise fail("", f"shot cards found nowhere: {shown}{more}")


# ---------------------------------------------------------------- reading: entry points


def _check_version(value: object) -> None:
    """Version 1 is read here (2, the short form, by emr_sim.games.emr.face.short)."""
    version = integer(value, "version")
    if version != POSITION_VERSION:
        reads = f"{POSITION_VERSION} and {SHORT_VERSION}"
        raise fail("version", f"version {version} is not supported (this build reads {reads})")


def _check_format(d: dict) -> None:
    """The format name, a supported version and the deck hash type."""
    if d["format"] != POSITION_FORMAT:
        raise fail("format", f"{d['format']!r} is not {POSITION_FORMAT!r}")
    _check_version(d["version"])
    sha = d.get("deck_sha256")
    if sha is not None and not isinstance(sha, str):
        raise fail("deck_sha256", f"expected text or null, not {sha!r}")


def state_from_dict(d: object, table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(state, opts) from a position dict; PositionError naming the path if invalid."""
    if not isinstance(d, dict):
        raise fail("", f"expected a JSON object, not {type(d).__name__}")
    if "format" in d and d["format"] != POSITION_FORMAT:
        raise fail("format", f"{d['format']!r} is not {POSITION_FORMAT!r}")
    if "version" in d:  # before the keys: another version has other keys
        _check_version(d["version"])
    d = obj(d, "", TOP_KEYS, TOP_OPTIONAL)
    _check_format(d)
    opts = read_rules(d["rules"])
    s = empty_state(table)
    _read_header(d, s)
    _read_resolution(d.get("resolution", {}), s, table)
    players = items(d["players"], "players")
    if len(players) != 2:
        raise fail("players", f"expected 2 players, not {len(players)}")
    layout = Layout()
    for p in (0, 1):
        _read_player(players[p], p, s, table, layout)
    put_cards(s, C.DRAW_N, cards(d["draw_pile"], "draw_pile", table, C.MAX_CARDS))
    put_cards(s, C.DISC_N, cards(d["discard_pile"], "discard_pile", table, C.MAX_CARDS))
    _read_rng(d["rng"], s)
    _check_cards(s, table)
    check_position(s, opts, layout)
    return s, opts
