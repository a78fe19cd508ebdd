"""Player specs: one grammar for every command that takes players, parsed once where it enters.

    random                      a uniform choice among the legal actions
    greedy                      the greedy with its default parameters
    greedy(w_pair=1.5)          one parameter changed for every master
    greedy(crow.w_pair=1.5)     ... for one master (`no_hero`: the row used with fury off)
    greedy-notech(...)          the same parameters
    book:FILE                   the greedy with a book's vectors; the same as book(path=FILE)
    tuned                       the greedy with the book shipped with the package
    ismcts:N                    information-set MCTS, N iterations per decision; the same as
    ismcts(n=N,c=0.2,leaf=greedy,depth=4)   (leaf: eval, random, greedy or tuned)
    ismcts-open:N               the same search seeing the hidden cards (perfect information)
    book-notech:FILE, tuned-notech   the same vectors, never the master's own technique

Every greedy kind has a technique-free twin (without_technique): the greedy-notech kernel with
the same vectors, what emr_sim.analysis.technique plays to measure a technique's worth.

A list of specs (the two sides of `--players`, the rungs of a ladder) is split on the commas
outside parentheses, so `greedy(w_pair=1.5,depth=2),random` is two specs. Every spec has a
canonical text (parse_spec(spec.text) == spec), which run records keep.

Plain Python: the kernels see only spec.kernel_kind and spec.kernel_vectors() (the greedy's
vectors, then the search settings' row: players/search_params.py).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim import codes as C
from emr_sim.book import ROW_NAMES, TUNED_NAME, Book, load_book, tuned_path, uses
from emr_sim.errors import BadInput
from emr_sim.players.params import PARAMS, WEIGHT_ROWS, Param, check_vector, default_vector
from emr_sim.players.search_params import N_PARAMS_ROW, SEARCH_VERSION

BY_NAME = {p.name: p for p in PARAMS}


class SpecError(BadInput):
    """A player spec that cannot be used (exit 2); the message names the spec."""


@dataclass(frozen=True)
class Kind:
    """A kind of player: its kernel, which parameters it takes, its short form's parameter."""

    name: str
    kernel: int  # codes.PLAYER_*
    takes: str  # NO_PARAMS, GREEDY_PARAMS or BOOK_PARAMS
    main: str | None  # the parameter of the short form kind:VALUE
    doc: str
    metavar: str = "VALUE"  # how the listing names the short form's value

    @property
    def form(self) -> str:
        return self.name if self.main is None else f"{self.name}:{self.metavar}"


NO_PARAMS, GREEDY_PARAMS, BOOK_PARAMS, SEARCH_PARAMS = "none", "greedy", "book", "search"
KINDS = {
    k.name: k
    for k in (
        Kind("random", C.PLAYER_RANDOM, NO_PARAMS, None, "a uniform choice among the legal actions"),
        Kind("greedy", C.PLAYER_GREEDY, GREEDY_PARAMS, None, "the best immediate outcome (docs/players.md)"),
        Kind(
            "greedy-notech",
            C.PLAYER_GREEDY_NOTECH,
            GREEDY_PARAMS,
            None,
            "greedy that never uses its master's own technique",
        ),
        Kind(
            "book",
            C.PLAYER_GREEDY,
            BOOK_PARAMS,
            "path",
            "greedy with a book file's vectors per master",
            "FILE",
        ),
        Kind("tuned", C.PLAYER_GREEDY, NO_PARAMS, None, f"greedy with the shipped book ({TUNED_NAME})"),
        Kind(
            "book-notech",
            C.PLAYER_GREEDY_NOTECH,
            BOOK_PARAMS,
            "path",
            "book's vectors, never the master's own technique",
            "FILE",
        ),
        Kind(
            "tuned-notech", C.PLAYER_GREEDY_NOTECH, NO_PARAMS, None, "tuned, never the master's own technique"
        ),
        Kind(
            "ismcts",
            C.PLAYER_ISMCTS,
            SEARCH_PARAMS,
            "n",
            "information-set Monte Carlo tree search, N iterations a decision",
            "N",
        ),
        Kind(
            "ismcts-open",
            C.PLAYER_ISMCTS_OPEN,
            SEARCH_PARAMS,
            "n",
            "the same search seeing the hidden cards: a ceiling, never for balance figures",
            "N",
        ),
    )
}
NOTECH = {"greedy": "greedy-notech", "book": "book-notech", "tuned": "tuned-notech"}  # without_technique
PLAIN_KINDS = ("random", "greedy", "greedy-notech")  # with no parameters: records as before specs


