"""The one input reader (emr_sim.files.read): regular files only, under a cap, JSON bounded in
nesting and integer length; every refusal one line naming the file."""

import os

import pytest

from emr_sim.files.read import (
    MAX_DEPTH,
    InputFileError,
    TooLong,
    nesting_depth,
    parse_json,
    read_input,
    read_json_record,
)


@pytest.mark.timeout(10)
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "book.json"
    os.mkfifo(fifo)
    with pytest.raises(InputFileError, match=r"book.json: not a regular file \(a named pipe\)"):
        read_input(fifo, "book", 1000)


def test_a_device_and_a_directory_are_refused_by_name(tmp_path):
    with pytest.raises(InputFileError, match=r"/dev/zero: not a regular file \(a character device\)"):
        read_input("/dev/zero", "position", 1000)
    with pytest.raises(InputFileError, match="a directory, not a position file"):
        read_input(tmp_path, "position", 1000)
    with pytest.raises(InputFileError, match="no such position file"):
        read_input(tmp_path / "nope.json", "position", 1000)


def test_a_file_over_its_cap_is_refused(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    assert read_input(big, "record", 101) == b" " * 101
    with pytest.raises(InputFileError, match="larger than 100 bytes: not a record file"):
        read_input(big, "record", 100)


def test_deep_nesting_is_refused_before_parsing():
    deep = "[" * 100_000 + "]" * 100_000
    assert nesting_depth(deep) == 100_000
    assert nesting_depth('{"a": "[[[[", "b": [1, {"c": 2}]}') == 3  # brackets in strings do not count
    with pytest.raises(InputFileError, match=f"nested more than {MAX_DEPTH} levels deep"):
        parse_json(deep, "b.json", "book")


def test_a_long_integer_is_kept_as_its_length():
    doc = parse_json('{"seed": ' + "9" * 5000 + ', "n": 12}', "r.json")
    assert isinstance(doc, dict) and doc["n"] == 12
    assert isinstance(doc["seed"], TooLong) and repr(doc["seed"]) == "a 5000-digit number"


def test_text_that_is_not_json_names_the_line(tmp_path):
    with pytest.raises(InputFileError, match="r.json: not JSON: Expecting value at line 2, column 1"):
        parse_json('{"a":\n}', "r.json")
    with pytest.raises(InputFileError, match=r"not UTF-8 text \(invalid start byte at byte 0\)"):
        parse_json(b"\xff", "r.json")


def test_a_record_must_name_its_format(tmp_path):
    path = tmp_path / "ladder.json"
    path.write_text('{"format": "emr-sim ladder 1", "rungs": []}')
    assert read_json_record(path, "ladder record", "emr-sim ladder 1")["rungs"] == []
    path.write_text('["not", "an", "object"]')
    with pytest.raises(InputFileError, match="not a ladder record of format 'emr-sim ladder 1'"):
        read_json_record(path, "ladder record", "emr-sim ladder 1")


def test_a_cap_no_read_can_take_is_bounded(tmp_path):
    """Found by scripts/fuzz_records.py: a cap of 2**70 bytes (from a damaged record) raised
    OverflowError in read(); the reader reads chunk by chunk, never allocating its cap."""
    small = tmp_path / "r.json"
    small.write_bytes(b"{}")
    assert read_input(small, "record", 2**70) == b"{}"
