"""The newest commands (meta, rebalance, sensitivity, claims, card-stats, play --human) used as a
hostile user would (#36), by class: tracebacks, checks before the work, directories never
stranded, the wrong kind of input, malformed values, messages. Each refusal is exit 2 or 3
with one line, nothing on stdout, nothing written (tests/cli/test_hostile.py's `refused`), and
the directory it names is then used by the corrected command. The outputs that are special
files, every option of every command: tests/cli/test_special_outputs.py."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import click
import pandas as pd
import pytest
from support.cli import every_option, run
from support.hostile import refused
from support.race import ENV, cli

from emr_sim.cli.options import FiniteFloat
from emr_sim.files.lock import HOLDER_FILE, LOCK_FILE

THREE = "crow,wind,earth"
# a rebalance that plays a few hundred games (--verify none: the search alone)
STUDY = ["--heroes", "crow,wind", "--players", "greedy", "--rungs", "4,8", "--quiet", "--verify", "none"]
KNOB = ["--knob", "trap_once"]
QUIET = ("--quiet", "--workers", "1")
SCAN = ["-n", 2, "--cards", "red-3-4", "--quiet", "--workers", 1]


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """A finished 3-master run, a greedy-against-random run, a run with the card events."""
    root = tmp_path_factory.mktemp("hostile36")
    out = {"root": root, "run": root / "run", "gr": root / "gr", "cards": root / "cards"}
    for name, extra in (
        ("run", ["--heroes", THREE]),
        ("gr", ["--heroes", "crow,wind", "--players", "greedy,random"]),
        ("cards", ["--heroes", THREE, "--cards"]),
    ):
        result = run("matrix", "-o", out[name], "-n", 8, *extra, *QUIET)
        assert result.exit_code == 0, result.output
    return out


def ok(*args: object):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


# ---------------------------------------------------------------- 1. tracebacks


@pytest.mark.timeout(60)
def test_claims_refuses_deep_toml_and_unwritable_outputs_in_one_line(made, tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100_000 + "]" * 100_000)
    refused(tmp_path, "claims", deep, made["run"], needles=("nested more than 64 levels deep",))
    refused(tmp_path, "claims", "community", made["run"], "-o", "/proc/emr-sim-x", code=3,
            needles=("/proc/emr-sim-x: cannot write",))  # fmt: skip
    if os.geteuid() != 0:  # root writes into a read-only directory
        locked = tmp_path / "ro"
        locked.mkdir(mode=0o555)
        refused(tmp_path, "claims", "community", made["run"], "-o", locked / "c", code=3)


@pytest.mark.timeout(60)
def test_card_stats_names_a_records_file_of_an_unknown_master(made, tmp_path):
    games = pd.read_parquet(made["cards"] / "cells" / "crow-wind.parquet")
    games["hero_a"] = "zorro"
    path = tmp_path / "r.csv"
    games.to_csv(path, index=False)
    refused(tmp_path, "card-stats", path, needles=("column 'hero_a' names 'zorro', no master",))


# ---------------------------------------------------------------- 2. checks before the work


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--knob", "health.*=1..99999999999999999999999999"], ("is out of range: health.crow is 1..99",)),
        ([*KNOB, "--rungs", "100,10000000000000"], ("--rungs 10,000,000,000,000 is more than",)),
        ([*KNOB, "--rungs", "100,1000000000000"], ("--rungs 100,1000000000000 with --batch 4", "memory")),
        ([*KNOB, "--trials", 10**12], ("--trials 1,000,000,000,000: at most 1,000,000 trials",)),
        ([*KNOB, "--verify", "greedy=100000000000000"], ("--verify greedy=100000000000000:",)),
        ([*KNOB, "--players", "greedy,random"], ("--players: one player spec", "not 2: 'greedy,random'")),
        ([*KNOB, "--margin", "nan"], ("'--margin': 'nan' is not a finite number",)),
    ],
    ids=["knob-range", "rungs-count", "rungs-memory", "trials", "verify", "players", "margin"],
)
def test_rebalance_sizes_and_kinds_are_checked_before_anything_is_played(tmp_path, args, needles):
    """#36 example 2: a knob range expanded for minutes, an estimate of 15 million minutes,
    --verify refused after the whole search; example 7: `--players greedy,random`."""
    study = ["--heroes", "crow,wind", "--quiet"]
    if "--verify" not in args:
        args += ["--verify", "none"]
    refused(tmp_path, "rebalance", "-o", tmp_path / "s", *study, *args, needles=needles)
    assert not (tmp_path / "s").exists()


@pytest.mark.timeout(60)
def test_rebalance_takes_no_more_trials_than_its_knobs_have_candidates(tmp_path):
    result = ok("rebalance", "-o", tmp_path / "s", *STUDY, *KNOB, "--trials", 50)
    assert "--trials 50: the knobs allow 2 candidates (the base among them), so the search asks 2" in (
        result.stderr
    )
    assert json.loads((tmp_path / "s" / "rebalance.json").read_text())["trials"] == 2


@pytest.mark.timeout(60)
def test_sensitivity_sizes_are_checked_and_echoed_as_typed(made, tmp_path):
    """#36 examples 3 and 7: `-n 10000000000000` left s2/scan.json behind; a huge -n was echoed
    as 99,999,999,999,999,991,611,392 (a float)."""
    s2 = tmp_path / "s2"
    refused(tmp_path, "sensitivity", made["run"], "-o", s2, "-n", 10**13, "--quiet",
            needles=("-n 10,000,000,000,000 is more than",))  # fmt: skip
    refused(tmp_path, "sensitivity", made["run"], "-o", s2, "-n", "99999999999999999999999", "--quiet",
            needles=("-n 99,999,999,999,999,999,999,999 ",))  # fmt: skip
    refused(tmp_path, "sensitivity", made["run"], "-o", s2, "--max-games", 10**11, "--quiet",
            needles=("a cell of --max-games 100,000,000,000 would need",))  # fmt: skip
    assert not s2.exists()
    ok("sensitivity", made["run"], "-o", s2, *SCAN)  # the corrected command uses the directory
    assert (s2 / "scan.json").is_file()


@pytest.mark.timeout(60)
def test_meta_and_report_sizes_are_checked_before_the_work(made, tmp_path):
    """#36 example 1: `meta RUN --boot 1000000000000` tried to allocate 87 TiB."""
    refused(tmp_path, "meta", made["run"], "--boot", 10**12, "-o", tmp_path / "m.html",
            needles=("--boot 1,000,000,000,000 would need about",))  # fmt: skip
    needle = "--technique-pairs 10,000,000,000,000: a cell of"
    refused(tmp_path, "report", made["run"], "-o", tmp_path / "r.html", "--skill", made["run"],
            "--technique-pairs", 10**13, needles=(needle,))  # fmt: skip


