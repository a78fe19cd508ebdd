"""The metagame (emr_sim.analysis.meta and its solvers nash, hodge, alpharank, draft) on hand-made
matrices whose answers are known: rock-paper-scissors, a transitive matrix, copies of a master,
a four-master draft and a 3x3 α-Rank worked by hand; then on games frames: the pair bootstrap's
matrices agree with cell_table's, are seeded, and the first picker's turn is read from the games."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from support.analysis import flipped, synthetic_cell

from emr_sim import analysis as A
from emr_sim.analysis import alpharank as R
from emr_sim.analysis import draft as D
from emr_sim.analysis import hodge as H
from emr_sim.analysis import meta as M
from emr_sim.analysis.nash import nash, solve_matrix_game

# rock, paper, scissors: A[i, j] is i's payoff against j (paper beats rock)
RPS = 0.1 * np.array([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], dtype=float)


def transitive(ratings) -> np.ndarray:
    r = np.asarray(ratings, dtype=float)
    return r[:, None] - r[None, :]


def generic_game(n: int, seed: int) -> np.ndarray:
    """A random antisymmetric payoff (almost surely one equilibrium)."""
    b = np.random.default_rng(seed).normal(scale=0.05, size=(n, n))
    return b - b.T


def with_copy(A_: np.ndarray, k: int) -> np.ndarray:
    """The game with a copy of strategy k appended (it ties with k)."""
    idx = [*range(len(A_)), k]
    return A_[np.ix_(idx, idx)]


# ---------------------------------------------------------------- Nash


def test_rock_paper_scissors_has_the_uniform_nash_and_is_all_cyclic():
    eq = nash(RPS)
    assert eq.unique
    np.testing.assert_allclose(eq.mix, [1 / 3] * 3, atol=1e-9)
    np.testing.assert_allclose(eq.values(RPS), 0, atol=1e-12)
    h = H.hodge(RPS)
    assert h.cyclic_share == pytest.approx(1.0)
    np.testing.assert_allclose(h.ratings, 0, atol=1e-15)
    cycle = H.cyclic_direction(RPS, (0, 1, 2))
    assert cycle == (0, 2, 1)  # rock beats scissors beats paper beats rock
    assert H.curls(RPS, [cycle])[0] == pytest.approx(0.3)


def test_a_transitive_matrix_has_a_pure_nash_and_no_cycle():
    r = [0.02, 0.1, -0.05, 0.0]
    A_ = transitive(r)
    eq = nash(A_)
    assert eq.unique
    np.testing.assert_array_equal(eq.mix, [0, 1, 0, 0])
    np.testing.assert_allclose(eq.values(A_), np.array(r) - r[1])  # each one's score against the best
    h = H.hodge(A_)
    assert h.cyclic_share == pytest.approx(0.0, abs=1e-20)
    np.testing.assert_allclose(h.ratings, np.array(r) - np.mean(r))
    assert all(H.cyclic_direction(A_, t) is None for t in H.triangles(4))


def test_a_copy_of_rock_shares_rocks_probability_half_and_half():
    # the equilibria are (a, 1/3 - a, 1/3, 1/3), a segment: the maximum-entropy point is a = 1/6
    A_ = with_copy(RPS, 0)
    eq = nash(A_)
    assert not eq.unique
    np.testing.assert_allclose(eq.mix, [1 / 6, 1 / 3, 1 / 3, 1 / 6], atol=1e-6)
    assert (A_.T @ eq.lp_mix).min() >= -1e-9  # the LP's vertex is an equilibrium too
    np.testing.assert_allclose(eq.values(A_), 0, atol=1e-6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_adding_a_copy_of_a_master_moves_nothing_else(seed):
    """Balduzzi et al.'s invariance: the copies share the original's probability and every
    master's Nash average stays (for the supported master and for one outside the support)."""
    A_ = generic_game(6, seed)
    eq = nash(A_)
    assert eq.unique
    inside, outside = int(np.argmax(eq.mix)), int(np.argmin(eq.mix))
    for k in (inside, outside):
        B = with_copy(A_, k)
        eq2 = nash(B)
        mix = eq2.mix[:6].copy()
        mix[k] += eq2.mix[6]
        np.testing.assert_allclose(mix, eq.mix, atol=1e-6)
        np.testing.assert_allclose(eq2.mix[k], eq2.mix[6], atol=1e-6)
        np.testing.assert_allclose(eq2.values(B)[:6], eq.values(A_), atol=1e-6)


