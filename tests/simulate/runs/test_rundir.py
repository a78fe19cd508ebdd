"""Run directories that cannot lie: the manifest in run.json, damaged, foreign and short cells,
run records without (valid) heroes, directories of the format before the manifest, the lock,
stray temporary files."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

from emr_sim.errors import BadInput
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunHooks, RunSettings
from emr_sim.simulate.runs.rundir import RUN_FILE, cell_path, finished_cells, load_games, read_run

HEROES = "crow,wind,poison"
CELLS = [("crow", "wind"), ("crow", "poison"), ("wind", "poison")]
GAMES = 20
SEED = 5
REPAIR = f"emr-sim matrix -o {{run}} --heroes {HEROES} -n {GAMES} --seed {SEED}"


def play(run_dir, on_note=None):
    return run_matrix(
        run_dir, RunSettings(seed=SEED, workers=1), MatrixPlay(HEROES, GAMES), RunHooks(on_note=on_note)
    )


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("rundir") / "base"
    play(run_dir)
    return run_dir


@pytest.fixture
def copy(base, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(base, out)
    return out


def sha256(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record_of(run_dir) -> dict:
    return json.loads((run_dir / RUN_FILE).read_text(encoding="utf-8"))


def write_record(run_dir, record: dict) -> None:
    (run_dir / RUN_FILE).write_text(json.dumps(record), encoding="utf-8")


def sorted_games(run_dir) -> pd.DataFrame:
    games = load_games(run_dir)
    return games.sort_values(["hero_a", "hero_b", "pair", "a_seat"]).reset_index(drop=True)


# ---------------------------------------------------------------- the manifest


def test_run_json_lists_each_cell_with_its_rows_and_sha256(base):
    cells = record_of(base)["cells"]
    assert list(cells) == [f"{a}-{b}" for a, b in CELLS]
    for a, b in CELLS:
        assert cells[f"{a}-{b}"] == {"rows": GAMES, "sha256": sha256(cell_path(base, a, b))}


def drop_column(path):
    pd.read_parquet(path).drop(columns=["turns"]).to_parquet(path, index=False)


def cut_short(path):
    pd.read_parquet(path).iloc[: GAMES // 2].to_parquet(path, index=False)


def duplicate_games(path):
    games = pd.read_parquet(path)
    half = games.iloc[: GAMES // 2]
    pd.concat([half, half], ignore_index=True).to_parquet(path, index=False)


DAMAGE = {
    "missing": (lambda run, path: path.unlink(), "missing"),
    "unreadable": (lambda run, path: path.write_bytes(b"PAR1 not parquet"), "not a readable cell file"),
    "no-column": (lambda run, path: drop_column(path), "sha256"),
    "foreign": (
        lambda run, path: shutil.copy(cell_path(run, "crow", "wind"), path),
        "a copy of cells/crow-wind.parquet",
    ),
    "short": (lambda run, path: cut_short(path), "sha256"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_cell_is_refused_by_readers_and_played_again(copy, base, kind):
    damage, words = DAMAGE[kind]
    path = cell_path(copy, "crow", "poison")
    damage(copy, path)
    with pytest.raises(BadInput) as err:
        load_games(copy)
    message = str(err.value)
    assert message.startswith(f"{path}: ") and words in message
    assert REPAIR.format(run=copy) in message
    notes: list[str] = []
    again = play(copy, on_note=notes.append)
    assert again.played == [("crow", "poison")]
    assert len(notes) == 1 and str(path) in notes[0] and "playing it again" in notes[0]
    assert sha256(path) == sha256(cell_path(base, "crow", "poison"))
    assert record_of(copy)["cells"] == record_of(base)["cells"]


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (drop_column, "no column 'turns'"),
        (cut_short, f"10 games, the run plays {GAMES} per cell"),
        (duplicate_games, "games appear twice"),
        (lambda path: shutil.copy(path.with_name("crow-wind.parquet"), path), "holds crow vs wind"),
    ],
    ids=["no-column", "short", "duplicated", "wrong-heroes"],
)
def test_a_damaged_cell_is_found_even_when_the_manifest_agrees(copy, damage, words):
    """A manifest rewritten to match the damaged file does not make its games count."""
    path = cell_path(copy, "crow", "poison")
    damage(path)
    record = record_of(copy)
    record["cells"]["crow-poison"] = {"rows": len(pd.read_parquet(path)), "sha256": sha256(path)}
    write_record(copy, record)
    with pytest.raises(BadInput, match=words) as err:
        load_games(copy)
    assert str(err.value).startswith(f"{path}: ")
    assert play(copy).played == [("crow", "poison")]


def test_readers_read_only_the_cells_the_manifest_lists(copy, base):
    record = record_of(copy)
    del record["cells"]["crow-wind"]
    write_record(copy, record)
    assert finished_cells(copy) == [("crow", "poison"), ("wind", "poison")]
    assert len(load_games(copy)) == 2 * GAMES
    again = play(copy)  # the file is whole: it is kept and listed again
    assert again.played == [] and record_of(copy)["cells"] == record_of(base)["cells"]


def test_an_unlisted_damaged_file_is_played_again(copy):
    record = record_of(copy)
    del record["cells"]["crow-wind"]
    write_record(copy, record)
    cut_short(cell_path(copy, "crow", "wind"))
    assert play(copy).played == [("crow", "wind")]


# ---------------------------------------------------------------- run records


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r.pop("heroes"), "key 'heroes' is missing"),
        (lambda r: r.update(heroes="crow,wind,poison"), "key 'heroes' must be a list of masters"),
        (lambda r: r.update(heroes=["crow", "zebra"]), "key 'heroes': unknown master 'zebra'"),
        (lambda r: r.update(heroes=["crow"]), "key 'heroes': at least two masters"),
        (lambda r: r.pop("games_per_cell"), "key 'games_per_cell' is missing"),
        (lambda r: r["cells"].update({"crow-zebra": {"rows": 2}}), "key 'cells.crow-zebra'"),
        (lambda r: r["cells"]["crow-wind"].update(rows="20"), "key 'cells.crow-wind.rows'"),
    ],
)
def test_a_bad_run_record_is_refused_naming_the_key(copy, change, words):
    record = record_of(copy)
    change(record)
    write_record(copy, record)
    with pytest.raises(BadInput, match=words) as err:
        load_games(copy)
    assert str(err.value).startswith(f"{copy / RUN_FILE}: ")
    with pytest.raises(BadInput, match=words):
        read_run(copy)


# ---------------------------------------------------------------- the format before the manifest


def legacy(run_dir):
    """Make run_dir a directory of emr-sim 0.1.0 at ee89b65: the same record without `cells`."""
    record = record_of(run_dir)
    del record["cells"]
    (run_dir / RUN_FILE).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return run_dir


def test_a_run_without_a_manifest_still_reads_and_resumes(copy, base):
    legacy(copy)
    pd.testing.assert_frame_equal(sorted_games(copy), sorted_games(base))
    cell_path(copy, "wind", "poison").unlink()
    again = play(copy)
    assert again.played == [("wind", "poison")]
    assert record_of(copy)["cells"] == record_of(base)["cells"]  # the others adopted


def test_a_damaged_cell_without_a_manifest_is_refused_and_played_again(copy):
    legacy(copy)
    path = cell_path(copy, "crow", "wind")
    cut_short(path)
    with pytest.raises(BadInput, match=f"{path}: 10 games, the run plays {GAMES} per cell"):
        load_games(copy)
    assert play(copy).played == [("crow", "wind")]


# ---------------------------------------------------------------- stray temporary files


def test_stray_temporary_files_are_removed_on_the_next_run(copy):
    strays = [copy / "cells" / ".crow-wind.parquet.k2j4_x9q.tmp", copy / ".run.json.abcd1234.tmp"]
    for stray in strays:
        stray.write_bytes(b"")
    mine = copy / "cells" / "notes.tmp"
    mine.write_text("not a temporary file of emr-sim")
    assert play(copy).played == []
    assert not any(s.exists() for s in strays) and mine.exists()


# ---------------------------------------------------------------- the lock

HOLDER = textwrap.dedent(
    """
    import sys
    from emr_sim.files.lock import run_lock
    with run_lock(sys.argv[1]):
        print("held", flush=True)
        sys.stdin.read()
    """
)


def tree(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_second_writer_is_kept_out_naming_the_holder(copy):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(copy)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    ) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "held\n"
            cell_path(copy, "crow", "wind").unlink()
            before = tree(copy)
            with pytest.raises(BadInput) as err:
                play(copy)
            assert tree(copy) == before  # refused: nothing written
        finally:
            holder.communicate("", timeout=60)
    message = str(err.value)
    assert f"{copy}: in use by another emr-sim" in message
    assert f"pid {holder.pid} on {socket.gethostname()}" in message
    assert play(copy).played == [("crow", "wind")]  # the holder is gone


def test_a_refused_start_writes_nothing(base, tmp_path):
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("mine")
    with pytest.raises(BadInput, match="not empty and not a run directory"):
        play(foreign)
    assert [p.name for p in foreign.iterdir()] == ["notes.txt"]
    before = tree(base)
    with pytest.raises(BadInput, match="different run"):
        run_matrix(base, RunSettings(seed=SEED + 1, workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
    assert tree(base) == before
