"""The checks of a run record's keys (emr_sim.simulate.runs.recordcheck, #23): every key a command
uses is refused by name when it is missing or of the wrong kind, and a good record passes."""

from __future__ import annotations

import pytest

from emr_sim.files.read import TooLong
from emr_sim.simulate.runs.recordcheck import record_problem
from emr_sim.simulate.runs.rundir import cell_name, run_cells

GOOD = {
    "format": "emr-sim run 1",
    "version": "0.1.0",
    "seed": 20261202,
    "players": ["greedy", "greedy"],
    "fury": True,
    "rules": {"fury": "on", "health": "8"},
    "deck": "default",
    "deck_sha256": "a" * 64,
    "heroes": ["crow", "wind"],
    "games_per_cell": 20,
    "until_ci": None,
    "max_games": None,
    "cells": {"crow-wind": {"rows": 20, "sha256": "b" * 64}},
}


def problem(record: dict) -> str | None:
    return record_problem(record, lambda rec: {cell_name(a, b) for a, b in run_cells(rec)})


def test_a_good_record_has_no_problem():
    assert problem(GOOD) is None
    assert problem({k: v for k, v in GOOD.items() if k not in ("cells", "version")}) is None  # older records


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        (
            "seed",
            TooLong("9" * 5000),
            "key 'seed' must be a whole number (a 64-bit seed), not a 5000-digit number",
        ),
        ("seed", 2**64, "key 'seed' must be a whole number"),
        ("seed", True, "key 'seed'"),
        ("players", ["greedy"], "key 'players' must be the two sides' player specs"),
        ("player_specs", {"kind": "book"}, "key 'player_specs' must be the two sides' spec records"),
        ("fury", "on", "key 'fury' must be true or false"),
        ("rules", {"health": "x"}, "key 'rules': rule option 'health': 'x' is not a whole number"),
        ("rules", {"bogus": "1"}, "key 'rules': unknown rule option 'bogus'"),
        ("rules", ["health=8"], "key 'rules' must be the rules options by name"),
        ("deck", None, "key 'deck' must be the deck file"),
        ("deck_sha256", "abc", "key 'deck_sha256' must be 64 lower-case hex digits"),
        ("version", 1, "key 'version'"),
        ("heroes", ["crow", "crow"], "names a master twice"),
        ("games_per_cell", 3, "key 'games_per_cell' must be an even number"),
        ("until_ci", float("nan"), "key 'until_ci' must be a half-width between 0 and 0.5"),
        ("max_games", -2, "key 'max_games' must be a number of games"),
        ("cells", {"crow-earth": {"rows": 1, "sha256": "b" * 64}}, "not a cell of the run's heroes"),
        ("cells", {"x" * 10_000: {}}, "more characters)"),
    ],
)
def test_each_key_is_refused_by_name(key, value, said):
    found = problem(GOOD | {key: value})
    assert found is not None and said in found, found
    assert len(found) < 600  # a long value is cut (the known rules options are listed)


@pytest.mark.parametrize("rows", [2**63, 2**70, 10**12 + 1])
def test_a_manifest_count_beyond_any_run_is_refused(rows):
    """Found by scripts/fuzz_records.py: a manifest of 2**63 rows made the cell file's cap a
    number no read can take (OverflowError)."""
    found = problem(GOOD | {"cells": {"crow-wind": {"rows": rows, "sha256": "b" * 64}}})
    assert found is not None and "key 'cells.crow-wind.rows' must be a number of games" in found
