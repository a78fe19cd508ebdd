"""HBC's designer study (studies/hbc/designer.py, studies/hbc/play.py, report/hbc_page.py) on
small samples of random players: the logs agree with the games, a paired comparison of a game
with itself gains exactly nothing, the questions give their tables and the page renders them."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim.report.hbc_page import report_page
from emr_sim.studies.hbc import designer as D

STUDY = D.Study(players="random", seed=5, deals=40, workers=2)


@pytest.mark.timeout(600)
def test_the_logs_name_only_cards_of_the_seats_deck_and_battles_that_happened():
    made = STUDY.made(3)
    games = STUDY.play(made, [0, 3, 5], 30)
    assert len(games) == 30 * 3 * 3 and set(games["entity"]) == {"blaze", "grove", "tide"}
    assert (games["log_played"] < 1 << 10).all() and (games["log_played"] > 0).any()
    for k in (1, 2, 3):
        assert (games[f"log_aimed_won_{k}"] <= games[f"log_aimed_{k}"]).all()
    assert (games["log_master_attacks_won"] <= games["log_master_attacks"]).all()
    again = STUDY.play(made, [0, 3, 5], 30)
    assert again.equals(games)  # the same deals, the same games


@pytest.mark.timeout(600)
def test_a_paired_comparison_of_a_game_with_itself_gains_nothing_and_one_more_hit_gains():
    made = STUDY.made(2, "vanilla")
    names = made.game.entities
    same = [names.index("d3h4")] * 2
    gain, deals = D.paired_decks(STUDY, made, same, same)
    assert len(gain) == 2 * STUDY.deals and (gain == 0).all()
    gain, _ = D.paired_decks(STUDY, made, same, [names.index("d3h5"), same[1]])
    assert gain.mean() > 0.1


@pytest.mark.timeout(600)
def test_a_card_changed_is_played_on_the_same_deals():
    made = STUDY.made(2)
    other = D.variant(made, "knuckle", dice=1)
    assert other.G[1][made.extra.index("knuckle"), 1] == 4 and made.G[1][made.extra.index("knuckle"), 1] == 3
    unchanged = D.variant(made, "knuckle")
    gain, _ = D.paired(STUDY, made, unchanged, [0, 5], 0)
    assert (gain == 0).all()


@pytest.mark.timeout(900)
def test_the_questions_give_their_tables_and_the_page_renders_them():
    small = D.Study(players="random", seed=5, deals=10, workers=2)
    parts = {
        "first_player": D.first_player(small, (2, 3)),
        "deck_matrix": D.deck_matrix(small),
        "coins": D.coins(small, (2,)),
        "card_rates": D.card_rates(small),
    }
    fp = parts["first_player"]
    assert fp["seats"].tolist() == [2, 3] and ((fp["low"] <= fp["mean"]) & (fp["mean"] <= fp["high"])).all()
    matrix = parts["deck_matrix"]
    assert len(matrix) == 6 * 5 and np.allclose(
        matrix.set_index(["deck", "against"])["mean"].sort_index().to_numpy()
        + matrix.set_index(["against", "deck"])["mean"].sort_index().to_numpy(),
        1.0,
    )
    assert {"p_holm", "significant"} <= set(parts["card_rates"].columns)
    assert (parts["card_rates"]["p_holm"] >= parts["card_rates"]["p"]).all()
    page = report_page(parts, ["# test"])
    assert "## The first player's edge" in page and "| blaze |" in page and "aim at a 3-point coin" in page
