"""The rebalance search (emr_sim.studies.rebalance) on a 3-master study with tiny rungs: the
same seed gives the same trials and proposal; a search killed (by its pid) resumes, keeping
the trials it had finished, to the same proposal; the cells a candidate's changes cannot
reach are the base's games exactly; successive halving stops most trials early."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from emr_sim.errors import BadInput
from emr_sim.simulate.setup import run_setup
from emr_sim.simulate.variants import apply_variant
from emr_sim.studies.rebalance.knobs import parse_knobs
from emr_sim.studies.rebalance.play import Part, play_parts
from emr_sim.studies.rebalance.spec import Budget, Spec, make_goal
from emr_sim.studies.rebalance.store import DB_FILE
from emr_sim.studies.rebalance.study import proposals, run_study
from emr_sim.studies.scan.plan import MASTER_OF

HEROES = ["crow", "wind", "bushido"]
KNOBS = ["health.*=7..9", "trap_once"]
SEED, TRIALS, RUNGS, ETA, BATCH = 11, 36, (20, 60), 3, 4
CLI = [
    "rebalance", "--heroes", ",".join(HEROES), "--players", "greedy", "--goal", "field:2",
    "--seed", str(SEED),
    "--trials", str(TRIALS), "--rungs", ",".join(map(str, RUNGS)), "--eta", str(ETA), "--batch", str(BATCH),
    "--workers", "1", "--verify", "none", "--quiet",
    *[w for k in KNOBS for w in ("--knob", k)],
]  # fmt: skip


def spec_of(trials: int = TRIALS) -> Spec:
    setup = run_setup(
        seed=SEED, players="greedy,greedy", fury=True, deck=None, rules={}, workers=1, what="a test"
    )
    return Spec(
        setup, HEROES, parse_knobs(KNOBS, setup, HEROES), make_goal("field:2", None), SEED,
        Budget(trials, RUNGS, ETA, BATCH),
    )  # fmt: skip


def trials_of(root: Path) -> list[tuple]:
    """(index, state, value, params, reports) of every trial not failed, by index (a trial
    killed before it was numbered is left out: the resumed search marks it failed)."""
    import optuna

    study = optuna.load_study(study_name="rebalance", storage=f"sqlite:///{root / DB_FILE}")
    out = [
        (t.user_attrs["index"], t.state.name, t.value, t.params, t.intermediate_values)
        for t in study.get_trials(deepcopy=False)
        if t.state.name != "FAIL" and "index" in t.user_attrs
    ]
    return sorted(out, key=lambda t: t[0])


def results(root: Path) -> list[dict]:
    import optuna

    study = optuna.load_study(study_name="rebalance", storage=f"sqlite:///{root / DB_FILE}")
    return [t.user_attrs["result"] for t in study.get_trials(deepcopy=False) if "result" in t.user_attrs]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    root = tmp_path_factory.mktemp("rebalance") / "ref"
    run_study(root, spec_of(), workers=1)
    return root


def test_the_same_seed_gives_the_same_trials_and_proposal(reference, tmp_path):
    again = tmp_path / "again"
    run_study(again, spec_of(), workers=2)  # other threads: the same games
    assert trials_of(again) == trials_of(reference)
    best_a, _ = proposals(again, spec_of(), 3)
    best_b, counts = proposals(reference, spec_of(), 3)
    assert [p.variant.text for p in best_a] == [p.variant.text for p in best_b]
    assert counts["complete"] + counts["pruned"] + counts["infeasible"] == TRIALS
    # successive halving: most candidates (distinct variants) play the first rung only
    first = {t["variant"] for t in results(reference) if t.get("rung", -1) >= 0}
    top = {t["variant"] for t in results(reference) if t.get("rung") == len(RUNGS) - 1}
    assert len(top) < len(first) / 2


def finished_trials(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            return con.execute(
                "select count(*) from trials where state in ('COMPLETE', 'PRUNED')"
            ).fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.mark.timeout(180)
def test_a_killed_search_resumes_keeping_its_trials(reference, tmp_path):
    root = tmp_path / "killed"
    command = [sys.executable, "-m", "emr_sim.cli", *CLI, "-o", str(root)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while finished_trials(root / DB_FILE) < 9:
            assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
            time.sleep(0.02)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    kept = trials_of(root)
    done = [t for t in kept if t[1] in ("COMPLETE", "PRUNED")]
    assert len(done) >= 9 and len(done) < TRIALS  # killed in the middle of the search
    resumed = subprocess.run(command, env=env, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming:" in resumed.stderr or len(kept) == len(done)
    after = trials_of(root)
    assert after[: len(done)] == done  # the finished trials kept as they were
    assert after == trials_of(reference)  # and the search ends as if never killed


def test_cells_out_of_a_changes_reach_play_the_same_games():
    setup = run_setup(
        seed=3, players="greedy,greedy", fury=True, deck=None, rules={}, workers=1, what="a test"
    )
    cell = ("crow", "earth")
    base = play_parts([Part("x", setup, cell, 3, 0, 40)], 1, None, _Bar())["x"]
    changes = [
        "health.bushido=9",
        *[f"{name}={'off' if name != 'wind_extra' else 'on'}" for name in MASTER_OF],
    ]
    for change in changes:
        master = (
            change.split("=")[0].split(".")[-1]
            if change.startswith("health.")
            else MASTER_OF[change.split("=")[0]]
        )
        assert master not in cell
        changed = apply_variant(setup, change)
        assert (
            play_parts([Part("x", changed, cell, 3, 0, 40)], 1, None, _Bar())["x"].record() == base.record()
        ), change
    moved = apply_variant(setup, "health.crow=9")
    assert play_parts([Part("x", moved, cell, 3, 0, 40)], 1, None, _Bar())["x"].record() != base.record()


def test_a_goal_no_knob_can_reach_is_refused_before_anything_is_written(tmp_path):
    import numpy as np

    setup = run_setup(
        seed=SEED, players="greedy,greedy", fury=True, deck=None, rules={}, workers=1, what="a test"
    )
    target = np.full((3, 3), np.nan)
    target[1, 2], target[2, 1] = 0.99, 0.01  # wind beats bushido 99 %: only wind or bushido can move it
    spec = Spec(
        setup, HEROES, parse_knobs(["health.crow=7..9"], setup, HEROES), make_goal("target:2", target), SEED,
        Budget(4, RUNGS, ETA, BATCH),
    )  # fmt: skip
    with pytest.raises(
        BadInput, match=r"--goal target:2: the knobs cannot meet it: .* \(e.g. wind vs bushido\)"
    ):
        run_study(tmp_path / "never", spec, workers=1)
    assert not (tmp_path / "never").exists()


class _Bar:
    def update(self, _n):
        return None
