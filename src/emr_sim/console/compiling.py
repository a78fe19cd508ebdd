"""The first run's notice: one line on stderr while numba compiles the kernels.

On a fresh install (or after an edit to the kernel sources) the first command that plays
compiles its kernels for this machine, which takes about a minute on 2 cores, before any
progress bar can start: without a word, that looks like a hang. `compiling(kernels)` says
so before the compile, with a spinner on a terminal, and gives the time it took when done.

Whether a kernel needs compiling is read from numba's own cache index (the .nbi file of
the kernel in emr_sim.jit.cache_dir(), which numba discards when the source changed), so
a cached run prints nothing and pays nothing. The notice is for the command line: the
CLI turns it on (`enable()`); the Python API stays quiet.

`on_first_compile()` is the same notice for work whose kernels cannot be listed beforehand
(the play app's warm-up calls kernels in argument types a cached index may not hold yet): it
listens to numba's own "numba:compile" event, which numba fires when it really compiles and
never for a load from the cache, and says so at the first one.
"""

from __future__ import annotations

import contextlib
import itertools
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator

ESTIMATE = "about 40 s on 2 cores"  # docs/benchmarks.md, "First run"
SPIN_SECONDS = 0.1
SPINNER = "|/-\\"

_enabled = False
_listening = False  # inside on_first_compile: compiling() leaves the notice to it


def enable(on: bool = True) -> None:
    """Show the notice (the CLI calls this; the Python API leaves it off)."""
    global _enabled
    _enabled = on


def is_cached(kernel) -> bool:
    """Whether numba holds a compiled version of this dispatcher, loaded or on disk."""
    try:
        return bool(kernel.overloads) or bool(kernel._cache._cache_file._load_index())
    except (AttributeError, OSError):  # plain Python (NUMBA_DISABLE_JIT) or no cache: nothing to say
        return True


@contextlib.contextmanager
def compiling(kernels: Iterable, stream=None) -> Iterator[bool]:
    """Around the first call of KERNELS: the notice when one of them is not compiled yet
    (and the notice is on). Yields whether it was shown."""
    stream = stream or sys.stderr
    if not _enabled or _listening or all(is_cached(k) for k in kernels):
        yield False
        return
    notice = _Notice(stream)
    notice.start()
    try:
        yield True
    finally:
        notice.done()


class _Notice:
    """The notice line: said at start(), with a spinner on a terminal, the time at done()."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.stop = threading.Event()
        self.spinner: threading.Thread | None = None
        self.begun = 0.0

    def start(self) -> None:
        self.stream.write(
            f"emr-sim: compiling the simulation kernels for this machine (once; {ESTIMATE}) ... "
        )
        self.stream.flush()
        self.begun = time.perf_counter()
        if _is_tty(self.stream):
            self.spinner = threading.Thread(target=_spin, args=(self.stream, self.stop), daemon=True)
            self.spinner.start()

    def done(self) -> None:
        self.stop.set()
        if self.spinner:
            self.spinner.join()
        self.stream.write(f"done in {time.perf_counter() - self.begun:.0f} s\n")
        self.stream.flush()


def _first_compile_listener(stream):
    """A numba event listener that starts the notice at the first real compile (its .notice)."""
    from numba.core import event

    class FirstCompile(event.Listener):
        notice: _Notice | None = None

        def on_start(self, ev) -> None:
            if self.notice is None:
                self.notice = _Notice(stream)
                self.notice.start()

        def on_end(self, ev) -> None:
            pass

    return FirstCompile()


@contextlib.contextmanager
def on_first_compile(stream=None) -> Iterator[Callable[[], bool]]:
    """Around work that may compile kernels (when the notice is on): the notice as numba
    starts its first real compile in it, the time when the work is done. Yields a function
    telling whether the notice was shown. Plain Python (NUMBA_DISABLE_JIT) compiles nothing."""
    global _listening
    if not _enabled:
        yield lambda: False
        return
    from numba.core import event

    watcher = _first_compile_listener(stream or sys.stderr)
    _listening = True
    try:
        with event.install_listener("numba:compile", watcher):
            yield lambda: watcher.notice is not None
    finally:
        _listening = False
        if watcher.notice is not None:
            watcher.notice.done()


def _is_tty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _spin(stream, stop: threading.Event) -> None:
    """Turn a character at the end of the line until stop is set, then rub it out."""
    for char in itertools.cycle(SPINNER):
        stream.write(char + "\b")
        stream.flush()
        if stop.wait(SPIN_SECONDS):
            break
    stream.write(" \b")
    stream.flush()
