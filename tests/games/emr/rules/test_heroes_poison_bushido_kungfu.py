"""The masters Poison, Bushido and Kung-fu: H-POISON with D-POISON, H-BUSHIDO with
D-BUSHIDO, and H-KUNGFU.

Each test builds a position with tests/support/scenario.py and plays it through the Game API;
rule ids are those of docs/rules.md.

The common attack: player 0's pair is EJECTED on zone 2 and blue 1-4 on zone 3; playing
green 2-5 on the right ejects EJECTED with an attack of 4 + 2 = 6, a hit on a defence of 6
(the bows' 3 + 3 unless a test gives player 1 another board of outer numbers 3 + 3 or
4 + 2); green 1-3 gives 5, a miss.
"""

from __future__ import annotations

import pytest
from support.scenario import Scenario, at, board_of, cards_of, events_of, legal_texts, start, zones_with

from emr_sim.games.emr import codes as C

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

NO = C.NO_HERO
FURY = {"fury": "on"}
HIT, MISS = "green 2-5", "green 1-3"
TIMINGS = ["turn-start", "own-turn-end"]


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def damage_of(events) -> list[tuple[int, int, int]]:
    """(player, amount, source) of each E_DAMAGE."""
    return [(e[1], e[2], e[3]) for e in events_of(events, C.E_DAMAGE)]


def attack(ejected: str, heroes=(NO, NO), rules=None, defender=None, blocked=()) -> Scenario:
    sc = Scenario(rules={**FURY, **(rules or {})}, heroes=heroes)
    sc.board(0, {2: ejected, 3: "blue 1-4"}).hand(0, [HIT, MISS])
    if defender:
        sc.board(1, defender, blocked=list(blocked))
    return sc


# P1's red 4-1 (a dragon) | blue 2-2: defence 4 + 2 = 6; P1 can counter with red 1-3 left.
COUNTER_BOARD = {2: "red 4-1", 3: "blue 2-2"}


# ================================================================ H-POISON


@pytest.mark.parametrize("timing", TIMINGS)
def test_h_poison_opponent_takes_the_marker_when_fury_starts(timing):
    sc = Scenario(rules={**FURY, "fury_timing": timing}, heroes=(C.HERO_POISON, NO))
    sc.board(0, {2: "red 3-3", 3: "red 4-4"})
    g = start(sc, turn_start=True)
    ev = g.events if timing == "turn-start" else g.apply("draw")  # own turn end
    fury_at = ev.index((C.E_FURY, 0, 1, 0, 0, 0))
    assert ev[fury_at + 1] == (C.E_POISON, 1, 1, 0, 0, 0)
    assert (at(g, 1, C.P_POISON), at(g, 0, C.P_POISON)) == (1, 0)


@pytest.mark.parametrize("timing", TIMINGS)
def test_h_poison_marker_taken_back_when_fury_ends(timing):
    sc = Scenario(rules={**FURY, "fury_timing": timing}, heroes=(C.HERO_POISON, NO)).furious(0).poisoned(1)
    sc.board(0, {2: "red 3-3", 3: "blue 4-4"})
    g = start(sc, turn_start=True)
    ev = g.events if timing == "turn-start" else g.apply("draw")  # own turn end
    changes = [e[:3] for e in ev if e[0] in (C.E_FURY, C.E_POISON)]
    assert changes == [(C.E_FURY, 0, 0), (C.E_POISON, 1, 0)]
    assert at(g, 1, C.P_POISON) == 0


def test_h_poison_marker_held_exactly_while_the_poison_master_is_furious():
    # the Poison master's fury goes on: nothing changes; another master's fury: no marker
    sc = Scenario(rules=FURY, heroes=(C.HERO_POISON, NO)).furious(0).poisoned(1)
    sc.board(0, {2: "red 3-3", 3: "red 4-4"})
    g = start(sc, turn_start=True)
    assert events_of(g.events, C.E_POISON) == [] and at(g, 1, C.P_POISON) == 1
    sc = Scenario(rules=FURY, heroes=(C.HERO_KUNGFU, NO)).board(0, {2: "red 3-3", 3: "red 4-4"})
    g = start(sc, turn_start=True)
    assert at(g, 0, C.P_FURY) == 1
    assert events_of(g.events, C.E_POISON) == [] and at(g, 1, C.P_POISON) == 0


