"""The one way emr_sim writes a file: whole or not at all, and a failure said in one line.

A temporary file beside the target (`.<name>.<random>.tmp`) is written, made a plain file
(mode 0666 less the umask, as open() would make it) and renamed over the target, so a reader
never sees half a file and an interrupted write leaves at most the temporary file (which
`stray_temps` finds, for the run directory to remove). Only a regular file (or nothing) is
ever replaced: a named pipe, a device or a socket at the target is refused (WriteError,
`special_in_the_way`), before the temporary file is made and again just before the rename,
so `-o /dev/full` never turns a device into an HTML file. Every OSError on the way (permission,
full disk, file-size limit, a directory in the way) becomes emr_sim.errors.WriteError naming
the target and the reason, so the command line can say it in one line.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

from emr_sim.errors import WriteError
from emr_sim.files.read import file_kind

FILE_MODE = 0o666
TEMP_SUFFIX = ".tmp"
# what tempfile.mkstemp adds between prefix and suffix: letters, digits and "_"
TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def temp_prefix(path: Path) -> str:
    """The name every temporary file of `path` starts with."""
    return f".{path.name}."


ERRNO_IN_TEXT = re.compile(r"\[errno (\d+)\]", re.IGNORECASE)  # pyarrow: "... Detail: [errno 27] ..."


def reason(err: OSError) -> str:
    """An OSError in words, without the path (the message names the path itself): the
    system's words for its errno, also when a library gave the errno only in its text."""
    code = err.errno
    if code is None and (found := ERRNO_IN_TEXT.search(str(err))):
        code = int(found.group(1))
    return os.strerror(code) if code else err.strerror or str(err)


def special_kind(path: str | Path) -> str | None:
    """What stands at path when it is neither a regular file nor a directory (a named pipe, a
    character device, a socket ...; a link is followed), None otherwise (nothing there too)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return file_kind(mode)


def special_in_the_way(path: str | Path, note: str = "") -> None:
    """WriteError (exit 3) when a named pipe, a device or a socket stands at path: an output is
    written over a regular file only, never over a special one."""
    kind = special_kind(path)
    if kind is not None:
        raise WriteError(path, f"{kind} is in the way (only a regular file is ever replaced)", note)


def write_atomically(path: str | Path, write: Callable[[Path], object]) -> Path:
    """Call write(temporary path), then rename it to path; on any error nothing is left, and
    an OSError becomes WriteError(path, reason). A special file at path (special_in_the_way)
    is refused before anything is written, and again before the rename."""
    target = Path(path)
    special_in_the_way(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=temp_prefix(target), suffix=TEMP_SUFFIX)
    except OSError as err:
        raise WriteError(target, reason(err)) from None
    os.close(fd)
    try:
        write(Path(tmp))
        os.chmod(tmp, FILE_MODE & ~current_umask())  # mkstemp makes it 0600
        special_in_the_way(target)  # made meanwhile: still never renamed over
        os.replace(tmp, target)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise WriteError(target, reason(err)) from None
    except BaseException:  # WriteError of a special file made meanwhile, Ctrl-C ...
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def write_text(path: str | Path, text: str) -> Path:
    """Write text (UTF-8) to path, whole or not at all."""
    return write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def check_writable(directory: str | Path, target: str | Path | None = None) -> None:
    """WriteError(target or directory, reason) unless a file can be created in directory: asked
    before the work whose result would be written there, so no work is lost to a refusal."""
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".emr-sim-probe.", suffix=TEMP_SUFFIX)
    except OSError as err:
        raise WriteError(target or directory, reason(err)) from None
    os.close(fd)
    Path(tmp).unlink(missing_ok=True)


def remove_strays(directory: str | Path) -> None:
    """Remove the temporary files a killed writer left in directory (only by the directory's
    lock holder: another writer's temporary file is never one of these)."""
    for stray in stray_temps(directory):
        stray.unlink(missing_ok=True)


def stray_temps(directory: str | Path) -> list[Path]:
    """The temporary files of write_atomically and check_writable left in directory by a
    process killed while writing (SIGKILL, a power cut)."""
    folder = Path(directory)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if TEMP_NAME.match(p.name) and p.is_file())
