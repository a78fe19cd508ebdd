"""Deck files: loading and validating them, the card table, and card labels.

A deck file is a CSV with a header line (``#`` comment lines and empty lines are
allowed); see docs/deck.md. ``load_deck`` turns it into a :class:`Deck` whose
``table`` is the (MAX_CARDS, CF_SIZE) int64 card table of codes.py with the shot
cards in rows 0..n-1 in file order. The four bow cards (R-BOW) are not part of a
deck file: ``card_table`` adds them from the rules options (D-BOW).
"""

from __future__ import annotations

import csv
import functools
import hashlib
import importlib.resources
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr.codes import (
    BOW_BASE,
    CF_COLOUR,
    CF_DAMAGE,
    CF_DRAGON,
    CF_EFFECT,
    CF_LEFT,
    CF_RIGHT,
    CF_SIZE,
    CF_VALID,
    COLOUR_BOW,
    COLOUR_NAMES,
    EFFECT_NAMES,
    EFFECT_NONE,
    HIDDEN,
    MAX_CARDS,
    MAX_SHOT,
    NO_CARD,
)
from emr_sim.games.emr.options import O_BOW_LEFT, O_BOW_RIGHT

if TYPE_CHECKING:
    import pandas as pd  # imported where a frame is built: it takes 0.3 s to import

DEFAULT_DECK_FILE = "default_deck.csv"
REQUIRED_COLUMNS = ("colour", "left", "right", "damage", "dragon", "effect")
OPTIONAL_COLUMNS = ("name",)
MIN_CARDS = 8
SHOT_COLOURS = COLOUR_NAMES[:COLOUR_BOW]  # red, blue, yellow, green
DRAGON_WORDS = {"0": 0, "1": 1, "no": 0, "yes": 1}
N_BOW = 4
# A full deck is a few kB: a longer file is not a deck (and reading stops there, so a device
# or a huge file does not fill the memory).
MAX_DECK_BYTES = 1_000_000
SHOWN_CHARS = 40  # a value longer than this is cut in messages, which stay one short line
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # the line ends of Python's universal newlines


class DeckError(BadInput):
    """A deck file that cannot be read or is not valid.

    The message reads ``FILE:LINE: field 'NAME': problem``; ``path``, ``line`` and
    ``field`` are also kept as attributes (``line``/``field`` may be None).
    """

    def __init__(self, path: str, line: int | None, field: str | None, problem: str):
        self.path = path
        self.line = line
        self.field = field
        self.problem = problem
        where = path if line is None else f"{path}:{line}"
        what = problem if field is None else f"field {field!r}: {problem}"
        super().__init__(f"{where}: {what}")


@dataclass(frozen=True)
class Deck:
    """A loaded deck: the card table (shot cards only) and where it came from."""

    table: np.ndarray = field(compare=False, repr=False)  # (MAX_CARDS, CF_SIZE) int64, read-only
    names: tuple[str, ...]  # free-text name of each shot card ("" when none)
    n_shot: int  # shot cards: ids 0..n_shot-1
    sha256: str  # hex digest of the file bytes
    path: str  # the file as given (the shipped file for the default deck)
    source_lines: tuple[int, ...]  # file line of each shot card


# ---------------------------------------------------------------- loading


def default_deck_path() -> Path:
    """Path of the shipped default deck file (package data)."""
    resource = importlib.resources.files("emr_sim.games.emr") / "data" / DEFAULT_DECK_FILE
    return Path(str(resource))


