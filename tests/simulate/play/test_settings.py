"""The run settings made once (emr_sim.simulate.play.settings) and checked by run_setup: the
CLI's shared options make one value, a copy changes only what it names, the variant is applied
where the settings are parsed, and a ladder refuses what its record could not say."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim.cli.options import run_settings
from emr_sim.games.emr.options import BY_NAME
from emr_sim.simulate.play.ladder import LadderPlay, run_ladder
from emr_sim.simulate.play.settings import QUIET, RunHooks, RunSettings
from emr_sim.simulate.play.setup import run_record, run_setup


def test_the_cli_options_make_one_value_with_the_rules_parsed():
    settings = run_settings(seed=7, players="random,greedy", rules=("health=9", "penalty=each"), workers=1)
    assert settings == RunSettings(
        players="random,greedy", rules={"health": "9", "penalty": "each"}, seed=7, workers=1
    )
    assert settings.fury and settings.variant is None and not settings.cards


def test_a_copy_changes_only_the_fields_it_names():
    settings = RunSettings(seed=3, players="greedy", rules={"health": "9"}, workers=2)
    other = settings.but(players="random", seed=4)
    assert (other.players, other.seed) == ("random", 4)
    assert (other.rules, other.workers, other.fury) == (settings.rules, 2, True)
    assert settings.players == "greedy"  # frozen: the original is unchanged


def test_run_setup_applies_the_variant_of_the_settings():
    plain = run_setup(RunSettings(seed=1, workers=1), "a test")
    varied = run_setup(RunSettings(seed=1, workers=1, variant="health=9 class:dragons.damage+1"), "a test")
    health = BY_NAME["health"].index
    assert plain.opts[health] != 9 and varied.opts[health] == 9
    assert varied.deck_changes == ("class:dragons.damage+1",) and not plain.deck_changes
    assert not np.array_equal(varied.table, plain.table)  # the dragons hit harder
    assert run_record(varied)["deck_changes"] == ["class:dragons.damage+1"]


def test_a_variant_and_a_rule_that_disagree_are_refused():
    with pytest.raises(ValueError, match="--rule health=8 and --variant health=9 disagree"):
        run_setup(RunSettings(rules={"health": "8"}, variant="health=9", workers=1), "a test")


@pytest.mark.parametrize("changes", [{"variant": "health=9"}, {"cards": True}])
def test_a_ladder_refuses_a_variant_or_card_events_before_writing(tmp_path, changes):
    with pytest.raises(ValueError, match="a ladder plays the run's rules and deck as they are"):
        play = LadderPlay("random,greedy", "crow,wind", 8)
        run_ladder(tmp_path / "L", RunSettings(workers=1, **changes), play)
    assert not (tmp_path / "L").exists()


def test_hooks_say_nothing_by_default():
    assert QUIET.quiet and QUIET.on_note is None
    heard: list[str] = []
    RunHooks(on_note=heard.append).note("a line")
    QUIET.note("unheard")
    assert heard == ["a line"]
