"""The worked examples of the sources, replayed on the engine.

Each test is named after the rule ids its example shows (defined in
docs/rules.md: R-CARD, R-HIT, R-PAIR, R-BLOCKED, R-COUNTER, R-BLOCK,
R-PENALTY, R-DAMAGE, E-POWER). Player 1 keeps the two bow 3-3 cards (defence 6)
unless the example needs another defence.
"""

from __future__ import annotations

import pytest
from support.scenario import Scenario, damage_events

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import find_card
from emr_sim.games.emr.face.position import card_ref

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


def board(g, p: int) -> dict[int, str]:
    base = pb(p) + C.P_ZCARD
    return {z: card_ref(g.table, int(g.state[base + z])) for z in range(6) if g.state[base + z] != C.NO_CARD}


def blocked(g, p: int) -> list[int]:
    return [z for z in range(C.N_ZONES) if g.state[pb(p) + C.P_ZBLOCK + z] == 1]


def of_kind(events, kind: int) -> list[tuple[int, ...]]:
    return [e for e in events if e[0] == kind]


def attack_of(events) -> tuple[int, int, int]:
    """(attack, defence, hit) of the play's E_ATTACK event."""
    (ev,) = of_kind(events, C.E_ATTACK)
    return ev[2], ev[3], ev[4]


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def texts(g) -> set[str]:
    return {text for _code, text in g.legal()}


@pytest.fixture(autouse=True)
def _scenarios_hold_each_card_once(monkeypatch):
    """A hand-built position must not put one card in two places (Scenario does not check)."""
    build = Scenario.game

    def checked(self):
        g = build(self)
        S = g.state
        ids = []
        for p in range(2):
            ids += [int(c) for c in S[pb(p) + C.P_ZCARD : pb(p) + C.P_ZCARD + 6] if c != C.NO_CARD]
            ids += [int(c) for c in S[pb(p) + C.P_HAND : pb(p) + C.P_HAND + int(S[pb(p) + C.P_HAND_N])]]
        ids += [int(c) for c in S[C.DRAW : C.DRAW + int(S[C.DRAW_N])]]
        ids += [int(c) for c in S[C.DISC : C.DISC + int(S[C.DISC_N])]]
        assert len(ids) == len(set(ids)), "the scenario places a card twice"
        return g

    monkeypatch.setattr(Scenario, "game", checked)


# ---------------------------------------------------------------- R-CARD / R-HIT
# [000]: yellow 3-1 beside a card whose right number is 4 gives 4 + 3 = 7, which misses a
# defence of 3 + 2 = 5; a 1-5 there gives 4 + 1 = 5 and hits.


def _defence_5() -> Scenario:
    sc = Scenario().board(0, {2: "green 3-3", 3: "blue 1-4"}).hand(0, ["yellow 3-1", "red 1-5"])
    return sc.board(1, {2: "red 3-3", 3: "blue 3-2"})  # outer 3 + 2 = 5


def test_r_hit_r_card_example_yellow_3_1_misses_defence_5():
    g = _defence_5().game()
    events = g.apply("play yellow 3-1 right")
    assert board(g, 0) == {3: "blue 1-4", 4: "yellow 3-1"}
    assert attack_of(events) == (4 + 3, 3 + 2, 0)
    assert g.health(1) == 8
    assert pending(g) == ("turn", 1)


def test_r_hit_r_card_example_1_5_gives_4_plus_1_and_hits_defence_5():
    g = _defence_5().game()
    events = g.apply("play red 1-5 right")
    assert attack_of(events) == (4 + 1, 3 + 2, 1)
    # the ejected green 3-3 (damage 1) hits; p1 has no green card and no dragon: taken
    assert damage_events(events) == [(1, 1, C.SRC_HIT)]
    assert g.health(1) == 7


def test_r_hit_r_card_example_red_3_1_left_of_blue_4_4_attacks_5():
    sc = Scenario().board(0, {2: "blue 4-4", 3: "green 3-3"}).hand(0, ["red 3-1"])
    sc.board(1, {2: "red 3-3", 3: "blue 3-2"})  # defence 5
    g = sc.game()
    events = g.apply("play red 3-1 left")
    assert board(g, 0) == {1: "red 3-1", 2: "blue 4-4"}
    assert attack_of(events) == (1 + 4, 5, 1)
    assert g.health(1) == 7  # green 3-3, damage 1


