"""Sizes: absurd game counts refused up front, memory flat in -n, compact records.

Defects 5 and 8 of issue 12: a task list or a records array as long as -n, a matrix that
left run.json behind before failing to allocate, and about 1.4 KB a game in a matrix cell.
"""

from __future__ import annotations

import json
import threading
import tracemalloc

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from support.cli import fails
from tqdm import tqdm

from emr_sim.analysis import adjust, cell_table
from emr_sim.analysis.whatif import compare_runs
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.loops.pairs import RECORD_COLS
from emr_sim.report.tables import format_matrix
from emr_sim.simulate.play import runner
from emr_sim.simulate.play.matrix import CellSpec, MatrixPlay, play_cell, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup
from emr_sim.simulate.runs.records import BYTES_PER_GAME, COLUMN_TYPES, GameColumns
from emr_sim.simulate.runs.rundir import cell_path, load_games, load_run, read_run
from emr_sim.simulate.runs.sizes import CARD_HELD_BYTES_PER_GAME, HELD_BYTES_PER_GAME, MAX_GAMES, check_memory

HUGE = 10**12  # the issue's -n
ROW_BUDGET = 200  # bytes a game may take while a cell is played


class Stop(Exception):
    """Ends a run of fake kernels after some chunks."""


class CountingProgress:
    """A progress bar that stops the run after `limit` chunks."""

    def __init__(self, limit: int):
        self.limit, self.chunks = limit, 0

    def update(self, games: int) -> None:
        self.chunks += 1
        if self.chunks == self.limit:
            raise Stop


@pytest.fixture
def fake_kernels(monkeypatch):
    """run_pairs on a kernel that plays nothing; counts the chunks made and those in flight."""
    state = {"made": 0, "in_flight": 0, "most": 0, "rows": []}
    lock = threading.Lock()
    real_chunks = runner.chunks

    def counted_chunks(n_pairs, size=None):
        for chunk in real_chunks(n_pairs, size):
            state["made"] += 1
            yield chunk

    def play_pairs(table, opts, seed, first_pair, n_pairs, sides, agg, rows, weights=None):
        with lock:
            state["in_flight"] += 1
            state["most"] = max(state["most"], state["in_flight"])
            state["rows"].append(rows.shape[0])
        with lock:
            state["in_flight"] -= 1

    monkeypatch.setattr(runner, "chunks", counted_chunks)
    monkeypatch.setattr(runner.pairs, "play_pairs", play_pairs)
    return state


@pytest.fixture(scope="module")
def setup():
    return run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules={}, seed=3, workers=2), "a test"
    )


@pytest.mark.parametrize("keep", [False, True])
def test_run_pairs_makes_only_the_chunks_in_flight_of_a_huge_run(fake_kernels, setup, keep):
    kept: list[tuple[int, int]] = []
    with pytest.raises(Stop):
        runner.run_pairs(
            setup,
            setup.sides(0, 1),
            HUGE // 2,
            CountingProgress(limit=50),
            keep=(lambda first, rows: kept.append((first, len(rows)))) if keep else None,
        )
    ahead = runner.AHEAD * setup.workers
    assert fake_kernels["made"] <= 50 + ahead  # the chunks started, never the run's 10**9
    # the kernel sees one chunk's rows at a time (none without records), never the run's
    chunk_rows = 2 * runner.CHUNK_PAIRS if keep else 0
    assert set(fake_kernels["rows"][1:]) == {chunk_rows}  # [0]: load_kernels plays no pair
    if keep:
        assert len(kept) == 50 and all(rows == chunk_rows and first % 2 == 0 for first, rows in kept)


def test_absurd_matchup_sizes_are_refused_before_playing(tmp_path):
    fails("matchup", "crow", "illusion", "-n", MAX_GAMES + 1, needles=("-n 1,000,000,000,001", "more than"))
    out = tmp_path / "r.parquet"
    line = fails("matchup", "crow", "illusion", "-n", HUGE, "--records", out, needles=("memory",))
    assert "this machine's" in line and not out.exists()


def test_an_empty_records_path_is_refused():
    fails("matchup", "crow", "illusion", "-n", 10, "--records", "", needles=("--records needs a file name",))


def test_an_absurd_matrix_is_refused_before_its_run_directory_is_made(tmp_path):
    run_dir = tmp_path / "M"
    fails("matrix", "-o", run_dir, "--heroes", "crow,wind", "-n", HUGE, needles=("memory", "a cell of"))
    assert not run_dir.exists()
    # and the corrected command then starts afresh
    run_matrix(run_dir, RunSettings(seed=3, workers=1), MatrixPlay(heroes="crow,wind", games=20))
    assert cell_path(run_dir, "crow", "wind").is_file()


def test_the_memory_estimate_covers_the_cap_of_the_sequential_rule(tmp_path):
    run_dir = tmp_path / "M"
    with pytest.raises(ValueError, match="a cell of 1,000,000,000,000 games"):
        run_matrix(
            run_dir, RunSettings(), MatrixPlay(heroes="crow,wind", games=20, until_ci=0.01, max_games=HUGE)
        )
    with pytest.raises(ValueError, match="28 cells of --games"):
        run_matrix(run_dir, RunSettings(), MatrixPlay(heroes=None, games=10**10))
    assert not run_dir.exists()


