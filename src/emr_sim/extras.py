"""The package's optional extras (pyproject.toml [project.optional-dependencies]): what each
brings, and one line telling how to install one that is missing.

The core never imports an extra's libraries: a module that needs one (emr_sim.ecosystem needs
the `rl` extra: OpenSpiel, PettingZoo, Gymnasium) is named by its text and imported only
when a command asks for it, as the game registry imports a game. A missing extra is bad
input (exit 2): the message names what needed it and the pip command that installs it.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from emr_sim.errors import BadInput

RL = "rl"
# extra -> (what it brings, in words; the top-level modules it installs)
EXTRAS = {RL: ("OpenSpiel, PettingZoo and Gymnasium", ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"))}


class MissingExtra(BadInput, ImportError):
    """An optional extra that is not installed (exit 2 in the CLI; an ImportError too, for a
    library user's `except ImportError`)."""


def missing(extra: str, what: str) -> MissingExtra:
    brings, _ = EXTRAS[extra]
    return MissingExtra(f"{what} needs the {extra} extra ({brings}): pip install 'emr-sim[{extra}]'")


def check(extra: str, what: str) -> None:
    """MissingExtra unless every module of the extra can be imported (found, not imported:
    checked where a command's input is parsed, before anything is written)."""
    _, modules = EXTRAS[extra]
    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ModuleNotFoundError, ValueError):  # a finder that refuses it, or a module set to None
            found = False
        if not found:
            raise missing(extra, what)


def load(module: str, extra: str, what: str) -> ModuleType:
    """The module named `module`, which needs `extra`: MissingExtra if the extra is missing."""
    check(extra, what)
    return importlib.import_module(module)
