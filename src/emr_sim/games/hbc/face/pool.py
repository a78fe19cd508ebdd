"""HBC's cards as data: a card pool file (CSV) and its deck files, read and checked once where
they enter (docs/hbc.md, "Cards as data").

A *card set* is a directory holding `pool.csv` (every card that exists: characters with their
dice count, hit, attribute, ★ and ability; supports with their effect and when they may be
played) and `decks/*.deck` (10 cards each, HBC-DECK, HBC-D-DECKBUILD). Abilities and effects
are written in a small vocabulary of terms (`attack+3 vs forest`, `swap`, `exchange+1`), never
as code per card. A file that cannot be used is refused with one line naming the file, the
line and the field (PoolError, a BadInput: exit 2 on the command line), before anything is
played or written.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.resources
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.hbc.rules import layout as L

POOL_FILE = "pool.csv"
DECKS_DIR = "decks"
DECK_SUFFIX = ".deck"
SHIPPED = ("example", "vanilla")  # the card sets in the package's data folder
DEFAULT_SET = "example"
COLUMNS = ("id", "kind", "name", "attribute", "dice", "hit", "star", "ability", "when")
OPTIONAL = ("note",)
MAX_FILE_BYTES = 1_000_000
MAX_CARD_DICE = 8  # a card's printed dice count (the rules clamp changed counts to 0..MAX_DICE)
MAX_AMOUNT = 6
MAX_DECKS = 64
SHOWN = 40
ID_FORM = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
TERM_FORM = re.compile(r"(?P<name>[a-z_]+)(?P<amount>[+-][0-9]+)?(?:\s+vs\s+(?P<vs>\S+))?")
STAR_WORDS = {"yes": 1, "no": 0, "★": 1, "": 0}
LINE_BREAK = re.compile(r"\r\n|\r|\n")

# the vocabulary: effect -> (window, takes an amount, may be "vs" an attribute)
SIGNED = (L.EF_DICE, L.EF_HIT, L.EF_ATTACK, L.EF_FOE_DICE, L.EF_FOE_HIT, L.EF_FOE_ATTACK)
WINDOW = {
    L.EF_DICE: L.WIN_1, L.EF_HIT: L.WIN_1, L.EF_FOE_DICE: L.WIN_1, L.EF_FOE_HIT: L.WIN_1,
    L.EF_ATTACK: L.WIN_2, L.EF_FOE_ATTACK: L.WIN_2, L.EF_SWAP: L.WIN_2,
    L.EF_KEEP_CARD: L.WIN_3, L.EF_KEEP_COIN: L.WIN_3,
    L.EF_TAKE_COIN: L.WIN_SOLO, L.EF_EXCHANGE: L.WIN_SOLO,
    L.EF_RESTRICT: L.WIN_NEVER,
}  # fmt: skip
CHARACTER_EFFECTS = (*SIGNED, L.EF_RESTRICT)  # a character's standing ability


class PoolError(BadInput):
    """A card pool or deck file that cannot be used: `FILE:LINE: field 'NAME': problem`."""

    def __init__(self, path: str, line: int | None, field_name: str | None, problem: str):
        self.path, self.line, self.field, self.problem = path, line, field_name, problem
        where = path if line is None else f"{path}:{line}"
        super().__init__(
            f"{where}: " + (problem if field_name is None else f"field {field_name!r}: {problem}")
        )


@dataclass(frozen=True)
class Card:
    """One card of a pool, as its file gives it."""

    id: str
    kind: int
    name: str
    attribute: int
    dice: int
    hit: int
    star: bool
    terms: tuple[tuple[int, int, int], ...]  # (effect, amount, against attribute or NO_ATTR)
    when: int
    line: int
    note: str = ""

    @property
    def ability(self) -> str:
        return "; ".join(term_text(t) for t in self.terms)


@dataclass(frozen=True)
class Deck:
    """A deck of 10 cards: its master card and the nine others, as indices into the pool."""

    name: str
    master: int
    rest: tuple[int, ...]
    path: str


@dataclass(frozen=True)
class CardSet:
    """A pool and its decks, checked; `table` and `decks_table` are the kernels' arrays."""

    name: str
    cards: tuple[Card, ...]
    decks: tuple[Deck, ...]
    sha256: str
    table: np.ndarray = field(compare=False, repr=False)  # (n_cards, CF_SIZE) int64
    decks_table: np.ndarray = field(compare=False, repr=False)  # (n_decks, DK_SIZE) int64

    def index(self, card_id: str) -> int:
        for i, card in enumerate(self.cards):
            if card.id == card_id:
                return i
        raise BadInput(f"{card_id!r}: no card of that id in the card set {self.name}")

    @property
    def deck_names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.decks)


