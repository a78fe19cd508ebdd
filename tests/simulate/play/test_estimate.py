"""The estimated time printed before a run (emr_sim.simulate.play.estimate): measured on samples of
the run's own players, scaled to the games to play, and without touching the run's games."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from support.cli import run

from emr_sim.simulate.play import estimate
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunHooks, RunSettings
from emr_sim.simulate.play.setup import run_setup

HEROES = "crow,wind,earth"


def setup_of(players: str):
    return run_setup(
        RunSettings(players=players, fury=True, deck=None, rules=None, seed=1, workers=2), "a test"
    )


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_a_pair_costs_a_positive_time_and_the_sample_grows_until_it_is_timed(monkeypatch):
    from emr_sim.games.emr.loops import pairs

    counts = []  # pairs of each kernel call

    real = pairs.play_pairs

    def counting(*args):
        counts.append(args[4])
        return real(*args)

    monkeypatch.setattr(pairs, "play_pairs", counting)
    monkeypatch.setattr(estimate, "MIN_SECONDS", 0.02)
    seconds = estimate.seconds_per_pair(setup_of("greedy"), ["crow", "wind"])
    assert 0 < seconds < 0.01 and math.isfinite(seconds)
    sample_counts = [c for c in counts if c > 0]
    assert sample_counts[:2] == [1, 1] and sample_counts[-1] > 1  # 1 pair a master, then 4 times more
    assert max(sample_counts) <= estimate.MAX_SAMPLE_PAIRS


def test_a_run_estimate_scales_with_its_pairs(monkeypatch):
    monkeypatch.setattr(estimate, "seconds_per_pair", lambda setup, heroes: 0.001)
    setup = setup_of("greedy")
    assert estimate.run_seconds(setup, ["crow"], 0) == 0.0
    assert estimate.run_seconds(setup, ["crow"], 4000) == pytest.approx(4000 * 0.001 / setup.workers)


def test_a_random_pair_is_estimated_cheaper_than_a_greedy_pair():
    random_pair = estimate.seconds_per_pair(setup_of("random"), ["crow", "earth"])
    greedy_pair = estimate.seconds_per_pair(setup_of("greedy"), ["crow", "earth"])
    assert random_pair < greedy_pair


def test_the_estimate_does_not_change_the_run(tmp_path):
    seen = []
    settings, play = RunSettings(seed=3, workers=2), MatrixPlay(heroes=HEROES, games=200)
    run_matrix(tmp_path / "plain", settings, play)
    run_matrix(tmp_path / "estimated", settings, play, RunHooks(on_estimate=lambda s, g: seen.append((s, g))))
    assert len(seen) == 1 and seen[0][0] > 0 and seen[0][1] == 3 * 200
    assert tree(tmp_path / "plain") == tree(tmp_path / "estimated")


def test_matrix_prints_the_estimate_of_the_cells_left(tmp_path):
    out = tmp_path / "m"
    first = run("matrix", "-o", out, "--heroes", HEROES, "-n", 100, "--quiet")
    assert first.exit_code == 0, first.output
    assert "emr-sim: 300 games to play: estimated" in first.stderr and "on these threads" in first.stderr
    again = run("matrix", "-o", out, "--heroes", HEROES, "-n", 100, "--quiet")
    assert again.exit_code == 0 and "estimated" not in again.stderr  # nothing left to play
    sequential = run("matrix", "-o", tmp_path / "s", "--heroes", HEROES, "-n", 100, "--until-ci", 0.2)
    assert "--until-ci adds batches" in sequential.stderr
