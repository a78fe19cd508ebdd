"""The first run's notice: one line on stderr while numba compiles the kernels.

On a fresh install (or after an edit to the kernel sources) the first command that plays
compiles its kernels for this machine, which takes about a minute on 2 cores, before any
progress bar can start: without a word, that looks like a hang. `compiling(kernels)` says
so before the compile, with a spinner on a terminal, and gives the time it took when done.

Whether a kernel needs compiling is read from numba's own cache index (the .nbi file of
the kernel in emr_sim.jit.cache_dir(), which numba discards when the source changed), so
a cached run prints nothing and pays nothing. The notice is for the command line: the
CLI turns it on (`enable()`); the Python API stays quiet.
"""

from __future__ import annotations

import contextlib
import itertools
import sys
import threading
import time
from collections.abc import Iterable, Iterator

ESTIMATE = "about 40 s on 2 cores"  # docs/benchmarks.md, "First run"
SPIN_SECONDS = 0.1
SPINNER = "|/-\\"

_enabled = False


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
    if not _enabled or all(is_cached(k) for k in kernels):
        yield False
        return
    stream.write(f"emr-sim: compiling the simulation kernels for this machine (once; {ESTIMATE}) ... ")
    stream.flush()
    start = time.perf_counter()
    stop = threading.Event()
    spinner = threading.Thread(target=_spin, args=(stream, stop), daemon=True) if _is_tty(stream) else None
    if spinner:
        spinner.start()
    try:
        yield True
    finally:
        stop.set()
        if spinner:
            spinner.join()
        stream.write(f"done in {time.perf_counter() - start:.0f} s\n")
        stream.flush()


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
