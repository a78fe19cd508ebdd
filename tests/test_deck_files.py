"""Deck files of any size and shape: every refusal is a DeckError naming the file and the line.

The mangled files come from the shipped deck by seeded mutations (mangled_decks). The suite
tries DECK_FUZZ_CASES of them; `EMR_DECK_FUZZ=N` tries N (the closing note's figure).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from emr_sim.games.emr.cards import MAX_DECK_BYTES, MIN_CARDS, DeckError, default_deck_path, load_deck
from emr_sim.games.emr.codes import MAX_SHOT

DECK_FUZZ_CASES = int(os.environ.get("EMR_DECK_FUZZ", "300"))
MESSAGE_CHARS = 300  # a refusal is one short line, however big the file
HEADER = "colour,left,right,damage,dragon,effect,name\n"
GOOD = "red,3,1,1,0,none,card\n"


def deck_text(row: str, at: int = 2) -> str:
    """A valid deck of MIN_CARDS cards with `row` as card `at` (line at + 2)."""
    rows = [GOOD] * MIN_CARDS
    rows[at] = row
    return HEADER + "".join(rows)


def refusal(tmp_path: Path, data: bytes | str) -> DeckError:
    path = tmp_path / "deck.csv"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    with pytest.raises(DeckError) as info:
        load_deck(path)
    return info.value


def assert_names_file_and_line(error: DeckError, path: Path, line: int | None = None) -> None:
    text = str(error)
    assert error.line is not None and text.startswith(f"{path}:{error.line}: ")
    assert "\n" not in text and len(text) < MESSAGE_CHARS + len(str(path)), text
    if line is not None:
        assert error.line == line, text


def test_a_field_over_the_csv_limit_names_file_and_line(tmp_path):
    error = refusal(tmp_path, deck_text("red,3,1,1,0,none," + "x" * 200_000 + "\n"))
    assert_names_file_and_line(error, tmp_path / "deck.csv", line=4)
    assert "not a line of CSV" in str(error)


def test_a_number_of_5000_digits_names_file_line_and_field(tmp_path):
    error = refusal(tmp_path, deck_text("red," + "9" * 5000 + ",1,1,0,none,\n"))
    assert_names_file_and_line(error, tmp_path / "deck.csv", line=4)
    assert error.field == "left"
    assert "(5,000 characters) is not a number from 1 to 5" in str(error)


def test_leading_zeros_still_read_as_the_number(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text(deck_text("red," + "0" * 5000 + "3,1,1,0,none,\n"))
    assert load_deck(path).table[2, 1] == 3


def test_a_file_longer_than_a_deck_is_refused_at_the_line_it_overflows(tmp_path):
    comment = "# " + "c" * 98 + "\n"  # 101 bytes a line
    error = refusal(tmp_path, deck_text(GOOD) + comment * (MAX_DECK_BYTES // len(comment) + 1))
    assert_names_file_and_line(error, tmp_path / "deck.csv")
    assert "too long for a deck file" in str(error)
    assert error.line > MIN_CARDS + 1


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"", 1, "empty deck file"),
        (b"\n# only a comment\n\n", 3, "empty deck file"),
        ((HEADER + GOOD * 3).encode() + b"red,3,\xff,1,0,none,\n", 5, "not UTF-8"),
        (deck_text("red,3,1,1,0,none,a\u2028b\n"), 4, None),  # a line separator inside a name
        (HEADER.encode("utf-16"), 1, "not UTF-8"),
        (deck_text("red,3\x00,1,1,0,none,\n"), 4, "field 'left'"),
        (deck_text("red,3,1,1,0,none\n"), 4, "6 fields, but the header has 7"),
    ],
)
def test_mangled_files_name_the_line(tmp_path, data, line, words):
    path = tmp_path / "deck.csv"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    if words is None:  # accepted, and the next lines keep their numbers
        assert load_deck(path).source_lines == tuple(range(2, MIN_CARDS + 2))
        return
    error = refusal(tmp_path, data)
    assert_names_file_and_line(error, path, line)
    assert words in str(error)


def test_the_command_line_refuses_a_huge_field_in_one_line(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text(deck_text("red,3,1,1,0,none," + "x" * 200_000 + "\n"))
    done = subprocess.run(
        [sys.executable, "-m", "emr_sim.cli", "cards", "--deck", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.startswith(f"emr-sim: error: {path}:4: not a line of CSV")
    assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


# ---------------------------------------------------------------- mangled decks


def _huge_field(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    fields = lines[k].split(",")
    fields[rng.randrange(len(fields))] = rng.choice(["9" * 5000, "x" * 140_000, "1" * 4301, "-" + "7" * 6000])
    lines[k] = ",".join(fields)
    return "\n".join(lines)


def _field(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    fields = lines[k].split(",")
    junk = ["", " ", '"', '"red', "1e3", "٣", "３", "+1", "0x3", "nan", "-0", "bow", "YES", "\x00", "Ω" * 50]
    fields[rng.randrange(len(fields))] = rng.choice(junk)
    lines[k] = ",".join(fields)
    return "\n".join(lines)


def _lines_op(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    op = rng.randrange(5)
    if op == 0:
        del lines[k]
    elif op == 1:
        lines[k:k] = [lines[k]] * rng.randrange(1, 3 * MAX_SHOT)
    elif op == 2:
        rng.shuffle(lines)
    elif op == 3:
        lines = lines[: rng.randrange(len(lines))]
    else:
        lines[k] = lines[k].replace(",", rng.choice([";", "\t", ",,", ""]))
    return "\n".join(lines)


def _line_ends(rng: random.Random, text: str) -> str:
    return text.replace("\n", rng.choice(["\r\n", "\r", "\n\n", "\u2028", "\x85", "\x0c\n"]))


TEXT_MUTATIONS = (_huge_field, _field, _lines_op, _line_ends)


def _bytes_op(rng: random.Random, data: bytes) -> bytes:
    op = rng.randrange(7)
    k = rng.randrange(len(data) + 1)
    if op == 0:
        return data[:k]
    if op == 1:
        return data[:k] + rng.randbytes(rng.randrange(1, 64)) + data[k:]
    if op == 2:
        return data[:k] + b"\x00" * rng.randrange(1, 8) + data[k:]
    if op == 3:
        return rng.choice([b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]) + data
    if op == 4:
        return data.decode("utf-8").encode(rng.choice(["utf-16", "utf-32", "cp1252", "latin-1"]), "replace")
    if op == 5:
        flips = bytearray(data)
        for _ in range(rng.randrange(1, 10)):
            if flips:
                flips[rng.randrange(len(flips))] = rng.randrange(256)
        return bytes(flips)
    return rng.randbytes(rng.randrange(0, 2000))


def mangled_decks(seed: int, count: int):
    """`count` mangled versions of the shipped deck: 1-3 text and byte mutations each."""
    rng = random.Random(seed)
    base = default_deck_path().read_text(encoding="utf-8")
    for _ in range(count):
        text = base
        for _ in range(rng.randrange(1, 4)):
            text = rng.choice(TEXT_MUTATIONS)(rng, text)
        data = text.encode("utf-8")
        if rng.random() < 0.5:
            data = _bytes_op(rng, data)
        yield data


def test_mangled_decks_load_or_are_refused_naming_file_and_line(tmp_path):
    path = tmp_path / "deck.csv"
    outcomes = {"loaded": 0, "refused": 0}
    for data in mangled_decks(seed=12, count=DECK_FUZZ_CASES):
        path.write_bytes(data)
        try:
            deck = load_deck(path)
        except DeckError as error:
            assert_names_file_and_line(error, path)
            assert 1 <= error.line <= data.count(b"\n") + data.count(b"\r") + 2
            outcomes["refused"] += 1
        else:
            assert MIN_CARDS <= deck.n_shot <= MAX_SHOT
            outcomes["loaded"] += 1
    print(f"mangled decks: {DECK_FUZZ_CASES} tried, {outcomes}")
    assert outcomes["refused"] > DECK_FUZZ_CASES // 2  # the mutations do mangle
