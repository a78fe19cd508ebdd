"""The start-of-turn masters Crow and Wind: H-CROW with D-CROW, H-WIND with D-WIND.

Each test builds a position with tests/support/scenario.py and plays it through the Game API;
rule ids are those of docs/rules.md. Scenario.game(turn_start=True) runs the
turn start: the fury check (F-STATE), then the start-of-turn technique decision.

Unless a test says otherwise player 1 keeps the setup board (bow 3-3 on zones 2 and 3,
defence 6) and has no master.
"""

from __future__ import annotations

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

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

NO = C.NO_HERO
FURY = {"fury": "on"}
RED_PAIR = {2: "red 3-3", 3: "red 4-4"}  # a same-colour pair without effects


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def kinds_of(events) -> list[int]:
    return [e[0] for e in events]


# ================================================================ H-CROW


def crow_scenario(furious: bool = False, board=None, rules=None) -> Scenario:
    """P0 is Crow with a red pair (furious from the turn-start check on)."""
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=(C.HERO_CROW, NO))
    sc.board(0, board or RED_PAIR).hand(0, ["blue 4-1", "green 1-3"])
    return sc.furious(0) if furious else sc


def test_h_crow_offered_at_the_start_of_the_turn_before_acting():
    g = start(crow_scenario(), turn_start=True)
    # fury starts at the turn-start check, and the technique comes before the action
    assert [(e[1], e[2]) for e in events_of(g.events, C.E_FURY)] == [(0, 1)]
    assert pending(g) == ("crow", 0)
    assert legal_texts(g) == {"pass", "crow p1 0", "crow p1 1", "crow p1 4", "crow p1 5"}
    assert not {C.E_PLAY, C.E_DRAW} & set(kinds_of(g.events))
    ev = g.apply("crow p1 4")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 0, C.HERO_CROW, 4, 0, 0)]
    assert zones_with(g, 1, C.P_ZCROW) == {4: 1}
    assert zones_with(g, 0, C.P_ZCROW) == {}
    assert pending(g) == ("turn", 0)


def test_h_crow_may_be_passed():
    g = start(crow_scenario(), turn_start=True)
    g.apply("pass")
    assert zones_with(g, 1, C.P_ZCROW) == {}
    assert pending(g) == ("turn", 0)


def test_h_crow_only_while_furious():
    g = start(crow_scenario(furious=True, board={2: "red 3-3", 3: "blue 4-4"}), turn_start=True)
    assert [(e[1], e[2]) for e in events_of(g.events, C.E_FURY)] == [(0, 0)]
    assert pending(g) == ("turn", 0)


def test_h_crow_once_at_the_start_of_the_turn_not_before_an_extra_action():
    g = start(crow_scenario(), turn_start=True)
    g.apply("crow p1 0")
    g.apply("play blue 4-1 right")  # red 4-4 | blue 4-1: a pair (4/4), attack 8 misses
    assert pending(g) == ("extra", 0)
    assert zones_with(g, 1, C.P_ZCROW) == {0: 1}


def test_d_crow_tokens_go_on_empty_zones_of_the_opponents_board_one_per_zone():
    sc = crow_scenario().board(1, {1: "blue 3-3", 2: "green 3-3"}).zone_tokens(1, 4, crow=True)
    sc.zone_tokens(1, 5, damage=2)  # a damage token does not take the place
    g = start(sc, turn_start=True)
    assert legal_texts(g) == {"pass", "crow p1 0", "crow p1 3", "crow p1 5"}  # never on p0's board
    g.apply("crow p1 5")
    assert zones_with(g, 1, C.P_ZCROW) == {4: 1, 5: 1}
    assert zones_with(g, 1, C.P_ZDMG) == {5: 2}


def test_h_crow_at_most_three_on_the_board_a_fourth_is_not_placed():
    sc = crow_scenario().zone_tokens(1, 0, crow=True).zone_tokens(1, 4, crow=True)
    g = start(sc, turn_start=True)
    assert pending(g) == ("crow", 0)  # two: a third may go
    g.apply("crow p1 5")
    assert zones_with(g, 1, C.P_ZCROW) == {0: 1, 4: 1, 5: 1}
    sc.zone_tokens(1, 5, crow=True)
    g = start(sc, turn_start=True)  # three already: no fourth, not even offered
    assert pending(g) == ("turn", 0)
    assert zones_with(g, 1, C.P_ZCROW) == {0: 1, 4: 1, 5: 1}


