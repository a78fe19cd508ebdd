"""The search version of a run record's search players, read from the record's JSON alone.

A search player's record (lineup.base.PlayerSpec.record) keeps the search version its text
was read in: version 2 reads `ismcts:N` as the guided search, version 1 as the search of issue
14 (lineup.search.DEFAULTS_BY_VERSION), so a run's players are read in its own version. Plain
Python on the record (no player module is loaded: commands that only read runs stay light);
tests/simulate/runs/test_search_versions.py checks these constants against the players' own.
"""

from __future__ import annotations

from emr_sim.errors import quoted

SEARCH_VERSIONS = (1, 2)  # games/emr/players/search_params.SEARCH_VERSION is the newest
UNRECORDED_SEARCH_VERSION = 1  # a record from before versions were kept: the search of issue 14


def search_specs(record: dict) -> list[tuple[int, dict]]:
    """The (index, entry) of each search player of a record's `player_specs`."""
    specs = record.get("player_specs")
    entries = specs if isinstance(specs, list) else []
    return [(k, e) for k, e in enumerate(entries) if isinstance(e, dict) and "search" in e]


def spec_version(spec: object) -> object:
    """A record's player spec's search version (None for another kind of player)."""
    if not isinstance(spec, dict) or "search" not in spec:
        return None
    return spec.get("search_version", UNRECORDED_SEARCH_VERSION)


def version_problem(version: object, key: str) -> str | None:
    """A search version that does not exist, in words naming the record's key."""
    if type(version) is int and version in SEARCH_VERSIONS:
        return None
    known = ", ".join(map(str, SEARCH_VERSIONS))
    return f"key {key!r}: search version {quoted(version)} does not exist; the versions are {known}"


def search_version_problem(record: dict) -> str | None:
    """The first search player whose search version does not exist, in words (None: none)."""
    for k, spec in search_specs(record):
        problem = version_problem(spec_version(spec), f"player_specs[{k}].search_version")
        if problem:
            return problem
    return None


def with_search_version(record: dict) -> dict:
    """The record with the search version of each search player; one from before versions
    were kept played the search of UNRECORDED_SEARCH_VERSION."""
    for _, spec in search_specs(record):
        spec.setdefault("search_version", UNRECORDED_SEARCH_VERSION)
    return record


def search_version_of(record: dict) -> int | None:
    """The search version a run record's players' texts mean (that of its first search
    player), None for a run without a search player."""
    found = search_specs(record)
    version = spec_version(found[0][1]) if found else None
    return version if isinstance(version, int) else None
