"""The one way a command makes where its output goes: a directory (a run, a ladder, a tuning,
a scan) or the folder of an output file, with every failure said in one line.

    created = make_dir("runs/base")      # the topmost directory made, None when it existed
    remove_made(created)                 # a start that was refused leaves nothing behind
    check_output_file("r.html", "the report")   # before the work whose result goes there

A file in the way of a directory, a directory in the way of a file, a named pipe, a device or
a socket in the way of either (never replaced: emr_sim.files.write.special_in_the_way), no
permission, a read-only or virtual file system (/proc): WriteError (exit code 3), naming the
path and the reason. An output file in a folder that does not exist is bad input (BadInput,
exit code 2): a misspelt path, not a full disk.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from emr_sim.errors import BadInput, WriteError
from emr_sim.files.write import check_writable, reason, special_in_the_way, special_kind, stray_temps

NOTHING_WRITTEN = "nothing was written"


def make_dir(path: str | Path, note: str = NOTHING_WRITTEN) -> Path | None:
    """Create the directory `path` and its missing parents; the topmost directory this call
    made (None when path was a directory already), so that a refused start can remove it.
    Each level is made by os.mkdir, so a directory another process made meanwhile is never
    counted as this call's. WriteError naming the path when it cannot be made."""
    root = Path(path)
    if root.is_dir():
        return None
    missing = [p for p in [root, *root.parents] if not p.is_dir()]
    made: Path | None = None
    for folder in reversed(missing):
        try:
            os.mkdir(folder)
        except FileExistsError:
            if not folder.is_dir():
                remove_made(made)
                raise WriteError(folder, in_the_way(folder), note) from None
            continue  # made by another process meanwhile: not ours
        except OSError as err:
            remove_made(made)
            raise WriteError(root, reason(err), note) from None
        made = made or folder
    return made


def in_the_way(path: Path) -> str:
    """What stands where a directory should be, as a WriteError's reason."""
    kind = special_kind(path)
    return f"{kind} is in the way" if kind else "a file is in the way"


def remove_made(made: Path | None) -> None:
    """Remove what make_dir made (nothing for None)."""
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)


def check_dir_target(path: str | Path, note: str = NOTHING_WRITTEN) -> None:
    """WriteError, before anything is written or played, when the directory cannot be made or
    written: a file in the way, no permission, a read-only file system. A directory made to
    find out is removed again (only while empty: another process may have taken it since)."""
    root = Path(path)
    if (root.exists() or root.is_symlink()) and not root.is_dir():
        raise WriteError(root, in_the_way(root), note)
    if root.is_dir():
        try:
            check_writable(root)
        except WriteError as err:
            raise err.noting(note) from None
        return
    made = make_dir(root, note)
    if made is None:
        return  # another process made it meanwhile: its directory
    for folder in [root, *root.parents]:
        try:
            folder.rmdir()
        except OSError:
            break
        if folder == made:
            break


def only_leftovers(root: str | Path, names: Iterable[str] = (), empty_dirs: Iterable[str] = ()) -> bool:
    """Whether the directory root holds nothing but `names` (the lock's files, say), the
    temporary files of a killed writer, and the empty directories `empty_dirs`: what a start
    that was killed before its record was written leaves."""
    folder = Path(root)
    keep, empty = set(names), set(empty_dirs)
    strays = set(stray_temps(folder))
    for entry in folder.iterdir():
        if entry.name in keep or entry in strays:
            continue
        if entry.name in empty and entry.is_dir() and not any(entry.iterdir()):
            continue
        return False
    return True


def check_output_file(path: str | Path, what: str) -> Path:
    """Before the work whose result goes to the file `path`: WriteError when a directory, a
    named pipe, a device or a socket is in the way or no file can be created in its folder,
    BadInput when the folder does not exist. A regular file there is replaced (whole, by
    emr_sim.files.write)."""
    out = Path(path)
    if not str(path).strip():
        raise BadInput(f"cannot write {what}: the file name is empty")
    special_in_the_way(out, NOTHING_WRITTEN)
    if out.is_dir():
        raise WriteError(out, f"a directory is in the way; give {what}'s file name, e.g. {out / 'out'}")
    folder = out.resolve().parent
    if not folder.is_dir():
        raise BadInput(f"{path}: cannot write {what}: no such directory {folder}")
    check_writable(folder, out)
    return out