# P0 plays blue 1-1 left (zone 1) beside red 5-5, ejecting red 3-4 (trap-card, damage 2)
# from zone 3: attack 1 + 5 = 6 hits the bows. P1 is Crow.
def step_on_scenario(crow_zones=(1,), crow_furious: bool = False) -> Scenario:
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_CROW))
    sc.board(0, {2: "red 5-5", 3: "red 3-4"}).hand(0, ["blue 1-1"])
    for z in crow_zones:
        sc.zone_tokens(0, z, crow=True)
    return sc.furious(1) if crow_furious else sc


@pytest.mark.parametrize("crow_furious", [False, True])
def test_h_crow_opponent_playing_onto_one_cancels_the_ejected_cards_effect_and_the_token_goes(crow_furious):
    sc = step_on_scenario(crow_zones=(1, 4), crow_furious=crow_furious)
    g = start(sc)
    ev = g.apply("play blue 1-1 left")
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 0, 1, 0, 1, 0)]
    assert events_of(ev, C.E_CROW_CANCEL) == [(C.E_CROW_CANCEL, 0, sc.card("red 3-4"), 1, 0, 0)]
    assert g.health(1) == 6  # the hit itself is not cancelled
    assert events_of(ev, C.E_EFFECT) == [] and events_of(ev, C.E_NO_EFFECT) == []
    assert zones_with(g, 0, C.P_ZCROW) == {4: 1}  # this token went; the other stays
    assert g.health(0) == 8  # a crow token deals no damage
    assert pending(g) == ("turn", 1)


def test_h_crow_without_a_token_the_ejected_cards_effect_applies():
    g = start(step_on_scenario(crow_zones=(4,)))
    g.apply("play blue 1-1 left")
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_CARD


def test_h_crow_tokens_stay_after_fury_ends():
    # p0 is Crow, furious with a broken pair: fury ends at the check, the token stays
    sc = Scenario(rules=FURY, heroes=(C.HERO_CROW, NO)).furious(0)
    sc.board(0, {2: "yellow 3-3", 3: "blue 4-4"}).zone_tokens(1, 1, crow=True)
    sc.board(1, {2: "red 3-3", 3: "red 2-3"}).hand(1, ["blue 1-1"])
    g = start(sc, turn_start=True)
    assert at(g, 0, C.P_FURY) == 0
    assert pending(g) == ("turn", 0)  # no crow decision: not furious
    assert zones_with(g, 1, C.P_ZCROW) == {1: 1}
    g.apply("draw")
    assert zones_with(g, 1, C.P_ZCROW) == {1: 1}
    ev = g.apply("play blue 1-1 left")  # p1 plays onto it, ejecting red 2-3 (swap)
    assert events_of(ev, C.E_CROW_CANCEL) == [(C.E_CROW_CANCEL, 1, sc.card("red 2-3"), 1, 0, 0)]
    assert zones_with(g, 1, C.P_ZCROW) == {}
    assert board_of(g, 1) == {1: "blue 1-1", 2: "red 3-3"}
    assert pending(g) == ("turn", 0)


def test_h_crow_does_not_cancel_a_furious_opponents_choice_of_the_played_cards_effect():
    # p0 furious plays blue 5-1 (power) onto the token instead of blue 1-1
    sc = step_on_scenario().furious(0).hand(0, ["blue 5-1"])
    g = start(sc)
    ev = g.apply("play blue 5-1 left")
    assert events_of(ev, C.E_CROW_CANCEL)
    assert zones_with(g, 0, C.P_ZCROW) == {}
    assert pending(g) == ("fury-choose", 0)
    g.apply("yes")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_POWER
    g.apply("power p1 2")
    assert zones_with(g, 1, C.P_CPM) == {2: 1}
    assert zones_with(g, 1, C.P_CDMG) == {}  # the cancelled trap-card did nothing
    assert pending(g) == ("turn", 1)


