"""Setup, board, life, bow cards, fury switch and card orientation.

R-SETUP, D-FIRST, R-BOARD, D-BOARD, D-LIFE, R-BOW, D-BOW, R-OPT-FURY, R-CARD: new
games from seeds, whole seeded games stepped through, and hand-built scenarios
(tests/support/scenario.py) in which player 0 acts first.
"""

from __future__ import annotations

import numpy as np
import pytest
from support.scenario import Scenario, damage_events, kinds, pb, seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import find_card
from emr_sim.games.emr.face.core import Game, play

GREEDY = (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
RANDOM = (C.PLAYER_RANDOM, C.PLAYER_RANDOM)
BOWS = set(range(C.BOW_BASE, C.BOW_BASE + 4))


def row(g: Game, p: int, field: int) -> list[int]:
    lo = pb(p) + field
    return [int(x) for x in g.state[lo : lo + C.N_ZONES]]


def hand(g: Game, p: int) -> list[int]:
    n = int(g.state[pb(p) + C.P_HAND_N])
    return [int(x) for x in g.state[pb(p) + C.P_HAND : pb(p) + C.P_HAND + n]]


def pile(g: Game, count_at: int) -> list[int]:
    n = int(g.state[count_at])
    return [int(x) for x in g.state[count_at + 1 : count_at + 1 + n]]


def events_of(events, kind):
    return [e for e in events if e[0] == kind]


def shot_ids(g: Game) -> set[int]:
    return {c for c in range(C.MAX_SHOT) if g.table[c, C.CF_VALID] == 1}


# ================================================================ R-SETUP


@pytest.mark.parametrize("seed", range(12))
def test_r_setup_new_game(seed):
    g = Game.new(seed)
    for p in (0, 1):
        assert row(g, p, C.P_ZCARD) == [-1, -1, C.BOW_BASE + 2 * p, C.BOW_BASE + 2 * p + 1, -1, -1]
        for field in (C.P_ZBLOCK, C.P_ZDMG, C.P_ZCROW, C.P_CDMG, C.P_CPP, C.P_CPM):
            assert row(g, p, field) == [0] * 6
        assert len(hand(g, p)) == 2
        assert g.health(p) == 8
        assert int(g.state[pb(p) + C.P_FURY]) == 0
        assert int(g.state[pb(p) + C.P_ASIDE_N]) == 0
    assert int(g.state[C.DRAW_N]) == 96
    assert int(g.state[C.DISC_N]) == 0
    # every one of the 100 shot cards is in the draw pile or a hand, once
    placed = pile(g, C.DRAW_N) + hand(g, 0) + hand(g, 1)
    assert len(placed) == 100 and set(placed) == shot_ids(g)
    assert len(events_of(g.events, C.E_DRAW)) == 4
    first = int(g.state[C.H_FIRST])
    assert g.phase == "turn" and g.decider == first and int(g.state[C.H_TURN]) == 1
    assert events_of(g.events, C.E_TURN) == [(C.E_TURN, first, 1, 0, 0, 0)]


def test_r_setup_dealt_cards_come_from_a_shuffled_pile():
    orders = {tuple(pile(Game.new(seed), C.DRAW_N)) for seed in range(5)}
    assert len(orders) == 5
    hands = {tuple(sorted(hand(Game.new(seed), 0))) for seed in range(5)}
    assert len(hands) > 1


def test_r_setup_hero_mode_starts_without_fury():
    g = Game.new(3, rules={"fury": "on"}, heroes="kungfu,master")
    assert [int(g.state[pb(p) + C.P_FURY]) for p in (0, 1)] == [0, 0]
    assert [int(g.state[pb(p) + C.P_HERO]) for p in (0, 1)] == [C.HERO_KUNGFU, C.HERO_MASTER]
    assert int(g.state[C.DRAW_N]) == 96 and g.health(0) == g.health(1) == 8


# ================================================================ D-FIRST


def test_d_first_random_per_game_both_values_occur_over_seeds():
    firsts = [int(Game.new(seed).state[C.H_FIRST]) for seed in range(40)]
    assert set(firsts) == {0, 1}
    assert 8 <= sum(firsts) <= 32  # not lopsided


def test_d_first_random_per_game_index_too():
    firsts = {int(Game.new(5, index).state[C.H_FIRST]) for index in range(40)}
    assert firsts == {0, 1}


@pytest.mark.parametrize("seed", range(6))
def test_d_first_is_a_function_of_the_seed(seed):
    a, b = Game.new(seed, 2), Game.new(seed, 2)
    assert a.state[C.H_FIRST] == b.state[C.H_FIRST]
    assert np.array_equal(a.state, b.state)


@pytest.mark.parametrize("seed", range(8))
def test_d_first_first_player_takes_the_first_turn(seed):
    g = Game.new(seed)
    first = int(g.state[C.H_FIRST])
    assert int(g.state[C.H_ACTIVE]) == first and g.decider == first
    assert events_of(g.events, C.E_TURN)[0][1] == first


@pytest.mark.parametrize("fixed", [0, 1])
def test_d_first_first_player_option_fixes_it(fixed):
    for seed in range(20):
        g = Game.new(seed, rules={"first_player": str(fixed)})
        assert int(g.state[C.H_FIRST]) == fixed
        assert g.decider == fixed and events_of(g.events, C.E_TURN)[0][1] == fixed


def test_d_first_option_in_a_whole_game():
    g = play(11, "greedy,greedy", rules={"first_player": "1"})
    turns = events_of(g.events, C.E_TURN)
    assert turns[0][1] == 1
    assert all(t[1] == (1 if t[2] % 2 == 1 else 0) for t in turns)  # then they alternate


# ================================================================ R-BOARD


def board_ok(g: Game, p: int) -> bool:
    cards = row(g, p, C.P_ZCARD)
    zones = [z for z, c in enumerate(cards) if c != C.NO_CARD]
    return len(zones) == 2 and zones[1] == zones[0] + 1


@pytest.mark.parametrize(
    ("seed", "players", "rules"),
    [(1, GREEDY, None), (2, RANDOM, None), (3, (0, 1), None), (4, GREEDY, {"fury": "on"})],
)
def test_r_board_always_two_adjacent_cards(seed, players, rules):
    plays = 0
    for g, _prng in seeded_steps(seed, players, rules=rules):
        for p in (0, 1):
            assert board_ok(g, p), g.describe()
            cards = row(g, p, C.P_ZCARD)
            for z, flag in enumerate(row(g, p, C.P_ZBLOCK)):  # attack or block state
                assert flag in (0, 1) and (flag == 0 or cards[z] != C.NO_CARD)
        plays = int(g.state[C.H_PLAYS])
    assert plays > 10


def test_r_board_a_play_shifts_the_pair_by_one():
    sc = Scenario().board(0, {0: "red 3-3", 1: "red 4-4"}).hand(0, ["blue 1-1"])
    g = sc.game()
    assert {t for _c, t in g.legal()} == {"draw", "play blue 1-1 right"}  # no room on the left
    g.apply("play blue 1-1 right")
    assert row(g, 0, C.P_ZCARD) == [-1, sc.card("red 4-4"), sc.card("blue 1-1"), -1, -1, -1]


# ================================================================ D-BOARD


def test_d_board_blocked_cards_keep_their_column_and_numbers_count():
    sc = Scenario()
    # P0: blue 2-4 blocked on zone 2; red 2-4 played on zone 1 gives attack 4 + 2 = 6
    sc.board(0, {2: "blue 2-4", 3: "red 3-1"}, blocked=[2]).hand(0, ["red 2-4"])
    # P1: green 2-1 blocked on zone 2, green 1-4: defence 2 + 4 = 6
    sc.board(1, {2: "green 2-1", 3: "green 1-4"}, blocked=[2])
    g = sc.game()
    ev = g.apply("play red 2-4 left")
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert damage_events(ev) == [(1, 1, C.SRC_HIT)]  # red 3-1; no penalty (no red blocked)
    assert row(g, 0, C.P_ZCARD)[1:3] == [sc.card("red 2-4"), sc.card("blue 2-4")]
    assert row(g, 0, C.P_ZBLOCK) == [0, 0, 1, 0, 0, 0]
    assert row(g, 1, C.P_ZBLOCK) == [0, 0, 1, 0, 0, 0]


def test_d_board_ejecting_a_blocked_card_attacks_normally():
    sc = Scenario().board(0, {2: "red 5-5", 3: "red 5-2"}, blocked=[3]).hand(0, ["blue 1-1"])
    g = sc.game()
    ev = g.apply("play blue 1-1 left")
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert g.health(1) == 5  # red 5-2: damage 3
    assert row(g, 0, C.P_ZBLOCK) == [0] * 6


# ================================================================ D-LIFE


def test_d_life_default_health_is_eight():
    g = Game.new(0)
    assert g.health(0) == g.health(1) == 8


@pytest.mark.parametrize("health", [1, 5, 12])
def test_d_life_health_option(health):
    g = Game.new(0, rules={"health": str(health)})
    assert g.health(0) == g.health(1) == health
    assert Scenario(rules={"health": str(health)}).game().health(1) == health


def test_d_life_player_at_zero_is_out_and_the_other_wins():
    sc = Scenario().board(0, {2: "red 5-5", 3: "red 5-2"}).hand(0, ["blue 1-1"]).health(1, 2)
    g = sc.game()
    ev = g.apply("play blue 1-1 left")  # a hit for 3 against 2 health
    assert g.health(1) == 0
    assert g.over and g.winner == 0 and g.phase == "over"
    assert (C.E_DEFEATED, 1, 0, 0, 0, 0) in ev and (C.E_WIN, 0, 0, 0, 0, 0) in ev
    assert g.legal() == []


def test_d_life_whole_games_end_with_the_loser_at_zero():
    for seed in range(4):
        g = play(seed, "greedy,greedy", rules={"health": "4"})
        if g.winner in (0, 1):
            assert g.health(1 - g.winner) == 0 and g.health(g.winner) > 0


# ================================================================ R-BOW


HIT_CARDS = {  # colour: (an attacking card of damage >= 1, a card of that colour with right number 3)
    "red": ("red 5-2", "red 4-3"),
    "blue": ("blue 5-2", "blue 2-3"),
    "yellow": ("yellow 5-4", "yellow 5-3"),
    "green": ("green 5-4", "green 1-3"),
}


def bow_scenario(colour: str, p1_board: dict) -> Scenario:
    """P0 hits (attack 1 + 5 = 6) with a card of COLOUR; P1's defence is 6."""
    sc = Scenario().board(0, {2: "red 5-5", 3: HIT_CARDS[colour][0]}).hand(0, ["blue 1-1"])
    return sc.board(1, p1_board)


@pytest.mark.parametrize("colour", list(HIT_CARDS))
def test_r_bow_bows_cannot_block_a_coloured_attack(colour):
    sc = bow_scenario(colour, {2: C.BOW_BASE + 2, 3: C.BOW_BASE + 3})
    g = sc.game()
    ev = g.apply("play blue 1-1 left")
    assert events_of(ev, C.E_ATTACK)[0][4] == 1
    assert C.E_BLOCK not in kinds(ev)
    damage = int(g.table[sc.card(HIT_CARDS[colour][0]), C.CF_DAMAGE])
    assert g.health(1) == 8 - damage  # taken at once: no defence decision
    assert g.phase == "turn" and g.decider == 1


@pytest.mark.parametrize("colour", list(HIT_CARDS))
def test_r_bow_only_the_coloured_card_beside_a_bow_may_block(colour):
    sc = bow_scenario(colour, {2: C.BOW_BASE + 2, 3: HIT_CARDS[colour][1]})
    g = sc.game()
    g.apply("play blue 1-1 left")
    assert g.phase == "defend" and g.decider == 1
    assert g.legal_codes() == [C.A_PASS, C.A_BLOCK + 3]


# ================================================================ D-BOW


def test_d_bow_default_numbers_three_three_and_no_features():
    g = Game.new(0)
    for b in BOWS:
        t = g.table[b]
        assert (t[C.CF_COLOUR], t[C.CF_LEFT], t[C.CF_RIGHT]) == (C.COLOUR_BOW, 3, 3)
        assert (t[C.CF_DAMAGE], t[C.CF_DRAGON], t[C.CF_EFFECT]) == (0, 0, C.EFFECT_NONE)


def test_d_bow_numbers_configurable():
    g = Game.new(0, rules={"bow_left": "1", "bow_right": "5"})
    for b in BOWS:
        assert (g.table[b, C.CF_LEFT], g.table[b, C.CF_RIGHT]) == (1, 5)


@pytest.mark.parametrize(("rules", "hit"), [(None, 0), ({"bow_left": "4", "bow_right": "2"}, 1)])
def test_d_bow_numbers_count_for_attack_and_defence(rules, hit):
    # P1's bows defend with left + right; P0 attacks with red 1-2 beside its own bow
    sc = Scenario(rules=rules).board(0, {2: C.BOW_BASE, 3: "red 5-2"}).hand(0, ["red 1-2"])
    g = sc.game()
    ev = g.apply("play red 1-2 left")
    left, right = int(g.table[C.BOW_BASE, C.CF_LEFT]), int(g.table[C.BOW_BASE, C.CF_RIGHT])
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (2 + left, left + right, hit)
    assert g.health(1) == 8 - 3 * hit


def test_d_bow_ejected_bow_leaves_the_game():
    sc = Scenario().hand(0, ["blue 1-1"])  # P0's bows on zones 2-3
    g = sc.game()
    ev = g.apply("play blue 1-1 left")
    assert events_of(ev, C.E_EJECT)[0][2] == C.BOW_BASE + 1
    assert int(g.state[C.DISC_N]) == 0
    assert C.BOW_BASE + 1 not in pile(g, C.DRAW_N) + pile(g, C.DISC_N) + hand(g, 0) + hand(g, 1)
    assert C.BOW_BASE + 1 not in row(g, 0, C.P_ZCARD) + row(g, 1, C.P_ZCARD)


@pytest.mark.parametrize("seed", range(3))
def test_d_bow_never_in_piles_or_hands_in_whole_games(seed):
    seen_discard = False
    for g, _prng in seeded_steps(seed, RANDOM):
        out = pile(g, C.DRAW_N) + pile(g, C.DISC_N) + hand(g, 0) + hand(g, 1)
        assert not BOWS & set(out)
        seen_discard |= int(g.state[C.DISC_N]) > 0
    on_board = BOWS & set(row(g, 0, C.P_ZCARD) + row(g, 1, C.P_ZCARD))
    assert len(on_board) < 4  # some bow was ejected and is gone
    assert seen_discard


def test_d_bow_ejected_bow_hits_for_no_damage():
    sc = Scenario().hand(0, ["blue 1-4"])  # blue 1-4 | bow 3-3: attack 4 + 3 = 7
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"})  # defence 7
    g = sc.game()
    ev = g.apply("play blue 1-4 left")
    assert events_of(ev, C.E_ATTACK)[0][2:6] == (7, 7, 1, C.BOW_BASE + 1)
    assert not damage_events(ev) and g.health(1) == 8
    assert C.E_NO_EFFECT not in kinds(ev) and C.E_EFFECT not in kinds(ev)
    assert g.phase == "turn" and g.decider == 1


def test_d_bow_two_bows_are_not_a_same_colour_pair_for_fury():
    g = Game.new(0, rules={"fury": "on"})
    assert C.E_FURY not in kinds(g.events)
    assert [int(g.state[pb(p) + C.P_FURY]) for p in (0, 1)] == [0, 0]
    g = Game.new(0, rules={"fury": "on", "bow_fury": "on"})  # the literal reading, as an option
    assert sorted(e[1:3] for e in events_of(g.events, C.E_FURY)) == [(0, 1), (1, 1)]


# ================================================================ R-OPT-FURY


@pytest.mark.parametrize("players", ["greedy,greedy", "random,random"])
def test_r_opt_fury_off_no_fury_ever(players):
    for seed in range(6):
        g = play(seed, players)
        assert int(g.state[C.H_HERO_MODE]) == 0
        assert C.E_FURY not in kinds(g.events)
        assert [int(g.state[pb(p) + C.P_FURY]) for p in (0, 1)] == [0, 0]


def test_r_opt_fury_off_no_fury_even_with_same_colour_pairs():
    same_colour = 0
    for g, _prng in seeded_steps(5, RANDOM):
        for p in (0, 1):
            assert int(g.state[pb(p) + C.P_FURY]) == 0
            z = [c for c in row(g, p, C.P_ZCARD) if c != C.NO_CARD]
            cols = {int(g.table[c, C.CF_COLOUR]) for c in z}
            same_colour += len(cols) == 1 and C.COLOUR_BOW not in cols
    assert same_colour > 0  # the test met positions that would make a player furious


def test_r_opt_fury_on_fury_events_occur():
    furies = []
    for seed in range(6):
        g = play(seed, "greedy,greedy", rules={"fury": "on"}, heroes="kungfu,master")
        assert int(g.state[C.H_HERO_MODE]) == 1
        ev = events_of(g.events, C.E_FURY)
        furies += ev
        for p in (0, 1):  # the marker ends as the last fury event left it
            last = [e[2] for e in ev if e[1] == p]
            assert int(g.state[pb(p) + C.P_FURY]) == (last[-1] if last else 0)
    assert {e[2] for e in furies} == {0, 1}
    assert {e[1] for e in furies} == {0, 1}


def test_r_opt_fury_off_ignores_chosen_heroes():
    g = play(2, "greedy,greedy", heroes="kungfu,master")
    assert [int(g.state[pb(p) + C.P_HERO]) for p in (0, 1)] == [C.NO_HERO, C.NO_HERO]
    assert C.E_FURY not in kinds(g.events)


def same_colour(g: Game, p: int) -> int:
    cols = {int(g.table[c, C.CF_COLOUR]) for c in row(g, p, C.P_ZCARD) if c != C.NO_CARD}
    return int(len(cols) == 1 and C.COLOUR_BOW not in cols)


def test_r_opt_fury_on_marker_follows_same_colour_pairs_at_turn_start():
    checked = furious = 0
    for seed in range(4):
        for g, _prng in seeded_steps(seed, GREEDY, rules={"fury": "on"}):
            if g.phase != "turn":  # the first decision of a turn: fury was just checked
                continue
            for p in (0, 1):
                assert int(g.state[pb(p) + C.P_FURY]) == same_colour(g, p), (seed, p, g.describe())
                furious += same_colour(g, p)
            checked += 1
    assert checked > 20 and furious > 0


# ================================================================ R-CARD


def test_r_card_labels_read_left_number_first():
    g = Game.new(0)
    c = find_card(g.table, "yellow 3-1")
    assert (g.table[c, C.CF_LEFT], g.table[c, C.CF_RIGHT]) == (3, 1)


def test_r_card_yellow_3_1_after_a_4_attacks_4_plus_3():
    sc = Scenario().board(0, {2: "red 4-4", 3: "blue 2-4"}).hand(0, ["yellow 3-1"])
    sc.board(1, {2: "blue 4-4", 3: "green 3-3"})  # defence 4 + 3 = 7
    g = sc.game()
    ev = g.apply("play yellow 3-1 right")  # blue 2-4 | yellow 3-1
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (7, 7, 1)
    assert g.health(1) == 7  # red 4-4 ejected: damage 1


def test_r_card_2_4_then_5_1_attack_9_defence_3():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 2-4"}).hand(0, ["green 5-1"])
    sc.board(1, {2: "red 1-2", 3: "red 2-1"}).hand(1, ["red 5-2"])  # P1 defence 1 + 1 = 2
    g = sc.game()
    ev = g.apply("play green 5-1 right")  # red 2-4 | green 5-1
    assert events_of(ev, C.E_ATTACK)[0][2:5] == (9, 2, 0)
    assert g.phase == "turn" and g.decider == 1
    ev = g.apply("play red 5-2 left")  # red 5-2 | red 1-2: attack 2 + 1 = 3
    assert events_of(ev, C.E_ATTACK)[0][1:5] == (1, 3, 3, 1)  # P0's defence 2 + 1 = 3
    assert g.phase == "defend" and g.decider == 0


def test_r_card_played_on_the_left_is_not_turned():
    sc = Scenario().board(0, {2: "red 4-4", 3: "red 3-3"}).hand(0, ["yellow 3-1"])
    g = sc.game()
    ev = g.apply("play yellow 3-1 left")  # yellow 3-1 | red 4-4: inner 1 + 4
    assert events_of(ev, C.E_ATTACK)[0][2] == 5
