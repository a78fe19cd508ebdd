"""Samurai Sword's attacks and knock-downs (docs/samurai.md): distance, Weapons, harmless
players, Parry, damage, honour for a knock-down, the special victory, and the characters'
abilities that bear on them; each rule by its id, on positions set by hand."""

from __future__ import annotations

import pytest
from support.samurai import Table

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.combat import distance

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

ROLES7 = (L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA, L.RONIN, L.NINJA, L.SAMURAI)


def table(n=7, **rules) -> Table:
    t = Table(n, characters="vanilla", **rules)
    t.set_roles(*ROLES7[:n])
    for s in range(n):
        t.set_hand(s, Tea_Ceremony=1)  # a card each: nobody harmless
    t.turn_of(0)
    return t


def targets(t: Table, weapon: str) -> list[int]:
    k = t.kind(weapon)
    return sorted(
        a % L.PLAY_STRIDE // L.SUB_OPTIONS for a in t.legal() if a < L.A_END and a // L.PLAY_STRIDE == k
    )


def published(n=7) -> Table:
    """Every seat Hideyoshi (an ability of the draw phase only), one card each."""
    t = Table(n)
    t.set_roles(*ROLES7[:n])
    for s in range(n):
        t.set_char(s, "Hideyoshi")
        t.set_hand(s, Tea_Ceremony=1)
    t.turn_of(0)
    return t


def test_ss_distance_neighbours_at_one_the_shorter_way_round():
    t = table(7)
    assert [distance(t.S, 0, b) for b in range(1, 7)] == [1, 2, 3, 3, 2, 1]


def test_ss_weapon_range_and_damage_ss_d_range_the_difficulty_within_the_range():
    t = table(7)
    t.set_hand(0, Bokken=1, Shuriken=1, Tanegashima=1)
    assert targets(t, "Bokken") == [1, 6]
    assert targets(t, "Shuriken") == [1, 2, 3, 4, 5, 6]
    t.set_props(1, Armor=1)  # +1 difficulty
    t.set_props(2, Armor=2)
    assert targets(t, "Bokken") == [6]
    assert targets(t, "Shuriken") == [1, 3, 4, 5, 6]
    t.play("Tanegashima", 4)  # range 5, damage 1
    assert t.hp(4) == 4


def test_ss_harmless_skipped_in_distance_never_a_target():
    t = table(7)
    t.set_hand(0, Bokken=1)
    t.set_hand(1)  # no card: harmless
    assert distance(t.S, 0, 2) == 1 and targets(t, "Bokken") == [2, 6]
    t.set_hand(1, Parry=1)
    t.put(1, L.ST_HP, 0)  # knocked down: harmless
    assert targets(t, "Bokken") == [2, 6]


def test_ss_d_harmless_now_an_area_card_skips_the_harmless():
    t = table(4)
    t.set_hand(0, Battle_Cry=1)
    t.set_hand(2)  # harmless: no card
    t.put(3, L.ST_HP, 0)  # harmless: knocked down
    t.play("Battle Cry")
    assert [t.hp(s) for s in range(4)] == [5, 4, 5, 0]


def test_ss_parry_stops_the_weapon_ss_d_parry_or_the_target_takes_it():
    t = table(4)
    t.set_hand(0, Katana=2, Focus=1)
    t.play("Focus")
    t.set_hand(1, Parry=1, Bo=1)
    t.play("Katana", 1)
    assert t.decider() == 1 and t.S[L.H_PHASE] == L.PH_PARRY
    assert sorted(t.legal()) == sorted([L.A_RESPOND + t.kind("Parry"), L.A_TAKE])  # only a Parry answers
    t.answer("Parry")
    assert t.hp(1) == 5 and t.hand(1) == {"Bo": 1} and t.decider() == 0
    t.set_hand(1, Parry=1, Bo=1)
    t.play("Katana", 1)
    t.answer()  # declines
    assert t.hp(1) == 2 and t.hand(1) == {"Parry": 1, "Bo": 1}


def test_ss_parry_no_one_parries_for_another_player():
    t = table(4)
    t.set_hand(0, Katana=1)
    t.set_hand(1)
    t.set_hand(2, Parry=3)
    t.set_hand(1, Bo=1)
    t.play("Katana", 1)
    assert t.decider() == 0 and t.hp(1) == 2  # seat 2's Parries are no answer for seat 1


