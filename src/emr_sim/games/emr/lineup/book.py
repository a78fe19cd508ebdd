"""Book files: the greedy's parameter vector for each master, as tuning made them.

A book is JSON, parameters by NAME (so a book says what it sets, and a book written for
another parameter table is refused by name rather than read wrongly):

    {
     "format": "emr-sim book 1",
     "made_by": "emr-sim tune ... (or: placeholder: default vectors)",
     "masters": {"crow": {"w_pair": 1.5, ...}, ..., "no_hero": {...}},
     "run": {"deck": "default", "deck_sha256": "...", "rules": {...}, "fury": true} or null,
     "gains": {"crow": 0.031, ...},
     "tuning": {...}                     (optional, free-form: how the tuning ran)
    }

`masters` has one row per master (emr_sim.games.emr.codes.HERO_NAMES) and `no_hero` (fury off). A
row must give every parameter its master uses; one it does not use may be left out (it
takes the default). `run` is the set-up the book was tuned on: a book used on another deck
or other rules still plays, with a warning (book_warning). `gains` are the measured win-rate
gains per master against the default greedy.
"""

from __future__ import annotations

import difflib
import hashlib
import importlib.resources
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput, cut, quoted
from emr_sim.files.read import InputFileError, TooLong, parse_json, read_input
from emr_sim.games.emr.lineup.table import BY_NAME, PARAMS, ROW_NAMES, out_of_range, uses
from emr_sim.games.emr.players.params import WEIGHT_ROWS, Param, check_vector, default_vector

BOOK_FORMAT = "emr-sim book 1"
TUNED_FILE = "tuned.json"
TUNED_NAME = f"emr_sim/games/emr/data/{TUNED_FILE}"  # how records and messages name the shipped book
PLACEHOLDER = "placeholder: default vectors"
MAX_BOOK_BYTES = 1 << 20  # a book is a few kilobytes; anything this large is not one
TOP_KEYS = ("format", "made_by", "masters", "run", "gains", "tuning")
REQUIRED_KEYS = ("format", "made_by", "masters")
RUN_KEYS = ("deck", "deck_sha256", "rules", "fury")
SHA256 = re.compile(r"^[0-9a-f]{64}$")
KEY_WORDS = 40  # characters of an unknown key said in a message
VALUE_WORDS = 80  # characters of a wrong value said in a message


class BookError(BadInput):
    """A book file that cannot be used: the message names the file and the JSON path."""


@dataclass(frozen=True, eq=False)
class Book:
    """A loaded, checked book."""

    path: str  # as named in messages and records
    sha256: str  # of the file's bytes
    vectors: np.ndarray = field(repr=False)  # (WEIGHT_ROWS, N_PARAMS) float64, read-only
    made_by: str
    run: dict | None  # the set-up it was tuned on
    gains: dict[str, float | None]

    def __eq__(self, other: object) -> bool:  # the same file's bytes under the same name
        return isinstance(other, Book) and (self.path, self.sha256) == (other.path, other.sha256)

    def __hash__(self) -> int:
        return hash((self.path, self.sha256))


def tuned_path() -> Path:
    """The book shipped with the package (the `tuned` player)."""
    return Path(str(importlib.resources.files("emr_sim.games.emr") / "data" / TUNED_FILE))


# ---------------------------------------------------------------- reading


def load_book(path: str | Path, shown: str | None = None) -> Book:
    """Read and check a book file; BookError names the file (as `shown`) and the JSON path."""
    name = shown or str(path)
    try:
        data = read_input(path, "book", MAX_BOOK_BYTES, shown=name)
        doc = parse_json(data, name, "book")
    except InputFileError as err:
        raise BookError(str(err)) from None
    checker = Checker(name)
    checker.top(doc)
    assert isinstance(doc, dict)  # Checker.top refuses anything else
    return Book(
        path=name,
        sha256=hashlib.sha256(data).hexdigest(),
        vectors=checker.masters(doc["masters"]),
        made_by=doc["made_by"],
        run=checker.run(doc.get("run")),
        gains=checker.gains(doc.get("gains", {})),
    )


def json_words(value: object) -> str:
    """A JSON value as a message shows it: its JSON text cut to a readable length, an integer
    too long to be a value by its length (emr_sim.files.read.TooLong)."""
    if isinstance(value, TooLong):
        return repr(value)
    try:
        return cut(json.dumps(value), VALUE_WORDS)
    except (TypeError, ValueError):
        return quoted(value, VALUE_WORDS)


