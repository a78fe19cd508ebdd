"""The report's "Balance and skill" section: the report's run and the --skill runs as rungs.

skill_section turns emr_sim.analysis.skill (and the paired technique worth that
emr_sim.studies.report_data played, when asked for) into the template's strings;
summary_lines is what `emr-sim report` prints. The rungs were checked to play the same deals
when they were gathered (emr_sim.studies.report_data.check_rungs); rungs under other rules
come with their warnings, shown at the top of the section.
"""

from __future__ import annotations

from emr_sim.analysis import skill as S
from emr_sim.report.formatting import as_int, interval, pct, points, signed
from emr_sim.simulate.runs.rundir import LoadedRun

__all__ = ["skill_section", "summary_lines"]


def _tau_text(t: S.RankCorrelation) -> str:
    return f"{signed(t.tau, 2)} [{signed(t.ci_low, 2)}, {signed(t.ci_high, 2)}]"


def skill_section(
    runs: list[LoadedRun], worth: list[dict] | None = None, technique_pairs: int = 0, warnings=()
) -> dict:
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
            "tau": signed(t.tau, 2),
            "ci": f"{signed(t.ci_low, 2)} – {signed(t.ci_high, 2)}"
            + (" †" if not round(t.ci_low, 2) <= round(t.tau, 2) <= round(t.ci_high, 2) else ""),
        }
        for t in result.taus
    ]
    return {
        "rungs": [{"label": lab, "players": p} for lab, p in zip(labels, players, strict=True)],
        "ranking": ranking,
        "taus": taus,
        "tau_dagger": any("†" in t["ci"] for t in taus),
        "resamples": S.RESAMPLES,
        "stable_points": f"{S.STABLE_POINTS:g}",
        "changes": [_changes(result, labels, pair) for pair in result.changes],
        "profiles": _profiles(result, heroes),
        "worth": _worth(worth, runs[0].heroes, labels, technique_pairs) if worth is not None else None,
        "technique_pairs": technique_pairs,
        "warnings": [w.removeprefix("warning: ") for w in warnings],
        "summary": summary_lines(result),
        "tops": [
            {"label": lab, "top": str(f["win_rate"].idxmax())}
            for lab, f in zip(labels, result.fields, strict=True)
        ],
    }


def _label(run: LoadedRun) -> str:
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


def _worth(table: list[dict], heroes: list[str], labels: list[str], pairs: int) -> dict:
    """The paired technique worth of every master at every rung
    (emr_sim.studies.report_data.technique_table), as the template shows it."""
    from emr_sim.studies.technique import worth_cost

    rows = []
    for row in table:
        cells = [
            {
                "master": w["master"],
                "delta": points(w["delta"], sign=True),
                "ci": f"{points(w['ci_low'], sign=True)} – {points(w['ci_high'], sign=True)}",
            }
            for w in row["cells"]
        ]
        rows.append({"label": labels[row["rung"]], "na": row["na"], "cells": cells})
    games = worth_cost(pairs, len(heroes) - 1) * len(heroes)
    return {"heroes": heroes, "rows": rows, "games_per_rung": f"{games:,}"}


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