# ---------------------------------------------------------------- 3. directories never stranded


@pytest.mark.timeout(60)
def test_a_rebalance_given_a_run_for_a_scan_writes_nothing(made, tmp_path):
    """#36 example 3: `--scan RUN` left base.json, and every later run was refused."""
    study = tmp_path / "study"
    refused(tmp_path, "rebalance", "-o", study, *STUDY, *KNOB, "--scan", made["run"],
            needles=(f"{made['run'] / 'scan.json'}: missing",))  # fmt: skip
    ok("rebalance", "-o", study, *STUDY, *KNOB)


@pytest.mark.timeout(90)
def test_a_study_killed_after_its_base_resumes_or_is_taken_over(tmp_path):
    """#36 example 3: a rebalance killed just after base.json appeared could never be resumed.
    Its states, copied from a finished study: the record and the base (same command: resumed);
    a lone base.json (an older start: taken over); another study's unfinished start (taken over);
    a study that searched is never taken over."""
    done = tmp_path / "done"
    first = ok("rebalance", "-o", done, *STUDY, *KNOB)
    record = json.loads((done / "rebalance.json").read_text())
    unfinished = {k: v for k, v in record.items() if k not in ("warm", "seconds")}

    def state(name: str, files: dict[str, str]) -> Path:
        root = tmp_path / name
        root.mkdir()
        for file, text in files.items():
            (root / file).write_text(text)
        (root / LOCK_FILE).write_text("")
        return root

    base = (done / "base.json").read_text()
    killed = state("killed", {"rebalance.json": json.dumps(unfinished), "base.json": base})
    again = ok("rebalance", "-o", killed, *STUDY, *KNOB)
    assert again.stdout.replace(str(killed), "D") == first.stdout.replace(str(done), "D")
    lone = state("lone", {"base.json": base})
    ok("rebalance", "-o", lone, *STUDY, "--knob", "health.crow=7..9")  # another study takes it over
    other = state("other", {"rebalance.json": json.dumps(unfinished), "base.json": base})
    ok("rebalance", "-o", other, *STUDY, "--knob", "health.crow=7..9")
    assert json.loads((other / "rebalance.json").read_text())["knobs"] == ["health.crow=7..9"]
    refused(tmp_path, "rebalance", "-o", done, *STUDY, "--knob", "health.crow=7..9",
            needles=("holds a different study",))  # fmt: skip
    foreign = state("foreign", {"base.json": '{"mine": 1}'})
    refused(tmp_path, "rebalance", "-o", foreign, *STUDY, *KNOB, needles=("not a rebalance base",))


