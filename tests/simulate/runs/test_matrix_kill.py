"""Fault injection: `emr-sim matrix` killed (SIGKILL) at seeded random moments, then resumed,
ends with the cells of an uninterrupted run and no temporary file.

The moments fall in the part of a run that writes: a moment is a delay after a file of the
child appears, its lock file (taken before it writes anything) in a third of the trials, its
first cell file in the others, drawn up to the time an uninterrupted run took from that file to
its last write of run.json; so none is spent on the imports, and many fall among the cell
writes. Three runs are killed at a time, on directories of their own.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from emr_sim.files import write as write_module
from emr_sim.files.lock import LOCK_FILE
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.rundir import RUN_FILE, read_run

HEROES = "crow,wind,earth"
GAMES = 400
TRIALS = 21
AT_ONCE = 3  # children killed side by side
SEED = 12  # of the moments
TIMEOUT = 120  # seconds, each child
# the files the moments are counted from, one per trial in turn: the lock, the first cell twice
ANCHORS = (LOCK_FILE, "cells/crow-wind.parquet", "cells/crow-wind.parquet")


def start_matrix(run_dir) -> subprocess.Popen:
    args = ["matrix", "-o", str(run_dir), "-n", str(GAMES), "--heroes", HEROES, "--quiet", "--workers", "1"]
    return subprocess.Popen(
        [sys.executable, "-m", "emr_sim.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


def cells_of(run_dir) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((run_dir / "cells").iterdir())}


def temporary_files(run_dir) -> list[str]:
    return [str(p) for p in run_dir.rglob(f"*{write_module.TEMP_SUFFIX}")]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Uninterrupted runs (AT_ONCE side by side, as the trials run), and for each anchor the
    seconds from its appearance to the last write."""
    root = tmp_path_factory.mktemp("kill")
    dirs = [root / f"whole{k}" for k in range(AT_ONCE)]
    children = [start_matrix(d) for d in dirs]
    for child in children:
        _, err = child.communicate(timeout=TIMEOUT)
        assert child.returncode == 0, err
    spans = {a: min((d / RUN_FILE).stat().st_mtime - (d / a).stat().st_mtime for d in dirs) for a in ANCHORS}
    assert cells_of(dirs[0]) == cells_of(dirs[1])
    return dirs[0], spans


POLL = 0.005  # seconds between looks at the children


def kill_after(children: list[tuple[subprocess.Popen, Path, float]]) -> None:
    """SIGKILL each child `delay` seconds after its file `anchor` appears, unless it ended first."""
    when: dict[int, float | None] = dict.fromkeys(range(len(children)))
    deadline = time.monotonic() + TIMEOUT
    while when and time.monotonic() < deadline:
        now = time.monotonic()
        for k in list(when):
            child, anchor, delay = children[k]
            if child.poll() is not None:
                del when[k]
            elif when[k] is None and anchor.exists():
                when[k] = now + delay
            elif when[k] is not None and now >= when[k]:
                child.send_signal(signal.SIGKILL)
                del when[k]
        time.sleep(POLL)
    for child, _, _ in children:
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)  # past the deadline: the test fails below
        child.communicate(timeout=TIMEOUT)


def test_sigkill_at_random_moments_then_resume_gives_the_same_cells(reference, tmp_path):
    whole, spans = reference
    rng = random.Random(SEED)
    for batch in range(0, TRIALS, AT_ONCE):
        trials = range(batch, batch + AT_ONCE)
        anchors = {t: ANCHORS[t % len(ANCHORS)] for t in trials}
        moments = {t: rng.uniform(0, spans[anchors[t]] + 0.05) for t in trials}
        kill_after(
            [(start_matrix(tmp_path / f"t{t}"), tmp_path / f"t{t}" / anchors[t], moments[t]) for t in trials]
        )
        for t in trials:
            run_dir = tmp_path / f"t{t}"
            where = f"trial {t}, killed {moments[t]:.3f} s after {anchors[t]} appeared"
            run_matrix(run_dir, RunSettings(workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
            assert cells_of(run_dir) == cells_of(whole), where
            assert read_run(run_dir)["cells"] == read_run(whole)["cells"], where
            assert temporary_files(run_dir) == [], where