def is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass
class Checker:
    """The checks of one book's parts; every message starts with the file and JSON path."""

    name: str

    def fail(self, where: str, problem: str) -> BookError:
        return BookError(f"{self.name}: {where}: {problem}")

    def obj(self, value: object, where: str) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"must be an object, not {type(value).__name__}")
        return value

    def keys(self, value: dict, where: str, known: tuple[str, ...], required: tuple[str, ...]) -> None:
        for key in value:
            if key not in known:
                raise self.fail(f"{where}.{cut(key, KEY_WORDS)}", f"unknown key; known: {', '.join(known)}")
        for key in required:
            if key not in value:
                raise self.fail(f"{where}.{key}", "missing")

    def top(self, doc: object) -> None:
        self.keys(self.obj(doc, "$"), "$", TOP_KEYS, REQUIRED_KEYS)
        assert isinstance(doc, dict)
        if doc["format"] != BOOK_FORMAT:
            raise self.fail("$.format", f"{doc['format']!r} is not {BOOK_FORMAT!r}")
        if not isinstance(doc["made_by"], str) or not doc["made_by"].strip():
            raise self.fail("$.made_by", "must be a non-empty string saying what made the book")
        if "tuning" in doc:
            self.obj(doc["tuning"], "$.tuning")

    def masters(self, value: object, where: str = "$.masters") -> np.ndarray:
        rows = self.obj(value, where)
        self.keys(rows, where, ROW_NAMES, ROW_NAMES)
        out = np.tile(default_vector(), (WEIGHT_ROWS, 1))
        for r, row_name in enumerate(ROW_NAMES):
            out[r] = self.row(rows[row_name], r, f"{where}.{row_name}")
        out.flags.writeable = False
        return out

    def row(self, value: object, r: int, where: str) -> np.ndarray:
        entries = self.obj(value, where)
        vec = default_vector()
        for key in entries:
            if key not in BY_NAME:
                close = difflib.get_close_matches(str(key), BY_NAME, n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                raise self.fail(
                    f"{where}.{cut(key, KEY_WORDS)}", f"unknown parameter{hint}; `emr-sim players` lists them"
                )
        for p in PARAMS:
            if p.name not in entries:
                if uses(p, r):
                    raise self.fail(f"{where}.{p.name}", f"missing (the {ROW_NAMES[r]} row uses it)")
                continue
            vec[p.index] = self.entry(entries[p.name], p, f"{where}.{p.name}")
        try:
            check_vector(vec)
        except ValueError as err:
            raise self.fail(where, str(err)) from None
        return vec

    def entry(self, value: object, p: Param, where: str) -> float:
        if not is_number(value):
            raise self.fail(where, f"must be a number, not {json_words(value)}")
        assert isinstance(value, (int, float))
        problem = out_of_range(value, p.low, p.high, p.integer)
        if problem:
            raise self.fail(where, f"{value} {problem}")
        return float(value)

    def run(self, value: object) -> dict | None:
        if value is None:
            return None
        run = self.obj(value, "$.run")
        self.keys(run, "$.run", RUN_KEYS, RUN_KEYS)
        if not isinstance(run["deck"], str):
            raise self.fail("$.run.deck", "must be a string (the deck file, or default)")
        if not isinstance(run["deck_sha256"], str) or not SHA256.match(run["deck_sha256"]):
            raise self.fail("$.run.deck_sha256", "must be 64 lower-case hex digits")
        self.obj(run["rules"], "$.run.rules")
        if not isinstance(run["fury"], bool):
            raise self.fail("$.run.fury", "must be true or false")
        return run

    def gains(self, value: object) -> dict[str, float | None]:
        gains = self.obj(value, "$.gains")
        self.keys(gains, "$.gains", ROW_NAMES, ())
        for key, gain in gains.items():
            if gain is not None and not is_number(gain):
                raise self.fail(f"$.gains.{key}", f"must be a number or null, not {json_words(gain)}")
        return {k: (None if v is None else float(v)) for k, v in gains.items()}


def vectors_from(value: object, name: str, where: str) -> np.ndarray:
    """Vectors by master and parameter name (a book's `masters`, a run record's spec
    `vectors`) checked as a book's are; BookError naming `name` and the JSON path `where`."""
    return Checker(name).masters(value, where)


# ---------------------------------------------------------------- writing


def book_dict(
    vectors: np.ndarray,
    made_by: str,
    run: dict | None = None,
    gains: dict | None = None,
    tuning: dict | None = None,
) -> dict:
    """The JSON of a book; every parameter of every row written out, by name; `tuning` (how
    the tuning ran) is kept as given."""
    vectors = np.asarray(vectors, dtype=np.float64)
    if vectors.shape != (WEIGHT_ROWS, len(PARAMS)):
        raise ValueError(f"a book's vectors have shape ({WEIGHT_ROWS}, {len(PARAMS)}), not {vectors.shape}")
    for r, row_name in enumerate(ROW_NAMES):
        try:
            check_vector(vectors[r])
        except ValueError as err:
            raise ValueError(f"the {row_name} row: {err}") from None
    masters = {
        row_name: {p.name: json_number(vectors[r, p.index], p) for p in PARAMS}
        for r, row_name in enumerate(ROW_NAMES)
    }
    doc = {"format": BOOK_FORMAT, "made_by": made_by, "masters": masters, "run": run, "gains": gains or {}}
    if tuning is not None:
        doc["tuning"] = tuning
    checker = Checker("the book to write")
    checker.top(doc)
    checker.run(run)
    checker.gains(doc["gains"])
    return doc


def json_number(value: float, p: Param) -> int | float:
    return int(value) if p.integer else float(value)


def write_book(
    path: str | Path,
    vectors: np.ndarray,
    made_by: str,
    run: dict | None = None,
    gains: dict | None = None,
    tuning: dict | None = None,
) -> Path:
    """Write a book atomically (emr_sim.files.write; WriteError on failure); checked before writing."""
    from emr_sim.files.write import write_text

    return write_text(path, json.dumps(book_dict(vectors, made_by, run, gains, tuning), indent=1) + "\n")


def write_placeholder(path: str | Path) -> Path:
    """The book shipped until tuning makes the real one: every row the default vector."""
    return write_book(path, np.tile(default_vector(), (WEIGHT_ROWS, 1)), PLACEHOLDER)
