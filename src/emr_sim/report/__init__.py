"""What people read: the HTML report of a hero-matrix run and the plain-text tables.

    report.build        build_report(run_dir, output, compare_dir=None): one self-contained
                        HTML file (inline CSS, plots as base64 PNG, no network) rendered from
                        templates/report.html.j2 (docs/report.md)
    report.plots        its figures (matplotlib)
    report.example_game the example games it replays
    report.summary      the matchup summary for the terminal
    report.tables       the terminal tables of a matrix run: hero matrix, what-if comparison
    report.formatting   how rates, points, intervals and p-values are written

    >>> from emr_sim.report.build import build_report
    >>> build_report("runs/base", "reports/base.html")                       # doctest: +SKIP

The package imports none of them, so a terminal table does not load the report's libraries.
"""
