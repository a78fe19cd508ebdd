"""The one atomic writer (emr_sim.files): whole files or nothing, plain file modes."""

import os

import pytest

from emr_sim.files import write_atomically, write_text


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
