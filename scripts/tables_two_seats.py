"""The table statistics of an 8MR matrix run against its two-seat figures (docs/analysis.md,
"Tables of any size"): each master's share of the wins against its field mean, the first
player's share, and the Plackett–Luce rating against the Bradley–Terry rating, with intervals.

    python scripts/tables_two_seats.py runs/default
"""

from __future__ import annotations

import sys

import pandas as pd

from emr_sim import analysis as A
from emr_sim.analysis import tables as T
from emr_sim.analysis.table_pairs import pairs_long
from emr_sim.analysis.table_rating import plackett_luce
from emr_sim.simulate.runs.rundir import load_run


def main(run_dir: str) -> None:
    run = load_run(run_dir)
    seats = pairs_long(run.games)
    cells = A.cell_table(run.games)
    field, bt = A.field_means(cells), A.bradley_terry(cells)
    shares = T.entity_shares(seats, 2).set_index("entity")
    pl = plackett_luce(seats).set_index("entity")
    rows = []
    for hero in bt.index:
        rows.append(
            {
                "master": hero,
                "field mean [95 %]": f"{100 * field.loc[hero, 'win_rate']:.2f} "
                f"[{100 * field.loc[hero, 'ci_low']:.2f}, {100 * field.loc[hero, 'ci_high']:.2f}]",
                "table share [95 %, deals]": f"{100 * shares.loc[hero, 'share']:.2f} "
                f"[{100 * shares.loc[hero, 'low']:.2f}, {100 * shares.loc[hero, 'high']:.2f}]",
                "Bradley–Terry [95 %]": f"{bt.loc[hero, 'rating']:+.2f} "
                f"[{bt.loc[hero, 'rating_low']:+.2f}, {bt.loc[hero, 'rating_high']:+.2f}]",
                "Plackett–Luce [95 %, deals]": f"{pl.loc[hero, 'rating']:+.2f} "
                f"[{pl.loc[hero, 'rating_low']:+.2f}, {pl.loc[hero, 'rating_high']:+.2f}]",
            }
        )
    print(pd.DataFrame(rows).to_string(index=False))
    first, overall = T.first_player(seats, 2).iloc[0], A.first_player_overall(run.games)
    table = f"{100 * first['share']:.2f} [{100 * first['low']:.2f}, {100 * first['high']:.2f}]"
    print(
        f"first player: table {table}; "
        f"matrix {100 * overall['rate']:.2f} [{100 * overall['ci_low']:.2f}, {100 * overall['ci_high']:.2f}]"
    )


if __name__ == "__main__":
    main(sys.argv[1])
