"""Runs of any game at any table size, through the game contract (docs/games.md): settings
made once (settings.py), the player lineup (lineup.py), the deals played on threads or a
Dask cluster (play.py), the run directory (rundir.py) and its frames (frames.py). 8 Masters'
Revenge keeps its own, faster paths (emr_sim.simulate.play.matchup, .matrix); nothing here
imports a game's internals."""
