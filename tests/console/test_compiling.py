"""A first run says that it compiles (emr_sim.console.compiling): one line on stderr before the
kernels compile, with the time when done, a spinner only on a terminal, nothing once the
kernels are cached, and nothing from the Python API."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner

from emr_sim.cli import main
from emr_sim.console import compiling
from emr_sim.games.emr.face import core

NOTICE = "emr-sim: compiling the simulation kernels for this machine (once;"


class FakeKernel:
    """A dispatcher as compiling.is_cached reads it: loaded overloads, then numba's index."""

    def __init__(self, on_disk: bool):
        index = {("int64",): "entry"} if on_disk else {}
        index_file = type("IndexFile", (), {"_load_index": lambda self: index})()
        self.overloads: dict = {}
        self._cache = type("Cache", (), {"_cache_file": index_file})()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def enabled(monkeypatch):
    monkeypatch.setattr(compiling, "_enabled", True)


def test_a_kernel_not_compiled_is_announced_with_the_time_it_took(enabled):
    out = io.StringIO()
    with compiling.compiling([FakeKernel(on_disk=True), FakeKernel(on_disk=False)], out) as shown:
        pass
    text = out.getvalue()
    assert shown and text.startswith(NOTICE)
    assert text.endswith(" s\n") and "done in" in text and text.count("\n") == 1
    assert not any(c in text for c in "|/\\\b")  # no spinner when not on a terminal


def test_on_a_terminal_a_spinner_turns_until_done(enabled):
    out = Terminal()
    with compiling.compiling([FakeKernel(on_disk=False)], out):
        import time

        time.sleep(3 * compiling.SPIN_SECONDS)
    text = out.getvalue()
    assert "|\b" in text and "/\b" in text  # turned at least once
    assert text.endswith(" \bdone in 0 s\n")  # rubbed out before the time


def test_cached_kernels_and_the_python_api_stay_quiet(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(compiling, "_enabled", True)
    with compiling.compiling([FakeKernel(on_disk=True)], out) as shown:
        assert not shown
    monkeypatch.setattr(compiling, "_enabled", False)
    with compiling.compiling([FakeKernel(on_disk=False)], out) as shown:
        assert not shown
    assert out.getvalue() == ""


def cli(monkeypatch, *args):
    """Run the CLI as if its first kernel were not compiled yet (as after a compile, the
    next check finds them cached)."""
    answers = iter([False])
    monkeypatch.setattr(compiling, "is_cached", lambda kernel: next(answers, True))
    monkeypatch.setattr(core, "_loaded", False)
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    monkeypatch.setattr(compiling, "_enabled", False)  # main() turned it on for this process
    return result


@pytest.mark.parametrize(
    "args",
    [
        ("matchup", "crow", "illusion", "-n", "2", "--quiet"),
        ("play", "--seed", "3"),
    ],
)
def test_commands_that_run_kernels_announce_a_compile(monkeypatch, args):
    result = cli(monkeypatch, *args)
    assert result.exit_code == 0, result.output
    assert result.stderr.count(NOTICE) == 1
    assert "done in" in result.stderr


def test_numba_cache_index_tells_compiled_from_not(tmp_path):
    """is_cached reads numba's own index: False before the first compile of a kernel in a
    fresh cache, True in the next process (catches a numba that moved its internals)."""
    (tmp_path / "kernel_mod.py").write_text(
        textwrap.dedent(
            """
            from emr_sim.jit import njit_entry

            @njit_entry
            def twice(x):
                return 2 * x
            """
        )
    )
    script = "import kernel_mod as k; from emr_sim.console.compiling import is_cached as c\n"
    script += "before = c(k.twice); k.twice(2); print(before, c(k.twice))"
    path = os.pathsep.join([str(tmp_path), *sys.path])
    env = {**os.environ, "EMR_SIM_CACHE": str(tmp_path / "cache"), "PYTHONPATH": path}
    cmd = [sys.executable, "-c", script]
    runs = [subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert [r.stdout.split() for r in runs] == [["False", "True"], ["True", "True"]], runs[0].stderr[-2000:]


def test_on_first_compile_speaks_at_a_real_compile_only(enabled):
    """The notice of work whose kernels cannot be listed (the play app's warm-up): said when
    numba really compiles in it, not when everything is loaded already."""
    import numba

    @numba.njit(cache=False)
    def twice(x):
        return 2 * x

    out = io.StringIO()
    with compiling.on_first_compile(out) as shown:
        assert twice(21) == 42  # compiles here
    assert shown() and out.getvalue().startswith(NOTICE) and "done in" in out.getvalue()
    again = io.StringIO()
    with compiling.on_first_compile(again) as shown:
        assert twice(4) == 8  # compiled already: nothing to say
    assert not shown() and again.getvalue() == ""


def test_on_first_compile_is_quiet_unless_enabled(monkeypatch):
    import numba

    monkeypatch.setattr(compiling, "_enabled", False)

    @numba.njit(cache=False)
    def thrice(x):
        return 3 * x

    out = io.StringIO()
    with compiling.on_first_compile(out) as shown:
        assert thrice(2) == 6
    assert not shown() and out.getvalue() == ""


def test_inside_on_first_compile_the_listed_notice_stays_quiet(enabled):
    out = io.StringIO()
    with compiling.on_first_compile(io.StringIO()):
        with compiling.compiling([FakeKernel(on_disk=False)], out) as shown:
            pass
    assert not shown and out.getvalue() == ""  # one notice, the listener's
