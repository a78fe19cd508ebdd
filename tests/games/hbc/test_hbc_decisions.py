"""HBC's decisions (docs/hbc.md "Decisions"), each by its id: the default, and the rules
option's other value where there is one, on positions set by hand (tests/support/hbc.py)."""

from __future__ import annotations

import numpy as np
import pytest
from support import hbc as H

from emr_sim import kernel_contract as K
from emr_sim.errors import BadInput
from emr_sim.games.hbc.face.pool import load_set, shipped_dir
from emr_sim.games.hbc.rules import end, numbers, observe
from emr_sim.games.hbc.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)


def two(n=2, decks=("blaze", "tide"), **rules):
    made = H.make(n, **rules)
    S = H.dealt(made, decks=decks)
    H.turn_of(S, 0)
    for s in range(n):
        H.set_cards(made, S, s, "hand", [])
    return made, S


def battle_won_by_attacker(made, S, a_src, d_src, coin=0):
    H.start_battle(made, S, a_src, 1, coin, d_src)
    H.set_faces(made, S, [5, 5], [1, 1])
    H.run(made, S)


def results(made, S):
    res = np.zeros((made.n_seats, K.RS_SIZE), dtype=np.int64)
    end.results(made.G, S, res)
    return res


def test_hbc_d_events_left_out_and_the_option_has_one_value():
    assert H.make(2).rules["events"] == "off"
    with pytest.raises(BadInput, match="events"):
        H.make(2, events="on")


def test_hbc_d_attr_cycle_off_by_default_and_its_bonus_when_on():
    fox, sprite = (H.cid(H.make(2), c) for c in ("ember_fox", "thorn_sprite"))  # fire, forest
    assert numbers.card_flat(H.make(2).G, fox, sprite, 0) == 0
    on = H.make(2, attribute_cycle="on", cycle_bonus=2)
    assert numbers.card_flat(on.G, fox, sprite, 0) == 2  # fire is advantaged against forest
    assert numbers.card_flat(on.G, sprite, fox, 0) == 0


def test_hbc_d_first_random_or_seat0():
    assert {int(H.dealt(H.make(3), index=i)[L.H_FIRST]) for i in range(30)} == {0, 1, 2}
    assert {int(H.dealt(H.make(3, first="seat0"), index=i)[L.H_FIRST]) for i in range(30)} == {0}


def test_hbc_d_target_a_player_and_one_coin_of_any_value():
    made, S = two(3, ("blaze", "tide", "den"))
    H.set_coins(S, 2, 0, 0, 0)
    attacks = [a for a in H.legal_actions(made, S) if L.A_ATTACK <= a < L.A_SUPPORT]
    assert attacks == [H.attack(L.MASTER_SLOT, 1, k) for k in range(3)] + [
        H.attack(L.MASTER_SLOT, 2, L.COIN_NONE)]  # fmt: skip
    with pytest.raises(BadInput):
        H.make(2, target="set")


def test_hbc_d_commit_the_attacking_card_is_face_down_until_the_reveal():
    for commit, shown in (("hidden", False), ("open", True)):
        made, S = two(commit=commit)
        H.set_cards(made, S, 0, "hand", ["ember_fox", "cub"])
        H.act(made, S, H.attack(1, 1, 0))  # the cub
        obs = np.zeros_like(S)
        observe.observe(made.G, S, 1, obs)
        assert (obs[L.B_BASE + L.B_A_SRC] == K.HIDDEN) != shown
        assert (obs[H.base(0) + L.ST_HAND + 1] == H.cid(made, "cub")) == shown
        observe.observe(made.G, S, 0, obs)
        assert obs[L.B_BASE + L.B_A_SRC] == 1  # the attacker knows its own card


def test_hbc_d_after_a_winning_card_returns_to_hand_or_with_after_discard_is_discarded():
    for after, kept in (("hand", True), ("discard", False)):
        made, S = two(after=after)
        H.set_cards(made, S, 0, "hand", ["ember_fox"])
        H.set_cards(made, S, 1, "hand", ["river_otter"])
        battle_won_by_attacker(made, S, 0, 0)
        assert ("ember_fox" in H.hand(made, S, 0)) == kept
        assert ("ember_fox" in H.discards(made, S, 0)) != kept


