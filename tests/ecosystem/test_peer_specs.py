"""The OpenSpiel players' specs refused in one line, exit 2 (emr_sim.games.emr.lineup.peer): an
unknown algorithm or parameter, a command or a cluster that cannot play them, and the rl
extra missing (one line telling how to install it). None of these needs the extra: they run
with or without it."""

from __future__ import annotations

import pytest
from support.cli import fails

from .test_extra import INSTALL, without_extra


def test_an_unknown_algorithm_or_parameter_is_one_line():
    fails("matchup", "crow", "illusion", "-n", "2", "--players", "openspiel-foo(n=3),greedy",
          needles=("unknown OpenSpiel algorithm 'foo'", "openspiel-ismcts, openspiel-mcts"))  # fmt: skip
    fails("matchup", "crow", "illusion", "-n", "2", "--players", "openspiel-ismcts(depth=2),greedy",
          needles=("unknown parameter 'depth'", "takes n, c, rollouts"))  # fmt: skip
    fails("matchup", "crow", "illusion", "-n", "2", "--players", "openspiel-mcts(n=0),greedy",
          needles=("n=0 is outside 1..1000000",))  # fmt: skip


def test_a_command_that_plays_compiled_players_only_refuses_one(tmp_path):
    fails("play", "--players", "openspiel-ismcts:5,greedy", needles=("played from Python", "matchup, matrix"))
    fails("tune", "crow", "-o", tmp_path / "t", "--field", "openspiel-mcts", needles=("played from Python",))


def test_an_openspiel_player_does_not_play_on_a_cluster():
    fails("matchup", "crow", "illusion", "-n", "2", "--players", "openspiel-ismcts:5,greedy",
          "--cluster", "local:1", needles=("not on --cluster",))  # fmt: skip


@pytest.mark.timeout(300)
def test_without_the_extra_an_openspiel_player_says_how_to_install_it(tmp_path):
    args = ("matchup", "crow", "illusion", "-n", "2", "--players", "openspiel-ismcts:5,greedy")
    done = without_extra("-m", "emr_sim.cli", *args)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip() == f"emr-sim: error: player 'openspiel-ismcts:5' needs the rl extra " \
        f"(OpenSpiel, PettingZoo and Gymnasium): {INSTALL}"  # fmt: skip
    ladder = tmp_path / "ladder"
    done = without_extra("-m", "emr_sim.cli", "ladder", "-o", str(ladder), "--rungs", "random,openspiel-mcts")
    assert done.returncode == 2 and INSTALL in done.stderr and not ladder.exists()