@dataclass(frozen=True)
class PlayerSpec:
    """One parsed player: kind, parameters as given (canonical order), its book, its text."""

    kind: str
    params: Mapping[str, float | str]
    book: Book | None
    text: str  # canonical: parse_spec(text) gives this spec again
    weights: np.ndarray = field(repr=False, compare=False)  # (WEIGHT_ROWS, N_PARAMS), read-only
    search: np.ndarray | None = field(default=None, repr=False, compare=False)  # search_params row

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    @property
    def kernel_kind(self) -> int:
        """The codes.PLAYER_* the kernels play (book, tuned and greedy(...) are greedy kernels)."""
        return KINDS[self.kind].kernel

    @property
    def plain(self) -> bool:
        """A kind without parameters or book: what `--players` named before specs existed."""
        return self.kind in PLAIN_KINDS and not self.params

    def vectors(self) -> np.ndarray:
        """The parameter vector of each master (row ROW_NO_HERO: fury off), a fresh array."""
        return np.array(self.weights, dtype=np.float64)

    def kernel_vectors(self) -> np.ndarray:
        """vectors() and the search settings' row (zeros but for ismcts): (KERNEL_ROWS,
        N_PARAMS), what the kernels read for this player's seat."""
        row = np.zeros((1, N_PARAMS_ROW)) if self.search is None else self.search[None, :]
        return np.concatenate([self.vectors(), row])

    def record(self) -> dict:
        """The spec in full for a run record: the vectors by name, and the book's path and
        sha256, so a record says what was played even if the book file changes."""
        out: dict = {"kind": self.kind, "text": self.text, "kernel": C.PLAYER_NAMES[self.kernel_kind]}
        if self.params:
            out["params"] = dict(self.params)
        if self.book is not None:
            out["book"] = {"path": self.book.path, "sha256": self.book.sha256}
        if KINDS[self.kind].takes != NO_PARAMS or self.book is not None:
            out["vectors"] = vectors_by_name(self.weights)
        if self.search is not None:
            out["search"] = [float(x) for x in self.search]  # players/search_params.py: S_*
            out["search_version"] = SEARCH_VERSION
        return out


def vectors_by_name(weights: np.ndarray) -> dict[str, dict[str, float]]:
    return {row: {p.name: float(weights[r, p.index]) for p in PARAMS} for r, row in enumerate(ROW_NAMES)}


# ---------------------------------------------------------------- splitting


