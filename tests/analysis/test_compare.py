"""emr_sim.analysis.compare: paired what-if analysis of two runs on the same deals."""

import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm
from support.analysis import flipped, real_run, synthetic_cell

from emr_sim.analysis import compare_cells, compare_heroes
from emr_sim.stats import Z95

CELL_COLUMNS = [
    "hero_a",
    "hero_b",
    "games",
    "pairs",
    "win_rate_before",
    "win_rate_after",
    "score_before",
    "score_after",
    "delta",
    "se",
    "ci_low",
    "ci_high",
    "changed",
    "p_value",
    "p_adjusted",
    "significant",
]


def test_compare_cells_paired_by_hand():
    before = synthetic_cell("crow", "wind", "ABABAABB")
    after = synthetic_cell("crow", "wind", "AAABAAAB")
    row = compare_cells(before, after).iloc[0]
    # per-pair mean differences 0.5, 0, 0, 0.5: mean 0.25, sample variance 1/12, 4 pairs
    se = math.sqrt(1 / 12 / 4)
    assert (row.games, row.pairs) == (8, 4)
    assert (row.win_rate_before, row.win_rate_after) == pytest.approx((0.5, 0.75))
    assert row.delta == pytest.approx(0.25)
    assert row.se == pytest.approx(se)
    assert (row.ci_low, row.ci_high) == pytest.approx((0.25 - Z95 * se, 0.25 + Z95 * se))
    assert row.p_value == pytest.approx(2 * norm.sf(0.25 / se))
    assert row.p_adjusted == pytest.approx(row.p_value)  # one cell: nothing to adjust
    assert row.changed == pytest.approx(0.25)
    assert not row.significant


def test_compare_cells_columns_and_holm_over_cells():
    before = pd.concat(
        [synthetic_cell("crow", "wind", "ABABAABB"), synthetic_cell("crow", "poison", "AB" * 4)]
    )
    after = pd.concat(
        [synthetic_cell("crow", "wind", "AAABAAAB"), synthetic_cell("crow", "poison", "AB" * 4)]
    )
    out = compare_cells(before, after)
    assert list(out.columns) == CELL_COLUMNS
    assert list(out.hero_b.astype(str)) == ["wind", "poison"]
    crow_wind = out.iloc[0]
    assert crow_wind.p_adjusted == pytest.approx(min(1.0, 2 * crow_wind.p_value))


def test_compare_cells_counts_a_draw_as_half():
    before = synthetic_cell("crow", "wind", "DDAA")
    after = synthetic_cell("crow", "wind", "AABB")
    row = compare_cells(before, after).iloc[0]
    assert (row.win_rate_before, row.win_rate_after) == pytest.approx((0.5, 0.5))
    assert (row.score_before, row.score_after) == pytest.approx((0.75, 0.5))
    assert row.delta == pytest.approx(-0.25)
    # pair mean differences 0.5 and -1: sample variance 1.125, 2 pairs
    assert row.se == pytest.approx(math.sqrt(1.125 / 2))


def test_identical_runs_have_zero_delta_and_p_one():
    games = synthetic_cell("crow", "wind", "ABAABBAB")
    row = compare_cells(games, games.copy()).iloc[0]
    assert (row.delta, row.se, row.p_value, row.changed) == (0, 0, 1, 0)
    assert not row.significant


def test_compare_cells_uses_only_games_in_both_runs():
    before = synthetic_cell("crow", "wind", "ABABAABB")
    after = synthetic_cell("crow", "wind", "AAABAAABAA")  # one pair more
    after = after.drop(index=[0])  # and one game less
    row = compare_cells(before, after).iloc[0]
    assert (row.games, row.pairs) == (7, 4)
    # matched games: before A B A B A A B B without game 0; after A A B A A A B
    assert row.win_rate_before == pytest.approx(3 / 7)
    assert row.win_rate_after == pytest.approx(5 / 7)
    assert row.delta == pytest.approx(2 / 7)
    # pair-clustered variance: d = (1, 0, 0, 1), m = (1, 2, 2, 2), delta = 2/7
    d, m = np.array([1, 0, 0, 1]), np.array([1, 2, 2, 2])
    se = math.sqrt(4 / 3 * ((d - 2 / 7 * m) ** 2).sum()) / 7
    assert row.se == pytest.approx(se)


def test_compare_cells_does_not_depend_on_orientation():
    before = synthetic_cell("crow", "wind", "ABABAABB")
    after = synthetic_cell("crow", "wind", "AAABAAAB")
    pd.testing.assert_frame_equal(
        compare_cells(flipped(before), flipped(after)), compare_cells(before, after)
    )


def test_the_two_orientations_of_a_cell_are_not_twins():
    """Cell (wind, crow) plays on its own seed (simulate.runs.cells.cell_seed: order matters), so its
    pair j is another deal than pair j of (crow, wind): never matched as the same game."""
    before = synthetic_cell("crow", "wind", "ABABAABB")
    after = synthetic_cell("crow", "wind", "AAABAAAB")
    with pytest.raises(ValueError, match="no game of these cells is in both runs"):
        compare_cells(flipped(before), after)


