"""A hostile but realistic user (#23): inputs that cannot hang or blow up, no tracebacks, honest
one-line messages, comparisons that say every difference. Every refusal here asserts its exit
code (2 bad input, 3 cannot write), exactly one stderr line, and that nothing was written."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from support.cli import run
from support.hostile import refused

from emr_sim.files.read import MAX_DEPTH
from emr_sim.games.emr.lineup.book import tuned_path

QUIET = ("--quiet", "--workers", "1")
DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "9" * 5000


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """A book, a matrix run played by it, and a finished two-step ladder."""
    root = tmp_path_factory.mktemp("hostile")
    book = root / "book.json"
    shutil.copy(tuned_path(), book)
    out = {"root": root, "book": book, "run": root / "run", "ladder": root / "ladder"}
    players = f"book:{book},greedy"
    result = run(
        "matrix", "-o", out["run"], "--heroes", "crow,wind,earth", "-n", "20", "--players", players, *QUIET
    )
    assert result.exit_code == 0, result.output
    result = run("ladder", "-o", out["ladder"], "--heroes", "crow,wind", "-n", "16", *QUIET)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


# ---------------------------------------------------------------- inputs that cannot hang or blow up


@pytest.mark.timeout(30)
def test_a_fifo_is_refused_at_once_wherever_a_file_is_read(tmp_path, fifo):
    """Example 2: a FIFO given as a book blocked forever; as a deck, a position too."""
    named = "not a regular file (a named pipe)"
    refused(
        tmp_path, "matchup", "crow", "wind", "-n", 2, "--players", f"book:{fifo},greedy", needles=(named,)
    )
    refused(tmp_path, "matchup", "crow", "wind", "-n", 2, "--deck", fifo, needles=(named,))
    refused(tmp_path, "position", "show", fifo, needles=(named,))
    refused(tmp_path, "resolve", fifo, "--list", needles=(named,))


@pytest.mark.timeout(30)
@pytest.mark.parametrize("record", ["run.json", "steps/step-1/run.json", "ladder.json"])
def test_a_record_that_is_a_fifo_or_a_device_is_refused_at_once(made, tmp_path, record):
    copy = tmp_path / "ladder"
    shutil.copytree(made["ladder"], copy)
    path = copy / record if record != "run.json" else copy / "steps" / "step-2" / "run.json"
    path.unlink()
    os.mkfifo(path)
    if record == "ladder.json":
        refused(
            tmp_path, "ladder", "-o", copy, "--heroes", "crow,wind", "-n", 16, *QUIET, needles=("named pipe",)
        )
    else:
        refused(tmp_path, "report", path.parent, "-o", tmp_path / "r.html", needles=("named pipe",))
    path.unlink()
    path.symlink_to("/dev/zero")
    if record != "ladder.json":
        refused(tmp_path, "compare", path.parent, path.parent, needles=("a character device",))


@pytest.mark.timeout(30)
def test_dev_zero_is_refused_as_a_position_a_deck_and_a_book(tmp_path):
    """Example 2: `position show /dev/zero` grew to 24 GB."""
    device = "not a regular file (a character device)"
    refused(tmp_path, "position", "show", "/dev/zero", needles=("/dev/zero", device))
    refused(tmp_path, "cards", "--deck", "/dev/zero", needles=(device,))
    refused(
        tmp_path, "matchup", "crow", "wind", "-n", 2, "--players", "book:/dev/zero,greedy", needles=(device,)
    )


@pytest.mark.timeout(60)
def test_deep_nesting_is_refused_in_a_book_and_every_record(made, tmp_path):
    """Example 3: a book of 100,000 nested brackets raised RecursionError; run, ladder and
    tuning records the same."""
    deep = f"nested more than {MAX_DEPTH} levels deep"
    book = tmp_path / "deep.json"
    book.write_text(DEEP)
    refused(tmp_path, "matchup", "crow", "wind", "-n", 2, "--players", f"book:{book},greedy", needles=(deep,))
    copy = tmp_path / "run"
    shutil.copytree(made["run"], copy)
    (copy / "run.json").write_text(DEEP)
    refused(tmp_path, "report", copy, "-o", tmp_path / "r.html", needles=("run.json", deep))
    ladder = tmp_path / "ladder"
    shutil.copytree(made["ladder"], ladder)
    (ladder / "ladder.json").write_text(DEEP)
    refused(tmp_path, "ladder", "-o", ladder, "--heroes", "crow,wind", "-n", 16, *QUIET, needles=(deep,))
    tuning = tmp_path / "tuning"
    tuning.mkdir()
    (tuning / "tune.json").write_text(DEEP)
    refused(tmp_path, "tune", "crow", "-o", tuning, "--quiet", needles=("tune.json", deep))


@pytest.mark.timeout(60)
def test_a_5000_digit_integer_is_named_by_file_and_json_path(made, tmp_path):
    """Example 4: 'Exceeds the limit (4300 digits)…' with no file or JSON path."""
    book = tmp_path / "book.json"
    text = tuned_path().read_text(encoding="utf-8")
    doc = json.loads(text)
    doc["masters"]["crow"]["w_pair"] = "@"
    book.write_text(json.dumps(doc).replace('"@"', HUGE))
    line = refused(tmp_path, "matchup", "crow", "wind", "-n", 2, "--players", f"book:{book},greedy")
    assert "book.json" in line and "$.masters.crow.w_pair" in line and "Exceeds the limit" not in line
    copy = tmp_path / "run"
    shutil.copytree(made["run"], copy)
    record = (copy / "run.json").read_text(encoding="utf-8")
    (copy / "run.json").write_text(record.replace('"seed": 20261202', f'"seed": {HUGE}'))
    line = refused(tmp_path, "compare", copy, made["run"], needles=("run.json", "$.seed", "5000-digit"))


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("env", "args", "needles"),
    [
        (None, ("--cluster", "local:100000"), ("--cluster local:100000: at most", "local workers")),
        ({"EMR_SIM_CLUSTER": "local:100000"}, (), ("EMR_SIM_CLUSTER=local:100000: at most",)),
        ({"EMR_SIM_CLUSTER": "local:0"}, (), ("EMR_SIM_CLUSTER=local:0: local:N needs",)),
        (None, ("--cluster", f"local:{HUGE}"), ("5,006 characters", "at most")),
        (None, ("--workers", "100000"), ("--workers 100,000: at most", "threads")),
    ],
    ids=["local-100000", "env-100000", "env-0", "local-5000-digits", "workers"],
)
def test_worker_counts_are_checked_before_anything_starts(tmp_path, env, args, needles):
    """Example 2: `--cluster local:100000` printed nothing for 90 s while memory grew; the
    variable the user set is named, not an option they did not give (example 4)."""
    refused(
        tmp_path,
        "matrix",
        "-o",
        tmp_path / "m",
        "--heroes",
        "crow,wind",
        "-n",
        2,
        *args,
        env=env,
        needles=needles,
    )


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("--pairs", "100000000000"), ("--pairs 100,000,000,000", "of memory", "more than this machine's")),
        (("--popsize", "1000000000"), ("--popsize 1,000,000,000", "give a smaller --popsize")),
        (("--validation-pairs", "100000000000"), ("--validation-pairs 100,000,000,000",)),
    ],
)
def test_tuning_sizes_are_checked_against_memory_before_anything_is_written(tmp_path, args, needles):
    """Example 3: `tune … --pairs 100000000000` printed an estimate, then an ArrayMemoryError
    traceback, and left tune.json behind."""
    refused(tmp_path, "tune", "crow", "-o", tmp_path / "t", "--quiet", *args, needles=needles)
    assert not (tmp_path / "t").exists()


@pytest.mark.timeout(60)
def test_matrix_and_ladder_sizes_name_the_option_given(tmp_path):
    refused(
        tmp_path, "ladder", "-o", tmp_path / "l", "-n", 10**14, "--quiet", needles=("-n 100,000,000,000,000",)
    )
    refused(tmp_path, "matrix", "-o", tmp_path / "m", "-n", 10**11, "--quiet", needles=("of memory",))


# ---------------------------------------------------------------- outputs: exit 3, one line


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "command",
    [
        ("ladder", "--heroes", "crow,wind", "-n", 8, *QUIET),
        ("tune", "crow", "--quiet"),
        ("matrix", "--heroes", "crow,wind", "-n", 2, *QUIET),
    ],
    ids=["ladder", "tune", "matrix"],
)
def test_an_output_directory_that_cannot_be_made_is_exit_3(tmp_path, command):
    """Example 3: `ladder -o /read-only/x` and `tune crow -o /proc/x` gave mkdir tracebacks."""
    refused(tmp_path, *command, "-o", "/proc/emr-sim-x", code=3, needles=("/proc/emr-sim-x: cannot write",))
    (tmp_path / "file").write_text("mine")
    refused(tmp_path, *command, "-o", tmp_path / "file", code=3, needles=("a file is in the way",))
    refused(tmp_path, *command, "-o", tmp_path / "file" / "x", code=3, needles=("a file is in the way",))


@pytest.mark.timeout(60)
def test_an_output_file_naming_a_directory_is_exit_3(made, tmp_path):
    """Example 4: `-o` naming an existing directory gave click's 3-line usage text."""
    in_the_way = ("a directory is in the way",)
    refused(tmp_path, "report", made["run"], "-o", tmp_path, code=3, needles=in_the_way)
    args = ("matchup", "crow", "wind", "-n", 2, "--records", tmp_path)
    refused(tmp_path, *args, code=3, needles=in_the_way)
    refused(tmp_path, "position", "new", "-o", tmp_path, code=3, needles=in_the_way)


