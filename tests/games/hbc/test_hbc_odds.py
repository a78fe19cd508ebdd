"""HBC's exact battle odds (games/hbc/rules/odds.py, face/odds.py, `emr-sim odds`): against
seeded Monte Carlo (10**6 simulated battles for each of 20 pairs with changes of dice, hit and
attack value and several re-roll caps, Holm-corrected, fixed seeds: the test is the same on
every run), and against hand counts."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from scipy.stats import binomtest
from statsmodels.stats.multitest import multipletests
from support.cli import fails, run

from emr_sim.games import registry
from emr_sim.games.hbc.face.odds import Side, battle, values, worth_table

N = 1_000_000
ALPHA = 0.001  # the family's error rate (Holm), with fixed seeds: deterministic either way
# (dice, hit, flat) of the attacker and of the defender, and the re-roll cap
PAIRS = [
    ((3, 5, 0), (3, 5, 0), 100), ((3, 5, 3), (3, 4, 0), 100), ((1, 6, 0), (2, 3, 0), 100),
    ((2, 6, 0), (3, 4, 0), 1), ((4, 4, -2), (3, 5, 0), 100), ((5, 2, 0), (2, 5, 0), 2),
    ((1, 1, 0), (1, 1, 0), 3), ((1, 1, 0), (1, 1, 0), 100), ((6, 3, 1), (4, 5, 0), 100),
    ((2, 4, 2), (2, 6, 0), 100), ((0, 6, 3), (1, 6, 0), 100), ((3, 0, 0), (1, 2, 0), 5),
    ((8, 6, 0), (7, 6, 5), 100), ((2, 5, 0), (2, 5, 1), 1), ((3, 3, 0), (3, 3, 0), 2),
    ((5, 5, -4), (3, 6, 0), 100), ((4, 2, 0), (1, 6, -1), 100), ((2, 2, 0), (2, 2, 0), 100),
    ((12, 6, 0), (12, 6, 0), 100), ((3, 6, 0), (4, 4, 2), 4),
]  # fmt: skip


def simulate(a, d, cap: int, seed: int) -> tuple[int, int, int]:
    """(won, lost, given up) of N battles rolled with numpy: HBC-ROLL (faces above the hit
    miss), HBC-RESULT, HBC-D-REROLL (ties rolled again, at most cap rolls)."""
    rng = np.random.default_rng(seed)
    open_ = np.arange(N)
    won = lost = 0
    for _ in range(cap):
        fa = rng.integers(1, 7, size=(open_.size, a[0]))
        fd = rng.integers(1, 7, size=(open_.size, d[0]))
        va = (fa * (fa <= a[1])).sum(axis=1) + a[2]
        vd = (fd * (fd <= d[1])).sum(axis=1) + d[2]
        won += int((va > vd).sum())
        lost += int((va < vd).sum())
        open_ = open_[va == vd]
        if open_.size == 0:
            break
    return won, lost, int(open_.size)


@pytest.fixture(scope="module")
def sampled():
    return [simulate(a, d, cap, seed=4000 + k) for k, (a, d, cap) in enumerate(PAIRS)]


def exact(a, d, cap):
    r = battle(Side(*a, ""), Side(*d, ""), cap)
    return r["won"], r["lost"]


def holm_rejects(sampled, shift=None, by=0.0) -> list[bool]:
    pvalues = []
    for k, ((a, d, cap), (won, lost, _)) in enumerate(zip(PAIRS, sampled, strict=True)):
        p_won, p_lost = exact(a, d, cap)
        if shift is not None and k == shift:
            p_won += by
        pvalues += [binomtest(won, N, min(max(p_won, 1e-12), 1 - 1e-12)).pvalue,
                    binomtest(lost, N, min(max(p_lost, 1e-12), 1 - 1e-12)).pvalue]  # fmt: skip
    return list(multipletests(pvalues, alpha=ALPHA, method="holm")[0])


@pytest.mark.timeout(300)
def test_hbc_d_reroll_exact_odds_agree_with_a_million_simulated_battles_per_pair(sampled):
    assert not any(holm_rejects(sampled))


@pytest.mark.timeout(300)
def test_the_monte_carlo_check_would_see_odds_off_by_four_in_a_thousand(sampled):
    for k in (0, 7, 13, 19):
        for by in (-0.004, 0.004):
            assert any(holm_rejects(sampled, shift=k, by=by)), (PAIRS[k], by)


def test_hbc_roll_one_die_by_hand():
    """One die at hit h: 0 with the 6 - h missing faces, each value 1..h with one face."""
    for hit in range(0, 7):
        counts = {v: n for v, n, of in values(Side(1, hit, 0, ""))}
        expected = {v: 1 for v in range(1, hit + 1)}
        if hit < 6:
            expected[0] = 6 - hit
        assert counts == expected


def test_hbc_result_one_roll_counted_by_enumerating_every_face_sequence():
    for a, d in [((2, 5, 1), (2, 4, 0)), ((1, 6, 0), (2, 3, 0)), ((2, 3, -1), (1, 2, 2))]:
        won = lost = tied = 0
        for faces in product(range(1, 7), repeat=a[0] + d[0]):
            va = sum(f for f in faces[: a[0]] if f <= a[1]) + a[2]
            vd = sum(f for f in faces[a[0] :] if f <= d[1]) + d[2]
            won, lost, tied = won + (va > vd), lost + (va < vd), tied + (va == vd)
        one = battle(Side(*a, ""), Side(*d, ""), 1)["one_roll"]
        assert (one["won"], one["lost"], one["tied"]) == (won, lost, tied)
        # with re-rolls: p (1 - t**cap) / (1 - t), in exact fractions
        total = won + lost + tied
        p, t = Fraction(won, total), Fraction(tied, total)
        assert battle(Side(*a, ""), Side(*d, ""), 3)["won"] == pytest.approx(
            float(p * (1 + t + t * t)), rel=1e-12
        )


def test_one_more_die_is_worth_more_attack_value_the_higher_the_hit():
    table = worth_table(100)
    assert len(table) == 30
    for dice in range(1, 6):
        row = table[table.dice == dice].sort_values("hit")["die_in_attack_value"].tolist()
        assert row == sorted(row)
    d3h5 = table[(table.dice == 3) & (table.hit == 5)].iloc[0]
    assert 2.0 < d3h5.die_in_attack_value < 2.7 and 0.7 < d3h5.die_in_hit < 0.9


def test_the_odds_command_prints_exact_counts_and_refuses_bad_sides(tmp_path):
    odds = ("odds", "--game", "hbc")
    result = run(*odds, "knuckle", "moss_guard", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    made = registry.get("hbc").make(2, {})
    assert report["attacker"] == "knuckle" and report["one_roll"]["of"] == 6**6
    # knuckle: 3 dice, hit 5, +3 against forest; moss guard (forest): 3/4, foe_attack-2
    assert report["won"] == pytest.approx(exact((3, 5, 1), (3, 4, 0), 100)[0]) and made.n_seats == 2
    fails(*odds, "3/7", "2/2", needles=("3/7",))
    out = tmp_path / "odds"
    done = run(*odds, "--table", "-o", out)
    assert done.exit_code == 0 and (out / "die-worth.csv").is_file() and (out / "die-worth.png").is_file()
