"""The rebalance study (`emr-sim rebalance`, docs/rebalance.md): the smallest change of the
knobs a designer names that meets a balance goal, searched at one rung, verified at others.
The one entry point is rebalance.entry.run_rebalance(settings, hooks, write): the command's
settings as one value (rebalance.prepare.Settings) in, the result and its directory out.

    rebalance.entry    the entry point: checks, search, verification, outputs, under one lock
    rebalance.prepare  the command's settings, and the study made from them (every check first)
    rebalance.spec     what a study is: its base set-up, knobs, goal, budget, guards
    rebalance.knobs    what the search may change, parsed from --knob
    rebalance.store    the study's directory: its files, the Optuna storage, the base's counts
    rebalance.play     candidates' parts of cells played on threads or a cluster, into counts
    rebalance.base     the base measured at every rung, the goals the knobs cannot meet
    rebalance.warm     the first trials (the base, the scans' single changes)
    rebalance.search   the search's loop: batches, successive halving, resuming
    rebalance.study    the study run (resumable) and its proposals
    rebalance.verify   the proposals verified on fresh seeds at each --verify rung
    rebalance.result   the result as one record (STUDY/result.json)
"""
