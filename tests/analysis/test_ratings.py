"""emr_sim.analysis.ratings: field means and Bradley–Terry ratings."""

import itertools
import math

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
from support.analysis import real_run, synthetic_cell

from emr_sim.analysis import bradley_terry, cell_table, field_means
from emr_sim.stats import Z95

ELO = 400 / math.log(10)


def small_field():
    return cell_table(
        pd.concat(
            [
                synthetic_cell("crow", "wind", "AAAB"),  # crow 3/4
                synthetic_cell("crow", "poison", "ABAB"),  # crow 2/4
                synthetic_cell("wind", "poison", "AAAAAB"),  # wind 5/6
            ]
        )
    )


def count_cells(wins: dict[tuple[str, str], tuple[float, float]]) -> pd.DataFrame:
    """A cells frame straight from (wins_a, wins_b) counts (what bradley_terry reads)."""
    rows = [
        {"hero_a": a, "hero_b": b, "wins_a": wa, "wins_b": wb, "draws": 0, "games": wa + wb}
        for (a, b), (wa, wb) in wins.items()
    ]
    return pd.DataFrame(rows)


def test_field_means_by_hand():
    out = field_means(small_field())
    assert list(out.columns) == ["opponents", "games", "win_rate", "ci_low", "ci_high", "rank"]
    assert list(out.index) == ["crow", "wind", "poison"]
    assert list(out["rank"]) == [1, 2, 3]
    assert list(out.opponents) == [2, 2, 2]
    assert list(out.games) == [8, 10, 10]
    cases = {"crow": [(0.75, 4), (0.5, 4)], "wind": [(0.25, 4), (5 / 6, 6)], "poison": [(0.5, 4), (1 / 6, 6)]}
    for hero, cells in cases.items():
        mean = sum(p for p, _ in cells) / 2
        se = math.sqrt(sum(p * (1 - p) / n for p, n in cells)) / 2
        assert out.loc[hero, "win_rate"] == pytest.approx(mean)
        assert out.loc[hero, "ci_low"] == pytest.approx(max(0.0, mean - Z95 * se))
        assert out.loc[hero, "ci_high"] == pytest.approx(min(1.0, mean + Z95 * se))


def test_field_means_ignores_mirror_cells():
    games = pd.concat([synthetic_cell("crow", "wind", "AAAB"), synthetic_cell("crow", "crow", "AAAA")])
    out = field_means(cell_table(games))
    assert out.loc["crow", "opponents"] == 1
    assert out.loc["crow", "win_rate"] == pytest.approx(0.75)


def test_bradley_terry_two_heroes_closed_form():
    out = bradley_terry(count_cells({("crow", "wind"): (30, 10)}))
    diff = math.log(3)
    assert out.loc["crow", "strength"] == pytest.approx(diff / 2)
    assert out.loc["wind", "strength"] == pytest.approx(-diff / 2)
    # var(s_crow - s_wind) = 1 / (n p (1 - p)); s_crow is half the difference
    se = math.sqrt(1 / (40 * 0.75 * 0.25)) / 2
    assert out.loc["crow", "se"] == pytest.approx(se)
    assert out.loc["crow", "rating"] == pytest.approx(ELO * diff / 2)
    assert out.loc["crow", "rating_low"] == pytest.approx(ELO * (diff / 2 - Z95 * se))
    assert out.loc["crow", "expected"] == pytest.approx(1 / (1 + math.exp(-diff / 2)))
    assert out.loc["crow", "expected_field"] == pytest.approx(0.75)
    assert list(out["rank"]) == [1, 2] and list(out.index) == ["crow", "wind"]
    assert list(out.games) == [40, 40]


def test_bradley_terry_recovers_known_strengths_from_expected_counts():
    truth = {"crow": 0.5, "wind": 0.2, "poison": -0.1, "master": -0.6}
    wins = {}
    for a, b in itertools.combinations(truth, 2):
        p = 1 / (1 + math.exp(-(truth[a] - truth[b])))
        wins[(a, b)] = (1000 * p, 1000 * (1 - p))
    out = bradley_terry(count_cells(wins))
    for hero, s in truth.items():
        assert out.loc[hero, "strength"] == pytest.approx(s, abs=1e-9)
    assert list(out.index) == ["crow", "wind", "poison", "master"]
    assert out.strength.sum() == pytest.approx(0, abs=1e-12)


