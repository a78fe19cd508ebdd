"""Samurai Sword through the table runs (emr_sim.simulate.tables, docs/games.md): a run at
every table size with its teams and characters, the same files for any number of threads and
on a Dask cluster, a run killed with SIGKILL resumed to the same files, and its report."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from support.cli import run

GAME = ("--game", "samurai")


def files_of(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(".emr-sim")
    }


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_a_run_at_every_size_records_teams_and_characters(tmp_path, seats):
    out = tmp_path / f"ss{seats}"
    result = run("matrix", *GAME, "--seats", seats, "-o", out, "-n", 700, "--players", "belief", "--quiet",
                 "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["seats"] == seats and summary["games"] == -(-700 // seats) * seats
    frame = pd.concat(pd.read_parquet(p) for p in sorted(out.rglob("*.parquet")))
    teams = {int(v) for s in range(seats) for v in frame[f"s{s}_team"].unique()}
    assert teams == ({0, 1} if seats <= 4 else {0, 1, 2})
    entities = {int(v) for s in range(seats) for v in frame[f"s{s}_entity"].unique()}
    assert entities == set(range(12))  # the characters dealt
    winners = frame[[f"s{s}_win" for s in range(seats)]].sum(axis=1)
    drawn = frame[[f"s{s}_draw" for s in range(seats)]].sum(axis=1)
    assert ((winners >= 1) | (drawn == seats)).all()  # a team wins every game (or the cap draws it)


@pytest.mark.timeout(300)
def test_the_same_files_for_any_number_of_threads_and_on_a_cluster(tmp_path):
    args = ("matrix", *GAME, "--seats", 5, "-n", 12000, "--quiet", "--seed", 3, "--players", "belief")
    assert run(*args, "-o", tmp_path / "one", "--workers", 1).exit_code == 0
    assert run(*args, "-o", tmp_path / "two", "--workers", 2).exit_code == 0
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")
    assert len(files_of(tmp_path / "one")) == 1 + 2  # run.json and 2 parts of 2,000 deals
    pytest.importorskip("distributed") if not os.environ.get("CI") else None
    result = run(*args, "-o", tmp_path / "cluster", "--cluster", "local:2")
    assert result.exit_code == 0, result.output
    assert files_of(tmp_path / "one") == files_of(tmp_path / "cluster")


def saved_parts(root: Path) -> int:
    try:
        return len(json.loads((root / "run.json").read_text())["manifest"])
    except (OSError, ValueError, KeyError):
        return 0


@pytest.mark.timeout(400)
def test_a_run_killed_with_sigkill_resumes_to_the_same_files(tmp_path):
    """21 parts of 2,000 three-player deals; killed once the manifest holds the first 16
    (it is saved every 16 parts), resumed, and compared with the run done at once."""
    args = ["matrix", *GAME, "--seats", "3", "-n", "126000", "--quiet", "--workers", "1", "--seed", "8"]
    cmd = [sys.executable, "-m", "emr_sim.cli", *args, "-o", str(tmp_path / "killed")]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and saved_parts(tmp_path / "killed") == 0 and proc.poll() is None:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)  # the process this test started, by its pid
    proc.wait()
    assert 0 < saved_parts(tmp_path / "killed") < 21, "the run was not killed mid-way"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    whole = subprocess.run([*cmd[:-1], str(tmp_path / "whole")], capture_output=True, text=True, timeout=300)
    assert whole.returncode == 0, whole.stderr
    assert files_of(tmp_path / "killed") == files_of(tmp_path / "whole")


@pytest.mark.timeout(300)
def test_the_rules_options_and_the_game_are_listed():
    result = run("games", "--json")
    games = {g["name"]: g for g in json.loads(result.stdout)}
    ss = games["samurai"]
    assert ss["seats"] == {"fewest": 3, "most": 7, "default": 5} and ss["teams"] and ss["entities_dealt"]
    rules = {o["rule"] for o in ss["options"]}
    assert rules >= {"SS-D-SHOGUN-HP", "SS-D-EXHAUST", "SS-D-BUSHIDO-ONE", "SS-D-CAP", "SS-D-WEIGHTS"}
    assert ss["players"] == ["random", "greedy", "ismcts", "belief", "oracle", "guess"]
