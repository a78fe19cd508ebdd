"""emr_sim: an exact, fast simulator of 8 Masters' Revenge for balance studies.

The package in layers, the order a game's data flows, each importing only from those below
(README "Architecture"; the contracts in pyproject.toml [tool.importlinter] keep it so):

    codes, options, jit, rng, errors, stats, version   the foundation
    files/, console/             input and output files, the compile notice and progress bars
    cards                        deck files -> card table
    rules/, players/, loops/     the jitted kernels: rules, players, game loops
    lineup/                      who plays: player specs, books, master names
    game/                        the Python face of one game
    simulate/                    many games: run set-up, runner, matchup, matrix, ladder
    analysis/                    statistics of games frames, what-if
    studies/, tuning/            questions answered by playing and analysing; emr-sim tune
    report/                      HTML report and terminal tables, rendered from given data
    cli/                         the `emr-sim` command

`import emr_sim` loads nothing else, so that `emr-sim --help` stays fast; `matchup` below
loads the simulator when it is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emr_sim.version import __version__

if TYPE_CHECKING:
    from emr_sim.simulate.play.matchup import MatchupResult


def matchup(
    hero_a: str,
    hero_b: str,
    n: int = 100_000,
    records: bool = False,
    quiet: bool = True,
    on_note=None,
    **settings,
) -> MatchupResult:
    """Play a head-to-head of two heroes in seat-swapped pairs: emr_sim.simulate.play.matchup.matchup,
    the keywords other than n, records, quiet and on_note being the run's settings
    (emr_sim.simulate.play.settings.RunSettings: seed, players, fury, deck, rules, workers, cards, ...)."""
    from emr_sim.simulate.play.matchup import matchup as play_matchup
    from emr_sim.simulate.play.settings import RunHooks, RunSettings

    return play_matchup(hero_a, hero_b, n, RunSettings(**settings), RunHooks(quiet, on_note), records)


__all__ = ["__version__", "matchup"]