def test_bradley_terry_recovers_strengths_from_sampled_counts():
    rng = np.random.default_rng(3)
    truth = dict(
        zip(["crow", "wind", "poison", "bushido", "kungfu"], [0.3, 0.1, 0.0, -0.1, -0.3], strict=True)
    )
    wins = {}
    for a, b in itertools.combinations(truth, 2):
        w = rng.binomial(4000, 1 / (1 + math.exp(-(truth[a] - truth[b]))))
        wins[(a, b)] = (w, 4000 - w)
    out = bradley_terry(count_cells(wins))
    for hero, s in truth.items():
        assert abs(out.loc[hero, "strength"] - s) < 3 * out.loc[hero, "se"]


def test_bradley_terry_matches_statsmodels_glm():
    rng = np.random.default_rng(11)
    heroes = ["crow", "wind", "poison", "earth", "master"]
    wins = {(a, b): tuple(rng.integers(20, 80, size=2)) for a, b in itertools.combinations(heroes, 2)}
    out = bradley_terry(count_cells(wins))
    cov = out.attrs["covariance"]
    # reference coding: s_crow = 0, one column per other hero, +1 for side A, -1 for side B
    x = np.zeros((len(wins), len(heroes) - 1))
    for r, (a, b) in enumerate(wins):
        if a != "crow":
            x[r, heroes.index(a) - 1] = 1
        if b != "crow":
            x[r, heroes.index(b) - 1] = -1
    y = np.array(list(wins.values()), dtype=float)
    fit = sm.GLM(y, x, family=sm.families.Binomial()).fit()
    for n, hero in enumerate(heroes[1:]):
        diff = out.loc[hero, "strength"] - out.loc["crow", "strength"]
        var = cov.loc[hero, hero] + cov.loc["crow", "crow"] - 2 * cov.loc[hero, "crow"]
        assert diff == pytest.approx(fit.params[n], abs=1e-8)
        assert math.sqrt(var) == pytest.approx(fit.bse[n], rel=1e-6)


def test_bradley_terry_does_not_depend_on_cell_orientation():
    wins = {("crow", "wind"): (60, 40), ("crow", "poison"): (45, 55), ("wind", "poison"): (30, 70)}
    flipped = {("poison", "crow"): (55, 45), ("crow", "wind"): (60, 40), ("poison", "wind"): (70, 30)}
    a, b = bradley_terry(count_cells(wins)), bradley_terry(count_cells(flipped))
    pd.testing.assert_frame_equal(a, b)


def test_bradley_terry_leaves_out_draws_and_mirrors():
    games = pd.concat(
        [synthetic_cell("crow", "wind", "AABADD"), synthetic_cell("crow", "crow", "AAAAAA")],
        ignore_index=True,
    )
    out = bradley_terry(cell_table(games))
    assert out.loc["crow", "strength"] == pytest.approx(math.log(3) / 2)
    assert out.loc["crow", "games"] == 4


def test_bradley_terry_refuses_a_hero_that_won_everything():
    wins = {("crow", "wind"): (10, 0), ("crow", "poison"): (5, 0), ("wind", "poison"): (3, 4)}
    with pytest.raises(ValueError, match="no finite maximum.*'crow'"):
        bradley_terry(count_cells(wins))


def test_bradley_terry_refuses_disconnected_heroes():
    wins = {("crow", "wind"): (10, 5), ("poison", "earth"): (5, 6)}
    with pytest.raises(ValueError, match="not all connected"):
        bradley_terry(count_cells(wins))


def test_real_run_ratings_agree_with_field_means():
    cells = cell_table(real_run())
    bt, fm = bradley_terry(cells), field_means(cells)
    assert list(bt.index) == list(fm.index)
    np.testing.assert_allclose(bt.loc[fm.index, "expected_field"], fm.win_rate, atol=0.02)
    assert ((bt.rating_low < bt.rating) & (bt.rating < bt.rating_high)).all()
    assert bt.strength.sum() == pytest.approx(0, abs=1e-12)
