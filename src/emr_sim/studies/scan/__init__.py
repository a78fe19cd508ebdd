"""Sensitivity scans (`emr-sim sensitivity`, docs/insight.md): each variant of a base run (a
card class one step, a rules option one step) played on the base's deals, paired with it.
The one entry point is scan.entry.run_sensitivity(settings, hooks): the command's settings as
one value (scan.entry.Settings) in, what the scan played and its effects out.

    scan.entry         the entry point and the command's settings
    scan.base          the run a study varies, and its set-up under any variant
    scan.plan          which variants a scan plays: card classes, single cards, rules
    scan.directory     a scan directory: its record, the base run and each variant's run
    scan.sensitivity   the scan: a pilot, sizes from a precision target, the runs (resumable)
    scan.effects       a scan's effects read back (paired with its base)
"""
