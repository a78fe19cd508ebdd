"""Card Pig's evaluation, action values and rollout policy (games/toy/kernels.py), which the
generic players read (docs/games.md: evaluate, action_value, rollout)."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.games.toy import kernels as k

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def position(n=3, scores=(0, 0, 0), total=0, mover=0, deck_n=None):
    made = registry.get("toy").make(n, {"target": "20", "copies": "4"})  # the numbers below are for these
    S = np.zeros(k.STATE_SIZE, dtype=np.int64)
    k.init(made.G, S, 1, 0, np.full(n, -1, dtype=np.int64))
    for s in range(n):
        S[k.seat_at(s) + k.ST_SCORE] = scores[s]
        S[k.seat_at(s) + k.ST_STASH] = k.NO_CARD
    S[k.H_TOTAL], S[k.H_MOVER] = total, mover
    if deck_n is not None:
        S[k.H_DECK_N] = deck_n
    return made.G, S


def values(G, S, n):
    out = np.zeros(n)
    k.evaluate(G, S, out)
    return out


def test_the_values_are_win_chances_that_sum_to_one_and_follow_the_points():
    G, S = position(scores=(10, 4, 7))
    out = values(G, S, 3)
    assert out.sum() == pytest.approx(1.0)
    assert out[0] > out[2] > out[1]


def test_a_lead_counts_more_with_fewer_cards_left():
    G, S = position(n=2, scores=(12, 6), deck_n=20)
    early = values(G, S, 2)[0]
    S[k.H_DECK_N] = 3
    assert values(G, S, 2)[0] > early > 0.5


def test_a_mover_that_can_bank_to_the_target_has_won():
    G, S = position(n=2, scores=(14, 18), total=6, mover=0)
    assert values(G, S, 2).tolist() == [1.0, 0.0]


def test_a_stash_counts_as_safe_points_and_a_hidden_one_as_the_mean_unseen_card():
    G, S = position(n=2, scores=(5, 5))
    S[k.seat_at(0) + k.ST_STASH] = 6
    assert k.points(G, S, 0, 0) == 11
    obs = np.zeros_like(S)
    k.observe(G, S, 1, obs)  # seat 1 sees a hidden stash in front of seat 0
    cards = sum(k.unseen(G, obs, 1, v) for v in range(k.MAX_VALUE + 1))
    mean = sum(v * k.unseen(G, obs, 1, v) for v in range(k.MAX_VALUE + 1)) / cards
    assert k.points(G, obs, 1, 0) == pytest.approx(5 + mean)


def test_a_finished_game_is_valued_by_its_result():
    G, S = position(n=3, scores=(20, 20, 3))
    S[k.H_MOVER] = K.NOBODY
    assert values(G, S, 3).tolist() == [0.5, 0.5, 0.0]
