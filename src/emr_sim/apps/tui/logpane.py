"""The log pane: the game's events in `emr-sim play`'s words (emr_sim.games.emr.face.log), as the
person's seat sees them (the opponent's draws unnamed, D-HIDDEN)."""

from __future__ import annotations

from textual.widgets import RichLog


class LogPane(RichLog):
    """Append-only log; `lines` keeps every line written, for tests and exports."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, **kwargs)
        self.lines_written: list[str] = []

    def add(self, lines: list[str]) -> None:
        for line in lines:
            self.lines_written.append(line)
            self.write(line)

    def reset(self, lines: list[str]) -> None:
        self.clear()
        self.lines_written = []
        self.add(lines)
