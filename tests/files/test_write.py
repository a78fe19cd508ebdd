"""The one atomic writer (emr_sim.files.write): whole files or nothing, plain file modes."""

import os

import pytest

from emr_sim.errors import WriteError
from emr_sim.files.write import check_writable, stray_temps, write_atomically, write_text


def test_error_while_writing_leaves_no_file(tmp_path):
    out = tmp_path / "r.html"
    with pytest.raises(UnicodeEncodeError):  # fails half-way through the write
        write_text(out, "<p>fine</p>" * 1000 + "\ud800")
    assert list(tmp_path.iterdir()) == []


def test_an_old_file_is_kept_until_the_new_one_is_whole(tmp_path):
    out = tmp_path / "cell.parquet"
    out.write_text("old")

    def fail(tmp):
        tmp.write_text("half")
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError):
        write_atomically(out, fail)
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["cell.parquet"]
    write_text(out, "new")
    assert out.read_text() == "new"


def test_written_files_have_the_mode_open_would_give(tmp_path):
    umask = os.umask(0o027)
    try:
        path = write_text(tmp_path / "run.json", "{}")
    finally:
        os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o640


def test_an_os_error_becomes_one_write_error_naming_the_path(tmp_path):
    out = tmp_path / "cell.parquet"

    def full(tmp):
        tmp.write_text("half")
        raise OSError("Error writing bytes to file. Detail: [errno 28] No space left on device")

    with pytest.raises(WriteError) as err:
        write_atomically(out, full)
    assert str(err.value) == f"{out}: cannot write: No space left on device"
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(WriteError, match="No such file or directory"):
        write_text(tmp_path / "no" / "run.json", "{}")


def test_check_writable_leaves_nothing_and_stray_temps_are_only_temporary_files(tmp_path):
    check_writable(tmp_path)
    assert list(tmp_path.iterdir()) == []
    stray = tmp_path / ".cell.parquet.a1b_2c3d.tmp"
    stray.write_bytes(b"")
    for name in ("notes.tmp", ".hidden", "cell.parquet"):
        (tmp_path / name).write_text("mine")
    assert stray_temps(tmp_path) == [stray]