def test_the_maximum_entropy_nash_does_not_depend_on_the_order_of_the_masters():
    A_ = with_copy(with_copy(generic_game(5, 7), 2), 2)  # three copies of master 2: a triangle of equilibria
    eq = nash(A_)
    for seed in range(4):
        order = np.random.default_rng(seed).permutation(len(A_))
        again = nash(A_[np.ix_(order, order)])
        np.testing.assert_allclose(again.mix, eq.mix[order], atol=1e-6)


def test_a_game_of_ties_is_uniform():
    eq = nash(np.zeros((4, 4)))
    assert not eq.unique
    np.testing.assert_allclose(eq.mix, 0.25, atol=1e-6)


def test_a_guessed_support_gives_the_lps_answer():
    for seed in range(20):
        A_ = generic_game(8, seed)
        eq = nash(A_)
        for guess in (eq.mix > 0, np.ones(8, dtype=bool), np.eye(8, dtype=bool)[seed % 8]):
            again = nash(A_, guess)
            np.testing.assert_allclose(again.mix, eq.mix, atol=1e-9)
            assert again.unique == eq.unique


def test_matrix_game_value_and_mixes():
    pennies = solve_matrix_game(np.array([[1.0, 0.0], [0.0, 1.0]]))
    assert pennies.value == pytest.approx(0.5)
    np.testing.assert_allclose(pennies.row, [0.5, 0.5])
    np.testing.assert_allclose(pennies.column, [0.5, 0.5])
    saddle = solve_matrix_game(np.array([[0.3, 0.7], [0.5, 0.6]]))  # row 2 guarantees 0.5, column 1 holds it
    assert saddle.value == pytest.approx(0.5)
    np.testing.assert_allclose(saddle.row, [0, 1])
    np.testing.assert_allclose(saddle.column, [1, 0])


def test_a_payoff_that_is_not_antisymmetric_is_refused():
    with pytest.raises(ValueError, match="antisymmetric"):
        nash(np.ones((3, 3)))


# ---------------------------------------------------------------- Hodge


def test_hodge_parts_are_orthogonal_and_the_cycle_is_divergence_free():
    A_ = generic_game(8, 11)
    h = H.hodge(A_)
    assert np.sum(h.gradient * h.cyclic) == pytest.approx(0, abs=1e-15)
    assert h.cyclic_share + h.transitive_share == pytest.approx(1.0)
    np.testing.assert_allclose(h.cyclic.sum(axis=1), 0, atol=1e-15)  # no master gains from the cycles
    np.testing.assert_allclose(h.gradient + h.cyclic, A_)


def test_the_noise_floor_is_what_noise_puts_into_the_cyclic_part():
    n, sd = 6, 0.01
    rng = np.random.default_rng(5)
    noise = rng.normal(scale=sd, size=(4000, n, n))
    upper = np.triu(noise, 1)
    flows = upper - np.transpose(upper, (0, 2, 1))
    measured = np.mean([np.sum(H.hodge(f).cyclic ** 2) for f in flows])
    expected = H.cyclic_noise(np.full((n, n), sd**2))
    assert measured == pytest.approx(expected, rel=0.03)


# ---------------------------------------------------------------- α-Rank


def test_alpharank_of_a_hand_worked_3x3():
    # 0 beats 1 and 2, 1 beats 2, each 75 % to 25 %. With m = 2, rho(x) = 1 / (1 + exp(-x)); at
    # α = 2 ln 3 every switch has α Δ = ±ln 3: rho = 3/4 up, 1/4 down, each times 1/2 (two
    # others). Balance: pi_0 / 4 = 3/8 (pi_1 + pi_2), pi_1 / 2 = pi_0 / 8 + 3/8 pi_2,
    # 3/4 pi_2 = (pi_0 + pi_1) / 8, so pi = (21, 9, 5) / 35.
    P = 0.5 + 0.25 * np.array([[0, 1, 1], [-1, 0, 1], [-1, -1, 0]])
    pi = R.alpharank(P, alpha=2 * math.log(3), population=2)
    np.testing.assert_allclose(pi, np.array([21, 9, 5]) / 35, atol=1e-12)
    np.testing.assert_allclose(R.alpharank_limit(P), [1, 0, 0], atol=1e-12)


