"""What people read, rendered from what it is given: the HTML report and the plain-text tables.

    report.build        check_output, write_report(data, output): one self-contained HTML
                        file (inline CSS, plots as base64 PNG, no network) from
                        templates/report.html.j2 and the inputs emr_sim.studies.report_data
                        gathered (docs/report.md)
    report.sections     the report's sections; report.view the run as they see it
    report.skill        the balance-and-skill section
    report.plots        its figures (matplotlib)
    report.summary      the matchup summary for the terminal
    report.tables       the terminal tables of a matrix run (hero matrix, what-if) and their JSON
    report.ladder, report.tuning, report.listings   the other commands' tables
    report.formatting   how rates, points, intervals and p-values are written

The package imports none of them, so a terminal table does not load the report's libraries.
"""
