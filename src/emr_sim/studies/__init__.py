"""Studies: questions answered by playing games and analysing them (simulate, then analysis).

studies.technique     what a master's own technique is worth, paired on the same deals
studies.report_data   everything a report shows, gathered once: runs read, example games
                      replayed, technique worth played (emr_sim.report renders it)
"""
