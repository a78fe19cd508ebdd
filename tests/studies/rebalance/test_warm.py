"""The warm start of a rebalance (emr_sim.studies.rebalance.warm): a sensitivity scan's single
changes read as moves of the matrix, numeric steps extrapolated, and the linear model's greedy
path from the base, each step lowering the predicted loss."""

import numpy as np
import pytest

from emr_sim.analysis.balance import balance_of, counts_from_games
from emr_sim.simulate.matrix import run_matrix
from emr_sim.simulate.rundir import load_games
from emr_sim.simulate.setup import run_setup
from emr_sim.simulate.variants import parse_variant
from emr_sim.studies.rebalance.knobs import parse_knobs
from emr_sim.studies.rebalance.spec import Budget, Spec, make_goal
from emr_sim.studies.rebalance.warm import greedy_path, predicted, scan_moves, warm_start
from emr_sim.studies.scan.base import read_base
from emr_sim.studies.scan.plan import make_plan
from emr_sim.studies.scan.sensitivity import Sizing, run_scan

HEROES = ["crow", "wind", "bushido"]
GAMES = 200


@pytest.fixture(scope="module")
def scan(tmp_path_factory):
    root = tmp_path_factory.mktemp("warm")
    run_matrix(root / "base", HEROES, GAMES, seed=5, workers=2)
    plan = make_plan(
        read_base(root / "base"), None, None, ("health.crow=9", "health.crow=7", "trap_once=off")
    )
    run_scan(root / "scan", root / "base", plan, Sizing(None, GAMES), workers=2)
    return root


def spec_of(scan, knobs):
    setup = run_setup(
        seed=9, players="greedy,greedy", fury=True, deck=None, rules={}, workers=2, what="a test"
    )
    return Spec(setup, HEROES, parse_knobs(knobs, setup, HEROES), make_goal("field:2", None), 9,
                Budget(4, (20, 40), 3, 4), scans=(str(scan / "scan"),))  # fmt: skip


def base_balance(scan):
    return balance_of(counts_from_games(load_games(scan / "base")), HEROES)


def test_the_scans_single_changes_are_read_and_numeric_steps_extrapolated(scan):
    spec = spec_of(scan, ["health.crow=6..10", "trap_once", "health.wind=7..9"])
    moves, measured = scan_moves(spec, base_balance(scan))
    assert measured == 3  # crow 9, crow 7, trap_once off; nothing of wind was scanned
    assert set(moves) == {("health.crow", v) for v in ("6", "7", "9", "10")} | {("trap_once", "off")}
    assert np.allclose(moves[("health.crow", "10")], 2 * moves[("health.crow", "9")])
    assert np.allclose(moves[("health.crow", "6")], 2 * moves[("health.crow", "7")])
    nine = moves[("health.crow", "9")]
    assert np.allclose(nine, -nine.T) and nine[0, 1] > 0  # one more health point: crow gains


def test_the_greedy_path_lowers_the_predicted_loss_at_each_step(scan):
    spec = spec_of(scan, ["health.crow=7..9", "trap_once"])
    base = base_balance(scan)
    moves, _ = scan_moves(spec, base)
    path = greedy_path(spec, base, moves)
    losses = [predicted(spec, base, moves, spec.knobs.base_values())]
    for text in path:
        values = spec.knobs.values_of(parse_variant(text))
        losses.append(predicted(spec, base, moves, values))
    assert all(b < a for a, b in zip(losses, losses[1:], strict=False))
    warm, notes = warm_start(spec, base)
    assert warm == ["", *path] and "3 knob values measured by 1 scan(s)" in notes[0]
