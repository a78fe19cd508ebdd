"""The format of a table run's record (a leaf: 8MR's run readers name a table run by it)."""

TABLE_RUN_FORMAT = "emr-sim table run 1"