def poisoned_p0(hand: list[str]) -> Scenario:
    """P1 is Poison, furious (a red pair); p0 holds the poison marker and HAND."""
    sc = Scenario(rules=FURY, heroes=(NO, C.HERO_POISON)).furious(1).poisoned(0)
    sc.board(1, {2: "red 3-3", 3: "red 4-4"}).hand(0, hand)
    return sc.top(["yellow 5-5", "green 5-5"])


@pytest.mark.parametrize("held, after, hurt", [(0, 2, 0), (1, 3, 0), (2, 4, 1), (3, 4, 1)])
def test_h_poison_poisoned_player_ending_the_turn_with_4_cards_takes_1(held, after, hurt):
    g = start(poisoned_p0(["blue 1-1", "blue 1-2", "blue 1-3"][:held]))
    ev = g.apply("draw")
    assert len(cards_of(g, 0)) == after
    assert damage_of(ev) == [(0, 1, C.SRC_POISON)] * hurt
    assert g.health(0) == 8 - hurt
    assert pending(g) == ("turn", 1)


def test_h_poison_after_a_play_that_leaves_3_cards_no_damage():
    g = start(poisoned_p0(["blue 1-1", "blue 1-2", "blue 5-3", "blue 1-4"]))
    ev = g.apply("play blue 1-1 right")  # bow 3-3 | blue 1-1: 3 + 1 = 4, a miss
    assert damage_of(ev) == [] and g.health(0) == 8


def test_h_poison_only_at_the_poisoned_players_own_turn_end():
    sc = poisoned_p0(["blue 1-1", "blue 1-2", "blue 1-3", "blue 1-4"]).to_act(1)
    g = start(sc)
    ev = g.apply("draw")  # the Poison master's turn ends; p0 holds 4 but it is not p0's turn end
    assert damage_of(ev) == [] and g.health(0) == 8
    assert pending(g) == ("turn", 0)


def test_h_poison_no_damage_without_the_marker():
    sc = poisoned_p0(["blue 1-1", "blue 1-2", "blue 1-3"])
    sc.poison = [0, 0]
    g = start(sc)
    ev = g.apply("draw")
    assert len(cards_of(g, 0)) == 4
    assert damage_of(ev) == []


# ================================================================ D-POISON

# A hand-built hand of 6: after a play p0 holds 5 and discards down to 4 (R-HANDLIMIT).
SIX = ["blue 1-1", "blue 1-2", "blue 1-3", "blue 1-4", "blue 1-5", "blue 2-1"]


def test_d_poison_checked_after_the_hand_limit():
    g = start(poisoned_p0(SIX))
    g.apply("play blue 1-1 right")
    assert pending(g) == ("discard", 0)
    assert g.health(0) == 8  # not yet: the check comes after the discards
    ev = g.apply("discard blue 1-2")
    assert [e[0] for e in ev if e[0] in (C.E_DISCARD, C.E_DAMAGE)] == [C.E_DISCARD, C.E_DAMAGE]
    assert damage_of(ev) == [(0, 1, C.SRC_POISON)]
    assert len(cards_of(g, 0)) == 4
    assert pending(g) == ("turn", 1)


def test_d_poison_option_checks_before_the_hand_limit():
    sc = poisoned_p0(SIX)
    sc.opts = Scenario(rules={**FURY, "poison_after_limit": "off"}).opts
    g = start(sc)
    ev = g.apply("play blue 1-1 right")
    assert damage_of(ev) == [(0, 1, C.SRC_POISON)]  # 5 cards: already at the maximum
    assert pending(g) == ("discard", 0)
    ev = g.apply("discard blue 1-2")
    assert damage_of(ev) == []  # once only
    assert g.health(0) == 7


