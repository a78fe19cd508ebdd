"""Table runs of any game (emr_sim.simulate.tables), through the command line: a run per seat
count with per-seat results, the same files for any number of threads and on a Dask cluster,
a run killed with SIGKILL resumed to the same files, and bad input refused in one line."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.cli import fails, run

TOY = ("--game", "toy")


def files_of(root: Path) -> dict[str, str]:
    """Every file under root but the lock's, with its sha256."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(".emr-sim")
    }


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_table_run_has_per_seat_results_at_every_size(tmp_path, seats):
    out = tmp_path / f"toy{seats}"
    result = run("matrix", *TOY, "--seats", seats, "-o", out, "-n", 600, "--json", "--quiet")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["seats"] == seats and summary["games"] == 600 // seats * seats
    assert [r["seat"] for r in summary["seats_order"]] == list(range(seats))
    assert sum(r["share"] for r in summary["seats_order"]) == pytest.approx(1.0)
    assert summary["fair_share"] == pytest.approx(1 / seats)
    record = json.loads((out / "run.json").read_text())
    assert record["game"] == "toy" and record["seats"] == seats and len(record["manifest"]) == 1
    report = run("report", out, "-o", tmp_path / "toy.html")
    assert report.exit_code == 0, report.output
    html = (tmp_path / "toy.html").read_text()
    assert "The player who moves first wins" in html and 'id="verdict-ranking"' in html


SEARCHING = ("--players", "ismcts(n=12),greedy,random")  # every generic player, the search included


def test_the_same_files_for_any_number_of_threads(tmp_path):
    args = ("matrix", *TOY, "--seats", 3, "-n", 9000, "--quiet", "--seed", 3, *SEARCHING)
    assert run(*args, "-o", tmp_path / "one", "--workers", 1).exit_code == 0
    assert run(*args, "-o", tmp_path / "two", "--workers", 2).exit_code == 0
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")
    assert len(files_of(tmp_path / "one")) == 1 + 2  # run.json and 2 parts of 2,000 deals


def test_resuming_with_other_settings_is_refused_and_the_run_kept(tmp_path):
    out = tmp_path / "run"
    assert run("matrix", *TOY, "--seats", 3, "-o", out, "-n", 300, "--quiet").exit_code == 0
    before = files_of(out)
    needles = ("holds a different run", "seats: 3 here")
    fails("matrix", *TOY, "--seats", 4, "-o", out, "-n", 300, needles=needles)
    assert files_of(out) == before


@pytest.mark.timeout(300)
def test_a_resume_removes_the_temporary_files_a_kill_left_in_a_cell(tmp_path):
    """A process killed while writing a part leaves its temporary file in the cell's folder;
    the resumed run removes it, so it ends with the files of a run done at once."""
    out = tmp_path / "run"
    args = ("matrix", *TOY, "--seats", 3, "-o", out, "-n", 300, "--quiet")
    assert run(*args).exit_code == 0
    before = files_of(out)
    stray = out / "cells" / "seats-3" / ".part-00000.parquet.k1ll3d0x.tmp"
    stray.write_bytes(b"")
    assert run(*args).exit_code == 0
    assert not stray.exists() and files_of(out) == before


@pytest.mark.timeout(240)
def test_a_run_killed_with_sigkill_resumes_to_the_same_files(tmp_path):
    args = ["matrix", *TOY, "--seats", "4", "-n", "800000", "--quiet", "--workers", "1", "--seed", "8"]
    cmd = [sys.executable, "-m", "emr_sim.cli", *args, "-o", str(tmp_path / "killed")]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    parts = tmp_path / "killed" / "cells" / "seats-4"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and len(list(parts.glob("*.parquet"))) < 20 and proc.poll() is None:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)  # the process this test started, by its pid
    proc.wait()
    killed_at = len(json.loads((tmp_path / "killed" / "run.json").read_text())["manifest"])
    assert 0 < killed_at < 100, "the run was not killed mid-way"
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    whole = subprocess.run([*cmd[:-1], str(tmp_path / "whole")], capture_output=True, text=True, timeout=180)
    assert whole.returncode == 0, whole.stderr
    assert files_of(tmp_path / "killed") == files_of(tmp_path / "whole")