def split_top_level(text: str, what: str = "players") -> list[str]:
    """Split on the commas outside parentheses; SpecError on unbalanced parentheses."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise SpecError(f"{what} {text!r}: ')' at character {i + 1} closes no '('")
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise SpecError(f"{what} {text!r}: {depth} '(' not closed")
    parts.append(text[start:].strip())
    return parts


def parse_list(value: str | tuple | list, what: str) -> list[PlayerSpec]:
    """Specs from text (split on top-level commas) or a sequence of texts or specs."""
    if isinstance(value, str):
        items: list = split_top_level(value, what)
    elif isinstance(value, (tuple, list)):
        items = list(value)
    else:
        raise SpecError(f"{what}: give player specs as text, not {type(value).__name__}")
    return [parse_spec(item) for item in items]


def parse_sides(value: str | tuple | list) -> tuple[PlayerSpec, PlayerSpec]:
    """Side A's and side B's specs; one spec plays both sides (`--players greedy`)."""
    specs = parse_list(value, "players")
    if len(specs) == 1:
        specs *= 2
    if len(specs) != 2:
        raise SpecError(
            f"players: give one or two player specs (of {', '.join(KINDS)}), not {len(specs)}: {value!r}"
        )
    return specs[0], specs[1]


def parse_rungs(value: str | tuple | list) -> list[PlayerSpec]:
    """The rungs of a ladder, weakest first as given: one spec or more."""
    return parse_list(value, "rungs")


# ---------------------------------------------------------------- one spec


def parse_spec(text: str | PlayerSpec) -> PlayerSpec:
    """`kind`, `kind(name=value,...)` or `kind:VALUE` (the kind's main parameter)."""
    if isinstance(text, PlayerSpec):
        return text
    if not isinstance(text, str):
        raise SpecError(f"a player spec is text, not {type(text).__name__}: {text!r}")
    spec = text.strip()
    if not spec:
        raise SpecError(f"empty player spec; give one of {', '.join(KINDS)}")
    split_top_level(spec, "player")  # balanced parentheses, or a message naming the spec
    name, args = split_kind(spec)
    kind = KINDS.get(name)
    if kind is None:
        raise SpecError(f"unknown player {name!r} in {spec!r}; known: {', '.join(KINDS)}")
    return build(kind, args, spec)


def split_kind(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """The kind's name and its (parameter, value text) pairs, in the order given."""
    colon, paren = spec.find(":"), spec.find("(")
    if colon >= 0 and (paren < 0 or colon < paren):
        name, value = spec[:colon].strip(), spec[colon + 1 :].strip()
        if not value:
            raise SpecError(f"player {spec!r}: nothing after ':'")
        main = KINDS[name].main if name in KINDS else ""
        if main is None:
            raise SpecError(f"player {spec!r}: {name} has no short form {name}:VALUE")
        return name, [(main or "", value)]
    if paren < 0:
        return spec, []
    if not spec.endswith(")") or close_of(spec, paren) != len(spec) - 1:
        raise SpecError(f"player {spec!r}: nothing may follow the ')' that closes the parameters")
    body = spec[paren + 1 : -1]
    pairs = [] if not body.strip() else [name_value(arg, spec) for arg in split_top_level(body, "player")]
    return spec[:paren].strip(), pairs


def close_of(spec: str, open_at: int) -> int:
    depth = 0
    for i in range(open_at, len(spec)):
        depth += {"(": 1, ")": -1}.get(spec[i], 0)
        if depth == 0:
            return i
    return -1


def name_value(arg: str, spec: str) -> tuple[str, str]:
    name, eq, value = arg.partition("=")
    name, value = name.strip(), value.strip()
    if not eq or not name or not value:
        raise SpecError(f"player {spec!r}: {arg.strip()!r} is not NAME=VALUE")
    return name, value


def build(kind: Kind, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    names = [n for n, _ in args]
    for n in names:
        if names.count(n) > 1:
            raise SpecError(f"player {spec!r}: {n} given twice")
    if kind.takes == GREEDY_PARAMS:
        return build_greedy(kind, args, spec)
    if kind.takes == BOOK_PARAMS:
        return build_book(kind, args, spec)
    if kind.takes == SEARCH_PARAMS:
        from emr_sim.search_spec import build_search  # the ismcts kind's parameters

        return build_search(kind.name, args, spec)
    if args:
        raise SpecError(f"player {spec!r}: {kind.name} takes no parameters")
    if kind.name in ("tuned", NOTECH["tuned"]):
        book = load_book(tuned_path(), shown=TUNED_NAME)
        return made(kind.name, {}, book, kind.name, book.vectors)
    return made(kind.name, {}, None, kind.name, np.tile(default_vector(), (WEIGHT_ROWS, 1)))


def without_technique(spec: PlayerSpec) -> PlayerSpec:
    """The same player with the same vectors that never uses its master's own technique (the
    greedy-notech kernel): greedy(...) -> greedy-notech(...), book:F -> book-notech:F,
    tuned -> tuned-notech. SpecError for a kind with no such twin (random, or one already
    without techniques)."""
    twin = NOTECH.get(spec.kind)
    if twin is None:
        raise SpecError(
            f"player {spec.text!r} has no technique-free twin; "
            f"give one of {', '.join(NOTECH)} (with or without parameters)"
        )
    return parse_spec(twin + spec.text[len(spec.kind) :])


def made(
    kind: str,
    params: dict,
    book: Book | None,
    text: str,
    weights: np.ndarray,
    search: np.ndarray | None = None,
) -> PlayerSpec:
    weights = np.array(weights, dtype=np.float64)
    weights.flags.writeable = False
    if search is not None:
        search = np.array(search, dtype=np.float64)
        search.flags.writeable = False
    return PlayerSpec(kind, params, book, text, weights, search)


def build_book(kind: Kind, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    given = dict(args)
    if set(given) != {"path"}:
        extra = [n for n in given if n != "path"]
        problem = f"unknown parameter {extra[0]!r}" if extra else "no path"
        raise SpecError(f"player {spec!r}: {problem}; {kind.name} takes path=FILE (or {kind.name}:FILE)")
    path = given["path"]
    try:
        book = load_book(Path(path), shown=path)
    except BadInput as err:
        raise SpecError(f"player {spec!r}: {err}") from None
    return made(kind.name, {"path": path}, book, f"{kind.name}:{path}", book.vectors)


def build_greedy(kind: Kind, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    """Defaults, then the overrides for every master, then those for one master."""
    weights = np.tile(default_vector(), (WEIGHT_ROWS, 1))
    parsed = [override(name, text, spec) for name, text in args]
    everyone = sorted((o for o in parsed if o[0] is None), key=lambda o: o[1].index)
    one = sorted((o for o in parsed if o[0] is not None), key=lambda o: (o[0], o[1].index))
    params: dict[str, float | str] = {}
    for row, p, value in (*everyone, *one):
        rows = [row] if row is not None else [r for r in range(WEIGHT_ROWS) if uses(p, r)]
        weights[rows, p.index] = value
        params[p.name if row is None else f"{ROW_NAMES[row]}.{p.name}"] = value
    for r, row_name in enumerate(ROW_NAMES):
        try:
            check_vector(weights[r])
        except ValueError as err:
            raise SpecError(f"player {spec!r}: the {row_name} row: {err}") from None
    text = (
        kind.name if not params else f"{kind.name}({','.join(f'{n}={shown(v)}' for n, v in params.items())})"
    )
    return made(kind.name, params, None, text, weights)


def override(name: str, text: str, spec: str) -> tuple[int | None, Param, float]:
    """(row or None for every master, the parameter, its value) of `[master.]name=text`."""
    master, _, pname = name.rpartition(".")
    p = BY_NAME.get(pname)
    if p is None:
        raise SpecError(f"player {spec!r}: unknown parameter {pname!r}; `emr-sim players` lists them")
    row = None
    if master:
        if master not in ROW_NAMES:
            raise SpecError(f"player {spec!r}: unknown master {master!r}; known: {', '.join(ROW_NAMES)}")
        row = ROW_NAMES.index(master)
        if not uses(p, row):
            raise SpecError(f"player {spec!r}: {master} does not use {p.name} ({users(p)} only)")
    return row, p, number(text, p, spec)


def number(text: str, p: Param, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SpecError(f"player {spec!r}: {p.name}={text!r} is not a number") from None
    if not math.isfinite(value):
        raise SpecError(f"player {spec!r}: {p.name}={text} is not a finite number")
    if not p.low <= value <= p.high:
        raise SpecError(f"player {spec!r}: {p.name}={text} is outside {p.low:g}..{p.high:g}")
    if p.integer and not value.is_integer():
        raise SpecError(f"player {spec!r}: {p.name}={text} must be a whole number")
    return value


def users(p: Param) -> str:
    return "every master" if p.heroes is None else ", ".join(p.heroes)


def shown(value: float | str) -> str:
    """A value as the canonical text writes it: the shortest text that reads back the same."""
    if isinstance(value, str):
        return value
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


# ---------------------------------------------------------------- the listing


def kinds_json() -> dict:
    """What `emr-sim players --json` prints: the kinds, the parameters, the rows."""
    return {
        "kinds": [
            {
                "name": k.name,
                "kernel": C.PLAYER_NAMES[k.kernel],
                "parameters": k.takes,
                "short_form": None if k.main is None else k.form,
                "doc": k.doc,
            }
            for k in KINDS.values()
        ],
        "parameters": [
            {
                "name": p.name,
                "index": p.index,
                "default": p.default,
                "low": p.low,
                "high": p.high,
                "integer": p.integer,
                "masters": None if p.heroes is None else list(p.heroes),
                "doc": p.doc,
            }
            for p in PARAMS
        ],
        "rows": list(ROW_NAMES),
        "search_parameters": search_parameters_json(),
    }


def search_parameters_json() -> list[dict]:
    """The ismcts kinds' parameters for `emr-sim players --json`."""
    from emr_sim.search_spec import DEFAULTS, DOCS

    return [{"name": name, "default": DEFAULTS[name], "doc": doc} for name, doc in DOCS]


def kinds_lines() -> list[str]:
    """What `emr-sim players` prints."""
    lines = []
    for k in KINDS.values():
        lines.append(f"{k.form:<15} {k.doc}")
    lines.append(f"{'':<15} made by: {load_book(tuned_path(), shown=TUNED_NAME).made_by}")
    example = f"'greedy({PARAMS[0].name}={shown(PARAMS[0].high)}),random'"
    lines += ["", f"Examples: --players greedy or {example} or book:FILE,tuned (side A, side B)"]
    lines += [
        "",
        "Parameters of greedy and greedy-notech: greedy(NAME=VALUE,...), MASTER.NAME for one master:",
    ]
    width = max(len(p.name) for p in PARAMS)
    lines.append(f"  {'name':<{width}}  {'default':>8}  {'range':<12} {'type':<7} masters")
    for p in PARAMS:
        span = f"{shown(p.low)}..{shown(p.high)}"
        kind = "integer" if p.integer else "real"
        lines.append(f"  {p.name:<{width}}  {shown(p.default):>8}  {span:<12} {kind:<7} {users(p)}")
        lines.append(f"  {'':<{width}}  {p.doc}")
    lines.append(f"Rows (MASTER): {', '.join(ROW_NAMES)} (no_hero: fury off)")
    from emr_sim.search_spec import search_lines

    return lines + search_lines()