@pytest.mark.timeout(60)
def test_a_scan_start_that_played_nothing_is_taken_over(made, tmp_path):
    done = tmp_path / "done"
    ok("sensitivity", made["run"], "-o", done, *SCAN)
    start = tmp_path / "start"
    start.mkdir()
    shutil.copy(done / "scan.json", start / "scan.json")  # a start killed before its first run
    (start / ".scan.json.abc123.tmp").write_text("{")  # and a killed write's temporary file
    ok("sensitivity", made["run"], "-o", start, "-n", 4, *SCAN[2:])
    assert json.loads((start / "scan.json").read_text())["games"] == 4
    refused(tmp_path, "sensitivity", made["run"], "-o", done, "-n", 4, "--cards", "red-3-4", "--quiet",
            needles=("holds a different scan (games 2 on disk, 4 now)",))  # fmt: skip


# ---------------------------------------------------------------- 5. the wrong kind of input


@pytest.mark.timeout(60)
def test_claims_writes_only_into_a_claims_directory(made, tmp_path):
    """#36 example 5: `claims ... -o DIR` wrote claims.json into a matrix run or a scan."""
    holds = f"{made['run']}: not empty and not a claims directory (it holds cells, run.json)"
    refused(made["root"], "claims", "community", made["run"], "-o", made["run"], needles=(holds,))
    out = tmp_path / "c"
    ok("claims", "community", made["run"], "-o", out)
    ok("claims", "community", made["run"], "-o", out)  # its own directory, again
    assert sorted(p.name for p in out.iterdir()) == [LOCK_FILE, "claims.json"]


@pytest.mark.timeout(60)
def test_claims_and_meta_refuse_a_run_of_two_different_players(made, tmp_path):
    """#36 example 5: claims on greedy against random said 'crow beats wind: holds 100.0 %'."""
    needle = ("side A plays greedy and side B random", "one player on both sides")
    refused(tmp_path, "claims", "community", made["gr"], needles=needle)
    refused(tmp_path, "meta", made["gr"], needles=needle)


@pytest.mark.timeout(60)
def test_card_stats_says_when_a_run_is_unfinished(made, tmp_path):
    copy = tmp_path / "cards"
    shutil.copytree(made["cards"], copy)
    record = json.loads((copy / "run.json").read_text())
    for cell in ("crow-wind", "crow-earth"):  # a matrix killed after 1 of 3 cells
        del record["cells"][cell]
        (copy / "cells" / f"{cell}.parquet").unlink()
    (copy / "run.json").write_text(json.dumps(record))
    result = ok("card-stats", copy, "--top", 1)
    assert result.stderr.startswith(f"emr-sim: note: {copy} is unfinished: 1 of 3 cells;")
    assert result.stderr.count("\n") == 1 and "wind" in result.stdout


