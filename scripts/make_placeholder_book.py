"""Write src/emr_sim/games/emr/data/tuned.json as the placeholder book: every master's vector the
greedy's defaults, marked "made_by": "placeholder: default vectors" (emr_sim.games.emr.lineup.book).

The `tuned` player reads this file; tuning replaces it with a real book. Run it again from
the project root whenever the parameter table (emr_sim.games.emr.players.params) changes before then::

    PYTHONPATH=src python scripts/make_placeholder_book.py
"""

from __future__ import annotations

from emr_sim.games.emr.lineup.book import tuned_path, write_placeholder

if __name__ == "__main__":
    print(f"wrote {write_placeholder(tuned_path())}")