# ================================================================ H-BUSHIDO


def bushido(ejected: str = "red 5-2", furious: bool = True, **kw) -> Scenario:
    sc = attack(ejected, heroes=(C.HERO_BUSHIDO, NO), **kw)
    return sc.furious(0) if furious else sc


def test_h_bushido_token_on_a_card_instead_of_the_damage_then_an_extra_action():
    sc = bushido("red 5-2")  # damage 3
    g = start(sc)
    ev = g.apply(f"play {HIT} right")
    assert events_of(ev, C.E_ATTACK)[0][4] == 1
    assert pending(g) == ("bushido", 0)
    assert legal_texts(g) == {"pass", "bushido p1 2", "bushido p1 3"}  # the defender's cards
    ev = g.apply("bushido p1 3")
    assert events_of(ev, C.E_TECHNIQUE) == [(C.E_TECHNIQUE, 0, C.HERO_BUSHIDO, C.BOW_BASE + 3, 3, 0)]
    assert g.health(1) == 8 and damage_of(ev) == []
    assert zones_with(g, 1, C.P_CDMG) == {3: 1}
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_BUSHIDO, 0, 0)]
    assert pending(g) == ("extra", 0)  # blue 1-4 | green 2-5 is no pair


@pytest.mark.parametrize("ejected, plus", [("yellow 3-1", 0), ("red 5-2", 0), ("red 5-2", 2)])
def test_h_bushido_one_token_whatever_the_damage(ejected, plus):
    g = start(bushido(ejected).tokens_on_card(0, 2, plus=plus))
    g.apply(f"play {HIT} right")
    g.apply("bushido p1 2")
    assert zones_with(g, 1, C.P_CDMG) == {2: 1}
    assert g.health(1) == 8


def test_h_bushido_token_hurts_whoever_ejects_that_card():
    g = start(bushido("red 5-2").hand(1, ["green 5-5"]))
    g.apply(f"play {HIT} right")
    g.apply("bushido p1 3")
    g.apply("draw")
    ev = g.apply("play green 5-5 left")  # p1 ejects the bow on zone 3 and its token
    assert damage_of(ev) == [(1, 1, C.SRC_TRAP)]


def test_h_bushido_normal_damage_gives_no_extra_action():
    g = start(bushido("red 5-2"))
    g.apply(f"play {HIT} right")
    ev = g.apply("pass")
    assert damage_of(ev) == [(1, 3, C.SRC_HIT)]
    assert zones_with(g, 1, C.P_CDMG) == {}
    assert events_of(ev, C.E_EXTRA) == []
    assert pending(g) == ("turn", 1)


def test_h_bushido_successful_counter_cancels_the_token_and_the_extra_action():
    g = start(bushido("red 5-2", defender=COUNTER_BOARD).hand(1, ["red 1-3"]))
    g.apply(f"play {HIT} right")
    g.apply("bushido p1 2")
    assert pending(g) == ("defend", 1)
    ev = g.apply("counter red 1-3 left")
    assert events_of(ev, C.E_CANCEL)
    assert zones_with(g, 1, C.P_CDMG) == {} and g.health(1) == 8
    assert events_of(ev, C.E_EXTRA) == []
    assert pending(g) == ("turn", 1)


