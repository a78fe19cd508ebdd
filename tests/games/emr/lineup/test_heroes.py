"""The one parser of master names (emr_sim.games.emr.lineup.heroes): a pair for one game, a list for a
run, `all` accepted by every command that takes a list of masters."""

import json

import pytest
from support.cli import fails, run

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.heroes import parse_hero_list, parse_hero_pair


def test_a_list_is_in_the_masters_order_and_all_is_every_master():
    assert parse_hero_list("earth, Crow,wind") == ["crow", "wind", "earth"]
    assert parse_hero_list("all") == parse_hero_list(None) == list(C.HERO_NAMES)
    assert parse_hero_list(" ALL ") == list(C.HERO_NAMES)
    assert parse_hero_list("crow", option="HEROES", least=1) == ["crow"]


@pytest.mark.parametrize(
    ("text", "message"),
    [("crow,zebra", "unknown hero 'zebra' in --heroes"), ("crow,crow", "twice"), ("crow", "at least two")],
)
def test_bad_lists_are_refused_naming_the_option(text, message):
    with pytest.raises(ValueError, match=message):
        parse_hero_list(text)


def test_a_pair_names_two_different_masters_r_opt_hero():
    assert parse_hero_pair("poison,earth") == (C.HERO_POISON, C.HERO_EARTH)
    assert parse_hero_pair(None) == (C.NO_HERO, C.NO_HERO)
    with pytest.raises(ValueError, match="R-OPT-HERO"):
        parse_hero_pair("crow,crow")


def test_tune_names_its_argument_not_an_option_it_does_not_have(tmp_path):
    line = fails("tune", "crow,crow", "-o", tmp_path / "t", needles=("HEROES names a master twice",))
    assert "--heroes" not in line


def test_heroes_all_is_every_master_for_matrix_and_ladder(tmp_path):
    matrix = run("matrix", "-o", tmp_path / "m", "--heroes", "all", "-n", "2", "--quiet")
    assert matrix.exit_code == 0, matrix.output
    assert json.loads((tmp_path / "m" / "run.json").read_text())["heroes"] == list(C.HERO_NAMES)
    ladder = run("ladder", "-o", tmp_path / "l", "--heroes", "ALL", "--rungs", "random,greedy", "-n", "128")
    assert ladder.exit_code == 0, ladder.output
    assert json.loads((tmp_path / "l" / "ladder.json").read_text())["heroes"] == list(C.HERO_NAMES)
