"""The rl extra is optional: without it emr-sim works and what needs it says, in one line, how
to install it (exit 2 in the CLI); nothing of the core imports it (test_architecture)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from emr_sim.errors import BadInput
from emr_sim.extras import MissingExtra, check, missing

NO_EXTRA = str(Path(__file__).resolve().parents[1] / "support" / "no_extra.py")
INSTALL = "pip install 'emr-sim[rl]'"


def without_extra(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, NO_EXTRA, *args], capture_output=True, text=True, timeout=300)


def installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a finder that refuses it (tests/support/no_extra.py)
        return False


def test_a_missing_extra_is_bad_input_and_an_import_error():
    err = missing("rl", "the OpenSpiel games")
    assert isinstance(err, BadInput) and isinstance(err, ImportError)
    brings = "OpenSpiel, PettingZoo and Gymnasium"
    assert str(err) == f"the OpenSpiel games needs the rl extra ({brings}): {INSTALL}"
    if all(installed(m) for m in ("pyspiel", "pettingzoo", "gymnasium")):
        check("rl", "anything")  # installed here: no error
    else:
        with pytest.raises(MissingExtra, match=INSTALL.replace("[", r"\[").replace("]", r"\]")):
            check("rl", "anything")


@pytest.mark.timeout(300)
@pytest.mark.parametrize("module", ["openspiel_game", "pettingzoo_env"])
def test_importing_an_adapter_without_the_extra_says_how_to_install_it(module):
    done = without_extra("-c", f"import emr_sim.ecosystem.{module}")
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("emr_sim.extras.MissingExtra: ") and last.endswith(INSTALL)


@pytest.mark.timeout(300)
def test_the_core_works_without_the_extra():
    code = "from emr_sim.extras import check\ntry:\n    check('rl', 'x')\nexcept Exception as e:\n"
    code += "    print(type(e).__name__)"
    done = without_extra("-c", code)
    assert done.stdout.strip() == MissingExtra.__name__
    done = without_extra("-m", "emr_sim.cli", "games")
    assert done.returncode == 0 and "toy" in done.stdout
