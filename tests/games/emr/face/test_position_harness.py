"""Every state reached in invariant-harness games round-trips through the JSON position
format unchanged (emr_sim.games.emr.face.position): the same games (seed, index, players) that
tests/games/emr/loops/test_invariants.py checks, walked step by step."""

import json

import numpy as np
import pytest
from support.scenario import seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.position import state_from_dict, state_to_dict

HARNESS_SEED = 2026  # the seed of test_invariants_hold_in_100000_random_games
GAMES = 60


@pytest.mark.parametrize(
    "players,rules",
    [
        ((C.PLAYER_RANDOM, C.PLAYER_RANDOM), None),
        ((C.PLAYER_GREEDY, C.PLAYER_GREEDY), None),
        ((C.PLAYER_GREEDY, C.PLAYER_RANDOM), {"penalty": "each", "copy_copy": "on", "fury": "on"}),
    ],
)
def test_every_harness_state_round_trips_through_json(players, rules):
    phases = set()
    states = 0
    for index in range(GAMES):
        for game, _prng in seeded_steps(HARNESS_SEED, players, index, rules):
            text = json.dumps(state_to_dict(game.state, game.table, game.opts))
            back, opts = state_from_dict(json.loads(text), game.table)
            assert np.array_equal(back, game.state), (index, game.phase)
            assert np.array_equal(opts, game.opts)
            phases.add(game.phase)
            states += 1
    assert states > GAMES * 20
    assert {"turn", "extra", "over"} <= phases
