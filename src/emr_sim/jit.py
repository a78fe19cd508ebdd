"""The project's one ``njit`` wrapper, with a cache that never serves stale rules.

numba's ``cache=True`` keys each function's cache on its own file only, so an
edit to a jitted callee in another module would leave callers compiled against
the old code. We therefore put numba's cache in directories named after a hash of
kernel source files, one key per game (docs/games.md): a function of a game's folder
(games/NAME/) is cached under a hash of that game's kernel sources and the foundation's
(the modules every game's kernels import: this one, rng.py, kernel_contract.py,
table_layout.py and the generic loops/ and players/); a function of the foundation under the foundation's hash
alone. Any edit to a game's kernels gives that game a fresh directory and leaves the other
games' compiled kernels alone; an edit to the Python side keeps them all.
"""

from __future__ import annotations

import hashlib
import os
import pathlib

_PACKAGE = pathlib.Path(__file__).resolve().parent

# The foundation of every game's kernels: modules and generic kernel packages over the game
# contract (tests/test_jit.py checks that kernel code imports nothing else of emr_sim).
FOUNDATION_MODULES = ("jit.py", "rng.py", "kernel_contract.py", "table_layout.py")
FOUNDATION_PACKAGES = ("loops", "players")
GAMES = "games"
# A game's plain Python (its face, its player specs, its deck loader): editing them keeps its kernels.
PYTHON_SIDE = ("face", "lineup", "cards.py")
DEFAULT_GAME = "emr"


def foundation_sources() -> list[pathlib.Path]:
    """The foundation's source files, in a fixed order."""
    paths = [_PACKAGE / name for name in FOUNDATION_MODULES if (_PACKAGE / name).is_file()]
    for package in FOUNDATION_PACKAGES:
        paths += sorted((_PACKAGE / package).rglob("*.py"))
    return paths


def game_sources(game: str) -> list[pathlib.Path]:
    """The kernel sources of one game's folder: every module but its Python side."""
    folder = _PACKAGE / GAMES / game
    return [
        path
        for path in sorted(folder.rglob("*.py"))
        if not set(path.relative_to(folder).parts) & set(PYTHON_SIDE)
    ]


def kernel_sources(game: str = DEFAULT_GAME) -> list[pathlib.Path]:
    """The source files one game's compiled kernels depend on, in a fixed order."""
    return foundation_sources() + game_sources(game)


