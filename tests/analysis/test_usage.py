"""emr_sim.analysis.usage: per-hero statistics, game lengths, matchup drivers, lopsided cells."""

import numpy as np
import pandas as pd
import pytest
from support.analysis import flipped, real_run, synthetic_cell

from emr_sim.analysis import cell_table, drivers, length_distribution, lopsided, usage_by_hero
from emr_sim.analysis.usage import STATS
from emr_sim.games.emr import codes as C


def two_cells():
    crow_wind = synthetic_cell(
        "crow",
        "wind",
        "ABAB",
        turns=[5, 7, 7, 9],
        stats={"hits": ([1, 2, 3, 4], [0, 0, 0, 4]), "damage_trap": ([2, 2, 0, 0], [1, 1, 1, 1])},
    )
    crow_crow = synthetic_cell("crow", "crow", "AB", turns=[7, 8], stats={"hits": ([10, 10], [0, 20])})
    return pd.concat([crow_wind, crow_crow], ignore_index=True)


def test_stats_are_every_side_stat_but_health():
    assert STATS[:4] == ["hits", "blocks", "counters", "extras"]
    assert "health" not in STATS
    assert {f"damage_{s}" for s in C.SOURCE_NAMES} <= set(STATS)
    assert {f"effect_{e}" for e in C.EFFECT_NAMES[1:]} <= set(STATS)
    assert {f"tech_{t}" for t in C.TECH_NAMES} <= set(STATS)
    assert len(STATS) == 4 + len(C.SOURCE_NAMES) + len(C.EFFECT_NAMES) - 1 + len(C.TECH_NAMES)


def test_usage_by_hero_by_hand():
    out = usage_by_hero(two_cells())
    assert list(out.index) == ["crow", "wind"]
    assert list(out.columns) == ["games", *STATS]
    # crow: 4 games against wind + both sides of the 2 mirror games (a mirror game counts twice)
    assert out.loc["crow", "games"] == 8 and out.loc["wind", "games"] == 4
    assert out.loc["crow", "hits"] == pytest.approx((1 + 2 + 3 + 4 + 10 + 10 + 0 + 20) / 8)
    assert out.loc["wind", "hits"] == pytest.approx(1.0)
    assert out.loc["crow", "damage_trap"] == pytest.approx(4 / 8)
    assert out.loc["wind", "damage_trap"] == pytest.approx(1.0)
    assert out.loc["wind", "blocks"] == 0


def test_usage_by_hero_does_not_depend_on_orientation():
    games = two_cells()
    pd.testing.assert_frame_equal(usage_by_hero(flipped(games)), usage_by_hero(games))


def test_length_distribution_by_hand():
    out = length_distribution(two_cells())
    assert list(out.index) == [5, 6, 7, 8, 9]
    assert out.index.name == "turns"
    assert list(out.columns) == ["crow", "wind"]
    assert list(out["crow"]) == [1, 0, 3, 1, 1]  # the mirror games once each
    assert list(out["wind"]) == [1, 0, 2, 0, 1]


def test_drivers_by_hand_sorted_by_absolute_difference():
    out = drivers(two_cells(), "crow", "wind")
    assert list(out.columns) == ["crow", "wind", "difference", "std_difference"]
    assert out.index.name == "stat" and set(out.index) == set(STATS)
    assert out.index[0] == "hits"  # then the zero differences in STATS order
    assert out.loc["hits"].tolist()[:3] == pytest.approx([2.5, 1.0, 1.5])
    assert out.loc["damage_trap", "difference"] == pytest.approx(0.0)
    assert out.loc["hits", "std_difference"] == pytest.approx(
        1.5 / np.sqrt((np.var([1, 2, 3, 4], ddof=1) + np.var([0, 0, 0, 4], ddof=1)) / 2)
    )
    assert (out.difference.abs().diff().dropna() <= 0).all()
    assert out.loc["blocks", "std_difference"] == 0


def test_drivers_in_the_other_orientation_and_errors():
    games = two_cells()
    out = drivers(games, "wind", "crow")
    assert out.loc["hits", "wind"] == pytest.approx(1.0)
    assert out.loc["hits", "difference"] == pytest.approx(-1.5)
    pd.testing.assert_frame_equal(drivers(flipped(games), "crow", "wind"), drivers(games, "crow", "wind"))
    mirror = drivers(games, "crow", "crow")
    assert list(mirror.columns[:2]) == ["crow (a)", "crow (b)"]
    with pytest.raises(ValueError, match="no games of crow against master"):
        drivers(games, "crow", "master")


def test_lopsided_puts_the_favoured_hero_first():
    games = pd.concat(
        [
            synthetic_cell("crow", "wind", "ABABAB"),  # 1/2
            synthetic_cell("crow", "poison", "BBBBBA"),  # poison 5/6
            synthetic_cell("wind", "poison", "AAAABB"),  # wind 4/6
            synthetic_cell("earth", "earth", "AAAAAA"),  # mirror: left out
        ]
    )
    out = lopsided(cell_table(games), k=2)
    assert list(zip(out.hero, out.opponent, strict=True)) == [("poison", "crow"), ("wind", "poison")]
    assert list(out.win_rate) == pytest.approx([5 / 6, 4 / 6])
    assert list(out.distance) == pytest.approx([1 / 3, 1 / 6])
    assert len(lopsided(cell_table(games), k=10)) == 3


def test_real_run_each_hero_uses_only_its_own_technique():
    out = usage_by_hero(real_run())
    for hero in out.index:
        assert out.loc[hero, f"tech_{hero}"] >= 0
        others = [f"tech_{h}" for h in C.HERO_NAMES if h != hero]
        assert (out.loc[hero, others] == 0).all(), hero
    assert (out.games == 800).all()


def test_real_run_length_distribution_counts_each_heros_games():
    games = real_run()
    out = length_distribution(games)
    assert (out.sum() == 800).all()
    assert out.index.min() == games.turns.min() and out.index.max() == games.turns.max()
