"""A saved game stepped forward and back (`emr-sim tui --replay FILE`).

The board and the log are drawn from one seat's side (the person's seat of the record,
else seat 0): what that seat saw at that point. A shows all the cards (the record holds
them: its seed fixes every shuffle), F flips to the other seat. Right/Left (or l/h) step,
Home/End jump to the deal or the end; P writes the position before the next action as a
position file for `emr-sim resolve`; V writes the seat's view; R reviews the seat's
decisions; Q quits.
"""

from __future__ import annotations

import json
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Static

from emr_sim.apps.tui.board import board_text
from emr_sim.apps.tui.dialogs import AskPath, write_asked
from emr_sim.apps.tui.game import BoardView
from emr_sim.apps.tui.logpane import LogPane
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.saved import HUMAN, Replay
from emr_sim.games.emr.face.versus import observation


def record_seat(done: Replay) -> int:
    """The seat a person played (the first), else 0."""
    players = done.record.players
    return players.index(HUMAN) if HUMAN in players else 0


class ReplayScreen(Screen):
    BINDINGS = [
        Binding("right,l", "step(1)", "Next", priority=True),
        Binding("left,h", "step(-1)", "Back", priority=True),
        Binding("home", "jump(0)", "Deal", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("A", "reveal", "All cards"),
        Binding("F", "flip", "Other seat"),
        Binding("P", "position", "Write position"),
        Binding("V", "view", "Write view"),
        Binding("R", "review", "Review"),
        Binding("Q", "app.quit", "Quit"),
    ]

    def __init__(self, done: Replay, name: str, advisor: str, advisor_seed: int) -> None:
        super().__init__()
        self.done, self.file_name = done, name
        self.advisor, self.advisor_seed = advisor, advisor_seed
        self.seat = record_seat(done)
        self.step = 0  # the position before action `step`; len(actions): the end
        self.reveal = False

    def compose(self) -> ComposeResult:
        yield BoardView(id="board")
        yield LogPane(id="log")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    @property
    def last(self) -> int:
        return len(self.done.record.actions)

    def draw(self) -> None:
        done, k = self.done, self.step
        state = done.states[k]
        table = done.game.table
        shown = state if self.reveal else observation(state, self.seat)
        names = tuple(f"{p}" for p in done.record.players)
        self.query_one(BoardView).draw(board_text(shown, table, self.seat, names, reveal=self.reveal))  # type: ignore[arg-type]
        viewer = None if self.reveal else self.seat
        self.query_one(LogPane).reset(done.game.log_lines(done.events_until(k), viewer=viewer))
        self.query_one(LogPane).scroll_end(animate=False)
        self.query_one("#status", Static).update(self.status())

    def status(self) -> str:
        k = self.step
        where = f"{self.file_name}: step {k} of {self.last}"
        if k < self.last:
            before = self.done.game_at(k)
            text = dict(before.legal())[self.done.record.actions[k]]
            where += f"; next: P{self.done.deciders[k]} {text}"
        seen = "all cards" if self.reveal else f"seat P{self.seat}'s view"
        return f"{where}   ({seen}; turn {int(self.done.states[k][C.H_TURN])})"

    def action_step(self, delta: int) -> None:
        self.step = min(max(self.step + delta, 0), self.last)
        self.draw()

    def action_jump(self, k: int) -> None:
        self.step = self.last if k < 0 else k
        self.draw()

    def action_reveal(self) -> None:
        self.reveal = not self.reveal
        self.draw()

    def action_flip(self) -> None:
        self.seat = 1 - self.seat
        self.draw()

    def stem(self) -> str:
        return Path(self.file_name).stem

    def action_position(self) -> None:
        position = self.done.game_at(self.step).position()
        text = json.dumps(position, indent=1) + "\n"
        title = "Write the position (the state before the next action; for emr-sim resolve) as:"
        self.app.push_screen(
            AskPath(title, f"{self.stem()}.step{self.step}.json"), lambda p: write_asked(self, p, text)
        )

    def action_view(self) -> None:
        from emr_sim.games.emr.face.saved import view_dict

        text = json.dumps(view_dict(self.done, self.seat), indent=1) + "\n"
        title = f"Write what seat P{self.seat} saw (its log; no seed, no hidden card) as:"
        self.app.push_screen(
            AskPath(title, f"{self.stem()}.view{self.seat}.json"), lambda p: write_asked(self, p, text)
        )

    def action_review(self) -> None:
        from emr_sim.apps.tui.review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.done, self.seat, self.advisor, self.advisor_seed))
