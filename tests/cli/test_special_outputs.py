"""No special file is ever replaced (#36): for every output option of every command, a named
pipe, a character device and a socket made in a temporary directory are refused with exit 3
and one line, before any work, and are still there, of their kind, afterwards; a regular file
in the way of an output directory is exit 3 on every command too (docs/files.md). `meta -o
FIFO`, `card-stats --csv FIFO` and `play --human --save FIFO` said "wrote" and left a regular
file; as root, `meta -o /dev/full` turned the device into an HTML file."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest
from support.cli import every_option, run
from support.hostile import refused

OUTPUT_FLAGS = {"-o", "--output", "--csv", "--save", "--records"}
QUIET = ["--quiet", "--workers", "1"]
FILE, DIR = "file", "dir"
# (command words, the output option, what it writes, the arguments that go with it); {run},
# {cards} and {position} are the fixture's files
OUTPUTS = {
    ("matchup", "--records"): (FILE, ["matchup", "crow", "wind", "-n", "2", *QUIET, "--records"]),
    ("matrix", "-o"): (DIR, ["matrix", "--heroes", "crow,wind", "-n", "2", *QUIET, "-o"]),
    ("ladder", "-o"): (DIR, ["ladder", "--heroes", "crow,wind", "-n", "8", *QUIET, "-o"]),
    ("tune", "-o"): (DIR, ["tune", "crow", "--quiet", "-o"]),
    ("report", "-o"): (FILE, ["report", "{run}", "-o"]),
    ("meta", "-o"): (FILE, ["meta", "{run}", "--boot", "0", "-o"]),
    ("card-stats", "--csv"): (FILE, ["card-stats", "{cards}", "--csv"]),
    ("sensitivity", "-o"): (DIR, ["sensitivity", "{run}", "-n", "2", *QUIET, "-o"]),
    ("claims", "-o"): (DIR, ["claims", "community", "{run}", "-o"]),
    ("rebalance", "-o"): (
        DIR,
        ["rebalance", "--heroes", "crow,wind", "--knob", "trap_once", "--quiet", "-o"],
    ),
    ("resolve", "-o"): (FILE, ["resolve", "{position}", "draw", "-o"]),
    ("position new", "-o"): (FILE, ["position", "new", "-o"]),
    ("play", "--save"): (FILE, ["play", "--human", "--save"]),
    ("odds", "-o"): (DIR, ["odds", "--game", "hbc", "--table", "-o"]),
}


def output_options() -> set[tuple[str, str]]:
    """(command words, option) of every option of every command that names an output."""
    return {
        (command, sorted(set(p.opts) & OUTPUT_FLAGS, key=len)[0])
        for command, p in every_option()
        if set(p.opts) & OUTPUT_FLAGS
    }


def test_the_table_holds_every_output_option_of_every_command():
    assert output_options() == set(OUTPUTS)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("special")
    out = {"run": str(root / "run"), "cards": str(root / "cards"), "position": str(root / "p.toml")}
    for name, extra in (("run", []), ("cards", ["--cards"])):
        result = run("matrix", "-o", out[name], "--heroes", "crow,wind,earth", "-n", 4, *QUIET, *extra)
        assert result.exit_code == 0, result.output
    assert run("position", "new", "-o", out["position"]).exit_code == 0
    return out


def make_device(path: Path) -> None:
    """A character device like /dev/null (1, 3), or a skip naming why it cannot be made."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("mknod needs root (CAP_MKNOD): the device case runs as root only")


def make_socket(path: Path) -> socket.socket:
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    return server


KINDS = {
    "fifo": (os.mkfifo, stat.S_ISFIFO, "a named pipe is in the way"),
    "device": (make_device, stat.S_ISCHR, "a character device is in the way"),
    "socket": (make_socket, stat.S_ISSOCK, "a socket is in the way"),
}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("output", sorted(OUTPUTS), ids=[" ".join(k) for k in sorted(OUTPUTS)])
def test_a_special_file_in_the_way_of_an_output_is_exit_3_and_stays(
    inputs, tmp_path, monkeypatch, output, kind
):
    make, is_kind, words = KINDS[kind]
    monkeypatch.chdir(tmp_path)  # a socket's path is short (108 bytes at most)
    target = Path("out.x")
    made = make(target)
    try:
        _what, args = OUTPUTS[output]
        words_of = [a.format(**inputs) for a in args]
        line = refused(tmp_path, *words_of, target, code=3, needles=(f"{target}: cannot write: {words}",))
        assert "wrote" not in line
        assert is_kind(os.lstat(tmp_path / target).st_mode), f"{target} is no longer a {kind}"
    finally:
        if made is not None:
            made.close()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("output", sorted(k for k, v in OUTPUTS.items() if v[0] == DIR), ids=" ".join)
def test_a_regular_file_in_the_way_of_an_output_directory_is_exit_3(inputs, tmp_path, output):
    """docs/files.md: a file in the way is exit 3; `-o FILE` was exit 2 on every command (click's
    own check) while a FIFO was exit 3 on two."""
    target = tmp_path / "file"
    target.write_text("mine")
    args = [a.format(**inputs) for a in OUTPUTS[output][1]]
    refused(tmp_path, *args, target, code=3, needles=(f"{target}: cannot write: a file is in the way",))
    assert target.read_text() == "mine"


@pytest.mark.timeout(600)
def test_a_special_file_is_never_renamed_over_by_the_writer_itself(tmp_path):
    """The last guard, below every command: emr_sim.files.write refuses a special target also
    when one appears after the command's check (before the rename)."""
    from emr_sim.errors import WriteError
    from emr_sim.files.write import write_atomically

    target = tmp_path / "late"

    def write(tmp: Path) -> None:
        tmp.write_text("page")
        os.mkfifo(target)  # made meanwhile, between the check and the rename

    with pytest.raises(WriteError, match="a named pipe is in the way"):
        write_atomically(target, write)
    assert stat.S_ISFIFO(os.lstat(target).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["late"]  # no temporary file left
