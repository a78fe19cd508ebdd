"""The one lock of every run kind (emr_sim.files.lock.claim_dir) and the one output-directory
helper (emr_sim.files.outdir), and the races of #23 example 1: two ladders, or two tunings, on
one directory end with one winner and a directory that resumes."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.race import ENV, race, tree

from emr_sim.errors import BadInput, WriteError
from emr_sim.files.lock import HOLDER_FILE, LOCK_FILE, claim_dir, holder_words
from emr_sim.files.outdir import check_dir_target, check_output_file, make_dir, only_leftovers, remove_made

HOLDER = textwrap.dedent(
    """
    import sys
    from emr_sim.files.lock import claim_dir
    with claim_dir(sys.argv[1], None, lambda root: root):
        print("held", flush=True)
        sys.stdin.read()
    """
)


# ---------------------------------------------------------------- outdir


def test_make_dir_says_what_it_made_and_remove_made_removes_only_that(tmp_path):
    made = make_dir(tmp_path / "a" / "b" / "c")
    assert made == tmp_path / "a" and (tmp_path / "a" / "b" / "c").is_dir()
    assert make_dir(tmp_path / "a" / "b") is None  # it existed
    remove_made(made)
    assert list(tmp_path.iterdir()) == []


def test_a_file_in_the_way_and_a_virtual_file_system_are_one_write_error(tmp_path):
    (tmp_path / "f").write_text("mine")
    with pytest.raises(WriteError, match=r"f: cannot write: a file is in the way; nothing was written"):
        make_dir(tmp_path / "f" / "run")
    with pytest.raises(WriteError, match="f: cannot write: a file is in the way"):
        check_dir_target(tmp_path / "f")
    with pytest.raises(WriteError, match=r"^/proc/emr-sim-test: cannot write: "):
        check_dir_target("/proc/emr-sim-test")
    assert [p.name for p in tmp_path.iterdir()] == ["f"]


def test_check_dir_target_leaves_no_directory_behind(tmp_path):
    check_dir_target(tmp_path / "x" / "y")
    assert list(tmp_path.iterdir()) == []


def test_check_output_file(tmp_path):
    with pytest.raises(WriteError, match="a directory is in the way"):
        check_output_file(tmp_path, "the report")
    with pytest.raises(BadInput, match="no such directory"):
        check_output_file(tmp_path / "no" / "r.html", "the report")
    with pytest.raises(BadInput, match="the file name is empty"):
        check_output_file(" ", "the report")
    assert check_output_file(tmp_path / "r.html", "the report") == tmp_path / "r.html"
    assert list(tmp_path.iterdir()) == []  # the probe is gone


def test_only_leftovers(tmp_path):
    (tmp_path / LOCK_FILE).write_text("")
    (tmp_path / "cells").mkdir()
    assert only_leftovers(tmp_path, (LOCK_FILE,), ("cells",))
    (tmp_path / "cells" / "x").write_text("")
    assert not only_leftovers(tmp_path, (LOCK_FILE,), ("cells",))


# ---------------------------------------------------------------- claim_dir


def test_a_refused_check_removes_the_directory_the_claim_made(tmp_path):
    calls = []

    def check(root: Path) -> None:
        calls.append(root.exists())
        if root.exists():  # the second check, under the lock
            raise BadInput("another run's directory")

    with (
        pytest.raises(BadInput, match="another run's directory"),
        claim_dir(tmp_path / "new" / "run", check, str),
    ):
        pass
    assert calls == [False, True] and list(tmp_path.iterdir()) == []


def test_a_failing_prepare_removes_the_directory_but_a_failing_block_keeps_it(tmp_path):
    def prepare(root: Path) -> Path:
        (root / "record.json").write_text("{}")
        raise WriteError(root / "record.json", "No space left on device")

    with pytest.raises(WriteError), claim_dir(tmp_path / "a", None, prepare):
        pass
    assert not (tmp_path / "a").exists()
    with pytest.raises(RuntimeError), claim_dir(tmp_path / "b", None, lambda root: root) as root:
        (root / "cell").write_text("played")
        raise RuntimeError("interrupted")
    assert (tmp_path / "b" / "cell").read_text() == "played"
    assert not (tmp_path / "b" / HOLDER_FILE).exists()  # the lock is released


def test_a_block_refused_before_its_first_write_leaves_no_directory(tmp_path):
    with pytest.raises(BadInput, match="no knob can reach"), claim_dir(tmp_path / "new" / "s", None, str):
        raise BadInput("no knob can reach the goal")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.timeout(60)
def test_a_second_claim_is_refused_at_once_naming_the_holder(tmp_path):
    root = tmp_path / "run"
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(root)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=ENV,
    ) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "held\n"
            before = tree(root)
            with pytest.raises(BadInput) as err, claim_dir(root, None, lambda r: r):
                pass
            assert tree(root) == before and root.is_dir()  # the holder's directory is left alone
        finally:
            holder.communicate("", timeout=30)
    assert f"{root}: in use by another emr-sim (pid {holder.pid} on " in str(err.value)
    with claim_dir(root, None, lambda r: r):  # the holder is gone: taken at once
        pass


@pytest.mark.timeout(10)
def test_a_holder_file_that_is_a_fifo_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / HOLDER_FILE)
    assert holder_words(tmp_path) == "a process that has not said who it is yet"


# ---------------------------------------------------------------- the races of example 1

LADDER = ["ladder", "--heroes", "crow,wind", "--quiet", "--workers", "1"]
LADDER_A = [*LADDER, "-n", "2000", "--rungs", "random,greedy"]
LADDER_B = [*LADDER, "-n", "2000", "--rungs", "greedy,tuned"]


@pytest.mark.timeout(240)
@pytest.mark.parametrize(
    ("first", "second", "said"),
    [
        (LADDER_A, LADDER_B, "holds a different ladder"),  # the example
        (LADDER_A, LADDER_A, "in use by another emr-sim (pid {pid} on "),  # the same command twice
    ],
    ids=["ladders", "same-ladder"],
)
def test_two_writers_of_one_directory_end_with_one_winner_that_resumes(tmp_path, first, second, said):
    race(tmp_path / "d", first, second, said)