def term_text(term: tuple[int, int, int]) -> str:
    effect, amount, vs = term
    text = L.EFFECT_NAMES[effect]
    if effect in SIGNED or (effect == L.EF_EXCHANGE and amount != 1):
        text += f"{amount:+d}"
    return text + (f" vs {L.ATTR_NAMES[vs]}" if vs != L.NO_ATTR else "")


def shown(text: str) -> str:
    return repr(text) if len(text) <= SHOWN else f"{text[:SHOWN]!r}... ({len(text):,} characters)"


# ---------------------------------------------------------------- where a set is


def shipped_dir(name: str) -> Path:
    return Path(str(importlib.resources.files("emr_sim.games.hbc") / "data" / name))


def set_dir(data: str | None) -> tuple[str, Path]:
    """(the name runs record, its directory): None or a shipped name, else a directory."""
    if data is None or data in SHIPPED:
        name = DEFAULT_SET if data is None else data
        return name, shipped_dir(name)
    path = Path(data)
    if path.is_file() and path.name == POOL_FILE:
        path = path.parent
    if not path.is_dir():
        problem = f"not a card set: a {POOL_FILE} with a {DECKS_DIR} folder, or one of {', '.join(SHIPPED)}"
        raise PoolError(data, None, None, problem)
    return data, path


def load_set(data: str | None) -> CardSet:
    """The card set `data` names (None: the example set), every file checked first."""
    name, folder = set_dir(data)
    pool_path = folder / POOL_FILE
    pool_bytes = read_file(pool_path, "card pool")
    cards = parse_pool(str(pool_path), decode(str(pool_path), pool_bytes))
    digest = hashlib.sha256(pool_bytes)
    deck_paths = sorted((folder / DECKS_DIR).glob("*" + DECK_SUFFIX)) if (folder / DECKS_DIR).is_dir() else []
    if not deck_paths:
        raise PoolError(
            str(folder / DECKS_DIR), None, None, f"no deck files (*{DECK_SUFFIX}) in the card set"
        )
    if len(deck_paths) > MAX_DECKS:
        raise PoolError(str(folder / DECKS_DIR), None, None, f"{len(deck_paths)} decks: at most {MAX_DECKS}")
    decks = []
    for path in deck_paths:
        data_bytes = read_file(path, "deck")
        digest.update(path.name.encode() + b"\0" + data_bytes)
        decks.append(parse_deck(str(path), decode(str(path), data_bytes), cards))
    return CardSet(name, cards, tuple(decks), digest.hexdigest(), card_table(cards), deck_table(decks))


def read_file(path: Path, what: str) -> bytes:
    from emr_sim.files.read import InputFileError, read_input

    try:
        return read_input(path, what, MAX_FILE_BYTES)
    except InputFileError as err:
        raise PoolError(str(path), None, None, err.problem) from None


