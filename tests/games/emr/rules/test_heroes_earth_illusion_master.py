"""The masters Earth, Illusion and Master of masters: H-EARTH with D-EARTH, H-ILLUSION with
D-ILLUSION, and H-MASTER.

Each test builds a position with tests/support/scenario.py and plays it through the Game API;
rule ids are those of docs/rules.md.

The common attack: player 0's pair is EJECTED on zone 2 and blue 1-4 on zone 3; playing
green 2-5 on the right ejects EJECTED with an attack of 4 + 2 = 6, a hit on a defence of 6
(player 1's outer numbers 3 + 3 or 4 + 2); green 1-3 gives 5, a miss.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.scenario import (
    Scenario,
    at,
    board_of,
    cards_of,
    events_of,
    legal_texts,
    pile_of,
    start,
    zones_with,
)

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.players.observe import observe

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

NO = C.NO_HERO
FURY = {"fury": "on"}
HIT, MISS = "green 2-5", "green 1-3"
TIMINGS = ["turn-start", "own-turn-end"]
COUNTER_BOARD = {2: "red 4-1", 3: "blue 2-2"}  # defence 6; counter: red 1-3 left of red 4-1


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def damage_of(events) -> list[tuple[int, int, int]]:
    """(player, amount, source) of each E_DAMAGE."""
    return [(e[1], e[2], e[3]) for e in events_of(events, C.E_DAMAGE)]


def kinds_of(events) -> list[int]:
    return [e[0] for e in events]


# ================================================================ H-EARTH


def earth(ejected: str = "yellow 3-1", furious: bool = True, hand=(HIT, MISS), top=("blue 5-5",)) -> Scenario:
    """P0 is Earth; the common attack; the next card drawn is TOP[0]."""
    sc = Scenario(rules=FURY, heroes=(C.HERO_EARTH, NO))
    sc.board(0, {2: ejected, 3: "blue 1-4"}).hand(0, list(hand)).top(list(top))
    return sc.furious(0) if furious else sc


def test_h_earth_draw_offered_when_a_play_ejects_a_card_before_the_hit_check():
    sc = earth()
    g = start(sc)
    ev = g.apply(f"play {HIT} right")
    assert kinds_of(ev) == [C.E_PLAY, C.E_EJECT]  # no E_ATTACK yet
    assert pending(g) == ("earth-draw", 0)
    assert legal_texts(g) == {"pass", "yes"}
    ev = g.apply("yes")
    blue = sc.card("blue 5-5")
    assert ev[0] == (C.E_TECHNIQUE, 0, C.HERO_EARTH, blue, 0, 0)
    assert kinds_of(ev).index(C.E_TECHNIQUE) < kinds_of(ev).index(C.E_ATTACK)
    assert g.health(1) == 7  # the hit follows


def test_h_earth_drawn_card_is_set_aside_until_the_turn_ends():
    # yellow 3-1 | red 1-4; blue 4-1 right makes a pair (4/4) and misses (4 + 4 = 8)
    sc = earth(hand=("blue 4-1", MISS), top=("blue 5-5", "green 5-5"))
    sc.board(0, {2: "yellow 3-1", 3: "red 1-4"})
    g = start(sc)
    g.apply("play blue 4-1 right")
    g.apply("yes")
    assert pending(g) == ("extra", 0)
    assert cards_of(g, 0, "aside") == ["blue 5-5"]
    assert cards_of(g, 0) == [MISS]  # not in hand during the turn
    ev = g.apply("draw")  # the extra action draws 1; the turn ends
    assert [e[2] for e in events_of(ev, C.E_DRAW)] == [sc.card("green 5-5")]
    assert cards_of(g, 0, "aside") == []
    assert cards_of(g, 0) == [MISS, "green 5-5", "blue 5-5"]
    assert pending(g) == ("turn", 1)


def test_h_earth_may_be_passed():
    g = start(earth())
    g.apply(f"play {HIT} right")
    g.apply("pass")
    assert cards_of(g, 0, "aside") == [] and cards_of(g, 0) == [MISS]
    assert pile_of(g, "draw")[-1] == "blue 5-5"


def test_h_earth_offered_on_each_play_of_the_turn():
    sc = earth(hand=("blue 4-1", "yellow 3-3"), top=("blue 5-5", "green 5-5"))
    sc.board(0, {2: "yellow 3-1", 3: "red 1-4"})
    g = start(sc)
    g.apply("play blue 4-1 right")  # a pair (4/4)
    g.apply("yes")
    g.apply("play yellow 3-3 right")  # blue 4-1 | yellow 3-3: 1 + 3 = 4, ejects red 1-4 (power)
    assert pending(g) == ("earth-draw", 0)
    g.apply("yes")
    g.apply("pass")  # red 1-4's power
    assert pending(g) == ("turn", 1)
    assert sorted(cards_of(g, 0)) == ["blue 5-5", "green 5-5"]


def test_h_earth_draw_comes_after_the_tokens_stepped_on():
    # D-STEP-ORDER: the zone's damage token hurts before Earth's draw is offered
    g = start(earth().zone_tokens(0, 4, damage=1))
    ev = g.apply(f"play {HIT} right")
    assert damage_of(ev) == [(0, 1, C.SRC_TRAP)]
    assert pending(g) == ("earth-draw", 0)


def test_h_earth_not_offered_with_no_card_to_draw():
    sc = earth(top=()).no_draw_pile().hand(1, ["yellow 5-5"])
    sc.opts = Scenario(rules={**FURY, "reshuffle": "off"}).opts
    g = start(sc)
    g.apply(f"play {HIT} right")
    assert pending(g) == ("turn", 1)
    assert at(g, 0, C.P_ASIDE_N) == 0


def test_h_earth_only_while_furious():
    g = start(earth(furious=False))
    ev = g.apply(f"play {HIT} right")
    assert events_of(ev, C.E_ATTACK)
    assert pending(g) == ("turn", 1)


def test_h_earth_no_draw_for_a_counter():
    # p1 is Earth, furious, and counters: a counter is not a play (D-COUNTER)
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_EARTH)).furious(1)
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, [HIT])
    sc.board(1, COUNTER_BOARD).hand(1, ["red 1-3"])
    g = start(sc)
    g.apply(f"play {HIT} right")
    g.apply("counter red 1-3 left")
    assert pending(g) == ("turn", 1)
    assert at(g, 1, C.P_ASIDE_N) == 0


def test_h_earth_discard_down_to_4_choosing_among_the_set_aside_cards():
    # 4 in hand, 2 already set aside (hand-built), a third drawn: 3 + 3 = 6 at the turn end
    sc = earth(hand=(HIT, MISS, "yellow 5-5", "green 5-4"), top=("blue 5-5",))
    sc.aside(0, ["red 5-5", "yellow 5-3"])
    g = start(sc)
    g.apply(f"play {HIT} right")
    g.apply("yes")
    assert cards_of(g, 0, "aside") == ["red 5-5", "yellow 5-3", "blue 5-5"]
    assert pending(g) == ("earth-discard", 0)
    assert legal_texts(g) == {"discard red 5-5", "discard yellow 5-3", "discard blue 5-5"}
    ev = g.apply("discard yellow 5-3")
    assert events_of(ev, C.E_DISCARD) == [(C.E_DISCARD, 0, sc.card("yellow 5-3"), 1, 0, 0)]
    assert pending(g) == ("earth-discard", 0)
    assert legal_texts(g) == {"discard red 5-5", "discard blue 5-5"}
    g.apply("discard red 5-5")
    assert cards_of(g, 0) == [MISS, "yellow 5-5", "green 5-4", "blue 5-5"]
    assert cards_of(g, 0, "aside") == []
    assert pile_of(g)[-2:] == ["yellow 5-3", "red 5-5"]
    assert pending(g) == ("turn", 1)


def test_h_earth_set_aside_cards_join_without_discard_up_to_4():
    sc = earth(hand=(HIT, MISS, "yellow 5-5"), top=("blue 5-5",))
    g = start(sc)
    g.apply(f"play {HIT} right")
    g.apply("yes")
    assert pending(g) == ("turn", 1)  # 2 + 1 = 3: no discard
    assert cards_of(g, 0) == [MISS, "yellow 5-5", "blue 5-5"]


def test_h_earth_set_aside_cards_join_when_a_counter_ends_the_turn():
    sc = earth(hand=(HIT,)).board(1, COUNTER_BOARD).hand(1, ["red 1-3"])
    g = start(sc)
    g.apply(f"play {HIT} right")
    g.apply("yes")
    g.apply("counter red 1-3 left")
    assert pending(g) == ("turn", 1)
    assert cards_of(g, 0) == ["blue 5-5"] and cards_of(g, 0, "aside") == []


# ================================================================ D-EARTH


@pytest.mark.parametrize("where", ["aside", "hand"])
def test_d_earth_set_aside_cards_cannot_counter(where):
    # p0: yellow 3-1 | blue 3-1 (a dragon); green 5-4 right hits (1 + 5 = 6). The dragon
    # green 1-2 is set aside by Earth, or held in hand: only a hand card counters back.
    hand = ("green 5-4", "green 1-2") if where == "hand" else ("green 5-4",)
    top = ("yellow 5-5",) if where == "hand" else ("green 1-2",)
    sc = earth(hand=hand, top=top).board(0, {2: "yellow 3-1", 3: "blue 3-1"})
    sc.board(1, COUNTER_BOARD).hand(1, ["red 1-3"])
    g = start(sc)
    g.apply("play green 5-4 right")
    g.apply("yes")
    ev = g.apply("counter red 1-3 left")
    if where == "aside":
        assert events_of(ev, C.E_CANCEL)
        assert pending(g) == ("turn", 1)
        assert cards_of(g, 0) == ["green 1-2"]  # joined the hand at the turn end
    else:
        assert pending(g) == ("counter-back", 0)
        assert legal_texts(g) == {"pass", "counter green 1-2 left"}


def test_d_earth_set_aside_cards_do_not_count_for_the_draw_limits():
    # 4 in hand; a pair play leaves 3 and Earth sets 1 aside: the extra action may draw
    sc = earth(hand=("blue 4-1", MISS, "yellow 5-5", "green 5-4"), top=("blue 5-5", "yellow 5-3"))
    sc.board(0, {2: "yellow 3-1", 3: "red 1-4"})
    g = start(sc)
    g.apply("play blue 4-1 right")  # red 1-4 | blue 4-1: a pair
    g.apply("yes")
    assert pending(g) == ("extra", 0)
    assert "draw" in legal_texts(g)  # 3 in hand, whatever is set aside
    ev = g.apply("draw")
    assert [e[2] for e in events_of(ev, C.E_DRAW)] == [sc.card("yellow 5-3")]
    # 4 in hand and 1 set aside at the turn end: the set-aside card is the one to go
    assert pending(g) == ("earth-discard", 0)
    assert legal_texts(g) == {"discard blue 5-5"}
    g.apply("discard blue 5-5")
    assert cards_of(g, 0) == [MISS, "yellow 5-5", "green 5-4", "yellow 5-3"]


def test_d_earth_set_aside_cards_do_not_count_for_e_draw():
    # E-DRAW: "not a player holding 4"; 3 in hand and 1 set aside may still draw
    sc = earth(ejected="red 2-2", hand=(HIT, MISS, "yellow 5-5", "green 5-4"), top=("blue 5-5", "red 5-5"))
    g = start(sc)
    g.apply(f"play {HIT} right")  # ejects red 2-2 (draw)
    g.apply("yes")
    assert pending(g) == ("effect", 0)
    assert "draw p0" in legal_texts(g)


def test_d_earth_number_of_set_aside_cards_is_public_the_cards_are_not():
    sc = earth().aside(0, ["red 5-5"])  # a card Earth set aside this turn
    g = start(sc)
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    observe(g.state, 1, obs)  # what the opponent sees
    assert obs[C.P_BASE + C.P_ASIDE_N] == 1
    assert obs[C.P_BASE + C.P_ASIDE] == C.HIDDEN
    observe(g.state, 0, obs)  # what Earth sees
    assert obs[C.P_BASE + C.P_ASIDE] == sc.card("red 5-5")


# ================================================================ H-ILLUSION


def illusion(board=None, furious: bool = False, blocked=(), rules=None, heroes=None) -> Scenario:
    """P0 is Illusion with red 3-3 | red 4-4 on zones 2-3 (furious from the check on)."""
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=heroes or (C.HERO_ILLUSION, NO))
    sc.board(0, board or {2: "red 3-3", 3: "red 4-4"}, blocked=list(blocked)).hand(0, ["blue 1-1"])
    return sc.furious(0) if furious else sc


def test_h_illusion_offered_at_the_start_of_the_turn_before_acting():
    g = start(illusion(), turn_start=True)
    assert pending(g) == ("illusion", 0)
    assert legal_texts(g) == {"pass"} | {f"illusion to {z}" for z in range(5)}
    assert not {C.E_PLAY, C.E_DRAW} & set(kinds_of(g.events))


@pytest.mark.parametrize("left", [0, 1, 3, 4])
def test_h_illusion_moves_both_cards_together_order_kept(left):
    g = start(illusion(), turn_start=True)
    ev = g.apply(f"illusion to {left}")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 0, C.HERO_ILLUSION, left, 2, 0)]
    assert board_of(g, 0) == {left: "red 3-3", left + 1: "red 4-4"}
    assert pending(g) == ("turn", 0)


def test_h_illusion_may_be_passed():
    g = start(illusion(), turn_start=True)
    g.apply("pass")
    assert board_of(g, 0) == {2: "red 3-3", 3: "red 4-4"}
    assert pending(g) == ("turn", 0)


def test_h_illusion_only_while_furious():
    g = start(illusion(board={2: "red 3-3", 3: "blue 4-4"}, furious=True), turn_start=True)
    assert at(g, 0, C.P_FURY) == 0
    assert pending(g) == ("turn", 0)


def test_h_illusion_blocked_cards_come_back_to_attack_state_tokens_on_them_move():
    sc = illusion(blocked=[2, 3]).tokens_on_card(0, 2, damage=1, plus=1).tokens_on_card(0, 3, minus=2)
    g = start(sc, turn_start=True)
    g.apply("illusion to 0")
    assert board_of(g, 0) == {0: "red 3-3", 1: "red 4-4"}
    assert zones_with(g, 0, C.P_ZBLOCK) == {}
    assert (zones_with(g, 0, C.P_CDMG), zones_with(g, 0, C.P_CPP), zones_with(g, 0, C.P_CPM)) == (
        {0: 1},
        {0: 1},
        {1: 2},
    )


@pytest.mark.parametrize("left", [1, 3])
def test_h_illusion_one_zone_over_keeps_each_cards_tokens_and_unblocks(left):
    sc = illusion(blocked=[3]).tokens_on_card(0, 2, damage=2).tokens_on_card(0, 3, damage=1, plus=1)
    g = start(sc, turn_start=True)
    g.apply(f"illusion to {left}")
    assert board_of(g, 0) == {left: "red 3-3", left + 1: "red 4-4"}
    assert zones_with(g, 0, C.P_CDMG) == {left: 2, left + 1: 1}
    assert zones_with(g, 0, C.P_CPP) == {left + 1: 1}
    assert zones_with(g, 0, C.P_ZBLOCK) == {}


def test_h_illusion_tokens_passed_over_are_not_touched():
    sc = illusion(board={0: "red 3-3", 1: "red 4-4"}, heroes=(C.HERO_ILLUSION, C.HERO_CROW))
    sc.zone_tokens(0, 2, damage=2).zone_tokens(0, 3, damage=1, crow=True)
    g = start(sc, turn_start=True)
    ev = g.apply("illusion to 4")
    assert board_of(g, 0) == {4: "red 3-3", 5: "red 4-4"}
    assert zones_with(g, 0, C.P_ZDMG) == {2: 2, 3: 1}
    assert zones_with(g, 0, C.P_ZCROW) == {3: 1}
    assert damage_of(ev) == [] and events_of(ev, C.E_STEP) == []


def test_h_illusion_tokens_where_the_cards_land_are_stepped_on():
    sc = illusion().zone_tokens(0, 0, damage=2).zone_tokens(0, 1, damage=1).zone_tokens(0, 5, damage=1)
    g = start(sc, turn_start=True)
    ev = g.apply("illusion to 0")
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 0, 0, 2, 0, 0), (C.E_STEP, 0, 1, 1, 0, 0)]
    assert damage_of(ev) == [(0, 2, C.SRC_TRAP), (0, 1, C.SRC_TRAP)]
    assert g.health(0) == 5
    assert zones_with(g, 0, C.P_ZDMG) == {5: 1}


def test_h_illusion_landing_overlapping_its_zones_steps_on_the_new_zone_only():
    sc = illusion().zone_tokens(0, 4, damage=1)
    g = start(sc, turn_start=True)
    ev = g.apply("illusion to 3")  # zones 2-3 to 3-4: only zone 4 is entered
    assert board_of(g, 0) == {3: "red 3-3", 4: "red 4-4"}
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 0, 4, 1, 0, 0)]
    assert g.health(0) == 7


def test_h_illusion_landing_on_a_crow_token_destroys_it_without_effect():
    sc = illusion(heroes=(C.HERO_ILLUSION, C.HERO_CROW)).zone_tokens(0, 1, crow=True)
    g = start(sc, turn_start=True)
    ev = g.apply("illusion to 0")
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 0, 1, 0, 1, 0)]
    assert zones_with(g, 0, C.P_ZCROW) == {}
    assert damage_of(ev) == [] and events_of(ev, C.E_CROW_CANCEL) == []
    assert int(g.state[C.RES_CANCELLED]) == 0


# ================================================================ D-ILLUSION


def test_d_illusion_landing_where_the_cards_stand_is_allowed_and_unblocks_them():
    sc = illusion(blocked=[2, 3]).zone_tokens(0, 1, damage=1)
    g = start(sc, turn_start=True)
    assert "illusion to 2" in legal_texts(g)
    ev = g.apply("illusion to 2")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 0, C.HERO_ILLUSION, 2, 2, 0)]
    assert board_of(g, 0) == {2: "red 3-3", 3: "red 4-4"}
    assert zones_with(g, 0, C.P_ZBLOCK) == {}
    assert g.health(0) == 8 and zones_with(g, 0, C.P_ZDMG) == {1: 1}


def test_d_illusion_stay_off_option_forbids_landing_in_place():
    g = start(illusion(rules={"illusion_stay": "off"}), turn_start=True)
    assert legal_texts(g) == {"pass", "illusion to 0", "illusion to 1", "illusion to 3", "illusion to 4"}


def test_d_illusion_unblocked_pair_gives_its_extra_action_again():
    # red 3-3 | red 4-4 blocked; after landing in place, blue 4-1 right makes a pair (4/4)
    sc = illusion(blocked=[2, 3]).hand(0, ["blue 4-1"])
    g = start(sc, turn_start=True)
    g.apply("illusion to 2")
    g.apply("play blue 4-1 right")
    assert pending(g) == ("extra", 0)


# ================================================================ H-MASTER


def master(ejected: str = "red 5-2", defender=None, furious: bool = True, blocked=(), rules=None, **kw):
    """P1 is Master of masters with blue 3-3 | blue 2-3 (defence 6) against the common attack."""
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=(NO, C.HERO_MASTER), **kw)
    sc.board(0, {2: ejected, 3: "blue 1-4"}).hand(0, [HIT, MISS])
    sc.board(1, defender or {2: "blue 3-3", 3: "blue 2-3"}, blocked=list(blocked))
    return sc.furious(1) if furious else sc


def test_h_master_furious_blocks_with_cards_of_any_colour_each_minus_1_up_to_2():
    sc = master("red 5-2")  # damage 3, red; p1 has no red card
    g = start(sc)
    g.apply(f"play {HIT} right")
    assert pending(g) == ("defend", 1)
    assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}
    ev = g.apply("block zone 2")
    blue = sc.card("blue 3-3")
    assert events_of(ev, C.E_BLOCK) == [(C.E_BLOCK, 1, blue, 2, 2, 0)]
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 1, C.HERO_MASTER, blue, 2, 0)]
    assert pending(g) == ("block-more", 1)
    g.apply("block zone 3")
    assert zones_with(g, 1, C.P_ZBLOCK) == {2: 1, 3: 1}
    assert g.health(1) == 7  # 3 - 2
    assert pending(g) == ("turn", 1)


def test_h_master_blocks_no_more_cards_than_the_damage():
    g = start(master("yellow 3-1"))  # damage 1
    g.apply(f"play {HIT} right")
    g.apply("block zone 3")
    assert g.health(1) == 8
    assert zones_with(g, 1, C.P_ZBLOCK) == {3: 1}
    assert pending(g) == ("turn", 1)


def test_h_master_same_colour_block_is_an_ordinary_block():
    sc = master("red 5-2", defender={2: "red 3-3", 3: "blue 2-3"})
    g = start(sc)
    g.apply(f"play {HIT} right")
    ev = g.apply("block zone 2")
    assert events_of(ev, C.E_TECHNIQUE) == []
    ev = g.apply("block zone 3")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 1, C.HERO_MASTER, sc.card("blue 2-3"), 3, 0)]


def test_h_master_only_while_furious():
    g = start(master("red 5-2", furious=False))
    ev = g.apply(f"play {HIT} right")
    assert damage_of(ev) == [(1, 3, C.SRC_HIT)]
    assert pending(g) == ("turn", 1)


@pytest.mark.parametrize("timing", TIMINGS)
def test_h_master_works_from_the_moment_fury_starts_during_the_opponents_turn(timing):
    # p1's blue pair is not furious yet; the first check makes it so, before p0 attacks
    sc = master("red 5-2", furious=False, rules={"fury_timing": timing})
    if timing == "turn-start":
        g = start(sc, turn_start=True)  # p0's turn start checks p1 too
        assert (C.E_FURY, 1, 1, 0, 0, 0) in g.events
    else:
        g = start(sc.to_act(1).top(["yellow 5-5", "green 5-5"]))
        ev = g.apply("draw")  # p1 ends its own turn: fury starts
        assert (C.E_FURY, 1, 1, 0, 0, 0) in ev
        assert pending(g) == ("turn", 0)
    g.apply(f"play {HIT} right")
    assert pending(g) == ("defend", 1)
    assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}


@pytest.mark.parametrize("option, can_block", [("on", True), ("off", False)])
def test_h_master_bow_option(option, can_block):
    sc = master("red 5-2", defender={2: C.BOW_BASE + 2, 3: C.BOW_BASE + 3}, rules={"master_bow": option})
    g = start(sc)
    ev = g.apply(f"play {HIT} right")
    if can_block:
        assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}
        g.apply("block zone 2")
        g.apply("block zone 3")
        assert g.health(1) == 7
    else:
        assert damage_of(ev) == [(1, 3, C.SRC_HIT)]
        assert pending(g) == ("turn", 1)


@pytest.mark.parametrize("ejected, dealt", [("red 5-2", 3), ("blue 5-2", 2 + 2)])
def test_h_master_card_blocked_with_keeps_its_own_colour_for_the_penalty(ejected, dealt):
    # p1's blue 3-3 was blocked by Master against a red attack: red hits pay no penalty,
    # blue hits do (D-PENALTY)
    g = start(master(ejected, blocked=[2]))
    g.apply(f"play {HIT} right")
    g.apply("pass")
    assert g.health(1) == 8 - dealt
