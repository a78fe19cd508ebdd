"""Mutate real records and input files and check that every command reading them ends in exit
0, or in exit 2 or 3 with one error line: never a traceback, never a hang (#23, #36).

    PYTHONPATH=src python scripts/fuzz_records.py --cases 10000 --log cases.jsonl --summary s.json \
        [--seed 0] [--kinds claims,scan,study,cards,saved,table]

Once, in a temporary directory, real files are made by the commands themselves: a book (the
shipped one, copied), a matrix run played by `book:FILE` against greedy (its record holds the
player specs), a two-step ladder and a one-master tuning; for the newer commands (#36) a
symmetric matrix run, a sensitivity scan of it, a small rebalance study, a matchup's records
with the card events (CSV and Parquet), a saved game of `play --human` and the shipped claims
file; a table run of the toy game (`matrix --game toy --seats 3`, one part). Each case then
takes a fresh copy, changes one file with a hypothesis-drawn mutation and runs the command that
reads it:

    book            emr-sim matchup crow wind -n 2 --players book:FILE,greedy
    run record      emr-sim matrix -o RUN ... (resume), emr-sim compare RUN PRISTINE or emr-sim
                    meta RUN, in turn; one accepted case in REPORT_EVERY also runs emr-sim
                    report RUN -o r.html
    ladder record   emr-sim ladder -o LADDER ... (resume); its ladder.json or a step's run.json
    tuning records  emr-sim tune crow -o TUNING ... (resume); its tune.json or results.json
    claims file     emr-sim claims FILE SYM, or with -o OUT (it writes there)
    scan record     emr-sim sensitivity SYM -o SCAN ... (resume) or emr-sim claims community
                    SYM --scan SCAN, in turn; one accepted case in SCAN_REPORT_EVERY also runs
                    emr-sim report SYM --sensitivity SCAN -o r.html
    study records   emr-sim rebalance -o STUDY ... (resume): rebalance.json, base.json, study.db
    card events     emr-sim card-stats RECORDS (a CSV or a Parquet file of matchup --cards)
    saved game      emr-sim tui --replay GAME (read, replayed and checked; without a terminal
                    it then ends with "needs a terminal", counted as accepted)
    table run       emr-sim report TABLE -o t.html, matrix --game toy -o TABLE ... (resume),
                    compare TABLE TABLE or meta TABLE, in turn: run.json or its part

Mutations: a value anywhere in the JSON set to null, a boolean, another type, a negative, a
huge or a 5,000-digit integer, NaN, a 100,000-character string, 100,000 nested brackets; a key
dropped or added; in a TOML claims file a value set to another TOML value or a drawn claim
(unknown masters, numbers out of range, huge or nested values), a line dropped or added, a
claim repeated; in a records file a cell set to a drawn value (negative, 5, 2**64, text, nan,
a master of no name, a 5,000-digit number), a column dropped or added, rows dropped or
repeated; the text cut, a byte flipped or bytes inserted, invalid UTF-8, an empty file; the
file replaced by a FIFO, a directory, a link to /dev/zero, a link to itself, or removed.
Each case is appended to --log (one JSON line, flushed) before it is tried. A case passes
when the command exits 0, or 2 or 3 with exactly one `emr-sim: error:` line on stderr of at
most LINE_LIMIT characters and nothing on stdout; it fails on any other exit, an exception, a
second error line or a traceback, or taking more than CASE_SECONDS (a hang).
The summary (cases, outcomes by kind, seconds, failures) is printed as JSON and written to
--summary; the exit code is 1 when a case failed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

import hypothesis
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from emr_sim.analysis.claims.spec import community_path
from emr_sim.cli import main as cli_main
from emr_sim.errors import LINE_LIMIT
from emr_sim.games.emr.lineup.book import tuned_path

CASE_SECONDS = 60  # a case that takes longer is a hang (the slowest measured take about 2 s)
REPORT_EVERY = 2  # one accepted run-record case in this many also writes the HTML report
SCAN_REPORT_EVERY = 10  # ... and one accepted scan case in this many (report SYM --sensitivity SCAN)
KEEP_FAILURES = 20
ROUNDS = 20  # hypothesis runs at most this many times to reach --cases
HUGE_DIGITS = 5000
LONG_TEXT = 100_000
DEEP = 100_000
ERROR = "emr-sim: error: "
HUGE, NAN, LONG, NESTED = "@HUGE@", "@NAN@", "@LONG@", "@DEEP@"  # replaced in the file's text
TOKENS = {
    f'"{HUGE}"': "9" * HUGE_DIGITS,
    f'"{NAN}"': "NaN",
    f'"{LONG}"': json.dumps("x" * LONG_TEXT),
    f'"{NESTED}"': "[" * DEEP + "]" * DEEP,
}
VALUES = (None, True, False, -1, 0, 1, 2, 3, 7, 2**31, 2**63, 2**70, 1.5, -0.5, "", "x", "crow", "every")
VALUES += ("greedy", "book:nope.json", [], {}, [1, 2], {"a": 1}, HUGE, NAN, LONG, NESTED)
FILE_KINDS = ("fifo", "directory", "dev-zero", "self-link", "removed")
BYTE_EDITS = ("cut", "flip", "insert", "bad-utf8", "empty", "bom")

QUIET = ["--quiet", "--workers", "1"]
RUN_ARGS = ["--heroes", "crow,wind", "-n", "4", "--players", "book:{book},greedy", *QUIET]
LADDER_ARGS = ["--heroes", "crow,wind", "-n", "8", "--rungs", "random,greedy,tuned", *QUIET]
TUNE_ARGS = ["--generations", "1", "--pairs", "1", "--validation-pairs", "2", "--popsize", "2", *QUIET]
SYM_ARGS = ["--heroes", "crow,wind", "-n", "4", *QUIET]  # one cell: a scan of it reads quickly
SCAN_ARGS = ["-n", "2", "--cards", "red-3-4", *QUIET]
STUDY_ARGS = ["--heroes", "crow,wind", "--players", "greedy", "--knob", "trap_once", "--rungs", "4,8"]
STUDY_ARGS += ["--trials", "2", "--verify", "none", *QUIET]
CARD_ARGS = ["crow", "wind", "-n", "6", "--cards", "--quiet"]
TABLE_ARGS = ["--game", "toy", "--seats", "3", "-n", "6", *QUIET]  # a table run of one part
SAVED_INPUT = "1\n" * 5000  # the first legal action at every decision, until the game ends
TARGETS = {  # kind: the files of the pristine tree it mutates
    "book": ["book.json"],
    "run": ["run/run.json"],
    "ladder": ["ladder/ladder.json", "ladder/steps/step-1/run.json", "ladder/steps/step-2/run.json"],
    "tuning": ["tuning/tune.json", "tuning/results.json"],
    "claims": ["claims.toml"],
    "scan": ["scan/scan.json"],
    "study": ["study/rebalance.json", "study/base.json", "study/study.db"],
    "cards": ["records.csv", "records.parquet"],
    "saved": ["game.json"],
    "table": ["table/run.json", "table/cells/seats-3/part-00000.parquet"],
}
TERMINAL = "needs a terminal"  # tui --replay's refusal once the saved game was read and replayed
# a TOML value for a claims file: types, numbers and strings no claim has, and claims of each form
# with words and numbers out of place
TOML_VALUES = (
    "123",
    "true",
    "[1, 2]",
    "{a = 1}",
    '""',
    '"x"',
    "-1",
    "nan",
    "inf",
    "1979-05-27",
    "'crow beats wind'",
)
CLAIM_FORMS = (
    "{a} beats {b}",
    "{a} is in the top {n}",
    "{a} wins {d} {p} %",
    "the first player wins {d} {p}%",
)
MASTER_WORDS = ("crow", "wind", "earth", "poison", "Kung-Fu", "master of masters", "zorro", "", "crow crow")
NUMBER_WORDS = ("1", "7", "8", "0", "three", "eight", "-1", "99999999999999999999999", "1e3", "nan", "50.5")


class Hang(Exception):
    """A case that ran past CASE_SECONDS."""


def on_alarm(_signum, _frame):
    raise Hang(f"no answer within {CASE_SECONDS} s")


# ---------------------------------------------------------------- the real files


def invoke(*args: object, input: str | None = None):  # noqa: A002 - CliRunner's name
    return CliRunner().invoke(cli_main, [str(a) for a in args], input=input, catch_exceptions=True)


def make_pristine(root: Path) -> Path:
    """The real files every case starts from, made by the commands themselves."""
    tree = root / "pristine"
    tree.mkdir()
    shutil.copy(tuned_path(), tree / "book.json")
    shutil.copy(community_path(), tree / "claims.toml")
    cwd = os.getcwd()
    os.chdir(tree)  # the run records name the book as given: book.json, relative
    try:
        for args, text in (
            (["matrix", "-o", "run", *[a.format(book="book.json") for a in RUN_ARGS]], None),
            (["ladder", "-o", "ladder", *LADDER_ARGS], None),
            (["tune", "crow", "-o", "tuning", *TUNE_ARGS], None),
            (["matrix", "-o", "sym", *SYM_ARGS], None),
            (["sensitivity", "sym", "-o", "scan", *SCAN_ARGS], None),
            (["rebalance", "-o", "study", *STUDY_ARGS], None),
            (["matchup", *CARD_ARGS, "--records", "records.csv"], None),
            (["matchup", *CARD_ARGS, "--records", "records.parquet"], None),
            (["play", "--human", "--seed", "5", "--save", "game.json"], SAVED_INPUT),
            (["matrix", "-o", "table", *TABLE_ARGS], None),
        ):
            result = invoke(*args, input=text)
            if result.exit_code != 0:
                raise SystemExit(f"making the real files: {' '.join(args)}: {result.output[-2000:]}")
    finally:
        os.chdir(cwd)
    return tree


def commands(kind: str, case: int, target: str = "") -> list[list[str]]:
    """The commands that read what a case of `kind` changed (paths relative to the case's copy)."""
    run = [a.format(book="book.json") for a in RUN_ARGS]
    if kind == "book":
        return [["matchup", "crow", "wind", "-n", "2", "--players", "book:book.json,greedy", "--quiet"]]
    if kind == "run":
        return [
            [["compare", "run", "pristine-run"], ["matrix", "-o", "run", *run], ["meta", "run"]][case % 3]
        ]
    if kind == "ladder":
        return [["ladder", "-o", "ladder", *LADDER_ARGS]]
    if kind == "tuning":
        return [["tune", "crow", "-o", "tuning", *TUNE_ARGS]]
    if kind == "claims":
        return [[["claims", "claims.toml", "sym"], ["claims", "claims.toml", "sym", "-o", "out"]][case % 2]]
    if kind == "scan":
        return [
            [
                ["sensitivity", "sym", "-o", "scan", *SCAN_ARGS],
                ["claims", "community", "sym", "--scan", "scan"],
            ][case % 2]
        ]
    if kind == "study":
        return [["rebalance", "-o", "study", *STUDY_ARGS]]
    if kind == "cards":
        return [["card-stats", target, "--top", "1"]]
    if kind == "table":
        return [
            [
                ["report", "table", "-o", "t.html"],
                ["matrix", "-o", "table", *TABLE_ARGS],
                ["compare", "table", "table"],
                ["meta", "table"],
            ][case % 4]
        ]
    return [["tui", "--replay", "game.json"]]


# ---------------------------------------------------------------- mutations


def json_value():
    """A value to put anywhere: the listed ones, or a small random JSON value."""
    leaf = st.one_of(st.sampled_from(VALUES), st.integers(-(2**80), 2**80), st.floats(), st.text(max_size=12))
    small = st.recursive(
        leaf,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
        max_leaves=6,
    )
    return st.one_of(st.sampled_from(VALUES), small)


def draw_path(data, doc) -> list:
    """A path into the JSON document: keys and indices down to some value (the root: [])."""
    path: list = []
    node = doc
    while isinstance(node, dict | list) and node and not data.draw(st.integers(0, 3)) == 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        path.append(key)
        node = node[key]
    return path


def mutate_json(data, doc):
    """The document with one structural change, and the change in words."""
    doc = json.loads(json.dumps(doc))
    path = draw_path(data, doc)
    how = data.draw(st.sampled_from(("set", "set", "set", "drop", "add")))
    if not path:
        return data.draw(json_value()), "root set"
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "drop":
        parent.pop(last) if isinstance(parent, dict) else parent.pop(last)
        return doc, f"drop {path}"
    if how == "add" and isinstance(parent, dict):
        name = data.draw(st.sampled_from(("extra", "format", "cells", "seed", "")))
        parent[name] = data.draw(json_value())
        return doc, f"add {path[:-1] + [name]}"
    parent[last] = data.draw(json_value())
    return doc, f"set {path}"


def file_text(doc) -> str:
    text = json.dumps(doc, indent=1, allow_nan=True)
    for token, replacement in TOKENS.items():
        text = text.replace(token, replacement)
    return text


def mutate_bytes(data, raw: bytes) -> tuple[bytes, str]:
    edit = data.draw(st.sampled_from(BYTE_EDITS))
    at = data.draw(st.integers(0, max(0, len(raw) - 1)))
    if edit == "cut":
        return raw[:at], f"cut at {at}"
    if edit == "flip":
        return raw[:at] + bytes([raw[at] ^ data.draw(st.integers(1, 255))]) + raw[at + 1 :], f"flip {at}"
    if edit == "insert":
        return raw[:at] + data.draw(st.binary(min_size=1, max_size=8)) + raw[at:], f"insert at {at}"
    if edit == "bad-utf8":
        return raw[:at] + b"\xff\xfe" + raw[at:], f"invalid UTF-8 at {at}"
    if edit == "bom":
        return b"\xef\xbb\xbf" + raw, "BOM"
    return b"", "empty"


def mutate_toml(data, text: str) -> tuple[str, str]:
    """A claims file with one change: a value set to another TOML value or a drawn claim, a line
    dropped or added, a claim repeated, or 100,000 nested brackets (the text, and it in words)."""
    lines = text.splitlines()
    how = data.draw(st.sampled_from(("value", "claim", "claim", "drop", "add", "repeat", "huge")))
    values = [i for i, line in enumerate(lines) if "=" in line and not line.lstrip().startswith("#")]
    at = data.draw(st.integers(0, max(0, len(lines) - 1)))
    if how in ("value", "claim", "huge") and values:
        i = data.draw(st.sampled_from(values))
        key = lines[i].split("=", 1)[0].strip()
        value = {
            "value": lambda: data.draw(st.sampled_from(TOML_VALUES)),
            "claim": lambda: drawn_claim(data),
        }.get(
            how,
            lambda: data.draw(
                st.sampled_from(("[" * DEEP + "]" * DEEP, "9" * HUGE_DIGITS, json.dumps("x" * LONG_TEXT)))
            ),
        )()
        lines[i] = f"{key} = {value}"
        return "\n".join(lines) + "\n", f"{how} {key} line {i + 1}"
    if how == "drop" and lines:
        del lines[at]
        return "\n".join(lines) + "\n", f"drop line {at + 1}"
    if how == "repeat":
        times = data.draw(st.sampled_from((2, 50, 2000)))
        return text * times, f"repeat x{times}"
    extra = data.draw(
        st.sampled_from(("[[claim]]", "[claim]", "extra = 1", f"says = {drawn_claim(data)}", "name = 5"))
    )
    lines.insert(at, extra)
    return "\n".join(lines) + "\n", f"add {extra[:40]!r} at line {at + 1}"


def drawn_claim(data) -> str:
    """A claim's words as a TOML string, of a known form with words and numbers drawn."""
    form = data.draw(st.sampled_from(CLAIM_FORMS))
    words = {
        "a": data.draw(st.sampled_from(MASTER_WORDS)),
        "b": data.draw(st.sampled_from(MASTER_WORDS)),
        "n": data.draw(st.sampled_from(NUMBER_WORDS)),
        "p": data.draw(st.sampled_from(NUMBER_WORDS)),
        "d": data.draw(st.sampled_from(("over", "under", "above"))),
    }
    return json.dumps(form.format(**words))


CELL_VALUES = (
    -1,
    0,
    1,
    2,
    5,
    2**63 - 1,
    2**64,
    -(2**63),
    1.5,
    "",
    "x",
    "nan",
    "crow",
    "zorro",
    "9" * HUGE_DIGITS,
)


def mutate_frame(data, path: Path) -> str:
    """A records file (CSV or Parquet) with one change, rewritten in its own format."""
    import pandas as pd

    frame = pd.read_parquet(path) if path.suffix == ".parquet" else pd.read_csv(path)
    how = data.draw(
        st.sampled_from(("cell", "cell", "cell", "drop-column", "add-column", "drop-rows", "repeat-rows"))
    )
    column = data.draw(st.sampled_from(list(frame.columns)))
    if how == "cell":
        row = data.draw(st.integers(0, len(frame) - 1))
        value = data.draw(st.sampled_from(CELL_VALUES))
        frame[column] = frame[column].astype(object)
        frame.loc[row, column] = value
        what = f"cell {row} {column} = {str(value)[:20]}"
    elif how == "drop-column":
        frame = frame.drop(columns=[column])
        what = f"drop column {column}"
    elif how == "add-column":
        frame["extra"] = 1
        what = "add column"
    elif how == "drop-rows":
        frame = frame.iloc[: data.draw(st.integers(0, len(frame) - 1))]
        what = f"keep {len(frame)} rows"
    else:
        frame = pd.concat([frame] * data.draw(st.sampled_from((2, 3))), ignore_index=True)
        what = f"{len(frame)} rows, repeated"
    if path.suffix == ".parquet":
        try:
            frame.to_parquet(path, index=False)
        except Exception:  # noqa: BLE001 - a column of mixed types: written as text
            frame.astype(str).to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False)
    return what


