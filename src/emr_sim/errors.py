"""The exceptions that mean bad input from a user (exit code 2 in the CLI)."""

from emr_sim.cards import DeckError
from emr_sim.game import IllegalAction
from emr_sim.notation import NotationError
from emr_sim.position import PositionError


class BadInput(ValueError):
    """A run directory, report or comparison the user asked for cannot be made: the message
    names the problem and the path."""


# ValueError last: the options and player/hero parsers raise it with a clear message.
INPUT_ERRORS = (DeckError, PositionError, NotationError, IllegalAction, BadInput, ValueError)
