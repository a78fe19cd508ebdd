"""Samurai Sword's end and scoring (docs/samurai.md), what a seat may know, and the options of
the characters and the card file; each rule or decision by its id."""

from __future__ import annotations

import numpy as np
import pytest
from support.samurai import Table

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

ROLES5 = (L.SHOGUN, L.SAMURAI, L.NINJA, L.NINJA, L.RONIN)


def table(n=5, **rules) -> Table:
    t = Table(n, characters="vanilla", **rules)
    t.set_roles(*ROLES5[:n])
    for s in range(n):
        t.set_hand(s, Tea_Ceremony=1)
    t.turn_of(0)
    return t


def finish(t: Table, end=L.END_KO) -> np.ndarray:
    t.S[L.H_END] = end
    t.S[L.H_DECIDER] = K.NOBODY
    return t.results()


def test_ss_end_a_player_without_honour_ends_the_game_at_once_ss_d_end_now():
    t = table(5)
    t.set_hand(0, Battle_Cry=1)
    t.put(1, L.ST_HP, 1)
    t.put(1, L.ST_HONOUR, 1)
    t.put(2, L.ST_HP, 1)
    t.play("Battle Cry")
    assert t.over() and t.S[L.H_END] == L.END_KO
    assert t.hp(2) == 1  # the card stopped mid-way: seat 2 never answered


def test_ss_score_honour_times_the_weight_summed_by_team_ss_d_weights():
    t = table(5)
    for s, h in enumerate((4, 3, 2, 2, 3)):
        t.put(s, L.ST_HONOUR, h)
        t.set_hand(s)
    res = finish(t)
    assert res[:, K.RS_POINTS].tolist() == [4, 3, 2, 2, 6]  # the Ronin x2 at 5 players
    assert res[:, K.RS_WIN].tolist() == [1, 1, 0, 0, 0]  # 7 against 4 and 6
    assert res[:, K.RS_TEAM].tolist() == [0, 0, 1, 1, 2] and res[:, K.RS_PLACE].tolist() == [0, 0, 2, 2, 1]


WEIGHTS = {3: (2, 0, 1, 0), 4: (1, 2, 1, 0), 5: (1, 1, 1, 2), 6: (1, 2, 1, 3), 7: (1, 1, 1, 3)}


@pytest.mark.parametrize("n,weights", list(WEIGHTS.items()))
def test_ss_d_weights_the_rulebooks_table(n, weights):
    t = Table(n)
    assert tuple(t.cards.WT[n].tolist()) == weights
    for s in range(n):
        role = t.role(s)
        if not (n == 4 and role == L.NINJA):
            assert t.at(s, L.ST_WEIGHT) == weights[role]


def test_ss_d_weights_the_option_one_of_three_ninja_cards_doubles_at_4_players():
    doubled = 0
    for index in range(60):
        t = Table(4, index=index, ninja4_double="on")
        ninja = sorted(t.at(s, L.ST_WEIGHT) for s in range(4) if t.role(s) == L.NINJA)
        assert ninja in ([1, 1], [1, 2]) and sorted(ninja + [int(t.S[L.H_REMOVED])]) == [1, 1, 2]
        doubled += ninja == [1, 2]
    assert 25 < doubled < 55  # two deals in three on average


def test_ss_daimyo_one_point_each_held_not_weighted_none_for_the_ronin_ss_d_daimyo():
    t = table(5)
    for s, h in enumerate((3, 3, 3, 3, 3)):
        t.put(s, L.ST_HONOUR, h)
    t.set_hand(1, Daimyo=2)
    t.set_hand(4, Daimyo=1)
    res = finish(t)
    assert res[:, K.RS_POINTS].tolist() == [3, 5, 3, 3, 6]


def test_ss_fatal_a_game_ended_by_a_transfer_between_teammates_costs_3_ss_d_fatal():
    t = table(5)
    for s, h in enumerate((4, 1, 3, 3, 1)):
        t.put(s, L.ST_HONOUR, h)
    t.set_hand(0, Katana=1)
    t.put(1, L.ST_HP, 2)
    t.play("Katana", 1)  # the Shogun knocks down its Samurai's last honour away
    assert t.over() and t.S[L.H_FATAL_TEAM] == L.TEAM_SHOGUN
    res = t.results()
    # Shogun 5 + Samurai 0 - 3 = 2; Ninja 6; Ronin 2
    assert res[:, K.RS_WIN].tolist() == [0, 0, 1, 1, 0]


def test_ss_d_fatal_an_honour_lost_between_enemies_is_no_fatal_blow():
    t = table(5)
    t.put(2, L.ST_HONOUR, 1)
    t.set_hand(0, Katana=1)
    t.put(2, L.ST_HP, 2)
    t.play("Katana", 2)
    assert t.over() and t.S[L.H_FATAL_TEAM] == -1


def test_ss_tie_ninja_over_the_shogun_and_samurai_over_the_ronin():
    t = table(5)
    for s, h in enumerate((2, 2, 2, 2, 2)):  # 4, 4, 4 (the Ronin x2)
        t.put(s, L.ST_HONOUR, h)
        t.set_hand(s)
    res = finish(t)
    assert res[:, K.RS_WIN].tolist() == [0, 0, 1, 1, 0] and res[:, K.RS_PLACE].tolist() == [1, 1, 0, 0, 2]
    t.put(2, L.ST_HONOUR, 0)
    t.put(3, L.ST_HONOUR, 1)  # Ninja 1: the Shogun's team and the Ronin tie at 4
    res = finish(t)
    assert res[:, K.RS_WIN].tolist() == [1, 1, 0, 0, 0] and res[:, K.RS_PLACE].tolist() == [0, 0, 2, 2, 1]


