"""The checks of a run record's keys (emr_sim.simulate.runs.rundir.read_run), each a problem in words
('key 'seed' must be ...') or None: a record edited by hand, damaged or made by a fuzzer is
refused by key when it is read, never half-used by the code that trusts it.

    problem = record_problem(record, cells_of)   # None: every key can be used as it is

Only the keys' types and ranges are checked here; whether a record is the one a command would
write (its options) is rundir.mismatches', and the player specs are rebuilt, and checked, where
they are used (emr_sim.simulate.runs.recordspecs).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from emr_sim.errors import cut, quoted
from emr_sim.games.emr import codes as C

SHA256 = re.compile(r"^[0-9a-f]{64}$")
INT64 = (-(2**63), 2**63 - 1)  # a seed reaches the kernels as int64
KEY_WORDS = 40  # characters of a key said in a message
HALF_WIDTH_MAX = 0.5  # --until-ci is a half-width below this
MANIFEST = "cells"  # the key of run.json that lists the finished cells


def is_count(value: object) -> bool:
    """A number of games a run can hold: a whole number from 0 to sizes.MAX_GAMES."""
    from emr_sim.simulate.runs.sizes import MAX_GAMES

    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_GAMES


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def heroes_problem(record: dict) -> str | None:
    if "heroes" not in record:
        return "key 'heroes' is missing: the record does not say which masters the run plays"
    heroes = record["heroes"]
    if not isinstance(heroes, list) or not all(isinstance(h, str) for h in heroes):
        return f"key 'heroes' must be a list of masters, not {quoted(heroes)}"
    unknown = [h for h in heroes if h not in C.HERO_NAMES]
    if unknown:
        return f"key 'heroes': unknown master {quoted(unknown[0])}; the masters are {', '.join(C.HERO_NAMES)}"
    if len(set(heroes)) != len(heroes):
        return f"key 'heroes' names a master twice: {quoted(heroes)}"
    if len(heroes) < 2:
        return f"key 'heroes': at least two masters, not {quoted(heroes)}"
    if record.get("assignments") not in (None, "every"):
        return f"key 'assignments' must be \"every\" or absent, not {quoted(record.get('assignments'))}"
    return None


def sizes_problem(record: dict) -> str | None:
    if "games_per_cell" not in record:
        return "key 'games_per_cell' is missing: the record does not say how many games a cell has"
    games = record["games_per_cell"]
    if not is_count(games) or games < 2 or games % 2:
        return f"key 'games_per_cell' must be an even number of games, at least 2, not {quoted(games)}"
    width = record.get("until_ci")
    if width is not None and (
        isinstance(width, bool) or not isinstance(width, int | float) or not 0 < width < HALF_WIDTH_MAX
    ):
        return f"key 'until_ci' must be a half-width between 0 and 0.5 or null, not {quoted(width)}"
    cap = record.get("max_games")
    if width is not None and cap is not None and (not is_count(cap) or cap < games):
        return f"key 'max_games' must be a number of games, at least games_per_cell, not {quoted(cap)}"
    if cap is not None and not is_count(cap):
        return f"key 'max_games' must be a number of games or null, not {quoted(cap)}"
    return None


def played_problem(record: dict) -> str | None:
    """The keys that say what was played: seed, players, hero mode, rules, deck, version."""
    from emr_sim.games.emr.options import make_options

    seed, players = record.get("seed"), record.get("players")
    if not isinstance(seed, int) or isinstance(seed, bool) or not INT64[0] <= seed <= INT64[1]:
        return f"key 'seed' must be a whole number (a 64-bit seed), not {quoted(seed)}"
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        return f"key 'players' must be the two sides' player specs, not {quoted(players)}"
    specs = record.get("player_specs")
    if specs is not None and (not isinstance(specs, list) or len(specs) != 2):
        return f"key 'player_specs' must be the two sides' spec records or absent, not {quoted(specs)}"
    if not isinstance(record.get("fury"), bool):
        return f"key 'fury' must be true or false, not {quoted(record.get('fury'))}"
    rules = record.get("rules")
    if not isinstance(rules, dict) or not all(isinstance(v, str | int) for v in rules.values()):
        return f"key 'rules' must be the rules options by name, not {quoted(rules)}"
    try:
        make_options({str(k): str(v) for k, v in rules.items()})
    except ValueError as err:
        return f"key 'rules': {err}"
    if not isinstance(record.get("deck"), str):
        return f"key 'deck' must be the deck file or \"default\", not {quoted(record.get('deck'))}"
    sha = record.get("deck_sha256")
    if not isinstance(sha, str) or not SHA256.match(sha):
        return f"key 'deck_sha256' must be 64 lower-case hex digits, not {quoted(sha)}"
    changes = record.get("deck_changes")
    if changes is not None and (
        not isinstance(changes, list) or not all(isinstance(c, str) for c in changes)
    ):
        return f"key 'deck_changes' must be a list of card changes or absent, not {quoted(changes)}"
    if not isinstance(record.get("version", ""), str):
        return f"key 'version' must be the emr-sim version that made it, not {quoted(record.get('version'))}"
    return None


def manifest_problem(record: dict, cell_names: set[str]) -> str | None:
    manifest = record.get(MANIFEST)
    if manifest is None:
        return None
    if not isinstance(manifest, dict):
        return f"key {MANIFEST!r} must be an object (cell: rows and sha256), not {quoted(manifest)}"
    for name, entry in manifest.items():
        key = f"key '{MANIFEST}.{cut(str(name), KEY_WORDS)}"
        if name not in cell_names:
            return f"{key}': not a cell of the run's heroes"
        if not isinstance(entry, dict):
            return f"{key}' must be an object with rows and sha256, not {quoted(entry)}"
        if not is_count(entry.get("rows")):
            return f"{key}.rows' must be a number of games, not {quoted(entry.get('rows'))}"
        if not isinstance(entry.get("sha256"), str) or not SHA256.match(entry["sha256"]):
            return f"{key}.sha256' must be 64 hex digits, not {quoted(entry.get('sha256'))}"
    return None


def record_problem(record: dict, cell_names: Callable[[dict], set[str]]) -> str | None:
    """The first problem of a run record's keys, or None; cell_names(record) gives the names
    of the run's cells (asked once the heroes are known good)."""
    return (
        heroes_problem(record)
        or sizes_problem(record)
        or played_problem(record)
        or manifest_problem(record, cell_names(record))
    )
