"""Masters' techniques meeting each other (and the options around them).

Each test builds a position with tests/support/scenario.py and plays it through the Game API;
rule ids are those of docs/rules.md. Each test is named after the rule of
the master whose technique is put to the test.
"""

from __future__ import annotations

import pytest
from support.scenario import Scenario, at, board_of, cards_of, events_of, legal_texts, start, zones_with

from emr_sim.games.emr import codes as C

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

FURY = {"fury": "on"}
HIT, MISS = "green 2-5", "green 1-3"  # beside blue 1-4: attack 4 + 2 = 6 (a hit) or 5


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def damage_of(events) -> list[tuple[int, int, int]]:
    """(player, amount, source) of each E_DAMAGE."""
    return [(e[1], e[2], e[3]) for e in events_of(events, C.E_DAMAGE)]


# ================================================================ Illusion and Crow


def test_h_illusion_landing_on_crow_tokens_destroys_them_and_the_play_is_not_cancelled():
    # p0 (Illusion) lands on the Crow's tokens on zones 0 and 1; the token on zone 4 stays
    sc = Scenario(rules=FURY, heroes=(C.HERO_ILLUSION, C.HERO_CROW))
    sc.board(0, {2: "red 2-3", 3: "red 3-3"}).hand(0, ["blue 1-1"])
    for z in (0, 1, 4):
        sc.zone_tokens(0, z, crow=True)
    g = start(sc, turn_start=True)
    assert pending(g) == ("illusion", 0)
    ev = g.apply("illusion to 0")
    assert board_of(g, 0) == {0: "red 2-3", 1: "red 3-3"}
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 0, 0, 0, 1, 0), (C.E_STEP, 0, 1, 0, 1, 0)]
    assert zones_with(g, 0, C.P_ZCROW) == {4: 1}
    assert events_of(ev, C.E_CROW_CANCEL) == [] and damage_of(ev) == []
    # the next play (red 3-3 | blue 1-1: 3 + 1 = 4, a miss) ejects red 2-3: its swap is not
    # cancelled by the tokens the Illusion destroyed
    ev = g.apply("play blue 1-1 right")
    assert events_of(ev, C.E_CROW_CANCEL) == []
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_SWAP


def test_h_crow_token_under_a_counter_card_is_destroyed_without_effect():
    # p0 (Crow) left a token on p1's zone 1; p1's counter card goes there (D-COUNTER)
    sc = Scenario(rules=FURY, heroes=(C.HERO_CROW, C.HERO_MASTER))
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, [HIT])
    sc.board(1, {2: "red 4-1", 3: "blue 2-2"}).hand(1, ["red 1-3"]).zone_tokens(1, 1, crow=True)
    g = start(sc)
    g.apply(f"play {HIT} right")
    ev = g.apply("counter red 1-3 left")
    assert events_of(ev, C.E_STEP) == [(C.E_STEP, 1, 1, 0, 1, 0)]
    assert zones_with(g, 1, C.P_ZCROW) == {}
    assert events_of(ev, C.E_CROW_CANCEL) == [] and events_of(ev, C.E_CANCEL)
    assert pending(g) == ("turn", 1)


# ================================================================ Bushido, Kung-fu and Master


def master_defends(attacker: int, ejected: str = "red 5-2") -> Scenario:
    """P0 (ATTACKER, furious) attacks p1, a furious Master of masters with blue 3-3 | blue 2-3."""
    sc = Scenario(rules=FURY, heroes=(attacker, C.HERO_MASTER)).furious(0).furious(1)
    sc.board(0, {2: ejected, 3: "blue 1-4"}).hand(0, [HIT, MISS])
    return sc.board(1, {2: "blue 3-3", 3: "blue 2-3"})


def test_h_bushido_token_against_a_furious_master_who_gets_no_block_chance():
    g = start(master_defends(C.HERO_BUSHIDO))
    g.apply(f"play {HIT} right")
    assert pending(g) == ("bushido", 0)
    ev = g.apply("bushido p1 2")
    assert events_of(ev, C.E_BLOCK) == [] and zones_with(g, 1, C.P_ZBLOCK) == {}
    assert zones_with(g, 1, C.P_CDMG) == {2: 1}
    assert g.health(1) == 8
    assert pending(g) == ("extra", 0)


def test_h_bushido_declined_the_furious_master_may_block_with_any_colour():
    g = start(master_defends(C.HERO_BUSHIDO))
    g.apply(f"play {HIT} right")
    g.apply("pass")
    assert pending(g) == ("defend", 1)
    assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}


def test_h_bushido_late_choice_after_a_furious_master_blocked():
    sc = master_defends(C.HERO_BUSHIDO)
    sc.opts = Scenario(rules={**FURY, "bushido_early": "off"}).opts
    g = start(sc)
    g.apply(f"play {HIT} right")
    g.apply("block zone 2")  # 3 - 1 = 2
    g.apply("pass")
    assert pending(g) == ("bushido", 0)
    g.apply("bushido p1 3")
    assert g.health(1) == 8
    assert zones_with(g, 1, C.P_ZBLOCK) == {2: 1} and zones_with(g, 1, C.P_CDMG) == {3: 1}


def test_h_kungfu_hit_blocked_by_a_furious_master():
    # red 5-2: 3 + 1 (Kung-fu) = 4; the Master blocks twice with blue cards: 2
    g = start(master_defends(C.HERO_KUNGFU))
    g.apply(f"play {HIT} right")
    g.apply("block zone 2")
    ev = g.apply("block zone 3")
    assert damage_of(ev) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6