def test_ss_damage_excess_ignored_knocked_down_and_harmless_but_in_the_game():
    t = table(4)
    t.set_hand(0, Katana=1)
    t.put(1, L.ST_HP, 2)
    t.play("Katana", 1)
    assert t.hp(1) == 0 and not t.over()
    t.set_hand(0, Bo=1)
    t.S[L.H_WEAPONS] = 0
    assert targets(t, "Bo") == [2, 3]  # seat 1 is harmless: seat 2 is now at distance 1
    t.apply(L.A_END)  # seat 1's turn: it recovers
    assert t.S[L.H_TURN] == 1 and t.hp(1) == 5


def test_ss_ko_the_knocked_down_player_gives_one_honour_ss_d_ko_credit():
    t = table(4)
    t.set_hand(0, Katana=1)
    t.put(2, L.ST_HP, 3)
    h0, h2 = t.honour(0), t.honour(2)
    t.play("Katana", 2)
    assert t.honour(0) == h0 + 1 and t.honour(2) == h2 - 1


def test_ss_ko_also_by_battle_cry_and_jujutsu():
    t = table(4)
    t.set_hand(0, Battle_Cry=1, Jujutsu=1)
    t.put(1, L.ST_HP, 1)
    t.put(3, L.ST_HP, 2)
    h = [t.honour(s) for s in range(4)]
    t.play("Battle Cry")
    t.play("Jujutsu")
    assert [t.honour(s) for s in range(4)] == [h[0] + 2, h[1] - 1, h[2], h[3] - 1]


def test_ss_last_one_player_left_with_resilience_wins_for_its_team_ss_d_last_order():
    t = table(4)
    t.set_hand(0, Battle_Cry=1)
    for s in (1, 2, 3):
        t.put(s, L.ST_HP, 1)
    honours = [t.honour(s) for s in range(4)]
    t.play("Battle Cry")
    assert t.over() and t.S[L.H_END] == L.END_LAST and t.S[L.H_LAST_TEAM] == L.TEAM_SHOGUN
    # seats 1 and 2 gave their honour; seat 3's knock-down ended it first (no transfer)
    assert [t.honour(s) for s in range(4)] == [honours[0] + 2, honours[1] - 1, honours[2] - 1, honours[3]]
    res = t.results()
    assert res[:, 0].tolist() == [1, 1, 0, 0]  # RS_WIN: the Shogun's team, whatever the score


def test_ss_last_completed_on_a_teammate_is_scored_with_the_fatal_blow():
    t = table(4)  # Shogun, Samurai, Ninja, Ninja
    t.set_hand(0, Katana=1)
    for s in (2, 3):
        t.put(s, L.ST_HP, 0)
    t.put(1, L.ST_HP, 3)
    t.play("Katana", 1)  # the Shogun knocks down its Samurai, the last other standing
    assert t.over() and t.S[L.H_END] == L.END_LAST
    assert t.S[L.H_LAST_TEAM] == -1 and t.S[L.H_FATAL_TEAM] == L.TEAM_SHOGUN


def test_ss_3p_no_special_victory_at_three_players():
    t = Table(3, characters="vanilla")
    t.set_roles(L.SHOGUN, L.NINJA, L.NINJA)
    t.turn_of(0)
    t.set_hand(0, Battle_Cry=1)
    for s in (1, 2):
        t.set_hand(s, Bo=1)
        t.put(s, L.ST_HP, 1)
    t.play("Battle Cry")
    assert not t.over()


def test_ss_3p_the_shogun_draws_one_more_and_plays_two_weapons():
    t = Table(3, characters="vanilla")
    t.set_roles(L.NINJA, L.SHOGUN, L.NINJA)
    t.turn_of(0)
    t.set_hand(0, Parry=1)
    t.set_hand(1)
    t.set_hand(2, Parry=1)
    t.set_pile("Bokken", "Bokken", "Bokken", "Parry")
    t.apply(L.A_END)
    assert t.S[L.H_TURN] == 1 and t.hand(1) == {"Bokken": 3}
    t.play("Bokken", 0)
    t.answer()
    t.play("Bokken", 2)
    t.answer()
    assert targets(t, "Bokken") == []  # two a turn


