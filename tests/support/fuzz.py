"""Running a fuzz script (scripts/fuzz_*.py) in a child process, as the fuzz tests do: the
child logs each case before trying it, so a crash or a hang names the case it was on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def last_case(log: Path) -> str:
    """The case the child was trying when it stopped (its log's last line)."""
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return lines[-1] if lines else "(no case recorded)"


def run_fuzz(script: Path, cases: int, tmp_path: Path, timeout: float, cwd: Path | None = None):
    """(the script's summary as a dict, the finished process, the log file) after `cases`
    cases; fails the test, naming the last case, when the child ended without a summary."""
    log, summary = tmp_path / "cases.jsonl", tmp_path / "summary.json"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    command = [
        sys.executable,
        str(script),
        "--cases",
        str(cases),
        "--log",
        str(log),
        "--summary",
        str(summary),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd)
    assert summary.exists(), f"the child died (exit {result.returncode}) on {last_case(log)}\n{result.stderr}"
    return json.loads(summary.read_text(encoding="utf-8")), result, log
