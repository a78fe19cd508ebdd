"""Statistics of hero-matrix runs as pandas pipelines: functions from frame to frame.

games frame (emr_sim.simulate.runs.records, one row per game)
    -> cell_table -> cells frame (one row per cell)
        -> oriented, matrix                 each cell from both sides, the square matrix
        -> field_means, bradley_terry       one number per hero
        -> adjust                           multiple-testing corrected p-values
        -> lopsided                         the most unbalanced cells
    -> usage_by_hero, length_distribution, drivers      how the heroes play
(before, after) games frames of two runs on the same seeds
    -> compare_cells, compare_heroes        paired what-if analysis
    -> sensitivity (variant_effects ...)    a variant's paired effects (docs/insight.md)
games frame + a claims file
    -> claims.check_claim                   holds / contradicted / not resolved (docs/insight.md)
games frame of a complete matrix
    -> meta.analyse_meta                    the metagame: Nash picks, Hodge split, α-Rank,
                                            a draft (solvers: nash, hodge, alpharank, draft)

See docs/analysis.md.
"""

import importlib

# Each name from the module that defines it, imported when first asked for (PEP 562): a
# command that needs one module (emr_sim.analysis.tables, say) does not load scipy.stats,
# scipy.sparse and statsmodels with the others.
_HOMES = {
    "cell_table": "cells",
    "first_player_overall": "cells",
    "matrix": "cells",
    "oriented": "cells",
    "compare_cells": "compare",
    "compare_heroes": "compare",
    "bradley_terry": "ratings",
    "field_means": "ratings",
    "adjust": "significance",
    "drivers": "usage",
    "length_distribution": "usage",
    "lopsided": "usage",
    "usage_by_hero": "usage",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "adjust",
    "bradley_terry",
    "cell_table",
    "compare_cells",
    "compare_heroes",
    "drivers",
    "field_means",
    "first_player_overall",
    "length_distribution",
    "lopsided",
    "matrix",
    "oriented",
    "usage_by_hero",
]