# ---------------------------------------------------------------- characters (SS-CHARS)
def test_ss_chars_benkei_is_attacked_at_one_more_difficulty():
    t = published(4)
    t.set_char(1, "Benkei")
    t.set_hand(0, Bokken=1)
    assert targets(t, "Bokken") == [3]


def test_ss_chars_chiyome_is_wounded_by_weapons_only():
    t = published(4)
    t.set_char(1, "Chiyome")
    t.set_hand(0, Battle_Cry=1, Jujutsu=1, Bokken=1)
    t.play("Battle Cry")
    t.play("Jujutsu")
    assert t.hp(1) == 4 and t.hp(2) == 2
    t.play("Bokken", 1)
    assert t.hp(1) == 3


def test_ss_chars_ginchiyo_takes_one_wound_less_at_least_one():
    t = published(4)
    t.set_char(1, "Ginchiyo")
    t.set_hand(0, Katana=1, Bokken=1, Focus=1)
    t.play("Focus")
    t.play("Katana", 1)
    assert t.hp(1) == 2
    t.play("Bokken", 1)
    assert t.hp(1) == 1


def test_ss_chars_goemon_plays_one_more_weapon():
    t = published(4)
    t.set_char(0, "Goemon")
    t.set_hand(0, Bokken=3)
    t.play("Bokken", 1)
    t.play("Bokken", 3)
    assert targets(t, "Bokken") == []


def test_ss_chars_musashi_and_fast_draw_add_wounds_to_weapons_only():
    t = published(4)
    t.set_char(0, "Musashi")
    t.set_props(0, Fast_Draw=1)
    t.set_hand(0, Bokken=1, Battle_Cry=1)
    t.play("Bokken", 1)
    assert t.hp(1) == 1  # 1 + 1 + 1
    t.play("Battle Cry")
    assert t.hp(2) == 3 and t.hp(3) == 3


def test_ss_chars_kojiro_reaches_any_difficulty():
    t = published(7)
    t.set_char(0, "Kojiro")
    t.set_props(3, Armor=2)
    t.set_hand(0, Bokken=1)
    assert targets(t, "Bokken") == [1, 2, 3, 4, 5, 6]


def test_ss_chars_tomoe_draws_for_a_weapon_that_wounds_ushiwaka_per_wound_ss_d_wounds():
    t = published(4)
    t.set_char(0, "Tomoe")
    t.set_char(1, "Ushiwaka", hp=2)
    t.set_hand(0, Katana=1)
    t.set_hand(1, Bo=1)
    t.set_pile("Parry", "Geisha", "Armor", "Bo")
    t.play("Katana", 1)  # 3 wounds, 2 lost
    assert t.hand(1) == {"Bo": 1, "Parry": 1, "Geisha": 1}
    assert t.hand(0) == {"Armor": 1}


def test_ss_chars_nobunaga_gives_resilience_never_the_last_for_a_card():
    t = published(4)
    t.set_char(0, "Nobunaga", hp=2)
    t.set_pile("Katana", "Bo")
    assert L.A_NOBUNAGA in t.legal()
    t.apply(L.A_NOBUNAGA)
    assert t.hp(0) == 1 and t.hand(0) == {"Tea Ceremony": 1, "Katana": 1}
    assert L.A_NOBUNAGA not in t.legal()


def test_ss_chars_hideyoshi_draws_three_ieyasu_may_take_the_discard_top():
    t = published(4)
    t.set_char(1, "Ieyasu")
    t.set_discard("Geisha", "Katana")
    t.set_pile("Bo", "Bokken", "Parry", "Armor", "Focus")
    t.apply(L.A_END)
    assert t.S[L.H_PHASE] == L.PH_IEYASU and t.decider() == 1
    t.apply(L.A_FROM_DISCARD)
    assert t.hand(1) == {"Tea Ceremony": 1, "Katana": 1, "Bo": 1}
    t.apply(L.A_END)  # seat 2, Hideyoshi: three cards
    assert t.hand(2) == {"Tea Ceremony": 1, "Bokken": 1, "Parry": 1, "Armor": 1}
