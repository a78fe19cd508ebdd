"""Player specs: one grammar for every command that takes players, parsed once where it enters.

    random                      a uniform choice among the legal actions
    greedy                      the greedy with its default parameters
    greedy(w_pair=1.5)          one parameter changed for every master
    greedy(crow.w_pair=1.5)     ... for one master (`no_hero`: the row used with fury off)
    greedy-notech(...)          the same parameters
    book:FILE                   the greedy with a book's vectors; the same as book(path=FILE)
    tuned                       the greedy with the book shipped with the package
    ismcts:N                    information-set MCTS, N iterations per decision; in search
                                version 2 the guided search, the same as
    ismcts(n=N,leaf=tuned,reuse=1,prior=1,widen=1)   (leaf: eval, random, greedy or tuned;
                                version 1's defaults and the versions: lineup.search)
    ismcts-open:N               the same search seeing the hidden cards (perfect information)
    openspiel-ismcts:N          OpenSpiel's own searches, in Python (the rl extra; matchup, matrix
    openspiel-mcts(n=N,c=C,rollouts=R)   and ladder play them): emr_sim.games.emr.lineup.peer
    book-notech:FILE, tuned-notech   the same vectors, never the master's own technique

Every greedy kind has a technique-free twin (without_technique): the greedy-notech kernel with
the same vectors, what emr_sim.studies.technique plays to measure a technique's worth.

A list of specs (the two sides of `--players`, the rungs of a ladder) is split on the commas
outside parentheses, so `greedy(w_pair=1.5,depth=2),random` is two specs. Every spec has a
canonical text (parse_spec(spec.text, spec.search_version) == spec), which run records keep
with the search version the text was read in: a run's players are read in its own version.

Plain Python: the kernels see only spec.kernel_kind and spec.kernel_vectors() (the greedy's
vectors, then the search settings' row: games/emr/players/search_params.py).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.emr.lineup.base import (
    BOOK_PARAMS,
    GREEDY_PARAMS,
    KINDS,
    NOTECH,
    PEER_PARAMS,
    PEER_PREFIX,
    SEARCH_PARAMS,
    Kind,
    PlayerSpec,
    SpecError,
    made,
)
from emr_sim.games.emr.lineup.book import TUNED_NAME, load_book, tuned_path
from emr_sim.games.emr.lineup.peer import algorithm, build_peer
from emr_sim.games.emr.lineup.search import UNRECORDED_VERSION, build_search, check_version
from emr_sim.games.emr.lineup.table import BY_NAME, ROW_NAMES, out_of_range, shown, users, uses
from emr_sim.games.emr.players.params import WEIGHT_ROWS, Param, check_vector, default_vector
from emr_sim.games.emr.players.search_params import SEARCH_VERSION

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
                raise SpecError(f"{what} {quoted(text)}: ')' at character {i + 1} closes no '('")
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if depth:
        raise SpecError(f"{what} {quoted(text)}: {depth} '(' not closed")
    parts.append(text[start:].strip())
    return parts


def parse_list(
    value: str | tuple | list, what: str, search_version: int = SEARCH_VERSION
) -> list[PlayerSpec]:
    """Specs from text (split on top-level commas) or a sequence of texts or specs; a search
    player's text read in `search_version` (a spec given as a spec is taken as it is)."""
    if isinstance(value, str):
        items: list = split_top_level(value, what)
    elif isinstance(value, (tuple, list)):
        items = list(value)
    else:
        raise SpecError(f"{what}: give player specs as text, not {type(value).__name__}")
    return [parse_spec(item, search_version) for item in items]


def parse_sides(
    value: str | tuple | list, search_version: int = SEARCH_VERSION
) -> tuple[PlayerSpec, PlayerSpec]:
    """Side A's and side B's specs; one spec plays both sides (`--players greedy`); a search
    player's text read in `search_version`."""
    specs = parse_list(value, "players", search_version)
    if len(specs) == 1:
        specs *= 2
    if len(specs) != 2:
        raise SpecError(
            f"players: give one or two player specs (of {', '.join(KINDS)}), "
            f"not {len(specs)}: {quoted(value)}"
        )
    return specs[0], specs[1]


# ---------------------------------------------------------------- one spec


