"""HBC's rules (docs/hbc.md "The rules"), each by its id, on positions of the example card set
dealt by the game and then set by hand (tests/support/hbc.py)."""

from __future__ import annotations

import numpy as np
import pytest
from support import hbc as H

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.face.pool import load_set
from emr_sim.games.hbc.rules import card_table, end, numbers, turn
from emr_sim.games.hbc.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def two(**rules):
    made = H.make(2, **rules)
    S = H.dealt(made, decks=("blaze", "tide"))
    H.turn_of(S, 0)
    for s in range(2):
        H.set_cards(made, S, s, "hand", [])
    return made, S


# ---------------------------------------------------------------- components


def test_hbc_kinds_only_characters_and_master_cards_fight():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox", "lucky_die", "pickpocket"])
    sources = {(a - L.A_ATTACK) // ((L.COIN_NONE + 1) * L.MAX_SEATS) for a in H.legal_actions(made, S)
               if L.A_ATTACK <= a < L.A_SUPPORT}  # fmt: skip
    assert sources == {0, L.MASTER_SLOT}  # ember fox (slot 0) and the master card, no support
    assert [c.kind for c in load_set(None).cards].count(L.KIND_SUPPORT) == 11


def test_hbc_charcard_numbers_reach_the_card_table():
    made = H.make(2)
    row = made.G[L.G_CARDS][H.cid(made, "knuckle")]
    assert (row[L.CF_KIND], row[L.CF_DICE], row[L.CF_HIT], row[L.CF_STAR]) == (L.KIND_CHARACTER, 3, 5, 1)
    assert (row[L.CF_TERMS + L.T_EFFECT], row[L.CF_TERMS + L.T_AMOUNT], row[L.CF_TERMS + L.T_VS]) == (
        L.EF_ATTACK, 3, L.FOREST)  # fmt: skip


def test_hbc_suppcard_effect_and_when_it_is_played():
    made = H.make(2)
    CT = made.G[L.G_CARDS]
    assert CT[H.cid(made, "war_cry"), L.CF_WHEN] == L.WHEN_ATTACK
    assert CT[H.cid(made, "pickpocket"), L.CF_WHEN] == L.WHEN_SOLO
    assert card_table.support_window(CT, H.cid(made, "lucky_die")) == L.WIN_1
    assert card_table.support_window(CT, H.cid(made, "trickster")) == L.WIN_2
    assert card_table.support_window(CT, H.cid(made, "last_stand")) == L.WIN_3


def test_hbc_attr_seven_attributes_and_the_hidden_cycle():
    assert L.ATTR_NAMES == ("fire", "water", "forest", "bear", "dragon", "sword", "none")
    beats = {L.ATTR_NAMES[a]: L.ATTR_NAMES[b] for a in range(6) if (b := numbers.beats(a)) >= 0}
    assert beats == {"fire": "forest", "forest": "water", "water": "fire",
                     "bear": "sword", "sword": "dragon", "dragon": "bear"}  # fmt: skip
    assert numbers.beats(L.NONE_ATTR) == L.NO_ATTR


def test_hbc_ability_applies_only_against_its_attribute():
    made = H.make(2)
    G, knuckle = made.G, H.cid(made, "knuckle")
    assert numbers.card_flat(G, knuckle, H.cid(made, "thorn_sprite"), 0) == 3  # forest
    assert numbers.card_flat(G, knuckle, H.cid(made, "river_otter"), 0) == 0  # water
    thorn = H.cid(made, "thorn_sprite")  # dice+1 vs water
    assert numbers.card_dice(G, thorn, H.cid(made, "river_otter"), 0) == 3
    assert numbers.card_dice(G, thorn, knuckle, 0) == 2


def test_hbc_deck_ten_cards_one_star_master():
    for deck in load_set(None).decks:
        cards = load_set(None).cards
        assert len(deck.rest) == 9 and cards[deck.master].star and cards[deck.master].kind == L.KIND_CHARACTER