# ================================================================ Earth and Poison


def earth_poisoned(hand, aside=(), rules=None) -> Scenario:
    """P0 is Earth (furious) and holds the marker of p1, a furious Poison master."""
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=(C.HERO_EARTH, C.HERO_POISON))
    sc.furious(0).furious(1).poisoned(0)
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, list(hand)).aside(0, list(aside))
    return sc.board(1, {2: "red 3-3", 3: "red 4-4"}).top(["blue 5-5", "green 5-5"])


@pytest.mark.parametrize("draw, hurt", [("yes", 1), ("pass", 0)])
def test_h_earth_set_aside_cards_join_the_hand_before_the_poison_check(draw, hurt):
    # 4 in hand; the play leaves 3; the set-aside card makes 4 at the turn end
    g = start(earth_poisoned([MISS, "yellow 5-5", "green 5-4", "red 5-4"]))
    g.apply(f"play {MISS} right")  # 4 + 1 = 5: a miss
    ev = g.apply(draw)
    assert len(cards_of(g, 0)) == 3 + hurt
    assert damage_of(ev) == [(0, 1, C.SRC_POISON)] * hurt
    assert pending(g) == ("turn", 1)


def test_h_poison_checked_once_earth_discarded_down_to_4():
    # 3 in hand after the play, 1 set aside before and 1 drawn: 5, one set-aside card goes
    g = start(earth_poisoned([MISS, "yellow 5-5", "green 5-4", "red 5-4"], aside=["yellow 5-3"]))
    g.apply(f"play {MISS} right")
    g.apply("yes")
    assert pending(g) == ("earth-discard", 0)
    assert g.health(0) == 8  # D-POISON: after the hand limit
    ev = g.apply("discard yellow 5-3")
    assert damage_of(ev) == [(0, 1, C.SRC_POISON)]
    assert cards_of(g, 0) == ["yellow 5-5", "green 5-4", "red 5-4", "blue 5-5"]


def test_d_poison_option_before_the_limit_comes_before_earths_discards():
    sc = earth_poisoned([MISS, "yellow 5-5", "green 5-4", "red 5-4"], aside=["yellow 5-3"])
    sc.opts = Scenario(rules={**FURY, "poison_after_limit": "off"}).opts
    g = start(sc)
    g.apply(f"play {MISS} right")
    g.apply("yes")  # the set-aside cards join: 5 cards before the hand limit
    assert g.health(0) == 7
    assert pending(g) == ("earth-discard", 0)


# ================================================================ Wind and the copy card


def wind_copy(reveal: bool) -> Scenario:
    """P0 (Wind, red 4-5 copy | red 4-4) may reveal green 3-4 (copy); p1 shows yellow 1-3
    (copy) | blue 2-2 (trap-zone), defence 1 + 2 = 3. Copying a copy is allowed (D-COPY)."""
    sc = Scenario(rules={**FURY, "copy_copy": "on"}, heroes=(C.HERO_WIND, C.NO_HERO))
    sc.board(0, {2: "red 4-5", 3: "red 4-4"}).hand(0, ["blue 1-1"]).top(["green 3-4"])
    return sc.board(1, {2: "yellow 1-3", 3: "blue 2-2"})


def play_ejecting_the_copy(g) -> set[str]:
    g.apply("play blue 1-1 right")  # red 4-4 | blue 1-1: 4 + 1 = 5, a miss; ejects red 4-5
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_COPY
    return legal_texts(g)


def test_h_wind_without_a_reveal_the_copy_may_copy_the_copy_card():
    g = start(wind_copy(False), turn_start=True)
    g.apply("pass")
    assert play_ejecting_the_copy(g) == {"pass", "copy p1 2", "copy p1 3"}


def test_h_wind_revealed_copy_leaves_no_trace_on_the_turns_play():
    g = start(wind_copy(True), turn_start=True)
    g.apply("yes")  # green 3-4 (copy) revealed
    g.apply("copy p1 3")  # copies blue 2-2's trap-zone
    g.apply("trap-zone p1 0")
    assert zones_with(g, 1, C.P_ZDMG) == {0: 1}
    assert pending(g) == ("turn", 0)
    assert play_ejecting_the_copy(g) == {"pass", "copy p1 2", "copy p1 3"}


# ================================================================ Crow and Wind


def test_h_wind_revealed_slide_across_crow_tokens_destroys_them():
    # p1 (Crow) left a token on p0's zone 4; p0 (Wind) reveals red 3-5 (slide) and slides
    # its own pair from zones 2-3 to 4-5, across the token
    sc = Scenario(rules=FURY, heroes=(C.HERO_WIND, C.HERO_CROW))
    sc.board(0, {2: "red 3-3", 3: "red 4-4"}).top(["red 3-5"]).zone_tokens(0, 4, crow=True)
    g = start(sc, turn_start=True)
    g.apply("yes")
    ev = g.apply("slide p0 to 4")
    assert board_of(g, 0) == {4: "red 3-3", 5: "red 4-4"}
    assert zones_with(g, 0, C.P_ZCROW) == {}
    assert damage_of(ev) == [] and events_of(ev, C.E_CROW_CANCEL) == []
    assert at(g, 0, C.P_FURY) == 1
    assert pending(g) == ("turn", 0)