@pytest.mark.timeout(180)
def test_a_cluster_run_writes_the_files_of_the_threads(tmp_path):
    pytest.importorskip("distributed") if not os.environ.get("CI") else None
    args = ("matrix", *TOY, "--seats", 3, "-n", 3000, "--quiet", "--seed", 4, *SEARCHING)
    assert run(*args, "-o", tmp_path / "threads").exit_code == 0
    result = run(*args, "-o", tmp_path / "cluster", "--cluster", "local:2")
    assert result.exit_code == 0, result.output
    assert files_of(tmp_path / "threads") == files_of(tmp_path / "cluster")


@pytest.mark.parametrize(
    "args,needle",
    [
        (("matchup", "--game", "chess"), "no such game"),
        (("matchup", *TOY, "--seats", 5), "toy is played by 2 to 4 players"),
        (("matchup", "--seats", 3, "crow", "wind"), "emr is played by 2 players"),
        (("matchup", *TOY, "--players", "tuned"), "'tuned': not a player kind of toy"),
        (("matchup", *TOY, "--players", "ismcts(n=0)"), "n=0 is outside 1..100000"),
        (("matchup", *TOY, "--players", "ismcts(depth=2,width=3)"), "ismcts has no parameter 'width'"),
        (("matchup", *TOY, "--players", "greedy(n=3),random,random"), "greedy has no parameter 'n'"),
        (("matchup", *TOY, "--players", "ismcts(n=4"), "unbalanced parentheses"),
        (("matchup", *TOY, "--players", "random:4"), "random has no short form"),
        (("matchup", *TOY, "--players", "random,random"), "2 specs for 3 seats"),
        (("matchup", *TOY, "--rule", "target=99"), "--rule target='99'"),
        (("matchup", *TOY, "--rule", "fury=on"), "not a rules option of toy"),
        (("matrix", *TOY, "--heroes", "crow,wind"), "toy has no entities to choose"),
        (("play", *TOY, "--human"), "--human"),
    ],
)
def test_bad_input_is_one_line_and_nothing_is_written(tmp_path, args, needle):
    out = tmp_path / "out"
    extra = ("-o", out) if args[0] == "matrix" else ()
    fails(*args, *extra, needles=(needle,))
    assert not out.exists()


def test_the_commands_that_read_runs_read_a_table_run(tmp_path):
    """compare and meta read it (tests/cli/test_table_commands.py has the figures); card-stats says
    in one line why it has nothing per card."""
    out = tmp_path / "toy"
    assert run("matrix", *TOY, "-o", out, "-n", 30, "--quiet").exit_code == 0
    fails("card-stats", out, needles=("a table run of toy", "no per-card statistics"))
    same = run("compare", out, out)
    assert same.exit_code == 0 and "the runs differ in: nothing" in same.stdout
    assert "does not apply" in run("meta", out).stdout


@pytest.mark.timeout(300)
def test_a_run_of_different_players_is_reported(tmp_path):
    """Members of different kinds are rated by member: the report names each (it once failed
    on the rating rows, which carry no player spec)."""
    out = tmp_path / "mixed"
    assert run("matrix", *TOY, "--seats", 3, "-o", out, "-n", 30, "--quiet",
               "--players", "greedy,random,random").exit_code == 0  # fmt: skip
    done = run("report", out, "-o", tmp_path / "mixed.html")
    assert done.exit_code == 0, done.output
    page = (tmp_path / "mixed.html").read_text()
    assert "player 0 (greedy)" in page and "player 1 (random)" in page


def test_the_games_are_listed():
    result = run("games", "--json")
    games = {g["name"]: g for g in json.loads(result.stdout)}
    assert games["toy"]["seats"] == {"fewest": 2, "most": 4, "default": 3}
    assert games["emr"]["entities"][0] == "crow" and games["emr"]["seats"]["most"] == 2
