"""Balance and skill (emr_sim.analysis.skill) and the paired technique worth
(emr_sim.studies.technique): the classes' rules on hand-made frames, tau and its bootstrap on
small real runs of three heroes played by random, greedy and greedy-notech."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import kendalltau

from emr_sim.analysis import skill as S
from emr_sim.games.emr.lineup.base import SpecError
from emr_sim.games.emr.lineup.spec import parse_spec, without_technique
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.rundir import load_games
from emr_sim.studies.technique import technique_worth

HEROES = ["crow", "wind", "poison"]
SEED = 4343
GAMES = 200
PLAYERS = ("random", "greedy", "greedy-notech")


@pytest.fixture(scope="session")
def rungs(tmp_path_factory) -> dict[str, pd.DataFrame]:
    root = tmp_path_factory.mktemp("skill")
    out = {}
    for p in PLAYERS:
        run_matrix(
            root / p, RunSettings(players=p, seed=SEED, workers=1), MatrixPlay(heroes=HEROES, games=GAMES)
        )
        out[p] = load_games(root / p)
    return out


def changes(delta, low, high, significant) -> pd.DataFrame:
    return pd.DataFrame({"delta": delta, "ci_low": low, "ci_high": high, "significant": significant})


def test_classes_follow_their_rules():
    frame = changes(
        [0.10, 0.0, 0.01, 0.0, 0.015, 0.0],
        [0.07, 0.0, -0.05, np.nan, 0.011, -0.019],
        [0.13, 0.0, 0.07, np.nan, 0.019, 0.021],
        [True, False, False, False, True, False],
    )
    assert list(S.classify(frame)) == [
        S.SENSITIVE,  # a big significant change
        S.STABLE,  # no change at all
        S.UNRESOLVED,  # an interval wider than ±2 points
        S.UNRESOLVED,  # one pair: no interval
        S.SENSITIVE,  # significant comes first, even inside ±2 points
        S.UNRESOLVED,  # +2.1 points is outside ±2
    ]
    assert list(S.classify(frame, stable_points=2.5))[-1] == S.STABLE


def synthetic(pairs: int, win_a) -> pd.DataFrame:
    """A crow-wind cell of `pairs` seat-swapped pairs, side A winning where win_a is 1."""
    n = 2 * pairs
    win = np.broadcast_to(np.asarray(win_a, dtype=np.int8), (n,))
    return pd.DataFrame(
        {
            "hero_a": ["crow"] * n,
            "hero_b": ["wind"] * n,
            "pair": np.repeat(np.arange(pairs), 2),
            "a_seat": np.tile([0, 1], pairs),
            "a_first": np.tile([1, 0], pairs),
            "win_a": win,
            "win_b": 1 - win,
            "draw": np.zeros(n, dtype=np.int8),
            "turns": np.full(n, 40),
        }
    )


def test_a_big_change_is_skill_sensitive():
    rng = np.random.default_rng(3)
    before = synthetic(200, rng.random(400) < 0.3)
    after = synthetic(200, rng.random(400) < 0.7)
    out = S.cell_changes(before, after)
    assert out["delta"].iloc[0] > 0.2
    assert list(out["class"]) == [S.SENSITIVE]


def test_identical_runs_are_stable_with_zero_change(rungs):
    out = S.cell_changes(rungs["greedy"], rungs["greedy"])
    assert len(out) == 3
    assert (out["delta"] == 0).all()
    assert set(out["class"]) <= {S.STABLE, S.UNRESOLVED}
    assert S.class_counts(out)[S.SENSITIVE] == 0


def test_tiny_runs_are_not_resolved(rungs):
    few = [g[g["pair"] < 5] for g in (rungs["random"], rungs["greedy"])]
    out = S.cell_changes(*few)
    assert list(out["class"]) == [S.UNRESOLVED] * 3


def test_tau_b_is_scipys_kendall_tau():
    rng = np.random.default_rng(5)
    x, y = rng.integers(0, 4, (40, 6)).astype(float), rng.integers(0, 4, (40, 6)).astype(float)
    want = [kendalltau(a, b).statistic for a, b in zip(x, y, strict=True)]
    assert np.allclose(S.tau_b(x, y), want, equal_nan=True)


def test_bootstrap_field_means_without_resampling_noise(rungs):
    """Every resample of a cell whose pairs all have one outcome is that outcome: the
    bootstrap's field means are then the field means of the games."""
    g = rungs["greedy"]
    units = S.pair_outcomes(g)
    assert units["m"].sum() == len(g)
    same = units.assign(wa=2, wb=0)
    fx, _ = S.bootstrap_field(same, same, HEROES, 10, seed=1)
    assert np.allclose(fx, [[1.0, 0.5, 0.0]])  # crow beats both, wind beats poison