def test_r_hit_r_card_example_red_3_1_left_of_blue_4_4_defends_7():
    # p1's pair red 3-1 | blue 4-4: outer 3 + 4 = 7; p0's blue 1-4 | yellow 3-3 attacks 4 + 3.
    sc = Scenario().board(0, {2: "green 3-3", 3: "blue 1-4"}).hand(0, ["yellow 3-3", "green 2-4"])
    sc.board(1, {2: "red 3-1", 3: "blue 4-4"})
    g = sc.game()
    events = g.apply("play yellow 3-3 right")
    assert attack_of(events) == (7, 3 + 4, 1)
    assert g.health(1) == 7


def test_r_hit_r_card_example_2_4_then_5_1_attacks_9():
    # p0 plays green 5-1 right of red 2-4: inner 4 + 5 = 9; p1's yellow 4-1 | green 1-5 defends 9.
    sc = Scenario().board(0, {2: "blue 3-2", 3: "red 2-4"}).hand(0, ["green 5-1"])
    sc.board(1, {2: "yellow 4-1", 3: "green 1-5"})
    g = sc.game()
    events = g.apply("play green 5-1 right")
    assert board(g, 0) == {3: "red 2-4", 4: "green 5-1"}
    assert attack_of(events) == (4 + 5, 4 + 5, 1)
    assert g.health(1) == 7  # blue 3-2, damage 1


def test_r_hit_r_card_example_2_4_then_5_1_defends_3():
    # p1's pair red 2-4 | green 5-1: outer 2 + 1 = 3; p0's blue 1-1 | yellow 2-2 attacks 1 + 2.
    sc = Scenario().board(0, {2: "blue 3-2", 3: "blue 1-1"}).hand(0, ["yellow 2-2"])
    sc.board(1, {2: "red 2-4", 3: "green 5-1"})
    g = sc.game()
    events = g.apply("play yellow 2-2 right")
    assert attack_of(events) == (3, 2 + 1, 1)
    assert g.health(1) == 7


# ---------------------------------------------------------------- R-PAIR / R-BLOCKED


def test_r_pair_example_blue_4_5_on_the_left_makes_5_5_and_an_extra_action():
    sc = Scenario().board(0, {2: "green 5-4", 3: "blue 3-2"}).hand(0, ["blue 4-5", "red 1-1"])
    g = sc.game()
    events = g.apply("play blue 4-5 left")
    assert board(g, 0) == {1: "blue 4-5", 2: "green 5-4"}
    assert attack_of(events) == (5 + 5, 6, 0)
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert pending(g) == ("extra", 0)
    assert texts(g) == {"draw", "play red 1-1 left", "play red 1-1 right"}


def test_r_pair_r_blocked_example_blue_1_1_beside_blocked_3_1_gives_none():
    sc = Scenario().board(0, {2: "green 3-3", 3: "red 3-1"}, blocked=[3]).hand(0, ["blue 1-1", "red 1-2"])
    g = sc.game()
    events = g.apply("play blue 1-1 right")
    assert board(g, 0) == {3: "red 3-1", 4: "blue 1-1"}
    assert attack_of(events) == (1 + 1, 6, 0)  # equal inner numbers 1/1...
    assert not of_kind(events, C.E_EXTRA)  # ...but red 3-1 is in block state
    assert pending(g) == ("turn", 1)


def test_r_pair_r_blocked_example_same_play_unblocked_gives_the_extra_action():
    sc = Scenario().board(0, {2: "green 3-3", 3: "red 3-1"}).hand(0, ["blue 1-1", "red 1-2"])
    g = sc.game()
    g.apply("play blue 1-1 right")
    assert pending(g) == ("extra", 0)


# ---------------------------------------------------------------- R-COUNTER
# [000]: a yellow attack of damage 2 hits; the defender counters with blue 3-1, the attacker
# counters back with red 2-5, the defender counters with green 5-1: the attack is cancelled
# and the attacker's turn ends. One more counter-back by the attacker would let it through.


def _yellow_attack(p0_extra=()) -> Scenario:
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1", "red 2-5", *p0_extra])
    return sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, ["blue 3-1", "green 5-1"])


def _chain(g):
    events = g.apply("play green 4-1 right")
    assert attack_of(events) == (1 + 4, 1 + 4, 1)
    assert pending(g) == ("defend", 1)
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("counter-back", 0)
    g.apply("counter red 2-5 left")
    assert pending(g) == ("counter-back", 1)
    return g.apply("counter green 5-1 right")


def test_r_counter_example_blue_3_1_red_2_5_green_5_1_cancels_the_yellow_attack():
    g = _yellow_attack().game()
    events = _chain(g)
    yellow = find_card(g.table, "yellow 2-2")
    assert of_kind(events, C.E_CANCEL) == [(C.E_CANCEL, 1, yellow, 3, 0, 0)]
    assert (g.health(0), g.health(1)) == (8, 8)
    assert pending(g) == ("turn", 1)  # the attacker's turn is over
    assert int(g.state[C.H_ACTIVE]) == 1
    assert board(g, 0) == {2: "red 2-5", 3: "red 4-1"}
    assert board(g, 1) == {4: "blue 3-1", 5: "green 5-1"}
    assert [e[1] for e in of_kind(g.events, C.E_COUNTER)] == [1, 0, 1]


