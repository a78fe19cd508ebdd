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

from emr_sim.analysis.cells import cell_table, first_player_overall, matrix, oriented
from emr_sim.analysis.compare import compare_cells, compare_heroes
from emr_sim.analysis.ratings import bradley_terry, field_means
from emr_sim.analysis.significance import adjust
from emr_sim.analysis.usage import drivers, length_distribution, lopsided, usage_by_hero

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
