"""Claims put to the test (`emr-sim claims`, docs/insight.md). The one entry point is
claims.entry.run_claims_study(settings, hooks): the command's settings as one value in.

    claims.entry    the entry point and the command's settings
claims.study    each claim checked at each rung, the scans' changes ranked, OUT/claims.json
claims.rungs    the rungs (a run each), each claim's check there, the changes ranked
claims.verify   the best changes verified at the rung where a claim failed
"""