def replace_file(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "self-link":
        path.symlink_to(path.name)


# ---------------------------------------------------------------- one case


class Fuzz:
    def __init__(
        self, log: Path, work: Path, pristine: Path, kinds: tuple[str, ...] = tuple(TARGETS)
    ) -> None:
        self.log, self.work, self.pristine = log, work, pristine
        self.kinds = sorted(kinds)
        self.counts: Counter = Counter()
        self.tried = 0
        self.failures: list[dict] = []
        self.log.write_text("", encoding="utf-8")

    def fail(self, case: dict, why: str) -> None:
        self.counts["failed"] += 1
        if len(self.failures) < KEEP_FAILURES:
            self.failures.append({**case, "why": why[:500]})

    def prepare(self, data) -> tuple[dict, Path]:
        """A fresh copy of the real files with one mutated; the case in words."""
        kind = data.draw(st.sampled_from(self.kinds))
        target = data.draw(st.sampled_from(TARGETS[kind]))
        folder = self.work / "case"
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(self.pristine, folder, symlinks=True)
        shutil.copytree(self.pristine / "run", folder / "pristine-run")
        path = folder / target
        structured = {".toml": "toml", ".csv": "frame", ".parquet": "frame", ".db": "bytes"}.get(
            path.suffix, "json"
        )
        way = data.draw(st.sampled_from((structured,) * 4 + ("bytes", "file")))
        if way == "json":
            doc, what = mutate_json(data, json.loads(path.read_text(encoding="utf-8")))
            path.write_text(file_text(doc), encoding="utf-8")
        elif way == "toml":
            text, what = mutate_toml(data, path.read_text(encoding="utf-8"))
            path.write_text(text, encoding="utf-8")
        elif way == "frame":
            what = mutate_frame(data, path)
        elif way == "bytes":
            raw, what = mutate_bytes(data, path.read_bytes())
            path.write_bytes(raw)
        else:
            what = data.draw(st.sampled_from(FILE_KINDS))
            replace_file(path, what)
        return {"kind": kind, "file": target, "mutation": f"{way}: {what}"}, folder

    def check(self, case: dict, args: list[str], result) -> str | None:
        """None when the command kept its promise, else what went wrong."""
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            return "".join(traceback.format_exception(result.exception)).strip().splitlines()[-1]
        errors = [line for line in result.stderr.splitlines() if line.startswith(ERROR)]
        if "Traceback" in result.output:
            return "a traceback"
        if result.exit_code == 0:
            return None if not errors else f"exit 0 with {errors[0][:200]}"
        if result.exit_code not in (2, 3):
            return f"exit {result.exit_code}: {result.output[-300:]}"
        if len(errors) != 1 or result.stdout:
            return f"exit {result.exit_code} with {len(errors)} error lines: {result.output[-300:]}"
        if len(errors[0]) > len(ERROR) + LINE_LIMIT + len("… (1,000,000 more characters)"):
            return f"an error line of {len(errors[0]):,} characters"
        return None

    def try_case(self, data, cases: int) -> None:
        """One case: its draws are all made first (a draw hypothesis cuts short ends the case
        before it is numbered), and a case past `cases` is not run."""
        case, folder = self.prepare(data)
        if self.tried >= cases:
            return
        self.tried += 1
        case = {"case": self.tried, **case}
        number = self.tried
        with self.log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(case) + "\n")
        cwd = os.getcwd()
        os.chdir(folder)
        signal.alarm(CASE_SECONDS)
        try:
            for args in commands(case["kind"], number, case["file"]):
                result = invoke(*args)
                problem = self.check(case, args, result)
                if problem:
                    self.fail(case, f"{' '.join(args)}: {problem}")
                    return
                outcome = "accepted" if result.exit_code == 0 else f"exit {result.exit_code}"
                if case["kind"] == "saved" and TERMINAL in result.stderr:
                    outcome = "accepted"  # read, replayed and checked: only the terminal is missing
                self.counts[f"{case['kind']} {outcome}"] += 1
                self.counts[outcome] += 1
                every = {"run": REPORT_EVERY, "scan": SCAN_REPORT_EVERY}.get(case["kind"])
                if every and result.exit_code == 0:
                    self.counts[f"{case['kind']} accepted so far"] += 1
                    if self.counts[f"{case['kind']} accepted so far"] % every == 1:
                        report = ["report", "run", "-o", "r.html"]
                        if case["kind"] == "scan":
                            report = ["report", "sym", "--sensitivity", "scan", "-o", "r.html"]
                        problem = self.check(case, report, invoke(*report))
                        self.counts["reports"] += 1
                        if problem:
                            self.fail(case, f"report: {problem}")
        except Hang as err:
            self.fail(case, str(err))
        finally:
            signal.alarm(0)
            os.chdir(cwd)

    def summary(self) -> dict:
        counts = dict(self.counts)
        counts.pop("run accepted so far", None)
        counts.pop("scan accepted so far", None)
        return {**counts, "failed": self.counts["failed"], "failures": self.failures}


