"""OpenSpiel's searches as players (emr_sim.ecosystem.peers, the openspiel-... specs) and the
Python-driven pair loop that plays them in matchup, matrix and ladder (emr_sim.ecosystem.emr_pairs):
the loop plays the jitted pair loop's games exactly when both sides are compiled players, the
same games on one process or two, players that decide from their information state only,
and bad input refused in one line."""

from __future__ import annotations

import numpy as np
import pytest
from support.cli import fails

from emr_sim.ecosystem import emr_pairs as EP
from emr_sim.ecosystem.openspiel_game import load
from emr_sim.ecosystem.peers import Peer, PeerSettings, generator
from emr_sim.games.emr.loops import pairs
from emr_sim.simulate.matchup import matchup
from emr_sim.simulate.setup import run_setup

from .test_extra import INSTALL, without_extra


def pair_run(players: str, seed: int, hero_a: int, hero_b: int) -> tuple[EP.PairRun, object]:
    settings = dict(fury=True, deck=None, rules=None, workers=1, what="a test", python_players=True)
    setup = run_setup(seed=seed, players=players, **settings)
    weights = pairs.seat_weights(setup.weights())
    specs = (setup.specs[0].text, setup.specs[1].text)
    sides = setup.sides(hero_a, hero_b)
    run = EP.PairRun(setup.table, setup.opts, None, specs, seed, sides, weights, pairs.RECORD_COLS)
    return run, setup


@pytest.mark.timeout(600)
@pytest.mark.parametrize("players", ["greedy,random", "tuned,greedy-notech"])
def test_the_python_loop_plays_the_jitted_pair_loops_games(players):
    run, setup = pair_run(players, 7, 0, 6)
    _, _, agg, rows = EP.play_chunk(run, 0, 5)
    want_agg, want_rows = np.zeros_like(agg), np.zeros_like(rows)
    pairs.play_pairs(setup.table, setup.opts, 7, 0, 5, run.sides, want_agg, want_rows, run.weights)
    assert np.array_equal(agg, want_agg)
    assert np.array_equal(rows, want_rows)


@pytest.mark.timeout(600)
def test_an_openspiel_player_plays_the_same_games_on_one_process_or_two():
    one = matchup("crow", "wind", n=4, seed=3, players="openspiel-ismcts:8,greedy", workers=1, records=True)
    two = matchup("crow", "wind", n=4, seed=3, players="openspiel-ismcts:8,greedy", workers=2, records=True)
    assert one.summary["wins"] == two.summary["wins"] and one.summary["games"] == 4
    assert one.records.equals(two.records)
    assert one.summary["run"]["player_specs"][0] == {
        "kind": "openspiel-ismcts",
        "text": "openspiel-ismcts:8",
        "kernel": "python",
        "params": {"n": 8},
    }


@pytest.mark.timeout(300)
@pytest.mark.parametrize("algorithm", ["ismcts", "mcts"])
def test_an_openspiel_player_decides_from_its_information_state_only(algorithm):
    """The swap test: in a state and in a determinisation of it for the player to move (the
    other seat's hand and the draw order dealt again), the same player with the same generator
    takes the same action."""
    game = load("emr", 2, {"fury": "on"}, seed=9)
    settings = PeerSettings(algorithm, 12, 2.0, 1)
    rng = np.random.default_rng(0)
    decided = 0
    for deal in range(4):
        state = game.deal(deal)
        for _ in range(int(rng.integers(0, 25))):
            if state.is_terminal():
                break
            state.apply_action(state.legal_actions()[rng.integers(len(state.legal_actions()))])
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        swapped = state.resample(seat, np.array([deal + 1, 5, 7, 11], dtype=np.int64))
        assert not np.array_equal(swapped.S, state.S)
        real = Peer(settings, game, generator(9, deal, seat)).step(state)
        other = Peer(settings, game, generator(9, deal, seat)).step(swapped)
        assert real == other
        decided += 1
    assert decided >= 2


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
