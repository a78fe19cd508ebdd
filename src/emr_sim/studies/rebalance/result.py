"""A rebalance's result as one record (STUDY/result.json, the command's --json, the report's
data): the question, the search's figures, the base, and each proposal with its balance at the
search rung and its verification at each rung."""

from __future__ import annotations

from pathlib import Path

from emr_sim.analysis.balance import FIELD, NASH, Balance
from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.study import Proposal
from emr_sim.studies.rebalance.verify import balance_entry

RESULT_FORMAT = "emr-sim rebalance result 1"
RESULT_FILE = "result.json"


def goal_words(spec: Spec) -> str:
    x = f"{spec.goal.tolerance:g}"
    if spec.goal.kind == FIELD:
        return f"every master's field mean within 50 ± {x} points"
    if spec.goal.kind == NASH:
        return f"every master within {x} points of the pick game's value against its equilibrium mix"
    return f"the cells within {x} points (rms) of the target matrix"


def guard_words(guards: dict) -> dict:
    first, turns = guards.get("first"), guards.get("turns")
    return {
        "first": "not bounded" if first is None else f"{100 * first[0]:.1f}–{100 * first[1]:.1f} %",
        "turns": "not bounded" if turns is None else f"{turns[0]:g}–{turns[1]:g}",
    }


def study_result(
    root: Path,
    spec: Spec,
    base: Balance,
    guards: dict,
    props: list[Proposal],
    counts: dict,
    checks: list[dict],
    seconds: float | None = None,
    search_seconds: float | None = None,
) -> dict:
    """The result record (the proposals' files and diffs are added by emr_sim.report.rebalance):
    `seconds` this run took for the search, `search_seconds` the base and the trials took over
    every run of the study (what a search costs, interrupted or not)."""
    search_player = spec.setup.specs[0].text
    out_props = []
    for p in props:
        mine = [dict(c, search_rung=c["rung"] == search_player) for c in checks if c["proposal"] == p.rank]
        out_props.append(
            {
                "rank": p.rank,
                "index": p.index,
                "variant": p.variant.text,
                "values": p.values,
                "sizes": p.sizes,
                "loss": p.loss,
                "search": balance_entry(spec, p.balance),
                "verification": mine,
            }
        )
    return {
        "format": RESULT_FORMAT,
        "root": str(root),
        "goal": spec.goal.text,
        "goal_words": goal_words(spec),
        "players": search_player,
        "seed": spec.seed,
        "margin": spec.margin,
        "penalty": {"count": spec.penalty.count, "size": spec.penalty.size},
        "max_changes": spec.max_changes,
        "guards": guard_words(guards),
        "rungs": list(spec.budget.rungs),
        "eta": spec.budget.eta,
        "heroes": list(spec.heroes),
        "knobs": [{"name": k.name, "text": k.text, "base": k.base} for k in spec.knobs],
        "search": {**counts, "seconds": seconds, "seconds_playing": search_seconds},
        "base": balance_entry(spec, base),
        "proposals": out_props,
    }
