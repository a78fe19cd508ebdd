"""The rebalance study's one entry point (`emr-sim rebalance` calls it): the settings checked
into a study, the search run (or resumed) into its directory, the proposals verified, the
result made and written, under the directory's one lock.

    outcome = run_rebalance(Settings("studies/r1", knobs=("health.*=6..10",)), Hooks(), write)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from emr_sim.studies.hooks import Hooks
from emr_sim.studies.rebalance.prepare import Prepared, Settings, prepare
from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.study import Proposal

# the outputs' writer, given by the caller (emr_sim.report.rebalance.write_outputs: a layer above)
Write = Callable[[Path, dict, Spec, list[Proposal]], None]

KEPT = "the finished trials and runs are in"  # what a Ctrl-C keeps (Hooks.resumable)


@dataclass(frozen=True)
class Outcome:
    """The study's result (STUDY/result.json) and its directory."""

    result: dict
    root: Path


def run_rebalance(settings: Settings, hooks: Hooks, write: Write, cluster=None) -> Outcome:
    """Every input checked before anything is played or written (BadInput); then the search,
    the verification and the outputs, resumable with the same settings."""
    ready = prepare(settings, cluster)
    with hooks.resumable(KEPT, settings.study_dir):
        return _run(ready, settings, hooks, write, cluster)


def _run(ready: Prepared, settings: Settings, hooks: Hooks, write: Write, cluster) -> Outcome:
    from emr_sim.files.lock import run_lock
    from emr_sim.studies.rebalance.result import study_result
    from emr_sim.studies.rebalance.store import read_base
    from emr_sim.studies.rebalance.study import proposals, run_study
    from emr_sim.studies.rebalance.verify import estimate_verification, verify

    spec, plan, top = ready.spec, ready.plan, settings.verify_top

    def claimed() -> None:  # the notes and the estimates, once the directory is this command's
        for text in ready.notes:
            hooks.note(text)
        if plan:
            estimate_verification(spec, plan, top, ready.verify_seed, hooks.estimate)

    workers, quiet = spec.setup.workers, settings.quiet
    run = run_study(settings.study_dir, spec, workers, cluster, quiet, hooks.estimate, hooks.note, claimed)
    with run_lock(run.root):  # the verification and the outputs: one writer, as the search
        props, counts = proposals(run.root, spec, top)
        checks = []
        if plan:
            checks = verify(run.root, spec, props, plan, ready.verify_seed, workers, cluster, quiet,
                            hooks.estimate, hooks.note)  # fmt: skip
        _counts, guards = read_base(run.root, spec.heroes, len(spec.budget.rungs))
        seconds = run.record.get("seconds")
        result = study_result(run.root, spec, run.base, guards, props, counts, checks, run.seconds, seconds)
        write(run.root, result, spec, props)
    return Outcome(result, run.root)
