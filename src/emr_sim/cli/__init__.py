"""The emr-sim command line (click): each command parses its options, calls the package, prints.

    cli.app       the `emr-sim` group, the exit codes (2 bad input, 3 cannot write, 4 cluster
                  lost) and the one-line error form
    cli.options   the options several commands share, as bundles, and their checks
    cli.runs      matchup, matrix, ladder            cli.tune    tune
    cli.study     compare, report                    cli.play    play, resolve, position
    cli.lists     cards, heroes, rules, players,     cli.insight card-stats,
                  games                              sensitivity, claims
    cli.meta      meta                               cli.rebalance rebalance
    cli.tables    the run commands' paths of --game for another game than 8MR (matchup,
                  matrix, play); cli.table_reads: the reading commands' (report, compare,
                  meta, card-stats)
    cli.odds      odds (a game's exact battle odds: HBC)

numba and pandas load inside the commands, so `emr-sim --help` stays quick. A study's command
(rebalance, sensitivity, claims) parses its options into one settings value and calls the
study's one entry point (emr_sim.studies.rebalance.entry, .scan.entry, .claims.entry).
"""

from emr_sim.cli import insight, lists, meta, odds, play, rebalance, runs, study, tables, tune
from emr_sim.cli.app import main

__all__ = ["insight", "lists", "main", "meta", "odds", "play", "rebalance", "runs", "study", "tables", "tune"]