def test_h_crow_playing_beside_a_token_leaves_it():
    g = start(step_on_scenario(crow_zones=(0, 4)))
    g.apply("play blue 1-1 left")
    assert zones_with(g, 0, C.P_ZCROW) == {0: 1, 4: 1}
    assert pending(g) == ("effect", 0)


def test_h_crow_slide_across_destroys_it_without_effect():
    # p0 ejects red 3-5 (slide) and slides its own pair from zones 1-2 to 3-4
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_CROW))
    sc.board(0, {2: "red 3-3", 3: "red 3-5"}).hand(0, ["blue 1-1"])
    sc.zone_tokens(0, 4, crow=True).zone_tokens(0, 5, crow=True)
    g = start(sc)
    g.apply("play blue 1-1 left")
    ev = g.apply("slide p0 to 3")
    assert board_of(g, 0) == {3: "blue 1-1", 4: "red 3-3"}
    assert zones_with(g, 0, C.P_ZCROW) == {5: 1}  # zone 4 was entered, zone 5 was not
    assert events_of(ev, C.E_CROW_CANCEL) == [] and events_of(ev, C.E_DAMAGE) == []
    assert g.health(0) == 8
    assert pending(g) == ("turn", 1)


def test_h_crow_slide_by_the_crow_across_the_opponents_tokens_destroys_them():
    # the Crow (p1) slides p0's board over its own tokens: they go as well
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_CROW)).to_act(1)
    sc.board(1, {2: "red 3-3", 3: "red 3-5"}).hand(1, ["blue 1-1"])
    sc.board(0, {0: "green 3-3", 1: "yellow 3-3"}).zone_tokens(0, 2, crow=True).zone_tokens(0, 3, crow=True)
    g = start(sc)
    g.apply("play blue 1-1 left")
    g.apply("slide p0 to 2")
    assert board_of(g, 0) == {2: "green 3-3", 3: "yellow 3-3"}
    assert zones_with(g, 0, C.P_ZCROW) == {}
    assert g.health(0) == 8


def test_h_crow_e_remove_cannot_remove_it():
    # p0 ejects red 4-2 (remove); its board holds a crow token and a damage token
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_CROW))
    sc.board(0, {2: "red 3-3", 3: "red 4-2"}).hand(0, ["blue 1-1"])
    sc.zone_tokens(0, 4, crow=True).zone_tokens(0, 5, damage=1)
    g = start(sc)
    g.apply("play blue 1-1 left")
    assert legal_texts(g) == {"pass", "remove p0 zone-damage 5"}
    g.apply("remove p0 zone-damage 5")
    assert zones_with(g, 0, C.P_ZCROW) == {4: 1}
    assert zones_with(g, 0, C.P_ZDMG) == {}


def test_h_crow_e_remove_with_only_crow_tokens_has_no_target():
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_CROW))
    sc.board(0, {2: "red 3-3", 3: "red 4-2"}).hand(0, ["blue 1-1"]).zone_tokens(0, 4, crow=True)
    g = start(sc)
    ev = g.apply("play blue 1-1 left")
    assert events_of(ev, C.E_NO_EFFECT) == [(C.E_NO_EFFECT, 0, sc.card("red 4-2"), C.EFFECT_REMOVE, 0, 0)]
    assert zones_with(g, 0, C.P_ZCROW) == {4: 1}
    assert pending(g) == ("turn", 1)


# ================================================================ H-WIND


def wind_scenario(top=(), furious: bool = False, board=None, rules=None) -> Scenario:
    """P0 is Wind with a red pair (furious from the turn-start check on)."""
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=(C.HERO_WIND, NO))
    sc.board(0, board or RED_PAIR).hand(0, ["blue 5-5", "green 1-3"]).top(list(top))
    return sc.furious(0) if furious else sc


