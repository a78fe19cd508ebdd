"""The `ismcts` player spec's parameters (emr_sim.games.emr.lineup.spec parses the grammar):

    ismcts:N                         N iterations per decision, the other settings' defaults:
                                     the guided search's (ismcts(n=N,leaf=tuned,reuse=1,
                                     prior=1,widen=1)) in search version 2
    ismcts(n=N,c=C,leaf=L,depth=D,stop=S,reuse=R,width=W,prior=P,widen=K)
                                     c: UCB exploration; leaf: eval, random, greedy or tuned;
                                     depth: decisions a rollout plays before the evaluation;
                                     stop: the stopping margin; reuse: 1 keeps the tree;
                                     width: fewer iterations below W legal actions;
                                     prior: 1 tries the greedy's action first;
                                     widen: try actions gradually below the root

The settings become the search row of the kernels' parameter array
(games/emr/players/search_params.py); leaf=tuned is the greedy rollout on the shipped book's vectors.

What a setting left out means depends on the search version the text is read in
(DEFAULTS_BY_VERSION; search_params.SEARCH_VERSION for a new player, a run record's own for
its players): version 1 takes the kernels' defaults, version 2 the guided search's. A spec
keeps its version (PlayerSpec.search_version), and text_in(spec, version) is a text that
plays it when read in another version (the settings whose defaults differ spelled out).
"""

from __future__ import annotations

import numpy as np

from emr_sim.errors import quoted
from emr_sim.games.emr.lineup.base import PlayerSpec, SpecError, made
from emr_sim.games.emr.lineup.book import TUNED_NAME, load_book, tuned_path
from emr_sim.games.emr.lineup.table import out_of_range, shown
from emr_sim.games.emr.players.params import WEIGHT_ROWS, default_vector
from emr_sim.games.emr.players.search_params import (
    DEFAULT_DEPTH,
    DEFAULT_EXPLORE,
    DEFAULT_ITERATIONS,
    DEFAULT_LEAF,
    DEFAULT_PRIOR,
    DEFAULT_REUSE,
    DEFAULT_STOP,
    DEFAULT_WIDEN,
    DEFAULT_WIDTH,
    LEAF_EVAL,
    LEAF_GREEDY,
    LEAF_NAMES,
    LEAF_RANDOM,
    MAX_DEPTH,
    MAX_EXPLORE,
    MAX_ITERATIONS,
    MAX_WIDEN,
    MAX_WIDTH,
    SEARCH_VERSION,
    search_row,
)

# Version 1: the kernels' defaults (search_params.DEFAULT_*), the search of issue 14.
UNGUIDED: dict[str, float | str] = {
    "n": DEFAULT_ITERATIONS,
    "c": DEFAULT_EXPLORE,
    "leaf": LEAF_NAMES[DEFAULT_LEAF],
    "depth": DEFAULT_DEPTH,
    "stop": DEFAULT_STOP,
    "reuse": DEFAULT_REUSE,
    "width": DEFAULT_WIDTH,
    "prior": DEFAULT_PRIOR,
    "widen": DEFAULT_WIDEN,
}
# Version 2 (issue 35): the greedy guides the tree, rollouts by the tuned book, the tree kept
# (docs/players.md: stronger than version 1's at a fraction of its cost)
GUIDED: dict[str, float | str] = {**UNGUIDED, "leaf": "tuned", "reuse": 1, "prior": 1, "widen": 1.0}
DEFAULTS_BY_VERSION: dict[int, dict[str, float | str]] = {1: UNGUIDED, 2: GUIDED}
assert max(DEFAULTS_BY_VERSION) == SEARCH_VERSION
DEFAULTS = DEFAULTS_BY_VERSION[SEARCH_VERSION]  # what a new spec's settings left out take
UNRECORDED_VERSION = 1  # a run record's search player from before versions were kept
ORDER = ("n", "c", "leaf", "depth", "stop", "reuse", "width", "prior", "widen")
LEAF_CODES = {"eval": LEAF_EVAL, "random": LEAF_RANDOM, "greedy": LEAF_GREEDY, "tuned": LEAF_GREEDY}
assert tuple(LEAF_CODES) == LEAF_NAMES
DOCS = (
    ("n", f"iterations per decision, 1..{MAX_ITERATIONS} (the short form ismcts:N)"),
    ("c", f"UCB exploration constant, 0..{MAX_EXPLORE:g} (rewards are win probabilities)"),
    ("leaf", "eval (the evaluation at once), or a rollout by random, greedy or tuned, then it"),
    ("depth", f"decisions a rollout plays before it is evaluated, 0..{MAX_DEPTH}"),
    ("stop", "stop once the most visited action leads by more than stop x the iterations left, 0.05..1"),
    ("reuse", "1: keep the subtree of the actions taken for the seat's next decision, 0: a new tree"),
    ("width", f"a decision of m < width legal actions gets n * m / width iterations (0: n), 0..{MAX_WIDTH}"),
    ("prior", "1: a decision's untried action that the greedy would choose is tried first, 0: at random"),
    (
        "widen",
        f"k > 0: below the root, a node of v visits tries at most 1 + k * sqrt(v) actions, 0..{MAX_WIDEN:g}",
    ),
)
RANGES = {
    "n": (1, MAX_ITERATIONS),
    "c": (0.0, MAX_EXPLORE),
    "depth": (0, MAX_DEPTH),
    "stop": (0.05, 1.0),
    "reuse": (0, 1),
    "width": (0, MAX_WIDTH),
    "prior": (0, 1),
    "widen": (0.0, MAX_WIDEN),
}
WHOLE = ("n", "depth", "reuse", "width", "prior")