def test_alpharank_of_rock_paper_scissors_is_uniform():
    np.testing.assert_allclose(R.alpharank(0.5 + RPS), [1 / 3] * 3, atol=1e-12)
    np.testing.assert_allclose(R.alpharank_limit(0.5 + RPS), [1 / 3] * 3, atol=1e-12)


def test_fixation_probabilities():
    m, alpha = 50, 5.0
    deltas = np.array([-0.3, -0.02, 0.0, 0.02, 0.3])
    rho = R.fixation(deltas, alpha, m)
    assert rho[2] == pytest.approx(1 / m)
    for d in (0.02, 0.3):
        up, down = R.fixation(np.array([d, -d]), alpha, m)
        assert up / down == pytest.approx(math.exp((m - 1) * alpha * d))
    huge = R.fixation(np.array([-1.0, 1.0]), 1e6, m)
    assert np.all(np.isfinite(huge)) and huge[0] == 0.0 and huge[1] == pytest.approx(1.0)


def test_alpharank_tends_to_its_limit():
    P = 0.5 + generic_game(6, 3)
    np.testing.assert_allclose(R.alpharank(P, alpha=1e4), R.alpharank_limit(P), atol=1e-9)


# ---------------------------------------------------------------- draft

# masters a, b, c, d: a beats each of the others 60-40; b > c > d > b, 70-30
FOUR = 0.5 + np.array(
    [[0, 0.1, 0.1, 0.1], [-0.1, 0, 0.2, -0.2], [-0.1, -0.2, 0, 0.2], [-0.1, 0.2, -0.2, 0]], dtype=float
)


def test_draft_with_bans_for_both_solved_by_hand():
    # Same ban x: the three left; without a the cycle gives 0.3, else the first takes a: 0.6.
    # Different bans: two left and the first takes the better: 0.7 without a, 0.6 with it.
    # Ban game (rows: first's ban a, other; columns: second's): [[.3, .7], [.7, .6]],
    # no saddle point: both ban a with probability 1/5, value 0.62.
    d = D.solve_draft(FOUR, D.BOTH)
    assert d.value == pytest.approx(0.62)
    assert d.ban_first[0] == pytest.approx(0.2) and d.ban_second[0] == pytest.approx(0.2)
    np.testing.assert_allclose(d.stage[0], [0.3, 0.7, 0.7, 0.7])
    np.testing.assert_allclose(d.stage[1:, 0], 0.7)
    np.testing.assert_allclose(d.stage[1:, 1:], 0.6)
    assert d.open_value == pytest.approx(0.6) and d.open_pick == 0
    np.testing.assert_array_equal(d.counter[1:], [3, 1, 2])  # b is answered by d, c by b, d by c
    assert D.draft_value(FOUR, D.BOTH) == pytest.approx(0.62)


def test_draft_with_bans_for_the_opponent_solved_by_hand():
    # The second bans a (the first may not pick it): the first then bans b, c or d and takes the
    # master the second cannot answer with its counter: 0.4; a saddle point.
    d = D.solve_draft(FOUR, D.OPPONENT)
    assert d.value == pytest.approx(0.4)
    np.testing.assert_allclose(d.ban_second, [1, 0, 0, 0])
    assert d.ban_first[0] == pytest.approx(0)
    np.testing.assert_allclose(d.stage[:, 0], [0.3, 0.4, 0.4, 0.4])
    np.testing.assert_allclose(d.stage[:, 1:], 0.6)


