"""numba's cache never serves kernels compiled from other sources (emr_sim.jit)."""

import ast
import pathlib
import shutil

import numba.core.config

from emr_sim import jit


def test_numba_cache_dir_is_keyed_by_kernel_sources():
    assert numba.core.config.CACHE_DIR == str(jit.cache_dir())
    assert jit.cache_dir().name == f"numba-{jit.source_hash()}"


def hash_of_copy(tmp_path, edit=None):
    pkg = tmp_path / "emr_sim"
    if not pkg.exists():
        shutil.copytree(pathlib.Path(jit.__file__).parent, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    if edit:
        path = pkg / edit
        path.write_text(path.read_text() + "\n# edited\n")
    original = jit._PACKAGE
    try:
        jit._PACKAGE = pkg
        return jit.source_hash()
    finally:
        jit._PACKAGE = original


def test_editing_a_jitted_callee_in_another_module_changes_the_cache_dir(tmp_path):
    before = hash_of_copy(tmp_path)
    assert before == jit.source_hash()
    assert hash_of_copy(tmp_path, "games/emr/rules/core.py") != before


def test_editing_pure_python_modules_keeps_the_compiled_kernels(tmp_path):
    before = hash_of_copy(tmp_path)
    assert hash_of_copy(tmp_path, "cli/runs.py") == before
    assert hash_of_copy(tmp_path, "games/emr/face/log.py") == before
    assert hash_of_copy(tmp_path, "simulate/play/matchup.py") == before


def test_a_new_module_in_a_kernel_package_counts(tmp_path):
    before = hash_of_copy(tmp_path)
    (tmp_path / "emr_sim" / "games" / "emr" / "players" / "new_player.py").write_text("X = 1\n")
    assert hash_of_copy(tmp_path) != before


def test_every_module_with_jitted_code_counts(tmp_path):
    counted = {str(p.relative_to(jit._PACKAGE)) for game in games() for p in jit.kernel_sources(game)}
    for path in jit._PACKAGE.rglob("*.py"):
        rel = str(path.relative_to(jit._PACKAGE))
        if "@njit" in path.read_text():
            assert rel in counted, rel


def emr_sim_imports(path: pathlib.Path) -> set[str]:
    """The emr_sim modules a source file imports, as paths relative to the package."""
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("emr_sim"):
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("emr_sim")}
    paths = set()
    for name in names:
        rel = pathlib.Path(*name.split(".")[1:])
        if not rel.parts:
            continue
        if (jit._PACKAGE / rel).with_suffix(".py").is_file():
            paths.add(str(rel.with_suffix(".py")))
        elif (jit._PACKAGE / rel / "__init__.py").is_file():
            paths.add(str(rel / "__init__.py"))
    return paths


def test_kernel_code_imports_only_kernel_sources():
    """The positive rule of jit.kernel_sources holds: what the kernels import is hashed."""
    counted = {str(p.relative_to(jit._PACKAGE)) for p in jit.kernel_sources()}
    for path in jit.kernel_sources():
        outside = emr_sim_imports(path) - counted
        assert not outside, f"{path.name} imports {outside}, which the kernel cache key leaves out"


def games() -> list[str]:
    """The game folders of the package (each has a cache key of its own)."""
    return sorted(p.name for p in (jit._PACKAGE / jit.GAMES).iterdir() if (p / "__init__.py").is_file())


def test_each_game_has_its_own_cache_key(tmp_path):
    """Editing one game's kernels changes its key only; the foundation's edits change every key."""
    hash_of_copy(tmp_path)
    pkg = tmp_path / "emr_sim"
    (pkg / "games" / "other").mkdir()
    (pkg / "games" / "other" / "__init__.py").write_text("")
    (pkg / "games" / "other" / "kernels.py").write_text("X = 1\n")
    original = jit._PACKAGE
    try:
        jit._PACKAGE = pkg
        emr, other = jit.source_hash("emr"), jit.source_hash("other")
        (pkg / "games" / "other" / "kernels.py").write_text("X = 2\n")
        assert jit.source_hash("emr") == emr and jit.source_hash("other") != other
        (pkg / "rng.py").write_text((pkg / "rng.py").read_text() + "\n# edited\n")
        assert jit.source_hash("emr") != emr
    finally:
        jit._PACKAGE = original


def test_a_function_is_cached_under_its_games_key():
    assert jit.keyed_cache_dir(str(jit._PACKAGE / "games" / "emr" / "rules" / "core.py")) == str(
        jit.cache_dir()
    )
    assert jit.keyed_cache_dir(str(jit._PACKAGE / "rng.py")) == str(jit.foundation_cache_dir())
    assert jit.keyed_cache_dir("/elsewhere/module.py") is None
