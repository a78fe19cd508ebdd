"""Studies: questions answered by playing games and analysing them (simulate, then analysis).

studies.technique     what a master's own technique is worth, paired on the same deals
studies.report_data   everything a report shows, gathered once: runs read, example games
                      replayed, technique worth played, scans and claims read (emr_sim.report
                      renders it)
studies.scanbase      the run a study varies, and its set-up under any variant
studies.scanplan      which variants a sensitivity scan plays: card classes, single cards, rules
studies.scandir       a scan directory: its record, the base run and each variant's run
studies.sensitivity   the scan: a pilot, sizes from a precision target, the runs (resumable)
studies.scaneffects   a scan's effects read back (paired with its base)
studies.hbc_designer  what a designer of HBC asks at 2-5 players (hbc_play: its games and
                      the seats' logs), docs/hbc-report.md
studies.claims        claims checked at each rung (claimrungs: the checks and the scans'
                      changes ranked), the best verified where a claim failed (verify)

Each run a study plays is a normal matrix run directory (emr_sim.simulate.play.matrix), so it
resumes, compares (`emr-sim compare`) and reports like any other; the statistics come from
emr_sim.analysis (paired deltas, claim checks), which plays no game.
"""