# ---------------------------------------------------------------- 6. malformed values


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("edit", "needle"),
    [
        ({"win_a": 5}, "column 'win_a' holds 5 in row 1: 0 or 1 only"),
        ({"win_a": 1, "win_b": 1, "draw": 0}, "row 1 has 2 results (win_a, win_b, draw): a game has exactly"),
        ({"win_a": 0, "win_b": 0, "draw": 0}, "row 1 has 0 results"),
    ],
    ids=["five", "both-win", "none"],
)
def test_card_event_records_have_one_result_a_game(made, tmp_path, edit, needle):
    games = pd.read_parquet(made["cards"] / "cells" / "crow-wind.parquet")
    for column, value in edit.items():
        games.loc[0, column] = value
    path = tmp_path / "r.parquet"
    games.to_parquet(path, index=False)
    refused(tmp_path, "card-stats", path, needles=(needle,))


@pytest.mark.timeout(60)
@pytest.mark.parametrize("cell", ["nan", "inf", "-inf"])
def test_a_target_cell_of_nan_or_inf_is_refused(tmp_path, cell):
    """#36 example 6: nan and inf in a target cell were taken as empty."""
    target = tmp_path / "t.csv"
    target.write_text(f",crow,wind\ncrow,,{cell}\nwind,,\n")
    refused(tmp_path, "rebalance", "-o", tmp_path / "s", *STUDY, *KNOB, "--goal", "target:3",
            "--target", target, needles=(f"crow vs wind: '{cell}' is not a win rate",))  # fmt: skip


def test_every_float_option_refuses_nan_and_inf():
    """#36 example 6: `meta --alpha inf` ran (numpy warnings), a nan passes every range."""
    options = [(c, p) for c, p in every_option() if isinstance(p.type, click.types.FloatParamType)]
    assert {(c, p.opts[0]) for c, p in options} >= {
        ("meta", "--alpha"),
        ("matrix", "--until-ci"),
        ("sensitivity", "--precision"),
        ("rebalance", "--margin"),
    }
    for command, param in options:
        assert isinstance(param.type, FiniteFloat), (command, param.opts)
        for text in ("nan", "inf", "-inf", "NaN", "1e999"):
            with pytest.raises(click.BadParameter, match="is not a finite number"):
                param.type.convert(text, param, None)
        assert param.type.convert("0.25", param, None) == 0.25


# ---------------------------------------------------------------- 7. messages


def test_a_run_directory_that_is_a_fifo_or_a_device_is_named_by_its_kind(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    refused(tmp_path, "meta", fifo, needles=(f"{fifo}: a named pipe, not a run directory",))
    refused(tmp_path, "meta", "/dev/zero", needles=("/dev/zero: a character device, not a run directory",))


def test_a_claim_whose_words_are_a_number_is_named(made, tmp_path):
    claims = tmp_path / "c.toml"
    claims.write_text("[[claim]]\nsays = 123\n")
    needle = "claim 1: says must be a string of words, not 123"
    refused(tmp_path, "claims", claims, made["run"], needles=(needle,))


@pytest.mark.timeout(120)
def test_a_locked_study_is_in_use_first_and_says_one_line(tmp_path):
    """#36 example 7: a refused start on a locked directory printed the estimate first, and the
    loser of two rebalances was told 'not empty and not a rebalance study'."""
    root = tmp_path / "s"
    first = [*STUDY, "--rungs", "40,400", "--trials", 5, "--knob", "health.crow=6..10"]
    with subprocess.Popen(cli("rebalance", *first, "-o", root), stderr=subprocess.PIPE, env=ENV) as winner:
        for _ in range(1200):  # until it holds the lock and has written its record
            started = (root / HOLDER_FILE).exists() and (root / "rebalance.json").exists()
            if winner.poll() is not None or started:
                break
            time.sleep(0.05)
        os.kill(winner.pid, signal.SIGSTOP)  # the process this test started, by its pid
        try:
            assert winner.poll() is None, "the first rebalance ended before the second started"
            for knob in ("health.crow=6..10", "trap_once"):  # the same study, and another one
                loser = subprocess.run(
                    cli("rebalance", *first[:-4], "--knob", knob, "-o", root),
                    capture_output=True, text=True, env=ENV, timeout=120,
                )  # fmt: skip
                assert loser.returncode == 2 and loser.stdout == "", loser.stderr
                assert loser.stderr.count("\n") == 1, loser.stderr  # no estimate, no note first
                assert f"{root}: in use by another emr-sim (pid {winner.pid}" in loser.stderr
        finally:
            winner.kill()  # by its pid; SIGKILL ends a stopped process too
