"""Scenario tests of R-EFFECT and the eight card effects (E-*, D-SLIDE, D-COPY).

Every test builds a position where player 0 plays ``blue 1-1`` into zone 1 (left of
its pair on zones 2-3), which ejects the effect card standing on zone 3. The partner
card on zone 2 decides the hit: ``red 3-3`` gives attack 1 + 3 = 4 (a miss against
the bows' defence 3 + 3 = 6), ``red 5-5`` gives attack 6 (a hit). Neither makes a pair.
After the play player 0's pair stands on zones 1-2 and player 1's on zones 2-3.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.scenario import Scenario, damage_events, kinds, pb, seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face.core import Game, IllegalAction
from emr_sim.games.emr.loops.invariants import INV_OK, check_state

PLAY = "blue 1-1"
MISS_PARTNER = "red 3-3"
HIT_PARTNER = "red 5-5"


def effect_scenario(effect_card: str, hit: bool = False, rules: dict[str, str] | None = None) -> Scenario:
    """P0's pair: partner on zone 2, EFFECT_CARD on zone 3; P0 holds PLAY."""
    sc = Scenario(rules=rules)
    sc.board(0, {2: HIT_PARTNER if hit else MISS_PARTNER, 3: effect_card})
    sc.hand(0, [PLAY])
    return sc


def eject(sc: Scenario, play: str = PLAY) -> tuple[Game, list[tuple[int, ...]]]:
    """Player 0 plays PLAY left (zone 1), ejecting the card on zone 3."""
    g = sc.game()
    events = g.apply(f"play {play} left")
    return g, events


def texts(g: Game) -> set[str]:
    return {t for _c, t in g.legal()}


def at(g: Game, p: int, field: int, zone: int) -> int:
    return int(g.state[pb(p) + field + zone])


def zone_cards(g: Game, p: int) -> list[int]:
    return [at(g, p, C.P_ZCARD, z) for z in range(C.N_ZONES)]


def events_of(events: list[tuple[int, ...]], kind: int) -> list[tuple[int, ...]]:
    return [e for e in events if e[0] == kind]


def card(sc: Scenario, label: str) -> int:
    return sc.card(label)


def assert_turn_passed_to_p1(g: Game) -> None:
    assert g.phase == "turn" and g.decider == 1


# ================================================================ R-EFFECT


def test_r_effect_applied_on_a_miss():
    sc = effect_scenario("red 1-1")  # trap-zone
    g, ev = eject(sc)
    attack = events_of(ev, C.E_ATTACK)
    assert attack and attack[0][2:5] == (4, 6, 0)  # a miss
    assert g.phase == "effect" and g.decider == 0
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    ev = g.apply("trap-zone p1 0")
    assert at(g, 1, C.P_ZDMG, 0) == 1
    assert events_of(ev, C.E_EFFECT) == [(C.E_EFFECT, 0, C.EFFECT_TRAP_ZONE, 1, 0, 0)]
    assert_turn_passed_to_p1(g)


def test_r_effect_applied_on_a_hit_after_the_damage():
    sc = effect_scenario("red 5-3", hit=True)  # trap-zone, damage 1
    g, ev = eject(sc)
    attack = events_of(ev, C.E_ATTACK)
    assert attack[0][2:5] == (6, 6, 1)  # a hit
    assert damage_events(ev) == [(1, 1, C.SRC_HIT)]  # bows cannot block: taken at once
    assert g.health(1) == 7
    assert g.phase == "effect" and g.decider == 0
    ev = g.apply("trap-zone p1 5")
    assert at(g, 1, C.P_ZDMG, 5) == 1
    assert C.E_EFFECT in kinds(ev)
    assert_turn_passed_to_p1(g)


def test_r_effect_cancelled_by_a_crow_token_on_the_zone_played_into():
    sc = effect_scenario("red 5-3", hit=True).zone_tokens(0, 1, crow=True)
    g, ev = eject(sc)
    crow = events_of(ev, C.E_CROW_CANCEL)
    assert crow == [(C.E_CROW_CANCEL, 0, card(sc, "red 5-3"), 1, 0, 0)]
    assert g.health(1) == 7  # the hit itself still lands
    assert C.E_EFFECT not in kinds(ev) and C.E_NO_EFFECT not in kinds(ev)
    assert at(g, 0, C.P_ZCROW, 1) == 0  # the crow token is used up
    assert sum(int(g.state[pb(q) + C.P_ZDMG + z]) for q in (0, 1) for z in range(6)) == 0
    assert_turn_passed_to_p1(g)


def test_r_effect_crow_token_elsewhere_does_not_cancel():
    sc = effect_scenario("red 1-1").zone_tokens(0, 4, crow=True)
    g, ev = eject(sc)
    assert C.E_CROW_CANCEL not in kinds(ev)
    assert g.phase == "effect"
    assert at(g, 0, C.P_ZCROW, 4) == 1


def test_r_effect_may_be_declined_with_pass():
    sc = effect_scenario("red 1-1")
    g, _ = eject(sc)
    assert "pass" in texts(g)
    before = g.state.copy()
    ev = g.apply("pass")
    assert events_of(ev, C.E_DECLINE) == [(C.E_DECLINE, 0, C.EFFECT_TRAP_ZONE, card(sc, "red 1-1"), 0, 0)]
    assert C.E_EFFECT not in kinds(ev)
    for q in (0, 1):
        for field in (C.P_ZDMG, C.P_CDMG, C.P_CPP, C.P_CPM, C.P_ZCARD, C.P_ZBLOCK):
            lo = pb(q) + field
            assert np.array_equal(g.state[lo : lo + 6], before[lo : lo + 6])
    assert_turn_passed_to_p1(g)


