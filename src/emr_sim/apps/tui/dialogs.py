"""Small screens: the file-name dialog (save a game, a view, a position) and the notice
shown while the terminal is too small."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, Static


def write_asked(screen: Screen, path: str | None, text: str) -> None:
    """Write text to the file AskPath was answered with (nothing when cancelled), and say
    on `screen` that it was written, or why it could not be."""
    from emr_sim.errors import WriteError
    from emr_sim.files.write import write_text

    if not path:
        return
    try:
        write_text(Path(path), text)
    except WriteError as err:
        screen.notify(str(err), severity="error", timeout=8)
        return
    screen.notify(f"written: {path}")


class AskPath(ModalScreen[str | None]):
    """Ask for a file name (Enter writes it, Escape cancels); dismissed with the name or None."""

    BINDINGS = [("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    AskPath { align: center middle; }
    AskPath > Vertical { width: 100; height: auto; border: round $accent; padding: 1 2; background: $panel; }
    """

    def __init__(self, title: str, default: str) -> None:
        super().__init__()
        self.title_text, self.default = title, default

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(value=self.default, id="path")
            yield Label("Enter: write it   Escape: cancel", classes="dim")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TooSmall(ModalScreen[None]):
    """Covers the app while the terminal is smaller than it needs; goes when it is large enough."""

    DEFAULT_CSS = """
    TooSmall { align: center middle; }
    TooSmall > Static { width: auto; max-width: 100%; padding: 1; background: $error; color: $text; }
    """

    def __init__(self, why: str) -> None:
        super().__init__()
        self.why = why

    def compose(self) -> ComposeResult:
        yield Static(self.why + " - enlarge it, or press ctrl+q to quit")