def parse_spec(text: str | PlayerSpec, search_version: int = SEARCH_VERSION) -> PlayerSpec:
    """`kind`, `kind(name=value,...)` or `kind:VALUE` (the kind's main parameter); a search
    player's settings left out take the defaults of `search_version` (lineup.search)."""
    if isinstance(text, PlayerSpec):
        return text
    if not isinstance(text, str):
        raise SpecError(f"a player spec is text, not {type(text).__name__}: {quoted(text)}")
    spec = text.strip()
    if not spec:
        raise SpecError(f"empty player spec; give one of {', '.join(KINDS)}")
    split_top_level(spec, "player")  # balanced parentheses, or a message naming the spec
    name, args = split_kind(spec)
    kind = KINDS.get(name)
    if kind is None and name.startswith(PEER_PREFIX):
        algorithm(name, spec)  # SpecError naming the OpenSpiel algorithm it does not know
    if kind is None:
        raise SpecError(f"unknown player {quoted(name)} in {quoted(spec)}; known: {', '.join(KINDS)}")
    return build(kind, args, spec, search_version)


def split_kind(spec: str) -> tuple[str, list[tuple[str, str]]]:
    """The kind's name and its (parameter, value text) pairs, in the order given."""
    colon, paren = spec.find(":"), spec.find("(")
    if colon >= 0 and (paren < 0 or colon < paren):
        name, value = spec[:colon].strip(), spec[colon + 1 :].strip()
        if not value:
            raise SpecError(f"player {quoted(spec)}: nothing after ':'")
        main = KINDS[name].main if name in KINDS else ""
        if main is None:
            raise SpecError(f"player {quoted(spec)}: {name} has no short form {name}:VALUE")
        return name, [(main or "", value)]
    if paren < 0:
        return spec, []
    if not spec.endswith(")") or close_of(spec, paren) != len(spec) - 1:
        raise SpecError(f"player {quoted(spec)}: nothing may follow the ')' that closes the parameters")
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
        raise SpecError(f"player {quoted(spec)}: {quoted(arg.strip())} is not NAME=VALUE")
    return name, value


def build(kind: Kind, args: list[tuple[str, str]], spec: str, search_version: int) -> PlayerSpec:
    names = [n for n, _ in args]
    for n in names:
        if names.count(n) > 1:
            raise SpecError(f"player {quoted(spec)}: {n} given twice")
    if kind.takes == GREEDY_PARAMS:
        return build_greedy(kind, args, spec)
    if kind.takes == BOOK_PARAMS:
        return build_book(kind, args, spec)
    if kind.takes == SEARCH_PARAMS:
        return build_search(kind.name, args, spec, search_version)
    if kind.takes == PEER_PARAMS:
        return build_peer(kind.name, args, spec)
    if args:
        raise SpecError(f"player {quoted(spec)}: {kind.name} takes no parameters")
    if kind.name in ("tuned", NOTECH["tuned"]):
        book = load_book(tuned_path(), shown=TUNED_NAME)
        return made(kind.name, {}, book, kind.name, book.vectors)
    return made(kind.name, {}, None, kind.name, np.tile(default_vector(), (WEIGHT_ROWS, 1)))


def without_technique(spec: PlayerSpec) -> PlayerSpec:
    """The same player with the same vectors that never uses its master's own technique (the
    greedy-notech kernel): greedy(...) -> greedy-notech(...), book:F -> book-notech:F,
    tuned -> tuned-notech. SpecError for a kind with no such twin (random, or one already
    without techniques). Made from the spec itself: a book is not read again."""
    twin = NOTECH.get(spec.kind)
    if twin is None:
        raise SpecError(
            f"player {quoted(spec.text)} has no technique-free twin; "
            f"give one of {', '.join(NOTECH)} (with or without parameters)"
        )
    return made(twin, dict(spec.params), spec.book, twin + spec.text[len(spec.kind) :], spec.weights)


BOOK_KINDS = ("book", "book-notech", "tuned", "tuned-notech")  # whose vectors come from a file


