"""The one check of what a directory holds (emr_sim.files.holds), on a kind made for the test,
and the kinds of every command that writes a run directory use it."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from emr_sim.errors import BadInput, WriteError
from emr_sim.files.holds import RESUME_WORDS, DirKind, check_holds


def read(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        raise BadInput(f"{path}: not a record") from None


def differences(old: dict, new: dict) -> list[str]:
    return [f"{k} {old.get(k)} on disk, {new.get(k)} now" for k in new if old.get(k) != new[k]]


KIND = DirKind(
    noun="thing",
    record_file="thing.json",
    called="a thing directory",
    read=read,
    differences=differences,
    leftovers=("base.json",),
    empty_dirs=("parts",),
    resume_words=RESUME_WORDS,
)


def test_a_new_or_empty_directory_is_the_commands(tmp_path):
    assert check_holds(tmp_path / "new", KIND, {"n": 1}) is None
    assert not (tmp_path / "new").exists()  # made to find out, removed again
    assert check_holds(tmp_path, KIND, {"n": 1}) is None


def test_what_an_unfinished_start_leaves_is_the_commands(tmp_path):
    (tmp_path / "parts").mkdir()
    (tmp_path / "base.json").write_text("{}")
    (tmp_path / ".thing.json.abc123.tmp").write_text("half")
    assert check_holds(tmp_path, KIND, {"n": 1}) is None


def test_the_same_record_resumes(tmp_path):
    (tmp_path / "thing.json").write_text(json.dumps({"n": 1}))
    assert check_holds(tmp_path, KIND, {"n": 1}) == {"n": 1}


def test_a_different_record_is_refused_in_one_line(tmp_path):
    (tmp_path / "thing.json").write_text(json.dumps({"n": 1}))
    with pytest.raises(BadInput) as err:
        check_holds(tmp_path, KIND, {"n": 2})
    message = str(err.value)
    assert message == (
        f"{tmp_path / 'thing.json'}: this directory holds a different thing (n 1 on disk, 2 now); "
        "use another directory, or the same options to resume"
    )


def test_a_long_difference_is_cut(tmp_path):
    (tmp_path / "thing.json").write_text(json.dumps({"deck": "a" * 5000}))
    with pytest.raises(BadInput) as err:
        check_holds(tmp_path, KIND, {"deck": "b"})
    assert len(str(err.value)) < 600 and "…" in str(err.value)


def test_anything_else_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(BadInput, match="not empty and not a thing directory; use a new directory"):
        check_holds(tmp_path, KIND, {"n": 1})
    (tmp_path / "notes.txt").unlink()
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "x").write_text("a part")  # not empty: something was played
    with pytest.raises(BadInput, match="not empty and not a thing directory"):
        check_holds(tmp_path, KIND, {"n": 1})


def test_an_unreadable_record_is_the_kinds_refusal(tmp_path):
    (tmp_path / "thing.json").write_text("{")
    with pytest.raises(BadInput, match="thing.json: not a record"):
        check_holds(tmp_path, KIND, {"n": 1})


def test_a_file_or_pipe_in_the_way_is_a_write_error(tmp_path):
    (tmp_path / "f").write_text("x")
    with pytest.raises(WriteError, match="a file is in the way"):
        check_holds(tmp_path / "f", KIND, {"n": 1})
    os.mkfifo(tmp_path / "p")
    with pytest.raises(WriteError, match="in the way"):
        check_holds(tmp_path / "p", KIND, {"n": 1})
    assert (tmp_path / "p").exists() and not (tmp_path / "p").is_dir()


def test_an_unfinished_start_of_another_record_is_taken_over(tmp_path):
    kind = DirKind(**{**KIND.__dict__, "taken_over": lambda root, old: "played" not in old})
    (tmp_path / "thing.json").write_text(json.dumps({"n": 1}))
    assert check_holds(tmp_path, kind, {"n": 2}) is None
    (tmp_path / "thing.json").write_text(json.dumps({"n": 1, "played": True}))
    with pytest.raises(BadInput, match="holds a different thing"):
        check_holds(tmp_path, kind, {"n": 2})


def test_every_run_directory_kind_is_checked_here():
    """The run, table run, ladder, tuning, rebalance study and scan directories: one check."""
    from emr_sim.simulate.ladder import LADDER_DIR
    from emr_sim.simulate.runwriter import RUN_DIR
    from emr_sim.simulate.tables.rundir import TABLE_RUN_DIR
    from emr_sim.studies.rebalance.store import STUDY_DIR
    from emr_sim.studies.scan.directory import SCAN_DIR
    from emr_sim.tuning.rounds import TUNING_DIR

    kinds = [RUN_DIR, TABLE_RUN_DIR, LADDER_DIR, TUNING_DIR, STUDY_DIR, SCAN_DIR]
    assert all(isinstance(k, DirKind) for k in kinds)
    assert {k.noun for k in kinds} == {"run", "ladder", "tuning", "study", "scan"}
