"""A run's settings, made once where a command's options enter and handed down as one value,
and the hooks a run reports through.

    settings = RunSettings(seed=1, players="greedy,greedy", rules={"health": "9"}, workers=2)
    setup = run_setup(settings, "a matrix")          # emr_sim.simulate.play.setup: checked, parsed
    run_matrix("runs/base", settings, MatrixPlay(heroes="crow,wind,earth", games=2_000))

The CLI's shared options (emr_sim.cli.options.run_settings) make one RunSettings per command;
matchup, matrix, ladder, tune and the studies' runs receive it (or a copy with a field
changed: `settings.but(players=...)`), never the options one by one. This module imports
nothing of the simulator, so a command can make the value before it loads anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from emr_sim.games.emr.cards import Deck
    from emr_sim.simulate.whatif.variants import Variant


@dataclass(frozen=True)
class RunSettings:
    """What a run is played with, as given (texts, or values already parsed): run_setup
    checks and parses it. None means the default (seed: DEFAULT_SEED; workers: one thread a
    core; deck: the shipped one; rules: the defaults; search_version: the current one, or a
    resumed run's own; variant: none)."""

    players: str | tuple | list = "greedy,greedy"  # a player spec of each side (emr-sim players)
    fury: bool = True  # hero mode (R-OPT-FURY)
    deck: Deck | str | Path | None = None  # a deck file, or a Deck
    rules: dict[str, str] | None = None  # rules options by name (--rule NAME=VALUE)
    variant: str | Variant | None = None  # changes to the rules and cards (emr_sim.simulate.whatif.variants)
    seed: int | None = None
    workers: int | None = None  # threads of this process
    # where the games are played: None, this process's threads; or a connected Dask cluster
    # (emr_sim.simulate.play.cluster.Cluster), which the command that connected it closes
    cluster: Any = field(default=None, compare=False, repr=False)
    search_version: int | None = None  # the search version the players' texts are read in
    cards: bool = False  # --cards: the games' records hold the card events

    def but(self, **changes: Any) -> RunSettings:
        """A copy with the fields named changed (a ladder's rungs, a study's own seed)."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class RunHooks:
    """How a run tells what it does: the progress bar (quiet: none), on_note(text) for each
    warning and each damaged cell played again, on_estimate(...) before the first game with
    the games to play (a matrix: (seconds, games); a ladder: (seconds, record, games)), and
    on_cell(hero_a, hero_b, games_frame) after each cell of a matrix."""

    quiet: bool = True
    on_note: Callable[[str], None] | None = None
    on_estimate: Callable[..., None] | None = None
    on_cell: Callable[..., None] | None = None

    def note(self, text: str) -> None:
        if self.on_note:
            self.on_note(text)


DEFAULTS = RunSettings()  # every setting its default
QUIET = RunHooks()  # no bar, nothing said
