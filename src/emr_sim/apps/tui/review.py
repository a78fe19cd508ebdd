"""The post-game review screen: every decision of the person's seat against the advisor's
search (emr_sim.games.emr.face.review), the three costliest first. The search runs in a worker thread
with a progress line; Escape goes back."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from emr_sim.games.emr.face.review import Review, review
from emr_sim.games.emr.face.saved import Replay


def review_text(r: Review) -> Text:
    """The review's lines (Review.lines), the costliest decisions in bold red."""
    out = Text()
    section = ""
    for line in r.lines():
        if not line.startswith("  "):
            section = line
        costly = section.startswith("costliest") and line.startswith("  ")
        out.append(line + "\n", style="bold red" if costly else "")
    return out


class ReviewScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("Q", "app.quit", "Quit")]

    def __init__(self, done: Replay, seat: int, advisor: str, seed: int) -> None:
        super().__init__()
        self.done, self.seat, self.advisor, self.seed = done, seat, advisor, seed
        self.result: Review | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(f"reviewing with {self.advisor}, seed {self.seed} ...", id="review")
        yield Footer()

    def on_mount(self) -> None:
        self.run_worker(self.search, thread=True, group="review")

    def search(self) -> None:
        def progress(k: int, n: int) -> None:
            self.app.call_from_thread(self.progress, k, n)

        result = review(self.done, self.seat, self.advisor, self.seed, progress)
        self.app.call_from_thread(self.show, result)

    def progress(self, k: int, n: int) -> None:
        if self.result is None:
            self.query_one("#review", Static).update(f"reviewing with {self.advisor}: decision {k} of {n}")

    def show(self, result: Review) -> None:
        self.result = result
        self.query_one("#review", Static).update(review_text(result))