def _digest(paths: list[pathlib.Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def source_hash(game: str = DEFAULT_GAME) -> str:
    """sha256 (first 16 hex digits) over the sources of one game's compiled kernels."""
    return _digest(kernel_sources(game))


def cache_base() -> pathlib.Path:
    base = os.environ.get("EMR_SIM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "emr_sim"
    )
    return pathlib.Path(base)


def cache_dir(game: str = DEFAULT_GAME) -> pathlib.Path:
    """Where compiled kernels of one game's exact sources are cached (8MR's keeps its old name)."""
    prefix = "numba" if game == DEFAULT_GAME else f"numba-{game}"
    return cache_base() / f"{prefix}-{source_hash(game)}"


def foundation_cache_dir() -> pathlib.Path:
    """Where the foundation's own functions (rng's, say) are cached."""
    return cache_base() / f"numba-core-{_digest(foundation_sources())}"


def _game_of(py_file: str) -> str | None:
    """The game whose folder holds py_file, or None for a file outside every game's folder."""
    try:
        parts = pathlib.Path(py_file).resolve().relative_to(_PACKAGE / GAMES).parts
    except ValueError:
        return None
    return parts[0] if len(parts) > 1 else None


_KEYED: dict[tuple[pathlib.Path, str | None], str] = {}  # (package, game) -> its directory
_FILES: dict[tuple[pathlib.Path, str], str | None] = {}  # (package, file) -> its directory


def keyed_cache_dir(py_file: str) -> str | None:
    """The cache directory of a function defined in py_file: its game's, the foundation's
    for emr_sim's other modules, None outside emr_sim (numba's own choice). Each file's and
    each game's answer is worked out once per process."""
    key = (_PACKAGE, py_file)
    if key not in _FILES:
        _FILES[key] = _keyed_dir(py_file)
    return _FILES[key]


def _keyed_dir(py_file: str) -> str | None:
    try:
        pathlib.Path(py_file).resolve().relative_to(_PACKAGE)
    except ValueError:
        return None
    game = _game_of(py_file)
    if (_PACKAGE, game) not in _KEYED:
        _KEYED[_PACKAGE, game] = str(foundation_cache_dir() if game is None else cache_dir(game))
    return _KEYED[_PACKAGE, game]


def _configure() -> None:
    path = str(cache_dir())
    _KEYED[_PACKAGE, DEFAULT_GAME] = path
    os.environ["NUMBA_CACHE_DIR"] = path
    import numba.core.config as config

    config.CACHE_DIR = path
    _install_locator()


def _install_locator() -> None:
    """numba finds a function's cache directory by its first locator class that answers:
    ours answers for emr_sim's files with their game's key (keyed_cache_dir)."""
    from numba.core import caching

    class KeyedLocator(caching.UserProvidedCacheLocator):
        def __init__(self, py_func, py_file):
            super().__init__(py_func, py_file)
            self._cache_path = os.path.join(
                keyed_cache_dir(py_file), self.get_suitable_cache_subpath(py_file)
            )

        @classmethod
        def from_function(cls, py_func, py_file):
            if keyed_cache_dir(py_file) is None:
                return None
            return super().from_function(py_func, py_file)

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    if impl is None:  # a numba that names it otherwise: one directory, 8MR's key (the pin says which)
        return
    if not any(c.__name__ == "KeyedLocator" for c in impl._locator_classes):
        impl._locator_classes.insert(0, KeyedLocator)


_configure()

import numba  # noqa: E402  (after the cache directory is set)
from numba.core import types  # noqa: E402
from numba.core.registry import CPUDispatcher  # noqa: E402


class _Dispatcher(CPUDispatcher):
    """numba's dispatcher, compiling a callee once per argument type rather than once per
    constant: numba types a constant argument in a jitted call as its own literal type
    (emit(ev, 3, ...) and emit(ev, 4, ...) were two compiles, 41 for emit alone, 341
    versions of 176 functions for the matchup kernel). Taking the plain type keeps one
    version of each; the inlined code is the same, LLVM folds the constants after
    inlining."""

    def get_call_template(self, args, kws):
        args = tuple(types.unliteral(a) for a in args)
        kws = {k: types.unliteral(v) for k, v in kws.items()}
        return super().get_call_template(args, kws)


# Indexing without the negative-index wrap. numba lets a jitted function index an array
# with a negative number from its end, as Python does: every index of a signed type that
# LLVM cannot prove non-negative gets a test and a select (idx < 0 ? idx + size : idx)
# before the load or store. The kernels index arrays everywhere and never with a negative
# number (tests/games/emr/loops/test_boundscheck.py plays games of every player with numba's bounds
# checking on, which refuses one): the selects were about a sixth of a greedy game's time
# (docs/benchmarks.md). numba has no option to leave them out, so its fix_integer_index
# is replaced by one that leaves the wrap out for the functions of the modules that compile
# with this module's decorators (known by the start of their mangled names), and keeps it
# for every other function: numba's own, and any other numba user's in the process.
_NO_WRAP_PREFIXES: set[str] = set()


def _module_prefix(module: str) -> str:
    """The start of the mangled name numba gives every function of `module`."""
    from numba.core.itanium_mangler import PREFIX, mangle_identifier

    return PREFIX + mangle_identifier(module + "._")[:-3]  # "N<len><part>...1_E" less "1_E"


def _no_wrap_for(fn) -> None:
    """Compile the functions of fn's module without the negative-index wrap."""
    _NO_WRAP_PREFIXES.add(_module_prefix(fn.__module__))


def _install_no_wrap() -> None:
    from numba.np import arrayobj

    numba_fix = getattr(arrayobj, "fix_integer_index", None)
    if numba_fix is None:  # a numba that names it otherwise: the wrap stays, as numba has it
        return

    def fix_integer_index(context, builder, idxty, idx, size):
        """numba's, without the wrap in the functions of _NO_WRAP_PREFIXES' modules."""
        if idxty.signed and builder.function.name.startswith(tuple(_NO_WRAP_PREFIXES)):
            return context.cast(builder, idx, idxty, types.intp)
        return numba_fix(context, builder, idxty, idx, size)

    arrayobj.fix_integer_index = fix_integer_index


_install_no_wrap()


def _jit(fn, **options):
    """numba.njit(cache=True, **options)(fn) with the dispatcher above, indexing without
    the negative-index wrap."""
    if numba.config.DISABLE_JIT:  # NUMBA_DISABLE_JIT=1: plain Python, as numba.njit gives it
        return fn
    _no_wrap_for(fn)
    options = {"nopython": True, "boundscheck": None, **options}  # as numba.njit sets them
    dispatcher = _Dispatcher(py_func=fn, locals={}, targetoptions=options)
    dispatcher.enable_caching()
    return dispatcher


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
    return _jit(fn, nogil=True, forceinline=True, _nrt=False)


def njit_entry(fn):
    """njit for an entry point: compiled as a function of its own, called, not inlined.
    forceinline is set to False explicitly: numba would otherwise let the function
    inherit forceinline from whichever caller happens to compile it first."""
    return _jit(fn, nogil=True, forceinline=False, _nrt=False)


def njit_alloc(fn):
    """njit_entry for a function that allocates arrays, with numba's runtime on (set
    explicitly: numba would otherwise inherit the caller's setting). Call it only from
    another njit_alloc function or from Python, which free what it returns."""
    return _jit(fn, nogil=True, forceinline=False, _nrt=True)


def njit_inline(fn):
    """njit for a function whose code numba copies into its caller before compiling it
    (inline="always"), so that it is never compiled as a function of its own. numba compiles
    every jitted callee on its own first and then links its code, with everything it calls,
    into the caller, where LLVM optimises and generates it again: a function that sits
    between an entry point and a large tree of callees (the game loop, decide, the greedy's
    dispatch) cost a whole extra optimisation and code generation of that tree. Called
    from a njit_alloc function its code runs with numba's runtime on: use it in kernels
    without (njit_entry), and from Python, where it compiles as usual."""
    return _jit(fn, nogil=True, inline="always", _nrt=False)


def overload_by_type(stub):
    """Register the decorated typer as what jitted code compiles for a call of STUB
    (numba.extending.overload, with the kernels' flags: nogil, without numba's runtime): the
    typer sees the arguments' numba types and returns the implementation for them, so one
    call site compiles different code for different argument types. As plain Python
    (NUMBA_DISABLE_JIT) the stub itself runs."""

    def register(typer):
        if not numba.config.DISABLE_JIT:
            from numba.extending import overload

            overload(stub, jit_options={"nogil": True, "_nrt": False})(typer)
        return typer

    return register


def is_none_type(numba_type) -> bool:
    """Whether a typer's argument is None (numba's NoneType)."""
    return isinstance(numba_type, types.NoneType)
