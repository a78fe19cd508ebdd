"""Many games: one run set-up and run record (setup), the chunked runner with its progress bar
(runner), head-to-heads (matchup), the hero matrix (matrix) kept in a run directory (rundir),
and per-game records as data frames (records)."""
