"""What a study says while it works and how it meets a Ctrl-C, given by its caller: the command
line prints the notes and estimates on stderr and turns a Ctrl-C into one line and exit 130
(emr_sim.cli.options.resumable); a Python caller may pass its own, or take the silent default."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass


def _silent(_text: str) -> None:
    return None


def _no_estimate(_what: str, _seconds: float, _games: int) -> None:
    return None


def _as_is(_what: str, _where: str) -> AbstractContextManager[None]:
    return contextlib.nullcontext()


@dataclass(frozen=True)
class Hooks:
    """note(text): a line for the user; estimate(what, seconds, games): before the games are
    played; resumable(what, where): the context the resumable work runs in, told what is kept
    where (a Ctrl-C inside it says so)."""

    note: Callable[[str], None] = _silent
    estimate: Callable[[str, float, int], None] = _no_estimate
    resumable: Callable[[str, str], AbstractContextManager[None]] = _as_is