def check_version(version: object) -> int:
    """The search version, or SpecError naming the versions there are."""
    if type(version) is not int or version not in DEFAULTS_BY_VERSION:
        known = ", ".join(map(str, DEFAULTS_BY_VERSION))
        raise SpecError(f"search version {quoted(version)} does not exist; the versions are {known}")
    return version


def build_search(
    kind: str, args: list[tuple[str, str]], spec: str, version: int = SEARCH_VERSION
) -> PlayerSpec:
    """The ismcts spec of these (name, value text) pairs read in search `version` (what the
    settings left out take); SpecError naming the bad one."""
    check_version(version)
    given: dict[str, float | str] = {}
    for name, text in args:
        if name not in DEFAULTS:
            raise SpecError(
                f"player {quoted(spec)}: unknown parameter {quoted(name)}; {kind} takes {', '.join(ORDER)}"
            )
        given[name] = value_of(name, text, spec)
    if given.get("leaf") == "eval" and "depth" in given:
        raise SpecError(f"player {quoted(spec)}: depth is for rollouts; leaf=eval evaluates at once")
    settings = {**DEFAULTS_BY_VERSION[version], **given}
    leaf = str(settings["leaf"])
    depth = 0 if leaf == "eval" else int(settings["depth"])
    row = search_row(
        int(settings["n"]),
        float(settings["c"]),
        LEAF_CODES[leaf],
        depth,
        float(settings["stop"]),
        int(settings["reuse"]),
        int(settings["width"]),
        int(settings["prior"]),
        float(settings["widen"]),
    )
    if leaf == "tuned":
        vectors = load_book(tuned_path(), shown=TUNED_NAME).vectors
    else:
        vectors = np.tile(default_vector(), (WEIGHT_ROWS, 1))
    params = {name: given[name] for name in ORDER if name in given}
    return made(kind, params, None, canonical(kind, params), vectors, row, version)


def text_in(spec: PlayerSpec, version: int = SEARCH_VERSION) -> str:
    """A text that plays `spec` when read in search `version`: its own text in its own
    version, else its parameters with every setting whose default differs between the two
    versions spelled out (version 1's `ismcts:400` in version 2: ismcts(n=400,leaf=greedy,
    reuse=0,prior=0,widen=0)). Any other kind: its text."""
    own = spec.search_version
    if spec.search is None or own is None or own == check_version(version):
        return spec.text
    before, now = DEFAULTS_BY_VERSION[own], DEFAULTS_BY_VERSION[version]
    params = {
        name: spec.params.get(name, before[name])
        for name in ORDER
        if name in spec.params or before[name] != now[name]
    }
    return canonical(spec.kind, params)


def value_of(name: str, text: str, spec: str) -> float | str:
    if name == "leaf":
        if text not in LEAF_CODES:
            raise SpecError(
                f"player {quoted(spec)}: leaf={quoted(text)}; give one of {', '.join(LEAF_CODES)}"
            )
        return text
    try:
        value = float(text)
    except ValueError:
        raise SpecError(f"player {quoted(spec)}: {name}={quoted(text)} is not a number") from None
    low, high = RANGES[name]
    problem = out_of_range(value, low, high, integer=name in WHOLE)
    if problem:
        raise SpecError(f"player {quoted(spec)}: {name}={text} {problem}")
    if name in WHOLE:
        return int(value)
    return value


def canonical(kind: str, params: dict[str, float | str]) -> str:
    """ismcts:N when only n is given, else every given parameter in ORDER."""
    if not params:
        return kind
    if set(params) == {"n"}:
        return f"{kind}:{params['n']}"
    return f"{kind}({','.join(f'{n}={shown(v)}' for n, v in params.items())})"
