"""The players: greedy must beat random (measured), and both stay legal."""

import numpy as np
from support.state import seats

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.loops import engine

GAMES = 1_000


def test_greedy_beats_random_in_at_least_90_percent_of_games(table, opts):
    wins = 0
    for first_seat in (0, 1):  # greedy in each seat, half the games each
        kinds = (C.PLAYER_GREEDY, C.PLAYER_RANDOM) if first_seat == 0 else (C.PLAYER_RANDOM, C.PLAYER_GREEDY)
        out = engine.results_array(GAMES // 2)
        engine.play_many(table, opts, 31, 0, GAMES // 2, seats(*kinds), out)
        wins += int((out[:, C.GR_WINNER] == first_seat).sum())
    assert wins / GAMES >= 0.90, f"greedy won {wins} of {GAMES}"


def test_greedy_hits_more_than_random(table, opts):
    out = engine.results_array(400)
    engine.play_many(table, opts, 5, 0, 400, seats(C.PLAYER_GREEDY, C.PLAYER_RANDOM), out)
    per_turn = out[:, C.GR_HITS : C.GR_HITS + 2].sum(axis=0) / out[:, C.GR_TURNS].sum()
    assert per_turn[0] > 2 * per_turn[1]


def test_random_players_use_their_own_streams(table, opts):
    a = engine.results_array(50)
    engine.play_many(table, opts, 1, 0, 50, seats(C.PLAYER_RANDOM, C.PLAYER_RANDOM), a)
    # the deal is the same in both seats' games only through the game stream: games differ
    assert len(np.unique(a[:, C.GR_TURNS])) > 5
