"""The post-game review (emr_sim.games.emr.face.review): each decision of one seat with a choice,
searched by the advisor with a stated budget and seed; the costliest first."""

from __future__ import annotations

import math

import pytest
from support.versus import greedy_game

from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.advise import advise
from emr_sim.games.emr.face.review import BARELY_SHARE, COSTLIEST, review
from emr_sim.games.emr.face.saved import replay

ADVISOR = "ismcts:300"


@pytest.fixture(scope="module")
def done():
    v = greedy_game(seed=4, seat=0)
    return replay(v.record(), load_deck())


@pytest.fixture(scope="module")
def reviewed(done):
    return review(done, 0, ADVISOR, seed=9)


def test_every_decision_of_the_seat_with_a_choice_is_reviewed(done, reviewed):
    mine = [k for k, who in enumerate(done.deciders) if who == 0]
    with_choice = [k for k in mine if len(done.game_at(k).legal_codes()) > 1]
    assert 0 < len(with_choice) < len(mine)  # seed 4 has a forced decision of seat 0
    assert [d.step for d in reviewed.decisions] == with_choice
    assert (reviewed.advisor, reviewed.iterations, reviewed.seed) == (ADVISOR, 300, 9)


def test_each_row_is_the_advisors_table_for_that_position(done, reviewed):
    for d in reviewed.decisions[::7]:
        game = done.game_at(d.step)
        table = advise(game, ADVISOR, 9)
        rows = {r["action"]: r for r in table["actions"]}
        taken = dict(game.legal())[done.record.actions[d.step]]
        assert d.played == taken and d.best == table["actions"][0]["action"]
        assert d.played_visits == rows[taken]["visits"] and d.best_visits == table["actions"][0]["visits"]
        assert d.barely == (rows[taken]["visits"] < BARELY_SHARE * 300)
        if not math.isnan(d.lost):
            assert d.lost == pytest.approx(d.best_rate - rows[taken]["win_rate"])
        assert d.same == (taken == d.best)


def test_the_costliest_come_first_and_barely_visited_ones_are_not_ranked(reviewed):
    top = reviewed.costliest()
    assert len(top) <= COSTLIEST
    assert [d.lost for d in top] == sorted((d.lost for d in top), reverse=True)
    assert all(not d.barely and d.lost > 0 for d in top)
    rest = [d for d in reviewed.decisions if d not in top and not d.barely and not math.isnan(d.lost)]
    assert all(d.lost <= top[-1].lost for d in rest) if top else True
    lines = reviewed.lines()
    assert "ismcts:300 (300 iterations, seed 9)" in lines[0]
    assert lines.index("every decision:") == 3 + len(top)
    assert len(lines) == 4 + len(top) + len(reviewed.decisions)
    if any(d.barely for d in reviewed.decisions):
        assert any("barely visited" in line for line in lines)


def test_a_review_is_the_same_every_time(done, reviewed):
    again = review(done, 0, ADVISOR, seed=9)
    assert again.lines() == reviewed.lines()


def test_the_advisor_must_be_a_search(done):
    with pytest.raises(ValueError, match="give an ismcts player"):
        review(done, 0, "greedy", seed=1)
