"""Fury (hero mode on): F-STATE with D-FURY-TIMING, and F-CHOOSE with D-CHOOSE.

Each test builds a position with tests/support/scenario.py and plays it through the Game API;
rule ids are those of docs/rules.md ("Hero mode: fury and the eight masters"). Fury is a
state flag: Scenario.furious(p) sets it, and a same-colour pair makes a player furious at
the next check (every turn start by default, or the end of the player's own turn).

Unless a test says otherwise player 1 keeps the setup board (bow 3-3 on zones 2 and 3,
defence 6, never furious: D-BOW), and neither player has a master (the rules of fury
hold for every master).
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
from emr_sim.games.emr.options import FURY_TURN_START, O_FURY_TIMING, default_options

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

NO = C.NO_HERO
TIMINGS = ["turn-start", "own-turn-end"]


def fury_rules(**options: str) -> dict[str, str]:
    return {"fury": "on", **options}


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def fury(g, p: int) -> int:
    return at(g, p, C.P_FURY)


def fury_events(events) -> list[tuple[int, int]]:
    """(player, new fury) of each E_FURY."""
    return [(e[1], e[2]) for e in events_of(events, C.E_FURY)]


def index_of(events, event: tuple[int, ...]) -> int:
    return events.index(event)


def turn_event(events, p: int) -> tuple[int, ...]:
    """The E_TURN event of player p (the only one of p in EVENTS)."""
    (e,) = [e for e in events_of(events, C.E_TURN) if e[1] == p]
    return e


# ================================================================ F-STATE


def test_f_state_same_colour_pair_makes_a_player_furious_at_the_check():
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).board(0, {2: "red 3-3", 3: "red 4-4"})
    g = start(sc, turn_start=True)
    assert fury_events(g.events) == [(0, 1)]
    assert (fury(g, 0), fury(g, 1)) == (1, 0)  # the bows never share a colour (D-BOW)
    assert pending(g) == ("turn", 0)


def test_f_state_pair_of_two_colours_stops_fury_at_the_check():
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).board(0, {2: "red 3-3", 3: "blue 4-4"}).furious(0)
    g = start(sc, turn_start=True)
    assert fury_events(g.events) == [(0, 0)]
    assert fury(g, 0) == 0


def test_f_state_furious_player_keeping_a_same_colour_pair_stays_furious():
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).board(0, {2: "red 3-3", 3: "red 4-4"}).furious(0)
    g = start(sc, turn_start=True)
    assert fury_events(g.events) == []
    assert fury(g, 0) == 1


@pytest.mark.parametrize("timing", TIMINGS)
def test_f_state_pair_made_during_a_turn_counts_from_the_next_check(timing):
    # red 3-3 | red 3-1 is a same-colour pair and a pair (3/3): attack 3 + 3 = 6 hits
    # the bows with the ejected blue 1-4 (damage 2), then an extra action.
    sc = Scenario(rules=fury_rules(fury_timing=timing), heroes=(NO, NO))
    sc.board(0, {2: "blue 1-4", 3: "red 3-3"}).hand(0, ["red 3-1", "red 1-1"])
    g = start(sc)
    ev = g.apply("play red 3-1 right")
    assert board_of(g, 0) == {3: "red 3-3", 4: "red 3-1"}
    assert g.health(1) == 6
    assert pending(g) == ("extra", 0)
    assert fury(g, 0) == 0 and fury_events(ev) == []  # not mid-turn
    # The extra play keeps the red pair (red 1-1 | red 3-3, a miss: 1 + 3 = 4) and shows
    # its trap-zone effect: a player who is not furious is not offered F-CHOOSE.
    ev = g.apply("play red 1-1 left")
    assert board_of(g, 0) == {2: "red 1-1", 3: "red 3-3"}
    assert C.E_CHOOSE not in [e[0] for e in ev]
    assert pending(g) == ("turn", 1)
    assert fury_events(ev) == [(0, 1)] and fury(g, 0) == 1
    fury_at = index_of(ev, (C.E_FURY, 0, 1, 0, 0, 0))
    if timing == "turn-start":  # at the start of the next turn, the opponent's
        assert fury_at > index_of(ev, turn_event(ev, 1))
    else:  # when p0 ends its own turn
        assert fury_at < index_of(ev, turn_event(ev, 1))


@pytest.mark.parametrize("timing", TIMINGS)
def test_f_state_furious_player_whose_pair_breaks_stays_furious_until_the_next_check(timing):
    # red 4-4 | red 3-3, furious; playing blue 1-5 breaks the colour pair (a miss: 3 + 1 = 4)
    sc = Scenario(rules=fury_rules(fury_timing=timing), heroes=(NO, NO))
    sc.board(0, {2: "red 4-4", 3: "red 3-3"}).hand(0, ["blue 1-5"]).furious(0)
    g = start(sc)
    ev = g.apply("play blue 1-5 right")
    assert board_of(g, 0) == {3: "red 3-3", 4: "blue 1-5"}
    assert fury(g, 0) == 1 and fury_events(ev) == []
    assert pending(g) == ("fury-choose", 0)  # still furious: F-CHOOSE of the slide card
    ev = g.apply("pass")
    assert fury_events(ev) == [(0, 0)] and fury(g, 0) == 0
    assert pending(g) == ("turn", 1)


# P0 hits the bows' defence 6 with the ejected yellow 3-1 (blue 1-4 | green 2-5: 4 + 2 = 6).
# P1's pair red 4-1 (a dragon) | blue 2-2 shows defence 4 + 2 = 6; its counter with the red
# dragon 1-3 left of red 4-1 discards blue 2-2 and makes the same-colour pair red 1-3 | red 4-1.
def counter_scenario(timing: str) -> Scenario:
    sc = Scenario(rules=fury_rules(fury_timing=timing), heroes=(NO, NO))
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, ["green 2-5"])
    sc.board(1, {2: "red 4-1", 3: "blue 2-2"}).hand(1, ["red 1-3"])
    return sc.top(["yellow 5-5", "green 5-5", "blue 5-5", "green 4-2"])


@pytest.mark.parametrize("timing", TIMINGS)
def test_f_state_counter_in_the_opponents_turn_counts_only_from_the_next_check(timing):
    g = start(counter_scenario(timing))
    g.apply("play green 2-5 right")
    assert pending(g) == ("defend", 1)
    ev = g.apply("counter red 1-3 left")
    assert board_of(g, 1) == {1: "red 1-3", 2: "red 4-1"}
    assert events_of(ev, C.E_CANCEL)
    assert pending(g) == ("turn", 1)
    if timing == "turn-start":
        # the next check is the start of p1's turn, after p0's turn is over
        assert fury_events(ev) == [(1, 1)]
        assert index_of(ev, (C.E_FURY, 1, 1, 0, 0, 0)) > index_of(ev, turn_event(ev, 1))
        assert fury(g, 1) == 1
    else:
        # the next check is the end of p1's own turn: not furious during that turn
        assert fury_events(ev) == [] and fury(g, 1) == 0
        ev = g.apply("draw")
        assert fury_events(ev) == [(1, 1)] and fury(g, 1) == 1
        assert index_of(ev, (C.E_FURY, 1, 1, 0, 0, 0)) < index_of(ev, turn_event(ev, 0))


def test_f_state_fury_never_changes_mid_turn_for_the_opponent_either():
    # the counter of the test above, while p0 may still counter back: p1's same-colour pair
    # stands, but p1 is not furious before the next check
    sc = counter_scenario("turn-start")
    sc.board(0, {2: "yellow 3-1", 3: "blue 3-1"}).hand(0, ["green 5-4", "green 1-2"])  # attack 1 + 5 = 6
    g = start(sc)
    g.apply("play green 5-4 right")
    ev = g.apply("counter red 1-3 left")
    assert pending(g) == ("counter-back", 0)
    assert board_of(g, 1) == {1: "red 1-3", 2: "red 4-1"}
    assert fury(g, 1) == 0 and fury_events(ev) == []
    ev = g.apply("pass")  # p1's counter stands: p0's turn ends, p1's starts
    assert fury_events(ev) == [(1, 1)]


# ================================================================ D-FURY-TIMING


def test_d_fury_timing_default_is_every_turn_start_for_both_players():
    assert default_options()[O_FURY_TIMING] == FURY_TURN_START
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO))
    sc.board(0, {2: "red 3-3", 3: "red 4-4"}).board(1, {2: "blue 3-3", 3: "blue 2-3"})
    g = start(sc, turn_start=True)  # p0's turn starts: both players are checked
    assert fury_events(g.events) == [(0, 1), (1, 1)]
    assert (fury(g, 0), fury(g, 1)) == (1, 1)


def test_d_fury_timing_turn_start_checks_the_opponent_at_your_turn_start():
    # p1 is furious with a pair of two colours: its fury ends at the start of p0's turn,
    # not only at the start of its own (D-FURY-TIMING: every turn start, both players)
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).board(1, {2: "blue 3-3", 3: "red 2-3"}).furious(1)
    g = start(sc, turn_start=True)
    assert fury_events(g.events) == [(1, 0)]


def test_d_fury_timing_own_turn_end_checks_only_the_player_ending_the_turn():
    sc = Scenario(rules=fury_rules(fury_timing="own-turn-end"), heroes=(NO, NO))
    sc.board(0, {2: "red 3-3", 3: "red 4-4"}).board(1, {2: "blue 3-3", 3: "blue 2-3"})
    g = start(sc, turn_start=True)
    assert fury_events(g.events) == []  # no check at a turn start
    ev = g.apply("draw")  # p0 ends its turn: p0 only
    assert fury_events(ev) == [(0, 1)]
    assert (fury(g, 0), fury(g, 1)) == (1, 0)
    ev = g.apply("draw")  # p1 ends its turn
    assert fury_events(ev) == [(1, 1)]
    assert (fury(g, 0), fury(g, 1)) == (1, 1)


# P1 is furious with red 4-1 (a dragon) | red 2-2 (defence 4 + 2 = 6) and counters with the
# blue dragon 1-2, which breaks its colour pair (blue 1-2 | red 4-1) during p0's turn.
@pytest.mark.parametrize("timing", TIMINGS)
def test_d_fury_timing_pair_broken_in_the_opponents_turn(timing):
    sc = Scenario(rules=fury_rules(fury_timing=timing), heroes=(NO, NO))
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, ["green 2-5"])
    sc.board(1, {2: "red 4-1", 3: "red 2-2"}).hand(1, ["blue 1-2", "yellow 4-2"]).furious(1)
    g = start(sc)
    g.apply("play green 2-5 right")
    ev = g.apply("counter blue 1-2 left")
    assert board_of(g, 1) == {1: "blue 1-2", 2: "red 4-1"}
    assert pending(g) == ("turn", 1)
    # p1 plays yellow 4-2 (trap-zone) right: red 4-1 | yellow 4-2, a miss (1 + 4 = 5 against
    # p0's blue 1-4 | green 2-5, defence 6), ejecting blue 1-2 (no effect)
    if timing == "turn-start":  # p1's turn start checked p1: fury over, no F-CHOOSE
        assert fury_events(ev) == [(1, 0)] and fury(g, 1) == 0
        ev = g.apply("play yellow 4-2 right")
        assert pending(g) == ("turn", 0)
        assert C.E_CHOOSE not in [e[0] for e in ev]
    else:  # still furious through p1's own turn, until it ends
        assert fury_events(ev) == [] and fury(g, 1) == 1
        g.apply("play yellow 4-2 right")
        assert pending(g) == ("fury-choose", 1)
        ev = g.apply("pass")
        assert fury_events(ev) == [(1, 0)]
        assert pending(g) == ("turn", 0)


# ================================================================ F-CHOOSE


# P0 plays green 1-5 (trap-zone) left into zone 1, ejecting red 2-3 (swap) from zone 3:
# green 1-5 | red 3-3 is an attack of 5 + 3 = 8, a miss on the bows' 6.
def choose_scenario(furious: bool = True, heroes=(NO, NO), rules=None) -> Scenario:
    sc = Scenario(rules=fury_rules(**(rules or {})), heroes=heroes)
    sc.board(0, {2: "red 3-3", 3: "red 2-3"}).hand(0, ["green 1-5", "green 2-5"])
    return sc.furious(0) if furious else sc


def test_f_choose_furious_player_may_apply_the_played_cards_effect_instead():
    sc = choose_scenario()
    g = start(sc)
    ev = g.apply("play green 1-5 left")
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (8, 6, 0)
    assert pending(g) == ("fury-choose", 0)
    assert legal_texts(g) == {"pass", "yes"}
    ev = g.apply("yes")
    assert events_of(ev, C.E_CHOOSE) == [(C.E_CHOOSE, 0, sc.card("green 1-5"), 0, 0, 0)]
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    assert int(g.state[C.RES_EFFECT_SRC]) == sc.card("green 1-5")
    g.apply("trap-zone p1 0")
    assert zones_with(g, 1, C.P_ZDMG) == {0: 1}
    assert board_of(g, 0) == {1: "green 1-5", 2: "red 3-3"}  # the ejected swap did nothing
    assert pile_of(g) == ["red 2-3"]
    assert pending(g) == ("turn", 1)


def test_f_choose_declined_leaves_the_ejected_cards_effect():
    g = start(choose_scenario())
    g.apply("play green 1-5 left")
    ev = g.apply("pass")
    assert events_of(ev, C.E_CHOOSE) == []
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_SWAP
    assert legal_texts(g) == {"pass", "swap p0", "swap p1"}
    g.apply("swap p0")
    assert board_of(g, 0) == {1: "red 3-3", 2: "green 1-5"}


@pytest.mark.parametrize("hero", range(C.N_HEROES), ids=C.HERO_NAMES)
def test_f_choose_offered_to_every_furious_player(hero):
    g = start(choose_scenario(heroes=(hero, NO)))
    g.apply("play green 1-5 left")
    if hero == C.HERO_EARTH:  # H-EARTH's draw comes first, before the hit check
        assert pending(g) == ("earth-draw", 0)
        g.apply("pass")
    assert pending(g) == ("fury-choose", 0)
    g.apply("yes")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE


def test_f_choose_not_offered_to_a_player_who_is_not_furious():
    g = start(choose_scenario(furious=False))
    ev = g.apply("play green 1-5 left")
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_SWAP
    assert events_of(ev, C.E_CHOOSE) == []


def test_f_choose_not_offered_when_the_played_card_has_no_effect():
    g = start(choose_scenario())
    g.apply("play green 2-5 left")  # green 2-5 has no effect; 5 + 3 = 8, a miss
    assert pending(g) == ("effect", 0)
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_SWAP


def test_f_choose_offered_when_the_ejected_card_has_no_effect():
    sc = choose_scenario().board(0, {2: "red 3-3", 3: "red 4-4"})
    g = start(sc)
    g.apply("play green 1-5 left")
    assert pending(g) == ("fury-choose", 0)
    ev = g.apply("pass")  # the ejected red 4-4 has no effect: nothing happens
    assert events_of(ev, C.E_EFFECT) == [] and events_of(ev, C.E_NO_EFFECT) == []
    assert pending(g) == ("turn", 1)


def test_f_choose_on_a_hit_comes_after_the_damage():
    # blue 5-1 (power) left of red 5-5: attack 1 + 5 = 6 hits with the ejected red 3-4 (2)
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).furious(0)
    sc.board(0, {2: "red 5-5", 3: "red 3-4"}).hand(0, ["blue 5-1"])
    g = start(sc)
    ev = g.apply("play blue 5-1 left")
    assert events_of(ev, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 6
    assert pending(g) == ("fury-choose", 0)
    g.apply("yes")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_POWER
    g.apply("power p0 1")  # a +1 power token on the played blue 5-1
    assert zones_with(g, 0, C.P_CPP) == {1: 1}
    assert zones_with(g, 0, C.P_CDMG) == {}  # not the ejected card's trap-card
    assert pending(g) == ("turn", 1)


def test_f_choose_not_cancelled_by_a_crow_token():
    # p1 (Crow) left a crow token on p0's zone 1; p0 plays onto it
    sc = choose_scenario(heroes=(NO, C.HERO_CROW)).zone_tokens(0, 1, crow=True)
    g = start(sc)
    ev = g.apply("play green 1-5 left")
    assert events_of(ev, C.E_CROW_CANCEL) == [(C.E_CROW_CANCEL, 0, sc.card("red 2-3"), 1, 0, 0)]
    assert pending(g) == ("fury-choose", 0)
    g.apply("yes")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    g.apply("trap-zone p1 5")
    assert zones_with(g, 1, C.P_ZDMG) == {5: 1}


def test_f_choose_declined_after_a_crow_token_gives_no_effect_at_all():
    sc = choose_scenario(heroes=(NO, C.HERO_CROW)).zone_tokens(0, 1, crow=True)
    g = start(sc)
    g.apply("play green 1-5 left")
    ev = g.apply("pass")  # the ejected card's swap stays cancelled
    assert events_of(ev, C.E_EFFECT) == []
    assert board_of(g, 0) == {1: "green 1-5", 2: "red 3-3"}
    assert pending(g) == ("turn", 1)


# P0 (furious) hits with the ejected yellow 3-1: blue 1-4 | green 2-3 (power), 4 + 2 = 6.
# P1 counters with red 1-3 beside its board dragon red 4-1.
def counter_choose_scenario() -> Scenario:
    sc = Scenario(rules=fury_rules(), heroes=(NO, NO)).furious(0)
    sc.board(0, {2: "yellow 3-1", 3: "blue 1-4"}).hand(0, ["green 2-3"])
    return sc.board(1, {2: "red 4-1", 3: "blue 2-2"}).hand(1, ["red 1-3"])


def test_f_choose_cancelled_by_a_successful_counter():
    g = start(counter_choose_scenario())
    g.apply("play green 2-3 right")
    assert pending(g) == ("defend", 1)
    ev = g.apply("counter red 1-3 left")
    assert events_of(ev, C.E_CANCEL)
    assert events_of(ev, C.E_CHOOSE) == [] and events_of(ev, C.E_EFFECT) == []
    assert C.DK_FURY_CHOOSE != int(g.state[C.H_PHASE])
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8


# ================================================================ D-CHOOSE


def counter_back_scenario(rules=None) -> Scenario:
    """P0 (furious) plays red 5-3 (trap-zone) right of the dragon blue 3-1: 1 + 5 = 6 hits
    with yellow 3-1. P1 counters; p0 counters back with green 1-2 left of blue 3-1, which
    discards the played red 5-3 from zone 4."""
    sc = Scenario(rules=fury_rules(**(rules or {})), heroes=(NO, NO)).furious(0)
    sc.board(0, {2: "yellow 3-1", 3: "blue 3-1"}).hand(0, ["red 5-3", "green 1-2"])
    return sc.board(1, {2: "red 4-1", 3: "blue 2-2"}).hand(1, ["red 1-3"])


def test_d_choose_offered_only_while_the_played_card_is_on_the_board():
    g = start(counter_back_scenario())
    g.apply("play red 5-3 right")
    g.apply("counter red 1-3 left")
    ev = g.apply("counter green 1-2 left")
    assert "red 5-3" not in board_of(g, 0).values()
    assert "red 5-3" in pile_of(g)
    assert events_of(ev, C.E_CHOOSE) == []
    assert pending(g) == ("turn", 1)  # the ejected yellow 3-1 has no effect


def test_d_choose_option_off_offers_it_for_a_played_card_gone_from_the_board():
    sc = counter_back_scenario(rules={"choose_on_board": "off"})
    g = start(sc)
    g.apply("play red 5-3 right")
    g.apply("counter red 1-3 left")
    g.apply("counter green 1-2 left")
    assert g.health(1) == 7
    assert pending(g) == ("fury-choose", 0)
    ev = g.apply("yes")
    assert events_of(ev, C.E_CHOOSE) == [(C.E_CHOOSE, 0, sc.card("red 5-3"), 0, 0, 0)]
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    g.apply("trap-zone p1 5")
    assert zones_with(g, 1, C.P_ZDMG) == {5: 1}
    assert pending(g) == ("turn", 1)


def test_d_choose_option_off_still_needs_fury_and_an_effect():
    g = start(choose_scenario(furious=False, rules={"choose_on_board": "off"}))
    g.apply("play green 1-5 left")
    assert pending(g) == ("effect", 0)
    g = start(choose_scenario(rules={"choose_on_board": "off"}))
    g.apply("play green 2-5 left")
    assert pending(g) == ("effect", 0)
    assert cards_of(g, 0) == ["green 1-5"]
