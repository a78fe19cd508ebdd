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


# The compiled kernels are the three kernel packages and the foundation modules they
# import (tests/test_jit.py checks that kernel code imports nothing else of emr_sim).
# Every other module is plain Python: editing it keeps the compiled kernels.
KERNEL_PACKAGES = ("rules", "players", "sim")
KERNEL_MODULES = ("codes.py", "options.py", "jit.py", "rng.py")


def kernel_sources() -> list[pathlib.Path]:
    """The source files the compiled kernels depend on, in a fixed order."""
    paths = [_PACKAGE / name for name in KERNEL_MODULES]
    for package in KERNEL_PACKAGES:
        paths += sorted((_PACKAGE / package).rglob("*.py"))
    return paths


def source_hash() -> str:
    """sha256 (first 16 hex digits) over the sources of the compiled kernels."""
    digest = hashlib.sha256()
    for path in kernel_sources():
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
    """Compile FN in nopython mode with the project's flags, to be inlined into its
    callers (LLVM alwaysinline): the rules and players are many small functions, and a
    call between jitted functions costs more than most of them (each passes every array
    as seven or more scalars and checks a status for exceptions). The functions that a
    game loop calls once per step or per candidate action are njit_entry instead, so
    that the code is not copied into every caller.

    Both compile without numba's runtime (NRT, `_nrt=False`). With it, every function
    that takes an array, inlined or not, counts a reference to it with an atomic add and
    a call (NRT_incref / NRT_decref): that was 40 % of a game's time. Without it a
    function cannot allocate an array (numba refuses to compile np.zeros, .copy() or a
    slice assignment between arrays) and must not be handed a new array by a function
    that can (nobody would free it): allocate in a njit_alloc function, once per game
    loop, and pass scratch buffers down."""
    return numba.njit(cache=True, nogil=True, forceinline=True, _nrt=False)(fn)


def njit_entry(fn):
    """njit for an entry point: compiled as a function of its own, called, not inlined.
    forceinline is set to False explicitly: numba would otherwise let the function
    inherit forceinline from whichever caller happens to compile it first."""
    return numba.njit(cache=True, nogil=True, forceinline=False, _nrt=False)(fn)


def njit_alloc(fn):
    """njit_entry for a function that allocates arrays, with numba's runtime on (set
    explicitly: numba would otherwise inherit the caller's setting). Call it only from
    another njit_alloc function or from Python, which free what it returns."""
    return numba.njit(cache=True, nogil=True, forceinline=False, _nrt=True)(fn)