def test_hbc_dice_are_six_sided():
    made, S = two()
    H.set_master(made, S, 0, "knuckle")
    seen = set()
    for _ in range(60):
        S[L.B_BASE + L.B_ROLLS] = 0
        H.start_battle(made, S, L.MASTER_SLOT, 1, 0, L.MASTER_SLOT)
        numbers.roll(made.G, S)
        seen |= {int(S[L.B_BASE + L.B_FACES + j]) for j in range(3)}
        S[L.B_BASE + L.B_CARD] = L.NO_CARD  # the master card stays the master's
    assert seen == {1, 2, 3, 4, 5, 6}


def test_hbc_coins_three_ones_a_two_and_a_three_make_8():
    made = H.make(4)
    S = H.dealt(made)
    for s in range(4):
        assert [H.field(S, s, L.ST_COINS + k) for k in range(3)] == [3, 1, 1] and H.points(S, s) == 8


# ---------------------------------------------------------------- set-up and the turn


def test_hbc_setup_master_aside_nine_shuffled_three_drawn():
    made = H.make(3)
    S = H.dealt(made, decks=("blaze", "den", "tide"))
    first = int(S[L.H_FIRST])
    cards = load_set(None)
    for s, name in enumerate(("blaze", "den", "tide")):
        deck = cards.decks[cards.deck_names.index(name)]
        assert H.field(S, s, L.ST_MASTER) == deck.master
        held = [int(S[H.base(s) + L.ST_HAND + k]) for k in range(H.field(S, s, L.ST_HAND_N))]
        pile = [int(S[H.base(s) + L.ST_DECK + k]) for k in range(H.field(S, s, L.ST_DECK_N))]
        assert sorted(held + pile) == sorted(deck.rest)
        assert len(held) == (4 if s == first else 3)  # the first player has drawn its turn's card
    other = H.dealt(made, index=1, decks=("blaze", "den", "tide"))
    assert not np.array_equal(S[H.base(0) + L.ST_DECK : H.base(0) + L.ST_DECK + 6],
                              other[H.base(0) + L.ST_DECK : H.base(0) + L.ST_DECK + 6])  # fmt: skip


def test_hbc_first_player_drawn_then_clockwise():
    made = H.make(4)
    firsts = {int(H.dealt(made, index=i)[L.H_FIRST]) for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    S = H.dealt(made, index=3)
    first = int(S[L.H_FIRST])
    for k in range(1, 4):
        H.act(made, S, L.A_WAIT)
        while S[L.H_PHASE] == L.PH_DISCARD:  # four cards and the master: one to discard
            H.act(made, S, H.legal_actions(made, S)[0])
        assert int(S[L.H_TURN_SEAT]) == (first + k) % 4 and int(S[L.H_TURNS]) == k + 1


def test_hbc_draw_one_card_at_the_start_of_each_turn():
    made, S = two()
    H.set_cards(made, S, 1, "deck", ["cub", "squire"])
    H.act(made, S, L.A_WAIT)
    assert H.hand(made, S, 1) == ["squire"] and H.field(S, 1, L.ST_DECK_N) == 1


def test_hbc_action_attack_solo_or_wait():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["pickpocket"])
    acts = H.legal_actions(made, S)
    assert acts[0] == L.A_WAIT
    attacks = [a for a in acts if L.A_ATTACK <= a < L.A_SUPPORT]
    takes = [a for a in acts if L.A_TAKE <= a < L.A_SWAP]
    assert len(attacks) == 3 and len(takes) == 3  # the master at each of 3 coin kinds; the card the same
    assert len(acts) == 1 + 3 + 3


def test_hbc_handlimit_discards_down_to_three_besides_the_master():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox", "cub", "squire", "fog", "sap"])
    H.act(made, S, L.A_WAIT)
    assert S[L.H_PHASE] == L.PH_DISCARD and S[L.H_MOVER] == 0
    H.act(made, S, L.A_DISCARD + H.slot_of(made, S, 0, "cub"))
    H.act(made, S, L.A_DISCARD + H.slot_of(made, S, 0, "fog"))
    assert H.hand(made, S, 0) == ["ember_fox", "squire", "sap"] and H.discards(made, S, 0) == ["cub", "fog"]
    assert S[L.H_TURN_SEAT] == 1  # then the turn ended
    made5, S5 = two(hand_limit=5)
    H.set_cards(made5, S5, 0, "hand", ["ember_fox", "cub", "squire", "fog", "sap"])
    H.act(made5, S5, L.A_WAIT)
    assert len(H.hand(made5, S5, 0)) == 5 and S5[L.H_TURN_SEAT] == 1


