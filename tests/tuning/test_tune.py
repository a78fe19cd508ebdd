"""emr-sim tune: the search space, common random numbers, checkpoints that resume exactly,
paired gains and the book it writes. Tiny budgets; real tuning is scripts/make_tuned_book.py."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from support.cli import fails

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.book import load_book
from emr_sim.games.emr.players.params import PARAMS, default_vector
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup
from emr_sim.tuning.cmaes import SeededNormal, Space, TuneSettings, tunable, tune_vector
from emr_sim.tuning.gain import paired_gain
from emr_sim.tuning.rounds import TunePlan, run_tuning
from emr_sim.tuning.scoring import Field, score_batch


def field(workers=2):
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules=None, seed=1, workers=workers), "a test"
    )
    return Field(setup, np.tile(default_vector(), (len(C.HERO_NAMES) + 1, 1)))


def test_tunable_parameters_are_the_masters_own_and_the_shared_ones():
    crow = {p.name for p in tunable("crow")}
    for p in PARAMS:
        assert (p.name in crow) == (p.heroes is None or "crow" in p.heroes)
    assert {p.name for p in tunable("wind")} != crow


def test_space_decodes_inside_the_ranges_and_rounds_integers():
    space = Space(tunable("crow"), default_vector())
    x = space.encode(default_vector())
    assert np.allclose(space.decode(x), default_vector(), rtol=1e-12, atol=1e-15)
    far = [10.0 * (hi + 1) for hi in space.bounds()[1]]
    v = space.decode(far)
    for p in space.params:
        assert p.low <= v[p.index] <= p.high
        if p.integer:
            assert v[p.index] == round(v[p.index])


def test_seeded_normal_is_picklable_and_deterministic():
    a, b = SeededNormal(5), SeededNormal(5)
    assert np.array_equal(a(3, 4), b(3, 4))
    c = pickle.loads(pickle.dumps(a))
    assert np.array_equal(c(2, 2), a(2, 2))


def test_candidates_share_their_deals_and_threads_change_nothing():
    hero, v = "crow", default_vector()
    one = score_batch(field(1), hero, [v, v], 11, 3)
    two = score_batch(field(2), hero, [v, v], 11, 3)
    assert np.array_equal(one, two)
    assert np.array_equal(one[0], one[1])  # same vector, same deals: the same games
    assert one.shape == (2, 8 * 3) and set(np.unique(one)) <= {0, 1, 2, 3, 4}


def test_paired_gain_uses_the_pairs():
    before = np.array([2, 2, 2, 2])
    after = np.array([4, 2, 4, 2])
    g = paired_gain("crow", before, after)
    assert g.gain == pytest.approx(0.25) and g.before == pytest.approx(0.5) and g.after == pytest.approx(0.75)
    assert g.ci_low < 0.25 < g.ci_high


def test_an_interrupted_tuning_resumes_to_the_same_vector(tmp_path):
    settings = TuneSettings("crow", generations=2, pairs=1, seed=3, popsize=3)
    whole, _ = tune_vector(field(), settings, tmp_path / "a.pkl")

    def stop(entry):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        tune_vector(field(), settings, tmp_path / "b.pkl", on_generation=stop)
    resumed, progress = tune_vector(field(), settings, tmp_path / "b.pkl")
    assert progress.done == 2
    assert np.array_equal(whole, resumed)


def test_a_tuning_writes_a_book_that_loads_and_resumes(tmp_path):
    plan = TunePlan(["crow"], "greedy", 1, 1, 1, 4, 3, 9)
    run = run_tuning(tmp_path / "T", plan, RunSettings(workers=2))
    book = load_book(run.book_path)
    assert [r["hero"] for r in run.results] == ["crow"]
    gain = run.results[0]["gain"]
    assert gain["pairs"] == 8 * 4 and "significant" in gain
    assert set(run.final_gains) == {"crow"} and book.gains["crow"] == pytest.approx(
        run.final_gains["crow"]["gain"]
    )
    h = C.HERO_NAMES.index("crow")
    row = {p.name: float(book.vectors[h, p.index]) for p in PARAMS}
    if run.results[0]["accepted"]:
        assert row == run.results[0]["vector"]
    else:
        assert np.array_equal(book.vectors[h], default_vector())
    again = run_tuning(tmp_path / "T", plan, RunSettings(workers=1))
    assert again.results == json.loads((tmp_path / "T" / "results.json").read_text())
    assert again.results[0]["vector"] == run.results[0]["vector"]


def test_bad_tune_input_is_refused(tmp_path):
    fails("tune", "nobody", "-o", tmp_path / "T", needles=("nobody",))
    fails("tune", "crow", "-o", tmp_path / "T", "--pairs", "0", needles=("--pairs",))
    fails("tune", "crow", "-o", tmp_path / "T", "--field", "random", needles=("greedy",))
    fails("tune", "crow", "-o", tmp_path / "T", "--no-fury", needles=("--no-fury", "no_hero"))
    assert not (tmp_path / "T").exists()
