"""The run directory and what it holds: its files read once (rundir) and written (runwriter),
per-game records (records), the checks of a run record and of its cells (recordcheck, cellcheck),
the cells of a run (cells), the sizes a run may have (sizes), search versions (searchversion),
what two runs differ in (differences), the card events a run kept (cardsource)."""