def spec_from_record(entry: object, name: object, where: str) -> PlayerSpec:
    """The player of a run record's `player_specs` entry, without reading any book file: a
    book kind's vectors and its book's path and sha256 are in the record (so a run whose book
    file was changed or deleted since is reported as it was played); a search player's text
    is read in the record's search version (`search_version`; a record from before versions
    were kept: UNRECORDED_VERSION), must give the search settings the record holds, and plays
    the record's vectors (its rollouts' book as it was); any other kind is its text parsed
    again. SpecError naming the file `name` and the JSON path `where`."""
    from emr_sim.games.emr.lineup.book import SHA256, Book, vectors_from

    def fail(at: str, problem: str) -> SpecError:
        return SpecError(f"{name}: {where}{at}: {problem}")

    if not isinstance(entry, dict):
        raise fail("", f"must be an object (a player spec's record), not {type(entry).__name__}")
    kind, text = entry.get("kind"), entry.get("text")
    if not isinstance(kind, str) or kind not in KINDS:
        raise fail(".kind", f"unknown player {quoted(kind)}; known: {', '.join(KINDS)}")
    if not isinstance(text, str):
        raise fail(".text", f"must be the spec's text, not {quoted(text)}")
    if kind not in BOOK_KINDS:
        search = KINDS[kind].takes == SEARCH_PARAMS
        version = recorded_version(entry, fail) if search else SEARCH_VERSION
        try:
            spec = parse_spec(text, version)
        except SpecError as err:
            raise fail(".text", str(err)) from None
        if spec.kind != kind:
            raise fail(".text", f"{quoted(text)} is a {spec.kind} player, not {kind}")
        return as_recorded(spec, entry, fail, (str(name), where)) if search else spec
    book = entry.get("book")
    if not isinstance(book, dict) or not isinstance(book.get("path"), str):
        raise fail(".book", "must say the book's path and sha256")
    if not isinstance(book.get("sha256"), str) or not SHA256.match(book["sha256"]):
        raise fail(".book.sha256", "must be 64 lower-case hex digits")
    params = {"path": book["path"]} if KINDS[kind].takes == BOOK_PARAMS else {}
    canonical = f"{kind}:{book['path']}" if params else kind
    if text != canonical:
        raise fail(".text", f"{quoted(text)} is not the spec of its book ({quoted(canonical)})")
    vectors = vectors_from(entry.get("vectors"), str(name), f"{where}.vectors")
    found = Book(book["path"], book["sha256"], vectors, "the run record", None, {})
    return made(kind, params, found, text, vectors)


def recorded_version(entry: dict, fail) -> int:
    """The search version a record's search player was read in (UNRECORDED_VERSION when
    the record is from before versions were kept); SpecError for one that does not exist."""
    try:
        return check_version(entry.get("search_version", UNRECORDED_VERSION))
    except SpecError as err:
        raise fail(".search_version", str(err)) from None


def as_recorded(spec: PlayerSpec, entry: dict, fail, at: tuple[str, str]) -> PlayerSpec:
    """The search player as its record says it played: the settings its text gives in its
    version must be the record's (a search row that is not: SpecError), and its vectors (the
    rollouts' and the evaluation's, a book as it was then) are the record's when it has them."""
    from emr_sim.games.emr.lineup.book import vectors_from

    row = entry.get("search")
    if row is not None and (
        not isinstance(row, list) or [float(x) for x in spec.search] != row  # type: ignore[union-attr]
    ):
        raise fail(
            ".search",
            f"the record's search settings are not those {quoted(spec.text)} plays "
            f"in search version {spec.search_version}",
        )
    if entry.get("vectors") is None:
        return spec
    vectors = vectors_from(entry["vectors"], at[0], f"{at[1]}.vectors")
    return made(spec.kind, dict(spec.params), None, spec.text, vectors, spec.search, spec.search_version)


def build_book(kind: Kind, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    given = dict(args)
    if set(given) != {"path"}:
        extra = [n for n in given if n != "path"]
        problem = f"unknown parameter {quoted(extra[0])}" if extra else "no path"
        raise SpecError(
            f"player {quoted(spec)}: {problem}; {kind.name} takes path=FILE (or {kind.name}:FILE)"
        )
    path = given["path"]
    try:
        book = load_book(Path(path), shown=path)
    except BadInput as err:
        raise SpecError(f"player {quoted(spec)}: {err}") from None
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
            raise SpecError(f"player {quoted(spec)}: the {row_name} row: {err}") from None
    text = (
        kind.name if not params else f"{kind.name}({','.join(f'{n}={shown(v)}' for n, v in params.items())})"
    )
    return made(kind.name, params, None, text, weights)


def override(name: str, text: str, spec: str) -> tuple[int | None, Param, float]:
    """(row or None for every master, the parameter, its value) of `[master.]name=text`."""
    master, _, pname = name.rpartition(".")
    p = BY_NAME.get(pname)
    if p is None:
        raise SpecError(
            f"player {quoted(spec)}: unknown parameter {quoted(pname)}; `emr-sim players` lists them"
        )
    row = None
    if master:
        if master not in ROW_NAMES:
            raise SpecError(
                f"player {quoted(spec)}: unknown master {quoted(master)}; known: {', '.join(ROW_NAMES)}"
            )
        row = ROW_NAMES.index(master)
        if not uses(p, row):
            raise SpecError(f"player {quoted(spec)}: {master} does not use {p.name} ({users(p)} only)")
    return row, p, number(text, p, spec)


def number(text: str, p: Param, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SpecError(f"player {quoted(spec)}: {p.name}={quoted(text)} is not a number") from None
    problem = out_of_range(value, p.low, p.high, p.integer)
    if problem:
        raise SpecError(f"player {quoted(spec)}: {p.name}={text} {problem}")
    return value
