"""Balance figures of the rebalance search (emr_sim.analysis.balance): counts, the matrix and
field means, the goals (field, target, nash), the guards and penalty, the target matrix's
checks; on hand-built numbers."""

import math

import numpy as np
import pandas as pd
import pytest

from emr_sim.analysis.balance import (
    Balance,
    CellCounts,
    Goal,
    Guards,
    Penalty,
    balance_of,
    check_target,
    counts_from_games,
    loss,
    nash_gaps,
    nash_mix,
    with_scores,
)

HEROES = ["crow", "wind", "bushido"]


def cell(score_pairs: tuple[int, int, int], turns: int = 40, first: int | None = None) -> CellCounts:
    """A cell of pairs won twice by A, split, won twice by B (no draw)."""
    aa, split, bb = score_pairs
    pairs = aa + split + bb
    hist = np.zeros(turns + 1, dtype=np.int64)
    hist[turns] = 2 * pairs
    return CellCounts(2 * pairs, 2 * aa + split, 0, pairs if first is None else first, aa, split, bb, 0, hist)


def test_a_cells_score_and_its_pair_clustered_standard_error():
    c = cell((30, 40, 30))
    assert c.games == 200 and c.score == pytest.approx(0.5)
    # pair scores 1 (30), 1/2 (40), 0 (30): mean 1/2, variance 60 * 0.25 / 99
    assert c.se == pytest.approx(math.sqrt(60 * 0.25 / 99 / 100))


def test_counts_add_up_and_keep_the_histogram_of_lengths():
    a, b = cell((3, 2, 1), turns=10), cell((1, 2, 3), turns=30)
    total = a + b
    assert (total.games, total.wins_a, total.pairs) == (24, 12, 12)
    assert total.turns[10] == 12 and total.turns[30] == 12
    assert CellCounts.from_record(total.record()).record() == total.record()


def test_balance_of_gives_the_matrix_field_means_and_the_median_length():
    cells = {
        ("crow", "wind"): cell((60, 20, 20), turns=30),  # crow 0.7 against wind
        ("crow", "bushido"): cell((25, 50, 25), turns=40),  # 0.5
        ("wind", "bushido"): cell((20, 20, 60), turns=50),  # wind 0.3 against bushido
    }
    b = balance_of(cells, HEROES)
    assert b.P[0, 1] == pytest.approx(0.7) and b.P[1, 0] == pytest.approx(0.3)
    assert b.field == pytest.approx([0.6, 0.3, 0.6])
    assert b.deviations() == pytest.approx([10, -20, 10])
    assert b.median_turns == 40 and b.games == 600
    with pytest.raises(ValueError, match="wind vs bushido has no game"):
        balance_of({k: v for k, v in cells.items() if k != ("wind", "bushido")}, HEROES)


def balance(P) -> Balance:
    P = np.array(P, dtype=float)
    n = len(P)
    se = np.full((n, n), 0.01)
    return with_scores(Balance(HEROES[:n], P, se, np.zeros(n), np.full(n, 0.01), 0.53, 45, 1000), P)


def test_the_field_goal_counts_every_master_beyond_the_aim():
    b = balance([[0.5, 0.56, 0.54], [0.44, 0.5, 0.5], [0.46, 0.5, 0.5]])  # field 55, 47, 48
    goal = Goal("field", 2.0)
    assert goal.distance(b) == pytest.approx(5.0) and not goal.met(b)
    # aim 2 - 0.5 = 1.5: excesses 3.5, 1.5, 0.5
    assert goal.excess(b, 0.5) == pytest.approx(math.sqrt(3.5**2 + 1.5**2 + 0.5**2))
    even = balance([[0.5, 0.51, 0.49], [0.49, 0.5, 0.5], [0.51, 0.5, 0.5]])
    assert goal.met(even) and goal.excess(even, 0.5) == 0


