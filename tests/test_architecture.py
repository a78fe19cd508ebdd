"""The architecture kept by tools (pyproject.toml): import-linter's contracts hold on the tree,
and each one fails on a deliberately bad import planted in a copy of the package; vulture
finds no dead code and deptry no undeclared or unused dependency."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "emr_sim"
APART = "Nothing of the core imports the ecosystem or its optional extra"
LINT = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command as c; c()"]


def lint(src: Path) -> subprocess.CompletedProcess:
    """lint-imports with the repository's contracts over the package found in src."""
    env = {"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"}
    command = [*LINT, "--config", str(ROOT / "pyproject.toml"), "--no-cache"]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env, cwd=src)


def planted(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package with LINE added at the end of MODULE (a path inside emr_sim)."""
    src = tmp_path / "src"
    shutil.copytree(PACKAGE, src / "emr_sim", ignore=shutil.ignore_patterns("__pycache__"))
    target = src / "emr_sim" / module
    target.write_text(target.read_text() + "\n" + line + "\n")
    return src


@pytest.mark.timeout(120)
def test_the_contracts_hold():
    done = lint(ROOT / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "7 kept, 0 broken" in done.stdout


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("analysis/cells.py", "from emr_sim.report import formatting  # noqa", "Layers only look down"),
        (
            "simulate/setup.py",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from emr_sim.report import build",
            "Layers only look down",
        ),
        ("games/emr/rules/core.py", "import pandas  # noqa", "The kernels import nothing of the Python side"),
        (
            "games/emr/players/params.py",
            "from emr_sim import errors  # noqa",
            "The kernels import nothing of the Python side",
        ),
        ("analysis/ratings.py", "import numba  # noqa", "Analysis computes from frames: no kernel, no numba"),
        (
            "games/emr/face/log.py",
            "from emr_sim.games.emr.face import core  # noqa",
            "No import loop between siblings, at any depth",
        ),
        ("simulate/matchup.py", "from emr_sim.ecosystem import driver  # noqa", APART),
        ("games/registry.py", "import pyspiel  # noqa", APART),
    ],
)
def test_each_contract_fails_on_a_bad_import(tmp_path, module, line, contract):
    done = lint(planted(tmp_path, module, line))
    assert done.returncode != 0
    assert f"{contract} BROKEN" in done.stdout, done.stdout[-2000:]


@pytest.mark.timeout(120)
def test_no_dead_code_and_every_dependency_declared_and_used():
    vulture = subprocess.run(
        [sys.executable, "-m", "vulture"], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert vulture.returncode == 0, vulture.stdout
    deptry = subprocess.run(
        [sys.executable, "-m", "deptry", "."], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert deptry.returncode == 0, deptry.stdout + deptry.stderr


CLI_MOST_LINES = 300  # a command module parses, calls one entry point, prints
# what the commands may import of a study that is a package with one entry point
STUDY_ENTRIES = {
    "emr_sim.studies.rebalance": {"emr_sim.studies.rebalance.entry", "emr_sim.studies.rebalance.prepare"},
    "emr_sim.studies.scan": {"emr_sim.studies.scan.entry"},
    "emr_sim.studies.claims": {"emr_sim.studies.claims.entry"},
}


def cli_imports(path: Path) -> set[str]:
    import ast

    tree = ast.parse(path.read_text())
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}


def test_the_commands_are_short_and_call_a_studys_entry_point_only():
    modules = sorted((PACKAGE / "cli").glob("*.py"))
    assert modules
    long = {m.name: n for m in modules if (n := len(m.read_text().splitlines())) > CLI_MOST_LINES}
    assert not long, long
    for m in modules:
        for name in cli_imports(m):
            for study, entries in STUDY_ENTRIES.items():
                if name == study or name.startswith(study + "."):
                    assert name in entries, f"{m.name} imports {name}: the study's entry point only"
