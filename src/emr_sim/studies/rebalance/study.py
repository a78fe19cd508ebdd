"""The rebalance search (`emr-sim rebalance`, docs/rebalance.md): the smallest change of the
knobs a designer names that meets the goal, found by Optuna on games of the search rung's
players; what a study is: emr_sim.studies.rebalance.spec.

    run = run_study("studies/r1", spec, workers=2)      # search, or resume, into the directory
    best, counts = proposals(run.root, spec, 3)         # the best three proposals

The study's directory and storage are emr_sim.studies.rebalance.store, the base measured at
every rung emr_sim.studies.rebalance.base, the search's loop (batches, successive halving,
seeded samplers, resuming) emr_sim.studies.rebalance.search, the first trials
emr_sim.studies.rebalance.warm.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from emr_sim.analysis.balance import Balance, CellCounts, Guards, balance_of
from emr_sim.errors import BadInput
from emr_sim.files import write as files
from emr_sim.simulate.cells import cell_pairs
from emr_sim.simulate.variants import Variant, parse_variant
from emr_sim.studies.rebalance.base import base_counts, check_reach
from emr_sim.studies.rebalance.search import Search, finished, resume_trials, search_loop
from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.store import (
    BASE_FILE,
    DB_FILE,
    STUDY_FILE,
    check_root,
    open_study,
    read_base,
    start_study,
    study_errors,
    write_base,
)

Say = Callable[[str], None]


def _quiet(_text: str) -> None:
    return None


# ---------------------------------------------------------------- the whole study


@dataclass
class StudyRun:
    """What run_study did: the directory, its record, the base, the games and seconds."""

    root: Path
    record: dict
    base: Balance
    games: int
    seconds: float
    notes: list[str] = field(default_factory=list)


def estimate_games(spec: Spec, trials: int) -> tuple[int, int]:
    """(games of the base, games of `trials` trials at most on average): every cell of a
    trial played at the first rung, and 1/eta as many trials at each rung above."""
    cells = len(cell_pairs(spec.heroes))
    base = cells * spec.budget.rungs[-1]
    rungs = [0, *spec.budget.rungs]
    per_trial = sum(
        cells * (rungs[r + 1] - rungs[r]) / spec.budget.eta**r for r in range(len(spec.budget.rungs))
    )
    return base, int(trials * per_trial)


def run_study(
    root: str | Path,
    spec: Spec,
    workers: int,
    cluster=None,
    quiet: bool = True,
    on_estimate: Callable[[str, float, int], None] | None = None,
    on_note: Say | None = None,
    on_claimed: Callable[[], None] | None = None,
) -> StudyRun:
    """Search (or resume) the study into ROOT. Inputs are checked before anything is written
    (BadInput); on_claimed() once the directory is this process's (the verification's estimate,
    say: nothing is said of a start that is refused), on_estimate(what, seconds, games) before
    the games, on_note for the book's warning and the warm start. The study record is written
    first, so a start killed at any point resumes with the same command."""
    from emr_sim.files.lock import claim_dir, refuse_held
    from emr_sim.files.outdir import check_dir_target
    from emr_sim.simulate.runner import start_cluster

    spec.check()
    say = on_note or _quiet
    root = Path(root)
    record = spec.record()
    check_dir_target(root)  # a file in the way, a directory that cannot be made: exit 3
    refuse_held(root)  # "in use" before anything is said about what it holds
    check_root(root, record)  # refused before a cluster starts, as before a write
    start_cluster(spec.setup)
    start = time.perf_counter()
    check = partial(check_root, record=record)
    with claim_dir(root, check, partial(start_study, record=record)) as old:
        if on_claimed:
            on_claimed()
        with study_errors(root):
            games = _run_locked(root, spec, record, old, workers, cluster, quiet, on_estimate, say)
    base_counts_, _guards = read_base(root, spec.heroes, len(spec.budget.rungs))
    base = balance_of(base_counts_[-1], spec.heroes)
    return StudyRun(
        root, json.loads((root / STUDY_FILE).read_text()), base, games, time.perf_counter() - start
    )


def _run_locked(root, spec, record, old, workers, cluster, quiet, on_estimate, say) -> int:
    from emr_sim.simulate.estimate import run_seconds

    done_before = 0
    if (root / DB_FILE).exists() and old is not None:  # a study killed as its database was made:
        done_before = finished(open_study(root, spec, create=True))  # no study in it yet, made
    base_games, trial_games = estimate_games(spec, spec.budget.trials - done_before)
    new_base = not (root / BASE_FILE).exists()
    if on_estimate:
        todo = trial_games + (base_games if new_base else 0)
        on_estimate("search", run_seconds(spec.setup, spec.heroes, todo // 2), todo)
    games = 0
    base_seconds = 0.0
    if new_base:
        started = time.perf_counter()
        counts = base_counts(spec, workers, cluster, quiet)
        base_seconds = time.perf_counter() - started
        games += sum(c.games for c in counts[-1].values())
        base = balance_of(counts[-1], spec.heroes)
        try:
            check_reach(spec, base)
        except BadInput:
            if old is None:  # a new study the goal refuses: its record goes, as if never started
                (root / STUDY_FILE).unlink(missing_ok=True)
            raise
        guards = spec.guards.resolve(base)
        write_base(root, counts, {"first": guards.first, "turns": guards.turns})
    counts, guards_record = read_base(root, spec.heroes, len(spec.budget.rungs))
    guards = Guards(_pair(guards_record["first"]), _pair(guards_record["turns"]))
    if old is None or "warm" not in old:
        from emr_sim.studies.rebalance.warm import warm_start

        warm, notes = warm_start(spec, balance_of(counts[-1], spec.heroes))
        for note in notes:
            say(note)
        record = {**record, "warm": warm}
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    else:
        record = {**old, "trials": spec.budget.trials}
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    study = open_study(root, spec, create=True)
    redo = resume_trials(study)
    if redo:
        say(f"resuming: {finished(study)} trials kept, {len(redo)} interrupted ones played again")
    search = Search(spec, root, counts, guards, study, list(record["warm"]), workers, cluster, quiet)
    started = time.perf_counter()
    search_loop(search, redo)
    if search.games or redo or old is None:  # the seconds the search has taken, over every run of it
        record["seconds"] = round(
            float(record.get("seconds", 0.0)) + time.perf_counter() - started + base_seconds, 1
        )
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    return games + search.games


def _pair(value) -> tuple[float, float] | None:
    return None if value is None else (float(value[0]), float(value[1]))


# ---------------------------------------------------------------- the proposals


@dataclass(frozen=True)
class Proposal:
    """A trial that reached the top rung: its rank (1: the best), trial index, variant, knob
    values, sizes of its changes, loss, and its balance at the search rung (search seeds)."""

    rank: int
    index: int
    variant: Variant
    values: dict[str, str]
    sizes: list[int]
    loss: float
    balance: Balance

    @property
    def text(self) -> str:
        return self.variant.text or "(no change)"


def proposals(root: Path, spec: Spec, top: int) -> tuple[list[Proposal], dict]:
    """The best `top` distinct proposals (lowest loss first, ties to the earlier trial) and
    the study's counts of trials: complete, pruned, infeasible, failed (interrupted)."""
    from optuna.trial import TrialState

    study = open_study(root, spec, create=False)
    base, _guards = read_base(root, spec.heroes, len(spec.budget.rungs))
    with study_errors(root):
        trials = study.get_trials(deepcopy=False)
    complete = sorted(
        (t for t in trials if t.state == TrialState.COMPLETE and "result" in t.user_attrs),
        key=lambda t: (t.value, int(t.user_attrs["index"])),
    )
    out: list[Proposal] = []
    seen: set[str] = set()
    for t in complete:
        result = t.user_attrs["result"]
        if result["variant"] in seen:
            continue
        seen.add(result["variant"])
        cells = dict(base[-1])
        for key, entry in result.get("cells", {}).items():
            a, b = key.split("-", 1)
            cells[(a, b)] = CellCounts.from_record(entry)
        variant = parse_variant(result["variant"])
        values = spec.knobs.values_of(variant) or spec.knobs.base_values()
        balance = balance_of(cells, spec.heroes)
        out.append(
            Proposal(
                len(out) + 1,
                int(t.user_attrs["index"]),
                variant,
                values,
                result["sizes"],
                float(t.value),
                balance,
            )
        )
        if len(out) == top:
            break
    states = [t.state for t in trials]
    infeasible = sum(1 for t in trials if "infeasible" in t.user_attrs.get("result", {}))
    counts = {
        "complete": states.count(TrialState.COMPLETE),
        "pruned": states.count(TrialState.PRUNED) - infeasible,
        "infeasible": infeasible,
        "failed": states.count(TrialState.FAIL),
        "games": sum(int(t.user_attrs.get("result", {}).get("games", 0)) for t in trials),
    }
    return out, counts
