"""Run directories and write failures on the command line: `report` and `compare` refuse
damaged runs (exit 2), every failed write ends with one line and exit 3, finished cells kept."""

from __future__ import annotations

import errno
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

import pandas as pd
import pytest
from support.cli import ERROR_PREFIX, ESTIMATE, EXIT_CANNOT_WRITE, cannot_write, fails, run

from emr_sim.files import write as write_module
from emr_sim.simulate.runs import runwriter

HEROES = "crow,wind,earth"
GAMES = "20"
SMALL = ("-n", GAMES, "--heroes", HEROES, "--quiet", "--workers", "1")
REPAIR = f"emr-sim matrix -o {{run}} --heroes {HEROES} -n {GAMES} --seed 20261202"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli-rundir")
    base, variant = root / "base", root / "health9"
    assert run("matrix", "-o", base, *SMALL).exit_code == 0
    assert run("matrix", "-o", variant, *SMALL, "--rule", "health=9").exit_code == 0
    return base, variant


@pytest.fixture
def copy(runs, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(runs[0], out)
    return out


def record_of(run_dir) -> dict:
    return json.loads((run_dir / "run.json").read_text(encoding="utf-8"))


def write_record(run_dir, record) -> None:
    (run_dir / "run.json").write_text(json.dumps(record), encoding="utf-8")


def unfinish(run_dir, cell: str) -> None:
    """Make `cell` a cell not played yet: no file, no manifest entry."""
    (run_dir / "cells" / f"{cell}.parquet").unlink()
    record = record_of(run_dir)
    del record["cells"][cell]
    write_record(run_dir, record)


def leftovers(root) -> list[str]:
    return [p.name for p in root.rglob("*") if p.name.endswith(write_module.TEMP_SUFFIX)]


# ---------------------------------------------------------------- report and compare refuse


def test_report_and_compare_refuse_a_short_cell_naming_file_and_repair(runs, copy, tmp_path):
    path = copy / "cells" / "crow-wind.parquet"
    pd.read_parquet(path).iloc[:10].to_parquet(path, index=False)
    out = tmp_path / "r.html"
    for args in (("report", copy, "-o", out), ("compare", runs[0], copy), ("compare", copy, runs[1])):
        fails(*args, needles=(f"{path}: ", "sha256", REPAIR.format(run=copy)))
    assert not out.exists()


def test_compare_on_duplicated_games_is_one_line(runs, copy):
    record = record_of(copy)
    del record["cells"]  # the format before the manifest: only the games can tell
    write_record(copy, record)
    path = copy / "cells" / "crow-wind.parquet"
    half = pd.read_parquet(path).iloc[:10]
    pd.concat([half, half], ignore_index=True).to_parquet(path, index=False)
    fails("compare", runs[0], copy, needles=(f"{path}: ", "games appear twice"))


@pytest.mark.parametrize(
    ("heroes", "words"),
    [(None, "key 'heroes' is missing"), (HEROES, "key 'heroes' must be a list"), (["crow", "x"], "'x'")],
    ids=["missing", "string", "unknown"],
)
def test_report_and_compare_name_a_bad_heroes_key(runs, copy, tmp_path, heroes, words):
    record = record_of(copy)
    if heroes is None:
        del record["heroes"]
    else:
        record["heroes"] = heroes
    write_record(copy, record)
    needles = (f"{copy / 'run.json'}: ", words)
    fails("report", copy, "-o", tmp_path / "r.html", needles=needles)
    fails("compare", runs[0], copy, needles=needles)


def test_report_on_an_unfinished_run_says_so_on_stderr(copy, tmp_path):
    unfinish(copy, "crow-wind")
    result = run("report", copy, "-o", tmp_path / "r.html")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert result.stderr == (
        f"emr-sim: note: {copy} is unfinished: 2 of 3 cells (not yet played: crow vs wind); "
        f"`{REPAIR.format(run=copy)}` plays the rest\n"
        f"emr-sim: wrote {tmp_path / 'r.html'}\n"
    )


# ---------------------------------------------------------------- write failures: exit 3


def test_matrix_into_a_read_only_cells_directory(copy, monkeypatch):
    unfinish(copy, "crow-wind")
    cells = copy / "cells"
    kept = {p.name: p.read_bytes() for p in cells.iterdir()}
    read_only(cells, monkeypatch)
    try:
        line = cannot_write("matrix", "-o", copy, *SMALL, needles=(str(cells), "Permission denied"))
    finally:
        cells.chmod(0o755)
    assert "no cell was played" in line and "2 finished cells are kept" in line
    assert {p.name: p.read_bytes() for p in cells.iterdir()} == kept


def test_matrix_with_a_directory_where_a_cell_file_should_be(copy):
    unfinish(copy, "crow-wind")
    (copy / "cells" / "crow-wind.parquet").mkdir()
    cannot_write("matrix", "-o", copy, *SMALL, needles=("crow-wind.parquet", "a directory is in the way"))


def full_disk(real, stem: str):
    """to_parquet that writes half a file and finds the disk full, for files named stem."""

    def write(self, path, *args, **kw):
        if stem not in str(path):
            return real(self, path, *args, **kw)
        with open(path, "wb") as out:
            out.write(b"PAR1 half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return write


def test_matrix_on_a_full_disk_keeps_the_finished_cells(copy, monkeypatch):
    unfinish(copy, "wind-earth")
    kept = {p.name: p.read_bytes() for p in (copy / "cells").iterdir()}
    monkeypatch.setattr(pd.DataFrame, "to_parquet", full_disk(pd.DataFrame.to_parquet, "wind-earth"))
    path = copy / "cells" / "wind-earth.parquet"
    line = cannot_write("matrix", "-o", copy, *SMALL, needles=(f"{path}: ", "No space left on device"))
    assert "the games of wind vs earth were not saved" in line and "2 finished cells are kept" in line
    assert {p.name: p.read_bytes() for p in (copy / "cells").iterdir()} == kept
    assert leftovers(copy) == []
    monkeypatch.undo()
    assert run("matrix", "-o", copy, *SMALL).exit_code == 0
    assert "wind-earth" in record_of(copy)["cells"]


def test_a_failed_manifest_write_keeps_the_cell_for_the_next_run(copy, monkeypatch):
    unfinish(copy, "wind-earth")
    real = write_module.write_text

    def write_text(path, text):
        if str(path).endswith("run.json"):
            raise write_module.WriteError(path, os.strerror(errno.ENOSPC))
        return real(path, text)

    monkeypatch.setattr(runwriter, "write_text", write_text)  # the writer of run.json
    line = cannot_write("matrix", "-o", copy, *SMALL, needles=(f"{copy / 'run.json'}: ", "No space left"))
    assert "cells/wind-earth.parquet" in line
    monkeypatch.undo()
    again = run("matrix", "-o", copy, *SMALL)
    assert again.exit_code == 0 and "played 0 cells" in again.stdout
    assert "wind-earth" in record_of(copy)["cells"]


FILE_SIZE_LIMIT = 20_000  # bytes: run.json fits, a cell file of 20 games does not


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_SIZE_LIMIT, FILE_SIZE_LIMIT))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def test_matrix_over_a_file_size_limit(copy):
    unfinish(copy, "crow-earth")
    kept = {p.name: p.read_bytes() for p in (copy / "cells").iterdir()}
    out = subprocess.run(
        [sys.executable, "-m", "emr_sim.cli", "matrix", "-o", str(copy), *SMALL],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=limited,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert out.returncode == EXIT_CANNOT_WRITE, out.stderr
    lines = [line for line in out.stderr.splitlines() if not ESTIMATE.match(line)]  # said before the work
    assert len(lines) == 1 and lines[0].startswith(ERROR_PREFIX), out.stderr
    assert f"{copy / 'cells' / 'crow-earth.parquet'}: cannot write: File too large" in lines[0]
    assert {p.name: p.read_bytes() for p in (copy / "cells").iterdir()} == kept
    assert leftovers(copy) == []


def half_then_full(self, data, *args, **kw):
    """Path.write_text on a disk that fills up half-way."""
    with open(self, "w", encoding="utf-8") as out:
        out.write(data[:10])
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_matchup_records_on_a_full_disk(tmp_path, monkeypatch):
    monkeypatch.setattr(pd.DataFrame, "to_parquet", full_disk(pd.DataFrame.to_parquet, "games"))
    out = tmp_path / "games.parquet"
    args = ("matchup", "crow", "wind", "-n", "20", "--quiet", "--records", out)
    cannot_write(*args, needles=(f"{out}: cannot write: No space left on device",))
    assert list(tmp_path.iterdir()) == []


def test_report_and_resolve_on_a_full_disk(runs, tmp_path, monkeypatch):
    from emr_sim.games.emr.face.core import Game

    position = tmp_path / "in" / "p.json"
    position.parent.mkdir()
    position.write_text(json.dumps(Game.new(seed=3).position()), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(write_module.Path, "write_text", half_then_full)
    report = out / "r.html"
    cannot_write("report", runs[0], "-o", report, needles=(f"{report}: cannot write: No space left",))
    following = out / "next.json"
    cannot_write("resolve", position, "draw", "-o", following, needles=(f"{following}: cannot write",))
    assert list(out.iterdir()) == []


def read_only(directory, monkeypatch) -> None:
    """Make directory read-only; for root, whom the mode bits do not stop, refuse as they say."""
    directory.chmod(0o555)
    if os.geteuid() != 0:
        return
    real = tempfile.mkstemp

    def mkstemp(*args, dir=None, **kw):
        if dir is not None and os.stat(dir).st_mode & 0o222 == 0:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(dir))
        return real(*args, dir=dir, **kw)

    monkeypatch.setattr(write_module.tempfile, "mkstemp", mkstemp)


def test_matchup_report_and_resolve_into_a_read_only_directory(runs, tmp_path, monkeypatch):
    from emr_sim.games.emr.face.core import Game

    position = tmp_path / "p.json"
    position.write_text(json.dumps(Game.new(seed=3).position()), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    read_only(out, monkeypatch)
    try:
        records = out / "games.csv"
        line = cannot_write(
            "matchup", "crow", "wind", "-n", "20", "--quiet", "--records", records, needles=(str(records),)
        )
        assert "Permission denied" in line
        report = out / "r.html"
        cannot_write("report", runs[0], "-o", report, needles=(str(report), "Permission denied"))
        following = out / "next.json"
        cannot_write("resolve", position, "draw", "-o", following, needles=(str(following), "Permission"))
    finally:
        out.chmod(0o755)
    assert list(out.iterdir()) == []