def test_r_effect_no_target_means_no_decision():
    sc = effect_scenario("red 4-2")  # remove, with no token anywhere
    g, ev = eject(sc)
    assert events_of(ev, C.E_NO_EFFECT) == [(C.E_NO_EFFECT, 0, card(sc, "red 4-2"), C.EFFECT_REMOVE, 0, 0)]
    assert_turn_passed_to_p1(g)


def test_r_effect_of_a_plain_card_asks_nothing():
    sc = effect_scenario("red 4-4")  # no effect
    g, ev = eject(sc)
    assert C.E_NO_EFFECT not in kinds(ev) and C.E_EFFECT not in kinds(ev)
    assert_turn_passed_to_p1(g)


def effect_cards() -> list[tuple[str, int]]:
    """(label, effect) of every effect card of the default deck."""
    table = Scenario().table
    return [
        (card_label(table, c), int(table[c, C.CF_EFFECT]))
        for c in range(C.MAX_SHOT)
        if table[c, C.CF_VALID] == 1 and table[c, C.CF_EFFECT] != C.EFFECT_NONE
    ]


EFFECT_CARDS = effect_cards()
NO_TARGET_ON_A_BARE_BOARD = (C.EFFECT_REMOVE, C.EFFECT_COPY)  # no token, no other effect card


@pytest.mark.parametrize("hit", [False, True], ids=["miss", "hit"])
@pytest.mark.parametrize(("label", "effect"), EFFECT_CARDS, ids=[lab for lab, _e in EFFECT_CARDS])
def test_r_effect_every_effect_card_of_the_deck_on_hit_and_miss(label, effect, hit):
    sc = effect_scenario(label, hit=hit)
    g, ev = eject(sc)
    assert events_of(ev, C.E_ATTACK)[0][4] == int(hit)
    assert g.health(1) == 8 - (int(g.table[card(sc, label), C.CF_DAMAGE]) if hit else 0)
    if effect in NO_TARGET_ON_A_BARE_BOARD:
        assert events_of(ev, C.E_NO_EFFECT)[0][2:4] == (card(sc, label), effect)
        assert_turn_passed_to_p1(g)
    else:
        assert g.phase == "effect" and g.decider == 0
        assert int(g.state[C.RES_EFFECT]) == effect
        assert int(g.state[C.RES_EFFECT_SRC]) == card(sc, label)
        assert len(g.legal()) > 1 and g.legal()[0][1] == "pass"


def test_r_effect_not_asked_once_the_hit_ends_the_game():
    sc = effect_scenario("red 5-3", hit=True).health(1, 1)
    g, ev = eject(sc)
    assert g.over and g.winner == 0
    assert C.E_EFFECT not in kinds(ev) and C.E_NO_EFFECT not in kinds(ev)


def test_r_effect_applied_after_the_defender_blocks():
    sc = effect_scenario("red 5-3", hit=True).board(1, {2: C.BOW_BASE + 2, 3: "red 4-3"})
    g, _ = eject(sc)
    assert g.phase == "defend" and g.decider == 1
    ev = g.apply("block zone 3")
    assert C.E_BLOCK in kinds(ev) and g.health(1) == 8
    assert g.phase == "effect" and g.decider == 0
    g.apply("trap-zone p1 1")
    assert at(g, 1, C.P_ZDMG, 1) == 1


# ================================================================ E-SLIDE / D-SLIDE


def test_e_slide_offers_either_board_by_at_least_one_zone():
    g, _ = eject(effect_scenario("red 3-5"))
    assert g.phase == "effect"
    # P0's pair is on 1-2, P1's on 2-3: every new left zone but the current one
    expected = (
        {"pass"} | {f"slide p0 to {z}" for z in (0, 2, 3, 4)} | {f"slide p1 to {z}" for z in (0, 1, 3, 4)}
    )
    assert texts(g) == expected


def test_d_slide_at_least_one_zone_staying_put_is_illegal():
    g, _ = eject(effect_scenario("red 3-5"))
    for text in ("slide p0 to 1", "slide p1 to 2"):
        with pytest.raises(IllegalAction):
            g.apply(text)


@pytest.mark.parametrize(
    ("left", "tokens", "expected"),
    [
        (4, {4: 2, 5: 1}, 3),  # right by 2: zones 4 and 5 entered
        (0, {0: 1, 1: 2}, 3),  # left by 2: zones 0 and 1 entered
        (3, {4: 1, 1: 5}, 1),  # right by 1: only zone 4 entered
        (1, {1: 1, 4: 3}, 1),  # left by 1: only zone 1 entered
    ],
)
def test_e_slide_hurts_owner_per_token_on_the_way(left, tokens, expected):
    sc = effect_scenario("red 3-5")
    for z, n in tokens.items():
        sc.zone_tokens(1, z, damage=n)
    g, _ = eject(sc)
    ev = g.apply(f"slide p1 to {left}")
    dmg = damage_events(ev)
    assert sum(a for _p, a, _s in dmg) == expected
    assert all(p == 1 and s == C.SRC_TRAP for p, _a, s in dmg)  # the owner, not the slider
    assert g.health(1) == 8 - expected and g.health(0) == 8
    assert zone_cards(g, 1)[left : left + 2] == [C.BOW_BASE + 2, C.BOW_BASE + 3]
    assert sum(c != C.NO_CARD for c in zone_cards(g, 1)) == 2
    for z, n in tokens.items():  # D-TOKENS: a token that dealt its damage is gone
        on_way = z in (left, left + 1)
        assert at(g, 1, C.P_ZDMG, z) == (0 if on_way else n)


