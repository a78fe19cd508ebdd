"""PlayApp: the set-up screen, then a game screen per game (N abandons one for the set-up),
or the replay screen of a saved game; a notice covers it while the terminal is too small.

    from emr_sim.apps.tui.app import PlayApp
    PlayApp(Setup(opponent="greedy", seed=3), advisor="ismcts:5000").run()

`launch` is what `emr-sim tui` calls once its options are checked and the kernels are warm.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.events import Resize

from emr_sim.apps.tui import too_small
from emr_sim.apps.tui.dialogs import TooSmall
from emr_sim.apps.tui.game import GameScreen
from emr_sim.apps.tui.loader import Loader
from emr_sim.apps.tui.replay import ReplayScreen
from emr_sim.apps.tui.setup import SetupScreen
from emr_sim.games.emr.face.saved import Replay
from emr_sim.games.emr.face.versus import DEFAULT_ADVISOR, Setup, Versus

CSS = """
#top { height: auto; }
#board { width: 86; height: auto; }
#side { width: 1fr; height: auto; }
#actions { height: auto; max-height: 20; }
#hints { height: auto; padding: 1 0 0 1; }
#log { height: 1fr; border-top: solid $accent; }
#status { height: 1; background: $boost; }
"""


class PlayApp(App):
    CSS = CSS
    TITLE = "emr-sim"

    def __init__(
        self,
        setup: Setup | None = None,
        advisor: str = DEFAULT_ADVISOR,
        advisor_seed: int = 1,
        replay: Replay | None = None,
        replay_name: str | Path = "game.json",
        loader: Loader | None = None,
    ) -> None:
        super().__init__()
        self.loader = loader  # the kernels loading behind the first screen
        self.setup = setup or Setup()
        self.advisor, self.advisor_seed = advisor, advisor_seed
        self.replay, self.replay_name = replay, str(replay_name)
        self.small: TooSmall | None = None
        self.started = False  # the first screen is up: the notice goes over it

    def on_mount(self) -> None:
        if self.replay is not None:
            self.push_screen(ReplayScreen(self.replay, self.replay_name, self.advisor, self.advisor_seed))
        else:
            self.push_screen(SetupScreen(self.setup))
        self.started = True
        # The size is read when the check runs, not now: a resize may come before the refresh.
        self.call_after_refresh(self.check_current_size)
        if self.loader is not None:
            self.call_after_refresh(self.loader.start)  # once the first screen is drawn

    def start_game(self, setup: Setup) -> None:
        """A new game screen over the set-up screen (once the kernels are loaded)."""
        if self.loader is not None:
            if not self.loader.is_alive() and self.loader.ident is None:
                self.loader.start()  # the game began before the first refresh
            self.loader.wait()
            self.loader = None
        self.setup = setup
        self.push_screen(GameScreen(Versus(setup), self.advisor, self.advisor_seed))

    def on_resize(self, event: Resize) -> None:
        if self.started:
            self.check_size(event.size.width, event.size.height)

    def check_current_size(self) -> None:
        self.check_size(self.size.width, self.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Cover the app with a notice while the terminal is too small; uncover it after."""
        why = too_small(width, height)
        if why and self.small is None:
            self.small = TooSmall(why)
            self.push_screen(self.small)
        elif not why and self.small is not None:
            self.small.dismiss()
            self.small = None


def launch(
    setup: Setup,
    advisor: str,
    advisor_seed: int,
    replay: Replay | None,
    replay_name: str | None,
    loader: Loader | None = None,
) -> None:
    """Run the app in this terminal until it quits."""
    PlayApp(setup, advisor, advisor_seed, replay, replay_name or "game.json", loader).run()
