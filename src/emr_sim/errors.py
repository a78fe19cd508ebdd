"""The exceptions that mean bad input from a user (exit code 2 in the CLI), and WriteError.

Every module that refuses input raises a subclass of BadInput (DeckError, PositionError,
NotationError, IllegalAction), so this module imports nothing of the package. `quoted` and
`one_line` keep the messages readable whatever the input: quoted input is cut to QUOTE_LIMIT
characters, and a whole message is one line of at most LINE_LIMIT.
"""

QUOTE_LIMIT = 80  # characters of a user's input echoed in a message
LINE_LIMIT = 500  # characters of a whole message, a last guard (the messages are shorter)


def cut(text: str, limit: int) -> str:
    """text, or its first characters and how many more there were."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit:,} more characters)"


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A value echoed in a message as repr() shows it, cut to `limit` characters: a spec,
    an action or a line of a file may be 100,000 characters long."""
    text = repr(value)
    if len(text) <= limit:
        return text
    if isinstance(value, str):
        return f"{text[: limit - 1]}…{text[0]} ({len(value):,} characters)"
    return f"{text[: limit - 1]}… ({len(text):,} characters)"


def one_line(message: str, limit: int = LINE_LIMIT) -> str:
    """A message as one line of at most `limit` characters (line breaks become "; ")."""
    lines = [part.strip() for part in str(message).splitlines() if part.strip()]
    return cut("; ".join(lines), limit)


class BadInput(ValueError):
    """Input that cannot be used: the message names the problem and where (file, line, key)."""


# ValueError too: the options and player/hero parsers raise it with a clear message.
INPUT_ERRORS = (BadInput, ValueError)


class WriteError(Exception):
    """A file that cannot be written (exit code 3 in the CLI, not bad input: the command was
    right, the disk said no). The message names the path and the reason, then what became of
    the work (`note`): which files are kept, what to run again."""

    def __init__(self, path: object, reason: str, note: str = "") -> None:
        self.path, self.reason, self.note = path, reason, note
        super().__init__(f"{path}: cannot write: {reason}" + (f"; {note}" if note else ""))

    def noting(self, note: str) -> "WriteError":
        """The same failure with what became of the work said."""
        return WriteError(self.path, self.reason, note)


class ClusterLost(Exception):
    """The Dask scheduler of --cluster went away mid-run (exit code 4 in the CLI): the
    finished cells are kept and the same command resumes."""
