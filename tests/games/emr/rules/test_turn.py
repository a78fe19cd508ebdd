"""Scenario tests of the turn (games/emr: rules/turn.py, rules/core.py):
R-TURN, R-DRAW and its token move, D-DECKOUT.

Every test builds a position with tests/support/scenario.py, plays it through the Game API
and asserts outcomes read from the state (health, boards, block flags, tokens,
hands, piles, the pending decision) and from the events. Rule ids are those of
docs/rules.md; each test is named after the id it checks.

Unless a test says otherwise, player 1 keeps the setup board: the two bow 3-3
cards on zones 2 and 3, a defence of 3 + 3 = 6 that nothing can block or counter.
"""

from __future__ import annotations

import pytest
from support.positions import (  # noqa: F401 (the autouse fixture)
    HIT_CARD,
    MISS_CARD,
    _scenarios_hold_each_card_once,
    active,
    attack,
    board,
    cdmg,
    hand,
    hand_n,
    of_kind,
    pending,
    texts,
    zdmg,
)
from support.scenario import Scenario, kinds

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import IllegalAction
from emr_sim.games.emr.face.position import card_ref

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


# ================================================================ R-TURN


def test_r_turn_first_decision_is_draw_or_play():
    sc = Scenario().hand(0, ["red 3-1", "blue 2-2"])
    g = sc.game()
    assert pending(g) == ("turn", 0)
    assert texts(g) == {
        "draw",
        "play red 3-1 left",
        "play red 3-1 right",
        "play blue 2-2 left",
        "play blue 2-2 right",
    }


def test_r_turn_drawing_ends_the_turn():
    g = Scenario().hand(0, ["red 3-1"]).game()
    events = g.apply("draw")
    assert hand_n(g, 0) == 3
    assert pending(g) == ("turn", 1)
    assert active(g) == 1
    assert of_kind(events, C.E_TURN) == [(C.E_TURN, 1, 2, 0, 0, 0)]


def test_r_turn_a_play_without_pair_ends_the_turn():
    g = attack("red 3-1").game()
    g.apply(f"play {MISS_CARD} right")
    assert pending(g) == ("turn", 1)
    assert int(g.state[C.H_TURN]) == 2
    assert hand(g, 0) == [HIT_CARD]


def test_r_turn_keeps_playing_while_extra_actions_allow():
    # red 5-2 then yellow 2-3: inner 2/2 is a pair; then green 1-4 (inner 3/1) is not.
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0)
    assert active(g) == 0
    g.apply("play green 1-4 right")
    assert board(g, 0) == {4: "yellow 2-3", 5: "green 1-4"}
    assert pending(g) == ("turn", 1)


# ================================================================ R-DRAW


@pytest.mark.parametrize("held, after", [(0, 2), (1, 3), (2, 4), (3, 4)])
def test_r_draw_two_cards_at_0_to_2_one_at_3(held, after):
    cards = ["red 1-1", "red 1-2", "red 1-3"][:held]
    sc = Scenario().hand(0, cards).top(["blue 5-5", "yellow 5-5"])
    g = sc.game()
    events = g.apply("draw")
    assert hand_n(g, 0) == after
    drawn = [card_ref(g.table, e[2]) for e in of_kind(events, C.E_DRAW)]
    assert drawn == ["blue 5-5", "yellow 5-5"][: after - held]
    assert hand(g, 0) == cards + drawn


def test_r_draw_not_allowed_holding_4():
    cards = ["red 1-1", "red 1-2", "red 1-3", "red 1-4"]
    g = Scenario().hand(0, cards).game()
    assert "draw" not in texts(g)
    assert texts(g) == {f"play {c} {side}" for c in cards for side in ("left", "right")}
    with pytest.raises(IllegalAction):
        g.apply("draw")
    assert hand_n(g, 0) == 4


def test_r_draw_token_move_offers_zone_and_card_tokens():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"})
    sc.zone_tokens(0, 0, damage=1).zone_tokens(0, 1, damage=1).zone_tokens(0, 5, damage=2)
    sc.tokens_on_card(0, 3, damage=1)
    sc.zone_tokens(1, 0, damage=1)  # the opponent's tokens are not yours to move
    g = sc.game()
    g.apply("draw")
    assert pending(g) == ("token-move", 0)
    assert texts(g) == {
        "pass",
        "move zone-token 0 right",  # to the empty zone 1 (zone 0 has no left neighbour)
        "move zone-token 1 left",  # not right: zone 2 holds a card
        "move zone-token 5 left",
        "move card-token 3 left",  # to the adjacent card only
    }


def test_r_draw_token_move_zone_token_to_adjacent_empty_zone():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).zone_tokens(0, 5, damage=2)
    g = sc.game()
    g.apply("draw")
    events = g.apply("move zone-token 5 left")
    assert (zdmg(g, 0, 5), zdmg(g, 0, 4)) == (1, 1)
    assert of_kind(events, C.E_TOKEN_MOVE) == [(C.E_TOKEN_MOVE, 0, C.TOKEN_ZONE, 5, 4, 0)]
    assert g.health(0) == 8  # moving a token deals nothing
    assert pending(g) == ("turn", 1)


def test_r_draw_token_move_card_token_to_adjacent_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).tokens_on_card(0, 3, damage=1)
    g = sc.game()
    g.apply("draw")
    g.apply("move card-token 3 left")
    assert (cdmg(g, 0, 2), cdmg(g, 0, 3)) == (1, 0)
    assert pending(g) == ("turn", 1)