def test_hbc_handuse_attack_and_defence_come_from_the_hand_or_the_master():
    made, S = two()
    H.set_cards(made, S, 1, "hand", ["river_otter", "river_otter", "fog"])
    H.act(made, S, H.attack(L.MASTER_SLOT, 1, 0))
    assert S[L.H_PHASE] == L.PH_DEFEND and S[L.H_MOVER] == 1
    assert H.legal_actions(made, S) == [L.A_DECLINE, L.A_DEFEND + L.MASTER_SLOT, L.A_DEFEND + 0]


# ---------------------------------------------------------------- battle


def test_hbc_battle_cards_revealed_together_and_a_decline_loses_at_once():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.act(made, S, H.attack(0, 1, 2))  # for the 3-point coin
    assert H.hand(made, S, 0) == ["ember_fox"]  # face down, still its owner's until revealed
    H.act(made, S, L.A_DECLINE)
    assert H.points(S, 0) == 11 and H.points(S, 1) == 5 and S[L.H_TURN_SEAT] == 1
    assert H.hand(made, S, 0) == ["ember_fox"]  # no penalty, the card stays (HBC-D-COMMIT)


def test_hbc_roll_faces_above_the_hit_miss():
    made, S = two()
    H.set_master(made, S, 0, "ember_fox")  # 2/6 (the tide caller takes 1 hit: 5)
    H.start_battle(made, S, L.MASTER_SLOT, 1, 0, L.MASTER_SLOT)
    H.set_faces(made, S, [5, 6], [4, 5, 3])
    assert H.value(S, L.A_SIDE) == 5 and H.value(S, L.D_SIDE) == 4 + 3


def test_hbc_mods_dice_and_hit_are_clamped_and_applied_in_battle():
    made = H.make(2)
    G = made.G
    whale, knuckle = H.cid(made, "deep_whale"), H.cid(made, "knuckle")  # whale: hit+1 vs fire
    assert numbers.card_hit(G, whale, knuckle, 0) == 3 and numbers.card_hit(G, whale, knuckle, 9) == 6
    assert (
        numbers.card_dice(G, whale, knuckle, -9) == 0
        and numbers.card_dice(G, whale, knuckle, 20) == L.MAX_DICE
    )


def test_hbc_result_loser_discarded_winner_back_in_hand_tie_rolled_again():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, 0, 1, 0, 0)
    H.set_faces(made, S, [5, 5], [1, 2])
    H.run(made, S)
    assert H.hand(made, S, 0) == ["ember_fox"] and H.field(S, 0, L.ST_KNOWN) == 1  # back, shown
    assert H.discards(made, S, 1) == ["river_otter"] and "river_otter" not in H.hand(made, S, 1)
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, 0, 1, 0, 0)
    H.set_faces(made, S, [2, 2], [3, 1])  # 4 against 4: rolled again
    H.run(made, S)
    assert S[L.B_BASE + L.B_ROLLS] >= 2


def test_hbc_take_the_losing_defender_gives_the_named_coin():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, 0, 1, 1, 0)  # for the 2-point coin
    H.set_faces(made, S, [5, 5], [1, 2])
    H.run(made, S)
    assert H.field(S, 0, L.ST_COINS + 1) == 2 and H.field(S, 1, L.ST_COINS + 1) == 0
    assert H.points(S, 0) == 10 and H.points(S, 1) == 6


def test_hbc_master_attacking_and_losing_gives_3_coins_of_the_owners_choice():
    made, S = two()
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, L.MASTER_SLOT, 1, 2, 0)
    H.set_faces(made, S, [1, 1, 1], [5, 5])  # knuckle 3 against 10
    H.run(made, S)
    assert S[L.H_PHASE] == L.PH_PAY and S[L.H_MOVER] == 0
    assert H.legal_actions(made, S) == [L.A_GIVE + 0, L.A_GIVE + 1, L.A_GIVE + 2]
    for kind in (2, 0, 0):
        H.act(made, S, L.A_GIVE + kind)
    assert H.points(S, 0) == 8 - 5 and H.points(S, 1) == 8 + 5  # 3 coins: 3 + 1 + 1
    assert H.field(S, 0, L.ST_MASTER) == H.cid(made, "knuckle") and H.discards(made, S, 0) == []