def decode(shown_path: str, data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = len(LINE_BREAK.split(data[: exc.start].decode("latin-1")))
        raise PoolError(shown_path, line, None, f"not UTF-8 text ({exc.reason})") from None


def records(path: str, text: str):
    """(line number, fields) of each line that is neither empty nor a # comment."""
    for number, line in enumerate(LINE_BREAK.split(text), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            try:
                fields = next(csv.reader([line]))
            except csv.Error as err:
                raise PoolError(path, number, None, f"not a line of CSV: {err}") from None
            yield number, [f.strip() for f in fields]


# ---------------------------------------------------------------- the pool


def parse_pool(path: str, text: str) -> tuple[Card, ...]:
    rows = records(path, text)
    first = next(rows, None)
    if first is None:
        raise PoolError(path, 1, None, f"empty card pool: no header line ({','.join(COLUMNS)})")
    columns = parse_header(path, *first)
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, fields in rows:
        if len(cards) == L.MAX_CARDS:
            raise PoolError(path, number, None, f"more than {L.MAX_CARDS} cards")
        card = parse_card(path, number, fields, columns)
        if card.id in seen:
            raise PoolError(path, number, "id", f"{shown(card.id)} is already the id of line {seen[card.id]}")
        seen[card.id] = number
        cards.append(card)
    if not cards:
        raise PoolError(path, first[0], None, "no cards after the header line")
    return tuple(cards)


def parse_header(path: str, number: int, fields: list[str]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, raw in enumerate(fields):
        name = raw.lower()
        if name not in COLUMNS + OPTIONAL:
            raise PoolError(
                path, number, raw[:SHOWN], f"unknown column; the columns are {','.join(COLUMNS)}[,note]"
            )
        if name in columns:
            raise PoolError(path, number, name, "column given twice")
        columns[name] = index
    for name in COLUMNS:
        if name not in columns:
            raise PoolError(path, number, name, "missing column in the header line")
    return columns


def parse_card(path: str, number: int, fields: list[str], columns: dict[str, int]) -> Card:
    if len(fields) != len(columns):
        raise PoolError(
            path, number, None, f"{len(fields)} fields, but the header has {len(columns)} columns"
        )

    def value(name: str) -> str:
        return fields[columns[name]] if name in columns else ""

    def fail(name: str, problem: str) -> PoolError:
        return PoolError(path, number, name, f"{shown(value(name))} {problem}")

    card_id = value("id")
    if not ID_FORM.fullmatch(card_id):
        raise fail("id", "is not an id (lower-case letters, digits, - and _, at most 40)")
    kind = value("kind").lower()
    if kind == "event":  # HBC-KINDS, HBC-EVENT: tournament cards without content here
        raise fail(
            "kind", "is left out: event cards have no content outside official tournaments (HBC-D-EVENTS)"
        )
    if kind not in L.KIND_NAMES:
        raise fail("kind", f"is not one of {', '.join(L.KIND_NAMES)}")
    attr = value("attribute").lower()
    if attr not in L.ATTR_NAMES:
        raise fail("attribute", f"is not one of {', '.join(L.ATTR_NAMES)}")
    terms = parse_ability(value("ability"), lambda p: fail("ability", p))
    common = dict(
        id=card_id, name=value("name"), attribute=L.ATTR_NAMES.index(attr), terms=terms, line=number,
        note=value("note"),
    )  # fmt: skip
    if kind == "character":
        return character(value, fail, common)
    return support(value, fail, common)


def character(value, fail, common: dict) -> Card:
    """A character card: dice 1..8, hit 1..6 (HBC-CHARCARD), ★ yes or no, a standing ability."""
    dice = number(value("dice"), 1, MAX_CARD_DICE, lambda p: fail("dice", p))
    hit = number(value("hit"), 1, L.MAX_HIT, lambda p: fail("hit", p))
    star = value("star").lower()
    if star not in STAR_WORDS:
        raise fail("star", "is not yes or no")
    for effect, _, _ in common["terms"]:
        if effect not in CHARACTER_EFFECTS:
            raise fail(
                "ability", f"names {L.EFFECT_NAMES[effect]}, a support's effect, not a character's ability"
            )
    if value("when"):
        raise fail("when", "is for support cards: a character's ability applies in its battles")
    return Card(
        kind=L.KIND_CHARACTER, dice=dice, hit=hit, star=bool(STAR_WORDS[star]), when=L.WHEN_NONE, **common
    )


def support(value, fail, common: dict) -> Card:
    """A support card: one effect (or terms of one window) and when it may be played."""
    for name in ("dice", "hit"):
        if value(name):
            raise fail(name, "is for character cards (a support never fights, HBC-D-NOT-FIGHTERS)")
    if STAR_WORDS.get(value("star").lower(), 1):
        raise fail("star", "is for character cards: a support is never a master card")
    terms = common["terms"]
    if not terms:
        raise fail("ability", "is empty: a support card needs an effect")
    windows = {WINDOW[t[0]] for t in terms}
    if L.EF_RESTRICT in [t[0] for t in terms]:
        raise fail("ability", "names restrict, a character's ability, not a support's effect")
    if len(windows) > 1:
        raise fail("ability", "mixes effects of different moments of play")
    when = value("when").lower()
    if when not in L.WHEN_NAMES:
        raise fail("when", f"is not one of {', '.join(L.WHEN_NAMES)}")
    solo = windows == {L.WIN_SOLO}
    if solo != (when == "solo"):
        right = "solo" if solo else "battle, attack or defend"
        raise fail("when", f"does not fit the effect {L.EFFECT_NAMES[terms[0][0]]} (it is played: {right})")
    return Card(kind=L.KIND_SUPPORT, dice=0, hit=0, star=False, when=L.WHEN_NAMES.index(when), **common)


def number(text: str, low: int, high: int, fail) -> int:
    if not re.fullmatch(r"[0-9]{1,3}", text) or not low <= int(text) <= high:
        raise fail(f"is not a number from {low} to {high}")
    return int(text)


def parse_ability(text: str, fail) -> tuple[tuple[int, int, int], ...]:
    """Terms `name[+N|-N][ vs attribute]` separated by `;` (at most MAX_TERMS)."""
    parts = [p.strip() for p in text.split(";")] if text.strip() else []
    if len(parts) > L.MAX_TERMS:
        raise fail(f"has {len(parts)} terms: at most {L.MAX_TERMS}")
    return tuple(parse_term(p.lower(), fail) for p in parts)


def parse_term(text: str, fail) -> tuple[int, int, int]:
    m = TERM_FORM.fullmatch(text)
    if not m or m["name"] not in L.EFFECT_NAMES[1:]:
        raise fail(f"is not a term of the vocabulary ({', '.join(L.EFFECT_NAMES[1:])})")
    effect = L.EFFECT_NAMES.index(m["name"])
    amount_text, vs_text = m["amount"], m["vs"]
    if effect in SIGNED:
        if amount_text is None or not 1 <= abs(int(amount_text)) <= MAX_AMOUNT:
            raise fail(f"needs an amount: {m['name']}+N or {m['name']}-N, N from 1 to {MAX_AMOUNT}")
        amount = int(amount_text)
    elif effect == L.EF_EXCHANGE:
        amount = 1 if amount_text is None else int(amount_text)
        if not 1 <= amount <= 3:
            raise fail("is exchange+N with N from 1 to 3")
    elif amount_text is not None:
        raise fail(f"takes no amount ({m['name']})")
    else:
        amount = 0
    vs = L.NO_ATTR
    if vs_text is not None:
        if effect not in SIGNED:
            raise fail(f"cannot be against an attribute ({m['name']})")
        if vs_text not in L.ATTR_NAMES:
            raise fail(f"is against {vs_text!r}, not an attribute ({', '.join(L.ATTR_NAMES)})")
        vs = L.ATTR_NAMES.index(vs_text)
    return effect, amount, vs


# ---------------------------------------------------------------- decks


def parse_deck(path: str, text: str, cards: tuple[Card, ...]) -> Deck:
    """A deck file: `master: ID` and one card per line (`ID` or `COUNT ID`), 10 cards with at
    least one ★ character (HBC-DECK); the master (HBC-SETUP) a ★ character among them."""
    ids = {c.id: i for i, c in enumerate(cards)}
    listed: list[int] = []
    master: tuple[int, int] | None = None
    last = 1
    for n, raw in enumerate(LINE_BREAK.split(text), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        last = n
        if line.lower().startswith("master:"):
            card_id = line.split(":", 1)[1].strip()
            if card_id not in ids:
                raise PoolError(path, n, "master", f"{shown(card_id)} is not a card of the pool")
            master = (ids[card_id], n)
            continue
        count, card_id = deck_line(path, n, line)
        if card_id not in ids:
            raise PoolError(path, n, "card", f"{shown(card_id)} is not a card of the pool")
        if len(listed) + count > L.DECK_CARDS:
            raise PoolError(
                path, n, "card", f"card {len(listed) + count}: a deck holds {L.DECK_CARDS} cards (HBC-DECK)"
            )
        listed += [ids[card_id]] * count
    if len(listed) != L.DECK_CARDS:
        raise PoolError(path, last, "card", f"{len(listed)} cards: a deck holds {L.DECK_CARDS} (HBC-DECK)")
    stars = [i for i in listed if cards[i].kind == L.KIND_CHARACTER and cards[i].star]
    if not stars:
        raise PoolError(path, last, "master", "no ★ character card among the 10: a deck needs one (HBC-DECK)")
    chosen, line_no = master if master is not None else (stars[0], last)
    if chosen not in listed:
        raise PoolError(path, line_no, "master", f"{cards[chosen].id!r} is not one of the deck's 10 cards")
    if chosen not in stars:
        raise PoolError(
            path, line_no, "master", f"{cards[chosen].id!r} is not a ★ character card (HBC-SETUP)"
        )
    rest = list(listed)
    rest.remove(chosen)
    return Deck(Path(path).stem, chosen, tuple(rest), path)


def deck_line(path: str, n: int, line: str) -> tuple[int, str]:
    parts = line.split()
    if len(parts) == 1:
        return 1, parts[0]
    if len(parts) == 2 and re.fullmatch(r"[0-9]{1,2}", parts[0]) and int(parts[0]) >= 1:
        return int(parts[0]), parts[1]
    raise PoolError(path, n, "card", f"{shown(line)} is not `ID` or `COUNT ID`")


# ---------------------------------------------------------------- the kernels' arrays


def card_table(cards: tuple[Card, ...]) -> np.ndarray:
    table = np.zeros((len(cards), L.CF_SIZE), dtype=np.int64)
    for i, c in enumerate(cards):
        table[i, [L.CF_KIND, L.CF_DICE, L.CF_HIT, L.CF_ATTR, L.CF_STAR, L.CF_WHEN]] = (
            c.kind, c.dice, c.hit, c.attribute, int(c.star), c.when,
        )  # fmt: skip
        for k in range(L.MAX_TERMS):
            effect, amount, vs = c.terms[k] if k < len(c.terms) else (L.EF_NONE, 0, L.NO_ATTR)
            base = L.CF_TERMS + k * L.TERM_SIZE
            table[i, base + L.T_EFFECT], table[i, base + L.T_AMOUNT], table[i, base + L.T_VS] = (
                effect,
                amount,
                vs,
            )
    return table


def deck_table(decks: list[Deck]) -> np.ndarray:
    table = np.zeros((len(decks), L.DK_SIZE), dtype=np.int64)
    for i, d in enumerate(decks):
        table[i, L.DK_MASTER] = d.master
        table[i, L.DK_REST :] = d.rest
    return table
