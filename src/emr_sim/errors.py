"""The exceptions that mean bad input from a user (exit code 2 in the CLI), and WriteError.

Every module that refuses input raises a subclass of BadInput (DeckError, PositionError,
NotationError, IllegalAction), so this module imports nothing of the package.
"""


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