def test_h_wind_offered_at_the_start_of_the_turn_before_acting():
    g = start(wind_scenario(top=["blue 2-2"]), turn_start=True)
    assert pending(g) == ("wind", 0)
    assert legal_texts(g) == {"pass", "yes"}
    assert not {C.E_PLAY, C.E_DRAW} & set(kinds_of(g.events))


def test_h_wind_reveals_the_top_card_applies_its_effect_and_discards_it():
    sc = wind_scenario(top=["blue 2-2"])  # trap-zone
    g = start(sc, turn_start=True)
    n_draw = int(g.state[C.DRAW_N])
    ev = g.apply("yes")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 0, C.HERO_WIND, sc.card("blue 2-2"), 0, 0)]
    assert int(g.state[C.DRAW_N]) == n_draw - 1
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    g.apply("trap-zone p1 0")
    assert zones_with(g, 1, C.P_ZDMG) == {0: 1}
    assert pile_of(g) == ["blue 2-2"]
    assert cards_of(g, 0) == ["blue 5-5", "green 1-3"]  # revealed, not drawn
    assert pending(g) == ("turn", 0)  # then the turn's action


def test_h_wind_revealed_effect_may_be_declined_and_the_card_is_discarded():
    g = start(wind_scenario(top=["blue 2-2"]), turn_start=True)
    g.apply("yes")
    ev = g.apply("pass")
    assert events_of(ev, C.E_DECLINE)
    assert zones_with(g, 1, C.P_ZDMG) == {}
    assert pile_of(g) == ["blue 2-2"]
    assert pending(g) == ("turn", 0)


def test_h_wind_card_without_effect_is_just_discarded():
    g = start(wind_scenario(top=["yellow 3-3"]), turn_start=True)
    ev = g.apply("yes")
    assert events_of(ev, C.E_DAMAGE) == [] and events_of(ev, C.E_EFFECT) == []
    assert pile_of(g) == ["yellow 3-3"]
    assert pending(g) == ("turn", 0)


def test_h_wind_dragon_gives_no_effect_and_1_damage():
    sc = wind_scenario(top=["red 4-1"])  # a dragon
    g = start(sc, turn_start=True)
    ev = g.apply("yes")
    assert [(e[1], e[2], e[3], e[4]) for e in events_of(ev, C.E_DAMAGE)] == [
        (0, 1, C.SRC_WIND, sc.card("red 4-1"))
    ]
    assert g.health(0) == 7
    assert events_of(ev, C.E_EFFECT) == [] and events_of(ev, C.E_NO_EFFECT) == []
    assert pile_of(g) == ["red 4-1"]
    assert pending(g) == ("turn", 0)


def test_h_wind_may_be_passed():
    g = start(wind_scenario(top=["blue 2-2"]), turn_start=True)
    g.apply("pass")
    assert pile_of(g, "draw")[-1] == "blue 2-2"
    assert pile_of(g) == []
    assert pending(g) == ("turn", 0)


def test_h_wind_only_while_furious():
    g = start(wind_scenario(top=["blue 2-2"], furious=True, board={2: "red 3-3", 3: "blue 4-4"}), True)
    assert at(g, 0, C.P_FURY) == 0
    assert pending(g) == ("turn", 0)


def test_h_wind_once_at_the_start_of_the_turn():
    # red 4-4 | blue 4-1: a pair; the extra action is not preceded by another reveal
    sc = wind_scenario(top=["yellow 3-3"]).hand(0, ["blue 4-1"])
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("play blue 4-1 right")
    assert pending(g) == ("extra", 0)


# ================================================================ D-WIND

# P0's red 2-3 | red 1-2 (inner 3, 1) becomes a pair (2/2) when the revealed swap swaps it.
SWAP_TO_PAIR = {2: "red 2-3", 3: "red 1-2"}


def test_d_wind_no_extra_action_from_a_revealed_swap():
    sc = wind_scenario(top=["yellow 5-1"], board=SWAP_TO_PAIR)
    g = start(sc, turn_start=True)
    g.apply("yes")
    ev = g.apply("swap p0")
    assert board_of(g, 0) == {2: "red 1-2", 3: "red 2-3"}  # inner 2/2 now
    assert events_of(ev, C.E_EXTRA) == []
    assert pending(g) == ("turn", 0)
    ev = g.apply("play blue 5-5 right")  # red 2-3 | blue 5-5: 3 + 5 = 8 misses, no pair
    assert events_of(ev, C.E_EXTRA) == []
    assert pending(g) == ("turn", 1)


