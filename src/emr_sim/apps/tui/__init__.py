"""The play app (`emr-sim tui`, docs/play.md): play a game against a program in a terminal,
ask the search for hints, review the game afterwards, save it and replay it.

    app.py      PlayApp: the set-up, game, review and replay screens tied together
    setup.py    the set-up screen: masters, seat, opponent, rules, seed
    game.py     the game screen: board, legal actions, log, hints; the program in a worker
    board.py    the board drawn from one seat's side (rich Text)
    actions.py  the legal actions as a list with keys
    logpane.py  the log pane, in `emr-sim play`'s words
    hints.py    the advisor's table for the pending decision
    review.py   the post-game review screen
    replay.py   a saved game stepped forward and back; positions and views written out
    start.py    what `emr-sim tui` checks and starts; loader.py: the kernels loaded behind the first screen
    dialogs.py  the file-name dialog and the "terminal too small" notice

Textual is an optional dependency (`pip install 'emr-sim[play]'`): nothing here imports it
at the package's import, so the command line can say what is missing (require_textual).
The game itself is emr_sim.games.emr.face.versus, shared with `emr-sim play --human`.
"""

from __future__ import annotations

from emr_sim.errors import BadInput

EXTRA = "play"  # pip install 'emr-sim[play]'
MIN_WIDTH, MIN_HEIGHT = 120, 36  # the board (90 columns), the actions beside it, the log below


class NeedsTextual(BadInput):
    """Textual is not installed."""


def require_textual() -> None:
    """NeedsTextual (exit 2 on the command line) naming the extra, when Textual is missing."""
    try:
        import textual  # noqa: F401
    except ImportError:
        raise NeedsTextual(
            f"emr-sim tui needs Textual, which is not installed: pip install 'emr-sim[{EXTRA}]'"
        ) from None


def too_small(width: int, height: int) -> str | None:
    """Why a terminal of this size cannot show the app, or None."""
    if width >= MIN_WIDTH and height >= MIN_HEIGHT:
        return None
    return (
        f"the terminal is {width}x{height}; the play app needs at least {MIN_WIDTH}x{MIN_HEIGHT} "
        "(or play line by line: emr-sim play --human)"
    )
