"""The report's "Balance and skill" section: the report's run and the --skill runs as rungs.

check_rungs refuses rungs that did not play the same deals (another seed or other heroes);
skill_section turns emr_sim.analysis.skill (and, with technique_pairs, the paired technique
worth of emr_sim.analysis.technique) into the template's strings; summary_lines is what
`emr-sim report` prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from emr_sim.analysis import skill as S
from emr_sim.errors import BadInput
from emr_sim.report.formatting import as_int, interval, pct, points

if TYPE_CHECKING:
    from emr_sim.report.build import RunData

__all__ = ["check_rungs", "skill_section", "summary_lines"]


def check_rungs(records: list[tuple[str, dict]]) -> None:
    """BadInput naming both runs and the key when a rung's seed or heroes differ from the first's."""
    (first_path, first), *others = records
    for path, record in others:
        problem = S.rung_mismatch(first, record)
        if problem:
            raise BadInput(
                f"{path} cannot be a skill rung of {first_path}: {problem}; "
                "the rungs must play the same deals (the same --seed and --heroes)"
            )


def _tau_text(t: S.RankCorrelation) -> str:
    return f"{t.tau:+.2f} [{t.ci_low:+.2f}, {t.ci_high:+.2f}]"


def skill_section(runs: list[RunData], technique_pairs: int = 0, workers: int | None = None) -> dict:
    labels = [f"{k + 1}. {_label(r)}" for k, r in enumerate(runs)]
    players = [" vs ".join(str(p) for p in r.record.get("players", [])) for r in runs]
    result = S.analyse_skill(labels, players, [r.games for r in runs])
    first = result.fields[0]["rank"]  # the report's run's order
    heroes = [
        str(h) for h in first.sort_values(kind="stable").index if all(h in f.index for f in result.fields)
    ]
    ranking = [
        {
            "hero": h,
            "cells": [
                {"rank": as_int(f.loc[h, "rank"]), "rate": pct(f.loc[h, "win_rate"])} for f in result.fields
            ],
        }
        for h in heroes
    ]
    taus = [
        {
            "x": labels[t.x],
            "y": labels[t.y],
            "tau": f"{t.tau:+.2f}",
            "ci": f"{t.ci_low:+.2f} – {t.ci_high:+.2f}",
        }
        for t in result.taus
    ]
    return {
        "rungs": [{"label": lab, "players": p} for lab, p in zip(labels, players, strict=True)],
        "ranking": ranking,
        "taus": taus,
        "resamples": S.RESAMPLES,
        "stable_points": f"{S.STABLE_POINTS:g}",
        "changes": [_changes(result, labels, pair) for pair in result.changes],
        "profiles": _profiles(result, heroes),
        "worth": _worth(runs, labels, technique_pairs, workers) if technique_pairs else None,
        "technique_pairs": technique_pairs,
        "summary": summary_lines(result),
    }


def _label(run: RunData) -> str:
    return run.path.resolve().name or str(run.path)


def _changes(result: S.SkillAnalysis, labels: list[str], pair: tuple[int, int]) -> dict:
    frame = result.changes[pair].rename(columns={"class": "kind"})  # itertuples hides "class"
    rows = [
        {
            "cell": f"{r.hero_a} vs {r.hero_b}",
            "before": pct(r.score_before),
            "after": pct(r.score_after),
            "delta": points(r.delta, sign=True),
            "ci": f"{points(r.ci_low, sign=True)} – {points(r.ci_high, sign=True)}",
            "class": r.kind,
            "games": f"{as_int(r.games):,}",
        }
        for r in frame.itertuples(index=False)
    ]
    return {
        "x": labels[pair[0]],
        "y": labels[pair[1]],
        "rows": rows,
        "counts": S.class_counts(result.changes[pair]),
    }


def _profiles(result: S.SkillAnalysis, heroes: list[str]) -> dict:
    rows = [
        {
            "what": "first player's share of decided games",
            "values": [
                f"{pct(p['first_rate'])} ({interval(p['first_ci_low'], p['first_ci_high'])})"
                for p in result.profiles
            ],
        },
        {"what": "game length, mean (turns)", "values": [f"{p['mean_turns']:.1f}" for p in result.profiles]},
        {
            "what": "game length, median (turns)",
            "values": [f"{p['median_turns']:g}" for p in result.profiles],
        },
    ]
    rows += [
        {
            "what": f"{h}: own technique uses per game",
            "values": [f"{p['technique'].get(h, float('nan')):.2f}" for p in result.profiles],
        }
        for h in heroes
    ]
    return {"rows": rows}


def _worth(runs: list[RunData], labels: list[str], pairs: int, workers: int | None) -> dict:
    """The paired technique worth of every master at every rung (side A's player against side
    B's), on the run's seed, deck and rules: technique_worth, pairs deals per opponent."""
    from emr_sim.analysis.technique import technique_worth, worth_cost
    from emr_sim.lineup.base import SpecError
    from emr_sim.lineup.spec import parse_spec, without_technique
    from emr_sim.report.example_game import load_run_deck

    heroes = runs[0].heroes
    table: list[dict] = []
    for run, label in zip(runs, labels, strict=True):
        rec = run.record
        player, field = rec["players"][0], rec["players"][1]
        try:
            without_technique(parse_spec(player))
        except SpecError as err:
            table.append({"label": label, "na": str(err), "cells": []})
            continue
        deck = load_run_deck(rec, run.path)
        rules = {k: str(v) for k, v in (rec.get("rules") or {}).items() if k != "fury"}
        cells = []
        for master in heroes:
            w = technique_worth(
                player,
                master,
                pairs,
                field=field,
                opponents=heroes,
                seed=rec["seed"],
                fury=bool(rec.get("fury")),
                deck=deck,
                rules=rules,
                workers=workers,
            )
            cells.append(
                {
                    "master": master,
                    "delta": points(w["delta"], sign=True),
                    "ci": f"{points(w['ci_low'], sign=True)} – {points(w['ci_high'], sign=True)}",
                }
            )
        table.append({"label": label, "na": None, "cells": cells})
    games = worth_cost(pairs, len(heroes) - 1) * len(heroes)
    return {"heroes": heroes, "rows": table, "games_per_rung": f"{games:,}"}


def summary_lines(result: S.SkillAnalysis) -> list[str]:
    """The terminal summary: tau for each rung pair, the class counts of each."""
    lines = [
        "Balance and skill (rungs: "
        + "; ".join(f"{lab} = {p}" for lab, p in zip(result.labels, result.players, strict=True))
        + ")"
    ]
    for t in result.taus:
        lines.append(f"  Kendall tau {result.labels[t.x]} → {result.labels[t.y]}: {_tau_text(t)}")
    for (x, y), counts in result.counts().items():
        parts = ", ".join(f"{n} {c}" for c, n in counts.items())
        lines.append(f"  cells {result.labels[x]} → {result.labels[y]}: {parts}")
    return lines