def test_d_wind_extra_option_gives_one_extra_action_for_a_revealed_swap_pair():
    sc = wind_scenario(top=["yellow 5-1"], board=SWAP_TO_PAIR, rules={"wind_extra": "on"})
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("swap p0")
    assert pending(g) == ("turn", 0)
    g.apply("play blue 5-5 right")
    assert pending(g) == ("extra", 0)
    g.apply("draw")
    assert cards_of(g, 0)[:1] == ["green 1-3"] and len(cards_of(g, 0)) == 2
    assert pending(g) == ("turn", 1)


def test_d_wind_extra_option_no_extra_action_after_the_turns_draw():
    sc = wind_scenario(top=["yellow 5-1"], board=SWAP_TO_PAIR, rules={"wind_extra": "on"})
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("swap p0")
    ev = g.apply("draw")
    assert pending(g) == ("turn", 1)
    assert events_of(ev, C.E_EXTRA) == []


def test_d_wind_extra_option_logs_the_extra_action_it_gives():
    sc = wind_scenario(top=["yellow 5-1"], board=SWAP_TO_PAIR, rules={"wind_extra": "on"})
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("swap p0")
    ev = g.apply("play blue 5-5 right")
    assert pending(g) == ("extra", 0)
    assert [e[:3] for e in events_of(ev, C.E_EXTRA)] == [(C.E_EXTRA, 0, 1)]


def test_d_wind_extra_option_revealed_swap_that_makes_no_pair_gives_none():
    sc = wind_scenario(top=["yellow 5-1"], rules={"wind_extra": "on"})  # red 3-3 | red 4-4
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("swap p0")  # red 4-4 | red 3-3: inner 4/3
    g.apply("play blue 5-5 right")  # red 3-3 | blue 5-5: 3 + 5 = 8, no pair
    assert pending(g) == ("turn", 1)


def test_d_wind_extra_option_swap_of_the_opponents_board_makes_no_pair_of_yours():
    # p0's red 1-2 | red 2-3 already has equal inner numbers before the reveal; swapping
    # p1's board does not "make" p0's inner numbers equal (E-SWAP), so no extra action.
    sc = wind_scenario(top=["yellow 5-1"], board={2: "red 1-2", 3: "red 2-3"}, rules={"wind_extra": "on"})
    g = start(sc, turn_start=True)
    g.apply("yes")
    g.apply("swap p1")
    g.apply("play blue 5-5 right")  # red 2-3 | blue 5-5: 3 + 5 = 8, no pair
    assert pending(g) == ("turn", 1)


def test_d_wind_empty_draw_pile_is_refilled_from_the_discard_pile():
    sc = wind_scenario().no_draw_pile()
    g = start(sc, turn_start=True)
    n_disc = int(g.state[C.DISC_N])
    assert int(g.state[C.DRAW_N]) == 0 and n_disc > 0
    assert pending(g) == ("wind", 0)
    ev = g.apply("yes")
    assert kinds_of(ev)[:2] == [C.E_RESHUFFLE, C.E_TECHNIQUE]
    assert events_of(ev, C.E_RESHUFFLE) == [(C.E_RESHUFFLE, -1, n_disc, 0, 0, 0)]
    revealed = events_of(ev, C.E_TECHNIQUE)[0][3]
    if g.phase == "effect":
        g.apply("pass")
    assert int(g.state[C.DRAW_N]) == n_disc - 1
    assert [int(c) for c in g.state[C.DISC : C.DISC + int(g.state[C.DISC_N])]] == [revealed]
    assert pending(g) == ("turn", 0)


def test_d_wind_not_offered_with_no_card_to_reveal():
    sc = wind_scenario(rules={"reshuffle": "off"}).no_draw_pile()
    g = start(sc, turn_start=True)
    assert pending(g) == ("turn", 0)