def test_e_slide_own_board_hurts_the_slider():
    sc = effect_scenario("red 3-5").zone_tokens(0, 0, damage=2)
    g, _ = eject(sc)
    g.apply("slide p0 to 0")
    assert g.health(0) == 6 and g.health(1) == 8
    assert zone_cards(g, 0)[:3] == [card(sc, PLAY), card(sc, MISS_PARTNER), C.NO_CARD]


def test_e_slide_moves_block_states_and_card_tokens_with_the_cards():
    sc = effect_scenario("red 3-5")
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"}, blocked=[3])  # defence 4 + 3 = 7: a miss
    sc.tokens_on_card(1, 3, damage=1, plus=1, minus=2).tokens_on_card(1, 2, plus=1)
    g, _ = eject(sc)
    g.apply("slide p1 to 0")
    assert zone_cards(g, 1) == [card(sc, "blue 4-4"), card(sc, "green 3-3")] + [C.NO_CARD] * 4
    assert [at(g, 1, C.P_ZBLOCK, z) for z in range(6)] == [0, 1, 0, 0, 0, 0]
    assert [at(g, 1, C.P_CDMG, z) for z in range(6)] == [0, 1, 0, 0, 0, 0]
    assert [at(g, 1, C.P_CPP, z) for z in range(6)] == [1, 1, 0, 0, 0, 0]
    assert [at(g, 1, C.P_CPM, z) for z in range(6)] == [0, 2, 0, 0, 0, 0]


def test_e_slide_right_by_one_keeps_tokens_and_states_in_order():
    sc = effect_scenario("red 3-5")
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"}, blocked=[2])
    sc.tokens_on_card(1, 2, damage=2).tokens_on_card(1, 3, minus=1)
    g, _ = eject(sc)
    g.apply("slide p1 to 3")
    assert zone_cards(g, 1)[2:5] == [C.NO_CARD, card(sc, "blue 4-4"), card(sc, "green 3-3")]
    assert [at(g, 1, C.P_ZBLOCK, z) for z in (2, 3, 4)] == [0, 1, 0]
    assert [at(g, 1, C.P_CDMG, z) for z in (2, 3, 4)] == [0, 2, 0]
    assert [at(g, 1, C.P_CPM, z) for z in (2, 3, 4)] == [0, 0, 1]


@pytest.mark.parametrize(("z", "left"), [(z, left) for z in range(5) for left in range(5) if left != z])
def test_d_slide_every_start_and_landing(z, left):
    """Cards, block states and card tokens land in order; every zone entered hurts once."""
    sc = effect_scenario("red 3-5").health(1, 40)
    sc.board(1, {z: "blue 4-4", z + 1: "green 3-3"}, blocked=[z + 1])  # defence 7: a miss
    sc.tokens_on_card(1, z, damage=1, plus=2).tokens_on_card(1, z + 1, minus=3)
    tokens = {q: q + 1 for q in range(6) if q not in (z, z + 1)}  # 1..6 tokens: which zones count
    for q, n in tokens.items():
        sc.zone_tokens(1, q, damage=n)
    g, _ = eject(sc)
    ev = g.apply(f"slide p1 to {left}")
    entered = set(range(z + 2, left + 2)) if left > z else set(range(left, z))
    expected = sum(tokens[q] for q in entered)
    assert sum(a for p, a, _s in damage_events(ev) if p == 1) == expected
    assert g.health(1) == 40 - expected
    cards = [C.NO_CARD] * 6
    cards[left : left + 2] = [card(sc, "blue 4-4"), card(sc, "green 3-3")]
    assert zone_cards(g, 1) == cards
    for field, pair in ((C.P_ZBLOCK, [0, 1]), (C.P_CDMG, [1, 0]), (C.P_CPP, [2, 0]), (C.P_CPM, [0, 3])):
        want = [0] * 6
        want[left : left + 2] = pair
        assert [at(g, 1, field, q) for q in range(6)] == want
    for q, n in tokens.items():
        assert at(g, 1, C.P_ZDMG, q) == (0 if q in entered else n)


def slide_past_scenario(rules=None) -> Scenario:
    """P1's pair on zones 0-1 (defence 3 + 3 = 6), a damage token on each of zones 2..5."""
    sc = effect_scenario("red 3-5", rules=rules)
    sc.board(1, {0: "yellow 3-3", 1: "green 3-3"})
    for z in (2, 3, 4, 5):
        sc.zone_tokens(1, z, damage=1)
    return sc


def test_d_slide_every_zone_a_card_enters_counts_as_on_the_way():
    g, _ = eject(slide_past_scenario())
    ev = g.apply("slide p1 to 3")  # zones 2, 3, 4 entered, zone 2 only passed over
    assert sum(a for _p, a, _s in damage_events(ev)) == 3
    assert g.health(1) == 5
    assert [at(g, 1, C.P_ZDMG, z) for z in range(6)] == [0, 0, 0, 0, 0, 1]


