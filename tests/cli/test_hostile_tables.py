"""The promise of #36 kept by table runs (`matrix/matchup --game toy|samurai`, `report`, `meta`,
`card-stats` on them): an output that is a named pipe or a file in the way is exit 3 and stays;
sizes are checked against the most a run plays and the machine's memory before anything is
written, the value as typed; options only 8MR reads are refused rather than ignored (`matchup
--game toy --records FIFO` said nothing and wrote nothing, exit 0); a damaged record is one
line; a run killed half-way is read with a word about its missing parts. A run killed with
SIGKILL resumes to the same files: tests/simulate/tables/test_table_runs.py."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from support.cli import run
from support.hostile import refused

TOY = ("--game", "toy", "--seats", "3")
QUIET = ("--quiet", "--workers", "1")


@pytest.fixture(scope="module")
def table_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tables") / "toy"
    result = run("matrix", *TOY, "-n", 6, *QUIET, "-o", out)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    "args",
    [("report", "{run}", "-o"), ("matrix", *TOY, "-n", "6", *QUIET, "-o")],
    ids=["report", "matrix"],
)
def test_a_named_pipe_or_a_file_in_the_way_of_a_table_output_is_exit_3_and_stays(
    table_run, tmp_path, fifo, args
):
    words = [a.format(run=table_run) for a in args]
    refused(tmp_path, *words, fifo, code=3, needles=(f"{fifo}: cannot write: a named pipe is in the way",))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    if args[0] == "matrix":  # a regular file in the way of the run directory
        mine = tmp_path / "mine"
        mine.write_text("mine")
        refused(tmp_path, *words, mine, code=3, needles=(f"{mine}: cannot write: a file is in the way",))
        assert mine.read_text() == "mine"


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("matchup", *TOY, "-n", "6", "--records", "{fifo}"), "--records"),
        (("matchup", *TOY, "-n", "6", "--cards"), "--cards"),
        (("matrix", *TOY, "-n", "6", "--until-ci", "0.01", "--no-fury", "-o", "{new}"), "--until-ci, --fury"),
        (("matrix", *TOY, "-n", "6", "--every-assignment", "-o", "{new}"), "--every-assignment"),
        (("play", *TOY, "--save", "{fifo}"), "--save"),
        (("meta", "{run}", "-o", "{fifo}"), "-o {fifo}: table runs have no metagame page"),
    ],
    ids=["matchup-records", "matchup-cards", "matrix-until-ci", "matrix-every", "play-save", "meta-o"],
)
def test_an_option_another_game_has_no_use_for_is_refused_not_ignored(table_run, tmp_path, fifo, args, named):
    words = [a.format(fifo=fifo, new=tmp_path / "new", run=table_run) for a in args]
    refused(tmp_path, *words, needles=(named.format(fifo=fifo),))
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and not (tmp_path / "new").exists()


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("command", "n", "needle"),
    [
        ("matrix", "99999999999999999999999", "-n 99999999999999999999999: more than 3,000,000,000 games"),
        ("matrix", "2999999999", "of memory (3,000,000,000 games of 3 seats"),
        ("matchup", "2999999999", "-n 2999999999 would need about 5.4 TB of memory"),
    ],
)
def test_sizes_are_checked_before_the_first_write_as_typed(tmp_path, command, n, needle):
    out = ("-o", tmp_path / "new") if command == "matrix" else ()
    refused(tmp_path, command, *TOY, "-n", n, *QUIET, *out, needles=(needle,))
    assert not (tmp_path / "new").exists()


def damaged(table_run: Path, tmp_path: Path, change) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(table_run, copy)
    record = json.loads((copy / "run.json").read_text())
    (copy / "run.json").write_text(change(record))
    return copy


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda r: json.dumps(r | {"manifest": {"seats-3/part-00000.parquet": []}}), "key 'manifest'"),
        (lambda r: json.dumps(r | {"cells": [[1, 2]]}), "key 'cells'"),
        (lambda r: json.dumps(r)[:150], "run.json"),
    ],
    ids=["manifest-entry", "cells", "cut"],
)
@pytest.mark.parametrize("command", ["report", "card-stats", "meta"])
def test_a_damaged_table_record_is_one_line_for_every_reader(table_run, tmp_path, change, needle, command):
    copy = damaged(table_run, tmp_path, change)
    out = ("-o", tmp_path / "page.html") if command == "report" else ()
    refused(tmp_path, command, copy, *out, needles=(needle,))


@pytest.mark.timeout(60)
def test_a_table_run_killed_half_way_is_read_with_a_word_about_its_missing_parts(table_run, tmp_path):
    """As a run of 4,000 deals a cell killed after its first part of 2,000: the report says what
    is missing (it said nothing), and writes the page of the finished part."""
    copy = damaged(table_run, tmp_path, lambda r: json.dumps(r | {"deals_per_cell": 4000}))
    result = run("report", copy, "-o", tmp_path / "page.html")
    assert result.exit_code == 0, result.output
    assert f"{copy}: unfinished, 1 of 2 parts played (1 left out here)" in result.stderr
    assert result.stdout == "" and "wrote" in result.stderr  # on stderr, as an 8MR report's
    assert (tmp_path / "page.html").is_file()
    meta = run("meta", copy, "--json")
    assert meta.exit_code == 0 and "unfinished, 1 of 2 parts" in meta.stderr
    assert json.loads(meta.stdout)[0]["seats"] == 3