# ---------------------------------------------------------------- messages


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("matrix", "--bogus"), ("matrix: no such option '--bogus'", "emr-sim matrix --help")),
        (("matchup", "crow"), ("matchup: missing argument 'HERO_B'",)),
        (("matchup", "crow", "wind", "-n", "x"), ("'x' is not a valid integer",)),
        (("shuffle",), ("no such command 'shuffle'",)),
        (("--bogus",), ("no such option '--bogus'", "emr-sim --help")),
    ],
    ids=["unknown-option", "missing-argument", "bad-type", "unknown-command", "group-option"],
)
def test_click_usage_errors_are_one_line_exit_2(tmp_path, args, needles):
    """Example 4: unknown options printed click's 3-line usage text."""
    refused(tmp_path, *args, needles=needles)


@pytest.mark.parametrize(
    "args",
    [
        ("matchup", "crow", "wind", "--players", "greedy(" + "w_pair=1," * 20_000 + ")"),
        ("matchup", "crow", "wind", "--players", "x" * 200_000),
        ("matchup", "crow" * 50_000, "wind"),
        ("matchup", "crow", "wind", "--rule", "health=" + "9" * 100_000),
    ],
    ids=["spec", "player", "hero", "rule"],
)
def test_long_input_is_cut_in_the_message(tmp_path, args):
    """Example 4: an illegal action or spec was echoed in full (lines of 100–200 k characters)."""
    line = refused(tmp_path, *args)
    assert "characters)" in line  # said how long it was