def test_h_bushido_counter_countered_back_leaves_the_token_and_the_extra_action():
    # p0: red 5-2 | blue 3-1 (a dragon); green 5-4 right: 1 + 5 = 6. P1 counters left of
    # red 4-1 (discarding blue 2-2); p0 counters back with green 1-2 left of blue 3-1.
    sc = bushido("red 5-2", defender=COUNTER_BOARD).hand(1, ["red 1-3"])
    sc.board(0, {2: "red 5-2", 3: "blue 3-1"}).hand(0, ["green 5-4", "green 1-2"])
    g = start(sc)
    g.apply("play green 5-4 right")
    g.apply("bushido p1 2")  # the token goes on red 4-1, which the counter keeps
    g.apply("counter red 1-3 left")
    ev = g.apply("counter green 1-2 left")
    assert board_of(g, 1) == {1: "red 1-3", 2: "red 4-1"}
    assert zones_with(g, 1, C.P_CDMG) == {2: 1} and g.health(1) == 8
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_BUSHIDO, 0, 0)]
    assert pending(g) == ("extra", 0)


def test_h_bushido_only_while_furious():
    g = start(bushido("red 5-2", furious=False))
    ev = g.apply(f"play {HIT} right")
    assert damage_of(ev) == [(1, 3, C.SRC_HIT)]
    assert pending(g) == ("turn", 1)


# ================================================================ D-BUSHIDO


@pytest.mark.parametrize(
    "ejected, minus", [("red 3-3", 0), ("red 3-1", 1)], ids=["0-damage card", "power token to 0"]
)
def test_d_bushido_only_for_hits_that_would_deal_1_or_more(ejected, minus):
    g = start(bushido(ejected).tokens_on_card(0, 2, minus=minus))
    g.apply(f"play {HIT} right")
    assert pending(g) == ("turn", 1)
    assert zones_with(g, 1, C.P_CDMG) == {}


def test_d_bushido_not_on_a_miss():
    g = start(bushido("red 5-2"))
    g.apply(f"play {MISS} right")
    assert pending(g) == ("turn", 1)


RED_DEFENCE = {2: "red 3-3", 3: "red 2-3"}  # both can block a red attack


def test_d_bushido_chosen_before_the_defender_answers():
    g = start(bushido("red 5-2", defender=RED_DEFENCE))
    g.apply(f"play {HIT} right")
    assert pending(g) == ("bushido", 0)  # not ("defend", 1)
    g.apply("pass")
    assert pending(g) == ("defend", 1)
    assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}


def test_d_bushido_with_a_token_chosen_the_defender_cannot_block():
    g = start(bushido("red 5-2", defender=RED_DEFENCE))
    g.apply(f"play {HIT} right")
    ev = g.apply("bushido p1 2")
    assert events_of(ev, C.E_BLOCK) == []
    assert at(g, 1, C.P_ZBLOCK, 2) == 0 and at(g, 1, C.P_ZBLOCK, 3) == 0
    assert zones_with(g, 1, C.P_CDMG) == {2: 1}
    assert pending(g) == ("extra", 0)


def test_d_bushido_with_a_token_chosen_the_defender_may_only_take_it_or_counter():
    # red 4-1 could block the red attack; with the token chosen only the counter is left
    g = start(bushido("red 5-2", defender=COUNTER_BOARD).hand(1, ["red 1-3"]))
    g.apply(f"play {HIT} right")
    g.apply("bushido p1 3")
    assert pending(g) == ("defend", 1)
    assert legal_texts(g) == {"pass", "counter red 1-3 left"}
    ev = g.apply("pass")
    assert events_of(ev, C.E_TAKE)
    assert zones_with(g, 1, C.P_CDMG) == {3: 1} and g.health(1) == 8
    assert pending(g) == ("extra", 0)


def test_d_bushido_early_off_option_the_defender_answers_first():
    g = start(bushido("red 5-2", defender=RED_DEFENCE, rules={"bushido_early": "off"}))
    g.apply(f"play {HIT} right")
    assert pending(g) == ("defend", 1)
    g.apply("block zone 2")
    g.apply("pass")  # stop blocking: 3 - 1 = 2 to come
    assert pending(g) == ("bushido", 0)
    ev = g.apply("bushido p1 3")
    assert g.health(1) == 8
    assert zones_with(g, 1, C.P_CDMG) == {3: 1}
    assert zones_with(g, 1, C.P_ZBLOCK) == {2: 1}
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_BUSHIDO, 0, 0)]


