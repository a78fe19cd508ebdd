"""Scenario tests of the order of a turn (games/emr/rules/flow.py): R-EXTRA, D-EXTRA, R-HANDLIMIT, D-ELIM.

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
    PAIR_POS,
    PAIR_RIGHT,
    RED_BLUE,
    _scenarios_hold_each_card_once,
    attack,
    board,
    cid,
    discard_pile,
    hand,
    hand_n,
    of_kind,
    pending,
    texts,
    zdmg,
)
from support.scenario import Scenario, damage_events

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import IllegalAction
from emr_sim.games.emr.face.position import card_ref

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


# ================================================================ R-EXTRA


@pytest.mark.parametrize("others", [[], ["green 1-4"], ["green 1-4", "blue 1-3"]])
def test_r_extra_draw_is_exactly_one_card_even_holding_0_to_2(others):
    g = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", *others]).top(["blue 5-5", "green 5-5"]).game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0)
    assert "draw" in texts(g)
    events = g.apply("draw")
    assert [card_ref(g.table, e[2]) for e in of_kind(events, C.E_DRAW)] == ["blue 5-5"]
    assert hand(g, 0) == [*others, "blue 5-5"]
    assert pending(g) == ("turn", 1)  # the draw ends the turn


def test_r_extra_draw_allows_the_token_move_then_ends_the_turn():
    g = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3"]).zone_tokens(0, 0, damage=1).game()
    g.apply("play yellow 2-3 right")
    g.apply("draw")
    assert pending(g) == ("token-move", 0)
    g.apply("move zone-token 0 right")
    assert (zdmg(g, 0, 0), zdmg(g, 0, 1)) == (0, 1)
    assert pending(g) == ("turn", 1)


def test_r_extra_play_is_a_full_play():
    # The extra play ejects red 5-2 (damage 3): eject, hit check, damage and its own pair check.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 3-4", "red 1-1"])
    g = sc.game()
    g.apply("play yellow 2-3 right")  # red 5-2 | yellow 2-3: a 2/2 pair, attack 4: a miss
    assert pending(g) == ("extra", 0)
    events = g.apply("play green 3-4 right")  # yellow 2-3 | green 3-4: attack 3 + 3 = 6
    assert of_kind(events, C.E_EJECT)[0][2] == cid(g, "red 5-2")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert g.health(1) == 5
    assert board(g, 0) == {4: "yellow 2-3", 5: "green 3-4"}
    assert discard_pile(g) == ["red 3-3", "red 5-2"]
    assert pending(g) == ("extra", 0)  # 3/3 is a pair again
    assert hand(g, 0) == ["red 1-1"]


# ================================================================ D-EXTRA


def test_d_extra_one_extra_action_per_play_no_stock():
    # A pair gives exactly one extra action; a second pair gives one more, a non-pair ends the turn.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "blue 3-1", "green 4-4"])
    g = sc.game()
    ev1 = g.apply("play yellow 2-3 right")  # red 5-2 | yellow 2-3: 2/2
    assert of_kind(ev1, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert int(g.state[C.RES_IN_EXTRA]) == 1
    ev2 = g.apply("play blue 3-1 right")  # yellow 2-3 | blue 3-1: 3/3
    assert of_kind(ev2, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert int(g.state[C.RES_IN_EXTRA]) == 1
    assert pending(g) == ("extra", 0)
    ev3 = g.apply("play green 4-4 left")  # green 4-4 | yellow 2-3: 4/2 (the pair is on the edge)
    assert not of_kind(ev3, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_extra_extra_max_option_does_not_multiply_a_single_cause():
    sc = Scenario(rules={"extra_max": "2"}).board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    events = g.apply("play yellow 2-3 right")
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    g.apply("play green 1-4 right")
    assert pending(g) == ("turn", 1)


def test_d_extra_with_4_in_hand_the_extra_action_must_be_a_play():
    # red 2-2 (draw) is ejected; its effect draws p0 back to 4 cards; the 2/2 pair gives the extra.
    cards = ["yellow 2-3", "green 1-4", "blue 1-3", "green 1-1"]
    sc = Scenario().board(0, {2: "red 2-2", 3: "red 5-2"}).hand(0, cards).top(["blue 5-5"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("effect", 0)
    g.apply("draw p0")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("extra", 0)
    assert "draw" not in texts(g)
    assert texts(g) == {f"play {c} {s}" for c in [*cards[1:], "blue 5-5"] for s in ("left", "right")}


# ================================================================ R-HANDLIMIT
# Without Earth's set-aside cards (H-EARTH) no engine path takes a hand above 4: a draw
# stops at 4 (R-DRAW), an extra draw is 1 card and not at 4, E-DRAW skips a player
# holding 4. The hand limit is tested from hands of 5+ built by hand.

FIVE = ["red 1-1", "red 1-2", "red 1-3", "red 1-4", "blue 1-1"]


def test_r_handlimit_discard_down_to_4_at_turn_end():
    g = Scenario().hand(0, [MISS_CARD, *FIVE]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")  # 5 cards left, no pair
    assert pending(g) == ("discard", 0)
    assert texts(g) == {f"discard {c}" for c in FIVE}
    events = g.apply("discard red 1-3")
    assert of_kind(events, C.E_DISCARD) == [(C.E_DISCARD, 0, cid(g, "red 1-3"), 0, 0, 0)]
    assert hand(g, 0) == ["red 1-1", "red 1-2", "red 1-4", "blue 1-1"]
    assert discard_pile(g)[-1] == "red 1-3"
    assert pending(g) == ("turn", 1)


def test_r_handlimit_repeated_discards():
    g = Scenario().hand(0, [MISS_CARD, *FIVE, "green 1-1"]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")
    g.apply("discard red 1-1")
    assert pending(g) == ("discard", 0) and hand_n(g, 0) == 5
    g.apply("discard green 1-1")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


def test_r_handlimit_4_cards_at_turn_end_need_no_discard():
    g = Scenario().hand(0, [MISS_CARD, *FIVE[:4]]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


def test_r_handlimit_not_before_the_turn_ends():
    # A pair with 6 in hand: the extra action comes first, the discard at the turn's end.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 1-4", *FIVE])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0) and hand_n(g, 0) == 6
    assert "draw" not in texts(g)
    g.apply("play green 1-4 right")
    assert pending(g) == ("discard", 0) and hand_n(g, 0) == 5


def test_r_handlimit_drawing_stops_at_4():
    g = Scenario().hand(0, FIVE[:3]).game()
    g.apply("draw")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)  # no discard decision


def test_r_handlimit_also_after_a_cancelled_attack():
    # p0 attacks holding 6; p1's counter ends p0's turn at once, then p0 discards to 4.
    five = ["red 1-1", "red 1-2", "red 1-4", "yellow 1-2", "green 1-1"]
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1", *five])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("discard", 0)
    g.apply("discard red 1-1")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


# ================================================================ D-ELIM


def test_d_elim_self_damage_from_zone_tokens_ends_the_game_at_once():
    # The play would hit (attack 6), but p0 dies on the tokens first.
    sc = attack("red 5-2").health(0, 2).zone_tokens(0, 4, damage=2)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(0) == 0
    assert g.over and g.winner == 1
    assert int(g.state[C.H_WINNER]) == 1
    assert not of_kind(events, C.E_ATTACK)
    assert g.health(1) == 8
    assert (C.E_DEFEATED, 0, 0, 0, 0, 0) in events
    assert (C.E_WIN, 1, 0, 0, 0, 0) in events
    assert g.legal() == []
    with pytest.raises(IllegalAction):
        g.apply("draw")


def test_d_elim_self_damage_from_ejected_card_tokens():
    sc = attack("red 5-2").health(0, 1).tokens_on_card(0, 2, damage=3)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(0) == 0  # never below 0
    assert g.winner == 1
    assert damage_events(events) == [(0, 3, C.SRC_TRAP)]
    assert g.health(1) == 8


def test_d_elim_hit_to_zero_ends_before_effect_and_extra():
    # red 1-4 (power, damage 1) ejected by blue 4-2 beside blue 5-4: inner 4/4 pair, attack 8.
    sc = Scenario().board(0, {2: "red 1-4", 3: "yellow 5-4"}).hand(0, ["blue 4-2", "green 1-1"])
    sc.board(1, {2: "green 3-3", 3: "yellow 1-5"}).health(1, 1)
    g = sc.game()
    events = g.apply("play blue 4-2 right")
    assert g.health(1) == 0
    assert g.winner == 0 and g.over
    assert not of_kind(events, C.E_EXTRA)
    assert not of_kind(events, C.E_EFFECT)
    assert g.phase == "over"


def test_d_elim_penalty_damage_also_eliminates():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).health(1, 3).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 0 and g.winner == 0
