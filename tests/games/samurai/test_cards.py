"""Samurai Sword's cards (docs/samurai.md): Battle Cry and Jujutsu, Hanzo's parry, Breathing,
Diversion, Geisha, Tea Ceremony, Daimyo and Bushido; each rule or decision by its id."""

from __future__ import annotations

import pytest
from support.samurai import Table

from emr_sim.games.samurai.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def table(n=4, **rules) -> Table:
    t = Table(n, characters="vanilla", **rules)
    t.set_roles(*((L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA, L.RONIN)[:n]))
    for s in range(n):
        t.set_hand(s, Tea_Ceremony=1)
    t.turn_of(0)
    return t


def test_ss_d_area_order_battle_cry_goes_round_from_the_left_each_answers_or_is_wounded():
    t = table(5)
    t.turn_of(2)
    t.set_hand(2, Battle_Cry=1)
    t.set_hand(3, Parry=1)
    t.set_hand(0, Parry=2)
    t.play("Battle Cry")
    assert t.decider() == 3  # the left first
    t.answer("Parry")
    assert t.hp(4) == 4 and t.decider() == 0  # seat 4 had no Parry: wounded, then seat 0
    t.answer()
    assert t.decider() == 1 or t.decider() == 2
    assert [t.hp(s) for s in range(5)] == [4, 4, 5, 5, 4]
    assert t.hand(3) == {} and t.hand(0) == {"Parry": 2}


def test_ss_named_jujutsu_is_answered_with_a_weapon():
    t = table(4)
    t.set_hand(0, Jujutsu=1)
    t.set_hand(1, Parry=1)
    t.set_hand(2, Bo=1, Katana=1)
    t.play("Jujutsu")
    assert t.hp(1) == 4 and t.decider() == 2
    assert sorted(t.legal()) == sorted([L.A_RESPOND + t.kind("Bo"), L.A_RESPOND + t.kind("Katana"), L.A_TAKE])
    t.answer("Bo")
    assert t.hand(2) == {"Katana": 1} and t.hp(3) == 4 and t.decider() == 0


def test_ss_d_hanzo_parries_with_a_weapon_unless_it_is_his_only_card():
    t = Table(4)
    t.set_roles(L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA)
    for s in range(4):
        t.set_char(s, "Hideyoshi")
        t.set_hand(s, Tea_Ceremony=1)
    t.set_char(1, "Hanzo")
    t.turn_of(0)
    t.set_hand(0, Katana=1, Battle_Cry=1, Focus=1)
    t.set_hand(1, Bo=1)
    t.play("Battle Cry")  # his only card: no answer
    assert t.hp(1) == 3
    t.set_hand(1, Bo=1, Kiseru=1)
    t.play("Focus")
    t.play("Katana", 1)
    assert sorted(t.legal()) == sorted([L.A_RESPOND + t.kind("Bo"), L.A_RESPOND + t.kind("Kiseru"), L.A_TAKE])
    t.answer("Bo")
    assert t.hp(1) == 3 and t.hand(1) == {"Kiseru": 1}


