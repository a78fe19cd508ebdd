"""Studies: questions answered by playing games and analysing them (simulate, then analysis).

studies.technique     what a master's own technique is worth, paired on the same deals
studies.report_data   everything a report shows, gathered once: runs read, example games
                      replayed, technique worth played, scans and claims read (emr_sim.report
                      renders it)
studies.scan/         the sensitivity scans: the run varied, the variants, the scan directory,
                      the scan (a pilot, sizes from a precision target), its effects read back
studies.claims/       claims checked at each rung, the scans' changes ranked, the best verified
                      where a claim failed
studies.rebalance/    the rebalance search: knobs, goal, the search, verification, the result
studies.hbc/          what a designer of HBC asks at 2-5 players (its games and the seats'
                      logs), docs/hbc-report.md
studies.samurai/      Samurai Sword's study games (docs/samurai.md)

Each run a study plays is a normal matrix run directory (emr_sim.simulate.matrix), so it
resumes, compares (`emr-sim compare`) and reports like any other; the statistics come from
emr_sim.analysis (paired deltas, claim checks), which plays no game.
"""