def test_hbc_d_attacker_loss_nothing_moves_or_with_coin_a_coin_of_the_targets_value():
    for option, moved in (("nothing", 0), ("coin", 2)):
        made, S = two(attacker_loss=option)
        H.set_cards(made, S, 0, "hand", ["ember_fox"])
        H.set_cards(made, S, 1, "hand", ["river_otter"])
        H.start_battle(made, S, 0, 1, 1, 0)  # for the 2-point coin
        H.set_faces(made, S, [1, 1], [5, 5])
        H.run(made, S)
        assert H.discards(made, S, 0) == ["ember_fox"] and H.points(S, 1) == 8 + moved


def test_hbc_d_three_three_pieces_or_three_points():
    for three, gives, left in (("pieces", (2, 0, 0), 8 - 5), ("points", (2,), 8 - 3)):
        made, S = two(three=three)
        H.set_cards(made, S, 1, "hand", ["river_otter"])
        H.start_battle(made, S, L.MASTER_SLOT, 1, 0, 0)
        H.set_faces(made, S, [1, 1, 1], [5, 5])
        H.run(made, S)
        for kind in gives:
            assert S[L.H_PHASE] == L.PH_PAY
            H.act(made, S, L.A_GIVE + kind)
        assert S[L.H_PHASE] != L.PH_PAY and H.points(S, 0) == left


def test_hbc_d_protect_saves_the_target_coin_only_or_with_all_every_coin():
    for protect, final in (("target", 8 - 3), ("all", 8)):
        made, S = two(protect=protect)
        H.set_cards(made, S, 0, "hand", ["ember_fox"])
        H.set_cards(made, S, 1, "hand", ["iron_purse"])
        H.set_coins(S, 1, 3, 1, 1)
        H.start_battle(made, S, 0, 1, 2, L.MASTER_SLOT)  # for the 3-point coin, the master defends
        H.set_faces(made, S, [5, 5], [6, 6, 6])
        H.run(made, S)
        assert S[L.B_BASE + L.B_WINDOW] == L.WIN_3 and S[L.H_MOVER] == 1  # the loser's window
        H.act(made, S, L.A_SUPPORT + 0)
        while S[L.H_PHASE] == L.PH_PAY:
            assert L.A_GIVE + 2 not in H.legal_actions(made, S)  # the 3-point coin is kept
            H.act(made, S, H.legal_actions(made, S)[0])
        assert H.points(S, 1) == final and H.field(S, 1, L.ST_COINS + 2) == 1


def test_hbc_d_windows_attacker_then_defender_and_w3_only_where_it_saves_something():
    made, S = two()
    H.set_cards(made, S, 0, "hand", ["ember_fox", "last_stand"])
    H.set_cards(made, S, 1, "hand", ["river_otter", "shield_wall", "last_stand"])
    H.start_battle(made, S, 0, 1, 0, 0)
    H.set_faces(made, S, [5, 5], [1, 1])
    H.run(made, S)
    assert S[L.H_MOVER] == 1 and S[L.B_BASE + L.B_WINDOW] == L.WIN_2  # the attacker had none for W2
    H.act(made, S, L.A_SUPPORT + 0)  # shield wall: +2, still 4 against 10
    assert S[L.B_BASE + L.B_WINDOW] == L.WIN_3 and S[L.H_MOVER] == 1  # the winner's last stand: not offered
    H.act(made, S, L.A_SUPPORT + 0)  # the loser keeps its card
    assert "river_otter" in H.hand(made, S, 1) and H.discards(made, S, 1) == ["shield_wall", "last_stand"]


