"""What `emr-sim tui` does before the first screen: every input checked (a bad one ends
with one line and exit 2), the kernels warmed behind the compile notice, a saved game
replayed and checked, the terminal checked, then the app."""

from __future__ import annotations

import os
import sys

from emr_sim.apps.tui import too_small
from emr_sim.errors import BadInput


def terminal_size() -> tuple[int, int] | None:
    """(columns, lines) of the terminal on stdin and stdout, or None when either is not one."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    size = os.get_terminal_size(sys.stdout.fileno())
    return size.columns, size.lines


def check_terminal() -> None:
    """BadInput unless stdin and stdout are a terminal large enough for the app."""
    size = terminal_size()
    if size is None:
        raise BadInput("emr-sim tui needs a terminal (for scripts and pipes: emr-sim play --human)")
    why = too_small(*size)
    if why:
        raise BadInput(why)


def start(seed, index, heroes, advisor_seed, replay_path, deck_path, rules, seat, opponent, advisor) -> None:
    """Check the options, warm the kernels (in front on a first run or for a replay, else in a
    thread behind the first screen), check the terminal, run the app."""
    from emr_sim.games.emr.face.versus import setup_from_options
    from emr_sim.games.emr.face.warm import kernels_warm, warm_kernels

    setup, advisor = setup_from_options(seed, index, heroes, deck_path, rules, seat, opponent, advisor)
    replay = None
    in_front = replay_path is not None or not kernels_warm()
    if in_front:
        warm_kernels()  # a first run compiles here, behind the notice, before the first screen
    if replay_path is not None:
        from emr_sim.games.emr.face.saved import load_record

        assert setup.deck is not None
        replay = load_record(replay_path, setup.deck)  # RecordError: exit 2
    check_terminal()
    from emr_sim.apps.tui.loader import Loader

    loader = None if in_front else Loader()
    from emr_sim.apps.tui.app import launch

    launch(setup, advisor, advisor_seed, replay, replay_path, loader)