def test_d_slide_tokens_landing_option_counts_only_landing_zones():
    g, _ = eject(slide_past_scenario(rules={"slide_tokens": "landing"}))
    ev = g.apply("slide p1 to 3")
    assert sum(a for _p, a, _s in damage_events(ev)) == 2
    assert g.health(1) == 6
    assert [at(g, 1, C.P_ZDMG, z) for z in range(6)] == [0, 0, 1, 0, 0, 1]


def test_d_slide_crow_tokens_on_the_way_destroyed_without_effect():
    sc = effect_scenario("red 3-5")
    sc.board(1, {0: "yellow 3-3", 1: "green 3-3"})
    sc.zone_tokens(1, 2, crow=True).zone_tokens(1, 4, crow=True).zone_tokens(1, 5, crow=True)
    g, _ = eject(sc)
    ev = g.apply("slide p1 to 3")
    assert [at(g, 1, C.P_ZCROW, z) for z in range(6)] == [0, 0, 0, 0, 0, 1]
    assert C.E_CROW_CANCEL not in kinds(ev) and not damage_events(ev)
    assert g.health(0) == g.health(1) == 8
    assert_turn_passed_to_p1(g)


def test_d_slide_owner_eliminated_by_tokens_on_the_way():
    sc = effect_scenario("red 3-5").health(1, 2).zone_tokens(1, 4, damage=1).zone_tokens(1, 5, damage=1)
    g, _ = eject(sc)
    ev = g.apply("slide p1 to 4")
    assert g.over and g.winner == 0
    assert C.E_DEFEATED in kinds(ev)


# ================================================================ E-TRAP-ZONE


def test_e_trap_zone_offers_only_empty_zones_of_either_board():
    g, _ = eject(effect_scenario("red 1-1"))
    # P0's cards on 1-2 (zone 3 emptied by the ejection), P1's on 2-3
    expected = {"pass"} | {f"trap-zone p0 {z}" for z in (0, 3, 4, 5)}
    expected |= {f"trap-zone p1 {z}" for z in (0, 1, 4, 5)}
    assert texts(g) == expected
    for text in ("trap-zone p0 1", "trap-zone p1 2"):
        with pytest.raises(IllegalAction):
            g.apply(text)


def test_e_trap_zone_token_stacks_and_hurts_who_steps_on_it():
    sc = effect_scenario("red 1-1").zone_tokens(1, 4, damage=1).hand(1, ["red 2-1"])
    g, _ = eject(sc)
    g.apply("trap-zone p1 4")
    assert at(g, 1, C.P_ZDMG, 4) == 2
    assert_turn_passed_to_p1(g)
    ev = g.apply("play red 2-1 right")  # P1 plays into zone 4: attack 3 + 2 = 5 vs 4, a miss
    assert events_of(ev, C.E_STEP)[0][1:5] == (1, 4, 2, 0)
    assert damage_events(ev) == [(1, 2, C.SRC_TRAP)]
    assert g.health(1) == 6
    assert at(g, 1, C.P_ZDMG, 4) == 0


def test_e_trap_zone_on_own_board():
    g, _ = eject(effect_scenario("red 1-1"))
    g.apply("trap-zone p0 3")
    assert at(g, 0, C.P_ZDMG, 3) == 1 and at(g, 1, C.P_ZDMG, 3) == 0


# ================================================================ E-TRAP-CARD


def test_e_trap_card_offers_the_four_board_cards():
    g, _ = eject(effect_scenario("red 3-4"))
    expected = {"pass", "trap-card p0 1", "trap-card p0 2", "trap-card p1 2", "trap-card p1 3"}
    assert texts(g) == expected


def test_e_trap_card_whoever_ejects_that_card_takes_one_per_token():
    sc = effect_scenario("red 3-4").tokens_on_card(1, 3, damage=1).hand(1, ["red 1-2"])
    g, _ = eject(sc)
    g.apply("trap-card p1 3")
    assert at(g, 1, C.P_CDMG, 3) == 2
    assert g.health(0) == g.health(1) == 8  # nobody is hurt by placing it
    ev = g.apply("play red 1-2 left")  # P1 ejects its zone-3 bow: attack 2 + 3 = 5 vs 4
    assert events_of(ev, C.E_EJECT)[0][1:5] == (1, C.BOW_BASE + 3, 3, 2)
    assert damage_events(ev) == [(1, 2, C.SRC_TRAP)]
    assert g.health(1) == 6 and g.health(0) == 8


def test_e_trap_card_on_own_card_hurts_self_when_ejected_later():
    sc = effect_scenario("red 3-4").hand(0, [PLAY, "yellow 3-3"])
    g, _ = eject(sc)
    g.apply("trap-card p0 1")  # on the blue 1-1 just played
    assert at(g, 0, C.P_CDMG, 1) == 1
    g.apply("draw")  # P1's turn: draws 2, no token to move
    assert g.phase == "turn" and g.decider == 0
    ev = g.apply("play yellow 3-3 right")  # into zone 3, ejecting blue 1-1 from zone 1
    assert events_of(ev, C.E_EJECT)[0][2:5] == (card(sc, PLAY), 1, 1)
    assert (0, 1, C.SRC_TRAP) in damage_events(ev)
    assert g.health(0) == 7


def test_e_trap_card_tokens_stack_on_one_card():
    sc = effect_scenario("red 3-4").tokens_on_card(1, 2, damage=1)
    g, _ = eject(sc)
    g.apply("trap-card p1 2")
    assert [at(g, 1, C.P_CDMG, z) for z in (2, 3)] == [2, 0]
    assert at(g, 1, C.P_ZDMG, 2) == 0


