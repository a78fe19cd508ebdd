"""One writer per run directory: an exclusive lock (the filelock library) on RUN_DIR/LOCK_FILE,
and beside it HOLDER_FILE saying who holds it (pid, host, since when, the command).

The lock is an OS file lock (flock on Unix), so it goes with its process: a writer killed by
SIGKILL or a power cut holds nothing, and the next run takes the lock at once; the holder file
it leaves is then stale, and is rewritten by the next holder. A second writer is refused at
once (no waiting) with the holder named, and writes nothing.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import socket
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from emr_sim.errors import BadInput, WriteError
from emr_sim.files.write import reason, write_text

LOCK_FILE = ".emr-sim.lock"
HOLDER_FILE = ".emr-sim.lock.json"
LOCK_FILES = (LOCK_FILE, HOLDER_FILE)


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
        holder = json.loads((root / HOLDER_FILE).read_text(encoding="utf-8"))
        return f"pid {int(holder['pid'])} on {holder['host']}, since {holder['since']}"
    except (OSError, ValueError, KeyError, TypeError):
        return "a process that has not said who it is yet"


@contextmanager
def run_lock(run_dir: str | Path) -> Iterator[None]:
    """Hold the lock of run_dir (an existing directory) for the block; BadInput naming the
    holder when another process holds it, WriteError when the lock file cannot be made."""
    root = Path(run_dir)
    lock = FileLock(root / LOCK_FILE, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise BadInput(
            f"{root}: in use by another emr-sim ({holder_words(root)}); "
            "wait for it to finish, or use another directory"
        ) from None
    except OSError as err:
        raise WriteError(root / LOCK_FILE, reason(err)) from None
    try:
        write_text(root / HOLDER_FILE, json.dumps(holder_record()) + "\n")
        yield
    finally:
        (root / HOLDER_FILE).unlink(missing_ok=True)
        lock.release()
