"""Scenario tests of the play and the fight (games/emr/rules/combat.py), one or more per rule id.

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
    RED_RED,
    _scenarios_hold_each_card_once,
    attack,
    blocked,
    board,
    cdmg,
    cid,
    discard_pile,
    field,
    hand,
    hand_n,
    of_kind,
    pb,
    pending,
    texts,
    zcard,
    zdmg,
)
from support.scenario import Scenario, damage_events, kinds

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import IllegalAction

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


# ================================================================ R-PLAY


def test_r_play_left_ejects_the_right_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    events = g.apply("play green 1-4 left")
    assert board(g, 0) == {1: "green 1-4", 2: "red 3-3"}
    g_card, b_card = cid(g, "green 1-4"), cid(g, "blue 5-5")
    assert of_kind(events, C.E_PLAY) == [(C.E_PLAY, 0, g_card, 1, C.SIDE_LEFT, 0)]
    assert of_kind(events, C.E_EJECT) == [(C.E_EJECT, 0, b_card, 3, 0, 0)]
    assert discard_pile(g) == ["blue 5-5"]
    assert hand_n(g, 0) == 0


def test_r_play_right_ejects_the_left_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    events = g.apply("play green 1-4 right")
    assert board(g, 0) == {3: "blue 5-5", 4: "green 1-4"}
    assert of_kind(events, C.E_EJECT)[0][2:4] == (cid(g, "red 3-3"), 2)
    assert discard_pile(g) == ["red 3-3"]


def test_r_play_ejected_card_is_the_attacker():
    # The attack hits with the ejected red 5-2 (damage 3), not with the played card.
    g = attack("red 5-2").game()
    events = g.apply(f"play {HIT_CARD} right")
    assert damage_events(events) == [(1, 3, C.SRC_HIT)]
    assert g.health(1) == 5


def test_r_play_edge_pair_on_the_left_edge_extends_right_only():
    sc = Scenario().board(0, {0: "red 3-3", 1: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    assert texts(g) == {"draw", "play green 1-4 right"}
    with pytest.raises(IllegalAction):
        g.apply("play green 1-4 left")
    g.apply("play green 1-4 right")
    assert board(g, 0) == {1: "blue 5-5", 2: "green 1-4"}


def test_r_play_edge_pair_on_the_right_edge_extends_left_only():
    sc = Scenario().board(0, {4: "red 3-3", 5: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    assert texts(g) == {"draw", "play green 1-4 left"}
    with pytest.raises(IllegalAction):
        g.apply("play green 1-4 right")
    g.apply("play green 1-4 left")
    assert board(g, 0) == {3: "green 1-4", 4: "red 3-3"}


# ================================================================ R-STEP


def test_r_step_zone_damage_tokens_hurt_the_player():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=2).zone_tokens(0, 1, damage=1)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")  # into zone 4
    assert g.health(0) == 6
    assert damage_events(events) == [(0, 2, C.SRC_TRAP)]
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 0, 4, 2, 0, 0)]
    assert zdmg(g, 0, 4) == 0  # removed once they dealt their damage (D-TOKENS)
    assert zdmg(g, 0, 1) == 1  # a zone not played into is not touched


def test_r_step_only_the_zone_played_into():
    sc = attack("red 3-3").zone_tokens(0, 1, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 8
    assert zdmg(g, 0, 1) == 2


def test_r_step_tokens_on_the_ejected_card_hurt_the_player():
    sc = attack("red 3-3").tokens_on_card(0, 2, damage=2).tokens_on_card(0, 3, damage=1)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")  # ejects zone 2
    assert g.health(0) == 6
    dmg = of_kind(events, C.E_DAMAGE)
    assert [(e[1], e[2], e[3], e[4]) for e in dmg] == [(0, 2, C.SRC_TRAP, 2)]
    assert cdmg(g, 0, 2) == 0  # the card and its tokens left the board
    assert cdmg(g, 0, 3) == 1  # the token on the card that stays does nothing


def test_r_step_opponent_tokens_on_attacker_zone_do_not_matter():
    # Tokens on the opponent's zone 4 are not on the attacker's board.
    sc = attack("red 3-3").zone_tokens(1, 4, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert (g.health(0), g.health(1)) == (8, 8)
    assert zdmg(g, 1, 4) == 2


# ================================================================ R-HIT


@pytest.mark.parametrize(
    "played, attack_value, hit",
    [("green 1-3", 5, 0), ("green 2-5", 6, 1), ("yellow 3-3", 7, 0)],
)
def test_r_hit_only_on_exact_equality(played, attack_value, hit):
    sc = Scenario().board(0, {2: "red 3-1", 3: PAIR_RIGHT}).hand(0, [played])
    g = sc.game()
    events = g.apply(f"play {played} right")
    assert of_kind(events, C.E_ATTACK) == [(C.E_ATTACK, 0, attack_value, 6, hit, cid(g, "red 3-1"))]
    assert g.health(1) == 8 - hit
    assert int(g.state[C.RES_HIT]) == 0  # the play is over


def test_r_hit_attack_is_inner_numbers_defence_is_outer_numbers():
    # p0's new pair blue 1-4 | yellow 5-2: inner 4 + 5 = 9.
    # p1's pair yellow 4-1 | green 1-5: outer 4 + 5 = 9 (its inner numbers sum to 2).
    sc = Scenario().board(0, {2: "red 3-1", 3: "blue 1-4"}).hand(0, ["yellow 5-2"])
    sc.board(1, {2: "yellow 4-1", 3: "green 1-5"})
    g = sc.game()
    events = g.apply("play yellow 5-2 right")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (9, 9, 1)
    assert g.health(1) == 7


def test_r_hit_blocked_defender_card_numbers_still_count():
    # D-BOARD: the blocked red 3-3 keeps its numbers for the defence 3 + 3.
    g = attack("yellow 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert g.health(1) == 7


# ================================================================ R-DAMAGE


@pytest.mark.parametrize(
    "ejected, plus, minus, dealt",
    [
        ("red 3-1", 0, 0, 1),
        ("red 3-1", 1, 0, 2),
        ("red 3-1", 1, 1, 1),
        ("red 3-1", 2, 1, 2),
        ("red 3-1", 0, 1, 0),
        ("red 3-1", 0, 3, 0),  # never below 0
        ("red 3-3", 1, 0, 1),  # a 0-damage card with a +1 token
        ("red 5-2", 0, 1, 2),
    ],
)
def test_r_damage_ejected_card_damage_with_power_tokens(ejected, plus, minus, dealt):
    sc = attack(ejected).tokens_on_card(0, 2, plus=plus, minus=minus)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 8 - dealt
    hits = [e for e in of_kind(events, C.E_DAMAGE) if e[3] == C.SRC_HIT]
    assert [(e[1], e[2], e[4], e[5]) for e in hits] == (
        [(1, dealt, cid(g, ejected), 8 - dealt)] if dealt else []
    )
    assert g.health(0) == 8


def test_r_damage_no_damage_on_a_miss():
    g = attack("red 5-2").game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


# ================================================================ R-PAIR


def test_r_pair_equal_inner_numbers_give_an_extra_action():
    # red 5-2 | yellow 2-3: inner 2/2.
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    events = g.apply("play yellow 2-3 right")
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert pending(g) == ("extra", 0)


def test_r_pair_on_a_hit_as_on_a_miss():
    # blue 1-4 | yellow 4-2: inner 4/4 = attack 8; p1's green 3-3 | yellow 1-5 has defence 8.
    sc = Scenario().board(0, {2: "red 3-1", 3: "blue 1-4"}).hand(0, ["yellow 4-2"])
    sc.board(1, {2: "green 3-3", 3: "yellow 1-5"})
    g = sc.game()
    events = g.apply("play yellow 4-2 right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 7
    assert pending(g) == ("extra", 0)
    assert of_kind(events, C.E_EXTRA)


def test_r_pair_unequal_inner_numbers_give_none():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 3-2"])
    g = sc.game()
    events = g.apply("play yellow 3-2 right")
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


@pytest.mark.parametrize("side", ["left", "right"])
def test_r_pair_none_when_the_neighbour_is_blocked(side):
    # left: blue 4-5 beside red 5-2 on zone 2; right: yellow 2-3 beside red 5-2 on zone 3.
    if side == "left":
        sc = Scenario().board(0, {2: "red 5-2", 3: "red 3-3"}, blocked=[2]).hand(0, ["blue 4-5"])
        played = "blue 4-5"
    else:
        sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}, blocked=[3]).hand(0, ["yellow 2-3"])
        played = "yellow 2-3"
    g = sc.game()
    events = g.apply(f"play {played} {side}")
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)
    assert blocked(g, 0) == ([2] if side == "left" else [3])


def test_r_pair_left_play_makes_a_pair():
    # blue 4-5 played left of red 5-2: inner 5/5.
    sc = Scenario().board(0, {2: "red 5-2", 3: "red 3-3"}).hand(0, ["blue 4-5"])
    g = sc.game()
    g.apply("play blue 4-5 left")
    assert board(g, 0) == {1: "blue 4-5", 2: "red 5-2"}
    assert pending(g) == ("extra", 0)


# ================================================================ D-TOKENS


def test_d_tokens_zone_tokens_stack_and_are_removed_after_dealing():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=3)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 5
    assert damage_events(events) == [(0, 3, C.SRC_TRAP)]
    assert zdmg(g, 0, 4) == 0


def test_d_tokens_trap_once_off_keeps_the_zone_token():
    sc = attack("red 3-3", rules={"trap_once": "off"}).zone_tokens(0, 4, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 6
    assert zdmg(g, 0, 4) == 2


def test_d_tokens_power_tokens_are_separate_plus_and_minus_counts():
    # +2 and -1 on blue 3-3 (damage 2): 2 + 2 - 1 = 3; the counts are stored apart.
    sc = attack("blue 3-3").tokens_on_card(0, 2, plus=2, minus=1)
    g = sc.game()
    assert (field(g, 0, C.P_CPP, 2), field(g, 0, C.P_CPM, 2)) == (2, 1)
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5
    assert (field(g, 0, C.P_CPP, 2), field(g, 0, C.P_CPM, 2)) == (0, 0)  # gone with the card


def test_d_tokens_card_tokens_move_with_the_card_on_a_swap():
    # yellow 5-1 (swap) is ejected; blue 1-4 carries 1 damage and 1 power token to zone 4.
    sc = Scenario().board(0, {2: "yellow 5-1", 3: "blue 1-4"}).hand(0, [MISS_CARD])
    sc.tokens_on_card(0, 3, damage=1, plus=1)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert pending(g) == ("effect", 0)
    assert "swap p0" in texts(g)
    g.apply("swap p0")
    assert board(g, 0) == {3: MISS_CARD, 4: "blue 1-4"}
    assert (cdmg(g, 0, 4), field(g, 0, C.P_CPP, 4)) == (1, 1)
    assert (cdmg(g, 0, 3), field(g, 0, C.P_CPP, 3)) == (0, 0)


def test_d_tokens_zone_keeps_damage_tokens_and_a_crow_token_together():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=2, crow=True)
    g = sc.game()
    assert (zdmg(g, 0, 4), field(g, 0, C.P_ZCROW, 4)) == (2, 1)
    events = g.apply(f"play {MISS_CARD} right")
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 0, 4, 2, 1, 0)]
    assert g.health(0) == 6
    assert (zdmg(g, 0, 4), field(g, 0, C.P_ZCROW, 4)) == (0, 0)


# ================================================================ D-STEP-ORDER


def test_d_step_order_zone_tokens_then_card_tokens_then_crow():
    # red 1-1 has the trap-zone effect, cancelled by the crow token of zone 4.
    sc = attack("red 1-1").zone_tokens(0, 4, damage=1, crow=True).tokens_on_card(0, 2, damage=2)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")
    red11 = cid(g, "red 1-1")
    step = [e for e in events if e[0] in (C.E_STEP, C.E_DAMAGE, C.E_CROW_CANCEL, C.E_ATTACK)]
    assert step == [
        (C.E_STEP, 0, 4, 1, 1, 0),
        (C.E_DAMAGE, 0, 1, C.SRC_TRAP, 4, 7),  # the zone's token
        (C.E_DAMAGE, 0, 2, C.SRC_TRAP, 2, 5),  # the ejected card's tokens
        (C.E_CROW_CANCEL, 0, red11, 4, 0, 0),  # then the crow
        (C.E_ATTACK, 0, 5, 6, 0, red11),  # and only then the hit check
    ]
    assert kinds(events)[:2] == [C.E_PLAY, C.E_EJECT]
    assert g.health(0) == 5
    assert pending(g) == ("turn", 1)  # the trap-zone effect was cancelled: no effect decision
    assert not of_kind(events, C.E_EFFECT)


# ================================================================ D-PAIR-NOW

# yellow 5-1 (swap) is ejected; green 2-5 | red 1-2 (inner 5/1) swaps to red 1-2 | green 2-5 (2/2).
SWAP_MAKES = ({2: "yellow 5-1", 3: "green 2-5"}, "red 1-2")
# green 3-2 | red 2-4 is a 2/2 pair; the swap gives red 2-4 | green 3-2 (4/3).
SWAP_BREAKS = ({2: "yellow 5-1", 3: "green 3-2"}, "red 2-4")
P1_DEF5 = {2: "red 3-3", 3: "blue 3-2"}  # defence 5: every play below misses


def _swap_game(setup, rules=None):
    pos, played = setup
    sc = Scenario(rules=rules).board(0, pos).hand(0, [played, "green 4-4"]).board(1, P1_DEF5)
    g = sc.game()
    g.apply(f"play {played} right")
    assert pending(g) == ("effect", 0)
    assert texts(g) == {"pass", "swap p0", "swap p1"}
    return g


def test_d_pair_now_swap_that_makes_the_pair_gives_an_extra_action():
    g = _swap_game(SWAP_MAKES)
    events = g.apply("swap p0")
    assert board(g, 0) == {3: "red 1-2", 4: "green 2-5"}
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert pending(g) == ("extra", 0)


def test_d_pair_now_swap_declined_no_pair():
    g = _swap_game(SWAP_MAKES)
    g.apply("pass")
    assert pending(g) == ("turn", 1)


def test_d_pair_now_swap_that_breaks_the_pair_gives_none():
    g = _swap_game(SWAP_BREAKS)
    events = g.apply("swap p0")
    assert board(g, 0) == {3: "red 2-4", 4: "green 3-2"}
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_pair_now_on_play_option_reads_the_pair_as_played():
    g = _swap_game(SWAP_MAKES, rules={"pair_check": "on-play"})
    g.apply("swap p0")
    assert pending(g) == ("turn", 1)  # the pair made by the swap does not count
    g = _swap_game(SWAP_BREAKS, rules={"pair_check": "on-play"})
    events = g.apply("swap p0")
    assert of_kind(events, C.E_EXTRA)  # the pair as played counts though the swap broke it
    assert pending(g) == ("extra", 0)


# ================================================================ R-DEFEND


def test_r_defend_offered_on_a_hit():
    # p1 (defence 2 + 4 = 6) can block with red 2-3 and counter: blue 4-4 is a dragon on
    # zone 3 with zone 4 free, and blue 3-1 a dragon in hand.
    g = attack("red 3-1", defender={2: "red 2-3", 3: "blue 4-4"}).hand(1, ["blue 3-1"]).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "counter blue 3-1 right"}
    events = g.apply("take")
    assert of_kind(events, C.E_TAKE) == [(C.E_TAKE, 1, 1, 0, 0, 0)]
    assert g.health(1) == 7
    assert blocked(g, 1) == []
    assert pending(g) == ("turn", 1)


def test_r_defend_not_offered_on_a_miss():
    g = attack("red 3-1", defender={2: "red 2-3", 3: "blue 4-4"}).hand(1, ["blue 3-1"]).game()
    events = g.apply(f"play {MISS_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 0
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8
    assert not of_kind(events, C.E_TAKE)


def test_r_defend_without_block_or_counter_the_defender_just_takes_it():
    # p1 holds cards but no dragon; its board has no red card.
    g = attack("red 3-1").hand(1, ["red 1-1", "green 1-1"]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 7
    assert pending(g) == ("turn", 1)
    assert damage_events(events) == [(1, 1, C.SRC_HIT)]


def test_r_defend_block_and_counter_never_both():
    # After one block (damage 2 -> 1) p1 may block more but no longer counter.
    # p1's red 4-1 (a dragon) | red 3-3 defends 4 + 3 = 7; green 3-3 gives 4 + 3 = 7.
    sc = attack("red 2-4", defender={2: "red 4-1", 3: "red 3-3"}).hand(0, ["green 3-3"])
    g = sc.hand(1, ["blue 3-1"]).game()
    g.apply("play green 3-3 right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "block zone 3", "counter blue 3-1 left"}
    g.apply("block zone 3")
    assert pending(g) == ("block-more", 1)
    assert texts(g) == {"pass", "block zone 2"}
    g.apply("stop")
    assert g.health(1) == 7
    assert blocked(g, 1) == [3]
    assert hand(g, 1) == ["blue 3-1"]


# ================================================================ R-BLOCK


def test_r_block_attacking_colour_goes_to_block_state_minus_one_each():
    g = attack("red 2-4", defender=RED_BLUE).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2"}  # the blue card cannot block a red attack
    events = g.apply("block zone 2")
    assert of_kind(events, C.E_BLOCK) == [(C.E_BLOCK, 1, cid(g, "red 3-3"), 2, 1, 0)]
    assert blocked(g, 1) == [2]
    assert g.health(1) == 7  # 2 - 1
    assert board(g, 1) == RED_BLUE  # blocking moves no card


def test_r_block_two_blocks_on_damage_2():
    g = attack("red 2-4", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 3")
    assert pending(g) == ("block-more", 1)
    g.apply("block zone 2")
    assert blocked(g, 1) == [2, 3]
    assert g.health(1) == 8
    assert pending(g) == ("turn", 1)


def test_r_block_two_blocks_on_damage_3_leave_1():
    g = attack("red 5-2", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")
    g.apply("block zone 3")
    assert g.health(1) == 7


def test_r_block_other_colours_cannot_block():
    g = attack("yellow 3-1", defender=RED_RED).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)  # nothing to block with, no counter: taken
    assert g.health(1) == 7
    assert blocked(g, 1) == []
    assert not of_kind(events, C.E_BLOCK)


def test_r_block_bow_cards_cannot_block():
    g = attack("red 3-1").game()  # p1's board: the two bows
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 7


# ================================================================ D-BLOCK


def test_d_block_not_offered_on_0_damage():
    g = attack("red 2-5", defender=RED_RED).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert pending(g) == ("turn", 1)
    assert blocked(g, 1) == []
    assert g.health(1) == 8


def test_d_block_not_offered_on_0_damage_after_power_tokens():
    g = attack("red 3-1", defender=RED_RED).tokens_on_card(0, 2, minus=1).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert blocked(g, 1) == []


def test_d_block_at_most_as_many_cards_as_the_damage():
    g = attack("red 3-1", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    assert texts(g) == {"pass", "block zone 2", "block zone 3"}
    g.apply("block zone 2")
    assert pending(g) == ("turn", 1)  # damage 1: no second block
    assert blocked(g, 1) == [2]
    assert g.health(1) == 8


def test_d_block_block_zero_option_offers_one_block_on_0_damage():
    g = attack("red 2-5", defender=RED_RED, rules={"block_zero": "on"}).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "block zone 3"}
    g.apply("block zone 3")
    assert blocked(g, 1) == [3]
    assert pending(g) == ("turn", 1)  # one block only
    assert g.health(1) == 8


# ================================================================ R-BLOCKED


def test_r_blocked_card_cannot_block_again():
    g = attack("red 2-4", defender=RED_RED, defender_blocked=[2]).game()
    g.apply(f"play {HIT_CARD} right")
    assert texts(g) == {"pass", "block zone 3"}
    g.apply("block zone 3")
    # damage 2 + 2 (penalty: red 3-3 was blocked before) - 1 = 3
    assert g.health(1) == 5
    assert blocked(g, 1) == [2, 3]


def test_r_blocked_no_block_when_all_attacking_colour_cards_are_blocked():
    g = attack("red 2-4", defender=RED_RED, defender_blocked=[2, 3]).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 4  # 2 + 2


def test_r_blocked_card_cannot_form_a_pair():
    sc = Scenario().board(0, PAIR_POS, blocked=[3]).hand(0, ["yellow 2-3"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("turn", 1)
    assert blocked(g, 0) == [3]  # it stays blocked


def test_r_blocked_card_still_hits_when_ejected():
    g = attack("red 5-2").board(0, {2: "red 5-2", 3: PAIR_RIGHT}, blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 5
    assert blocked(g, 0) == []  # it left the board with its block state
    assert discard_pile(g) == ["red 5-2"]


def test_r_blocked_card_stays_blocked_over_turns():
    g = attack("red 3-1", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")
    g.apply("draw")  # p1's turn
    g.apply("draw")  # p0's turn
    assert blocked(g, 1) == [2]


# ================================================================ R-PENALTY


def test_r_penalty_adds_two_on_a_hit_of_a_blocked_colour():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5
    assert damage_events(events) == [(1, 1, C.SRC_HIT), (1, 2, C.SRC_PENALTY)]


def test_r_penalty_not_on_a_miss():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_r_penalty_not_for_a_0_damage_card():
    g = attack("red 2-5", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_r_penalty_only_for_the_attacking_colour():
    # p1's blocked card is blue; a red hit pays no penalty, a blue one does.
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[3]).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("take")  # (p1 could block with its red 3-3)
    assert g.health(1) == 7
    g = attack("blue 3-2", defender=RED_BLUE, defender_blocked=[3]).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5


# ================================================================ D-PENALTY


@pytest.mark.parametrize("option, dealt", [(None, 3), ({"penalty": "once"}, 3), ({"penalty": "each"}, 5)])
def test_d_penalty_once_or_each_blocked_card(option, dealt):
    g = attack("red 3-1", defender=RED_RED, defender_blocked=[2, 3], rules=option).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 8 - dealt


def test_d_penalty_each_with_one_blocked_card_is_plus_two():
    g = attack("red 3-1", defender=RED_RED, defender_blocked=[2], rules={"penalty": "each"}).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    g.apply("take")
    assert g.health(1) == 5


def test_d_penalty_only_cards_blocked_before_this_hit():
    g = attack("red 2-4", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")  # 2 -> 1; this block does not make this hit pay the penalty
    g.apply("stop")
    assert g.health(1) == 7
    assert int(g.state[C.RES_PENALTY]) == 0


def test_d_penalty_zero_damage_after_power_tokens_pays_no_penalty():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).tokens_on_card(0, 2, minus=1).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_d_penalty_zero_damage_card_raised_by_power_pays_it():
    # red 2-5 (damage 0) with a +1 token deals 1, so it is not a 0-damage card: 1 + 2.
    g = attack("red 2-5", defender=RED_BLUE, defender_blocked=[2]).tokens_on_card(0, 2, plus=1).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5


# ================================================================ R-COUNTER
# p0: EJECTED on zone 2 and red 4-1 (dragon) on zone 3; green 4-1 on the right gives 1 + 4 = 5.
# p1: blue 1-1 on zone 2 and blue 4-4 (dragon) on zone 3: defence 1 + 4 = 5.


def counter_game(ejected="yellow 2-2", p0_hand=("green 4-1",), p1_hand=("blue 3-1", "green 5-1"), **kw):
    sc = Scenario(**kw).board(0, {2: ejected, 3: "red 4-1"}).hand(0, list(p0_hand))
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, list(p1_hand))
    g = sc.game()
    g.apply("play green 4-1 right")
    assert of_kind(g.events, C.E_ATTACK)[0][2:5] == (5, 5, 1)
    return g


def test_r_counter_offered_with_board_dragon_room_and_hand_dragon():
    g = counter_game()
    assert pending(g) == ("defend", 1)
    # Only beside the dragon blue 4-4, on its outer (right) side; no yellow card to block.
    assert texts(g) == {"pass", "counter blue 3-1 right", "counter green 5-1 right"}


def test_r_counter_defender_counter_cancels_attack_and_effect():
    # yellow 2-4 (trap-card, damage 2) is the attacker.
    g = counter_game(ejected="yellow 2-4", p0_hand=("green 4-1", "red 3-3"))
    events = g.apply("counter blue 3-1 right")
    assert board(g, 1) == {3: "blue 4-4", 4: "blue 3-1"}  # blue 1-1 at the other end discarded
    assert of_kind(events, C.E_COUNTER) == [(C.E_COUNTER, 1, cid(g, "blue 3-1"), 4, cid(g, "blue 1-1"), 0)]
    assert of_kind(events, C.E_CANCEL)[0][1:3] == (1, cid(g, "yellow 2-4"))
    assert g.health(1) == 8
    assert not of_kind(events, C.E_EFFECT)
    assert pending(g) == ("turn", 1)  # the attacker's turn ended at once
    assert hand(g, 0) == ["red 3-3"]
    assert "blue 1-1" in discard_pile(g) and "yellow 2-4" in discard_pile(g)


def test_r_counter_defender_last_ends_the_turn_even_after_a_pair():
    # green 1-4 beside red 4-1 makes a 1/1 pair (attack 2); p1's blue 1-1 | green 5-1 defends 2.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 1-4", "red 3-3"])
    sc.board(1, {2: "blue 1-1", 3: "green 5-1"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 1-4 right")
    assert of_kind(g.events, C.E_ATTACK)[0][2:5] == (2, 2, 1)
    assert pending(g) == ("defend", 1)
    events = g.apply("counter blue 3-1 right")
    assert of_kind(events, C.E_CANCEL)
    assert not of_kind(g.events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8


def test_r_counter_chain_defender_attacker_defender_cancels():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("counter-back", 0)
    assert texts(g) == {"pass", "counter red 2-5 left"}  # beside red 4-1, zone 2 is free
    g.apply("counter red 2-5 left")
    assert board(g, 0) == {2: "red 2-5", 3: "red 4-1"}  # green 4-1 discarded
    assert pending(g) == ("counter-back", 1)
    assert texts(g) == {"pass", "counter green 5-1 left", "counter green 5-1 right"}
    events = g.apply("counter green 5-1 right")
    assert board(g, 1) == {4: "blue 3-1", 5: "green 5-1"}
    assert of_kind(events, C.E_CANCEL)[0][1:4] == (1, cid(g, "yellow 2-2"), 3)
    assert (g.health(0), g.health(1)) == (8, 8)
    assert pending(g) == ("turn", 1)
    assert int(g.state[C.RES_COUNTERS]) == 0  # the play is over


def test_r_counter_attacker_last_lets_damage_and_effect_through_without_block():
    # yellow 2-4 (trap-card, damage 2) attacks; p1 counters with the yellow dragon 2-1, which
    # could block a yellow attack, but after p0's counter-back p1 may not block.
    g = counter_game(ejected="yellow 2-4", p0_hand=("green 4-1", "red 2-5"), p1_hand=("yellow 2-1",))
    g.apply("counter yellow 2-1 right")
    assert board(g, 1) == {3: "blue 4-4", 4: "yellow 2-1"}
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 2-5 left")
    assert not of_kind(events, C.E_CANCEL)
    assert not of_kind(events, C.E_BLOCK)
    assert damage_events(events) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6
    assert blocked(g, 1) == []
    assert pending(g) == ("effect", 0)  # the trap-card effect goes through
    assert "trap-card p1 4" in texts(g)


def test_r_counter_chain_one_more_counter_back_lets_it_through():
    g = counter_game(p0_hand=("green 4-1", "red 2-5", "red 1-3"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 1-3 left")
    assert board(g, 0) == {1: "red 1-3", 2: "red 2-5"}
    assert damage_events(events) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6
    assert pending(g) == ("turn", 1)


def test_r_counter_last_counter_may_stand_by_passing():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    events = g.apply("pass")  # p0 lets the defender's counter stand
    assert of_kind(events, C.E_CANCEL)
    assert g.health(1) == 8
    assert hand(g, 0) == ["red 2-5"]
    assert pending(g) == ("turn", 1)


def test_r_counter_needs_board_dragon_in_attack_state():
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}, blocked=[3]).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)  # no counter with a blocked dragon: taken
    assert g.health(1) == 6


def test_r_counter_needs_room_on_the_outer_side():
    # p1's dragon blue 4-4 stands on the right edge (zone 5): no room beside it.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {4: "blue 1-1", 5: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 6


def test_r_counter_needs_a_dragon_in_hand():
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, ["blue 2-2", "red 1-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 6


# ================================================================ D-COUNTER


def test_d_counter_is_not_a_play_no_hit_check():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    assert len(of_kind(g.events, C.E_ATTACK)) == 1
    assert len(of_kind(g.events, C.E_PLAY)) == 1
    assert int(g.state[C.H_PLAYS]) == 1


def test_d_counter_attacker_counter_back_making_equal_inner_numbers_gives_no_pair():
    g = counter_game(p0_hand=("green 4-1", "red 2-5", "red 1-3"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    events = g.apply("counter red 1-3 right")  # red 4-1 | red 1-3: inner 1/1
    assert board(g, 0) == {3: "red 4-1", 4: "red 1-3"}
    assert g.health(1) == 6
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_counter_attacker_counter_back_breaks_the_play_pair_no_extra():
    # green 1-4 beside red 4-1 is a 1/1 pair; p0's counter-back discards green 1-4, so after
    # steps 1-4 (D-PAIR-NOW) there is no pair and no extra action.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 1-4", "red 2-5"])
    sc.board(1, {2: "blue 1-1", 3: "green 5-1"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 1-4 right")
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 2-5 left")
    assert board(g, 0) == {2: "red 2-5", 3: "red 4-1"}
    assert g.health(1) == 6
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_counter_card_steps_on_zone_damage_tokens():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZDMG + 4] = 2
    events = g.apply("counter blue 3-1 right")
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 1, 4, 2, 0, 0)]
    assert damage_events(events) == [(1, 2, C.SRC_TRAP)]
    assert g.health(1) == 6
    assert zdmg(g, 1, 4) == 0
    assert of_kind(events, C.E_CANCEL)  # the counter still cancels the attack


def test_d_counter_card_step_can_eliminate_the_counterer():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZDMG + 4] = 1
    g.state[pb(1) + C.P_HEALTH] = 1
    g.apply("counter blue 3-1 right")
    assert g.health(1) == 0 and g.winner == 0 and g.over


def test_d_counter_card_destroys_a_crow_token_without_effect():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZCROW + 4] = 1
    events = g.apply("counter blue 3-1 right")
    assert field(g, 1, C.P_ZCROW, 4) == 0
    assert not of_kind(events, C.E_CROW_CANCEL)
    assert g.health(1) == 8
    assert of_kind(events, C.E_CANCEL)


def test_d_counter_step_off_option():
    g = counter_game(p1_hand=("blue 3-1",), rules={"counter_step": "off"})
    g.state[pb(1) + C.P_ZDMG + 4] = 2
    events = g.apply("counter blue 3-1 right")
    assert g.health(1) == 8
    assert zdmg(g, 1, 4) == 2
    assert not of_kind(events, C.E_STEP)


def test_d_counter_tokens_on_the_discarded_card_vanish():
    g = counter_game(p1_hand=("blue 3-1",))
    b = pb(1)
    g.state[b + C.P_CDMG + 2] = 2  # on blue 1-1, which the counter discards
    g.state[b + C.P_CPP + 2] = 1
    events = g.apply("counter blue 3-1 right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)
    assert (cdmg(g, 1, 2), field(g, 1, C.P_CPP, 2)) == (0, 0)
    assert zcard(g, 1, 2) == C.NO_CARD
    assert "blue 1-1" in discard_pile(g)


def test_d_counter_discarded_card_has_no_effect():
    # p1's card at the far end has an effect (red 1-1 trap-zone): discarded with no effect.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "red 1-1", 3: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    events = g.apply("counter blue 3-1 right")
    assert not of_kind(events, C.E_EFFECT)
    assert pending(g) == ("turn", 1)
    assert all(zdmg(g, p, z) == 0 for p in range(2) for z in range(C.N_ZONES))
