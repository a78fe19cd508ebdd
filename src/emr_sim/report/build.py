"""Build the HTML report of a matrix run (and of a comparison of two runs, and of skill rungs).

The command gathers the report's inputs once (emr_sim.studies.report_data.gather: the runs
read, the example games replayed, the technique worth played); write_report renders them
with the sections of emr_sim.report.sections and the figures of emr_sim.report.plots into
templates/report.html.j2 (autoescaped) and writes one self-contained HTML file atomically.

    >>> from emr_sim.report.build import check_output, write_report
    >>> from emr_sim.studies.report_data import gather
    >>> check_output("reports/base.html")                                    # doctest: +SKIP
    >>> write_report(gather("runs/base"), "reports/base.html")               # doctest: +SKIP
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from emr_sim.files.outdir import check_output_file
from emr_sim.files.write import write_text
from emr_sim.report import sections as R
from emr_sim.report.cards import card_section
from emr_sim.report.glossary import glossary
from emr_sim.report.templating import environment
from emr_sim.report.verdict import verdict
from emr_sim.report.view import RunData, run_view
from emr_sim.studies.report_data import ALPHA, ReportData
from emr_sim.version import __version__

__all__ = ["check_output", "render", "report_context", "write_report"]

TEMPLATE = "report.html.j2"


def report_context(data: ReportData, name: str | None = None) -> dict:
    """Everything the template shows, as plain strings, numbers, lists and data URIs; NAME is
    the report file's name without its suffix (the title starts with it), else the run's."""
    run = run_view(data.run)
    other = run_view(data.other) if data.other is not None else None
    record, rules = R.record_rows(run)
    skill = None
    if data.rungs:
        from emr_sim.report.skill import skill_section

        skill = skill_section(data.rungs, data.worth, data.technique_pairs, data.skill_warnings)
    meta = None
    if data.meta:
        from emr_sim.report.meta import meta_section

        meta = meta_section(data.meta)
    compare = R.comparison_section(run, other) if other is not None else None
    cards = card_section(data.cards, data.cards_note, run.record["heroes"])  # None without --cards
    insight = insight_sections(data)
    sections = section_list(compare, skill, cards, meta, insight)
    players = " vs ".join(str(p) for p in run.record.get("players", []))
    return {
        "title": f"{name or R.run_label(run)}: 8 Masters' Revenge, {players}",
        "subtitle": f"{len(run.heroes)} masters · {len(run.games):,} games · run {R.run_label(run)}",
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "record": record,
        "rules": rules,
        "complete": run.complete,
        "n_cells": len(run.cells),
        "n_expected": len(run.expected_cells),
        "missing": missing_cells(run),
        "alpha": ALPHA,
        "verdict": verdict(run, skill, compare, cards),
        "sections": sections,
        "num": {s["id"]: s["number"] for s in sections} | {"insight": insight_start(sections)},
        "glossary": glossary(),
        "matrix": R.matrix_section(run),
        "ranking": R.ranking_section(run),
        "first": R.first_player_section(run),
        "length": R.length_section(run),
        "usage": R.usage_section(run),
        "lopsided": R.lopsided_section(run, data),
        "compare": compare,
        "skill": skill,
        "cards": cards,
        "meta": meta,
        **insight,
    }


def section_list(compare, skill, cards, meta, insight: dict) -> list[dict]:
    """The numbered sections in page order (the verdict comes first, unnumbered; the settings
    of the run last), each {id, title, number}."""
    parts = [
        ("matrix", "Matrix of masters"),
        ("ranking", "Ranking"),
        ("first-player", "First-player advantage"),
        ("length", "Game length"),
        ("usage", "Techniques and effects"),
        ("lopsided", "Lopsided matchups"),
        *([("comparison", "Comparison of two runs")] if compare else []),
        *([("skill", "Balance and skill")] if skill else []),
        *([("cards", "Per-card statistics")] if cards else []),
        *([("meta", "Metagame")] if meta else []),
        *((f"sensitivity-{s['index']}", f"Sensitivity: {s['scan_name']}") for s in insight["sensitivity"]),
        *([("claims", "Claims put to the test")] if insight["claims"] else []),
        ("methods", "How to read the numbers"),
        ("glossary", "Glossary"),
        ("run", "Settings of the run"),
    ]
    return [{"id": i, "title": t, "number": k} for k, (i, t) in enumerate(parts, start=1)]


def insight_start(sections: list[dict]) -> int:
    """The number of the first sensitivity section (the templates count on from it)."""
    numbers = [s["number"] for s in sections if s["id"].startswith("sensitivity-") or s["id"] == "claims"]
    return numbers[0] if numbers else 0


def insight_sections(data: ReportData) -> dict:
    """The sections of the sensitivity scans (emr_sim.report.sensitivity) and of the claims
    record (emr_sim.report.claims) gathered in DATA, numbered after the others."""
    sensitivity = []
    if data.scans:
        from emr_sim.report.sensitivity import sensitivity_section

        sensitivity = [sensitivity_section(s) | {"index": k} for k, s in enumerate(data.scans, start=1)]
    claims = None
    if data.claims is not None:
        from emr_sim.report.claims import claims_section

        claims = claims_section(data.claims)
    return {"sensitivity": sensitivity, "claims": claims}


def missing_cells(run: RunData) -> list[str]:
    """The cells the run's heroes call for that are not finished, as 'a vs b'."""
    ca, cb = run.cells["hero_a"].astype(str), run.cells["hero_b"].astype(str)
    done = {(a, b) for a, b in zip(ca, cb, strict=True)}
    return [f"{a} vs {b}" for a, b in run.expected_cells if (a, b) not in done and (b, a) not in done]


def render(context: dict) -> str:
    return environment().get_template(TEMPLATE).render(**context)


def check_output(output: str | Path) -> Path:
    """Before the work: BadInput for a missing folder, WriteError for a directory in the way
    or a folder where no file can be created (so no work is lost to a refused write)."""
    return check_output_file(output, "the report")


def write_report(
    data: ReportData,
    output: str | Path,
    on_note: Callable[[str], None] | None = None,
    on_summary: Callable[[str], None] | None = None,
) -> Path:
    """Render the report of DATA (emr_sim.studies.report_data.gather) and write it to OUTPUT,
    whole or not at all (WriteError). on_note(text) hears of each run that is unfinished;
    on_summary(line) the balance-and-skill section's summary lines."""
    context = report_context(data, Path(output).stem)
    path = write_text(Path(output), render(context))
    if context["skill"] and on_summary is not None:
        for line in context["skill"]["summary"]:
            on_summary(line)
    if on_note is not None:
        for warning in data.skill_warnings:
            on_note(warning)
    for each in (data.run, data.other, *data.rungs[1:]):
        if on_note is not None and each is not None:
            view = run_view(each)
            if not view.complete:
                on_note(unfinished_note(view))
    return path


def unfinished_note(run: RunData) -> str:
    from emr_sim.simulate.runs.rundir import repair_command

    missing = missing_cells(run)
    return (
        f"note: {run.path} is unfinished: {len(run.cells)} of {len(run.expected_cells)} cells "
        f"(not yet played: {', '.join(missing)}); `{repair_command(run.path, run.record)}` plays the rest"
    )