def test_a_draft_needs_enough_masters():
    with pytest.raises(ValueError, match="at least 4 masters"):
        D.solve_draft(0.5 + RPS, D.BOTH)
    # Bans for the opponent, three masters: the same ban leaves the first picker the better of
    # the other two (0.6); bans x != y leave it x (answered by whichever beats x: 0.4) or the
    # third z, answered by y: 0.6 when z beats y. A circulant ban game: uniform bans, 1.6 / 3.
    d = D.solve_draft(0.5 + RPS, D.OPPONENT)
    np.testing.assert_allclose(d.stage, [[0.6, 0.6, 0.4], [0.4, 0.6, 0.6], [0.6, 0.4, 0.6]])
    assert d.value == pytest.approx(1.6 / 3)
    np.testing.assert_allclose(d.ban_first, 1 / 3, atol=1e-9)


# ---------------------------------------------------------------- games frames


def cell(a: str, b: str, first: str, second: str) -> pd.DataFrame:
    """A hand-made cell: pair j's game with side A moving first has winner first[j] ('A', 'B' or
    'D'), its game with side B moving first second[j]."""
    rows = []
    for j, (x, y) in enumerate(zip(first, second, strict=True)):
        for a_first, w in ((1, x), (0, y)):
            rows.append((a, b, j, a_first, int(w == "A"), int(w == "B"), int(w == "D")))
    return pd.DataFrame(rows, columns=["hero_a", "hero_b", "pair", "a_first", "win_a", "win_b", "draw"])


def frame_of(P: np.ndarray, heroes: list[str], pairs: int) -> pd.DataFrame:
    """Cells whose side A wins round(P * 2 pairs) games, alternating A-first and B-first games."""
    frames = []
    for i in range(len(heroes)):
        for j in range(i + 1, len(heroes)):
            wins = round(P[i, j] * 2 * pairs)
            letters = ["A" if k < wins else "B" for k in range(2 * pairs)]
            frames.append(cell(heroes[i], heroes[j], "".join(letters[0::2]), "".join(letters[1::2])))
    return pd.concat(frames, ignore_index=True)


def test_the_pairs_give_cell_tables_scores_in_either_orientation():
    games = pd.concat(
        [
            synthetic_cell("crow", "wind", "ABAABBAD" * 5),
            flipped(synthetic_cell("crow", "poison", "AABBBBAB" * 5)),
            synthetic_cell("poison", "wind", "BABAAAAB" * 5, first_seat=[0, 1, 1, 0] * 5),
        ],
        ignore_index=True,
    )
    outcomes = M.pair_outcomes(games)
    P, F = M.matrices(outcomes, outcomes.sums())
    cells = A.cell_table(games)
    rate = A.matrix(cells, "wins") + 0.5 * A.matrix(cells, "draws")
    expected = (rate / A.matrix(cells, "games")).to_numpy(copy=True)
    np.fill_diagonal(expected, 0.5)
    assert outcomes.heroes == ["crow", "wind", "poison"]
    np.testing.assert_allclose(P, expected)
    np.testing.assert_allclose(P + P.T, 1.0)
    assert outcomes.pairs().tolist() == [20, 20, 20]


def test_the_first_pickers_turn_comes_from_the_games():
    # whoever moves first wins: every cell is 50 %, but the first mover scores 100 %
    heroes = ["crow", "wind", "poison", "kungfu"]
    cells = [cell(a, b, "A" * 6, "B" * 6) for k, a in enumerate(heroes) for b in heroes[k + 1 :]]
    games = pd.concat(cells, ignore_index=True)
    picker = M.analyse_meta(games, M.Settings(boot=20, first_turn=M.PICKER))
    drawn = M.analyse_meta(games, M.Settings(boot=20, first_turn=M.DRAWN))
    assert picker.summary["draft"]["value"] == pytest.approx(1.0)
    assert drawn.summary["draft"]["value"] == pytest.approx(0.5)
    assert picker.summary["cyclic_share"] != picker.summary["cyclic_share"]  # NaN: a matrix of ties