def test_ss_d_results_the_winning_team_wins_every_seat_points_are_the_seats_own():
    t = table(4)
    for s, h in enumerate((1, 4, 2, 2)):
        t.put(s, L.ST_HONOUR, h)
        t.set_hand(s)
    res = finish(t)
    assert res[:, K.RS_POINTS].tolist() == [1, 8, 2, 2]  # the Samurai x2 at 4 players
    assert res[:, K.RS_WIN].tolist() == [1, 1, 0, 0] and res[:, K.RS_DRAW].tolist() == [0, 0, 0, 0]


def test_ss_d_shogun_hp_the_option_gives_the_shogun_one_more():
    for rule, extra in (("0", 0), ("1", 1)):
        t = Table(5, shogun_hp=rule)
        for s in range(5):
            expected = int(t.cards.CH[t.at(s, L.ST_CHAR), L.CH_HEALTH]) + (
                extra if t.role(s) == L.SHOGUN else 0
            )
            assert t.at(s, L.ST_MAX_HP) == expected


def test_ss_d_chars_the_vanilla_option_resilience_5_and_no_ability():
    t = Table(5, characters="vanilla")
    assert all(t.at(s, L.ST_MAX_HP) == 5 for s in range(5))
    t.set_roles(*ROLES5)
    t.set_char(0, "Kojiro")  # its ability is off
    t.put(0, L.ST_MAX_HP, 5)
    t.turn_of(0)
    t.set_hand(0, Bokken=1)
    for s in range(1, 5):
        t.set_hand(s, Parry=1)
    targets = sorted(a % L.PLAY_STRIDE // L.SUB_OPTIONS for a in t.legal() if a < L.A_END)
    assert targets == [1, 4]


def test_ss_d_counts_the_card_file_rules_the_deck(tmp_path):
    from emr_sim.games.samurai.cards import DEFAULT

    parry = 'name = "Parry"\nkind = "action"\neffect = "parry"\ncount = '
    text = DEFAULT.read_text().replace(parry + "15", parry + "20")
    path = tmp_path / "more_parries.toml"
    path.write_text(text)
    t = Table(5, data=str(path), characters="vanilla")
    assert t.cards.deck_size() == 95
    assert t.S[L.H_DRAW_N] == 95 - 26 - 2


def test_ss_silence_and_ss_d_hidden_a_seat_sees_its_hand_sizes_and_the_public_not_the_rest():
    t = Table(6, index=3)
    t.turn_of(int(t.S[L.H_SHOGUN]))
    for seat in range(6):
        obs = t.observe(seat)
        for s in range(6):
            base = L.SEAT_BASE + s * L.ST_SIZE
            hand = obs[base + L.ST_HAND : base + L.ST_HAND + L.MAX_KINDS]
            assert np.all(hand == K.HIDDEN) == (s != seat)
            for field in (L.ST_HAND_N, L.ST_HP, L.ST_HONOUR, L.ST_CHAR):
                assert obs[base + field] == t.S[base + field]  # public
        assert np.all(obs[L.DRAW_BASE : L.DRAW_BASE + t.S[L.H_DRAW_N]] == K.HIDDEN)
        assert np.all(obs[L.PUB_ATTACK : L.RNG_BASE] == t.S[L.PUB_ATTACK : L.RNG_BASE])


def test_ss_d_hidden_a_determinisation_keeps_what_the_seat_knows_and_deals_only_unseen_cards():
    from emr_sim.games.samurai import kernels as k

    for index in range(8):
        t = Table(5, index=index, ninja4_double="on")
        seat = (index + 1) % 5
        obs = t.observe(seat)
        rng = np.array([index, 7, 3, 1], dtype=np.int64)
        R = np.zeros_like(t.S)
        k.determinise(t.G, obs, seat, rng, R)
        again = np.zeros_like(obs)
        k.observe(t.G, R, seat, again)
        assert np.array_equal(obs, again)
        assert sorted(R[L.SEAT_BASE + s * L.ST_SIZE + L.ST_ROLE] for s in range(5)) == sorted(
            t.S[L.SEAT_BASE + s * L.ST_SIZE + L.ST_ROLE] for s in range(5)
        )
        total = sum(int(R[L.SEAT_BASE + s * L.ST_SIZE + L.ST_HAND_N]) for s in range(5)) + int(R[L.H_DRAW_N])
        counts = np.zeros(t.cards.n_kinds, dtype=int)
        for s in range(5):
            counts += R[
                L.SEAT_BASE + s * L.ST_SIZE + L.ST_HAND : L.SEAT_BASE + s * L.ST_SIZE + L.ST_HAND + 25
            ]
        for j in range(int(R[L.H_DRAW_N])):
            counts[R[L.DRAW_BASE + j]] += 1
        assert total == 90 - int(R[L.H_DISC_N]) and counts.tolist() == t.cards.CT[:25, L.CT_COUNT].tolist()
