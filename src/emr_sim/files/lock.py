"""One writer per run directory: an exclusive lock (the filelock library) on RUN_DIR/LOCK_FILE,
and beside it HOLDER_FILE saying who holds it (pid, host, since when, the command).

Every kind of run directory (a matrix run and a ladder step, a ladder, a tuning, and any new
kind) is taken with `claim_dir`, before anything is written in it:

    with claim_dir(root, check, prepare) as run:   # check(root): BadInput for another run's
        ...                                        # directory; run = prepare(root), the start

It checks (a directory another process holds is "in use" first: refuse_held), makes the
directory (emr_sim.files.outdir: exit 3 and one line when it cannot), takes the lock (a second
writer is refused at once, naming the holder), checks again under the lock (another writer
may have started the same directory meanwhile) and runs the block; a start refused after it
made the directory removes it again.

The lock is an OS file lock (flock on Unix), so it goes with its process: a writer killed by
SIGKILL or a power cut holds nothing, and the next run takes the lock at once; the holder file
it leaves is then stale, and is rewritten by the next holder. A second writer is refused at
once (no waiting) with the holder named, and writes nothing.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import json
import os
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from filelock import FileLock, Timeout

from emr_sim.errors import BadInput, WriteError, cut
from emr_sim.files.outdir import NOTHING_WRITTEN, check_dir_target, make_dir, remove_made
from emr_sim.files.read import parse_json, read_input
from emr_sim.files.write import reason, write_text

LOCK_FILE = ".emr-sim.lock"
HOLDER_FILE = ".emr-sim.lock.json"
LOCK_FILES = (LOCK_FILE, HOLDER_FILE)
MAX_HOLDER_BYTES = 64 << 10  # a holder file is one short line of JSON
HOLDER_WORDS = 60  # characters of the holder's host and time said, at most
T = TypeVar("T")


def holder_record() -> dict:
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "since": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
        "command": " ".join(sys.argv),
    }


def holder_words(root: Path) -> str:
    """Who holds the lock of root, in words, from its holder file."""
    try:
        holder = parse_json(read_input(root / HOLDER_FILE, "lock holder", MAX_HOLDER_BYTES), HOLDER_FILE)
        assert isinstance(holder, dict)
        host, since = cut(str(holder["host"]), HOLDER_WORDS), cut(str(holder["since"]), HOLDER_WORDS)
        return f"pid {int(holder['pid'])} on {host}, since {since}"
    except (ValueError, KeyError, TypeError, AssertionError):  # InputFileError is a ValueError
        return "a process that has not said who it is yet"


def in_use(root: Path) -> BadInput:
    return BadInput(
        f"{root}: in use by another emr-sim ({holder_words(root)}); "
        "wait for it to finish, or use another directory"
    )


def refuse_held(run_dir: str | Path) -> None:
    """BadInput naming the holder when another process holds the lock of run_dir, asked before
    anything else is said about the directory (a second rebalance was told "not empty and not
    a rebalance study" of a directory the first was filling). Nothing is written: the lock file
    is only tested, when it is there (opened without blocking: it could be a FIFO)."""
    path = Path(run_dir) / LOCK_FILE
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return  # never locked, or not readable: claim_dir says what is wrong
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)  # the holder's flock is exclusive
        except BlockingIOError:
            raise in_use(Path(run_dir)) from None
        except OSError:
            return
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


@contextmanager
def run_lock(run_dir: str | Path) -> Iterator[None]:
    """Hold the lock of run_dir (an existing directory) for the block; BadInput naming the
    holder when another process holds it, WriteError when the lock file cannot be made."""
    root = Path(run_dir)
    lock = FileLock(root / LOCK_FILE, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise in_use(root) from None
    except OSError as err:
        raise WriteError(root / LOCK_FILE, reason(err)) from None
    try:
        write_text(root / HOLDER_FILE, json.dumps(holder_record()) + "\n")
        yield
    finally:
        (root / HOLDER_FILE).unlink(missing_ok=True)
        lock.release()


def holds_only_lock_files(folder: Path) -> bool:
    """Whether nothing but the lock's files (in any directory below) is in folder: a run
    refused before its first write."""
    return all(p.is_dir() or p.name in LOCK_FILES for p in folder.rglob("*"))


@contextmanager
def claim_dir(
    run_dir: str | Path,
    check: Callable[[Path], object] | None,
    prepare: Callable[[Path], T],
    note: str = NOTHING_WRITTEN,
) -> Iterator[T]:
    """Take the run directory run_dir for this process and run the block with it: check(root)
    (BadInput for a directory that cannot become this run), the directory made (WriteError,
    exit 3), the lock taken (BadInput naming the holder), check(root) again under the lock,
    then prepare(root) (the run's record written, say), whose value the block receives. A
    start refused after the directory was made here removes it, and so does a block that ends
    in an exception before it wrote anything; a directory another process holds is left alone;
    what the block writes is kept whatever happens."""
    root = Path(run_dir)
    check_dir_target(root, note)
    refuse_held(root)  # "in use" before anything else is said about what the directory holds
    if check is not None:
        check(root)
    made = make_dir(root, note)
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(run_lock(root))
        except BadInput:
            raise  # held by another process: its directory, not this one's to remove
        except BaseException:
            remove_made(made)
            raise
        try:
            if check is not None:
                check(root)  # again: another writer may have started this directory meanwhile
            value = prepare(root)
        except BaseException:
            remove_made(made)
            raise
        try:
            yield value
        except BaseException:
            if made is not None and holds_only_lock_files(made):
                stack.close()  # the lock released, then what this claim made removed
                remove_made(made)
            raise
