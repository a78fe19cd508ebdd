"""The one way emr_sim reads an input file: a regular file only, never more than a cap, and
JSON that cannot recurse too deep or hold an integer too long to be a value.

    data = read_input(path, "book", max_bytes=1 << 20)       # bytes, or InputFileError
    doc = parse_json(data, path)                               # depth and integers bounded
    record = read_json_record(path, "ladder record", "emr-sim ladder 1")   # both, and "format"

A FIFO, a device or a directory is refused by name before it is opened (opening a FIFO
would wait for a writer forever), a file larger than its cap is refused after reading one
byte past it (a growing file or /dev/zero cannot fill memory), and every refusal is one line
that names the file and, inside JSON, the path of the value ($.masters.crow.w_pair).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import tomllib
from pathlib import Path

from emr_sim.errors import BadInput, cut

MAX_RECORD_BYTES = 16 << 20  # a run, ladder or tuning record is kilobytes; a book 1 MiB at most
MAX_DEPTH = 64  # nesting of JSON arrays and objects: records are 5 deep at most
MAX_DIGITS = 30  # an integer literal this long is no value of ours (Python refuses 4,300)
READ_CHUNK = 1 << 20  # bytes read at a time: a cap is never allocated before the bytes are there
LONG_NUMBER = re.compile(r"\d[\d_]{" + str(MAX_DIGITS) + ",}")  # more than MAX_DIGITS digits


class InputFileError(BadInput):
    """An input file that cannot be read as what it should be; the message names the file.
    `problem` is the message without the file's name (for a reader that words it its own way),
    `head` the bytes read of a file over its cap (where it overflowed)."""

    def __init__(self, message: str, problem: str = "", head: bytes = b"") -> None:
        super().__init__(message)
        self.problem, self.head = problem or message, head


def mode_or_problem(path: str | Path, missing: str, what: str) -> int | str:
    """The file mode at path (a link followed), or why there is none: `missing`, or that the
    `what` cannot be read (a link to itself, no permission)."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return missing
    except OSError as err:
        return f"cannot read the {what}: {err.strerror or err}"


def regular_file_problem(path: str | Path, what: str) -> str | None:
    """Why path cannot be read as a `what` file without opening it (None: a regular file)."""
    mode = mode_or_problem(path, f"no such {what} file", what)
    if isinstance(mode, str):
        return mode
    if stat.S_ISDIR(mode):
        return f"a directory, not a {what} file"
    if not stat.S_ISREG(mode):
        return f"not a regular file ({file_kind(mode)}), so not a {what} file"
    return None


def directory_problem(path: str | Path, what: str) -> str | None:
    """Why path cannot be read as a `what` (a run directory, a scan directory), None when it is
    a directory: nothing there, or a regular or special file named by its kind (`meta FIFO`
    said "no such run directory")."""
    mode = mode_or_problem(path, f"no such {what}", what)
    if isinstance(mode, str):
        return mode
    if stat.S_ISDIR(mode):
        return None
    kind = "a regular file" if stat.S_ISREG(mode) else file_kind(mode)
    return f"{kind}, not a {what}"


def read_input(path: str | Path, what: str, max_bytes: int, shown: str | None = None) -> bytes:
    """The bytes of a regular file of at most max_bytes; InputFileError naming it otherwise."""
    name = shown or str(path)
    problem = regular_file_problem(path, what)
    if problem:
        raise InputFileError(f"{name}: {problem}", problem)
    try:
        with open(path, "rb") as f:
            data = read_at_most(f, max_bytes + 1)
    except OSError as err:
        problem = f"cannot read the {what}: {err.strerror or err}"
        raise InputFileError(f"{name}: {problem}", problem) from None
    if len(data) > max_bytes:
        problem = f"larger than {max_bytes:,} bytes: not a {what} file"
        raise InputFileError(f"{name}: {problem}", problem, data)
    return data


