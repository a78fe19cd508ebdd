"""analysis/first_player_advantage.py, the designer study script, on hand-built run directories."""

import importlib.util
import json
import math
import pathlib

import pandas as pd
import pytest
from scipy.stats import norm
from support.analysis import synthetic_cell

from emr_sim.simulate.runs.rundir import RUN_FORMAT

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "analysis" / "first_player_advantage.py"


@pytest.fixture(scope="module")
def study():
    spec = importlib.util.spec_from_file_location("first_player_advantage", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def crow_wind():
    # a_first 1 0 | 1 0 | 0 1 | 0 1, results A A | B A | A B | B B: the first player wins games 0 and 6
    return synthetic_cell("crow", "wind", "AABAABBB", first_seat=[0, 0, 1, 1])


def test_first_player_rate_with_pairs_as_units(study):
    out = study.first_player_by_pair(crow_wind(), ["hero_a", "hero_b"]).iloc[0]
    assert (out.pairs, out.decided, out.first_wins) == (4, 8, 2)
    assert out.rate == pytest.approx(0.25)
    se = math.sqrt(1 / 12 / 4)  # pair rates 0.5, 0, 0, 0.5
    assert out.se == pytest.approx(se)
    assert out.p_value == pytest.approx(2 * norm.sf(0.25 / se))


def test_first_player_rate_without_spread_between_pairs(study):
    out = study.first_player_by_pair(synthetic_cell("crow", "wind", "AAAA"), ["hero_a"]).iloc[0]
    assert (out.rate, out.se, out.p_value) == (0.5, 0.0, 1.0)


def test_per_hero_first_and_second(study):
    out = study.per_hero(crow_wind())
    # crow (side A) moves first in games 0, 2, 5, 7 and wins game 0 of them;
    # it moves second in games 1, 3, 4, 6 and wins 1, 3, 4
    assert out.loc["crow", "first"] == pytest.approx(1 / 4)
    assert out.loc["crow", "second"] == pytest.approx(3 / 4)
    assert out.loc["wind", "first"] == pytest.approx(1 / 4)
    assert out.loc["wind", "difference"] == pytest.approx(-0.5)


def write_cells(run_dir: pathlib.Path, frames) -> None:
    (run_dir / "cells").mkdir(parents=True)
    for games in frames:
        a, b = str(games.hero_a.iloc[0]), str(games.hero_b.iloc[0])
        games.to_parquet(run_dir / "cells" / f"{a}-{b}.parquet", index=False)


def test_script_prints_cells_heroes_and_overall(study, tmp_path, capsys):
    write_cells(tmp_path, [crow_wind(), synthetic_cell("crow", "poison", "ABABABAB")])
    played = {"seed": 1, "players": ["greedy", "greedy"], "fury": True, "rules": {}, "deck": "default"}
    record = {"format": RUN_FORMAT, "heroes": ["crow", "wind", "poison"], "games_per_cell": 8}
    (tmp_path / "run.json").write_text(json.dumps(record | played | {"deck_sha256": "0" * 64}))
    assert study.main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "16 games, 2 cells" in out
    assert "crow vs wind" in out and "crow vs poison" in out
    assert "overall: the first player wins 62.5% of 16 decided games" in out  # 2 of 8 and 8 of 8


def test_script_reads_cells_without_a_run_record(study, tmp_path, capsys):
    write_cells(tmp_path, [crow_wind()])
    assert study.main([str(tmp_path), "--method", "bh"]) == 0
    assert "p bh" in capsys.readouterr().out
    assert isinstance(study.load(tmp_path), pd.DataFrame)


def test_script_refuses_a_directory_without_games(study, tmp_path, capsys):
    assert study.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("first_player_advantage: error: ")
