"""Two writers of one directory, started by a test as processes (#23 example 1): the first
is paused while it holds the directory's lock, so the second always meets it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from emr_sim.files.lock import HOLDER_FILE

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
RECORDS = ("ladder.json", "tune.json", "run.json")


def cli(*args: object) -> list[str]:
    return [sys.executable, "-m", "emr_sim.cli", *map(str, args)]


def run_cli(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run(cli(*args), capture_output=True, text=True, env=ENV, timeout=120)


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def wait_for_holder(root: Path, first: subprocess.Popen) -> None:
    """Until the first process holds root's lock and has written its record (the holder file
    and its ladder.json, tune.json or run.json are there)."""
    for _ in range(1200):
        if first.poll() is not None:
            return
        if (root / HOLDER_FILE).exists() and any((root / name).exists() for name in RECORDS):
            return
        time.sleep(0.05)


def one_error_line(result: subprocess.CompletedProcess) -> str:
    lines = [line for line in result.stderr.splitlines() if line.startswith("emr-sim: error: ")]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def race(root: Path, first: list, second: list, said: str) -> None:
    """The second writer starts while the first holds root's lock (the first paused meanwhile,
    so that it cannot finish first): it is refused in one line naming `said` (with {pid}, the
    first's) and writes nothing; the first finishes, and its command then resumes root."""
    with subprocess.Popen(cli(*first, "-o", root), stderr=subprocess.PIPE, text=True, env=ENV) as winner:
        wait_for_holder(root, winner)
        os.kill(winner.pid, signal.SIGSTOP)  # the process this test started, by its pid
        try:
            before = tree(root)
            loser = subprocess.run(
                cli(*second, "-o", root), capture_output=True, text=True, env=ENV, timeout=120
            )
            assert tree(root) == before  # the second writer wrote nothing
        finally:
            os.kill(winner.pid, signal.SIGCONT)
        _, winner_err = winner.communicate(timeout=200)
    assert winner.returncode == 0, winner_err
    assert loser.returncode == 2 and loser.stdout == ""
    assert said.format(pid=winner.pid) in one_error_line(loser)
    again = run_cli(*first, "-o", root)
    assert again.returncode == 0, again.stderr  # the winner's directory resumes
    if second != first:
        refused = subprocess.run(
            cli(*second, "-o", root), capture_output=True, text=True, env=ENV, timeout=120
        )
        assert refused.returncode == 2 and "use another directory" in one_error_line(refused)
