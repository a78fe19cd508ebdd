"""Claims put to the test (`emr-sim claims`, docs/insight.md).

claims.study    each claim checked at each rung, the scans' changes ranked, OUT/claims.json
claims.rungs    the rungs (a run each), each claim's check there, the changes ranked
claims.verify   the best changes verified at the rung where a claim failed
"""
