"""The skill ladder (emr-sim ladder): steps as every-assignment matrix runs, their statistics,
resume and refusals. Tiny sizes; the real ladder is a benchmark (docs/benchmarks.md)."""

from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from support.cli import fails, run

from emr_sim.analysis.ladder import elo, step_table
from emr_sim.simulate.play.ladder import LadderPlay, run_ladder, step_dir
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.cells import cell_pairs
from emr_sim.simulate.runs.rundir import read_run

HEROES = "crow,wind"


@pytest.fixture(scope="module")
def ladder(tmp_path_factory):
    root = tmp_path_factory.mktemp("ladder") / "L"
    return run_ladder(
        root, RunSettings(seed=7, workers=2), LadderPlay(rungs="random,greedy", heroes=HEROES, games=200)
    )


def test_every_assignment_cells_include_mirrors_and_both_orders():
    assert cell_pairs(["wind", "crow"], every=True) == [
        ("crow", "crow"),
        ("crow", "wind"),
        ("wind", "crow"),
        ("wind", "wind"),
    ]
    assert cell_pairs(["wind", "crow"]) == [("crow", "wind")]


def test_a_step_is_a_matrix_run_of_every_assignment(ladder):
    step = ladder.steps[0]
    record = read_run(step_dir(ladder.run_dir, 1))
    assert record["assignments"] == "every" and record["players"] == ["greedy", "random"]
    assert record["games_per_cell"] == 50  # 200 games over 4 assignments
    counts = step.games.groupby(["hero_a", "hero_b"], observed=True).size()
    assert len(counts) == 4 and (counts == 50).all()
    assert ladder.record["rungs"] == ["random", "greedy"] and ladder.record["games_per_step"] == 200


def test_greedy_scores_far_above_random(ladder):
    table = step_table(ladder.steps[0].games)
    overall = table.loc["all"]
    assert list(table.index) == ["crow", "wind", "all"]
    assert overall["games"] == 200 and overall["pairs"] == 100
    assert overall["ci_low"] > 0.5 and overall["above"]
    assert overall["elo"] > 100
    assert table.loc["crow", "games"] + table.loc["wind", "games"] == 200


def test_step_statistics_take_the_pair_as_unit():
    """Two pairs: one won twice by A, one split. Score 3/4; per-pair scores 1 and 1/2."""
    games = pd.DataFrame(
        {
            "hero_a": ["crow"] * 4,
            "hero_b": ["wind"] * 4,
            "pair": [0, 0, 1, 1],
            "a_seat": [0, 1, 0, 1],
            "win_a": [1, 1, 1, 0],
            "draw": [0, 0, 0, 0],
        }
    )
    row = step_table(games).loc["all"]
    assert row["score"] == pytest.approx(0.75)
    # ratio estimator over 2 pairs: residuals (2 - 1.5, 1 - 1.5) in half-points of 2 games
    se = math.sqrt((0.25 + 0.25) * 2 / 1) / 4
    assert row["se"] == pytest.approx(se)
    assert row["elo"] == pytest.approx(400 * math.log10(3))
    assert row["ci_low"] <= 0.75 - 1.959963984540054 * se


def test_elo_of_even_and_end_scores():
    assert elo(0.5) == 0.0
    assert elo(0.76) == pytest.approx(-elo(0.24))
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf


def test_a_step_won_in_every_pair_has_an_honest_interval():
    """Every pair won twice: the clustered se is 0, the interval still has a width."""
    n = 50
    games = pd.DataFrame(
        {
            "hero_a": ["crow"] * 2 * n,
            "hero_b": ["wind"] * 2 * n,
            "pair": np.repeat(np.arange(n), 2),
            "a_seat": np.tile([0, 1], n),
            "win_a": 1,
            "draw": 0,
        }
    )
    row = step_table(games).loc["all"]
    assert row["score"] == 1.0 and row["se"] == 0.0
    assert 0.9 < row["ci_low"] < 0.95 and row["ci_high"] == 1.0
    assert np.isfinite(row["elo_low"]) and row["elo"] == math.inf


def test_the_same_command_resumes_without_playing(ladder):
    again = run_ladder(
        ladder.run_dir,
        RunSettings(seed=7, workers=1),
        LadderPlay(rungs="random,greedy", heroes=HEROES, games=200),
    )
    pd.testing.assert_frame_equal(again.steps[0].games, ladder.steps[0].games)


def test_a_directory_of_another_ladder_is_refused(ladder):
    line = fails("ladder", "-o", ladder.run_dir, "--rungs", "random,greedy", "--heroes", HEROES, "-n", 400)
    assert "different ladder" in line and "games_per_cell" in line


def test_bad_rungs_are_refused_before_anything_is_written(tmp_path):
    out = tmp_path / "L"
    fails("ladder", "-o", out, "--rungs", "greedy", "--heroes", HEROES, needles=("at least two",))
    fails("ladder", "-o", out, "--rungs", "random,nobody", "--heroes", HEROES, needles=("nobody",))
    fails("ladder", "-o", out, "--rungs", "random,greedy", "--heroes", "crow,nobody", needles=("nobody",))
    assert not out.exists()


def test_cli_prints_each_step_and_json(tmp_path):
    out = tmp_path / "L"
    result = run("ladder", "-o", out, "--rungs", "random,greedy,greedy-notech", "--heroes", HEROES, "-n", 16)
    assert result.exit_code == 0, result.output
    assert "estimated" in result.stderr
    assert "step 1: greedy against random" in result.stdout
    assert "step 2: greedy-notech against greedy" in result.stdout
    as_json = run(
        "ladder", "-o", out, "--rungs", "random,greedy,greedy-notech", "--heroes", HEROES, "-n", 16, "--json"
    )
    data = json.loads(as_json.stdout)
    assert [s["upper"] for s in data["steps"]] == ["greedy", "greedy-notech"]
    assert [r["hero"] for r in data["steps"][0]["rows"]] == ["crow", "wind", "all"]
