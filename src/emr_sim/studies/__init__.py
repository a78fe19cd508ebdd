"""Studies: commands that play games to answer a question about the game's balance.

    scanplan     which variants a sensitivity scan plays: card classes, single cards, rules
    scandir      a scan directory: its record, the base run and each variant's run
    sensitivity  the scan itself: pilot, sizes from a precision target, the runs (resumable)
    claims       claims checked at each rung, the changes that move a contradicted one, verified

Each run a study plays is a normal matrix run directory (emr_sim.simulate.matrix), so it
resumes, compares (`emr-sim compare`) and reports like any other; the statistics come from
emr_sim.analysis (paired deltas, claim checks), which plays no game.
"""
