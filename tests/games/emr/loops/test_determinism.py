"""Same seed, same games: whatever the loop, the chunking, or the order of games."""

import numpy as np
from support.state import seats

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import play
from emr_sim.games.emr.loops import engine


def run(table, opts, seed, first, count, kinds=(C.PLAYER_GREEDY, C.PLAYER_GREEDY)):
    out = engine.results_array(count)
    engine.play_many(table, opts, seed, first, count, seats(*kinds), out)
    return out


def test_same_seed_gives_identical_records(table, opts):
    a = run(table, opts, 99, 0, 300)
    b = run(table, opts, 99, 0, 300)
    assert np.array_equal(a, b)
    assert not np.array_equal(a, run(table, opts, 100, 0, 300))


def test_chunks_merge_to_the_same_records(table, opts):
    whole = run(table, opts, 5, 0, 240)
    parts = np.vstack(
        [run(table, opts, 5, 0, 100), run(table, opts, 5, 100, 40), run(table, opts, 5, 140, 100)]
    )
    assert np.array_equal(whole, parts)


def test_python_step_loop_matches_the_jitted_loop(table, opts):
    rec = run(table, opts, 42, 0, 6, (C.PLAYER_GREEDY, C.PLAYER_RANDOM))
    for k in range(6):
        game = play(seed=42, index=k, players="greedy,random")
        assert rec[k, C.GR_WINNER] == game.state[C.H_WINNER]
        assert rec[k, C.GR_TURNS] == game.state[C.H_TURN]
        assert rec[k, C.GR_DECISIONS] == game.state[C.H_DECISIONS]