def test_r_counter_example_one_more_counter_back_lets_the_attack_through():
    g = _yellow_attack(p0_extra=("red 1-3",)).game()
    _chain(g)
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 1-3 left")
    assert not of_kind(events, C.E_CANCEL)
    assert damage_events(events) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6
    assert pending(g) == ("turn", 1)


# ---------------------------------------------------------------- R-BLOCK / R-PENALTY


def test_r_block_example_red_1_damage_hit_fully_blocked_by_one_red_card():
    sc = Scenario().board(0, {2: "red 3-1", 3: "blue 1-4"}).hand(0, ["green 2-5"])
    sc.board(1, {2: "red 3-3", 3: "blue 2-3"})  # defence 6, one red card
    g = sc.game()
    events = g.apply("play green 2-5 right")
    assert attack_of(events) == (6, 6, 1)
    assert pending(g) == ("defend", 1)
    events = g.apply("block zone 2")
    assert of_kind(events, C.E_BLOCK) == [(C.E_BLOCK, 1, find_card(g.table, "red 3-3"), 2, 0, 0)]
    assert g.health(1) == 8
    assert blocked(g, 1) == [2]
    assert not of_kind(events, C.E_DAMAGE)


def test_r_penalty_example_plus_2_on_a_second_hit_of_a_blocked_colour():
    # Turn 1: red 3-1 (damage 1) hits, p1 blocks it with red 3-3. Turn 2: p1 draws.
    # Turn 3: red 4-4 (damage 1) hits; red 3-3 is blocked: 1 + 2 = 3.
    sc = Scenario().board(0, {2: "red 3-1", 3: "red 4-4"}).hand(0, ["green 1-3", "green 2-5"])
    sc.board(1, {2: "red 3-3", 3: "green 3-2"})  # defence 3 + 2 = 5
    g = sc.game()
    events = g.apply("play green 1-3 right")  # red 4-4 | green 1-3: 4 + 1
    assert attack_of(events) == (5, 5, 1)
    g.apply("block zone 2")
    assert g.health(1) == 8 and blocked(g, 1) == [2]
    assert pending(g) == ("turn", 1)
    g.apply("draw")
    assert pending(g) == ("turn", 0)
    events = g.apply("play green 2-5 right")  # green 1-3 | green 2-5: 3 + 2, ejects red 4-4
    assert attack_of(events) == (5, 5, 1)
    assert damage_events(events) == [(1, 1, C.SRC_HIT), (1, 2, C.SRC_PENALTY)]
    assert g.health(1) == 5
    assert pending(g) == ("turn", 1)  # no second red card to block with: taken


# ---------------------------------------------------------------- R-DAMAGE / E-POWER


def test_r_damage_e_power_example_blue_3_3_damage_2_with_power_token_deals_3():
    sc = Scenario().board(0, {2: "blue 3-3", 3: "blue 1-4"}).hand(0, ["green 2-5"])
    sc.tokens_on_card(0, 2, plus=1)
    g = sc.game()
    events = g.apply("play green 2-5 right")
    assert attack_of(events) == (6, 6, 1)
    assert damage_events(events) == [(1, 3, C.SRC_HIT)]
    assert g.health(1) == 5


def test_r_damage_e_power_example_token_placed_by_a_power_card_then_hit():
    # Turn 1: red 1-4 (power) is ejected (a miss) and puts +1 on p0's own blue 3-3.
    # Turn 3: blue 3-3 is ejected and hits for 2 + 1.
    sc = Scenario().board(0, {1: "red 1-4", 2: "blue 3-3"}).hand(0, ["green 1-4", "green 2-5"])
    g = sc.game()
    events = g.apply("play green 1-4 right")  # blue 3-3 | green 1-4: 3 + 1 = 4, a miss
    assert attack_of(events) == (4, 6, 0)
    assert pending(g) == ("effect", 0)
    g.apply("power p0 2")
    assert g.state[pb(0) + C.P_CPP + 2] == 1
    g.apply("draw")  # p1
    events = g.apply("play green 2-5 right")  # green 1-4 | green 2-5: 4 + 2 = 6, ejects blue 3-3
    assert attack_of(events) == (6, 6, 1)
    assert damage_events(events) == [(1, 3, C.SRC_HIT)]
    assert g.health(1) == 5
