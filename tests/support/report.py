"""What `emr-sim report` does, as one call for the tests: the output checked, the inputs
gathered once (emr_sim.studies.report_data.gather), the report written."""

from __future__ import annotations

from emr_sim.report.build import check_output, write_report
from emr_sim.studies.report_data import gather


def build_report(run_dir, output, compare_dir=None, skill_dirs=(), technique_pairs=0, **hooks):
    """The report of run_dir written to output; hooks: on_note, on_summary."""
    check_output(output)
    return write_report(gather(run_dir, compare_dir, skill_dirs, technique_pairs), output, **hooks)
