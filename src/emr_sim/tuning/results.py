"""The results file of a tuning directory (DIR/results.json), read and checked: a list of the
finished (round, master) tunings, each as emr_sim.tuning.rounds.tune_one made it. A file edited
by hand or damaged is refused by its JSON path ($[2].vector.w_pair) when it is read, so the
resumed tuning never half-uses it.
"""

from __future__ import annotations

import math
from pathlib import Path

from emr_sim.errors import BadInput, quoted
from emr_sim.files.read import MAX_RECORD_BYTES, parse_json, read_input, refuse_too_long
from emr_sim.games.emr import codes as C

GAIN_NUMBERS = ("before", "after", "gain", "ci_low", "ci_high")


class ResultsError(BadInput):
    """A results file that cannot be used; the message names the file and the JSON path."""


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: object) -> bool:
    return (is_int(value) or isinstance(value, float)) and math.isfinite(float(value))  # type: ignore[arg-type]


def read_results(path: Path, heroes: list[str]) -> list[dict]:
    """The checked results of a tuning of `heroes` (an empty list without the file)."""
    if not path.exists():
        return []
    doc = parse_json(read_input(path, "results file", MAX_RECORD_BYTES), path, "results file")
    refuse_too_long(doc, path)  # the results are written back as they were read
    if not isinstance(doc, list):
        raise ResultsError(f"{path}: $: must be a list of results, not {type(doc).__name__}")
    seen: set[tuple[int, str]] = set()
    for k, entry in enumerate(doc):
        problem = entry_problem(entry, heroes)
        if problem:
            raise ResultsError(f"{path}: $[{k}]{problem}")
        key = (entry["round"], entry["hero"])
        if key in seen:
            raise ResultsError(f"{path}: $[{k}]: round {key[0]} of {key[1]} is there twice")
        seen.add(key)
    return doc


def entry_problem(entry: object, heroes: list[str]) -> str | None:
    """The problem of one result (its JSON path below the entry, then the words), or None."""
    if not isinstance(entry, dict):
        return f": must be an object (a master's tuning), not {type(entry).__name__}"
    if not is_int(entry.get("round")) or entry["round"] < 1:
        return f".round: must be a round number, at least 1, not {quoted(entry.get('round'))}"
    if entry.get("hero") not in heroes:
        return (
            f".hero: must be one of the tuned masters ({', '.join(heroes)}), not {quoted(entry.get('hero'))}"
        )
    if not isinstance(entry.get("accepted"), bool):
        return f".accepted: must be true or false, not {quoted(entry.get('accepted'))}"
    if not is_number(entry.get("seconds")) or entry["seconds"] < 0:
        return f".seconds: must be a number of seconds, not {quoted(entry.get('seconds'))}"
    if not isinstance(entry.get("generations"), list):
        return f".generations: must be a list, not {quoted(entry.get('generations'))}"
    return gain_problem(entry.get("gain")) or vector_problem(entry.get("vector"), entry["hero"])


def gain_problem(gain: object) -> str | None:
    if not isinstance(gain, dict):
        return f".gain: must be an object (the paired gain), not {quoted(gain)}"
    for name in GAIN_NUMBERS:
        if not is_number(gain.get(name)):
            return f".gain.{name}: must be a number, not {quoted(gain.get(name))}"
    if not is_int(gain.get("pairs")) or gain["pairs"] < 0:
        return f".gain.pairs: must be a number of pairs, not {quoted(gain.get('pairs'))}"
    if not isinstance(gain.get("significant"), bool):
        return f".gain.significant: must be true or false, not {quoted(gain.get('significant'))}"
    return None


def vector_problem(vector: object, hero: str) -> str | None:
    """The master's tuned vector by parameter name, checked as a book's row is."""
    from emr_sim.games.emr.lineup.book import BookError, Checker

    try:
        Checker("").row(vector, C.HERO_NAMES.index(hero), ".vector")
    except BookError as err:
        return str(err).removeprefix(": ")
    if not isinstance(vector, dict) or any(not is_number(v) for v in vector.values()):
        return ".vector: every parameter must be a number"
    return None