def run(cases: int, log: Path, seed: int = 0, kinds: tuple[str, ...] = tuple(TARGETS)) -> dict:
    start = time.perf_counter()
    signal.signal(signal.SIGALRM, on_alarm)
    with tempfile.TemporaryDirectory() as work:
        pristine = make_pristine(Path(work))
        fuzz = Fuzz(log, Path(work), pristine, kinds)
        for round_ in range(ROUNDS):  # hypothesis may stop short of max_examples: go on
            left = cases - fuzz.tried
            if left <= 0:
                break

            @hypothesis.seed(seed * ROUNDS + round_)  # the same seed draws the same cases
            @settings(
                max_examples=left,
                database=None,
                deadline=None,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(st.data())
            def one(data):
                try:
                    fuzz.try_case(data, cases)
                except Exception:  # noqa: BLE001 - the harness itself must not stop the run
                    fuzz.fail({"case": fuzz.tried}, traceback.format_exc(limit=3).splitlines()[-1])

            one()
        tried = sum(1 for _ in log.open(encoding="utf-8"))
        seconds = round(time.perf_counter() - start, 1)
        return {"cases": tried, "seed": seed, "kinds": list(fuzz.kinds), "seconds": seconds, **fuzz.summary()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument(
        "--log", type=Path, required=True, help="each case is appended here before it is tried"
    )
    parser.add_argument("--summary", type=Path, default=None)
    parser.add_argument(
        "--seed", type=int, default=0, help="hypothesis's seed (the same draws the same cases)"
    )
    parser.add_argument(
        "--kinds", default=",".join(TARGETS), help=f"the kinds of input mutated (of {', '.join(TARGETS)})"
    )
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    unknown = [k for k in kinds if k not in TARGETS]
    if unknown or not kinds:
        parser.error(f"--kinds: unknown {', '.join(unknown) or 'none given'}; known: {', '.join(TARGETS)}")
    result = run(args.cases, args.log.resolve(), args.seed, kinds)
    text = json.dumps(result, indent=1)
    print(text)
    if args.summary:
        args.summary.write_text(text, encoding="utf-8")
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
