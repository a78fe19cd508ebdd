"""The exceptions that mean bad input from a user (exit code 2 in the CLI).

Every module that refuses input raises a subclass of BadInput (DeckError, PositionError,
NotationError, IllegalAction), so this module imports nothing of the package.
"""


class BadInput(ValueError):
    """Input that cannot be used: the message names the problem and where (file, line, key)."""


# ValueError too: the options and player/hero parsers raise it with a clear message.
INPUT_ERRORS = (BadInput, ValueError)