def test_a_run_of_every_assignment_compares_both_orientations_as_units():
    """A ladder step holds (crow, wind) and (wind, crow): compared with another such run, each
    orientation's pairs are units of their own (the merge found them twice before #23)."""
    both_before = pd.concat(
        [synthetic_cell("crow", "wind", "ABAB"), flipped(synthetic_cell("crow", "wind", "AABB"))]
    )
    both_after = pd.concat(
        [synthetic_cell("crow", "wind", "AAAB"), flipped(synthetic_cell("crow", "wind", "ABBB"))]
    )
    cells = compare_cells(both_before, both_after)
    assert len(cells) == 1 and int(cells["games"].iloc[0]) == 8 and int(cells["pairs"].iloc[0]) == 4


def test_compare_cells_names_the_cells_of_only_one_run():
    before = pd.concat([synthetic_cell("crow", "wind", "ABAB"), synthetic_cell("crow", "poison", "ABAB")])
    after = synthetic_cell("crow", "wind", "ABAB")
    with pytest.raises(ValueError, match=r"only before: \[\('crow', 'poison'\)\]; only after: none"):
        compare_cells(before, after)
    with pytest.raises(ValueError, match=r"only before: none; only after: \[\('crow', 'poison'\)\]"):
        compare_heroes(after, before)


def test_compare_cells_refuses_cells_without_matched_games_and_duplicates():
    before = synthetic_cell("crow", "wind", "ABAB")
    after = synthetic_cell("crow", "wind", "ABAB", first_pair=10)
    with pytest.raises(ValueError, match="no game of these cells is in both runs"):
        compare_cells(before, after)
    with pytest.raises(ValueError, match="appears twice"):
        compare_cells(pd.concat([before, before]), before)


def test_compare_cells_unknown_method():
    games = synthetic_cell("crow", "wind", "ABAB")
    with pytest.raises(ValueError, match="known: holm, bh"):
        compare_cells(games, games, method="sidak")


def three_heroes():
    before = pd.concat(
        [
            synthetic_cell("crow", "wind", "ABABAABB"),
            synthetic_cell("crow", "poison", "AAAAABAB"),
            synthetic_cell("wind", "poison", "BBBBABAB"),
        ]
    )
    after = pd.concat(
        [
            synthetic_cell("crow", "wind", "AAABAAAB"),
            synthetic_cell("crow", "poison", "AAABABAB"),
            synthetic_cell("wind", "poison", "BBBAABBB"),
        ]
    )
    return before, after


def test_compare_heroes_by_hand():
    before, after = three_heroes()
    out = compare_heroes(before, after)
    assert list(out.index) == ["crow", "wind", "poison"]
    assert list(out.columns) == [
        "opponents",
        "win_rate_before",
        "win_rate_after",
        "score_before",
        "score_after",
        "delta",
        "se",
        "ci_low",
        "ci_high",
        "p_value",
        "p_adjusted",
        "significant",
    ]
    # wind: 4/8 and 2/8 before, 2/8 and 2/8 after (as side B of crow-wind, side A of wind-poison)
    assert out.loc["wind", "win_rate_before"] == pytest.approx((4 / 8 + 2 / 8) / 2)
    assert out.loc["wind", "win_rate_after"] == pytest.approx((2 / 8 + 2 / 8) / 2)
    cells = compare_cells(before, after).set_index(["hero_a", "hero_b"])
    cw, cp, wp = (cells.loc[c] for c in [("crow", "wind"), ("crow", "poison"), ("wind", "poison")])
    assert out.loc["crow", "delta"] == pytest.approx((cw.delta + cp.delta) / 2)
    assert out.loc["wind", "delta"] == pytest.approx((-cw.delta + wp.delta) / 2)
    assert out.loc["poison", "delta"] == pytest.approx((-cp.delta - wp.delta) / 2)
    assert out.loc["wind", "se"] == pytest.approx(math.sqrt(cw.se**2 + wp.se**2) / 2)
    assert out.delta.sum() == pytest.approx(0)
    p = out.loc["poison"]
    assert p.p_value == pytest.approx(2 * norm.sf(abs(p.delta) / p.se))
    assert (out.p_adjusted >= out.p_value).all()


def test_real_runs_same_run_is_unchanged():
    games = real_run()
    out = compare_cells(games, games)
    assert (out.delta == 0).all() and (out.p_value == 1).all() and not out.significant.any()


def test_real_runs_pairing_beats_independent_comparison():
    before = real_run()
    after = real_run(rules=(("fury", "on"), ("health", "9")))
    out = compare_cells(before, after)
    assert (out.games == 400).all() and (out.pairs == 200).all()
    assert out.changed.between(0.01, 0.5).all()
    np.testing.assert_allclose(out.delta, out.win_rate_after - out.win_rate_before)
    # two independent win rates would have se^2 = p1 q1 / n + p2 q2 / n
    independent = np.sqrt(
        (out.win_rate_before * (1 - out.win_rate_before) + out.win_rate_after * (1 - out.win_rate_after))
        / out.games
    )
    assert (out.se < independent).all()
    heroes = compare_heroes(before, after)
    assert (heroes.opponents == 2).all() and heroes.delta.sum() == pytest.approx(0, abs=1e-12)
