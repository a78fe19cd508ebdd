"""Many games. A run is set up once (setup: RunSetup, the run record, DEFAULT_SEED) and played in
chunks by the runner (runner: on threads, or on the Dask cluster the command hands it: cluster)
as head-to-heads (matchup), hero matrices (matrix, over the cells of cells) and skill ladders
(ladder). A matrix run lives in a run directory (rundir: reading it once; runwriter: writing;
cellcheck: checking its cells) as per-game records (records); differences says what two run
records differ in, example replays a game of a run, sizes and estimate check and time a run
before it starts."""
