"""The HTML report of a hero-matrix run: `emr-sim report RUN_DIR -o reports/NAME.html`.

    >>> from emr_sim.report import build_report
    >>> build_report("runs/base", "reports/base.html")                       # doctest: +SKIP
    >>> build_report("runs/base", "reports/what-if.html", "runs/what-if")    # doctest: +SKIP

One self-contained HTML file (inline CSS, plots as base64 PNG, no network) rendered from
templates/report.html.j2 with autoescaping: see docs/report.md for what each section shows.
"""

from emr_sim.report.build import build_report

__all__ = ["build_report"]
