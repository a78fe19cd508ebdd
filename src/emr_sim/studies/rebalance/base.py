"""The base of a rebalance (no change), measured at every rung on the search's seeds, and
the goals the knobs cannot meet, judged on it before the study is written."""

from __future__ import annotations

import math

from emr_sim.analysis.balance import Balance, Cells
from emr_sim.errors import BadInput
from emr_sim.simulate.cells import cell_pairs
from emr_sim.studies.rebalance.play import Part, play_parts
from emr_sim.studies.rebalance.spec import Spec


def base_counts(spec: Spec, workers: int, cluster, quiet: bool) -> list[Cells]:
    """The base's counts of every cell at every rung (cumulative: rung r holds pairs 0 ..
    pairs[r] - 1), played rung by rung."""
    from emr_sim.console.progress import progress_bar

    cells = cell_pairs(spec.heroes)
    out: list[Cells] = []
    previous = 0
    with progress_bar(len(cells) * spec.budget.rungs[-1], quiet) as bar:
        bar.set_postfix_str("the base")
        for pairs in spec.budget.pairs:
            parts = [Part(c, spec.setup, c, spec.seed, previous, pairs - previous) for c in cells]
            played = play_parts(parts, workers, cluster, bar)
            last = out[-1] if out else {}
            out.append({c: (last[c] + played[c]) if c in last else played[c] for c in cells})
            previous = pairs
    return out


def check_reach(spec: Spec, base: Balance) -> None:
    """BadInput when the goal cannot be met whatever the knobs do, judged on the cells no knob
    can change (their 95 % intervals): for target:X, the root-mean-square distance of those
    cells alone is above X; for field:X, a master's field mean stays outside 50 ± X even if
    every cell a knob reaches went its way."""
    import numpy as np

    from emr_sim.analysis.balance import FIELD, POINTS, TARGET
    from emr_sim.stats import Z95
    from emr_sim.studies.rebalance.knobs import fixed_cells

    fixed = fixed_cells(spec.knobs, spec.heroes)
    if not fixed:
        return
    index = {h: i for i, h in enumerate(spec.heroes)}
    goal = spec.goal
    if goal.kind == TARGET and goal.target is not None:
        given = int(np.isfinite(goal.target[np.triu_indices(len(spec.heroes), 1)]).sum())
        misses = []
        for a, b in fixed:
            i, j = index[a], index[b]
            if np.isfinite(goal.target[i, j]):
                low = max(abs(base.P[i, j] - goal.target[i, j]) - Z95 * base.se[i, j], 0.0)
                misses.append((POINTS * low, f"{a} vs {b}"))
        floor = math.sqrt(sum(m**2 for m, _ in misses) / given) if given else 0.0
        if floor > goal.tolerance:
            worst = max(misses)[1]
            raise BadInput(
                f"--goal {goal.text}: the knobs cannot meet it: the cells no knob changes are at least "
                f"{floor:.1f} points (rms) from the target (e.g. {worst}); add knobs that reach them"
            )
    if goal.kind == FIELD:
        n = len(spec.heroes)
        fixed_set = set(fixed)
        for h, i in index.items():
            mine = [(a, b) for a, b in cell_pairs(spec.heroes) if h in (a, b)]
            fixed_mine = [c for c in mine if c in fixed_set]
            if len(fixed_mine) < len(mine):
                continue  # a knob reaches one of its cells: no bound claimed
            low = sum(
                base.P[i, index[b if a == h else a]] - Z95 * base.se[i, index[b if a == h else a]]
                for a, b in mine
            ) / (n - 1)
            high = sum(
                base.P[i, index[b if a == h else a]] + Z95 * base.se[i, index[b if a == h else a]]
                for a, b in mine
            ) / (n - 1)
            if high < 0.5 - goal.tolerance / POINTS or low > 0.5 + goal.tolerance / POINTS:
                raise BadInput(
                    f"--goal {goal.text}: the knobs cannot meet it: no knob changes a game of {h}, "
                    f"whose field mean is {POINTS * base.field[i]:.1f} % "
                    f"(95 % {POINTS * low:.1f}..{POINTS * high:.1f}); "
                    f"add a knob that reaches {h}"
                )