def test_d_bushido_early_off_option_not_offered_once_blocks_leave_no_damage():
    # red 1-2 deals 2; two blocks bring it to 0: nothing left to replace
    g = start(bushido("red 1-2", defender=RED_DEFENCE, rules={"bushido_early": "off"}))
    g.apply(f"play {HIT} right")
    g.apply("block zone 2")
    g.apply("block zone 3")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8 and zones_with(g, 1, C.P_CDMG) == {}


# p0: red 5-2 | blue 2-3; green 3-2 right makes a pair (3/3) and hits: 3 + 3 = 6.
def bushido_pair(rules=None) -> Scenario:
    sc = bushido("red 5-2", rules=rules)
    return sc.board(0, {2: "red 5-2", 3: "blue 2-3"}).hand(0, ["green 3-2", "yellow 5-4"])


def test_d_bushido_pair_still_gives_at_most_one_extra_action():
    g = start(bushido_pair())
    g.apply("play green 3-2 right")
    ev = g.apply("bushido p1 2")
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR | C.EXTRA_BUSHIDO, 0, 0)]
    assert pending(g) == ("extra", 0)
    g.apply("play yellow 5-4 right")  # green 3-2 | yellow 5-4: 2 + 5 = 7, a miss, no pair
    assert pending(g) == ("turn", 1)


def test_d_bushido_pair_with_extra_max_2_earns_two_extra_actions():
    g = start(bushido_pair(rules={"extra_max": "2"}))
    g.apply("play green 3-2 right")
    ev = g.apply("bushido p1 2")
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 2, C.EXTRA_PAIR | C.EXTRA_BUSHIDO, 0, 0)]
    assert int(g.state[C.RES_IN_EXTRA]) == 2
    assert pending(g) == ("extra", 0)


def test_d_bushido_pair_with_extra_max_2_gives_both_extra_actions():
    g = start(bushido_pair(rules={"extra_max": "2"}))
    g.apply("play green 3-2 right")
    g.apply("bushido p1 2")
    g.apply("play yellow 5-4 right")  # the first extra action: a miss, no pair
    assert pending(g) == ("extra", 0)  # the second one is still owed


def test_d_bushido_pair_with_normal_damage_gives_the_pairs_extra_action():
    g = start(bushido_pair())
    g.apply("play green 3-2 right")
    ev = g.apply("pass")
    assert g.health(1) == 5
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]


# ================================================================ H-KUNGFU


@pytest.mark.parametrize("furious, dealt", [(True, 2), (False, 1)])
def test_h_kungfu_every_hit_deals_1_more_while_furious(furious, dealt):
    sc = attack("yellow 3-1", heroes=(C.HERO_KUNGFU, NO))
    g = start(sc.furious(0) if furious else sc)
    ev = g.apply(f"play {HIT} right")
    assert damage_of(ev) == [(1, dealt, C.SRC_HIT)]
    assert g.health(1) == 8 - dealt


def test_h_kungfu_bonus_on_each_hit_of_the_turn():
    # yellow 3-1 | blue 2-3; green 3-2 right: a pair and a hit (3 + 3); then yellow 4-4 right
    # of green 3-2 hits again (2 + 4 = 6) with blue 2-3 (damage 3)
    sc = Scenario(rules=FURY, heroes=(C.HERO_KUNGFU, NO)).furious(0)
    sc.board(0, {2: "yellow 3-1", 3: "blue 2-3"}).hand(0, ["green 3-2", "yellow 4-4"])
    g = start(sc)
    ev = g.apply("play green 3-2 right")
    assert damage_of(ev) == [(1, 1 + 1, C.SRC_HIT)]
    ev = g.apply("play yellow 4-4 right")
    assert damage_of(ev) == [(1, 3 + 1, C.SRC_HIT)]
    assert g.health(1) == 2


