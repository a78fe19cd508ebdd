"""Many games, a folder per job, each importing only from those after it (pyproject.toml
[tool.importlinter], "layers"):

    play/     the run settings made once (settings: RunSettings, RunHooks) and checked (setup:
              RunSetup, the run record, DEFAULT_SEED); the chunked runner (runner: on threads,
              or on the Dask cluster the command hands it: cluster) playing head-to-heads
              (matchup), hero matrices (matrix, over the cells of runs.cells) and skill ladders
              (ladder); estimate times a run before it starts, example replays a game of a run
    runs/     a run directory (rundir: reading it once; runwriter: writing; recordcheck,
              cellcheck: checking its record and cells; recordspecs: a record's players) of
              per-game records (records); sizes, search versions, what two run records differ
              in (differences), the card events a run kept (cardsource)
    whatif/   variants: changes to a run's rules and cards (variants, deckchanges)
    tables/   runs of any game at any table size, through the game contract
"""