def test_a_clear_cycle_is_resolved_and_uniform():
    heroes = ["crow", "wind", "poison"]
    games = frame_of(0.5 + 3 * RPS, heroes, pairs=200)  # 80 % cells around the triangle
    result = M.analyse_meta(games, M.Settings(boot=200))
    np.testing.assert_allclose(result.masters["nash"], 1 / 3, atol=1e-9)
    assert result.masters["support_prob"].tolist() == [1.0, 1.0, 1.0]
    assert result.summary["cyclic_share"] == pytest.approx(1.0)
    assert result.summary["draft"] is None  # three masters cannot ban two and still pick two
    assert "needs at least 4 masters, not 3" in result.summary["draft_problem"]
    (t,) = result.triangles.itertuples(index=False)
    assert (t.a, t.b, t.c) == ("crow", "poison", "wind") and t.resolved and t.cycle_prob == 1.0
    assert t.curl == pytest.approx(0.9)
    assert t.curl_low < 0.9 < t.curl_high


def test_a_faint_cycle_is_not_resolved():
    heroes = ["crow", "wind", "poison"]
    games = frame_of(0.5 + 0.2 * RPS, heroes, pairs=100)  # 52 % cells
    result = M.analyse_meta(games, M.Settings(boot=200))
    (t,) = result.triangles.itertuples(index=False)
    assert not t.resolved and not result.cells["resolved"].any()
    assert 0 < t.cycle_prob < 1


def test_a_dominant_master_takes_the_nash_and_the_draft_bans_it():
    heroes = ["crow", "wind", "poison", "bushido", "kungfu"]
    P = 0.5 + transitive([0.0, -0.05, 0.02, -0.1, 0.15])
    result = M.analyse_meta(frame_of(P, heroes, pairs=500), M.Settings(boot=100, first_turn=M.DRAWN))
    m = result.masters
    assert m.loc["kungfu", "nash"] == 1.0 and m.loc["kungfu", "support_prob"] == 1.0
    assert m.loc["kungfu", "alpharank_limit"] == pytest.approx(1.0)
    assert result.summary["cyclic_share"] < result.summary["noise_share"] * 3
    # The second picker bans kungfu; the first then bans crow, the second best of the rest, so
    # it takes poison (+2) and the second only wind (-5): 57 %.
    assert m.loc["kungfu", "ban_second"] == 1.0 and m.loc["crow", "ban_first"] == 1.0
    assert result.summary["draft"]["value"] == pytest.approx(0.57)
    assert result.summary["draft"]["open_pick"] == "kungfu"


def test_the_bootstrap_is_deterministic_for_a_seed():
    heroes = ["crow", "wind", "poison", "kungfu"]
    games = frame_of(0.5 + generic_game(4, 2), heroes, pairs=60)
    one = M.analyse_meta(games, M.Settings(boot=50, seed=3), key=9)
    two = M.analyse_meta(games, M.Settings(boot=50, seed=3), key=9)
    pd.testing.assert_frame_equal(one.masters, two.masters)
    pd.testing.assert_frame_equal(one.cells, two.cells)
    assert one.summary == two.summary
    other = M.analyse_meta(games, M.Settings(boot=50, seed=4), key=9)
    assert not other.cells["se"].equals(one.cells["se"])
    np.testing.assert_array_equal(other.masters["nash"], one.masters["nash"])  # the point estimate


def test_no_bootstrap_gives_point_estimates_only():
    games = frame_of(0.5 + 2 * RPS, ["crow", "wind", "poison"], pairs=10)
    result = M.analyse_meta(games, M.Settings(boot=0))
    assert result.masters["nash_low"].isna().all() and result.cells["se"].isna().all()
    np.testing.assert_allclose(result.masters["nash"], 1 / 3, atol=1e-9)


def test_a_missing_cell_is_named():
    games = frame_of(0.5 + RPS, ["crow", "wind", "poison"], pairs=5)
    games = games[~((games["hero_a"] == "wind") & (games["hero_b"] == "poison"))]
    with pytest.raises(ValueError, match="not played: wind vs poison"):
        M.pair_outcomes(games, ["crow", "wind", "poison"])


def test_bad_settings_are_refused():
    games = frame_of(0.5 + RPS, ["crow", "wind", "poison"], pairs=5)
    for bad, needle in (
        (M.Settings(bans="nobody"), "ban rule"),
        (M.Settings(first_turn="never"), "first turn"),
        (M.Settings(population=1), "population"),
    ):
        with pytest.raises(ValueError, match=needle):
            M.analyse_meta(games, bad)
