"""The project's one ``njit`` wrapper, with a cache that never serves stale rules.

numba's ``cache=True`` keys each function's cache on its own file only, so an
edit to a jitted callee in another module would leave callers compiled against
the old code. We therefore point numba's cache at a directory named after a
hash of every source file of the package: any edit gives a fresh directory.
"""

from __future__ import annotations

import hashlib
import os
import pathlib

_PACKAGE = pathlib.Path(__file__).resolve().parent


def source_hash() -> str:
    """sha256 (first 16 hex digits) over the package's Python sources."""
    digest = hashlib.sha256()
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> pathlib.Path:
    """Where compiled kernels of this exact source tree are cached."""
    base = os.environ.get("EMR_SIM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "emr_sim"
    )
    return pathlib.Path(base) / f"numba-{source_hash()}"


def _configure() -> None:
    path = str(cache_dir())
    os.environ["NUMBA_CACHE_DIR"] = path
    import numba.core.config as config

    config.CACHE_DIR = path


_configure()

import numba  # noqa: E402  (after the cache directory is set)


def njit(fn):
    """Compile FN in nopython mode with the project's flags."""
    return numba.njit(cache=True, nogil=True)(fn)