def test_rank_correlation_interval_contains_tau_and_is_seeded(rungs):
    a = S.rank_correlation(rungs["random"], rungs["greedy"], resamples=300, seed=11)
    b = S.rank_correlation(rungs["random"], rungs["greedy"], resamples=300, seed=11)
    assert a == b
    assert -1 <= a.ci_low <= a.tau <= a.ci_high <= 1
    assert a.heroes == 3
    same = S.rank_correlation(rungs["greedy"], rungs["greedy"], resamples=50)
    assert same.tau == same.ci_low == same.ci_high == 1.0  # the same pairs at both rungs


def test_analyse_skill_compares_every_rung_pair(rungs):
    games = [rungs[p] for p in PLAYERS]
    out = S.analyse_skill(list(PLAYERS), list(PLAYERS), games, resamples=100)
    assert [(t.x, t.y) for t in out.taus] == [(0, 1), (1, 2), (0, 2)]
    assert list(out.changes) == [(0, 1), (1, 2), (0, 2)]
    for counts in out.counts().values():
        assert sum(counts.values()) == 3
    notech = out.profiles[2]["technique"]
    assert notech["crow"] == notech["wind"] == 0  # greedy-notech never uses them
    assert out.profiles[1]["technique"]["crow"] > 0
    assert out.profiles[0]["mean_turns"] != out.profiles[1]["mean_turns"]


def test_without_technique_keeps_the_vectors():
    for text, twin in [
        ("greedy", "greedy-notech"),
        ("greedy(w_pair=1.5)", "greedy-notech(w_pair=1.5)"),
        ("tuned", "tuned-notech"),
    ]:
        spec = parse_spec(text)
        other = without_technique(spec)
        assert other.text == twin
        assert other.kernel_kind != spec.kernel_kind
        assert np.array_equal(other.vectors(), spec.vectors())
    for text in ("random", "greedy-notech"):
        with pytest.raises(SpecError, match="no technique-free twin"):
            without_technique(parse_spec(text))


def test_technique_worth_is_paired_on_the_run_deals(rungs):
    w = technique_worth("greedy", "crow", 20, opponents=HEROES, seed=SEED, workers=1)
    assert (w["opponents"], w["games"], w["without"]) == (2, 80, "greedy-notech")
    assert w["delta"] == pytest.approx(w["score_with"] - w["score_without"])
    assert w["ci_low"] < w["delta"] < w["ci_high"]
    g = rungs["greedy"]  # the with-technique games are the greedy run's first 20 deals
    crow = g[(g["pair"] < 20) & (g["hero_a"].astype(str) == "crow")]
    assert w["score_with"] == pytest.approx(crow["win_a"].mean() + 0.5 * crow["draw"].mean())
    poison = technique_worth("greedy", "poison", 10, opponents=HEROES, seed=SEED, workers=1)
    assert poison["delta"] == poison["ci_low"] == poison["ci_high"] == 0  # automatic: nothing to skip
    with pytest.raises(SpecError):
        technique_worth("random", "crow", 5, opponents=HEROES)