def test_check_memory_compares_the_estimate_with_the_machine():
    check_memory(1000, "x", memory=1000 * HELD_BYTES_PER_GAME)
    with pytest.raises(ValueError, match=r"about 350.4 kB of memory \(1,001 games"):
        check_memory(1001, "x", memory=1000 * HELD_BYTES_PER_GAME)


def test_check_memory_counts_the_card_events_with_cards():
    each = HELD_BYTES_PER_GAME + CARD_HELD_BYTES_PER_GAME
    check_memory(1000, "x", memory=1000 * each, cards=True)
    with pytest.raises(ValueError, match=f"1,001 games at {each} bytes each"):
        check_memory(1001, "x", memory=1000 * each, cards=True)
    check_memory(1001, "x", memory=1000 * each)  # without them a game takes less


# ---------------------------------------------------------------- compact records


def test_a_cell_is_played_in_under_200_bytes_a_game(setup, monkeypatch):
    """tracemalloc counts numpy's and pandas' allocations: the peak while a cell is played,
    the sequential rule's batches included, over the games it keeps."""
    monkeypatch.setattr(runner, "CHUNK_PAIRS", 50)  # chunks in flight: 400 KB of rows
    spec = CellSpec(setup, games=4000, until_ci=0.001, max_games=20_000)
    play_cell(CellSpec(setup, games=4), "crow", "wind", tqdm(disable=True))  # lazy imports, caches
    tracemalloc.start()
    try:
        games = play_cell(spec, "crow", "wind", tqdm(disable=True))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(games) == 20_000
    assert peak / len(games) < ROW_BUDGET, f"{peak / len(games):.0f} bytes a game"
    held = games.memory_usage(index=False, deep=True).sum() / len(games)  # deep: the 8 names too
    assert BYTES_PER_GAME <= held < BYTES_PER_GAME + 1 and BYTES_PER_GAME < 100
    assert (games["pair"].to_numpy() == np.arange(20_000) // 2).all()


def test_the_stored_cell_keeps_the_small_types(tmp_path):
    run_matrix(tmp_path / "run", RunSettings(seed=3, workers=1), MatrixPlay(heroes="crow,wind", games=20))
    schema = pq.read_schema(cell_path(tmp_path / "run", "crow", "wind"))
    for name, kind in COLUMN_TYPES.items():
        assert schema.field(name).type.to_pandas_dtype() == kind, name


def test_a_column_widens_when_its_values_need_it():
    rows = np.zeros((4, RECORD_COLS), dtype=np.int64)
    rows[:, C.GR_SIZE] = [0, 1, 0, 1]
    rows[0, C.GR_TURNS] = 40_000  # over int16
    rows[1, C.GR_HITS + 1] = 300  # side A (seat 1) over int8
    columns = GameColumns(6, "crow", "wind", first_pair=2**31)  # pairs over int32
    columns.put(2, rows)
    frame = columns.frame()
    assert frame["turns"].dtype == np.int32 and frame["turns"].iloc[2] == 40_000
    assert frame["hits_a"].dtype == np.int16 and frame["hits_a"].iloc[3] == 300
    assert frame["pair"].dtype == np.int64 and frame["pair"].iloc[5] == 2**31 + 2
    joined = GameColumns.joined([GameColumns(2, "crow", "wind"), columns])
    assert joined.frame()["turns"].dtype == np.int32 and joined.n_games == 8


def test_cells_written_as_int64_load_and_analyse_the_same(tmp_path):
    """Cell files of the earlier schema (every count int64) against today's."""
    new = tmp_path / "new"
    run_matrix(new, RunSettings(seed=3, workers=1), MatrixPlay(heroes="crow,wind,earth", games=40))
    old = tmp_path / "old"
    run_matrix(old, RunSettings(seed=3, workers=1), MatrixPlay(heroes="crow,wind,earth", games=40))
    for path in (old / "cells").iterdir():
        frame = pd.read_parquet(path)
        frame.astype({name: np.int64 for name in COLUMN_TYPES}).to_parquet(path, index=False)
    record = json.loads((old / "run.json").read_text())
    del record["cells"]  # those files were written before the manifest too
    (old / "run.json").write_text(json.dumps(record))
    old_games, new_games = load_games(old), load_games(new)
    assert (old_games.dtypes[list(COLUMN_TYPES)] == np.int64).all()
    pd.testing.assert_frame_equal(old_games, new_games, check_dtype=False)
    pd.testing.assert_frame_equal(adjust(cell_table(old_games)), adjust(cell_table(new_games)))
    record = read_run(new)
    assert format_matrix(old_games, record, "holm") == format_matrix(new_games, record, "holm")
    unchanged = compare_runs(load_run(old), load_run(new), "holm").cells
    assert len(unchanged) == 3 and (unchanged["delta"] == 0).all()
