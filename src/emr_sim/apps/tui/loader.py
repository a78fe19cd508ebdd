"""The kernels loading in a thread behind the play app's first screen (emr-sim tui with
warm kernels: emr_sim.games.emr.face.warm). The app starts it once its first screen is drawn, so the
two do not share the CPU before the person sees something."""

from __future__ import annotations

import threading


class Loader(threading.Thread):
    """Loads the kernels (game.warm.warm_kernels, no notice) behind the first screen; the app
    joins it before the first game (`wait`), and an error in it is raised there."""

    def __init__(self) -> None:
        super().__init__(name="emr-sim kernels", daemon=True)
        self.error: BaseException | None = None

    def run(self) -> None:
        from emr_sim.games.emr.face.warm import warm_kernels

        try:
            warm_kernels(notice=False)
        except BaseException as err:  # handed to the app's thread by wait()
            self.error = err

    def wait(self) -> None:
        self.join()
        if self.error is not None:
            raise self.error
