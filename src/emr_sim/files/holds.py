"""The one check of what a directory holds before a command writes a run, a ladder, a tuning, a
rebalance study or a scan into it (docs/files.md, "One writer a directory"):

    old = check_holds(root, RUN_DIR, record)   # the record on disk to resume, None for a new one

The directory is the command's when it does not exist, is empty, or holds only what a start
killed before its record left (the lock's files, a killed write's temporary files, the kind's
own leftovers and empty folders); it is this command's to resume when its record says the same
as the command's (the kind's `differences` are none). Anything else is refused before anything
is written or played: a file, pipe or device in the way (WriteError, exit 3), a directory that
holds a different run or something else (BadInput, exit 2), each in one line naming the path.
A kind may recognise emr-sim's own unfinished start of another record (`taken_over`): the
command then takes the directory over (None, as for a new one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from emr_sim.errors import BadInput
from emr_sim.files.lock import LOCK_FILES
from emr_sim.files.outdir import NOTHING_WRITTEN, check_dir_target, only_leftovers

RESUME_WORDS = ", or the same options to resume"
SHOWN_CHARS = 300  # a difference longer than this is cut (a whole deck or book, say)


@dataclass(frozen=True)
class DirKind:
    """What a kind of directory is called and how its record is read and compared."""

    noun: str  # "run", "ladder", ...: "holds a different NOUN"
    record_file: str  # the record that says what the directory holds
    called: str  # "a run directory", ...: "not empty and not CALLED"
    read: Callable[[Path], dict]  # the record at this path, BadInput when it cannot be read
    differences: Callable[[dict, dict], list[str]]  # (on disk, now): what differs, in words
    leftovers: tuple[str, ...] = ()  # files an unfinished start may leave besides the lock's
    empty_dirs: tuple[str, ...] = ()  # folders an unfinished start may leave empty
    resume_words: str = ""  # after "use another directory"
    taken_over: Callable[[Path, dict], bool] | None = None  # (root, on disk): its own unfinished start
    note: str = NOTHING_WRITTEN  # what a refusal says of the disk


def check_holds(root: Path, kind: DirKind, record: dict) -> dict | None:
    """The record on disk when ROOT holds this one (to resume), None for a new one (or a
    taken-over start); WriteError or BadInput, before anything is written, when ROOT cannot
    hold it. Run again under the directory's lock (emr_sim.files.lock.claim_dir)."""
    root = Path(root)
    check_dir_target(root, kind.note)
    path = root / kind.record_file
    if path.exists() or path.is_symlink():
        old = kind.read(path)
        differ = kind.differences(old, record)
        if differ and kind.taken_over is not None and kind.taken_over(root, old):
            return None
        if differ:
            shown = "; ".join(d if len(d) < SHOWN_CHARS else d[:SHOWN_CHARS] + "…" for d in differ)
            raise BadInput(
                f"{path}: this directory holds a different {kind.noun} ({shown}); "
                f"use another directory{kind.resume_words}"
            )
        return old
    if root.exists() and not only_leftovers(root, (*LOCK_FILES, *kind.leftovers), kind.empty_dirs):
        raise BadInput(f"{root}: not empty and not {kind.called}; use a new directory")
    return None