def test_the_target_goal_is_the_rms_distance_over_the_cells_given():
    target = check_target(
        [[np.nan, 0.6, np.nan], [np.nan, np.nan, 0.5], [np.nan, np.nan, np.nan]], HEROES, "t"
    )
    b = balance([[0.5, 0.64, 0.5], [0.36, 0.5, 0.53], [0.5, 0.47, 0.5]])
    goal = Goal("target", 2.0, target)
    assert goal.distance(b) == pytest.approx(math.sqrt((4**2 + 3**2) / 2))  # crow-bushido has no target
    assert goal.excess(b, 0.0) == pytest.approx(goal.distance(b) - 2.0)


def test_the_nash_goal_on_rock_paper_scissors_and_on_a_dominant_master():
    rps = balance([[0.5, 0.7, 0.3], [0.3, 0.5, 0.7], [0.7, 0.3, 0.5]])
    assert nash_mix(rps.P) == pytest.approx([1 / 3] * 3, abs=1e-6)
    assert Goal("nash", 0.5).met(rps)
    dominant = balance([[0.5, 0.6, 0.6], [0.4, 0.5, 0.5], [0.4, 0.5, 0.5]])
    mix, gaps = nash_gaps(dominant.P)
    assert mix == pytest.approx([1, 0, 0], abs=1e-6)
    assert gaps == pytest.approx([0, 10, 10], abs=1e-6)
    assert Goal("nash", 2.0).distance(dominant) == pytest.approx(10, abs=1e-6)


def test_a_target_matrix_is_checked_and_completed():
    full = check_target([[0.5, 0.6, 0.5], [0.4, 0.5, np.nan], [np.nan, 0.55, 0.5]], HEROES, "t.csv")
    assert full[0, 1] == pytest.approx(0.6) and full[1, 2] == pytest.approx(
        0.45
    )  # from wind vs bushido's twin
    assert np.isnan(full[0, 0])
    with pytest.raises(
        ValueError, match=r"t.csv: a target matrix of shape 2x2; the study's 3 masters need 3x3"
    ):
        check_target(np.full((2, 2), 0.5), HEROES, "t.csv")
    with pytest.raises(ValueError, match=r"crow vs wind is 1.2, not a win rate from 0 to 1"):
        check_target([[0, 1.2, 0.5], [0, 0, 0.5], [0.5, 0.5, 0]], HEROES, "t.csv")
    with pytest.raises(ValueError, match=r"crow vs wind is 0.6 but wind vs crow is 0.6"):
        check_target([[0, 0.6, np.nan], [0.6, 0, np.nan], [np.nan, np.nan, 0]], HEROES, "t.csv")


def test_guards_penalty_and_loss():
    b = balance([[0.5, 0.5, 0.5], [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]])  # first 0.53, median 45
    assert Guards((0.45, 0.55), (40, 50)).violation(b) == 0
    assert Guards((0.45, 0.52), None).violation(b) == pytest.approx(1.0)  # a point over
    assert Guards(None, (20, 40)).violation(b) == pytest.approx(5.0)  # five turns over
    assert Penalty(0.25, 0.5).of([1, 2, 1]) == pytest.approx(3 * 0.25 + 0.5)
    plain = loss(Goal("field", 2.0), b, [], Penalty(), Guards(), 0.5)
    assert plain == 0
    assert loss(Goal("field", 2.0), b, [1], Penalty(), Guards((0.45, 0.52), None), 0.5) == pytest.approx(
        10.25
    )


def test_counts_from_games_match_a_hand_count():
    rows = []
    for pair, (w0, w1) in enumerate([(1, 1), (1, 0), (0, 0), (0, 1)]):
        for seat, win in enumerate((w0, w1)):
            first = (pair + seat) % 2
            game = {"pair": pair, "a_seat": seat, "a_first": first, "win_a": win, "win_b": 1 - win}
            rows.append({"hero_a": "wind", "hero_b": "crow", **game, "draw": 0, "turns": 30 + pair})
    counts = counts_from_games(pd.DataFrame(rows))
    c = counts[("crow", "wind")]  # seen from crow, the first in HERO_NAMES order
    assert (c.games, c.wins_a) == (8, 4)
    assert (c.pairs_a, c.pairs_split, c.pairs_b) == (1, 2, 1)  # crow won pair 2 twice, wind pair 0
    assert int(c.turns.sum()) == 8 and c.turns[30] == 2
