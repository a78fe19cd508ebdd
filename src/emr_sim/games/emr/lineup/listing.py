"""What `emr-sim players` prints: the kinds of player, the greedy's parameters, the search's."""

from __future__ import annotations

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.base import KINDS, PYTHON_NAME, PYTHON_PLAYER
from emr_sim.games.emr.lineup.book import TUNED_NAME, load_book, tuned_path
from emr_sim.games.emr.lineup.peer import DEFAULTS as PEER_DEFAULTS
from emr_sim.games.emr.lineup.peer import DOCS as PEER_DOCS
from emr_sim.games.emr.lineup.search import DEFAULTS, DEFAULTS_BY_VERSION, DOCS
from emr_sim.games.emr.lineup.table import PARAMS, ROW_NAMES, shown, users
from emr_sim.games.emr.players.search_params import SEARCH_VERSION


def kinds_json() -> dict:
    """What `emr-sim players --json` prints: the kinds, the parameters, the rows."""
    return {
        "kinds": [
            {
                "name": k.name,
                "kernel": PYTHON_NAME if k.kernel == PYTHON_PLAYER else C.PLAYER_NAMES[k.kernel],
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
        "openspiel_parameters": [{"name": n, "default": PEER_DEFAULTS[n], "doc": d} for n, d in PEER_DOCS],
    }


def search_parameters_json() -> list[dict]:
    """The ismcts kinds' parameters for `emr-sim players --json`."""
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
    return lines + search_lines() + peer_lines()


def search_lines() -> list[str]:
    """The listing's lines for the ismcts parameters (`emr-sim players`)."""
    lines = ["", "Parameters of ismcts and ismcts-open: ismcts(NAME=VALUE,...) or ismcts:N:"]
    for name, doc in DOCS:
        lines.append(f"  {name:<6} default {shown(DEFAULTS[name]):<7} {doc}")
    before = DEFAULTS_BY_VERSION[1]
    changed = ",".join(f"{n}={shown(before[n])}" for n in DEFAULTS if before[n] != DEFAULTS[n])
    lines.append(
        f"  (search version {SEARCH_VERSION}; version 1, before issue 35, left out {changed}: "
        f"give them to play it; runs made then keep it)"
    )
    return lines


def peer_lines() -> list[str]:
    """The listing's lines for the OpenSpiel players' parameters (`emr-sim players`)."""
    lines = ["", "Parameters of openspiel-ismcts and openspiel-mcts (the rl extra; matchup, matrix, ladder):"]
    for name, doc in PEER_DOCS:
        lines.append(f"  {name:<8} default {shown(PEER_DEFAULTS[name]):<5} {doc}")
    return lines
