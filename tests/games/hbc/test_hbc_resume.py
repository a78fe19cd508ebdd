"""An HBC table run killed with SIGKILL resumes, with the same command, to the files of a run
never killed (emr_sim.simulate.tables, docs/games.md)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from games.hbc.test_hbc_table_runs import HBC, files_of


@pytest.mark.timeout(300)
def test_hbc_a_run_killed_with_sigkill_resumes_to_the_same_files(tmp_path):
    args = ["matrix", *HBC, "--seats", "2", "-n", "100000", "--quiet", "--workers", "1", "--seed", "8",
            "--heroes", "blaze,tide", "--deck", "example"]  # fmt: skip
    cmd = [sys.executable, "-m", "emr_sim.cli", *args, "-o", str(tmp_path / "killed")]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parts = tmp_path / "killed" / "cells" / "blaze-tide"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and len(list(parts.glob("*.parquet"))) < 17 and proc.poll() is None:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)  # the process this test started, by its pid
    proc.wait()
    killed_at = len(json.loads((tmp_path / "killed" / "run.json").read_text())["manifest"])
    assert 0 < killed_at < 100, "the run was not killed mid-way"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    whole = subprocess.run([*cmd[:-1], str(tmp_path / "whole")], capture_output=True, text=True, timeout=240)
    assert whole.returncode == 0, whole.stderr
    assert files_of(tmp_path / "killed") == files_of(tmp_path / "whole")
