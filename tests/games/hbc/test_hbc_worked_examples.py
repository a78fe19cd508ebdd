"""The worked examples of seed 004 (the HBC rule text), each a test citing its lines."""

from __future__ import annotations

import pytest
from support import hbc as H

from emr_sim.games.hbc.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def test_hbc_roll_004_22_29_dice_3_hit_5_faces_4_6_1_give_attack_value_5():
    """004:22-29: a character of dice 3, hit 5 rolls 4, 6, 1; the 6 misses: 4 + 1 = 5."""
    made = H.make(2)
    S = H.dealt(made, decks=("blaze", "tide"))
    H.turn_of(S, 0)
    H.set_master(made, S, 0, "knuckle")  # dice 3, hit 5 (004:149)
    H.set_master(made, S, 1, "river_otter")  # water (Knuckle's +3 is against forest only), no ability
    H.start_battle(made, S, L.MASTER_SLOT, 1, 0, L.MASTER_SLOT)
    assert int(S[L.B_BASE + L.B_CARD]) == H.cid(made, "knuckle")
    H.set_faces(made, S, [4, 6, 1], [1, 1])
    assert H.value(S, L.A_SIDE) == 5


def test_hbc_mods_004_149_154_knuckle_berserk_plus_3_against_forest_makes_8():
    """004:149-154: Knuckle (dice 3, hit 5) attacks a forest character, rolls 4, 6, 1 = 5;
    Berserk gives +3 attack value against forest: 8."""
    made = H.make(2)
    S = H.dealt(made, decks=("blaze", "grove"))
    H.turn_of(S, 0)
    H.set_master(made, S, 0, "knuckle")
    H.set_cards(made, S, 1, "hand", ["thorn_sprite"])  # forest, no ability against fire
    H.start_battle(made, S, L.MASTER_SLOT, 1, 0, 0)
    H.set_faces(made, S, [4, 6, 1], [1, 1])
    assert H.value(S, L.A_SIDE) == 8
    knuckle = made.extra.cards[H.cid(made, "knuckle")]
    assert (knuckle.dice, knuckle.hit, knuckle.ability) == (3, 5, "attack+3 vs forest")


def test_hbc_master_004_87_88_185_186_a_master_card_lost_in_defence_costs_the_target_coin_and_3_coins():
    """004:87-88 and 185-186: a master card attacked and beaten gives the coin the attacker
    named plus 3 coins of its owner's choice."""
    made = H.make(2)
    S = H.dealt(made, decks=("blaze", "tide"))
    H.turn_of(S, 0)
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.set_cards(made, S, 1, "hand", [])
    H.set_coins(S, 1, 3, 1, 1)  # 8 points: three 1s, a 2, a 3
    H.start_battle(made, S, 0, 1, 2, L.MASTER_SLOT)  # for the 3-point coin; the master defends
    H.set_faces(made, S, [5, 5], [5, 6, 6])  # 10 (hit 6, less 1 by the tide caller) against 0
    assert (H.value(S, L.A_SIDE), H.value(S, L.D_SIDE)) == (10, 0)
    H.run(made, S)
    # the target coin went at once; the three pieces are the defender's choice: 1s and a 2
    assert H.points(S, 0) == 8 + 3 and S[L.H_PHASE] == L.PH_PAY and S[L.H_MOVER] == 1
    H.act(made, S, L.A_GIVE + 0)
    H.act(made, S, L.A_GIVE + 0)
    H.act(made, S, L.A_GIVE + 1)  # two 1-point coins and the 2-point coin: 3 coins
    assert H.points(S, 1) == 8 - 3 - 4 and H.points(S, 0) == 8 + 3 + 4
    assert H.field(S, 1, L.ST_MASTER) == H.cid(made, "tide_caller")  # never discarded
