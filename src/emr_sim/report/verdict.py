"""The first screen of a matrix report: what the run found, in sentences, and the ranking.

Built from the sections the report already made (report.sections, report.skill, the
comparison), so the verdict and the sections below it say the same numbers: the strongest and
weakest master, the largest imbalances a sentence each, the first player's edge, and, when
skill rungs or a second run are given, what changes.
"""

from __future__ import annotations

import pandas as pd

from emr_sim import analysis as A
from emr_sim.report.formatting import as_int, p_text, pct, points, signed
from emr_sim.report.view import RunData

IMBALANCES = 3  # lopsided matchups told in the verdict


def ci(low, high) -> str:
    """An interval of rates in a sentence: '[53.3, 54.0]' (points)."""
    return f"[{points(low)}, {points(high)}]"


def ranking_rows(run: RunData) -> list[dict]:
    """The ranking as the first screen shows it: field mean with its interval and, when the
    model fits, the rating with its interval; strongest first."""
    field = A.field_means(run.cells)
    try:
        bt = A.bradley_terry(run.cells)
    except ValueError:
        bt = None
    rows = []
    for rank, (hero, f) in enumerate(field.sort_values("win_rate", ascending=False).iterrows(), start=1):
        row = {
            "rank": rank,
            "master": str(hero),
            "field": pct(f["win_rate"]),
            "field_ci": ci(f["ci_low"], f["ci_high"]),
            "above": bool(f["ci_low"] > 0.5),
            "below": bool(f["ci_high"] < 0.5),
            "rating": "",
        }
        if bt is not None and hero in bt.index:
            b = bt.loc[str(hero)]
            row["rating"] = (
                f"{signed(b['rating'], 0)} [{signed(b['rating_low'], 0)}, {signed(b['rating_high'], 0)}]"
            )
        rows.append(row)
    return rows


def ranking_sentence(rows: list[dict]) -> str:
    top, bottom = rows[0], rows[-1]
    above = sum(r["above"] for r in rows)
    below = sum(r["below"] for r in rows)
    return (
        f"Strongest master: {top['master']}, {top['field']} {top['field_ci']} of its games against the "
        f"field; weakest: {bottom['master']}, {bottom['field']} {bottom['field_ci']}. {above} of "
        f"{len(rows)} masters are above 50 % and {below} below, beyond doubt (95 % intervals)."
    )


def imbalance_sentences(cells: pd.DataFrame, k: int = IMBALANCES) -> list[str]:
    """The k matchups furthest from 50 %, each from the favoured master's side."""
    out = []
    for r in A.lopsided(cells, k=k).itertuples(index=False):
        significant = bool(getattr(r, "significant", False))
        verdict = (
            f"an imbalance beyond chance ({p_text(r.p_adjusted, 'corrected p')})"
            if significant
            else f"not beyond chance after the correction for {len(cells)} matchups"
        )
        out.append(
            f"{r.hero} beats {r.opponent} in {pct(r.win_rate)} {ci(r.ci_low, r.ci_high)} "
            f"of {as_int(r.games):,} games: {verdict}."
        )
    return out


def first_player_sentence(games: pd.DataFrame) -> str:
    first = A.first_player_overall(games)
    edge = float(first["rate"]) - 0.5
    how = (
        "an edge"
        if first["ci_low"] > 0.5
        else "a handicap"
        if first["ci_high"] < 0.5
        else "no clear edge either way"
    )
    return (
        f"The player who moves first wins {pct(first['rate'])} "
        f"{ci(first['ci_low'], first['ci_high'])} of decided games: {how} "
        f"({points(edge, sign=True)} points against 50 %)."
    )


def skill_sentences(skill: dict | None) -> list[str]:
    """What changes across the skill rungs, a sentence per pair of rungs compared."""
    if not skill:
        return []
    out = []
    by_pair = {(c["x"], c["y"]): c for c in skill["changes"]}
    for t in skill["taus"]:
        change = by_pair.get((t["x"], t["y"]))
        moved = ""
        if change is not None:
            counts = change["counts"]
            moved = (
                f"; {counts['skill-sensitive']} of {len(change['rows'])} matchups change beyond chance, "
                f"{counts['stable']} stay within ±{skill['stable_points']} points"
            )
        out.append(
            f"From {t['x']} to {t['y']}: the ranking's agreement (Kendall τ) is {t['tau']} "
            f"[{t['ci'].replace(' – ', ', ')}]{moved}."
        )
    tops = [f"{r['label']}: {r['top']}" for r in skill.get("tops", [])]
    if tops:
        out.append("Strongest master at each rung: " + "; ".join(tops) + ".")
    return out


def compare_sentences(compare: dict | None) -> list[str]:
    """What moved from run A to run B."""
    if not compare:
        return []
    rows = compare["hero_rows"]
    biggest = max(rows, key=lambda r: abs(float(r["delta"].replace("—", "0"))), default=None)
    out = [
        f"Against {compare['b']}: {compare['n_significant_heroes']} of {len(rows)} masters and "
        f"{compare['n_significant_cells']} of {compare['n_cells']} matchups move beyond chance."
    ]
    if biggest is not None:
        out.append(
            f"The largest move is {biggest['hero']}'s, {biggest['delta']} points [{biggest['ci']}] "
            "of its field mean."
        )
    return out


def verdict(run: RunData, skill: dict | None, compare: dict | None, cards: dict | None) -> dict:
    """The first screen: sentences (the ranking, the imbalances, the first player, then skill,
    comparison and cards when given) and the ranking table."""
    rows = ranking_rows(run)
    imbalances = imbalance_sentences(run.cells)
    lines = [ranking_sentence(rows), *imbalances, first_player_sentence(run.games)]
    lines += skill_sentences(skill) + compare_sentences(compare)
    if cards and cards.get("overall"):
        lines.append(cards["overall"])
    top = 1 if imbalances else -1  # the largest imbalance: the first screen's test looks for it
    return {"lines": [{"text": t, "top": k == top} for k, t in enumerate(lines)], "ranking": rows}
