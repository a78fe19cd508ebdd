"""Samurai Sword's components and set-up (docs/samurai.md), each rule by its id, and the set-up
arithmetic of seed 003: honour in play 12, 14, 17, 25, 29 and cards dealt 14, 20, 26, 33, 40 at
3-7 players, and the exhaustion clock."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from support.samurai import Table

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.cards import load_cards
from emr_sim.games.samurai.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

CARDS = load_cards()
SIZES = range(3, 8)


def roles_dealt(t: Table) -> Counter:
    return Counter(L.ROLE_NAMES[t.role(s)] for s in range(t.n))


def test_ss_roles_the_role_tables_use_the_seven_role_cards():
    for n in SIZES:
        shogun, samurai, ninja, ronin, removed = CARDS.RT[n, : L.RT_REMOVED + 1]
        assert shogun == 1 and samurai <= 2 and ninja + removed <= 3 and ronin <= 1
        assert shogun + samurai + ninja + ronin == n


def test_ss_chars_twelve_characters_each_with_its_resilience():
    health = dict(zip(CARDS.char_names, CARDS.CH[: len(CARDS.char_names), L.CH_HEALTH].tolist(), strict=True))
    assert health == {
        "Benkei": 5, "Chiyome": 4, "Ginchiyo": 4, "Goemon": 5, "Hanzo": 4, "Hideyoshi": 4,
        "Ieyasu": 5, "Kojiro": 5, "Musashi": 5, "Nobunaga": 5, "Tomoe": 5, "Ushiwaka": 4,
    }  # fmt: skip
    t = Table(7)
    chars = [t.at(s, L.ST_CHAR) for s in range(7)]
    assert len(set(chars)) == 7  # one character each, none twice
    for s in range(7):
        assert t.at(s, L.ST_MAX_HP) == CARDS.CH[chars[s], L.CH_HEALTH]
        assert t.seating[s] == chars[s]  # the character is the seat's entity in a table run


def test_ss_deck_ninety_cards_32_weapons_15_properties_43_actions():
    per_type = Counter()
    for kind in range(CARDS.n_kinds):
        per_type[L.TYPE_NAMES[CARDS.CT[kind, L.CT_TYPE]]] += int(CARDS.CT[kind, L.CT_COUNT])
    assert per_type == {"weapon": 32, "property": 15, "action": 43}
    assert CARDS.deck_size() == 90 and CARDS.n_kinds == 25


def test_ss_named_cards_of_003_are_in_the_file_with_their_effects():
    effects = {name: L.EFFECT_NAMES[CARDS.CT[i, L.CT_EFFECT]] for i, name in enumerate(CARDS.card_names)}
    assert effects["Parry"] == "parry" and effects["Bushido"] == "bushido" and effects["Daimyo"] == "daimyo"
    assert effects["Battle Cry"] == "battle_cry" and effects["Jujutsu"] == "jujutsu"


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_ss_setup_roles_by_player_count_the_ninja_removed_unseen_at_4_and_5(n):
    expected = {
        4: {"Shogun": 1, "Samurai": 1, "Ninja": 2},
        5: {"Shogun": 1, "Samurai": 1, "Ninja": 2, "Ronin": 1},
        6: {"Shogun": 1, "Samurai": 1, "Ninja": 3, "Ronin": 1},
        7: {"Shogun": 1, "Samurai": 2, "Ninja": 3, "Ronin": 1},
    }[n]
    shoguns = set()
    for index in range(30):
        t = Table(n, index=index)
        assert roles_dealt(t) == expected
        shogun = int(t.S[L.H_SHOGUN])
        shoguns.add(shogun)
        assert t.role(shogun) == L.SHOGUN
        assert (t.S[L.H_REMOVED] > 0) == (n in (4, 5))  # a Ninja card out of the game
        for seat in range(n):  # the Shogun is revealed, the other roles and the removed card not
            obs = t.observe(seat)
            assert obs[L.SEAT_BASE + shogun * L.ST_SIZE + L.ST_ROLE] == L.SHOGUN
            hidden = [s for s in range(n) if obs[L.SEAT_BASE + s * L.ST_SIZE + L.ST_ROLE] == K.HIDDEN]
            assert hidden == [s for s in range(n) if s not in (seat, shogun)]
            assert obs[L.H_REMOVED] == K.HIDDEN
    assert len(shoguns) > 1  # the roles are dealt at random


def test_ss_setup_char_characters_dealt_at_random_with_their_resilience():
    seen = set()
    for index in range(20):
        t = Table(5, index=index)
        for s in range(5):
            seen.add(t.at(s, L.ST_CHAR))
            assert t.hp(s) == t.at(s, L.ST_MAX_HP) == CARDS.CH[t.at(s, L.ST_CHAR), L.CH_HEALTH]
    assert len(seen) == 12


@pytest.mark.parametrize("n,in_play", [(3, 12), (4, 14), (5, 17), (6, 25), (7, 29)])
def test_ss_setup_honour_in_play_12_14_17_25_29(n, in_play):
    t = Table(n)
    assert sum(t.honour(s) for s in range(n)) == in_play
    shogun = int(t.S[L.H_SHOGUN])
    others = {t.honour(s) for s in range(n) if s != shogun}
    assert t.honour(shogun) == (6 if n == 3 else 5)
    assert others == {3 if n <= 5 else 4}


@pytest.mark.parametrize("n,dealt", [(3, 14), (4, 20), (5, 26), (6, 33), (7, 40)])
def test_ss_setup_deal_14_20_26_33_40_cards_from_the_shogun_clockwise(n, dealt):
    t = Table(n, characters="vanilla")  # no extra draw for the Shogun's character
    shogun = int(t.S[L.H_SHOGUN])
    drawn = 3 if n == 3 else 2  # the Shogun's first draw phase has run (SS-3P: one more)
    sizes = [t.at((shogun + order) % n, L.ST_HAND_N) for order in range(n)]
    assert sizes == [4 + drawn, 5, 5, 6, 6, 7, 7][:n]
    assert sum(sizes) == dealt + drawn
    assert t.S[L.H_DRAW_N] == 90 - dealt - drawn and t.S[L.H_DISC_N] == 0
    held = Counter()
    for s in range(n):
        held.update(t.hand(s))
    pile = Counter(CARDS.card_names[int(t.S[L.DRAW_BASE + j])] for j in range(int(t.S[L.H_DRAW_N])))
    whole = held + pile
    assert whole == {name: int(CARDS.CT[i, L.CT_COUNT]) for i, name in enumerate(CARDS.card_names)}


def test_ss_d_first_the_shogun_moves_first():
    for index in range(10):
        t = Table(5, index=index)
        shogun = int(t.S[L.H_SHOGUN])
        assert t.decider() == shogun and t.S[L.H_TURN] == shogun and t.S[L.H_TURNS] == 1


def test_ss_3p_a_shogun_with_6_honour_against_two_ninja_with_3():
    for index in range(10):
        t = Table(3, index=index)
        assert roles_dealt(t) == {"Shogun": 1, "Ninja": 2}
        shogun = int(t.S[L.H_SHOGUN])
        assert [t.honour(s) for s in range(3)] == [6 if s == shogun else 3 for s in range(3)]
        assert t.at(shogun, L.ST_WEIGHT) == 2  # SS-3P: the Shogun scores double


def quiet_game(n: int, **rules) -> list[tuple[int, int, int]]:
    """A game of vanilla characters whose players end every play phase at once and discard
    their first cards to the limit: (turn, exhaustions, the lowest honour) at each turn."""
    t = Table(n, characters="vanilla", **rules)
    seen = []
    while not t.over():
        legal = t.legal()
        if t.S[L.H_PHASE] == L.PH_PLAY:
            seen.append((int(t.S[L.H_TURNS]), int(t.S[L.H_EXHAUSTS]), min(t.honour(s) for s in range(n))))
        t.apply(L.A_END if L.A_END in legal else legal[0])
    return seen


@pytest.mark.parametrize("n,first", [(4, 35), (7, 25)])
def test_ss_exhaust_clock_with_draw_phase_draws_only(n, first):
    """The pile left after the deal runs out at the draw phase of turn (90 - dealt) / 2:
    35 at 4 players, 25 at 7."""
    seen = quiet_game(n)
    exhausted_at = next(turn for turn, exhausts, _ in seen if exhausts == 1)
    assert exhausted_at == first


@pytest.mark.parametrize("n,last", [(3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_ss_exhaust_without_honour_gains_the_game_ends_at_the_exhaustion_that_empties_the_lowest(n, last):
    t = Table(n, characters="vanilla")
    while not t.over():
        legal = t.legal()
        t.apply(L.A_END if L.A_END in legal else legal[0])
    assert t.S[L.H_EXHAUSTS] == last and t.S[L.H_END] == L.END_EXHAUST
    assert min(t.honour(s) for s in range(n)) == 0


def test_ss_tokens_and_ss_d_honour_supply_honour_has_no_ceiling():
    t = Table(4, characters="vanilla")
    t.set_roles(L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA)
    t.put(0, L.ST_HONOUR, 40)
    t.set_hand(0, Katana=1)
    t.set_hand(1, Bokken=1)
    t.put(1, L.ST_HP, 1)
    t.turn_of(0)
    t.play("Katana", 1)
    assert t.honour(0) == 41


def test_the_published_characters_hold_every_ability_once():
    abilities = sorted(CARDS.CH[:12, L.CH_ABILITY].tolist())
    assert abilities == list(range(1, 13))
    assert np.all(CARDS.CH[:12, L.CH_HEALTH] >= 4)
