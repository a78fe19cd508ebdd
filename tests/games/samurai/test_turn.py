"""Samurai Sword's turn (docs/samurai.md): its phases, drawing, playing, the hand limit and the
draw pile's exhaustion, each rule by its id, on positions set by hand."""

from __future__ import annotations

import pytest
from support.samurai import Table

from emr_sim.games.samurai.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def table(n=4, **rules) -> Table:
    t = Table(n, characters="vanilla", **rules)
    t.set_roles(*([L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA, L.RONIN, L.NINJA, L.SAMURAI][:n]))
    return t


def test_ss_order_turns_go_clockwise_from_the_shogun():
    t = table(5)
    t.turn_of(3)
    turns = []
    for _ in range(6):
        t.set_hand(int(t.S[L.H_TURN]), Parry=1)
        t.apply(L.A_END)
        turns.append(int(t.S[L.H_TURN]))
    assert turns == [4, 0, 1, 2, 3, 4]


def test_ss_turn_recover_bushido_draw_then_play_in_this_order():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.put(1, L.ST_HP, 0)  # knocked down: recovers first
    t.set_props(1, Bushido=1)
    t.set_pile("Parry", "Tea Ceremony", "Geisha", "Bo")  # Bushido turns up the Parry: no Weapon
    t.set_hand(1, Bokken=1)
    t.apply(L.A_END)
    assert t.decider() == 1 and t.S[L.H_PHASE] == L.PH_PLAY
    assert t.hp(1) == 5  # SS-RECOVER
    assert t.in_play(2) == {"Bushido": 1}  # passed on after the card turned up
    assert t.hand(1) == {"Bokken": 1, "Tea Ceremony": 1, "Geisha": 1}  # then the draw
    assert t.S[L.DISC_BASE + t.S[L.H_DISC_N] - 1] == t.kind("Parry")  # the card turned up


def test_ss_recover_only_a_player_at_zero_resilience():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.put(1, L.ST_HP, 2)
    t.apply(L.A_END)
    assert t.hp(1) == 2


def test_ss_draw_two_cards_from_the_top():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.set_hand(1)
    t.set_pile("Katana", "Geisha", "Bo")
    t.apply(L.A_END)
    assert t.hand(1) == {"Katana": 1, "Geisha": 1} and t.S[L.H_DRAW_N] == 1


def test_ss_play_any_number_of_cards_or_none():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Armor=1, Fast_Draw=1, Tea_Ceremony=1)
    assert L.A_END in t.legal()  # none
    t.play("Armor")
    t.play("Fast Draw")
    t.play("Tea Ceremony")
    assert t.in_play(0) == {"Armor": 1, "Fast Draw": 1} and t.decider() == 0


def test_ss_discard_down_to_seven_and_ss_d_hand_the_holder_chooses():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Parry=5, Bokken=3, Katana=1)
    t.apply(L.A_END)
    assert t.S[L.H_PHASE] == L.PH_DISCARD and t.decider() == 0
    assert sorted(t.legal()) == sorted(L.A_DISCARD + t.kind(c) for c in ("Parry", "Bokken", "Katana"))
    t.apply(L.A_DISCARD + t.kind("Bokken"))
    assert t.S[L.H_PHASE] == L.PH_DISCARD
    t.apply(L.A_DISCARD + t.kind("Bokken"))
    assert t.hand(0) == {"Parry": 5, "Bokken": 1, "Katana": 1} and t.S[L.H_TURN] == 1


def weapon_actions(t: Table) -> list[int]:
    return [a for a in t.legal() if a < L.A_END and t.cards.CT[a // L.PLAY_STRIDE, L.CT_TYPE] == L.WEAPON]


def test_ss_weapon_limit_one_a_turn_one_more_per_focus():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Bokken=3, Focus=1)
    for s in (1, 3):
        t.set_hand(s, Tea_Ceremony=1)
    t.play("Bokken", 1)  # no Parry in hand: it lands at once
    assert weapon_actions(t) == []
    t.play("Focus")
    assert weapon_actions(t) != []  # the Focus counts at once
    t.play("Bokken", 3)
    assert weapon_actions(t) == []


def test_ss_action_acts_at_once_and_is_discarded():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Daimyo=1)
    t.set_pile("Bo", "Katana", "Parry")
    t.set_discard()
    t.play("Daimyo")
    assert t.hand(0) == {"Bo": 1, "Katana": 1}
    assert t.S[L.H_DISC_N] == 1 and t.S[L.DISC_BASE] == t.kind("Daimyo")


def test_ss_property_stays_in_play_and_stacks():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Armor=2)
    t.play("Armor")
    t.play("Armor")
    assert t.in_play(0) == {"Armor": 2} and t.S[L.H_DISC_N] == 0
    t.apply(L.A_END)
    assert t.in_play(0) == {"Armor": 2}


def test_ss_exhaust_every_player_loses_one_honour_and_the_discard_pile_becomes_the_pile():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Daimyo=1)
    t.set_pile("Bo", "Katana")
    t.set_discard("Geisha", "Parry", "Armor")
    before = [t.honour(s) for s in range(4)]
    t.play("Daimyo")  # draws the last two cards: the pile is empty
    assert [t.honour(s) for s in range(4)] == [h - 1 for h in before]
    assert t.S[L.H_EXHAUSTS] == 1 and t.S[L.H_DISC_N] == 0 and t.S[L.H_DRAW_N] == 4  # Daimyo too
    assert t.hand(0) == {"Bo": 1, "Katana": 1}


def test_ss_d_exhaust_the_option_waits_for_a_card_to_be_drawn():
    t = table(4, exhaust="draw")
    t.turn_of(0)
    t.set_hand(0, Daimyo=1, Tea_Ceremony=1)
    t.set_pile("Bo", "Katana")
    t.set_discard("Geisha", "Parry", "Armor")
    t.play("Daimyo")
    assert t.S[L.H_EXHAUSTS] == 0 and t.S[L.H_DRAW_N] == 0
    t.play("Tea Ceremony")  # the first card of three must come from the empty pile
    assert t.S[L.H_EXHAUSTS] == 1


def test_ss_d_exhaust_an_empty_pile_with_an_empty_discard_pile_skips_the_draw():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Daimyo=1)
    t.set_pile()
    t.set_discard()
    # Daimyo itself is discarded first: the empty pile is refilled with it (an exhaustion),
    # drawn, and the pile is empty again (a second one); the second draw finds nothing
    t.play("Daimyo")
    assert t.S[L.H_EXHAUSTS] == 2 and t.hand(0) == {"Daimyo": 1}
    assert t.S[L.H_DRAW_N] == 0 and t.S[L.H_DISC_N] == 0


def test_ss_d_kinds_one_action_per_kind_and_target_whatever_the_copies():
    t = table(4)
    t.turn_of(0)
    t.set_hand(0, Tea_Ceremony=3)
    assert t.legal() == [t.action("Tea Ceremony", 0), L.A_END]


def test_ss_d_cap_the_game_is_a_draw_after_the_cap():
    t = table(4, cap=100)
    t.S[L.H_TURNS] = 100
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.apply(L.A_END)
    assert t.over() and t.S[L.H_END] == L.END_CAP
    res = t.results()
    assert res[:, 1].tolist() == [1, 1, 1, 1] and res[:, 0].tolist() == [0, 0, 0, 0]  # RS_DRAW, RS_WIN
