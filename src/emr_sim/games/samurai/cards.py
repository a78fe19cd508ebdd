"""Samurai Sword's card file (data/cards.toml; its format in docs/samurai.md): the characters,
the playing cards, the roles in play and the score weights, read and checked once where the
file enters, as the tables the kernels read (rules/layout.py).

Every check runs before anything is used: a problem is one line naming the file, the line
and the field (`CardsError`, a BadInput: exit 2, nothing written).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.samurai.rules import layout as L

DEFAULT = Path(__file__).resolve().parent / "data" / "cards.toml"
MAX_BYTES = 1_000_000
PLAYER_COUNTS = range(L.MIN_SEATS, L.MAX_SEATS + 1)
MIN_DECK = 60  # enough for the largest deal (40) and some turns
ROLE_CARDS = {"shogun": 1, "samurai": 2, "ninja": 3, "ronin": 1}  # SS-ROLES
HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z_]+)\s*\]\]")
KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")
TOML_WHERE = re.compile(r"\(at line (\d+), column \d+\)")  # tomllib's place of an error


class CardsError(BadInput):
    """A card file that cannot be used: `FILE:LINE: field 'NAME': problem`."""

    def __init__(self, path: str, line: int | None, name: str | None, problem: str):
        where = path if line is None else f"{path}:{line}"
        what = "" if name is None else f" field {name!r}:"
        super().__init__(f"{where}:{what} {problem}")
        self.line, self.field = line, name


@dataclass(frozen=True)
class Cards:
    """A checked card file, as the kernels' tables and the names the face shows."""

    path: str
    sha256: str
    edition: str
    card_names: tuple[str, ...]
    char_names: tuple[str, ...]
    CT: np.ndarray  # (MAX_KINDS, CT_SIZE) int64: type, effect, count, range, damage
    CH: np.ndarray  # (MAX_CHARS, CH_SIZE) int64: health, ability
    RT: np.ndarray  # (MAX_SEATS + 1, RT_SIZE) int64, by player count
    WT: np.ndarray  # (MAX_SEATS + 1, N_ROLES) int64, by player count
    texts: dict[str, str] = field(default_factory=dict, compare=False)
    sources: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def n_kinds(self) -> int:
        return len(self.card_names)

    def deck_size(self) -> int:
        return int(self.CT[: self.n_kinds, L.CT_COUNT].sum())