def load_deck(path: str | Path | None = None) -> Deck:
    """Load and validate a deck file; None loads the shipped default deck (D-DECK)."""
    shown = str(default_deck_path() if path is None else path)
    data = _read_bytes(shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = _line_at(data, exc.start)
        raise DeckError(shown, line, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    cards, names, lines = _parse_text(shown, text)
    table = np.zeros((MAX_CARDS, CF_SIZE), dtype=np.int64)
    for card_id, row in enumerate(cards):
        table[card_id] = row
    table.flags.writeable = False
    return Deck(
        table=table,
        names=tuple(names),
        n_shot=len(cards),
        sha256=hashlib.sha256(data).hexdigest(),
        path=shown,
        source_lines=tuple(lines),
    )


def _read_bytes(shown: str) -> bytes:
    """The file's bytes (at most MAX_DECK_BYTES, emr_sim.files.read.read_input: a FIFO, device
    or directory is refused before it is opened), or DeckError saying why not."""
    from emr_sim.files.read import InputFileError, read_input

    try:
        return read_input(shown, "deck", MAX_DECK_BYTES)
    except InputFileError as err:
        if err.head:
            problem = f"more than {MAX_DECK_BYTES:,} bytes: too long for a deck file"
            raise DeckError(shown, _line_at(err.head, MAX_DECK_BYTES), None, problem) from None
        problem = "deck file not found" if err.problem == "no such deck file" else err.problem
        raise DeckError(shown, None, None, problem) from None


def _line_at(data: bytes, offset: int) -> int:
    """The line number of byte `offset` of a file's bytes."""
    return len(LINE_BREAK.split(data[:offset].decode("latin-1")))


def shown_value(text: str) -> str:
    """A value as messages show it: quoted, and cut when long (its length said)."""
    if len(text) <= SHOWN_CHARS:
        return repr(text)
    return f"{text[:SHOWN_CHARS]!r}... ({len(text):,} characters)"


def _lines(text: str) -> list[str]:
    """The lines of a text, split where an editor splits them (no empty last line)."""
    lines = LINE_BREAK.split(text)
    return lines[:-1] if lines and lines[-1] == "" else lines


def _records(shown: str, lines: list[str]):
    """(line number, fields) for each line that is neither empty nor a ``#`` comment."""
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            try:
                fields = next(csv.reader([line]))
            except csv.Error as err:  # a field over csv.field_size_limit(), a stray quote
                raise DeckError(shown, number, None, f"not a line of CSV: {err}") from None
            yield number, [f.strip() for f in fields]


def _parse_text(shown: str, text: str) -> tuple[list[list[int]], list[str], list[int]]:
    """Card rows, names and line numbers of a deck file's text."""
    text_lines = _lines(text)
    records = _records(shown, text_lines)
    first = next(records, None)
    if first is None:
        problem = f"empty deck file: no header line ({','.join(REQUIRED_COLUMNS)})"
        raise DeckError(shown, max(1, len(text_lines)), None, problem)
    columns = _parse_header(shown, *first)
    cards: list[list[int]] = []
    names: list[str] = []
    lines: list[int] = []
    for number, fields in records:
        if len(cards) == MAX_SHOT:
            raise DeckError(shown, number, None, f"more than {MAX_SHOT} shot cards (MAX_SHOT)")
        row, name = _parse_row(shown, number, fields, columns)
        cards.append(row)
        names.append(name)
        lines.append(number)
    if len(cards) < MIN_CARDS:
        last = max(1, len(text_lines))
        raise DeckError(shown, last, None, f"{len(cards)} cards; a deck needs at least {MIN_CARDS}")
    return cards, names, lines


def _parse_header(shown: str, number: int, fields: list[str]) -> dict[str, int]:
    """Column name -> index; DeckError for unknown, duplicate or missing columns."""
    known = REQUIRED_COLUMNS + OPTIONAL_COLUMNS
    columns: dict[str, int] = {}
    for index, raw in enumerate(fields):
        name = raw.lower()
        if name not in known:
            cut = raw if len(raw) <= SHOWN_CHARS else raw[:SHOWN_CHARS] + "..."
            raise DeckError(shown, number, cut, f"unknown column; the columns are {','.join(known)}")
        if name in columns:
            raise DeckError(shown, number, name, "column given twice")
        columns[name] = index
    for name in REQUIRED_COLUMNS:
        if name not in columns:
            header = shown_value(",".join(fields))
            raise DeckError(shown, number, name, f"missing column in the header line {header}")
    return columns


def _parse_row(shown: str, number: int, fields: list[str], columns: dict[str, int]) -> tuple[list[int], str]:
    """One card: its table row (CF_SIZE ints) and its name."""
    if len(fields) != len(columns):
        problem = f"{len(fields)} fields, but the header has {len(columns)} columns"
        raise DeckError(shown, number, None, problem)

    def value(name: str) -> str:
        return fields[columns[name]]

    def fail(name: str, problem: str) -> DeckError:
        return DeckError(shown, number, name, f"{shown_value(value(name))} {problem}")

    row = [0] * CF_SIZE
    row[CF_COLOUR] = _colour_code(value("colour"), lambda p: fail("colour", p))
    for name, cf, low, high in (
        ("left", CF_LEFT, 1, 5),
        ("right", CF_RIGHT, 1, 5),
        ("damage", CF_DAMAGE, 0, 3),
    ):
        row[cf] = _number(value(name), low, high, lambda p, n=name: fail(n, p))
    dragon = value("dragon").lower()
    if dragon not in DRAGON_WORDS:
        raise fail("dragon", "is not one of 0, 1, yes, no")
    row[CF_DRAGON] = DRAGON_WORDS[dragon]
    effect = value("effect").lower()
    if effect not in EFFECT_NAMES:
        raise fail("effect", f"is not one of {', '.join(EFFECT_NAMES)}")
    row[CF_EFFECT] = EFFECT_NAMES.index(effect)
    row[CF_VALID] = 1
    name = fields[columns["name"]] if "name" in columns else ""
    return row, name


def _colour_code(text: str, fail) -> int:
    """COLOUR_* code of a shot card colour name (the bow colour is refused)."""
    colour = text.lower()
    if colour == COLOUR_NAMES[COLOUR_BOW]:
        raise fail(
            "is not allowed: bow cards are not in the deck file, they come from the rules options (D-BOW)"
        )
    if colour not in SHOT_COLOURS:
        raise fail(f"is not one of {', '.join(SHOT_COLOURS)}")
    return COLOUR_NAMES.index(colour)


def _number(text: str, low: int, high: int, fail) -> int:
    """A whole number from LOW to HIGH, or the error built by FAIL."""
    digits = text.lstrip("0") or "0"  # compared as text first: int() refuses 4,300 digits and more
    if not re.fullmatch(r"[0-9]+", text) or len(digits) > len(str(high)) or not low <= int(digits) <= high:
        raise fail(f"is not a number from {low} to {high}")
    return int(digits)


# ---------------------------------------------------------------- the table with bow cards


def card_table(deck: Deck, opts: np.ndarray) -> np.ndarray:
    """A writable copy of the deck's table with the four bow cards (R-BOW, D-BOW).

    Rows BOW_BASE..BOW_BASE+3: colour COLOUR_BOW, numbers from opts[O_BOW_LEFT] and
    opts[O_BOW_RIGHT], no damage, no dragon, no effect.
    """
    table = np.array(deck.table, dtype=np.int64, copy=True)
    bows = table[BOW_BASE : BOW_BASE + N_BOW]
    bows[:] = 0
    bows[:, CF_COLOUR] = COLOUR_BOW
    bows[:, CF_LEFT] = int(opts[O_BOW_LEFT])
    bows[:, CF_RIGHT] = int(opts[O_BOW_RIGHT])
    bows[:, CF_EFFECT] = EFFECT_NONE
    bows[:, CF_VALID] = 1
    return table


# ---------------------------------------------------------------- labels


def _check_id(table: np.ndarray, card_id: int) -> int:
    """CARD_ID as an int, or ValueError when no card has that id in TABLE."""
    card_id = int(card_id)
    if not 0 <= card_id < len(table) or table[card_id, CF_VALID] == 0:
        raise ValueError(f"no card with id {card_id} in this card table")
    return card_id


def card_label(table: np.ndarray, card_id: int) -> str:
    """Short label of a card: ``red 3-1``, ``bow 3-3`` (``hidden``/``none`` for HIDDEN/NO_CARD)."""
    if card_id == HIDDEN:
        return "hidden"
    if card_id == NO_CARD:
        return "none"
    row = table[_check_id(table, card_id)]
    return f"{COLOUR_NAMES[row[CF_COLOUR]]} {row[CF_LEFT]}-{row[CF_RIGHT]}"


def card_text(table: np.ndarray, card_id: int) -> str:
    """Label with damage, dragon and effect: ``blue 4-4 (dmg 0, dragon)``, ``yellow 5-1 (dmg 0, swap)``."""
    label = card_label(table, card_id)
    if card_id in (HIDDEN, NO_CARD):
        return label
    row = table[card_id]
    parts = [f"dmg {row[CF_DAMAGE]}"]
    if row[CF_DRAGON]:
        parts.append("dragon")
    if row[CF_EFFECT] != EFFECT_NONE:
        parts.append(EFFECT_NAMES[row[CF_EFFECT]])
    return f"{label} ({', '.join(parts)})"


@functools.lru_cache(maxsize=16)
def _label_index(raw: bytes, shape: tuple[int, int]) -> dict[str, list[int]]:
    """label -> card ids, per card table (keyed by its bytes: tables are small)."""
    table = np.frombuffer(raw, dtype=np.int64).reshape(shape)
    index: dict[str, list[int]] = {}
    for i in range(len(table)):
        if table[i, CF_VALID]:
            index.setdefault(card_label(table, i), []).append(i)
    return index


def find_card(table: np.ndarray, text: str) -> int:
    """Card id of TEXT: an id (``12``) or a label (``red 3-1``, any case; a ``(...)`` suffix is ignored)."""
    wanted = str(text).strip()
    if re.fullmatch(r"#?[0-9]+", wanted):
        return _check_id(table, int(wanted.lstrip("#")))
    key = " ".join(re.sub(r"\(.*\)\s*$", "", wanted).lower().split())
    matches = _label_index(table.tobytes(), table.shape).get(key, [])
    if not matches:
        raise ValueError(f"no card {wanted!r}: give an id or a label such as 'red 3-1'")
    if len(matches) > 1:
        raise ValueError(f"card {wanted!r} is ambiguous: ids {', '.join(map(str, matches))}; give the id")
    return matches[0]


# ---------------------------------------------------------------- tables for people


def deck_summary(deck: Deck) -> pd.DataFrame:
    """One row per shot card: id, colour, left, right, damage, dragon, effect, name."""
    import pandas as pd

    rows = deck.table[: deck.n_shot]
    return pd.DataFrame(
        {
            "id": np.arange(deck.n_shot),
            "colour": [COLOUR_NAMES[c] for c in rows[:, CF_COLOUR]],
            "left": rows[:, CF_LEFT],
            "right": rows[:, CF_RIGHT],
            "damage": rows[:, CF_DAMAGE],
            "dragon": rows[:, CF_DRAGON].astype(bool),
            "effect": [EFFECT_NAMES[e] for e in rows[:, CF_EFFECT]],
            "name": list(deck.names),
        }
    )


def _aligned(rows: list[list[str]]) -> list[str]:
    """Rows of cells as left-aligned text columns (trailing spaces stripped)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]


def colour_summary(table: np.ndarray, colour: int, n_shot: int) -> str:
    """One line: cards, damage counts, dragons and effects of one colour."""
    rows = table[:n_shot][table[:n_shot, CF_COLOUR] == colour]
    damage = Counter(rows[:, CF_DAMAGE].tolist())
    effects = Counter(rows[:, CF_EFFECT].tolist())
    damage_text = "/".join(str(damage[d]) for d in range(4))
    effect_text = ", ".join(f"{EFFECT_NAMES[e]} {effects[e]}" for e in sorted(effects) if e != EFFECT_NONE)
    return (
        f"{COLOUR_NAMES[colour]}: {len(rows)} cards, damage 0/1/2/3 = {damage_text}, "
        f"{int(rows[:, CF_DRAGON].sum())} dragons, effects: {effect_text or 'none'}"
    )


def format_cards_table(deck: Deck) -> str:
    """The deck as an aligned text table, then a summary line per colour."""
    rows = [["id", "colour", "card", "damage", "dragon", "effect", "name"]]
    for i in range(deck.n_shot):
        row = deck.table[i]
        effect = EFFECT_NAMES[row[CF_EFFECT]] if row[CF_EFFECT] != EFFECT_NONE else "-"
        rows.append(
            [
                str(i),
                COLOUR_NAMES[row[CF_COLOUR]],
                f"{row[CF_LEFT]}-{row[CF_RIGHT]}",
                str(row[CF_DAMAGE]),
                "yes" if row[CF_DRAGON] else "-",
                effect,
                deck.names[i],
            ]
        )
    lines = _aligned(rows)
    lines.insert(1, "-" * max(len(line) for line in lines))
    lines.append("")
    lines.extend(colour_summary(deck.table, c, deck.n_shot) for c in range(len(SHOT_COLOURS)))
    return "\n".join(lines) + "\n"