# ================================================================ E-POWER


def test_e_power_offers_the_four_board_cards():
    g, _ = eject(effect_scenario("red 1-4"))
    assert texts(g) == {"pass", "power p0 1", "power p0 2", "power p1 2", "power p1 3"}


def test_e_power_on_own_card_is_plus_one():
    g, _ = eject(effect_scenario("red 1-4"))
    g.apply("power p0 2")
    assert (at(g, 0, C.P_CPP, 2), at(g, 0, C.P_CPM, 2)) == (1, 0)


def test_e_power_on_opponent_card_is_minus_one_and_lowers_its_hit():
    sc = effect_scenario("red 1-4")
    sc.board(1, {2: "red 1-2", 3: "red 5-2"})  # defence 1 + 2 = 3: P0's attack 4 misses
    sc.hand(1, ["yellow 5-3"])
    g, _ = eject(sc)
    g.apply("power p1 3")
    assert (at(g, 1, C.P_CPP, 3), at(g, 1, C.P_CPM, 3)) == (0, 1)
    # P1 plays left: attack 3 + 1 = 4 = P0's defence 1 + 3; red 5-2 (damage 3, -1) attacks
    g.apply("play yellow 5-3 left")
    assert g.phase == "defend" and g.decider == 0  # P0's red 3-3 could block
    assert int(g.state[C.RES_DAMAGE]) == 2
    g.apply("take")
    assert g.health(0) == 6


