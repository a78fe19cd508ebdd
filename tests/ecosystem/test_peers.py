"""OpenSpiel's searches as players (emr_sim.ecosystem.peers, the openspiel-... specs) and the
Python-driven pair loop that plays them in matchup, matrix and ladder (emr_sim.ecosystem.emr_pairs):
the loop plays the jitted pair loop's games exactly when both sides are compiled players, the
same games on one process or two, players that decide from their information state only
(bad input and a missing extra: test_peer_specs)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the rl extra: pip install 'emr-sim[rl]')")

from emr_sim.ecosystem import emr_pairs as EP  # noqa: E402
from emr_sim.ecosystem.openspiel_game import load  # noqa: E402
from emr_sim.ecosystem.peers import Peer, PeerSettings, generator  # noqa: E402
from emr_sim.games.emr.loops import pairs  # noqa: E402
from emr_sim.simulate.play.matchup import matchup  # noqa: E402
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup  # noqa: E402


def pair_run(players: str, seed: int, hero_a: int, hero_b: int) -> tuple[EP.PairRun, object]:
    setup = run_setup(RunSettings(seed=seed, players=players, workers=1), "a test", python_players=True)
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
    one = matchup(
        "crow",
        "wind",
        n=4,
        settings=RunSettings(players="openspiel-ismcts:2,greedy", seed=3, workers=1),
        records=True,
    )
    two = matchup(
        "crow",
        "wind",
        n=4,
        settings=RunSettings(players="openspiel-ismcts:2,greedy", seed=3, workers=2),
        records=True,
    )
    assert one.summary["wins"] == two.summary["wins"] and one.summary["games"] == 4
    assert one.records.equals(two.records)
    assert one.summary["run"]["player_specs"][0] == {
        "kind": "openspiel-ismcts",
        "text": "openspiel-ismcts:2",
        "kernel": "python",
        "params": {"n": 2},
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