def test_hbc_d_reroll_a_tie_rolls_again_and_after_the_cap_the_battle_is_given_up():
    made, S = two(reroll_cap=1)
    H.set_cards(made, S, 0, "hand", ["ember_fox"])
    H.set_cards(made, S, 1, "hand", ["river_otter"])
    H.start_battle(made, S, 0, 1, 2, 0)
    H.set_faces(made, S, [3, 1], [2, 2])  # 4 against 4, one roll allowed
    H.run(made, S)
    assert H.points(S, 0) == H.points(S, 1) == 8
    assert H.hand(made, S, 0) == ["ember_fox"] and "river_otter" in H.hand(made, S, 1)
    assert H.discards(made, S, 0) == H.discards(made, S, 1) == []


def test_hbc_d_solo_any_number_or_one():
    for solo, more in (("any", True), ("one", False)):
        made, S = two(solo=solo)
        H.set_cards(made, S, 0, "hand", ["pickpocket", "pickpocket"])
        H.act(made, S, L.A_TAKE + (0 * L.MAX_SEATS + 1) * 3 + 0)
        assert (S[L.H_TURN_SEAT] == 0) == more  # with one, the turn ends by itself


def test_hbc_d_not_fighters_supports_never_defend():
    made, S = two()
    H.set_cards(made, S, 1, "hand", ["fog", "keen_eye"])
    H.act(made, S, H.attack(L.MASTER_SLOT, 1, 0))
    assert H.legal_actions(made, S) == [L.A_DECLINE, L.A_DEFEND + L.MASTER_SLOT]


def test_hbc_d_empty_deck_no_draw_and_the_player_still_acts():
    made, S = two()
    H.set_cards(made, S, 1, "deck", [])
    H.act(made, S, L.A_WAIT)
    assert S[L.H_TURN_SEAT] == 1 and S[L.H_PHASE] == L.PH_ACTION and H.hand(made, S, 1) == []


def test_hbc_d_judge_at_each_turns_end_or_with_round_at_a_rounds_end():
    for judge, over in (("turn", True), ("round", False)):
        made, S = two(judge=judge)
        S[L.H_FIRST] = 0
        H.turn_of(S, 0)
        for s in range(2):
            H.set_cards(made, S, s, "deck", [])
        H.act(made, S, L.A_WAIT)  # seat 0's turn ends with every deck empty; the round is not over
        assert (S[L.H_OVERTIME] == 1) == over


def test_hbc_d_ties_shared_or_first_seat():
    for ties, win, draw in (("shared", [0, 0, 0], [1, 1, 0]), ("first-seat", [0, 1, 0], [0, 0, 0])):
        made, S = two(3, ("blaze", "tide", "den"), ties=ties)
        S[L.H_FIRST] = 1
        for s, coins in enumerate(((2, 1, 3), (2, 1, 3), (1, 0, 0))):
            H.set_coins(S, s, *coins)
        res = results(made, S)
        assert res[:, K.RS_WIN].tolist() == win and res[:, K.RS_DRAW].tolist() == draw


def test_hbc_d_overtime_15_wins_at_once_or_with_turn_at_the_turns_end():
    for check, at_once in (("move", True), ("turn", False)):
        made, S = two(overtime_check=check)
        S[L.H_OVERTIME] = 1
        H.set_cards(made, S, 0, "hand", ["pickpocket", "pickpocket"])
        H.set_coins(S, 0, 2, 2, 2)  # 12
        H.act(made, S, L.A_TAKE + (0 * L.MAX_SEATS + 1) * 3 + 2)  # 15
        assert (S[L.H_PHASE] == L.PH_OVER) == at_once
        if not at_once:
            H.act(made, S, L.A_WAIT)
            assert S[L.H_PHASE] == L.PH_OVER and S[L.H_END] == L.END_OVERTIME_REACH


