"""emr_sim.analysis.cells: cell_table, oriented, matrix on hand-built and small real runs."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint
from support.analysis import flipped, real_run, synthetic_cell

from emr_sim import analysis as A
from emr_sim.analysis import cell_table, matrix, oriented
from emr_sim.games.emr import codes as C
from emr_sim.stats import Z95, wilson

CELL_COLUMNS = [
    "hero_a",
    "hero_b",
    "games",
    "pairs",
    "wins_a",
    "wins_b",
    "draws",
    "win_rate",
    "ci_low",
    "ci_high",
    "half_width",
    "first_player_win_rate",
    "first_ci_low",
    "first_ci_high",
    "p_value",
    "mean_turns",
    "median_turns",
]


def crow_wind():
    # 5 pairs: A wins 6, B wins 3, 1 draw; seat 0 moves first in pairs 0-2, seat 1 in pairs 3-4
    return synthetic_cell(
        "crow",
        "wind",
        "AABADAABBA",
        turns=[10, 20, 30, 40, 50, 60, 70, 80, 90, 11],
        first_seat=[0, 0, 0, 1, 1],
    )


def test_cell_table_counts_rates_and_turns_by_hand():
    cells = cell_table(crow_wind())
    assert list(cells.columns) == CELL_COLUMNS
    row = cells.iloc[0]
    assert (row.hero_a, row.hero_b) == ("crow", "wind")
    assert (row.games, row.pairs, row.wins_a, row.wins_b, row.draws) == (10, 5, 6, 3, 1)
    assert row.win_rate == pytest.approx(0.6)
    assert row.mean_turns == pytest.approx(46.1)
    assert row.median_turns == pytest.approx(45.0)  # (40 + 50) / 2


def test_cell_table_first_player_win_rate_by_hand():
    # side A moves first when its seat is the first seat of the pair:
    # a_first  1 0 | 1 0 | 1 0 | 0 1 | 0 1
    # results  A A | B A | D A | A B | B A
    # first player won: games 0, 8 and 9 of the 9 decided games
    games = crow_wind()
    assert list(games.a_first) == [1, 0, 1, 0, 1, 0, 0, 1, 0, 1]
    row = cell_table(games).iloc[0]
    assert row.first_player_win_rate == pytest.approx(3 / 9)
    # pairs as units (ratio estimator): per pair (first-player wins, decided games)
    # (1, 2) (0, 2) (0, 1) (0, 2) (2, 2); residuals w - rate * d squared sum to 26/9
    se = math.sqrt(26 / 9 * 5 / 4) / 9
    assert (row.first_ci_low, row.first_ci_high) == pytest.approx((3 / 9 - Z95 * se, 3 / 9 + Z95 * se))
    wilson_low, wilson_high = proportion_confint(3, 9, alpha=0.05, method="wilson")
    assert row.first_ci_low != pytest.approx(wilson_low)  # not the interval over games


def test_cell_table_wilson_interval_matches_statsmodels():
    row = cell_table(crow_wind()).iloc[0]
    low, high = proportion_confint(6, 10, alpha=0.05, method="wilson")
    assert (row.ci_low, row.ci_high) == pytest.approx((low, high), abs=1e-9)
    assert row.half_width == pytest.approx((high - low) / 2)


def test_cell_table_p_value_is_exact_binomial_on_decided_games():
    # 9 of 10 decided games won (plus 2 draws): p = 2 * (1 + 10) / 2^10
    cells = cell_table(synthetic_cell("poison", "earth", "AAAAAAAAABDD"))
    assert cells.p_value.iloc[0] == pytest.approx(22 / 1024)
    assert cells.p_value.iloc[0] == pytest.approx(binomtest(9, 10, 0.5).pvalue)


def test_cell_table_without_decided_games():
    row = cell_table(synthetic_cell("crow", "wind", "DDDD")).iloc[0]
    assert row.p_value == 1.0
    assert math.isnan(row.first_player_win_rate) and math.isnan(row.first_ci_low)
    assert row.win_rate == 0.0


def test_cell_table_one_row_per_cell_in_hero_order():
    games = pd.concat(
        [
            synthetic_cell("earth", "master", "ABAB"),
            synthetic_cell("crow", "wind", "AABB"),
            synthetic_cell("crow", "earth", "AAAB"),
        ]
    )
    cells = cell_table(games)
    assert list(zip(cells.hero_a.astype(str), cells.hero_b.astype(str), strict=True)) == [
        ("crow", "wind"),
        ("crow", "earth"),
        ("earth", "master"),
    ]
    assert list(cells.hero_a.cat.categories) == list(C.HERO_NAMES)
    assert list(cells.wins_a) == [2, 3, 2]


def test_cell_table_does_not_depend_on_the_stored_orientation():
    games = crow_wind()
    expected = cell_table(games)
    pd.testing.assert_frame_equal(cell_table(flipped(games)), expected)
    mixed = pd.concat([games.iloc[:4], flipped(games.iloc[4:])], ignore_index=True)
    pd.testing.assert_frame_equal(cell_table(mixed), expected)


def test_cell_table_accepts_plain_string_heroes():
    games = crow_wind()
    games["hero_a"] = games["hero_a"].astype(str)
    games["hero_b"] = games["hero_b"].astype(str)
    pd.testing.assert_frame_equal(cell_table(games), cell_table(crow_wind()))


def test_oriented_has_both_sides_of_each_cell():
    sides = oriented(cell_table(crow_wind()))
    assert list(sides.columns[:10]) == [
        "hero",
        "opponent",
        "games",
        "wins",
        "losses",
        "draws",
        "win_rate",
        "ci_low",
        "ci_high",
        "p_value",
    ]
    crow, wind = sides.iloc[0], sides.iloc[1]
    assert (crow.hero, crow.opponent, crow.wins, crow.losses, crow.draws) == ("crow", "wind", 6, 3, 1)
    assert (wind.hero, wind.opponent, wind.wins, wind.losses, wind.draws) == ("wind", "crow", 3, 6, 1)
    assert wind.win_rate == pytest.approx(0.3)
    low, high = proportion_confint(3, 10, alpha=0.05, method="wilson")
    assert (wind.ci_low, wind.ci_high) == pytest.approx((low, high))
    assert crow.p_value == wind.p_value


def test_oriented_keeps_a_mirror_cell_once():
    games = pd.concat([crow_wind(), synthetic_cell("crow", "crow", "ABBA")])
    sides = oriented(cell_table(games))
    assert len(sides) == 3
    assert len(sides[(sides.hero == "crow") & (sides.opponent == "crow")]) == 1


def test_matrix_is_square_in_hero_order_with_nan_diagonal():
    games = pd.concat([synthetic_cell("master", "wind", "AABB"), synthetic_cell("wind", "earth", "AAAB")])
    m = matrix(cell_table(games))
    assert list(m.index) == ["wind", "earth", "master"] == list(m.columns)
    assert np.isnan(np.diag(m.to_numpy())).all()
    assert m.loc["wind", "earth"] == pytest.approx(0.75)
    assert m.loc["earth", "wind"] == pytest.approx(0.25)
    assert np.isnan(m.loc["earth", "master"])  # not played


def test_matrix_other_values_and_unknown_value():
    cells = cell_table(crow_wind())
    games = matrix(cells, "games")
    assert games.loc["crow", "wind"] == games.loc["wind", "crow"] == 10
    low = matrix(cells, "ci_low")
    assert low.loc["wind", "crow"] == pytest.approx(proportion_confint(3, 10, method="wilson")[0])
    with pytest.raises(ValueError, match="unknown matrix value 'nope'; known: games"):
        matrix(cells, "nope")


def test_matrix_with_draws_adds_to_one_minus_the_draw_share():
    m = matrix(cell_table(crow_wind()))
    assert m.loc["crow", "wind"] + m.loc["wind", "crow"] == pytest.approx(0.9)


def test_real_run_cell_table_and_complementary_matrix():
    games = real_run()
    cells = cell_table(games)
    assert len(cells) == 3
    assert (cells.games == 400).all() and (cells.pairs == 200).all()
    assert (cells.wins_a + cells.wins_b + cells.draws == cells.games).all()
    assert ((cells.ci_low <= cells.win_rate) & (cells.win_rate <= cells.ci_high)).all()
    assert cells.draws.sum() == 0
    m = matrix(cells)
    off = ~np.eye(len(m), dtype=bool)
    np.testing.assert_allclose((m + m.T).to_numpy()[off], 1.0)


def test_real_run_side_a_moves_first_once_per_pair():
    games = real_run()
    per_pair = games.groupby(["hero_a", "hero_b", "pair"], observed=True)["a_first"].sum()
    assert (per_pair == 1).all()


def test_real_run_pairs_are_negatively_correlated_so_wilson_is_conservative():
    """The docstring caveat: within a pair the outcomes are negatively correlated (the seat
    on a deal matters), so the variance of a cell's win rate over pairs is below the
    binomial variance the Wilson interval assumes."""
    games = real_run()
    wide = games.pivot_table(
        index=["hero_a", "hero_b", "pair"], columns="a_seat", values="win_a", observed=True
    )
    rho = np.corrcoef(wide[0], wide[1])[0, 1]
    assert rho < -0.05
    ratios = []
    for _, pairs in wide.groupby(level=[0, 1], observed=True):
        pair_mean = (pairs[0] + pairs[1]) / 2
        p = pair_mean.mean()
        ratios.append(pair_mean.var(ddof=1) / len(pairs) / (p * (1 - p) / (2 * len(pairs))))
    assert np.mean(ratios) < 1


def test_matrix_refuses_a_cell_given_twice():
    cells = cell_table(crow_wind())
    reversed_cell = cells.assign(hero_a=cells.hero_b, hero_b=cells.hero_a)
    with pytest.raises(ValueError, match="a cell appears twice"):
        matrix(pd.concat([cells, reversed_cell], ignore_index=True))


def test_first_player_overall_takes_the_pairs_of_every_cell_as_units():
    games = real_run()
    overall = A.first_player_overall(games)
    units = games.groupby(["hero_a", "hero_b", "pair"], observed=True).ngroups
    decided = games[games["draw"] == 0]
    first_won = (decided["win_a"] == decided["a_first"]).sum()
    assert overall["pairs"] == units  # pair j of two cells is two units, not one
    assert overall["decided"] == len(decided) and overall["first_wins"] == first_won
    assert overall["rate"] == pytest.approx(first_won / len(decided))
    # wins of the first player within a pair are correlated: wider than the game-level interval
    low, high = wilson(int(first_won), len(decided))
    assert overall["ci_high"] - overall["ci_low"] > high - low
