"""The skill ladder in the terminal and as JSON: per step, the upper rung's score against the
rung below, overall and per master it plays, with paired 95 % intervals and Elo differences
(emr_sim.analysis.ladder)."""

from __future__ import annotations

import json
import math

from emr_sim.analysis.ladder import OVERALL, step_table
from emr_sim.report.formatting import as_int, interval, pct

HEADER = (
    f"{'master':<10} {'games':>7}  {'score':>6}  {'95% interval':<16} {'Elo':>5}  {'Elo 95%':<12}  above 50%"
)


def elo_text(x) -> str:
    x = float(x)
    if math.isinf(x):
        return "+∞" if x > 0 else "-∞"
    return f"{x:+.0f}"


def row_text(hero: str, row) -> str:
    elo_range = f"{elo_text(row['elo_low'])} – {elo_text(row['elo_high'])}"
    above = "yes" if row["above"] else "no"
    return (
        f"{hero:<10} {as_int(row['games']):>7,}  {pct(row['score']):>6}  "
        f"{interval(row['ci_low'], row['ci_high']):<16} {elo_text(row['elo']):>5}  {elo_range:<12}  {above}"
    )


def format_step(step) -> list[str]:
    table = step_table(step.games)
    overall = table.loc[OVERALL]
    lines = [
        f"step {step.index}: {step.upper} against {step.lower}: {pct(overall['score'])} "
        f"[{interval(overall['ci_low'], overall['ci_high'])}], Elo {elo_text(overall['elo'])}",
        HEADER,
    ]
    lines += [row_text(str(hero), row) for hero, row in table.iterrows()]
    return lines


def format_ladder(run) -> str:
    record = run.record
    lines = [
        f"ladder {' < '.join(record['rungs'])}: {len(record['heroes'])} masters, "
        f"{record['games_per_step']:,} games a step ({record['games_per_cell']} per hero assignment, "
        f"seats swapped on common seeds), seed {record['seed']}",
        "score: the upper rung's wins plus half its draws, per game; intervals take the pair "
        "(one deal, seats swapped) as the unit",
        "",
    ]
    for step in run.steps:
        lines += [*format_step(step), ""]
    return "\n".join(lines).rstrip() + "\n"


def ladder_json(run) -> dict:
    steps = []
    for step in run.steps:
        table = step_table(step.games).reset_index()
        steps.append(
            {
                "step": step.index,
                "upper": step.upper,
                "lower": step.lower,
                "run_dir": str(step.run_dir),
                "rows": json.loads(table.to_json(orient="records")),
            }
        )
    return {"run_dir": str(run.run_dir), "ladder": run.record, "seconds": run.seconds, "steps": steps}