def test_r_draw_token_move_may_be_passed_and_is_skipped_without_tokens():
    sc = Scenario().zone_tokens(0, 0, damage=1)
    g = sc.game()
    g.apply("draw")
    g.apply("pass")
    assert zdmg(g, 0, 0) == 1
    assert pending(g) == ("turn", 1)
    g2 = Scenario().game()  # no token on p0's board: no token-move decision at all
    g2.apply("draw")
    assert pending(g2) == ("turn", 1)


# ================================================================ D-DECKOUT


def test_d_deckout_empty_draw_pile_reshuffles_the_discard():
    sc = Scenario().no_draw_pile()
    g = sc.game()
    n_disc = int(g.state[C.DISC_N])
    assert int(g.state[C.DRAW_N]) == 0 and n_disc == 100
    events = g.apply("draw")
    assert of_kind(events, C.E_RESHUFFLE) == [(C.E_RESHUFFLE, -1, n_disc, 0, 0, 0)]
    assert hand_n(g, 0) == 2
    assert int(g.state[C.DISC_N]) == 0
    assert int(g.state[C.DRAW_N]) == n_disc - 2


def test_d_deckout_reshuffle_in_the_middle_of_a_draw():
    sc = Scenario().no_draw_pile().top(["blue 5-5"])  # the draw pile is this one card
    g = sc.game()
    assert int(g.state[C.DRAW_N]) == 1
    events = g.apply("draw")
    assert kinds(events)[:3] == [C.E_DRAW, C.E_RESHUFFLE, C.E_DRAW]
    assert hand_n(g, 0) == 2
    assert hand(g, 0)[0] == "blue 5-5"


def test_d_deckout_draws_what_there_is():
    sc = Scenario().no_draw_pile().top(["blue 5-5"])
    g = sc.game()
    g.state[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DISC_N] = 0  # nothing to reshuffle: one card in all
    events = g.apply("draw")
    assert hand(g, 0) == ["blue 5-5"]
    assert len(of_kind(events, C.E_DRAW)) == 1
    assert not of_kind(events, C.E_RESHUFFLE)
    assert (int(g.state[C.DRAW_N]), int(g.state[C.DISC_N])) == (0, 0)
    # p1 (empty hand, no card left to draw) passes; p0 is to play again
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events
    assert pending(g) == ("turn", 0)


def _empty_piles(g):
    g.state[C.DRAW : C.DRAW + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DRAW_N] = 0
    g.state[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DISC_N] = 0


def test_d_deckout_player_who_can_neither_draw_nor_play_passes():
    # red 4-4 beside the bow 3-3: attack 7 (a miss on the bows' 6), no pair
    g = Scenario().hand(0, ["red 4-4", "red 1-1"]).game()
    _empty_piles(g)
    assert "draw" not in texts(g)
    events = g.apply("play red 4-4 right")  # ejects a bow: it leaves the game, the piles stay empty
    assert int(g.state[C.DISC_N]) == 0
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events  # p1: empty hand, nothing to draw
    turns = of_kind(events, C.E_TURN)
    assert [(e[1], e[2]) for e in turns] == [(1, 2), (0, 3)]
    assert pending(g) == ("turn", 0)
    assert texts(g) == {"play red 1-1 left", "play red 1-1 right"}


def test_d_deckout_reshuffle_off_leaves_the_discard_alone():
    g = Scenario(rules={"reshuffle": "off"}).no_draw_pile().hand(0, ["red 3-1"]).game()
    assert int(g.state[C.DISC_N]) > 0
    assert texts(g) == {"play red 3-1 left", "play red 3-1 right"}
    events = g.apply("play red 3-1 right")
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events
    assert not of_kind(events, C.E_RESHUFFLE)


def test_d_deckout_turn_cap_option_draws_the_game():
    g = Scenario(rules={"turn_cap": "3"}).game()
    g.apply("draw")  # turn 1, p0
    assert pending(g) == ("turn", 1)
    g.apply("draw")  # turn 2, p1
    assert pending(g) == ("turn", 0)
    events = g.apply("draw")  # turn 3, p0: the cap is reached
    assert g.over and g.winner == "draw"
    assert int(g.state[C.H_WINNER]) == C.DRAWN_GAME
    assert of_kind(events, C.E_DRAWN) == [(C.E_DRAWN, -1, 3, 0, 0, 0)]
    assert (g.health(0), g.health(1)) == (8, 8)
    assert g.legal() == []


def test_d_deckout_default_turn_cap_is_200_turns():
    g = Scenario().game()
    g.state[C.H_TURN] = 199
    g.apply("draw")  # turn 199 ends
    assert pending(g) == ("turn", 1) and int(g.state[C.H_TURN]) == 200
    events = g.apply("draw")  # turn 200 ends
    assert g.winner == "draw"
    assert of_kind(events, C.E_DRAWN) == [(C.E_DRAWN, -1, 200, 0, 0, 0)]


def test_d_deckout_turn_cap_counts_a_turn_with_its_extra_actions_once():
    sc = Scenario(rules={"turn_cap": "2"}).board(0, {2: "red 3-3", 3: "red 5-2"})
    g = sc.hand(0, ["yellow 2-3", "green 1-4"]).game()
    g.apply("play yellow 2-3 right")  # a pair: the extra action is still turn 1
    assert pending(g) == ("extra", 0) and int(g.state[C.H_TURN]) == 1
    g.apply("play green 1-4 right")
    assert pending(g) == ("turn", 1) and int(g.state[C.H_TURN]) == 2
    g.apply("draw")
    assert g.winner == "draw"