@pytest.mark.parametrize(
    ("effect_free_card", "plus", "minus", "expected"),
    [
        ("red 5-2", 1, 0, 4),  # damage 3 + 1
        ("red 5-2", 0, 1, 2),  # damage 3 - 1
        ("red 5-2", 0, 5, 0),  # never below 0
        ("red 3-1", 1, 3, 0),  # 1 + 1 - 3 < 0: still 0, not 1
        ("red 3-1", 2, 1, 2),  # 1 + 2 - 1
    ],
)
def test_e_power_tokens_change_the_hit_damage_never_below_zero(effect_free_card, plus, minus, expected):
    sc = effect_scenario(effect_free_card, hit=True).tokens_on_card(0, 3, plus=plus, minus=minus)
    g, ev = eject(sc)
    assert events_of(ev, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8 - expected
    assert sum(a for p, a, _s in damage_events(ev) if p == 1) == expected
    assert all(a > 0 for _p, a, _s in damage_events(ev))


def test_e_power_minus_on_a_zero_damage_card_stays_zero():
    sc = effect_scenario("red 3-3", hit=True).tokens_on_card(0, 3, minus=2)
    g, ev = eject(sc)
    assert events_of(ev, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8 and not damage_events(ev)


# ================================================================ E-REMOVE


def remove_scenario() -> Scenario:
    sc = effect_scenario("red 4-2")
    sc.zone_tokens(1, 0, damage=2)
    sc.zone_tokens(1, 5, crow=True)
    sc.tokens_on_card(1, 2, damage=1, plus=1, minus=1)
    sc.zone_tokens(0, 5, damage=1)
    sc.zone_tokens(0, 4, crow=True)
    sc.tokens_on_card(0, 2, plus=1)
    return sc


def test_e_remove_offers_each_damage_and_power_token_kind_of_zones_and_cards():
    g, _ = eject(remove_scenario())
    assert texts(g) == {
        "pass",
        "remove p1 zone-damage 0",
        "remove p1 card-damage 2",
        "remove p1 power-plus 2",
        "remove p1 power-minus 2",
        "remove p0 zone-damage 5",
        "remove p0 power-plus 2",
    }


def test_e_remove_takes_away_exactly_one_token():
    g, _ = eject(remove_scenario())
    g.apply("remove p1 zone-damage 0")
    assert at(g, 1, C.P_ZDMG, 0) == 1
    assert (at(g, 1, C.P_CDMG, 2), at(g, 1, C.P_CPP, 2), at(g, 1, C.P_CPM, 2)) == (1, 1, 1)


@pytest.mark.parametrize(
    ("text", "field"),
    [("card-damage", C.P_CDMG), ("power-plus", C.P_CPP), ("power-minus", C.P_CPM)],
)
def test_e_remove_a_card_token(text, field):
    g, _ = eject(remove_scenario())
    g.apply(f"remove p1 {text} 2")
    for f in (C.P_CDMG, C.P_CPP, C.P_CPM):
        assert at(g, 1, f, 2) == (0 if f == field else 1)


def test_e_remove_crow_tokens_never_offered():
    sc = effect_scenario("red 4-2").zone_tokens(1, 5, crow=True).zone_tokens(0, 4, crow=True)
    g, ev = eject(sc)
    assert C.E_NO_EFFECT in kinds(ev)
    assert_turn_passed_to_p1(g)
    assert at(g, 1, C.P_ZCROW, 5) == 1 and at(g, 0, C.P_ZCROW, 4) == 1
    g2, _ = eject(remove_scenario())  # crow tokens beside other tokens: still not offered
    shown = texts(g2)
    assert not any(t.startswith("remove p1") and t.endswith(" 5") for t in shown)
    assert not any(t.startswith("remove p0") and t.endswith(" 4") for t in shown)


# ================================================================ E-SWAP


def test_e_swap_offers_either_board():
    g, _ = eject(effect_scenario("red 2-3"))
    assert texts(g) == {"pass", "swap p0", "swap p1"}


def test_e_swap_keeps_block_states_and_tokens():
    sc = effect_scenario("red 2-3")
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"}, blocked=[3])  # defence 7: a miss
    sc.tokens_on_card(1, 3, damage=2, plus=1).tokens_on_card(1, 2, minus=1)
    sc.zone_tokens(1, 4, damage=1)
    g, ev = eject(sc)
    g.apply("swap p1")
    assert zone_cards(g, 1)[2:4] == [card(sc, "green 3-3"), card(sc, "blue 4-4")]
    assert [at(g, 1, C.P_ZBLOCK, z) for z in (2, 3)] == [1, 0]
    assert [at(g, 1, C.P_CDMG, z) for z in (2, 3)] == [2, 0]
    assert [at(g, 1, C.P_CPP, z) for z in (2, 3)] == [1, 0]
    assert [at(g, 1, C.P_CPM, z) for z in (2, 3)] == [0, 1]
    assert at(g, 1, C.P_ZDMG, 4) == 1  # zone tokens stay with the zone
    assert g.health(1) == 8


def test_e_swap_making_attacker_inner_numbers_equal_gives_extra_action():
    sc = effect_scenario("red 2-3").hand(0, ["red 3-1"])
    g, ev = eject(sc, play="red 3-1")  # red 3-1 | red 3-3: inner 1 + 3, no pair
    assert C.E_EXTRA not in kinds(ev)
    ev = g.apply("swap p0")  # red 3-3 | red 3-1: inner 3 = 3
    assert zone_cards(g, 0)[1:3] == [card(sc, "red 3-3"), card(sc, "red 3-1")]
    assert events_of(ev, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert g.phase == "extra" and g.decider == 0


def test_e_swap_of_opponent_board_gives_no_extra_action():
    sc = effect_scenario("red 2-3").hand(0, ["red 3-1"])
    g, _ = eject(sc, play="red 3-1")
    ev = g.apply("swap p1")
    assert C.E_EXTRA not in kinds(ev)
    assert_turn_passed_to_p1(g)


def test_e_swap_breaking_own_new_pair_gives_no_extra_action():
    sc = effect_scenario("red 2-3").hand(0, ["yellow 5-3"])
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"})  # defence 7: attack 6 misses
    g, _ = eject(sc, play="yellow 5-3")  # yellow 5-3 | red 3-3: a pair
    ev = g.apply("swap p0")  # red 3-3 | yellow 5-3: inner 3, 5
    assert C.E_EXTRA not in kinds(ev)
    assert_turn_passed_to_p1(g)


def test_e_swap_declined_keeps_the_pair_extra_action():
    sc = effect_scenario("red 2-3").hand(0, ["yellow 5-3"])
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"})
    g, _ = eject(sc, play="yellow 5-3")
    ev = g.apply("pass")
    assert events_of(ev, C.E_EXTRA)[0][2] == 1
    assert g.phase == "extra" and g.decider == 0


def test_e_swap_of_a_blocked_inner_card_gives_no_pair():
    sc = effect_scenario("red 2-3").hand(0, ["red 3-1"])
    sc.board(0, {2: MISS_PARTNER, 3: "red 2-3"}, blocked=[2])
    g, _ = eject(sc, play="red 3-1")
    ev = g.apply("swap p0")  # equal inner numbers, but red 3-3 is in block state (R-BLOCKED)
    assert at(g, 0, C.P_ZBLOCK, 1) == 1
    assert C.E_EXTRA not in kinds(ev)
    assert_turn_passed_to_p1(g)


# ================================================================ E-DRAW


def test_e_draw_offers_you_or_the_opponent():
    g, _ = eject(effect_scenario("red 2-2"))
    assert texts(g) == {"pass", "draw p0", "draw p1"}


@pytest.mark.parametrize("who", [0, 1])
def test_e_draw_draws_exactly_one_card(who):
    sc = effect_scenario("red 2-2").top(["green 5-5", "green 5-4"])
    g, _ = eject(sc)
    pile = int(g.state[C.DRAW_N])
    hands = [int(g.state[pb(q) + C.P_HAND_N]) for q in (0, 1)]
    ev = g.apply(f"draw p{who}")
    assert int(g.state[C.DRAW_N]) == pile - 1
    assert int(g.state[pb(who) + C.P_HAND_N]) == hands[who] + 1
    assert int(g.state[pb(1 - who) + C.P_HAND_N]) == hands[1 - who]
    assert int(g.state[pb(who) + C.P_HAND + hands[who]]) == card(sc, "green 5-5")
    assert [e[1:3] for e in events_of(ev, C.E_DRAW)] == [(who, card(sc, "green 5-5"))]


def test_e_draw_player_holding_four_is_not_offered():
    sc = effect_scenario("red 2-2").hand(1, ["green 5-5", "green 5-4", "green 4-2", "green 4-1"])
    g, _ = eject(sc)
    assert texts(g) == {"pass", "draw p0"}


def test_e_draw_both_holding_four_means_no_target():
    sc = effect_scenario("red 2-2")
    sc.hand(0, [PLAY, "yellow 5-4", "yellow 4-4", "yellow 4-1", "yellow 3-3"])
    sc.hand(1, ["green 5-5", "green 5-4", "green 4-2", "green 4-1"])
    g, ev = eject(sc)
    assert int(g.state[pb(0) + C.P_HAND_N]) == 4
    assert events_of(ev, C.E_NO_EFFECT)[0][2:4] == (card(sc, "red 2-2"), C.EFFECT_DRAW)
    assert g.phase == "turn" and g.decider == 1


def test_e_draw_from_an_empty_pile_reshuffles_the_discards():
    sc = effect_scenario("red 2-2").no_draw_pile()
    g, _ = eject(sc)
    assert int(g.state[C.DRAW_N]) == 0 and int(g.state[C.DISC_N]) > 0
    assert texts(g) == {"pass", "draw p0", "draw p1"}
    discards = int(g.state[C.DISC_N])
    ev = g.apply("draw p1")
    assert events_of(ev, C.E_RESHUFFLE)[0][2] == discards
    assert int(g.state[pb(1) + C.P_HAND_N]) == 1
    assert int(g.state[C.DRAW_N]) == discards - 1


def test_e_draw_nothing_to_draw_means_no_target():
    sc = effect_scenario("red 2-2", rules={"reshuffle": "off"}).no_draw_pile().hand(1, ["green 5-5"])
    g, ev = eject(sc)
    assert events_of(ev, C.E_NO_EFFECT)[0][2:4] == (card(sc, "red 2-2"), C.EFFECT_DRAW)
    assert_turn_passed_to_p1(g)


# ================================================================ E-COPY / D-COPY


def copy_scenario(rules=None) -> Scenario:
    """P0 ejects the copy card red 4-5 by playing red 1-4 (power); P1 shows a trap-zone
    card and a copy card (defence 2 + 1 = 3; P0's attack 4 + 3 = 7 misses)."""
    sc = effect_scenario("red 4-5", rules=rules).hand(0, ["red 1-4"])
    sc.board(1, {2: "blue 2-2", 3: "blue 2-1"})
    return sc


def test_e_copy_offers_the_board_cards_with_an_effect():
    g, _ = eject(copy_scenario(), play="red 1-4")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_COPY
    # red 1-4 (power) on P0's zone 1 and blue 2-2 (trap-zone) on P1's zone 2; not the
    # plain red 3-3 nor the copy card blue 2-1 (D-COPY)
    assert texts(g) == {"pass", "copy p0 1", "copy p1 2"}


def test_e_copy_applies_the_copied_effect_exactly():
    sc = copy_scenario()
    g, _ = eject(sc, play="red 1-4")
    ev = g.apply("copy p1 2")
    assert g.phase == "effect" and g.decider == 0
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    assert texts(g) == {"pass"} | {f"trap-zone p0 {z}" for z in (0, 3, 4, 5)} | {
        f"trap-zone p1 {z}" for z in (0, 1, 4, 5)
    }
    ev += g.apply("trap-zone p1 4")
    assert [e[2] for e in events_of(ev, C.E_EFFECT)] == [C.EFFECT_COPY, C.EFFECT_TRAP_ZONE]
    assert at(g, 1, C.P_ZDMG, 4) == 1
    assert_turn_passed_to_p1(g)


def test_e_copy_of_power_belongs_to_the_copier():
    g, _ = eject(copy_scenario(), play="red 1-4")
    g.apply("copy p0 1")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_POWER
    g.apply("power p1 2")
    assert (at(g, 1, C.P_CPP, 2), at(g, 1, C.P_CPM, 2)) == (0, 1)


def test_e_copy_of_a_swap_that_makes_a_pair_gives_extra_action():
    sc = effect_scenario("red 4-5").hand(0, ["red 3-1"])
    sc.board(1, {2: "green 4-4", 3: "green 3-3"})  # green 4-4 swap; defence 7, attack 4
    g, _ = eject(sc, play="red 3-1")
    g.apply("copy p1 2")
    assert texts(g) == {"pass", "swap p0", "swap p1"}
    ev = g.apply("swap p0")
    assert events_of(ev, C.E_EXTRA)[0][2:4] == (1, C.EXTRA_PAIR)
    assert g.phase == "extra"


def test_e_copy_copied_effect_may_be_declined():
    g, _ = eject(copy_scenario(), play="red 1-4")
    g.apply("copy p1 2")
    ev = g.apply("pass")
    assert C.E_DECLINE in kinds(ev)
    assert sum(at(g, q, C.P_ZDMG, z) for q in (0, 1) for z in range(6)) == 0
    assert_turn_passed_to_p1(g)


def test_d_copy_cannot_copy_a_copy():
    sc = effect_scenario("red 4-5")
    sc.board(1, {2: "blue 2-1", 3: "green 3-4"})  # two copy cards; defence 2 + 4 = 6, attack 4
    g, ev = eject(sc)
    assert events_of(ev, C.E_NO_EFFECT)[0][2:4] == (card(sc, "red 4-5"), C.EFFECT_COPY)
    assert_turn_passed_to_p1(g)


def copy_chain_scenario(rules=None) -> Scenario:
    """P1: copy card blue 2-1 and trap-zone yellow 4-2 (defence 4); P0 attacks 2 + 3 = 5."""
    sc = effect_scenario("red 4-5", rules=rules).hand(0, ["yellow 1-2"])
    sc.board(1, {2: "blue 2-1", 3: "yellow 4-2"})
    return sc


def test_d_copy_default_copy_card_on_board_not_offered():
    g, _ = eject(copy_chain_scenario(), play="yellow 1-2")
    assert texts(g) == {"pass", "copy p1 3"}


def test_d_copy_copy_copy_on_option_allows_one_copy_of_a_copy():
    g, _ = eject(copy_chain_scenario(rules={"copy_copy": "on"}), play="yellow 1-2")
    assert texts(g) == {"pass", "copy p1 2", "copy p1 3"}
    g.apply("copy p1 2")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_COPY
    assert texts(g) == {"pass", "copy p1 3"}  # the chain stops: no copy of a copy of a copy
    g.apply("copy p1 3")
    assert int(g.state[C.RES_EFFECT]) == C.EFFECT_TRAP_ZONE
    ev = g.apply("trap-zone p1 0")
    assert at(g, 1, C.P_ZDMG, 0) == 1
    assert [e[2] for e in events_of(ev, C.E_EFFECT)] == [C.EFFECT_TRAP_ZONE]
    assert_turn_passed_to_p1(g)


# ================================================================ all effects in real games


def token_sum(S: np.ndarray, *fields: int) -> int:
    return sum(int(S[pb(q) + f + z]) for q in (0, 1) for f in fields for z in range(C.N_ZONES))


def board_cards(S: np.ndarray, q: int) -> list[int]:
    return [int(c) for c in S[pb(q) + C.P_ZCARD : pb(q) + C.P_ZCARD + C.N_ZONES] if c != C.NO_CARD]


def check_effect_target(g: Game, code: int) -> None:
    """Apply CODE to a copy of G (an effect decision) and check the state and the effect."""
    effect, owner = int(g.state[C.RES_EFFECT]), g.decider
    t = Game(g.state.copy(), g.table, g.opts, g.deck)
    before = t.state.copy()
    health = np.full(2, 1 << 40, dtype=np.int64)
    t.apply(code)
    assert check_state(t.state, t.table, t.opts, health, np.zeros(C.MAX_LEGAL, dtype=np.int64)) == INV_OK
    if code == C.A_PASS:
        return
    q = (code - C.A_TARGET) // C.TARGET_SPAN
    S = t.state
    if effect == C.EFFECT_TRAP_ZONE:
        assert token_sum(S, C.P_ZDMG) == token_sum(before, C.P_ZDMG) + 1
    elif effect == C.EFFECT_TRAP_CARD:
        assert token_sum(S, C.P_CDMG) == token_sum(before, C.P_CDMG) + 1
    elif effect == C.EFFECT_POWER:
        field = C.P_CPP if q == owner else C.P_CPM
        assert token_sum(S, field) == token_sum(before, field) + 1
    elif effect == C.EFFECT_REMOVE:
        kinds_ = (C.P_ZDMG, C.P_CDMG, C.P_CPP, C.P_CPM)
        assert token_sum(S, *kinds_) == token_sum(before, *kinds_) - 1
        assert token_sum(S, C.P_ZCROW) == token_sum(before, C.P_ZCROW)
    elif effect == C.EFFECT_SWAP:
        assert board_cards(S, q) == board_cards(before, q)[::-1]
    elif effect == C.EFFECT_SLIDE:
        assert board_cards(S, q) == board_cards(before, q)
    elif effect == C.EFFECT_DRAW:
        hand_n = pb(q) + C.P_HAND_N
        assert S[hand_n] == before[hand_n] + 1 and S[hand_n] <= 4


@pytest.mark.parametrize("seed", range(6))
def test_r_effect_every_offered_target_in_seeded_games(seed):
    """At every effect decision of a random game, each legal target keeps the state sound
    and does what its effect says."""
    seen = set()
    rules = {"copy_copy": "on"} if seed % 2 else None
    for g, _prng in seeded_steps(seed, (C.PLAYER_RANDOM, C.PLAYER_RANDOM), rules=rules):
        if g.phase != "effect":
            continue
        seen.add(int(g.state[C.RES_EFFECT]))
        for code in g.legal_codes():
            check_effect_target(g, code)
    assert len(seen) >= 4


def test_h_crow_slide_across_destroys_crow_tokens_under_the_landing_option_too():
    # slide_tokens=landing spares the damage tokens passed over, not crow tokens (H-CROW)
    sc = effect_scenario("red 3-5", rules={"slide_tokens": "landing"})
    sc.board(1, {0: "yellow 3-3", 1: "green 3-3"})
    sc.zone_tokens(1, 2, crow=True).zone_tokens(1, 2, damage=1, crow=True)
    g, _ = eject(sc)
    g.apply("slide p1 to 3")  # zone 2 is only passed over
    assert at(g, 1, C.P_ZCROW, 2) == 0
    assert at(g, 1, C.P_ZDMG, 2) == 1
    assert g.health(1) == 8


def test_e_copy_does_not_offer_a_card_whose_effect_has_no_target():
    # P1 shows the remove card green 2-2 and no token lies anywhere: nothing to copy
    sc = effect_scenario("red 4-5")
    sc.board(1, {2: "green 2-2", 3: "green 3-3"})
    g, ev = eject(sc)
    assert events_of(ev, C.E_NO_EFFECT)[0][2:4] == (card(sc, "red 4-5"), C.EFFECT_COPY)
    assert_turn_passed_to_p1(g)


def test_e_copy_offers_the_remove_card_once_a_token_lies_on_the_boards():
    sc = effect_scenario("red 4-5")
    sc.board(1, {2: "green 2-2", 3: "green 3-3"})
    sc.zone_tokens(1, 5, damage=1)
    g, _ = eject(sc)
    assert texts(g) == {"pass", "copy p1 2"}
    g.apply("copy p1 2")
    assert texts(g) == {"pass", "remove p1 zone-damage 5"}