def test_a_long_illegal_action_is_cut(tmp_path):
    position = tmp_path / "p.toml"
    assert run("position", "new", "-o", position).exit_code == 0
    line = refused(tmp_path, "resolve", position, "play " + "x" * 100_000)
    assert "characters" in line


def test_a_binary_toml_position_is_not_utf8_text(tmp_path):
    """Example 4: a binary .toml was reported as "not JSON"."""
    path = tmp_path / "b.toml"
    path.write_bytes(bytes(range(128, 256)) * 4)
    refused(tmp_path, "position", "show", path, needles=("not UTF-8 text",))


def test_a_matrix_resumed_on_a_changed_book_says_the_book_changed(tmp_path):
    """Example 4: one line of 35,494 characters that never said the book changed."""
    book = tmp_path / "b.json"
    shutil.copy(tuned_path(), book)
    args = (
        "matrix",
        "-o",
        tmp_path / "r",
        "--heroes",
        "crow,wind",
        "-n",
        4,
        "--players",
        f"book:{book},greedy",
        *QUIET,
    )
    assert run(*args).exit_code == 0
    doc = json.loads(book.read_text(encoding="utf-8"))
    book.write_text(json.dumps(doc | {"made_by": "edited"}), encoding="utf-8")
    line = refused(tmp_path, *args, needles=("side A's book", "changed since the run"))
    assert len(line) < 400


# ---------------------------------------------------------------- reports and comparisons


def test_a_finished_ladder_step_reports_as_finished(made, tmp_path):
    """Example 4: 'is unfinished: 36 of 28 cells (not yet played: )' and a command that
    plays nothing."""
    result = run("report", made["ladder"] / "steps" / "step-2", "-o", tmp_path / "s.html")
    assert result.exit_code == 0, result.output
    assert "unfinished" not in result.output
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "This run is unfinished" not in html and "3 of 3" in html  # crow-crow, crow-wind, wind-wind


def test_compare_two_ladder_steps_names_the_players(made):
    """Example 4: a 15-line pandas merge error."""
    steps = made["ladder"] / "steps"
    result = run("compare", steps / "step-1", steps / "step-2")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first == "the runs differ in: players greedy, random → tuned, greedy", first


def test_compare_runs_of_other_masters_names_them_and_the_cells_left_out(made, tmp_path):
    """Example 5: `compare A H` with other masters listed the players but not the heroes, and
    reported from the one shared cell without saying so."""
    other = tmp_path / "other"
    result = run("matrix", "-o", other, "--heroes", "crow,wind,poison", "-n", 20, *QUIET)
    assert result.exit_code == 0
    result = run("compare", made["run"], other)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "heroes crow, wind, earth → crow, wind, poison" in lines[0]
    assert "players book:" in lines[0]
    assert lines[1].startswith("compared on the 1 cells both runs finished; left out: 2 cells only in ")
    assert "crow vs earth" in lines[1] and "crow vs poison" in lines[1]


def test_a_finished_run_whose_book_was_deleted_is_reported_from_its_record(made, tmp_path):
    """Example 5: the record holds the vectors and the sha256; the report needs nothing else."""
    copy = tmp_path / "run"
    shutil.copytree(made["run"], copy)
    book = made["root"] / "book.json"
    saved = book.read_bytes()
    book.unlink()
    try:
        result = run("report", copy, "-o", tmp_path / "r.html")
    finally:
        book.write_bytes(saved)
    assert result.exit_code == 0, result.output
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "cannot be replayed" not in html
    assert "replay's winner" in html and "matches the run's record" in html  # a game replayed


def test_tune_names_its_own_argument_not_an_option_it_lacks(tmp_path):
    """Example 4: `tune crow,crow` spoke of a `--heroes` option `tune` does not have."""
    line = refused(
        tmp_path, "tune", "crow,crow", "-o", tmp_path / "t", needles=("HEROES names a master twice",)
    )
    assert "--heroes" not in line
