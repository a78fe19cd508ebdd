"""The commands that read finished runs: compare and report."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main, note
from emr_sim.cli.options import json_option, method_option, skip_blas_probe


@main.command()
@click.argument("run_a", type=click.Path(file_okay=False))
@click.argument("run_b", type=click.Path(file_okay=False))
@json_option("the comparison")
@method_option
def compare(run_a, run_b, as_json, method):
    """What moved from RUN_A (before) to RUN_B (after): two matrix runs on the same seed
    that differ in --deck or --rule. Paired game by game; corrected for multiple tests.

    Example: emr-sim compare runs/base runs/health9
    """
    from emr_sim.analysis.whatif import compare_runs
    from emr_sim.report.tables import compare_json, format_compare
    from emr_sim.simulate.rundir import load_run
    from emr_sim.simulate.tables.rundir import is_table_run

    if is_table_run(run_a) or is_table_run(run_b):
        from emr_sim.cli.table_reads import table_compare

        return table_compare(run_a, run_b, as_json)
    result = compare_runs(load_run(run_a), load_run(run_b), method)
    if as_json:
        click.echo(json.dumps(compare_json(result), indent=1))
        return
    click.echo(format_compare(result.cells, result.heroes, result.differ, method, result.left_out))


@main.command()
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(), help="HTML file to write.")
@click.option(
    "--compare", "compare_dir", type=click.Path(file_okay=False), help="A second run: add a what-if section."
)
@click.option(
    "--skill",
    "skill_dirs",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A run on the same seed and heroes by other players (repeatable): the rungs after "
    "RUN_DIR, in order; adds the balance-and-skill section.",
)
@click.option(
    "--technique-pairs",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="With --skill: deals per cell for each master's paired technique worth at each rung "
    "(plays 4 x N x (heroes-1) x heroes games per rung; 0: off).",
)
@click.option(
    "--sensitivity",
    "scan_dirs",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A sensitivity scan (`emr-sim sensitivity`, repeatable): a section with its tornado charts.",
)
@click.option(
    "--claims",
    "claims_path",
    type=click.Path(),
    help="The output of `emr-sim claims ... -o DIR`: a claims section.",
)
def report(run_dir, output, compare_dir, skill_dirs, technique_pairs, scan_dirs, claims_path):
    """Write a self-contained HTML report of RUN_DIR (no network needed to view it).

    Example: emr-sim report runs/base -o reports/base.html --skill runs/tuned
    """
    skip_blas_probe()
    from emr_sim.report.build import check_output, write_report
    from emr_sim.simulate.tables.rundir import is_table_run
    from emr_sim.studies.report_data import gather

    check_output(output)  # before the work
    if is_table_run(run_dir):
        from emr_sim.cli.table_reads import table_report

        extras = compare_dir or skill_dirs or technique_pairs or scan_dirs or claims_path
        return table_report(run_dir, output, bool(extras))
    data = gather(run_dir, compare_dir, skill_dirs, technique_pairs, scan_dirs, claims_path)
    path = write_report(data, output, on_note=note, on_summary=click.echo)
    note(f"wrote {path}")  # on stderr, as meta's: stdout holds the results only
