"""The game screen: the board from the person's side, the legal actions with keys, the log,
hints; the program thinks in a worker thread.

Keys: an action's key (1-9, 0, a-z) highlights it and shows on the board where it goes;
the same key again or Enter plays it. H asks the advisor for a hint, S saves the game
record, V saves the person's view, R reviews the finished game, N abandons the game for a
new one, Q quits. The program's search runs in a thread (the kernels release the GIL), so
keys are answered while it thinks; abandoning the game discards a running search's result.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static

from emr_sim.apps.tui.actions import ActionList
from emr_sim.apps.tui.board import Marks, board_text, marks_for
from emr_sim.apps.tui.dialogs import AskPath, write_asked
from emr_sim.apps.tui.hints import HintPane
from emr_sim.apps.tui.logpane import LogPane
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.face.versus import Versus

SPINNER = "|/-\\"
TICK = 0.1  # seconds between updates of the "thinking" line


class BoardView(Static):
    """The board; `text` keeps the plain text last drawn (tests read it)."""

    text = ""

    def draw(self, board: Text) -> None:
        self.text = board.plain
        self.update(board)


class GameScreen(Screen):
    BINDINGS = [
        Binding("H", "hint", "Hint"),
        Binding("S", "save", "Save game"),
        Binding("V", "view", "Save view"),
        Binding("R", "review", "Review"),
        Binding("N", "new", "New game"),
        Binding("Q", "quit", "Quit"),
        Binding("escape", "unpick", "Unpick", show=False),
    ]

    def __init__(self, versus: Versus, advisor: str, advisor_seed: int) -> None:
        super().__init__()
        self.versus: Versus | None = versus
        self.advisor, self.advisor_seed = advisor, advisor_seed
        self.token = 0  # bumped when the game is abandoned: a late search result is dropped
        self.picked: int | None = None  # the list index picked by its key, waiting for confirmation
        self.thinking_since: float | None = None
        self.hint_for: int | None = None  # the number of actions taken when the hint was asked

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield BoardView(id="board")
            with Vertical(id="side"):
                yield ActionList(id="actions")
                yield HintPane(id="hints")
        yield LogPane(id="log")
        yield Static(id="status")
        yield Footer()

    @property
    def actions(self) -> ActionList:
        return self.query_one(ActionList)

    @property
    def log_pane(self) -> LogPane:
        return self.query_one(LogPane)

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(text)

    def on_mount(self) -> None:
        v = self.game
        self.query_one(HintPane).clear_hint()
        self.log_pane.add(v.log_lines(v.steps[0]))
        self.set_interval(TICK, self.tick)
        self.actions.focus()
        self.advance()

    @property
    def game(self) -> Versus:
        assert self.versus is not None, "the game was abandoned"
        return self.versus

    # ------------------------------------------------------------ drawing
    def names(self) -> tuple[str, str]:
        v = self.game
        names = ["You", "You"]
        names[v.opponent] = v.spec.text
        return names[0], names[1]

    def draw_board(self, marks: Marks | None = None) -> None:
        v = self.game
        board = board_text(v.observation(), v.game.table, v.seat, self.names(), marks)
        self.query_one(BoardView).draw(board)

    def tick(self) -> None:
        if self.thinking_since is None or self.versus is None:
            return
        spent = time.monotonic() - self.thinking_since
        spin = SPINNER[int(spent / TICK) % len(SPINNER)]
        self.say(f"P{self.game.opponent} ({self.game.spec.text}) is thinking {spin} {spent:.1f} s")

    # ------------------------------------------------------------ the game's flow
    def advance(self) -> None:
        """Show the position, then: the result, the person's choices, or the program thinks."""
        v = self.game
        self.picked = None
        self.draw_board()
        if v.over:
            self.actions.empty("game over")
            self.say(f"{summary_line(v.game.state)}. R: review   S: save   N: new game   Q: quit")
            return
        if not v.human_to_move:
            self.start_thinking()
            return
        forced = v.forced()
        if forced is not None:
            self.play(forced)
            return
        self.actions.show(v.legal())
        self.preview()
        self.say("your decision: a key picks an action, the same key or Enter plays it")

    def play(self, code: int) -> None:
        v = self.game
        self.log_pane.add(v.log_lines(v.apply(code)))
        self.query_one(HintPane).clear_hint()
        self.advance()

    def start_thinking(self) -> None:
        v = self.game
        self.thinking_since = time.monotonic()
        self.actions.empty(f"P{v.opponent} is thinking...")
        self.tick()
        token = self.token
        self.run_worker(lambda: self.think(v, token), thread=True, group="think")

    def think(self, v: Versus, token: int) -> None:
        """In the worker thread: the program's choice, handed back to the screen."""
        code = v.think()
        self.app.call_from_thread(self.thought, v, token, code)

    def thought(self, v: Versus, token: int, code: int) -> None:
        if v is not self.versus or token != self.token:
            return  # the game was abandoned meanwhile: the result is dropped
        self.thinking_since = None
        self.play(code)

    # ------------------------------------------------------------ picking actions
    def preview(self) -> None:
        """Draw the board with the highlighted action's zones marked."""
        v, code = self.game, self.actions.code
        self.draw_board(
            marks_for(v.game.state, v.game.table, code, v.preview(code)) if code is not None else None
        )

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.versus is not None and self.versus.human_to_move:
            self.preview()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.confirm()

    def confirm(self) -> None:
        code = self.actions.code
        if self.versus is not None and self.versus.human_to_move and code is not None:
            self.play(code)

    def on_key(self, event) -> None:
        """An action's key: highlight it; pressed again, play it."""
        if self.versus is None or not self.versus.human_to_move or event.character is None:
            return
        k = self.actions.index_of_key(event.character)
        if k is None:
            return
        event.stop()
        if self.picked == k and self.actions.highlighted == k:
            self.confirm()
            return
        self.picked = k
        self.actions.highlighted = k
        self.say(f"[{event.character}] again or Enter plays it; Escape or another key picks again")

    def action_unpick(self) -> None:
        self.picked = None

    # ------------------------------------------------------------ commands
    def action_hint(self) -> None:
        v = self.game
        if not v.human_to_move:
            self.notify("a hint is for your own decisions")
            return
        self.hint_for = len(v.actions)
        self.query_one(HintPane).searching(self.advisor)
        game, asked = v.game, self.hint_for
        snapshot = type(game)(game.state.copy(), game.table, game.opts, game.deck)
        self.run_worker(lambda: self.search_hint(snapshot, v, asked), thread=True, group="hint")

    def search_hint(self, snapshot, v: Versus, asked: int) -> None:
        from emr_sim.games.emr.face.advise import advise

        table = advise(snapshot, self.advisor, self.advisor_seed)
        self.app.call_from_thread(self.show_hint, v, asked, table)

    def show_hint(self, v: Versus, asked: int, table: dict) -> None:
        if v is self.versus and asked == len(v.actions):  # still the decision it was asked for
            self.query_one(HintPane).show(table)

    def default_name(self, suffix: str) -> str:
        s = self.game.setup
        return f"emr-game-s{s.seed}-g{s.index}{suffix}"

    def action_save(self) -> None:
        from emr_sim.games.emr.face.saved import dumps_record

        v = self.game
        text = dumps_record(v.record(), v.game)
        title = "Save the game record (a full record: its seed reveals every hidden card) as:"
        self.app.push_screen(
            AskPath(title, self.default_name(".json")), lambda path: write_asked(self, path, text)
        )

    def action_view(self) -> None:
        import json

        from emr_sim.games.emr.face.saved import replay, view_dict

        v = self.game
        text = json.dumps(view_dict(replay(v.record(), v.game.deck), v.seat), indent=1) + "\n"
        title = "Save what your seat saw (its log; no seed, no hidden card) as:"
        self.app.push_screen(
            AskPath(title, self.default_name(".view.json")), lambda path: write_asked(self, path, text)
        )

    def action_review(self) -> None:
        from emr_sim.apps.tui.review import ReviewScreen
        from emr_sim.games.emr.face.saved import replay

        v = self.game
        if not v.over:
            self.notify("the review comes after the game (S saves it; emr-sim tui --replay reviews it later)")
            return
        done = replay(v.record(), v.game.deck)
        self.app.push_screen(ReviewScreen(done, v.seat, self.advisor, self.advisor_seed))

    def action_new(self) -> None:
        """Abandon this game (a running search's result will be dropped) for the set-up screen."""
        self.token += 1
        self.versus = None
        self.thinking_since = None
        self.app.pop_screen()

    def action_quit(self) -> None:
        self.token += 1
        self.app.exit()