def test_hbc_broke_a_player_without_coins_loses_nothing():
    made, S = two()
    H.set_coins(S, 1, 0, 0, 0)
    assert H.attack(L.MASTER_SLOT, 1, L.COIN_NONE) in H.legal_actions(made, S)  # HBC-D-TARGET
    H.start_battle(made, S, L.MASTER_SLOT, 1, L.COIN_NONE, L.MASTER_SLOT)
    H.set_faces(made, S, [4, 4, 4], [1, 1, 1])  # knuckle at hit 5 - 1 (the tide caller): 12
    H.run(made, S)
    assert H.points(S, 1) == 0 and H.points(S, 0) == 8 and S[L.H_TURN_SEAT] == 1  # no pay asked


# ---------------------------------------------------------------- supports and events


def test_hbc_supp_battle_supports_change_the_battle_and_are_single_use():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox", "lucky_die", "war_cry"])
    H.set_cards(made, S, 1, "hand", ["river_otter", "shield_wall"])
    H.act(made, S, H.attack(0, 1, 0))
    H.act(made, S, L.A_DEFEND + 0)
    assert S[L.H_PHASE] == L.PH_SUPPORT and S[L.H_MOVER] == 0  # W1: the attacker first
    assert H.legal_actions(made, S) == [L.A_WAIT, L.A_SUPPORT + H.slot_of(made, S, 0, "lucky_die")]
    H.act(made, S, L.A_SUPPORT + H.slot_of(made, S, 0, "lucky_die"))
    assert numbers.side_dice(made.G, S, L.A_SIDE) == 3 and H.discards(made, S, 0) == ["lucky_die"]
    # nothing more for W1 on either side: rolled (3 dice), W2 open, the attacker first
    assert S[L.B_BASE + L.B_WINDOW] == L.WIN_2 and S[L.B_BASE + L.B_NFACES] == 3
    assert S[L.H_MOVER] == 0 and L.A_SUPPORT + H.slot_of(made, S, 0, "war_cry") in H.legal_actions(made, S)
    before = H.value(S, L.A_SIDE)
    H.act(made, S, L.A_SUPPORT + H.slot_of(made, S, 0, "war_cry"))
    assert H.value(S, L.A_SIDE) == before + 2 or S[L.B_BASE + L.B_ROLLS] > 1


def test_hbc_supp_battle_a_dice_swap_is_the_players_choice():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox", "trickster"])
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, 0, 1, 0, 0)
    H.set_faces(made, S, [1, 1], [5, 4])
    H.run(made, S)
    H.act(made, S, L.A_SUPPORT + 0)  # trickster (ember fox left the hand for the table)
    assert S[L.H_PHASE] == L.PH_SWAP
    assert H.legal_actions(made, S) == [L.A_SWAP + 0 * 6 + 3, L.A_SWAP + 0 * 6 + 4]  # a 1 for a 4 or a 5
    H.act(made, S, L.A_SWAP + 0 * 6 + 4)
    assert H.hand(made, S, 0) == ["ember_fox"] and H.discards(made, S, 1) == ["river_otter"]


def test_hbc_supp_solo_take_a_coin_and_exchange_cards():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["pickpocket", "rummage"])
    H.set_cards(made, S, 0, "deck", ["cub", "squire"])
    H.act(made, S, L.A_TAKE + (0 * L.MAX_SEATS + 1) * 3 + 2)  # pickpocket: the 3-point coin of seat 1
    assert H.points(S, 0) == 11 and H.points(S, 1) == 5
    attacks = [a for a in H.legal_actions(made, S) if L.A_ATTACK <= a < L.A_SUPPORT]
    assert attacks == [] and S[L.H_MOVER] == 0  # after a solo card, no battle (HBC-D-SOLO)
    H.act(made, S, L.A_SUPPORT + 0)  # rummage: draw 1, then discard 1
    assert H.hand(made, S, 0) == ["squire"] and S[L.H_PHASE] == L.PH_DISCARD
    H.act(made, S, L.A_DISCARD + 0)
    assert H.discards(made, S, 0) == ["pickpocket", "rummage", "squire"] and S[L.H_TURN_SEAT] == 1


