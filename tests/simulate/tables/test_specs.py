"""The player specs of table runs (simulate/tables/specs.py, lineup.py): one grammar for every
game, parameters with defaults and ranges, canonical texts, the generic players a game names
`generic-...`, and the parsed specs in the run record."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support.cli import run

from emr_sim.errors import BadInput
from emr_sim.games import registry
from emr_sim.players.kinds import PLAYER_GREEDY, PLAYER_ISMCTS, PLAYER_RANDOM, SP_ITERATIONS, SP_PRIOR
from emr_sim.simulate.tables.lineup import parse_lineup, split_top_level
from emr_sim.simulate.tables.specs import GENERIC_SEARCH_VERSION, parse_spec

TOY, EMR = registry.get("toy"), registry.get("emr")


@pytest.mark.parametrize(
    "text,canonical",
    [
        ("random", "random"),
        (" greedy ", "greedy"),
        ("ismcts", "ismcts"),
        ("ismcts:1600", "ismcts(n=1600)"),
        ("ismcts( c = 0.50 , n=100 )", "ismcts(n=100,c=0.5)"),
        ("generic-ismcts(n=8)", "ismcts(n=8)"),  # the prefix is optional where the game has no own
    ],
)
def test_a_spec_reads_back_to_its_canonical_text(text, canonical):
    spec = parse_spec(TOY, text)
    assert spec.text == canonical
    assert parse_spec(TOY, spec.text) == spec


def test_a_search_spec_fills_the_defaults_and_its_kernel_row():
    spec = parse_spec(TOY, "ismcts(n=100,prior=0)")
    assert spec.code == PLAYER_ISMCTS and spec.given == ("n", "prior")
    assert spec.params == {"n": 100, "c": 0.2, "depth": 0, "stop": 1.0, "prior": 0}
    row = spec.row()
    assert row[SP_ITERATIONS] == 100 and row[SP_PRIOR] == 0
    assert spec.record() == {
        "kind": "ismcts",
        "text": "ismcts(n=100,prior=0)",
        "params": spec.params,
        "search_version": GENERIC_SEARCH_VERSION,
    }


def test_8mrs_table_runs_name_the_generic_players_apart_from_its_own():
    """8MR's commands have a greedy and an ismcts of their own: the generic ones are
    generic-greedy and generic-ismcts in its table runs, and the plain names are refused."""
    assert parse_spec(EMR, "generic-ismcts:50").text == "generic-ismcts(n=50)"
    assert parse_spec(EMR, "generic-greedy").code == PLAYER_GREEDY
    with pytest.raises(
        BadInput,
        match="ismcts is a player of emr's own commands; in its table runs the generic one is generic-ismcts",
    ):
        parse_spec(EMR, "ismcts:50")


def test_a_lineup_splits_on_the_commas_outside_parentheses():
    assert split_top_level("ismcts(n=4,c=1),greedy") == ["ismcts(n=4,c=1)", "greedy"]
    lineup = parse_lineup(TOY, "ismcts(n=4,c=1),greedy,random", 3)
    assert lineup.kinds.tolist() == [PLAYER_ISMCTS, PLAYER_GREEDY, PLAYER_RANDOM]
    assert lineup.search_iterations() == 4 and lineup.params.shape == (3, 8)
    assert np.all(lineup.params[1:] == 0)
    assert parse_lineup(TOY, "greedy", 4).specs == ("greedy",) * 4


@pytest.mark.parametrize(
    "text,needle",
    [
        ("", "an empty player spec"),
        ("ismcts(n=1.5)", "n=1.5 must be a whole number"),
        ("ismcts(c=nan)", "c='nan' is not a finite number"),
        ("ismcts(c=x)", "c='x' is not a number"),
        ("ismcts(n=4,n=5)", "n is given twice"),
        ("ismcts(n)", "'n' is not NAME=VALUE"),
        ("ismcts(stop=0)", "stop=0 is outside 0.05..1"),
        ("ismcts)(", "one pair of parentheses"),
        ("Greedy", "'Greedy' is not a player kind"),
    ],
)
def test_a_bad_spec_is_one_line_naming_it(text, needle):
    with pytest.raises(BadInput, match=None) as err:
        parse_spec(TOY, text)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_the_run_record_keeps_every_members_parsed_spec(tmp_path):
    out = tmp_path / "run"
    args = ("matrix", "--game", "toy", "--seats", 2, "--players", "ismcts(n=6,c=0.5),greedy")
    result = run(*args, "-o", out, "-n", 4, "--quiet")
    assert result.exit_code == 0, result.output
    record = json.loads((out / "run.json").read_text())
    assert record["players"] == ["ismcts(n=6,c=0.5)", "greedy"]
    first, second = record["player_specs"]
    assert first["params"] == {"n": 6, "c": 0.5, "depth": 0, "stop": 1.0, "prior": 10}
    assert first["search_version"] == GENERIC_SEARCH_VERSION
    assert second == {"kind": "greedy", "text": "greedy", "params": {}}
    again = run(*args, "-o", out, "-n", 4, "--quiet")  # the same specs resume the same run
    assert again.exit_code == 0, again.output


def test_the_players_of_a_game_are_listed_with_their_parameters():
    result = run("players", "--game", "toy")
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == "random"
    assert "ismcts           n=400 (1..100000), c=0.2 (0..10), depth=0 (0..1000)" in result.stdout
    listed = json.loads(run("players", "--game", "emr", "--json").stdout)  # 8MR: its own listing
    assert "generic-ismcts" not in json.dumps(listed)
    toy = json.loads(run("players", "--game", "toy", "--seats", 2, "--json").stdout)
    assert toy["kinds"] == ["random", "greedy", "ismcts"]
    assert [p["name"] for p in toy["params"]["ismcts"]] == ["n", "c", "depth", "stop", "prior"]
