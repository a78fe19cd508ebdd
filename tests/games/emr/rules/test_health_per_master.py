"""R-OPT-HEALTH: a master's own starting health (`--rule health.bushido=9`), for balance
studies: the engine starts each player at its master's health when set, at D-LIFE's
otherwise; run records and positions leave unset ones out, so old runs describe as before."""

import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, play
from emr_sim.games.emr.options import describe_options, make_options, starting_health
from emr_sim.simulate.play.matchup import matchup
from emr_sim.simulate.play.settings import RunHooks, RunSettings


def health(g: Game) -> tuple[int, int]:
    return g.health(0), g.health(1)


def test_r_opt_health_starts_each_master_at_its_own_health():
    rules = {"fury": "on", "health.bushido": "11", "health": "7"}
    g = Game.new(seed=3, rules=rules, heroes="bushido,crow")
    assert health(g) == (11, 7)  # bushido's own, crow the general option's
    g = Game.new(seed=3, rules=rules, heroes="crow,bushido")
    assert health(g) == (7, 11)


def test_r_opt_health_needs_hero_mode_to_matter():
    g = Game.new(seed=3, rules={"health.bushido": "11", "health": "7"})  # fury off: no master
    assert health(g) == (7, 7)


def test_r_opt_health_unset_is_the_game_as_before():
    base = play(seed=5, players="greedy,greedy", heroes="wind,earth", rules={"fury": "on"})
    same = play(
        seed=5, players="greedy,greedy", heroes="wind,earth", rules={"fury": "on", "health.crow": "0"}
    )
    assert base.log_lines() == same.log_lines()
    assert "health.crow" not in describe_options(make_options({"fury": "on", "health.crow": "0"}))


def test_r_opt_health_is_written_only_when_set():
    described = describe_options(make_options({"health.earth": "12"}))
    assert described["health.earth"] == "12" and "health.crow" not in described
    assert starting_health(make_options({"health.earth": "12"}), C.HERO_EARTH) == 12
    assert starting_health(make_options({"health.earth": "12"}), C.NO_HERO) == 8


def test_r_opt_health_changes_the_balance_of_a_matchup():
    """A master given more health wins more of the same deals (paired seeds)."""
    plain = matchup(
        "bushido", "master", n=400, settings=RunSettings(seed=9), hooks=RunHooks(quiet=True)
    ).summary
    more = matchup(
        "bushido",
        "master",
        n=400,
        settings=RunSettings(rules={"health.bushido": "12"}, seed=9),
        hooks=RunHooks(quiet=True),
    ).summary
    assert more["wins"]["bushido"] > plain["wins"]["bushido"]
    assert more["run"]["rules"]["health.bushido"] == "12" and "health.bushido" not in plain["run"]["rules"]


@pytest.mark.parametrize("value", ["-1", "100", "x"])
def test_r_opt_health_out_of_range_is_refused(value):
    with pytest.raises(ValueError, match="health.bushido"):
        make_options({"health.bushido": value})


def test_r_opt_health_positions_check_against_the_masters_start():
    g = Game.new(seed=2, rules={"fury": "on", "health.kungfu": "10"}, heroes="kungfu,wind")
    position = g.position()
    assert position["rules"]["health.kungfu"] == "10" and position["players"][0]["health"] == 10
    again = Game.from_position(position)
    assert health(again) == (10, 8)
