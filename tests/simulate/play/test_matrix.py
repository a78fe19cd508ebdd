"""The hero matrix runner and its run directory: cells, resume, refusal, sequential rule."""

import json

import pandas as pd
import pytest

from emr_sim.errors import BadInput, WriteError
from emr_sim.games.emr import codes as C
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.cells import BATCH_PAIRS, cell_pairs, cell_seed, half_width
from emr_sim.simulate.runs.rundir import RUN_FILE, cell_path, finished_cells, load_games, read_run

HEROES = "crow,wind,poison"
GAMES = 20


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("runs") / "base"
    run = run_matrix(run_dir, RunSettings(seed=5, workers=2), MatrixPlay(heroes=HEROES, games=GAMES))
    return run_dir, run


def test_cell_seed_is_fixed_and_differs_by_cell_and_order():
    assert cell_seed(1, "crow", "wind") == cell_seed(1, "crow", "wind")
    seeds = {cell_seed(1, "crow", "wind"), cell_seed(1, "wind", "crow"), cell_seed(2, "crow", "wind")}
    assert len(seeds) == 3
    assert all(0 <= s < 2**62 for s in seeds)


def test_cell_pairs_are_the_28_distinct_pairs_in_hero_order():
    cells = cell_pairs(list(reversed(C.HERO_NAMES)))
    assert len(cells) == 28
    assert cells[0] == ("crow", "wind")
    assert all(C.HERO_NAMES.index(a) < C.HERO_NAMES.index(b) for a, b in cells)


def test_run_writes_record_and_one_parquet_per_cell(small_run):
    run_dir, run = small_run
    record = json.loads((run_dir / RUN_FILE).read_text())
    assert record["heroes"] == ["crow", "wind", "poison"]
    assert record["games_per_cell"] == GAMES
    assert record["seed"] == 5 and record["fury"] is True
    assert record["deck"] == "default" and len(record["deck_sha256"]) == 64
    assert run.played == [("crow", "wind"), ("crow", "poison"), ("wind", "poison")]
    assert finished_cells(run_dir) == run.played
    games = load_games(run_dir)
    assert len(games) == 3 * GAMES
    assert (games.groupby(["hero_a", "hero_b"], observed=True).size() == GAMES).all()
    assert (games["win_a"] + games["win_b"] + games["draw"] == 1).all()


def test_rerun_skips_finished_cells(small_run):
    run_dir, _ = small_run
    again = run_matrix(run_dir, RunSettings(seed=5, workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
    assert again.played == [] and len(again.skipped) == 3 and again.games_played == 0


def test_resume_replays_only_the_missing_cell_identically(small_run, tmp_path):
    run_dir, _ = small_run
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / RUN_FILE).write_text((run_dir / RUN_FILE).read_text())
    (copy / "cells").mkdir()
    for a, b in [("crow", "wind"), ("wind", "poison")]:
        cell_path(copy, a, b).write_bytes(cell_path(run_dir, a, b).read_bytes())
    resumed = run_matrix(copy, RunSettings(seed=5, workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
    assert resumed.played == [("crow", "poison")]
    pd.testing.assert_frame_equal(
        load_games(copy).sort_values(["hero_a", "hero_b", "pair", "a_seat"]).reset_index(drop=True),
        load_games(run_dir).sort_values(["hero_a", "hero_b", "pair", "a_seat"]).reset_index(drop=True),
    )


def test_a_different_run_record_is_refused(small_run):
    run_dir, _ = small_run
    with pytest.raises(BadInput, match="games_per_cell 20 on disk, 40 now"):
        run_matrix(run_dir, RunSettings(seed=5), MatrixPlay(heroes=HEROES, games=40))
    with pytest.raises(BadInput, match="seed 5 on disk, 6 now"):
        run_matrix(run_dir, RunSettings(seed=6), MatrixPlay(heroes=HEROES, games=GAMES))


def test_a_non_empty_directory_that_is_not_a_run_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(BadInput, match="not empty and not a run directory"):
        run_matrix(tmp_path, RunSettings(), MatrixPlay(heroes=HEROES, games=GAMES))
    assert not (tmp_path / RUN_FILE).exists()


def test_results_do_not_depend_on_workers(small_run, tmp_path):
    run_dir, _ = small_run
    run_matrix(tmp_path / "one", RunSettings(seed=5, workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
    pd.testing.assert_frame_equal(load_games(tmp_path / "one"), load_games(run_dir))


def test_a_failed_cell_write_leaves_no_file(tmp_path, monkeypatch):
    def broken(self, path, **kwargs):
        path.write_bytes(b"half")
        raise OSError("disk full")

    monkeypatch.setattr(pd.DataFrame, "to_parquet", broken)
    with pytest.raises(WriteError, match="crow-wind.parquet: cannot write: disk full"):
        run_matrix(tmp_path / "r", RunSettings(seed=5), MatrixPlay(heroes=HEROES, games=GAMES))
    assert list((tmp_path / "r" / "cells").iterdir()) == []
    assert read_run(tmp_path / "r")["cells"] == {}


def test_until_ci_adds_pairs_until_the_half_width_is_reached(tmp_path):
    width = 0.2
    run = run_matrix(
        tmp_path / "seq",
        RunSettings(seed=3),
        MatrixPlay(heroes="crow,earth", games=10, until_ci=width, max_games=100_000),
    )
    games = load_games(tmp_path / "seq")
    assert half_width(games) <= width
    assert run.record["until_ci"] == width and run.record["max_games"] == 100_000
    # the rule adds whole batches only while the interval is wider than asked
    assert len(games) == 10 or half_width(games.iloc[: len(games) - 2 * BATCH_PAIRS]) > width


def test_until_ci_stops_at_max_games(tmp_path):
    run_matrix(
        tmp_path / "cap",
        RunSettings(seed=3),
        MatrixPlay(heroes="crow,earth", games=10, until_ci=0.001, max_games=30),
    )
    assert len(load_games(tmp_path / "cap")) == 30


def test_read_run_names_a_missing_record(tmp_path):
    with pytest.raises(BadInput, match="not a run directory"):
        read_run(tmp_path)
    with pytest.raises(BadInput, match="no such run directory"):
        read_run(tmp_path / "nope")
