"""The one way emr_sim writes a file: whole or not at all.

A temporary file beside the target (`.<name>.<random>.tmp`) is written, made a plain file
(mode 0666 less the umask, as open() would make it) and renamed over the target, so a reader
never sees half a file and an interrupted write leaves at most the temporary file.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

FILE_MODE = 0o666
TEMP_SUFFIX = ".tmp"


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def temp_prefix(path: Path) -> str:
    """The name every temporary file of `path` starts with."""
    return f".{path.name}."


def write_atomically(path: str | Path, write: Callable[[Path], object]) -> Path:
    """Call write(temporary path), then rename it to path; on any error nothing is left."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=temp_prefix(target), suffix=TEMP_SUFFIX)
    os.close(fd)
    try:
        write(Path(tmp))
        os.chmod(tmp, FILE_MODE & ~current_umask())  # mkstemp makes it 0600
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def write_text(path: str | Path, text: str) -> Path:
    """Write text (UTF-8) to path, whole or not at all."""
    return write_atomically(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))