def read_at_most(f, limit: int) -> bytes:
    """At most `limit` bytes of an open file, chunk by chunk (read(limit) would allocate all of
    a cap computed from a damaged record, 2**70 bytes, before reading anything)."""
    chunks, total = [], 0
    while total < limit:
        chunk = f.read(min(READ_CHUNK, limit - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words."""
    for test, words in (
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return words
    return "a special file"


class TooLong:
    """An integer literal of more than MAX_DIGITS digits, kept as its length so that the check
    of its field refuses it by JSON path (json would raise Python's int-limit error)."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


def bounded_int(text: str) -> int | TooLong:
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else TooLong(text)


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets inside strings ignored)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def bounded_text(data: bytes | str, name: str | Path, what: str) -> str:
    """The UTF-8 text of a JSON or TOML file, nested at most MAX_DEPTH levels (their parsers
    recurse); InputFileError naming the file otherwise."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as err:
        raise InputFileError(f"{name}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    if nesting_depth(text) > MAX_DEPTH:
        raise InputFileError(f"{name}: nested more than {MAX_DEPTH} levels deep: not a {what} file")
    return text


def parse_json(data: bytes | str, name: str | Path, what: str = "JSON") -> object:
    """JSON of at most MAX_DEPTH levels, its long integers kept as TooLong; InputFileError
    naming the file and where the text is not JSON."""
    text = bounded_text(data, name, what)
    try:
        return json.loads(text, parse_int=bounded_int)
    except json.JSONDecodeError as err:
        where = f"line {err.lineno}, column {err.colno}"
        raise InputFileError(f"{name}: not JSON: {err.msg} at {where}") from None
    except ValueError as err:  # a value json itself refuses (a float literal too long, say)
        raise InputFileError(f"{name}: not JSON this reader takes: {str(err)[:120]}") from None


def parse_toml(data: bytes | str, name: str | Path, what: str) -> dict:
    """TOML of at most MAX_DEPTH levels with no number longer than MAX_DIGITS digits;
    InputFileError naming the file (and the line of a long number). tomllib recurses on nested
    arrays (100,000 brackets raised RecursionError) and Python refuses an integer of 4,300
    digits without naming a line: both are refused here first."""
    text = bounded_text(data, name, what)
    long_number = LONG_NUMBER.search(text)
    if long_number:
        line = text.count("\n", 0, long_number.start()) + 1
        digits = len(long_number.group().replace("_", ""))
        raise InputFileError(f"{name}: line {line}: a {digits}-digit number is no value of a {what} file")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InputFileError(f"{name}: not TOML: {err}") from None
    except (RecursionError, ValueError) as err:  # any other conversion TOML refuses
        raise InputFileError(f"{name}: not TOML this reader can take: {str(err)[:120]}") from None


def too_long(doc: object, where: str = "$") -> tuple[str, TooLong] | None:
    """The JSON path of the first integer literal kept as TooLong in a parsed document, and it;
    None when there is none (depth bounded by MAX_DEPTH, so this recursion is too)."""
    if isinstance(doc, TooLong):
        return where, doc
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        found = too_long(
            value, f"{where}[{key}]" if isinstance(doc, list) else f"{where}.{cut(str(key), 40)}"
        )
        if found:
            return found
    return None


def read_json_record(
    path: str | Path, what: str, fmt: str | tuple[str, ...], max_bytes: int = MAX_RECORD_BYTES
) -> dict:
    """A JSON object whose "format" is fmt (or one of the formats fmt lists), from a regular
    file, with no integer too long to be a value anywhere (a record is written back as it was
    read); InputFileError naming the file, and the JSON path."""
    formats = (fmt,) if isinstance(fmt, str) else fmt
    doc = parse_json(read_input(path, what, max_bytes), path, what)
    if not isinstance(doc, dict) or doc.get("format") not in formats:
        raise InputFileError(f"{path}: not a {what} of format {' or '.join(map(repr, formats))}")
    refuse_too_long(doc, path)
    return doc


def refuse_too_long(doc: object, name: str | Path) -> None:
    """InputFileError naming the file and the JSON path of an over-long integer, if any."""
    found = too_long(doc)
    if found:
        where, number = found
        raise InputFileError(f"{name}: {where}: {number!r} is no value of ours (at most {MAX_DIGITS} digits)")


HASH_CHUNK = 1 << 20


def file_sha256(path: str | Path) -> str:
    """The sha256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()
