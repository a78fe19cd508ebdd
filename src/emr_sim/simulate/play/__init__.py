"""Playing many games: the run settings made once (settings) and checked (setup), the chunked
runner (runner, on threads or on the Dask cluster it is handed: cluster), head-to-heads (matchup),
hero matrices (matrix), skill ladders (ladder), the time a run should take (estimate) and the
example games a report replays (example)."""