def test_h_kungfu_bonus_makes_a_0_damage_card_deal_1():
    g = start(attack("red 3-3", heroes=(C.HERO_KUNGFU, NO)).furious(0))
    ev = g.apply(f"play {HIT} right")
    assert damage_of(ev) == [(1, 1, C.SRC_HIT)]


def test_h_kungfu_no_bonus_on_a_miss():
    g = start(attack("yellow 3-1", heroes=(C.HERO_KUNGFU, NO)).furious(0))
    ev = g.apply(f"play {MISS} right")
    assert damage_of(ev) == [] and g.health(1) == 8


@pytest.mark.parametrize("ejected, dealt", [("red 3-3", [(1, 1, C.SRC_HIT)]), ("red 2-1", None)])
def test_h_kungfu_bonus_does_not_make_a_0_damage_card_pay_the_penalty(ejected, dealt):
    # p1 has a red card in block state: a red hit of damage 1 or more pays +2 (R-PENALTY)
    sc = attack(ejected, heroes=(C.HERO_KUNGFU, NO), defender={2: "red 3-1", 3: "blue 2-3"}, blocked=[2])
    g = start(sc.furious(0))
    ev = g.apply(f"play {HIT} right")
    if dealt is None:  # red 2-1: 1 + 1 (Kung-fu) + 2 (penalty)
        dealt = [(1, 2, C.SRC_HIT), (1, 2, C.SRC_PENALTY)]
    assert damage_of(ev) == dealt


@pytest.mark.parametrize("furious", [True, False])
def test_h_kungfu_furious_cannot_block(furious):
    sc = attack("red 5-2", heroes=(NO, C.HERO_KUNGFU), defender=RED_DEFENCE)
    g = start(sc.furious(1) if furious else sc)
    ev = g.apply(f"play {HIT} right")
    if furious:
        assert damage_of(ev) == [(1, 3, C.SRC_HIT)]
        assert pending(g) == ("turn", 1)
    else:
        assert pending(g) == ("defend", 1)
        assert legal_texts(g) == {"pass", "block zone 2", "block zone 3"}


@pytest.mark.parametrize("furious", [True, False])
def test_h_kungfu_furious_cannot_counter(furious):
    sc = attack("yellow 3-1", heroes=(NO, C.HERO_KUNGFU), defender=COUNTER_BOARD).hand(1, ["red 1-3"])
    g = start(sc.furious(1) if furious else sc)
    ev = g.apply(f"play {HIT} right")
    if furious:
        assert damage_of(ev) == [(1, 1, C.SRC_HIT)]
        assert pending(g) == ("turn", 1)
    else:
        assert pending(g) == ("defend", 1)
        assert legal_texts(g) == {"pass", "counter red 1-3 left"}


@pytest.mark.parametrize("furious", [True, False])
def test_h_kungfu_furious_cannot_counter_back(furious):
    # p0 (Kung-fu): yellow 3-1 | blue 3-1 (a dragon), green 5-4 right: 1 + 5 = 6;
    # p0 holds the dragon green 1-2 for a counter back left of blue 3-1
    sc = Scenario(rules=FURY, heroes=(C.HERO_KUNGFU, NO))
    sc.board(0, {2: "yellow 3-1", 3: "blue 3-1"}).hand(0, ["green 5-4", "green 1-2"])
    sc.board(1, COUNTER_BOARD).hand(1, ["red 1-3"])
    g = start(sc.furious(0) if furious else sc)
    g.apply("play green 5-4 right")
    ev = g.apply("counter red 1-3 left")
    if furious:
        assert events_of(ev, C.E_CANCEL)
        assert pending(g) == ("turn", 1)
        assert cards_of(g, 0) == ["green 1-2"]
    else:
        assert pending(g) == ("counter-back", 0)
        assert legal_texts(g) == {"pass", "counter green 1-2 left"}