def test_hbc_d_hidden_hands_and_decks_are_masked_and_a_determinisation_draws_from_unseen_cards():
    made, S = two()
    sets = load_set(None)
    blaze, tide = (sets.decks[sets.deck_names.index(n)] for n in ("blaze", "tide"))
    H.set_cards(made, S, 0, "deck", [sets.cards[c].id for c in blaze.rest])  # a consistent position
    rest = [sets.cards[c].id for c in tide.rest]
    for c in ("river_otter", "fog"):
        rest.remove(c)
    H.set_cards(made, S, 1, "hand", ["river_otter", "fog"])
    H.set_cards(made, S, 1, "deck", rest)
    S[H.base(1) + L.ST_KNOWN + 0] = 1  # the otter was shown in a battle and taken back
    obs = np.zeros_like(S)
    observe.observe(made.G, S, 0, obs)
    assert (
        obs[H.base(1) + L.ST_HAND] == H.cid(made, "river_otter")
        and obs[H.base(1) + L.ST_HAND + 1] == K.HIDDEN
    )
    assert (obs[H.base(0) + L.ST_DECK : H.base(0) + L.ST_DECK + H.field(S, 0, L.ST_DECK_N)] == K.HIDDEN).all()
    assert obs[H.base(0) + L.ST_MASTER] == S[H.base(0) + L.ST_MASTER] and (obs[L.RNG_BASE :] == 0).all()
    for seed in range(20):
        rng = np.array([seed + 1, 2, 3, 4], dtype=np.int64)
        R = np.zeros_like(S)
        observe.determinise(made.G, obs, 0, rng, R)
        again = np.zeros_like(S)
        observe.observe(made.G, R, 0, again)
        assert np.array_equal(again, obs)
        cards = [int(R[H.base(1) + L.ST_HAND + k]) for k in range(2)]
        cards += [int(R[H.base(1) + L.ST_DECK + k]) for k in range(H.field(R, 1, L.ST_DECK_N))]
        assert sorted(cards) == sorted(tide.rest)  # every card of the deck, none invented


def test_hbc_d_deckbuild_ten_cards_duplicates_allowed():
    lair = load_set(None).decks[load_set(None).deck_names.index("lair")]
    assert len(lair.rest) + 1 == 10 and sum(c == lair.master for c in lair.rest) == 3


def test_hbc_d_chars_every_shipped_card_is_labelled_invented_but_knuckle_from_the_seed():
    text = (shipped_dir("example") / "pool.csv").read_text()
    cards = load_set(None).cards
    assert "INVENTED FOR THE EXAMPLE" in text and "004:149-154" in text
    assert [c.id for c in cards if not c.note.startswith("invented")] == ["knuckle"]
    assert "INVENTED" in (shipped_dir("vanilla") / "pool.csv").read_text()


def test_hbc_d_supports_one_card_at_least_of_each_category_the_seed_names():
    supports = [c for c in load_set(None).cards if c.kind == L.KIND_SUPPORT]
    effects = {t[0] for c in supports for t in c.terms}
    assert {L.EF_DICE, L.EF_HIT, L.EF_ATTACK, L.EF_SWAP, L.EF_KEEP_CARD, L.EF_KEEP_COIN, L.EF_TAKE_COIN,
            L.EF_EXCHANGE} <= effects  # fmt: skip


def test_hbc_d_abilities_the_restriction_discards_other_attributes_at_the_turns_end():
    made, S = two(2, ("grove", "tide"))
    H.set_cards(made, S, 0, "hand", ["old_oak", "thorn_sprite", "ember_fox", "sap"])
    H.set_cards(made, S, 0, "deck", [])
    assert "ember_fox" in H.hand(made, S, 0)  # held during the turn
    H.act(made, S, L.A_WAIT)
    assert H.hand(made, S, 0) == ["old_oak", "thorn_sprite", "sap"] and H.discards(made, S, 0) == [
        "ember_fox"
    ]
    made, S = two(2, ("blaze", "tide"))  # a restricting card under a master of another attribute
    H.set_cards(made, S, 0, "hand", ["old_oak", "ember_fox"])
    H.act(made, S, L.A_WAIT)
    assert H.hand(made, S, 0) == ["ember_fox"] and H.discards(made, S, 0) == ["old_oak"]
