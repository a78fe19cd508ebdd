"""Card Pig's rules (games/toy/kernels.py, defined in docs/games.md), each by its id, on
positions made by the game's own deal and then set by hand."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.games.toy import game as face
from emr_sim.games.toy import kernels as k

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def dealt(n=3, seed=1, index=0, **rules):
    made = registry.get("toy").make(n, {key: str(v) for key, v in rules.items()})
    S = np.zeros(k.STATE_SIZE, dtype=np.int64)
    k.init(made.G, S, seed, index, np.full(n, -1, dtype=np.int64))
    return made.G, S


def seat(S, s, field):
    return S[k.SEAT_BASE + s * k.ST_SIZE + field]


def set_top(S, value):
    S[k.DECK_BASE + S[k.H_DECK_N] - 1] = value


def test_the_faces_layout_mirrors_the_kernels():
    assert face.STATE_SIZE == k.STATE_SIZE and face.MAX_LEGAL == k.MAX_LEGAL
    assert face.ACTION_NAMES == k.ACTION_NAMES and face.END_NAMES == k.END_NAMES


def test_toy_deal_shuffles_deals_one_stash_each_and_draws_the_first_player():
    for copies in (4, 8):
        G, S = dealt(n=4, wolves=5, copies=copies)
        deck = S[k.DECK_BASE : k.DECK_BASE + S[k.H_DECK_N]].tolist()
        cards = [seat(S, s, k.ST_STASH) for s in range(4)] + deck
        assert sorted(cards) == sorted([0] * 5 + [v for v in range(1, 7) for _ in range(copies)])
    assert S[k.H_DECK_N] == 6 * 8 + 5 - 4 and S[k.H_MOVER] == S[k.H_FIRST] and 0 <= S[k.H_FIRST] < 4
    firsts = {int(dealt(n=4, index=i)[1][k.H_FIRST]) for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    _, again = dealt(n=4, wolves=5, copies=8)
    assert np.array_equal(S, again)  # the same deal from (seed, index)


def test_toy_draw_adds_the_cards_value_to_the_turn_total():
    G, S = dealt()
    set_top(S, 5)
    mover, left = S[k.H_MOVER], S[k.H_DECK_N]
    k.apply(G, S, k.A_DRAW)
    assert S[k.H_TOTAL] == 5 and S[k.H_MOVER] == mover and S[k.H_DECK_N] == left - 1
    assert S[k.DISC_BASE + 5] == 1  # revealed: counted in the open


def test_toy_wolf_loses_the_turn_total_and_passes_the_turn():
    G, S = dealt()
    S[k.H_TOTAL] = 9
    set_top(S, k.WOLF)
    mover = S[k.H_MOVER]
    k.apply(G, S, k.A_DRAW)
    assert S[k.H_TOTAL] == 0 and S[k.H_MOVER] == (mover + 1) % 3 and seat(S, mover, k.ST_SCORE) == 0


def test_toy_bank_scores_the_turn_total_and_is_legal_only_above_zero():
    G, S = dealt()
    legal = np.zeros(3, dtype=np.int64)
    mover = S[k.H_MOVER]
    S[k.SEAT_BASE + mover * k.ST_SIZE + k.ST_STASH] = k.WOLF  # no stash to play
    assert legal[: k.legal(G, S, legal)].tolist() == [k.A_DRAW]
    S[k.H_TOTAL] = 7
    assert legal[: k.legal(G, S, legal)].tolist() == [k.A_DRAW, k.A_BANK]
    k.apply(G, S, k.A_BANK)
    assert seat(S, mover, k.ST_SCORE) == 7 and S[k.H_TOTAL] == 0 and S[k.H_MOVER] == (mover + 1) % 3


def test_toy_stash_plays_a_number_stash_safely_once_and_never_a_wolf():
    G, S = dealt()
    legal = np.zeros(3, dtype=np.int64)
    mover = S[k.H_MOVER]
    S[k.SEAT_BASE + mover * k.ST_SIZE + k.ST_STASH] = 4
    assert k.A_STASH in legal[: k.legal(G, S, legal)]
    k.apply(G, S, k.A_STASH)
    assert S[k.H_TOTAL] == 4 and seat(S, mover, k.ST_STASH) == k.NO_CARD and S[k.H_MOVER] == mover
    assert k.A_STASH not in legal[: k.legal(G, S, legal)]
    S[k.SEAT_BASE + mover * k.ST_SIZE + k.ST_STASH] = k.WOLF
    assert k.A_STASH not in legal[: k.legal(G, S, legal)]


def test_toy_end_a_bank_at_the_target_ends_the_game_and_the_best_score_wins():
    G, S = dealt(target=15)
    mover = S[k.H_MOVER]
    other = (mover + 1) % 3
    S[k.SEAT_BASE + other * k.ST_SIZE + k.ST_SCORE] = 12
    S[k.SEAT_BASE + mover * k.ST_SIZE + k.ST_SCORE] = 10
    S[k.H_TOTAL] = 5
    k.apply(G, S, k.A_BANK)
    assert S[k.H_MOVER] == K.NOBODY and S[k.H_END] == k.END_TARGET
    res = np.zeros((3, K.RS_SIZE), dtype=np.int64)
    k.results(G, S, res)
    assert res[mover, K.RS_WIN] == 1 and res[mover, K.RS_PLACE] == 0 and res[other, K.RS_PLACE] == 1
    assert res[mover, K.RS_POINTS] == 15


def test_toy_end_equal_best_scores_share_first_place():
    G, S = dealt(n=2)
    for s in range(2):
        S[k.SEAT_BASE + s * k.ST_SIZE + k.ST_SCORE] = 8
    S[k.H_MOVER] = K.NOBODY
    res = np.zeros((2, K.RS_SIZE), dtype=np.int64)
    k.results(G, S, res)
    assert res[:, K.RS_DRAW].tolist() == [1, 1] and res[:, K.RS_WIN].tolist() == [0, 0]
    assert res[:, K.RS_PLACE].tolist() == [0, 0]


def test_toy_deckout_the_last_card_banks_the_turn_total_and_ends_the_game():
    G, S = dealt()
    mover = S[k.H_MOVER]
    S[k.H_DECK_N] = 1
    S[k.DECK_BASE] = 3
    S[k.H_TOTAL] = 4
    k.apply(G, S, k.A_DRAW)
    assert S[k.H_MOVER] == K.NOBODY and S[k.H_END] == k.END_DECKOUT and seat(S, mover, k.ST_SCORE) == 7
    G, S = dealt()
    S[k.H_DECK_N] = 1
    S[k.DECK_BASE] = k.WOLF
    S[k.H_TOTAL] = 4
    k.apply(G, S, k.A_DRAW)
    assert S[k.H_MOVER] == K.NOBODY and S[k.H_END] == k.END_DECKOUT and S[k.H_TOTAL] == 0


def test_toy_hidden_the_observation_masks_the_deck_and_the_other_stashes():
    G, S = dealt()
    obs = np.zeros_like(S)
    k.observe(G, S, 1, obs)
    assert np.all(obs[k.DECK_BASE : k.DECK_BASE + S[k.H_DECK_N]] == K.HIDDEN)
    assert seat(obs, 1, k.ST_STASH) == seat(S, 1, k.ST_STASH)
    assert seat(obs, 0, k.ST_STASH) == K.HIDDEN and seat(obs, 2, k.ST_STASH) == K.HIDDEN


def test_the_greedys_value_of_a_draw_is_its_exact_expectation():
    G, S = dealt(n=2)
    mover = int(S[k.H_MOVER])
    obs = np.zeros_like(S)
    k.observe(G, S, mover, obs)
    work = np.zeros_like(S)
    rng = np.array([1, 2, 3, 4], dtype=np.int64)
    expected, total = 0.0, 0
    for v in range(7):
        count = k.unseen(G, obs, mover, v)
        total += count
        trial = obs.copy()
        trial[k.DECK_BASE + trial[k.H_DECK_N] - 1] = v
        k.apply(G, trial, k.A_DRAW)
        expected += count * k.seat_value(G, trial, mover)
    assert total == S[k.H_DECK_N] + 1  # the deck and the other player's stash
    assert k.action_value(G, obs, mover, k.A_DRAW, work, rng) == pytest.approx(expected / total)