def test_ss_named_breathing_heals_fully_and_another_player_draws():
    t = table(4)
    t.put(0, L.ST_HP, 1)
    t.set_hand(0, Breathing=1)
    t.set_pile("Katana", "Bo")
    assert sorted(a % L.PLAY_STRIDE // L.SUB_OPTIONS for a in t.legal() if a < L.A_END) == [1, 2, 3]
    t.play("Breathing", 2)
    assert t.hp(0) == 5 and t.hand(2) == {"Tea Ceremony": 1, "Katana": 1}


def test_ss_named_diversion_takes_a_random_card_of_another_hand():
    t = table(4)
    t.set_hand(0, Diversion=1)
    t.set_hand(3, Katana=1)
    t.set_hand(1)
    targets = sorted(a % L.PLAY_STRIDE // L.SUB_OPTIONS for a in t.legal() if a < L.A_END)
    assert targets == [2, 3]  # only players with cards
    t.play("Diversion", 3)
    assert t.hand(0) == {"Katana": 1} and t.hand(3) == {}


def test_ss_d_geisha_a_property_in_play_own_included_or_a_random_card_of_another_hand():
    t = table(4)
    t.set_hand(0, Geisha=2)
    t.set_props(0, Bushido=1)
    t.set_props(2, Armor=1)
    geisha = t.kind("Geisha")
    choices = sorted(
        (a % L.PLAY_STRIDE // L.SUB_OPTIONS, a % L.SUB_OPTIONS) for a in t.legal() if a < L.A_END
    )
    armor, bushido = t.kind("Armor") + 1, t.kind("Bushido") + 1
    assert choices == [(0, bushido), (1, 0), (2, 0), (2, armor), (3, 0)]
    t.apply(geisha * L.PLAY_STRIDE + 0 * L.SUB_OPTIONS + bushido)
    assert t.in_play(0) == {}
    t.apply(geisha * L.PLAY_STRIDE + 3 * L.SUB_OPTIONS)
    assert t.hand(3) == {}


def test_ss_named_tea_ceremony_three_cards_and_one_for_every_other_player():
    t = table(4)
    t.set_hand(0, Tea_Ceremony=1)
    t.set_pile("Bo", "Katana", "Geisha", "Armor", "Parry", "Focus", "Bokken")
    t.play("Tea Ceremony")
    assert t.hand(0) == {"Bo": 1, "Katana": 1, "Geisha": 1}
    assert t.hand(1)["Armor"] == 1 and t.hand(2)["Parry"] == 1 and t.hand(3)["Focus"] == 1


def bushido_table(turned: str, **rules) -> Table:
    t = table(4, **rules)
    t.set_props(1, Bushido=1)
    t.set_pile(turned, "Tea Ceremony", "Geisha", "Bo", "Bo")
    t.set_hand(0, Parry=1)
    return t


def test_ss_d_bushido_flip_a_non_weapon_passes_bushido_left():
    t = bushido_table("Parry")
    t.apply(L.A_END)
    assert t.in_play(1) == {} and t.in_play(2) == {"Bushido": 1} and t.S[L.H_PHASE] == L.PH_PLAY


def test_ss_d_bushido_flip_a_weapon_costs_a_weapon_or_an_honour():
    t = bushido_table("Katana")
    t.set_hand(1, Bo=1)
    t.apply(L.A_END)
    assert t.S[L.H_PHASE] == L.PH_BUSHIDO and t.decider() == 1
    assert sorted(t.legal()) == [L.A_TAKE, L.A_RESPOND + t.kind("Bo")]
    t.answer("Bo")
    assert (
        t.in_play(2) == {"Bushido": 1} and t.honour(1) == 3 and t.hand(1) == {"Tea Ceremony": 1, "Geisha": 1}
    )
    t = bushido_table("Katana")
    t.set_hand(1)  # no Weapon: the honour
    t.apply(L.A_END)
    assert t.honour(1) == 2 and t.in_play(1) == {} and t.in_play(2) == {}


def test_ss_d_bushido_flip_honour_lost_to_bushido_can_end_the_game():
    t = bushido_table("Katana")
    t.set_hand(1)
    t.put(1, L.ST_HONOUR, 1)
    t.apply(L.A_END)
    assert t.over() and t.S[L.H_END] == L.END_BUSHIDO


def test_ss_3p_the_shogun_loses_no_honour_to_bushido():
    t = Table(3, characters="vanilla")
    t.set_roles(L.NINJA, L.SHOGUN, L.NINJA)
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.set_hand(1)
    t.set_props(1, Bushido=1)
    t.put(1, L.ST_HONOUR, 6)
    t.set_pile("Katana", "Bo", "Bo", "Bo", "Bo")
    t.apply(L.A_END)
    assert t.honour(1) == 6 and t.in_play(1) == {} and t.S[L.H_EXHAUSTS] == 0


def test_ss_d_bushido_one_one_in_play_at_all_or_by_the_option_one_per_player():
    t = table(4)
    t.set_hand(0, Bushido=1)
    t.set_props(2, Bushido=1)
    assert not any(a < L.A_END for a in t.legal())  # one Bushido is in play already
    t = table(4, bushido_limit="player")
    t.set_hand(0, Bushido=1)
    t.set_props(2, Bushido=1)
    targets = sorted(a % L.PLAY_STRIDE // L.SUB_OPTIONS for a in t.legal() if a < L.A_END)
    assert targets == [0, 1, 3]


def test_ss_property_bushido_never_stacks_when_passed_on_under_the_player_option():
    t = bushido_table("Parry", bushido_limit="player")
    t.set_props(2, Bushido=1)
    t.apply(L.A_END)
    assert t.in_play(2) == {"Bushido": 1} and t.in_play(3) == {"Bushido": 1}
