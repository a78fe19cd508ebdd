"""What-if comparisons (emr_sim.analysis.whatif): what two run records differ in, and what makes
two runs comparable game by game."""

from pathlib import Path

import pandas as pd
import pytest

from emr_sim.analysis.whatif import check_comparable, differences
from emr_sim.errors import BadInput
from emr_sim.simulate.runs.rundir import LoadedRun


def record(**changes):
    base = {
        "seed": 1,
        "players": ["greedy", "greedy"],
        "fury": True,
        "deck": "default",
        "deck_sha256": "a" * 64,
        "rules": {"fury": "on", "health": "8", "penalty": "once"},
    }
    return base | changes


def run(name, rec):
    """A run as read (no games needed to check that two runs compare)."""
    return LoadedRun(Path(name), rec, pd.DataFrame())


def test_differences_name_deck_fury_and_each_rule():
    after = record(
        deck="mine.csv",
        deck_sha256="b" * 64,
        fury=False,
        rules={"fury": "off", "health": "9", "penalty": "each"},
    )
    assert differences(record(), after) == [
        "deck default → mine.csv",
        "fury on → off",
        "health 8 → 9",
        "penalty once → each",
    ]


def test_same_records_differ_in_nothing():
    assert differences(record(), record()) == []


def test_a_deck_file_with_the_same_contents_is_no_difference():
    assert differences(record(), record(deck="copy-of-default.csv")) == []


def test_runs_on_other_deals_cannot_be_compared():
    with pytest.raises(BadInput, match="seed differs"):
        check_comparable(run("a", record()), run("b", record(seed=2)))


def test_runs_with_other_players_compare_and_say_so():
    """Balance vs skill: the same deals played by other players are paired deal by deal."""
    after = record(players=["tuned", "tuned"])
    check_comparable(run("a", record()), run("b", after))
    assert differences(record(), after) == ["players greedy, greedy → tuned, tuned"]
    specs = record(player_specs=[{"kind": "book", "book": {"sha256": "c" * 64}}] * 2)
    expected = ["player specs (the same names, other parameters or book contents)"]
    assert differences(record(), specs) == expected
