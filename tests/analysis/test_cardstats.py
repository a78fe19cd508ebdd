"""Per-card statistics (analysis/cardstats.py): counts equal a direct count, the win rates of a
hand-made frame are the ones computed by hand, intervals and tests are the textbook ones, the
card columns survive joining and swapping, and card names parse as the project writes them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from emr_sim.analysis import cardstats as K
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.simulate.runs.records import CARD_COLUMNS, GameColumns, card_column, swap_sides
from emr_sim.stats import newcombe_difference, two_proportion_p, wilson, wilson_bounds

N_CARDS = 10


def games_frame(n: int, seed: int, heroes=("crow", "earth")) -> pd.DataFrame:
    """n random games of one cell with random card sets among N_CARDS cards."""
    rng = np.random.default_rng(seed)
    winner = rng.choice([0, 1, 2], size=n, p=[0.45, 0.45, 0.1])
    frame = {
        "hero_a": [heroes[0]] * n,
        "hero_b": [heroes[1]] * n,
        "pair": np.arange(n) // 2,
        "a_seat": np.arange(n) % 2,
        "a_first": rng.integers(0, 2, n),
        "win_a": (winner == 0).astype(np.int8),
        "win_b": (winner == 1).astype(np.int8),
        "draw": (winner == 2).astype(np.int8),
    }
    for name in CARD_COLUMNS:
        frame[name] = rng.integers(0, 1 << N_CARDS, n) if name.endswith("0") else np.zeros(n, np.int64)
    return pd.DataFrame(frame)


def test_card_counts_equal_a_direct_count():
    games = pd.concat([games_frame(40, 1), games_frame(30, 2, ("earth", "master"))], ignore_index=True)
    counts = K.card_counts(games, N_CARDS).set_index(["hero", "opponent", "event", "card_id"])
    for letter, other in (("a", "b"), ("b", "a")):
        for event in C.CARD_EVENT_NAMES:
            for card in range(N_CARDS):
                has = (games[card_column(event, letter, 0)].to_numpy() >> card) & 1 == 1
                for (hero, opp), part in games[has].groupby([f"hero_{letter}", f"hero_{other}"]):
                    row = counts.loc[(hero, opp, event, card)]
                    assert row["games"] == len(part)
                    assert row["wins"] == part[f"win_{letter}"].sum()
                    assert row["draws"] == part["draw"].sum()


def test_card_stats_of_a_hand_made_cell():
    """crow holds card 0 in 4 games (3 won), not in the other 6 (2 won); plays it in 2 (both won)."""
    games = games_frame(10, 3)
    for name in CARD_COLUMNS:
        games[name] = 0
    games["win_a"] = np.array([1, 1, 1, 0, 1, 1, 0, 0, 0, 0], np.int8)
    games["win_b"] = 1 - games["win_a"]
    games["draw"] = 0
    games.loc[:3, card_column("drawn", "a", 0)] = 1
    games.loc[:1, card_column("played", "a", 0)] = 1
    games.loc[:0, card_column("dealt", "a", 0)] = 1
    cards = pd.DataFrame({"card_id": range(N_CARDS), "card": [f"c{k}" for k in range(N_CARDS)]})
    stats = K.card_stats(K.card_counts(games, N_CARDS), K.side_totals(games), cards)
    row = stats[(stats["hero"] == "crow") & (stats["card_id"] == 0)].iloc[0]
    assert (row["games"], row["gih_games"], row["gns_games"], row["played_games"], row["oh_games"]) == (
        10,
        4,
        6,
        2,
        1,
    )
    assert row["gih_wr"] == pytest.approx(3 / 4) and row["gns_wr"] == pytest.approx(2 / 6)
    assert row["played_wr"] == 1.0 and row["oh_wr"] == 1.0
    assert row["improvement"] == pytest.approx(3 / 4 - 2 / 6)
    assert row["improvement_low"] < row["improvement"] < row["improvement_high"]
    assert row["drawn_share"] == pytest.approx(0.4) and row["play_rate"] == pytest.approx(0.5)
    assert (row["gih_low"], row["gih_high"]) == pytest.approx(wilson(3, 4))
    other = stats[(stats["hero"] == "earth") & (stats["card_id"] == 0)].iloc[0]
    assert other["gih_games"] == 0 and np.isnan(other["gih_wr"]) and not other["significant"]


def test_card_stats_do_not_depend_on_the_orientation_of_a_cell():
    games = games_frame(60, 4)
    deck_cards = pd.DataFrame({"card_id": range(N_CARDS), "card": [f"c{k}" for k in range(N_CARDS)]})

    def stats(frame):
        return K.card_stats(K.card_counts(frame, N_CARDS), K.side_totals(frame), deck_cards)

    pd.testing.assert_frame_equal(stats(games), stats(swap_sides(games)))


def test_the_correction_runs_over_every_card_and_master_row():
    games = games_frame(200, 5)
    cards = pd.DataFrame({"card_id": range(N_CARDS), "card": [f"c{k}" for k in range(N_CARDS)]})
    stats = K.card_stats(K.card_counts(games, N_CARDS), K.side_totals(games), cards)
    assert len(stats) == 2 * N_CARDS
    assert (stats["p_adjusted"] >= stats["p_value"] - 1e-12).all()
    order = stats.sort_values("p_value")
    assert order["p_adjusted"].is_monotonic_increasing


def test_wilson_bounds_are_the_scalar_wilson_for_arrays():
    wins, games = np.array([0, 3, 50, 7]), np.array([10, 4, 100, 7])
    low, high = wilson_bounds(wins, games)
    for k in range(4):
        assert (low[k], high[k]) == pytest.approx(wilson(wins[k], games[k]))
    assert np.isnan(wilson_bounds([0], [0])[0][0])


def test_newcombe_interval_is_the_published_one():
    """Newcombe (1998), Statistics in Medicine 17:873, table II, example (a), method 10."""
    low, high = newcombe_difference([56], [70], [48], [80])
    assert (low[0], high[0]) == pytest.approx((0.0524, 0.3339), abs=5e-5)


def test_two_proportion_p_is_the_pooled_z_test():
    from statsmodels.stats.proportion import proportions_ztest

    p = two_proportion_p([56], [70], [48], [80])[0]
    assert p == pytest.approx(proportions_ztest([56, 48], [70, 80])[1])
    assert np.isnan(two_proportion_p([0], [0], [1], [2])[0])


def test_joined_parts_and_swapped_sides_keep_the_card_columns():
    rows = np.zeros((4, C.GR_SIZE + 1 + C.CE_SIZE), dtype=np.int64)
    rows[:, C.GR_SIZE] = [0, 1, 0, 1]  # side A's seat
    rows[:, C.GR_SIZE + 1] = [1, 2, 3, 4]  # seat 0's dealt word 0
    rows[:, C.GR_SIZE + 1 + C.N_CARD_EVENTS * C.CARD_WORDS] = [5, 6, 7, 8]  # seat 1's
    parts = []
    for first in (0, 2):
        part = GameColumns(2, "crow", "earth", first // 2, cards=True)
        part.put(0, rows[first : first + 2])
        parts.append(part)
    games = GameColumns.joined(parts).frame()
    assert list(games["cards_dealt_a0"]) == [1, 6, 3, 8]  # side A sat in seat 0, then 1
    assert list(games["cards_dealt_b0"]) == [5, 2, 7, 4]
    assert list(swap_sides(games)["cards_dealt_a0"]) == [5, 2, 7, 4]


@pytest.mark.parametrize("name", ["red-3-4", "red 3-4", "RED-3-4", "13", "#13", " red-3-4 "])
def test_cards_are_named_as_the_project_writes_them(name):
    assert K.parse_cards([name], load_deck()) == [13]  # `emr-sim cards`: id 13 is red 3-4


def test_card_filters_take_comma_lists_and_refuse_unknown_cards():
    deck = load_deck()
    assert K.parse_cards(["red-3-4,red-1-1", "red 3-4"], deck) == [13, 0]
    assert K.parse_cards([], deck) is None
    for bad in ("red-3-6", "bow-3-3", "124", "dragon"):
        with pytest.raises(ValueError, match="unknown card"):
            K.parse_cards([bad], deck)


def test_master_filters_refuse_unknown_and_absent_masters():
    assert K.parse_masters(["earth,crow"], ["crow", "earth", "master"]) == ["crow", "earth"]
    assert K.parse_masters([], ["crow", "earth"]) == ["crow", "earth"]
    with pytest.raises(ValueError, match="unknown master 'x'"):
        K.parse_masters(["x"], ["crow"])
    with pytest.raises(ValueError, match="no game of wind"):
        K.parse_masters(["wind"], ["crow"])