class Lines:
    """Where each `[[table]]` of a TOML text and each of its keys sit (tomllib keeps no lines)."""

    def __init__(self, text: str):
        self.tables: dict[str, list[tuple[int, dict[str, int]]]] = {}
        current: dict[str, int] | None = None
        self.keys: dict[str, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            if head := HEADER.match(line):
                current = {}
                self.tables.setdefault(head.group(1), []).append((number, current))
            elif line.lstrip().startswith("["):
                current = None
            elif (key := KEY.match(line)) is not None:
                (self.keys if current is None else current).setdefault(key.group(1), number)

    def of(self, table: str, index: int, key: str | None = None) -> int | None:
        entries = self.tables.get(table, [])
        if index >= len(entries):
            return None
        head, keys = entries[index]
        return keys.get(key, head) if key else head


def load_cards(path: str | Path | None = None) -> Cards:
    """The card file at `path` (None: the published game's, data/cards.toml), checked."""
    file = DEFAULT if path is None else Path(path)
    shown = "cards.toml (default)" if path is None else str(path)
    try:
        data = file.read_bytes()[: MAX_BYTES + 1]
    except OSError as err:
        raise CardsError(shown, None, None, f"cannot read: {err.strerror or err}") from None
    if len(data) > MAX_BYTES:
        raise CardsError(shown, None, None, f"larger than {MAX_BYTES:,} bytes: not a card file")
    try:
        text = data.decode("utf-8")
        doc = tomllib.loads(text)
    except UnicodeDecodeError as err:
        raise CardsError(shown, None, None, f"not UTF-8 text ({err.reason} at byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        where = TOML_WHERE.search(str(err))
        line = int(where.group(1)) if where else None
        raise CardsError(shown, line, None, f"not TOML: {str(err).split(' (at')[0]}") from None
    return _checked(shown, hashlib.sha256(data).hexdigest(), doc, Lines(text))


class _Reader:
    """Reads the fields of one `[[table]]` entry, failing with its file and line."""

    def __init__(self, shown: str, lines: Lines, table: str, index: int, entry: object):
        self.shown, self.lines, self.table, self.index = shown, lines, table, index
        if not isinstance(entry, dict):
            raise self.fail(None, "not a table of fields")
        self.entry = entry

    def fail(self, key: str | None, problem: str) -> CardsError:
        return CardsError(self.shown, self.lines.of(self.table, self.index, key), key, problem)

    def text(self, key: str, required: bool = True) -> str:
        value = self.entry.get(key)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not value.strip():
            missing = f"missing in [[{self.table}]] {self.index + 1}" if value is None else "not a text"
            raise self.fail(key, missing)
        return value.strip()

    def number(self, key: str, low: int, high: int, what: str = "") -> int:
        value = self.entry.get(key)
        if value is None:
            raise self.fail(key, f"missing in [[{self.table}]] {self.index + 1}{what}")
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(key, f"{quoted(value)}: not a whole number")
        if value < 0 and low >= 0:
            raise self.fail(key, f"{value}: negative")
        if not low <= value <= high:
            raise self.fail(key, f"{value}: outside {low}..{high}")
        return value

    def code(self, key: str, names: tuple[str, ...]) -> int:
        value = self.text(key)
        if value not in names:
            raise self.fail(key, f"{quoted(value)}: unknown (known: {', '.join(names)})")
        return names.index(value)

    def unknown_keys(self, known: set[str]) -> None:
        for key in self.entry:
            if key not in known:
                raise self.fail(
                    key, f"not a field of [[{self.table}]] (its fields: {', '.join(sorted(known))})"
                )


def _entries(shown: str, doc: dict, lines: Lines, table: str, most: int) -> list:
    entries = doc.get(table)
    if not isinstance(entries, list) or not entries:
        raise CardsError(shown, None, table, f"no [[{table}]] entries")
    if len(entries) > most:
        raise CardsError(shown, lines.of(table, most), table, f"more than {most} [[{table}]] entries")
    return entries


def _checked(shown: str, sha: str, doc: dict, lines: Lines) -> Cards:
    texts: dict[str, str] = {}
    char_names, CH = _characters(shown, doc, lines, texts)
    card_names, CT = _cards(shown, doc, lines, texts)
    RT = _roles(shown, doc, lines)
    WT = _weights(shown, doc, lines, RT)
    sources = doc.get("sources", {})
    return Cards(
        path=shown, sha256=sha, edition=str(doc.get("edition", "")), card_names=card_names,
        char_names=char_names, CT=CT, CH=CH, RT=RT, WT=WT, texts=texts,
        sources={str(k): str(v) for k, v in sources.items()} if isinstance(sources, dict) else {},
    )  # fmt: skip


def _unique(reader: _Reader, name: str, seen: set[str]) -> str:
    if name in seen:
        raise reader.fail("name", f"{quoted(name)}: a second entry of that name")
    seen.add(name)
    return name


def _characters(shown, doc, lines, texts) -> tuple[tuple[str, ...], np.ndarray]:
    entries = _entries(shown, doc, lines, "character", L.MAX_CHARS)
    CH = np.zeros((L.MAX_CHARS, L.CH_SIZE), dtype=np.int64)
    names: list[str] = []
    for i, entry in enumerate(entries):
        r = _Reader(shown, lines, "character", i, entry)
        r.unknown_keys({"name", "health", "ability", "text", "source"})
        names.append(_unique(r, r.text("name"), set(names)))
        CH[i, L.CH_HEALTH] = r.number("health", 1, 9, ": a character needs its health (resilience)")
        CH[i, L.CH_ABILITY] = r.code("ability", L.ABILITY_NAMES)
        texts[names[-1]] = r.text("text", required=False)
        r.text("source")
    if len(names) < L.MAX_SEATS:
        raise CardsError(
            shown, None, "character", f"{len(names)} characters: at least {L.MAX_SEATS} (one a seat)"
        )
    return tuple(names), CH


def _cards(shown, doc, lines, texts) -> tuple[tuple[str, ...], np.ndarray]:
    entries = _entries(shown, doc, lines, "card", L.MAX_KINDS)
    CT = np.zeros((L.MAX_KINDS, L.CT_SIZE), dtype=np.int64)
    names: list[str] = []
    for i, entry in enumerate(entries):
        r = _Reader(shown, lines, "card", i, entry)
        r.unknown_keys({"name", "kind", "effect", "count", "range", "damage", "text", "source"})
        names.append(_unique(r, r.text("name"), set(names)))
        kind = r.code("kind", L.TYPE_NAMES)
        effect = r.code("effect", L.EFFECT_NAMES)
        if L.EFFECT_TYPE[effect] != kind:
            raise r.fail(
                "effect",
                f"{L.EFFECT_NAMES[effect]!r} is an effect of a {L.TYPE_NAMES[L.EFFECT_TYPE[effect]]}",
            )
        CT[i, L.CT_TYPE], CT[i, L.CT_EFFECT] = kind, effect
        CT[i, L.CT_COUNT] = r.number("count", 1, L.MAX_DECK)
        if kind == L.WEAPON:
            CT[i, L.CT_RANGE] = r.number("range", 0, 9, ": a Weapon needs its range")
            CT[i, L.CT_DAMAGE] = r.number("damage", 1, 9, ": a Weapon needs its damage")
        else:
            for key in ("range", "damage"):
                if key in entry:
                    raise r.fail(key, f"only Weapons have a {key}")
        texts[names[-1]] = r.text("text", required=False)
        r.text("source")
    total = int(CT[:, L.CT_COUNT].sum())
    if not MIN_DECK <= total <= L.MAX_DECK:
        raise CardsError(shown, None, "count", f"the deck holds {total} cards: {MIN_DECK} to {L.MAX_DECK}")
    effects = set(CT[: len(names), L.CT_EFFECT].tolist())
    for needed in (L.EF_ATTACK, L.EF_PARRY):
        if needed not in effects:
            raise CardsError(shown, None, "effect", f"no card with the effect {L.EFFECT_NAMES[needed]!r}")
    return tuple(names), CT


def _roles(shown, doc, lines) -> np.ndarray:
    RT = np.zeros((L.MAX_SEATS + 1, L.RT_SIZE), dtype=np.int64)
    done: set[int] = set()
    for i, entry in enumerate(_entries(shown, doc, lines, "roles", len(PLAYER_COUNTS))):
        r = _Reader(shown, lines, "roles", i, entry)
        r.unknown_keys({"players", *ROLE_CARDS, "removed_ninja", "honour_shogun", "honour_other", "source"})
        n = r.number("players", L.MIN_SEATS, L.MAX_SEATS)
        if n in done:
            raise r.fail("players", f"{n}: a second role table for {n} players")
        done.add(n)
        counts = [r.number(role, 0, most) for role, most in ROLE_CARDS.items()]
        if counts[0] != 1:
            raise r.fail("shogun", f"{counts[0]}: one Shogun in every game (SS-ROLES)")
        if sum(counts) != n:
            raise r.fail("players", f"the roles add up to {sum(counts)}, not {n} players")
        removed = r.number("removed_ninja", 0, ROLE_CARDS["ninja"])
        if counts[2] + removed > ROLE_CARDS["ninja"]:
            raise r.fail(
                "removed_ninja", f"{counts[2]} Ninja in play and {removed} removed: only 3 Ninja cards"
            )
        RT[n, : L.RT_REMOVED] = counts
        RT[n, L.RT_REMOVED] = removed
        RT[n, L.RT_HONOUR_SHOGUN] = r.number("honour_shogun", 1, 20)
        RT[n, L.RT_HONOUR_OTHER] = r.number("honour_other", 1, 20)
        r.text("source")
    missing = [n for n in PLAYER_COUNTS if n not in done]
    if missing:
        raise CardsError(shown, None, "roles", f"no role table for {', '.join(map(str, missing))} players")
    return RT


def _weights(shown, doc, lines, RT) -> np.ndarray:
    WT = np.zeros((L.MAX_SEATS + 1, L.N_ROLES), dtype=np.int64)
    done: set[int] = set()
    for i, entry in enumerate(_entries(shown, doc, lines, "weights", len(PLAYER_COUNTS))):
        r = _Reader(shown, lines, "weights", i, entry)
        r.unknown_keys({"players", *ROLE_CARDS, "source"})
        n = r.number("players", L.MIN_SEATS, L.MAX_SEATS)
        if n in done:
            raise r.fail("players", f"{n}: a second weight table for {n} players")
        done.add(n)
        for role, name in enumerate(ROLE_CARDS):
            weight = r.number(name, 0, 9)
            if (weight > 0) != (RT[n, role] > 0):
                state = "in play" if RT[n, role] else "not in play"
                raise r.fail(name, f"weight {weight} for a role {state} at {n} players")
            WT[n, role] = weight
        r.text("source")
    missing = [n for n in PLAYER_COUNTS if n not in done]
    if missing:
        raise CardsError(shown, None, "weights", f"no weights for {', '.join(map(str, missing))} players")
    return WT