def test_hbc_event_cards_are_refused_by_the_pool(tmp_path):
    from emr_sim.games.hbc.face.pool import PoolError, parse_pool

    text = "id,kind,name,attribute,dice,hit,star,ability,when\nstorm,event,Storm,none,,,,,\n"
    with pytest.raises(PoolError, match="HBC-D-EVENTS"):
        parse_pool("pool.csv", text)


# ---------------------------------------------------------------- the end


def empty_decks(made, S, n):
    for s in range(n):
        H.set_cards(made, S, s, "deck", [])


def test_hbc_win_judged_when_every_deck_is_empty_13_or_more_wins():
    made, S = two()
    empty_decks(made, S, 2)
    H.set_cards(made, S, 1, "deck", ["cub"])
    H.set_coins(S, 0, 2, 1, 3)  # 13
    H.set_coins(S, 1, 3, 0, 0)
    H.act(made, S, L.A_WAIT)
    assert S[L.H_PHASE] != L.PH_OVER  # a deck is not empty yet: no judgement
    H.act(made, S, L.A_WAIT)  # seat 1 drew its last card: every deck empty at its turn's end
    assert S[L.H_PHASE] == L.PH_OVER and S[L.H_END] == L.END_THRESHOLD
    res = np.zeros((2, K.RS_SIZE), dtype=np.int64)
    end.results(made.G, S, res)
    assert res[:, K.RS_WIN].tolist() == [1, 0] and res[:, K.RS_POINTS].tolist() == [13, 3]


def test_hbc_overtime_discards_reshuffled_first_to_15_wins():
    made, S = two()
    empty_decks(made, S, 2)
    H.set_cards(made, S, 0, "disc", ["ember_fox", "cub"])
    H.set_cards(made, S, 1, "disc", ["squire"])
    H.set_coins(S, 0, 2, 2, 2)  # 12
    H.set_coins(S, 1, 1, 0, 1)  # 4
    H.act(made, S, L.A_WAIT)
    assert S[L.H_OVERTIME] == 1 and H.field(S, 0, L.ST_DECK_N) == 2 and H.field(S, 1, L.ST_DECK_N) == 0
    assert H.hand(made, S, 1) == ["squire"] and H.discards(made, S, 0) == []  # seat 1 drew at once
    H.act(made, S, L.A_WAIT)
    H.set_cards(made, S, 0, "hand", ["pickpocket"])
    H.act(made, S, L.A_TAKE + (0 * L.MAX_SEATS + 1) * 3 + 2)  # 12 + 3 = 15: a win at once
    assert S[L.H_PHASE] == L.PH_OVER and S[L.H_END] == L.END_OVERTIME_REACH


def test_hbc_overtime_ends_with_the_decks_empty_again_most_points_winning():
    made, S = two()
    empty_decks(made, S, 2)
    H.set_cards(made, S, 0, "disc", ["cub"])
    H.set_coins(S, 0, 5, 0, 0)
    H.set_coins(S, 1, 3, 0, 0)
    H.act(made, S, L.A_WAIT)  # overtime; seat 1's deck stays empty, seat 0's holds the cub
    H.act(made, S, L.A_WAIT)
    H.act(made, S, L.A_WAIT)  # seat 0 drew the cub: every deck empty again
    assert S[L.H_PHASE] == L.PH_OVER and S[L.H_END] == L.END_OVERTIME_POINTS
    res = np.zeros((2, K.RS_SIZE), dtype=np.int64)
    end.results(made.G, S, res)
    assert res[:, K.RS_WIN].tolist() == [1, 0]


def test_hbc_setup_every_game_is_one_deal_of_its_seed():
    made = H.make(2)
    a, b = H.dealt(made, index=5), H.dealt(made, index=5)
    assert np.array_equal(a, b)
    S = np.zeros_like(a)
    turn.init(made.G, S, 7, 5, np.array([-1, -1]))
    assert np.array_equal(S, a)
