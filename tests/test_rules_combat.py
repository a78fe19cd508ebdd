"""Scenario tests of the turn, the play and the fight, one or more per rule id.

Every test builds a position with tests/scenario.py, plays it through the Game API
and asserts outcomes read from the state (health, boards, block flags, tokens,
hands, piles, the pending decision) and from the events. Rule ids are those of
docs/rules.md; each test is named after the id it checks.

Unless a test says otherwise, player 1 keeps the setup board: the two bow 3-3
cards on zones 2 and 3, a defence of 3 + 3 = 6 that nothing can block or counter.
"""

from __future__ import annotations

import pytest
from scenario import Scenario, damage_events, kinds

from emr_sim import codes as C
from emr_sim.cards import find_card
from emr_sim.game import IllegalAction
from emr_sim.position import card_ref

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)

# ---------------------------------------------------------------- state readers


def pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


def field(g, p: int, name: int, z: int) -> int:
    return int(g.state[pb(p) + name + z])


def zcard(g, p: int, z: int) -> int:
    return field(g, p, C.P_ZCARD, z)


def board(g, p: int) -> dict[int, str]:
    """{zone: card label} of player p's board."""
    return {z: card_ref(g.table, zcard(g, p, z)) for z in range(C.N_ZONES) if zcard(g, p, z) != C.NO_CARD}


def blocked(g, p: int) -> list[int]:
    return [z for z in range(C.N_ZONES) if field(g, p, C.P_ZBLOCK, z) == 1]


def zdmg(g, p: int, z: int) -> int:
    return field(g, p, C.P_ZDMG, z)


def cdmg(g, p: int, z: int) -> int:
    return field(g, p, C.P_CDMG, z)


def hand(g, p: int) -> list[str]:
    n = int(g.state[pb(p) + C.P_HAND_N])
    return [card_ref(g.table, int(g.state[pb(p) + C.P_HAND + k])) for k in range(n)]


def hand_n(g, p: int) -> int:
    return int(g.state[pb(p) + C.P_HAND_N])


def discard_pile(g) -> list[str]:
    n = int(g.state[C.DISC_N])
    return [card_ref(g.table, int(g.state[C.DISC + k])) for k in range(n)]


def cid(g, label: str) -> int:
    return find_card(g.table, label)


def texts(g) -> set[str]:
    return {text for _code, text in g.legal()}


def of_kind(events, kind: int) -> list[tuple[int, ...]]:
    return [e for e in events if e[0] == kind]


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def active(g) -> int:
    return int(g.state[C.H_ACTIVE])


def placed_cards(S) -> list[int]:
    """Every card id on the boards, in the hands and in the piles."""
    out = []
    for p in range(2):
        out += [int(c) for c in S[pb(p) + C.P_ZCARD : pb(p) + C.P_ZCARD + C.N_ZONES] if c != C.NO_CARD]
        out += [int(c) for c in S[pb(p) + C.P_HAND : pb(p) + C.P_HAND + int(S[pb(p) + C.P_HAND_N])]]
    out += [int(c) for c in S[C.DRAW : C.DRAW + int(S[C.DRAW_N])]]
    out += [int(c) for c in S[C.DISC : C.DISC + int(S[C.DISC_N])]]
    return out


@pytest.fixture(autouse=True)
def _scenarios_hold_each_card_once(monkeypatch):
    """A hand-built position must not put one card in two places (Scenario does not check)."""
    build = Scenario.game

    def checked(self):
        g = build(self)
        ids = placed_cards(g.state)
        twice = sorted({card_ref(g.table, c) for c in ids if ids.count(c) > 1})
        assert not twice, f"scenario places these cards twice: {twice}"
        return g

    monkeypatch.setattr(Scenario, "game", checked)


# ---------------------------------------------------------------- common positions

# Player 0's pair is EJECTED on zone 2 and blue 1-4 on zone 3; playing green 2-5 on the
# right ejects EJECTED with an attack of 4 + 2 = 6 (a hit on the bows' 6); green 1-3
# gives 4 + 1 = 5 (a miss). Neither makes a pair.
PAIR_RIGHT = "blue 1-4"
HIT_CARD = "green 2-5"
MISS_CARD = "green 1-3"
# Defender boards of defence 6 (outer 3 + 3).
RED_RED = {2: "red 3-3", 3: "red 2-3"}  # both red, no dragon
RED_BLUE = {2: "red 3-3", 3: "blue 2-3"}  # one red, no dragon


def attack(ejected: str, defender: dict | None = None, defender_blocked=(), rules=None, **kw) -> Scenario:
    """Player 0 about to eject `ejected` (zone 2) by playing HIT_CARD or MISS_CARD on the right."""
    sc = Scenario(rules=rules)
    sc.board(0, {2: ejected, 3: PAIR_RIGHT})
    sc.hand(0, [HIT_CARD, MISS_CARD])
    if defender is not None:
        sc.board(1, defender, blocked=list(defender_blocked))
    return sc


# ================================================================ R-TURN


def test_r_turn_first_decision_is_draw_or_play():
    sc = Scenario().hand(0, ["red 3-1", "blue 2-2"])
    g = sc.game()
    assert pending(g) == ("turn", 0)
    assert texts(g) == {
        "draw",
        "play red 3-1 left",
        "play red 3-1 right",
        "play blue 2-2 left",
        "play blue 2-2 right",
    }


def test_r_turn_drawing_ends_the_turn():
    g = Scenario().hand(0, ["red 3-1"]).game()
    events = g.apply("draw")
    assert hand_n(g, 0) == 3
    assert pending(g) == ("turn", 1)
    assert active(g) == 1
    assert of_kind(events, C.E_TURN) == [(C.E_TURN, 1, 2, 0, 0, 0)]


def test_r_turn_a_play_without_pair_ends_the_turn():
    g = attack("red 3-1").game()
    g.apply(f"play {MISS_CARD} right")
    assert pending(g) == ("turn", 1)
    assert int(g.state[C.H_TURN]) == 2
    assert hand(g, 0) == [HIT_CARD]


def test_r_turn_keeps_playing_while_extra_actions_allow():
    # red 5-2 then yellow 2-3: inner 2/2 is a pair; then green 1-4 (inner 3/1) is not.
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0)
    assert active(g) == 0
    g.apply("play green 1-4 right")
    assert board(g, 0) == {4: "yellow 2-3", 5: "green 1-4"}
    assert pending(g) == ("turn", 1)


# ================================================================ R-DRAW


@pytest.mark.parametrize("held, after", [(0, 2), (1, 3), (2, 4), (3, 4)])
def test_r_draw_two_cards_at_0_to_2_one_at_3(held, after):
    cards = ["red 1-1", "red 1-2", "red 1-3"][:held]
    sc = Scenario().hand(0, cards).top(["blue 5-5", "yellow 5-5"])
    g = sc.game()
    events = g.apply("draw")
    assert hand_n(g, 0) == after
    drawn = [card_ref(g.table, e[2]) for e in of_kind(events, C.E_DRAW)]
    assert drawn == ["blue 5-5", "yellow 5-5"][: after - held]
    assert hand(g, 0) == cards + drawn


def test_r_draw_not_allowed_holding_4():
    cards = ["red 1-1", "red 1-2", "red 1-3", "red 1-4"]
    g = Scenario().hand(0, cards).game()
    assert "draw" not in texts(g)
    assert texts(g) == {f"play {c} {side}" for c in cards for side in ("left", "right")}
    with pytest.raises(IllegalAction):
        g.apply("draw")
    assert hand_n(g, 0) == 4


def test_r_draw_token_move_offers_zone_and_card_tokens():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"})
    sc.zone_tokens(0, 0, damage=1).zone_tokens(0, 1, damage=1).zone_tokens(0, 5, damage=2)
    sc.tokens_on_card(0, 3, damage=1)
    sc.zone_tokens(1, 0, damage=1)  # the opponent's tokens are not yours to move
    g = sc.game()
    g.apply("draw")
    assert pending(g) == ("token-move", 0)
    assert texts(g) == {
        "pass",
        "move zone-token 0 right",  # to the empty zone 1 (zone 0 has no left neighbour)
        "move zone-token 1 left",  # not right: zone 2 holds a card
        "move zone-token 5 left",
        "move card-token 3 left",  # to the adjacent card only
    }


def test_r_draw_token_move_zone_token_to_adjacent_empty_zone():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).zone_tokens(0, 5, damage=2)
    g = sc.game()
    g.apply("draw")
    events = g.apply("move zone-token 5 left")
    assert (zdmg(g, 0, 5), zdmg(g, 0, 4)) == (1, 1)
    assert of_kind(events, C.E_TOKEN_MOVE) == [(C.E_TOKEN_MOVE, 0, C.TOKEN_ZONE, 5, 4, 0)]
    assert g.health(0) == 8  # moving a token deals nothing
    assert pending(g) == ("turn", 1)


def test_r_draw_token_move_card_token_to_adjacent_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).tokens_on_card(0, 3, damage=1)
    g = sc.game()
    g.apply("draw")
    g.apply("move card-token 3 left")
    assert (cdmg(g, 0, 2), cdmg(g, 0, 3)) == (1, 0)
    assert pending(g) == ("turn", 1)


def test_r_draw_token_move_may_be_passed_and_is_skipped_without_tokens():
    sc = Scenario().zone_tokens(0, 0, damage=1)
    g = sc.game()
    g.apply("draw")
    g.apply("pass")
    assert zdmg(g, 0, 0) == 1
    assert pending(g) == ("turn", 1)
    g2 = Scenario().game()  # no token on p0's board: no token-move decision at all
    g2.apply("draw")
    assert pending(g2) == ("turn", 1)


# ================================================================ D-DECKOUT


def test_d_deckout_empty_draw_pile_reshuffles_the_discard():
    sc = Scenario().no_draw_pile()
    g = sc.game()
    n_disc = int(g.state[C.DISC_N])
    assert int(g.state[C.DRAW_N]) == 0 and n_disc == 100
    events = g.apply("draw")
    assert of_kind(events, C.E_RESHUFFLE) == [(C.E_RESHUFFLE, -1, n_disc, 0, 0, 0)]
    assert hand_n(g, 0) == 2
    assert int(g.state[C.DISC_N]) == 0
    assert int(g.state[C.DRAW_N]) == n_disc - 2


def test_d_deckout_reshuffle_in_the_middle_of_a_draw():
    sc = Scenario().no_draw_pile().top(["blue 5-5"])  # the draw pile is this one card
    g = sc.game()
    assert int(g.state[C.DRAW_N]) == 1
    events = g.apply("draw")
    assert kinds(events)[:3] == [C.E_DRAW, C.E_RESHUFFLE, C.E_DRAW]
    assert hand_n(g, 0) == 2
    assert hand(g, 0)[0] == "blue 5-5"


def test_d_deckout_draws_what_there_is():
    sc = Scenario().no_draw_pile().top(["blue 5-5"])
    g = sc.game()
    g.state[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DISC_N] = 0  # nothing to reshuffle: one card in all
    events = g.apply("draw")
    assert hand(g, 0) == ["blue 5-5"]
    assert len(of_kind(events, C.E_DRAW)) == 1
    assert not of_kind(events, C.E_RESHUFFLE)
    assert (int(g.state[C.DRAW_N]), int(g.state[C.DISC_N])) == (0, 0)
    # p1 (empty hand, no card left to draw) passes; p0 is to play again
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events
    assert pending(g) == ("turn", 0)


def _empty_piles(g):
    g.state[C.DRAW : C.DRAW + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DRAW_N] = 0
    g.state[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
    g.state[C.DISC_N] = 0


def test_d_deckout_player_who_can_neither_draw_nor_play_passes():
    # red 4-4 beside the bow 3-3: attack 7 (a miss on the bows' 6), no pair
    g = Scenario().hand(0, ["red 4-4", "red 1-1"]).game()
    _empty_piles(g)
    assert "draw" not in texts(g)
    events = g.apply("play red 4-4 right")  # ejects a bow: it leaves the game, the piles stay empty
    assert int(g.state[C.DISC_N]) == 0
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events  # p1: empty hand, nothing to draw
    turns = of_kind(events, C.E_TURN)
    assert [(e[1], e[2]) for e in turns] == [(1, 2), (0, 3)]
    assert pending(g) == ("turn", 0)
    assert texts(g) == {"play red 1-1 left", "play red 1-1 right"}


def test_d_deckout_reshuffle_off_leaves_the_discard_alone():
    g = Scenario(rules={"reshuffle": "off"}).no_draw_pile().hand(0, ["red 3-1"]).game()
    assert int(g.state[C.DISC_N]) > 0
    assert texts(g) == {"play red 3-1 left", "play red 3-1 right"}
    events = g.apply("play red 3-1 right")
    assert (C.E_PASS, 1, 0, 0, 0, 0) in events
    assert not of_kind(events, C.E_RESHUFFLE)


def test_d_deckout_turn_cap_option_draws_the_game():
    g = Scenario(rules={"turn_cap": "3"}).game()
    g.apply("draw")  # turn 1, p0
    assert pending(g) == ("turn", 1)
    g.apply("draw")  # turn 2, p1
    assert pending(g) == ("turn", 0)
    events = g.apply("draw")  # turn 3, p0: the cap is reached
    assert g.over and g.winner == "draw"
    assert int(g.state[C.H_WINNER]) == C.DRAWN_GAME
    assert of_kind(events, C.E_DRAWN) == [(C.E_DRAWN, -1, 3, 0, 0, 0)]
    assert (g.health(0), g.health(1)) == (8, 8)
    assert g.legal() == []


def test_d_deckout_default_turn_cap_is_200_turns():
    g = Scenario().game()
    g.state[C.H_TURN] = 199
    g.apply("draw")  # turn 199 ends
    assert pending(g) == ("turn", 1) and int(g.state[C.H_TURN]) == 200
    events = g.apply("draw")  # turn 200 ends
    assert g.winner == "draw"
    assert of_kind(events, C.E_DRAWN) == [(C.E_DRAWN, -1, 200, 0, 0, 0)]


def test_d_deckout_turn_cap_counts_a_turn_with_its_extra_actions_once():
    sc = Scenario(rules={"turn_cap": "2"}).board(0, {2: "red 3-3", 3: "red 5-2"})
    g = sc.hand(0, ["yellow 2-3", "green 1-4"]).game()
    g.apply("play yellow 2-3 right")  # a pair: the extra action is still turn 1
    assert pending(g) == ("extra", 0) and int(g.state[C.H_TURN]) == 1
    g.apply("play green 1-4 right")
    assert pending(g) == ("turn", 1) and int(g.state[C.H_TURN]) == 2
    g.apply("draw")
    assert g.winner == "draw"


# ================================================================ R-PLAY


def test_r_play_left_ejects_the_right_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    events = g.apply("play green 1-4 left")
    assert board(g, 0) == {1: "green 1-4", 2: "red 3-3"}
    g_card, b_card = cid(g, "green 1-4"), cid(g, "blue 5-5")
    assert of_kind(events, C.E_PLAY) == [(C.E_PLAY, 0, g_card, 1, C.SIDE_LEFT, 0)]
    assert of_kind(events, C.E_EJECT) == [(C.E_EJECT, 0, b_card, 3, 0, 0)]
    assert discard_pile(g) == ["blue 5-5"]
    assert hand_n(g, 0) == 0


def test_r_play_right_ejects_the_left_card():
    sc = Scenario().board(0, {2: "red 3-3", 3: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    events = g.apply("play green 1-4 right")
    assert board(g, 0) == {3: "blue 5-5", 4: "green 1-4"}
    assert of_kind(events, C.E_EJECT)[0][2:4] == (cid(g, "red 3-3"), 2)
    assert discard_pile(g) == ["red 3-3"]


def test_r_play_ejected_card_is_the_attacker():
    # The attack hits with the ejected red 5-2 (damage 3), not with the played card.
    g = attack("red 5-2").game()
    events = g.apply(f"play {HIT_CARD} right")
    assert damage_events(events) == [(1, 3, C.SRC_HIT)]
    assert g.health(1) == 5


def test_r_play_edge_pair_on_the_left_edge_extends_right_only():
    sc = Scenario().board(0, {0: "red 3-3", 1: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    assert texts(g) == {"draw", "play green 1-4 right"}
    with pytest.raises(IllegalAction):
        g.apply("play green 1-4 left")
    g.apply("play green 1-4 right")
    assert board(g, 0) == {1: "blue 5-5", 2: "green 1-4"}


def test_r_play_edge_pair_on_the_right_edge_extends_left_only():
    sc = Scenario().board(0, {4: "red 3-3", 5: "blue 5-5"}).hand(0, ["green 1-4"])
    g = sc.game()
    assert texts(g) == {"draw", "play green 1-4 left"}
    with pytest.raises(IllegalAction):
        g.apply("play green 1-4 right")
    g.apply("play green 1-4 left")
    assert board(g, 0) == {3: "green 1-4", 4: "red 3-3"}


# ================================================================ R-STEP


def test_r_step_zone_damage_tokens_hurt_the_player():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=2).zone_tokens(0, 1, damage=1)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")  # into zone 4
    assert g.health(0) == 6
    assert damage_events(events) == [(0, 2, C.SRC_TRAP)]
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 0, 4, 2, 0, 0)]
    assert zdmg(g, 0, 4) == 0  # removed once they dealt their damage (D-TOKENS)
    assert zdmg(g, 0, 1) == 1  # a zone not played into is not touched


def test_r_step_only_the_zone_played_into():
    sc = attack("red 3-3").zone_tokens(0, 1, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 8
    assert zdmg(g, 0, 1) == 2


def test_r_step_tokens_on_the_ejected_card_hurt_the_player():
    sc = attack("red 3-3").tokens_on_card(0, 2, damage=2).tokens_on_card(0, 3, damage=1)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")  # ejects zone 2
    assert g.health(0) == 6
    dmg = of_kind(events, C.E_DAMAGE)
    assert [(e[1], e[2], e[3], e[4]) for e in dmg] == [(0, 2, C.SRC_TRAP, 2)]
    assert cdmg(g, 0, 2) == 0  # the card and its tokens left the board
    assert cdmg(g, 0, 3) == 1  # the token on the card that stays does nothing


def test_r_step_opponent_tokens_on_attacker_zone_do_not_matter():
    # Tokens on the opponent's zone 4 are not on the attacker's board.
    sc = attack("red 3-3").zone_tokens(1, 4, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert (g.health(0), g.health(1)) == (8, 8)
    assert zdmg(g, 1, 4) == 2


# ================================================================ R-HIT


@pytest.mark.parametrize(
    "played, attack_value, hit",
    [("green 1-3", 5, 0), ("green 2-5", 6, 1), ("yellow 3-3", 7, 0)],
)
def test_r_hit_only_on_exact_equality(played, attack_value, hit):
    sc = Scenario().board(0, {2: "red 3-1", 3: PAIR_RIGHT}).hand(0, [played])
    g = sc.game()
    events = g.apply(f"play {played} right")
    assert of_kind(events, C.E_ATTACK) == [(C.E_ATTACK, 0, attack_value, 6, hit, cid(g, "red 3-1"))]
    assert g.health(1) == 8 - hit
    assert int(g.state[C.RES_HIT]) == 0  # the play is over


def test_r_hit_attack_is_inner_numbers_defence_is_outer_numbers():
    # p0's new pair blue 1-4 | yellow 5-2: inner 4 + 5 = 9.
    # p1's pair yellow 4-1 | green 1-5: outer 4 + 5 = 9 (its inner numbers sum to 2).
    sc = Scenario().board(0, {2: "red 3-1", 3: "blue 1-4"}).hand(0, ["yellow 5-2"])
    sc.board(1, {2: "yellow 4-1", 3: "green 1-5"})
    g = sc.game()
    events = g.apply("play yellow 5-2 right")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (9, 9, 1)
    assert g.health(1) == 7


def test_r_hit_blocked_defender_card_numbers_still_count():
    # D-BOARD: the blocked red 3-3 keeps its numbers for the defence 3 + 3.
    g = attack("yellow 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert g.health(1) == 7


# ================================================================ R-DAMAGE


@pytest.mark.parametrize(
    "ejected, plus, minus, dealt",
    [
        ("red 3-1", 0, 0, 1),
        ("red 3-1", 1, 0, 2),
        ("red 3-1", 1, 1, 1),
        ("red 3-1", 2, 1, 2),
        ("red 3-1", 0, 1, 0),
        ("red 3-1", 0, 3, 0),  # never below 0
        ("red 3-3", 1, 0, 1),  # a 0-damage card with a +1 token
        ("red 5-2", 0, 1, 2),
    ],
)
def test_r_damage_ejected_card_damage_with_power_tokens(ejected, plus, minus, dealt):
    sc = attack(ejected).tokens_on_card(0, 2, plus=plus, minus=minus)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 8 - dealt
    hits = [e for e in of_kind(events, C.E_DAMAGE) if e[3] == C.SRC_HIT]
    assert [(e[1], e[2], e[4], e[5]) for e in hits] == (
        [(1, dealt, cid(g, ejected), 8 - dealt)] if dealt else []
    )
    assert g.health(0) == 8


def test_r_damage_no_damage_on_a_miss():
    g = attack("red 5-2").game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


# ================================================================ R-PAIR


def test_r_pair_equal_inner_numbers_give_an_extra_action():
    # red 5-2 | yellow 2-3: inner 2/2.
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    events = g.apply("play yellow 2-3 right")
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert pending(g) == ("extra", 0)


def test_r_pair_on_a_hit_as_on_a_miss():
    # blue 1-4 | yellow 4-2: inner 4/4 = attack 8; p1's green 3-3 | yellow 1-5 has defence 8.
    sc = Scenario().board(0, {2: "red 3-1", 3: "blue 1-4"}).hand(0, ["yellow 4-2"])
    sc.board(1, {2: "green 3-3", 3: "yellow 1-5"})
    g = sc.game()
    events = g.apply("play yellow 4-2 right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 7
    assert pending(g) == ("extra", 0)
    assert of_kind(events, C.E_EXTRA)


def test_r_pair_unequal_inner_numbers_give_none():
    sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}).hand(0, ["yellow 3-2"])
    g = sc.game()
    events = g.apply("play yellow 3-2 right")
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


@pytest.mark.parametrize("side", ["left", "right"])
def test_r_pair_none_when_the_neighbour_is_blocked(side):
    # left: blue 4-5 beside red 5-2 on zone 2; right: yellow 2-3 beside red 5-2 on zone 3.
    if side == "left":
        sc = Scenario().board(0, {2: "red 5-2", 3: "red 3-3"}, blocked=[2]).hand(0, ["blue 4-5"])
        played = "blue 4-5"
    else:
        sc = Scenario().board(0, {2: "red 3-3", 3: "red 5-2"}, blocked=[3]).hand(0, ["yellow 2-3"])
        played = "yellow 2-3"
    g = sc.game()
    events = g.apply(f"play {played} {side}")
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)
    assert blocked(g, 0) == ([2] if side == "left" else [3])


def test_r_pair_left_play_makes_a_pair():
    # blue 4-5 played left of red 5-2: inner 5/5.
    sc = Scenario().board(0, {2: "red 5-2", 3: "red 3-3"}).hand(0, ["blue 4-5"])
    g = sc.game()
    g.apply("play blue 4-5 left")
    assert board(g, 0) == {1: "blue 4-5", 2: "red 5-2"}
    assert pending(g) == ("extra", 0)


# ================================================================ D-TOKENS


def test_d_tokens_zone_tokens_stack_and_are_removed_after_dealing():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=3)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 5
    assert damage_events(events) == [(0, 3, C.SRC_TRAP)]
    assert zdmg(g, 0, 4) == 0


def test_d_tokens_trap_once_off_keeps_the_zone_token():
    sc = attack("red 3-3", rules={"trap_once": "off"}).zone_tokens(0, 4, damage=2)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert g.health(0) == 6
    assert zdmg(g, 0, 4) == 2


def test_d_tokens_power_tokens_are_separate_plus_and_minus_counts():
    # +2 and -1 on blue 3-3 (damage 2): 2 + 2 - 1 = 3; the counts are stored apart.
    sc = attack("blue 3-3").tokens_on_card(0, 2, plus=2, minus=1)
    g = sc.game()
    assert (field(g, 0, C.P_CPP, 2), field(g, 0, C.P_CPM, 2)) == (2, 1)
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5
    assert (field(g, 0, C.P_CPP, 2), field(g, 0, C.P_CPM, 2)) == (0, 0)  # gone with the card


def test_d_tokens_card_tokens_move_with_the_card_on_a_swap():
    # yellow 5-1 (swap) is ejected; blue 1-4 carries 1 damage and 1 power token to zone 4.
    sc = Scenario().board(0, {2: "yellow 5-1", 3: "blue 1-4"}).hand(0, [MISS_CARD])
    sc.tokens_on_card(0, 3, damage=1, plus=1)
    g = sc.game()
    g.apply(f"play {MISS_CARD} right")
    assert pending(g) == ("effect", 0)
    assert "swap p0" in texts(g)
    g.apply("swap p0")
    assert board(g, 0) == {3: MISS_CARD, 4: "blue 1-4"}
    assert (cdmg(g, 0, 4), field(g, 0, C.P_CPP, 4)) == (1, 1)
    assert (cdmg(g, 0, 3), field(g, 0, C.P_CPP, 3)) == (0, 0)


def test_d_tokens_zone_keeps_damage_tokens_and_a_crow_token_together():
    sc = attack("red 3-3").zone_tokens(0, 4, damage=2, crow=True)
    g = sc.game()
    assert (zdmg(g, 0, 4), field(g, 0, C.P_ZCROW, 4)) == (2, 1)
    events = g.apply(f"play {MISS_CARD} right")
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 0, 4, 2, 1, 0)]
    assert g.health(0) == 6
    assert (zdmg(g, 0, 4), field(g, 0, C.P_ZCROW, 4)) == (0, 0)


# ================================================================ D-STEP-ORDER


def test_d_step_order_zone_tokens_then_card_tokens_then_crow():
    # red 1-1 has the trap-zone effect, cancelled by the crow token of zone 4.
    sc = attack("red 1-1").zone_tokens(0, 4, damage=1, crow=True).tokens_on_card(0, 2, damage=2)
    g = sc.game()
    events = g.apply(f"play {MISS_CARD} right")
    red11 = cid(g, "red 1-1")
    step = [e for e in events if e[0] in (C.E_STEP, C.E_DAMAGE, C.E_CROW_CANCEL, C.E_ATTACK)]
    assert step == [
        (C.E_STEP, 0, 4, 1, 1, 0),
        (C.E_DAMAGE, 0, 1, C.SRC_TRAP, 4, 7),  # the zone's token
        (C.E_DAMAGE, 0, 2, C.SRC_TRAP, 2, 5),  # the ejected card's tokens
        (C.E_CROW_CANCEL, 0, red11, 4, 0, 0),  # then the crow
        (C.E_ATTACK, 0, 5, 6, 0, red11),  # and only then the hit check
    ]
    assert kinds(events)[:2] == [C.E_PLAY, C.E_EJECT]
    assert g.health(0) == 5
    assert pending(g) == ("turn", 1)  # the trap-zone effect was cancelled: no effect decision
    assert not of_kind(events, C.E_EFFECT)


# ================================================================ R-EXTRA

PAIR_POS = {2: "red 3-3", 3: "red 5-2"}  # yellow 2-3 played right makes 2/2


@pytest.mark.parametrize("others", [[], ["green 1-4"], ["green 1-4", "blue 1-3"]])
def test_r_extra_draw_is_exactly_one_card_even_holding_0_to_2(others):
    g = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", *others]).top(["blue 5-5", "green 5-5"]).game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0)
    assert "draw" in texts(g)
    events = g.apply("draw")
    assert [card_ref(g.table, e[2]) for e in of_kind(events, C.E_DRAW)] == ["blue 5-5"]
    assert hand(g, 0) == [*others, "blue 5-5"]
    assert pending(g) == ("turn", 1)  # the draw ends the turn


def test_r_extra_draw_allows_the_token_move_then_ends_the_turn():
    g = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3"]).zone_tokens(0, 0, damage=1).game()
    g.apply("play yellow 2-3 right")
    g.apply("draw")
    assert pending(g) == ("token-move", 0)
    g.apply("move zone-token 0 right")
    assert (zdmg(g, 0, 0), zdmg(g, 0, 1)) == (0, 1)
    assert pending(g) == ("turn", 1)


def test_r_extra_play_is_a_full_play():
    # The extra play ejects red 5-2 (damage 3): eject, hit check, damage and its own pair check.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 3-4", "red 1-1"])
    g = sc.game()
    g.apply("play yellow 2-3 right")  # red 5-2 | yellow 2-3: a 2/2 pair, attack 4: a miss
    assert pending(g) == ("extra", 0)
    events = g.apply("play green 3-4 right")  # yellow 2-3 | green 3-4: attack 3 + 3 = 6
    assert of_kind(events, C.E_EJECT)[0][2] == cid(g, "red 5-2")
    assert of_kind(events, C.E_ATTACK)[0][2:5] == (6, 6, 1)
    assert g.health(1) == 5
    assert board(g, 0) == {4: "yellow 2-3", 5: "green 3-4"}
    assert discard_pile(g) == ["red 3-3", "red 5-2"]
    assert pending(g) == ("extra", 0)  # 3/3 is a pair again
    assert hand(g, 0) == ["red 1-1"]


# ================================================================ D-EXTRA


def test_d_extra_one_extra_action_per_play_no_stock():
    # A pair gives exactly one extra action; a second pair gives one more, a non-pair ends the turn.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "blue 3-1", "green 4-4"])
    g = sc.game()
    ev1 = g.apply("play yellow 2-3 right")  # red 5-2 | yellow 2-3: 2/2
    assert of_kind(ev1, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert int(g.state[C.RES_IN_EXTRA]) == 1
    ev2 = g.apply("play blue 3-1 right")  # yellow 2-3 | blue 3-1: 3/3
    assert of_kind(ev2, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert int(g.state[C.RES_IN_EXTRA]) == 1
    assert pending(g) == ("extra", 0)
    ev3 = g.apply("play green 4-4 left")  # green 4-4 | yellow 2-3: 4/2 (the pair is on the edge)
    assert not of_kind(ev3, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_extra_extra_max_option_does_not_multiply_a_single_cause():
    sc = Scenario(rules={"extra_max": "2"}).board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 1-4"])
    g = sc.game()
    events = g.apply("play yellow 2-3 right")
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    g.apply("play green 1-4 right")
    assert pending(g) == ("turn", 1)


def test_d_extra_with_4_in_hand_the_extra_action_must_be_a_play():
    # red 2-2 (draw) is ejected; its effect draws p0 back to 4 cards; the 2/2 pair gives the extra.
    cards = ["yellow 2-3", "green 1-4", "blue 1-3", "green 1-1"]
    sc = Scenario().board(0, {2: "red 2-2", 3: "red 5-2"}).hand(0, cards).top(["blue 5-5"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("effect", 0)
    g.apply("draw p0")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("extra", 0)
    assert "draw" not in texts(g)
    assert texts(g) == {f"play {c} {s}" for c in [*cards[1:], "blue 5-5"] for s in ("left", "right")}


# ================================================================ D-PAIR-NOW

# yellow 5-1 (swap) is ejected; green 2-5 | red 1-2 (inner 5/1) swaps to red 1-2 | green 2-5 (2/2).
SWAP_MAKES = ({2: "yellow 5-1", 3: "green 2-5"}, "red 1-2")
# green 3-2 | red 2-4 is a 2/2 pair; the swap gives red 2-4 | green 3-2 (4/3).
SWAP_BREAKS = ({2: "yellow 5-1", 3: "green 3-2"}, "red 2-4")
P1_DEF5 = {2: "red 3-3", 3: "blue 3-2"}  # defence 5: every play below misses


def _swap_game(setup, rules=None):
    pos, played = setup
    sc = Scenario(rules=rules).board(0, pos).hand(0, [played, "green 4-4"]).board(1, P1_DEF5)
    g = sc.game()
    g.apply(f"play {played} right")
    assert pending(g) == ("effect", 0)
    assert texts(g) == {"pass", "swap p0", "swap p1"}
    return g


def test_d_pair_now_swap_that_makes_the_pair_gives_an_extra_action():
    g = _swap_game(SWAP_MAKES)
    events = g.apply("swap p0")
    assert board(g, 0) == {3: "red 1-2", 4: "green 2-5"}
    assert of_kind(events, C.E_EXTRA) == [(C.E_EXTRA, 0, 1, C.EXTRA_PAIR, 0, 0)]
    assert pending(g) == ("extra", 0)


def test_d_pair_now_swap_declined_no_pair():
    g = _swap_game(SWAP_MAKES)
    g.apply("pass")
    assert pending(g) == ("turn", 1)


def test_d_pair_now_swap_that_breaks_the_pair_gives_none():
    g = _swap_game(SWAP_BREAKS)
    events = g.apply("swap p0")
    assert board(g, 0) == {3: "red 2-4", 4: "green 3-2"}
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_pair_now_on_play_option_reads_the_pair_as_played():
    g = _swap_game(SWAP_MAKES, rules={"pair_check": "on-play"})
    g.apply("swap p0")
    assert pending(g) == ("turn", 1)  # the pair made by the swap does not count
    g = _swap_game(SWAP_BREAKS, rules={"pair_check": "on-play"})
    events = g.apply("swap p0")
    assert of_kind(events, C.E_EXTRA)  # the pair as played counts though the swap broke it
    assert pending(g) == ("extra", 0)


# ================================================================ R-HANDLIMIT
# Without Earth's set-aside cards (H-EARTH) no engine path takes a hand above 4: a draw
# stops at 4 (R-DRAW), an extra draw is 1 card and not at 4, E-DRAW skips a player
# holding 4. The hand limit is tested from hands of 5+ built by hand.

FIVE = ["red 1-1", "red 1-2", "red 1-3", "red 1-4", "blue 1-1"]


def test_r_handlimit_discard_down_to_4_at_turn_end():
    g = Scenario().hand(0, [MISS_CARD, *FIVE]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")  # 5 cards left, no pair
    assert pending(g) == ("discard", 0)
    assert texts(g) == {f"discard {c}" for c in FIVE}
    events = g.apply("discard red 1-3")
    assert of_kind(events, C.E_DISCARD) == [(C.E_DISCARD, 0, cid(g, "red 1-3"), 0, 0, 0)]
    assert hand(g, 0) == ["red 1-1", "red 1-2", "red 1-4", "blue 1-1"]
    assert discard_pile(g)[-1] == "red 1-3"
    assert pending(g) == ("turn", 1)


def test_r_handlimit_repeated_discards():
    g = Scenario().hand(0, [MISS_CARD, *FIVE, "green 1-1"]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")
    g.apply("discard red 1-1")
    assert pending(g) == ("discard", 0) and hand_n(g, 0) == 5
    g.apply("discard green 1-1")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


def test_r_handlimit_4_cards_at_turn_end_need_no_discard():
    g = Scenario().hand(0, [MISS_CARD, *FIVE[:4]]).board(0, {2: "red 3-3", 3: PAIR_RIGHT}).game()
    g.apply(f"play {MISS_CARD} right")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


def test_r_handlimit_not_before_the_turn_ends():
    # A pair with 6 in hand: the extra action comes first, the discard at the turn's end.
    sc = Scenario().board(0, PAIR_POS).hand(0, ["yellow 2-3", "green 1-4", *FIVE])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("extra", 0) and hand_n(g, 0) == 6
    assert "draw" not in texts(g)
    g.apply("play green 1-4 right")
    assert pending(g) == ("discard", 0) and hand_n(g, 0) == 5


def test_r_handlimit_drawing_stops_at_4():
    g = Scenario().hand(0, FIVE[:3]).game()
    g.apply("draw")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)  # no discard decision


def test_r_handlimit_also_after_a_cancelled_attack():
    # p0 attacks holding 6; p1's counter ends p0's turn at once, then p0 discards to 4.
    five = ["red 1-1", "red 1-2", "red 1-4", "yellow 1-2", "green 1-1"]
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1", *five])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("discard", 0)
    g.apply("discard red 1-1")
    assert hand_n(g, 0) == 4
    assert pending(g) == ("turn", 1)


# ================================================================ D-ELIM


def test_d_elim_self_damage_from_zone_tokens_ends_the_game_at_once():
    # The play would hit (attack 6), but p0 dies on the tokens first.
    sc = attack("red 5-2").health(0, 2).zone_tokens(0, 4, damage=2)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(0) == 0
    assert g.over and g.winner == 1
    assert int(g.state[C.H_WINNER]) == 1
    assert not of_kind(events, C.E_ATTACK)
    assert g.health(1) == 8
    assert (C.E_DEFEATED, 0, 0, 0, 0, 0) in events
    assert (C.E_WIN, 1, 0, 0, 0, 0) in events
    assert g.legal() == []
    with pytest.raises(IllegalAction):
        g.apply("draw")


def test_d_elim_self_damage_from_ejected_card_tokens():
    sc = attack("red 5-2").health(0, 1).tokens_on_card(0, 2, damage=3)
    g = sc.game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(0) == 0  # never below 0
    assert g.winner == 1
    assert damage_events(events) == [(0, 3, C.SRC_TRAP)]
    assert g.health(1) == 8


def test_d_elim_hit_to_zero_ends_before_effect_and_extra():
    # red 1-4 (power, damage 1) ejected by blue 4-2 beside blue 5-4: inner 4/4 pair, attack 8.
    sc = Scenario().board(0, {2: "red 1-4", 3: "yellow 5-4"}).hand(0, ["blue 4-2", "green 1-1"])
    sc.board(1, {2: "green 3-3", 3: "yellow 1-5"}).health(1, 1)
    g = sc.game()
    events = g.apply("play blue 4-2 right")
    assert g.health(1) == 0
    assert g.winner == 0 and g.over
    assert not of_kind(events, C.E_EXTRA)
    assert not of_kind(events, C.E_EFFECT)
    assert g.phase == "over"


def test_d_elim_penalty_damage_also_eliminates():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).health(1, 3).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 0 and g.winner == 0


# ================================================================ R-DEFEND


def test_r_defend_offered_on_a_hit():
    # p1 (defence 2 + 4 = 6) can block with red 2-3 and counter: blue 4-4 is a dragon on
    # zone 3 with zone 4 free, and blue 3-1 a dragon in hand.
    g = attack("red 3-1", defender={2: "red 2-3", 3: "blue 4-4"}).hand(1, ["blue 3-1"]).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "counter blue 3-1 right"}
    events = g.apply("take")
    assert of_kind(events, C.E_TAKE) == [(C.E_TAKE, 1, 1, 0, 0, 0)]
    assert g.health(1) == 7
    assert blocked(g, 1) == []
    assert pending(g) == ("turn", 1)


def test_r_defend_not_offered_on_a_miss():
    g = attack("red 3-1", defender={2: "red 2-3", 3: "blue 4-4"}).hand(1, ["blue 3-1"]).game()
    events = g.apply(f"play {MISS_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 0
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8
    assert not of_kind(events, C.E_TAKE)


def test_r_defend_without_block_or_counter_the_defender_just_takes_it():
    # p1 holds cards but no dragon; its board has no red card.
    g = attack("red 3-1").hand(1, ["red 1-1", "green 1-1"]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 7
    assert pending(g) == ("turn", 1)
    assert damage_events(events) == [(1, 1, C.SRC_HIT)]


def test_r_defend_block_and_counter_never_both():
    # After one block (damage 2 -> 1) p1 may block more but no longer counter.
    # p1's red 4-1 (a dragon) | red 3-3 defends 4 + 3 = 7; green 3-3 gives 4 + 3 = 7.
    sc = attack("red 2-4", defender={2: "red 4-1", 3: "red 3-3"}).hand(0, ["green 3-3"])
    g = sc.hand(1, ["blue 3-1"]).game()
    g.apply("play green 3-3 right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "block zone 3", "counter blue 3-1 left"}
    g.apply("block zone 3")
    assert pending(g) == ("block-more", 1)
    assert texts(g) == {"pass", "block zone 2"}
    g.apply("stop")
    assert g.health(1) == 7
    assert blocked(g, 1) == [3]
    assert hand(g, 1) == ["blue 3-1"]


# ================================================================ R-BLOCK


def test_r_block_attacking_colour_goes_to_block_state_minus_one_each():
    g = attack("red 2-4", defender=RED_BLUE).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2"}  # the blue card cannot block a red attack
    events = g.apply("block zone 2")
    assert of_kind(events, C.E_BLOCK) == [(C.E_BLOCK, 1, cid(g, "red 3-3"), 2, 1, 0)]
    assert blocked(g, 1) == [2]
    assert g.health(1) == 7  # 2 - 1
    assert board(g, 1) == RED_BLUE  # blocking moves no card


def test_r_block_two_blocks_on_damage_2():
    g = attack("red 2-4", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 3")
    assert pending(g) == ("block-more", 1)
    g.apply("block zone 2")
    assert blocked(g, 1) == [2, 3]
    assert g.health(1) == 8
    assert pending(g) == ("turn", 1)


def test_r_block_two_blocks_on_damage_3_leave_1():
    g = attack("red 5-2", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")
    g.apply("block zone 3")
    assert g.health(1) == 7


def test_r_block_other_colours_cannot_block():
    g = attack("yellow 3-1", defender=RED_RED).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)  # nothing to block with, no counter: taken
    assert g.health(1) == 7
    assert blocked(g, 1) == []
    assert not of_kind(events, C.E_BLOCK)


def test_r_block_bow_cards_cannot_block():
    g = attack("red 3-1").game()  # p1's board: the two bows
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 7


# ================================================================ D-BLOCK


def test_d_block_not_offered_on_0_damage():
    g = attack("red 2-5", defender=RED_RED).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert pending(g) == ("turn", 1)
    assert blocked(g, 1) == []
    assert g.health(1) == 8


def test_d_block_not_offered_on_0_damage_after_power_tokens():
    g = attack("red 3-1", defender=RED_RED).tokens_on_card(0, 2, minus=1).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert blocked(g, 1) == []


def test_d_block_at_most_as_many_cards_as_the_damage():
    g = attack("red 3-1", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    assert texts(g) == {"pass", "block zone 2", "block zone 3"}
    g.apply("block zone 2")
    assert pending(g) == ("turn", 1)  # damage 1: no second block
    assert blocked(g, 1) == [2]
    assert g.health(1) == 8


def test_d_block_block_zero_option_offers_one_block_on_0_damage():
    g = attack("red 2-5", defender=RED_RED, rules={"block_zero": "on"}).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    assert texts(g) == {"pass", "block zone 2", "block zone 3"}
    g.apply("block zone 3")
    assert blocked(g, 1) == [3]
    assert pending(g) == ("turn", 1)  # one block only
    assert g.health(1) == 8


# ================================================================ R-BLOCKED


def test_r_blocked_card_cannot_block_again():
    g = attack("red 2-4", defender=RED_RED, defender_blocked=[2]).game()
    g.apply(f"play {HIT_CARD} right")
    assert texts(g) == {"pass", "block zone 3"}
    g.apply("block zone 3")
    # damage 2 + 2 (penalty: red 3-3 was blocked before) - 1 = 3
    assert g.health(1) == 5
    assert blocked(g, 1) == [2, 3]


def test_r_blocked_no_block_when_all_attacking_colour_cards_are_blocked():
    g = attack("red 2-4", defender=RED_RED, defender_blocked=[2, 3]).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 4  # 2 + 2


def test_r_blocked_card_cannot_form_a_pair():
    sc = Scenario().board(0, PAIR_POS, blocked=[3]).hand(0, ["yellow 2-3"])
    g = sc.game()
    g.apply("play yellow 2-3 right")
    assert pending(g) == ("turn", 1)
    assert blocked(g, 0) == [3]  # it stays blocked


def test_r_blocked_card_still_hits_when_ejected():
    g = attack("red 5-2").board(0, {2: "red 5-2", 3: PAIR_RIGHT}, blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 5
    assert blocked(g, 0) == []  # it left the board with its block state
    assert discard_pile(g) == ["red 5-2"]


def test_r_blocked_card_stays_blocked_over_turns():
    g = attack("red 3-1", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")
    g.apply("draw")  # p1's turn
    g.apply("draw")  # p0's turn
    assert blocked(g, 1) == [2]


# ================================================================ R-PENALTY


def test_r_penalty_adds_two_on_a_hit_of_a_blocked_colour():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5
    assert damage_events(events) == [(1, 1, C.SRC_HIT), (1, 2, C.SRC_PENALTY)]


def test_r_penalty_not_on_a_miss():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {MISS_CARD} right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_r_penalty_not_for_a_0_damage_card():
    g = attack("red 2-5", defender=RED_BLUE, defender_blocked=[2]).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_r_penalty_only_for_the_attacking_colour():
    # p1's blocked card is blue; a red hit pays no penalty, a blue one does.
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[3]).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("take")  # (p1 could block with its red 3-3)
    assert g.health(1) == 7
    g = attack("blue 3-2", defender=RED_BLUE, defender_blocked=[3]).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5


# ================================================================ D-PENALTY


@pytest.mark.parametrize("option, dealt", [(None, 3), ({"penalty": "once"}, 3), ({"penalty": "each"}, 5)])
def test_d_penalty_once_or_each_blocked_card(option, dealt):
    g = attack("red 3-1", defender=RED_RED, defender_blocked=[2, 3], rules=option).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 8 - dealt


def test_d_penalty_each_with_one_blocked_card_is_plus_two():
    g = attack("red 3-1", defender=RED_RED, defender_blocked=[2], rules={"penalty": "each"}).game()
    g.apply(f"play {HIT_CARD} right")
    assert pending(g) == ("defend", 1)
    g.apply("take")
    assert g.health(1) == 5


def test_d_penalty_only_cards_blocked_before_this_hit():
    g = attack("red 2-4", defender=RED_RED).game()
    g.apply(f"play {HIT_CARD} right")
    g.apply("block zone 2")  # 2 -> 1; this block does not make this hit pay the penalty
    g.apply("stop")
    assert g.health(1) == 7
    assert int(g.state[C.RES_PENALTY]) == 0


def test_d_penalty_zero_damage_after_power_tokens_pays_no_penalty():
    g = attack("red 3-1", defender=RED_BLUE, defender_blocked=[2]).tokens_on_card(0, 2, minus=1).game()
    events = g.apply(f"play {HIT_CARD} right")
    assert of_kind(events, C.E_ATTACK)[0][4] == 1
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)


def test_d_penalty_zero_damage_card_raised_by_power_pays_it():
    # red 2-5 (damage 0) with a +1 token deals 1, so it is not a 0-damage card: 1 + 2.
    g = attack("red 2-5", defender=RED_BLUE, defender_blocked=[2]).tokens_on_card(0, 2, plus=1).game()
    g.apply(f"play {HIT_CARD} right")
    assert g.health(1) == 5


# ================================================================ R-COUNTER
# p0: EJECTED on zone 2 and red 4-1 (dragon) on zone 3; green 4-1 on the right gives 1 + 4 = 5.
# p1: blue 1-1 on zone 2 and blue 4-4 (dragon) on zone 3: defence 1 + 4 = 5.


def counter_game(ejected="yellow 2-2", p0_hand=("green 4-1",), p1_hand=("blue 3-1", "green 5-1"), **kw):
    sc = Scenario(**kw).board(0, {2: ejected, 3: "red 4-1"}).hand(0, list(p0_hand))
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, list(p1_hand))
    g = sc.game()
    g.apply("play green 4-1 right")
    assert of_kind(g.events, C.E_ATTACK)[0][2:5] == (5, 5, 1)
    return g


def test_r_counter_offered_with_board_dragon_room_and_hand_dragon():
    g = counter_game()
    assert pending(g) == ("defend", 1)
    # Only beside the dragon blue 4-4, on its outer (right) side; no yellow card to block.
    assert texts(g) == {"pass", "counter blue 3-1 right", "counter green 5-1 right"}


def test_r_counter_defender_counter_cancels_attack_and_effect():
    # yellow 2-4 (trap-card, damage 2) is the attacker.
    g = counter_game(ejected="yellow 2-4", p0_hand=("green 4-1", "red 3-3"))
    events = g.apply("counter blue 3-1 right")
    assert board(g, 1) == {3: "blue 4-4", 4: "blue 3-1"}  # blue 1-1 at the other end discarded
    assert of_kind(events, C.E_COUNTER) == [(C.E_COUNTER, 1, cid(g, "blue 3-1"), 4, cid(g, "blue 1-1"), 0)]
    assert of_kind(events, C.E_CANCEL)[0][1:3] == (1, cid(g, "yellow 2-4"))
    assert g.health(1) == 8
    assert not of_kind(events, C.E_EFFECT)
    assert pending(g) == ("turn", 1)  # the attacker's turn ended at once
    assert hand(g, 0) == ["red 3-3"]
    assert "blue 1-1" in discard_pile(g) and "yellow 2-4" in discard_pile(g)


def test_r_counter_defender_last_ends_the_turn_even_after_a_pair():
    # green 1-4 beside red 4-1 makes a 1/1 pair (attack 2); p1's blue 1-1 | green 5-1 defends 2.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 1-4", "red 3-3"])
    sc.board(1, {2: "blue 1-1", 3: "green 5-1"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 1-4 right")
    assert of_kind(g.events, C.E_ATTACK)[0][2:5] == (2, 2, 1)
    assert pending(g) == ("defend", 1)
    events = g.apply("counter blue 3-1 right")
    assert of_kind(events, C.E_CANCEL)
    assert not of_kind(g.events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 8


def test_r_counter_chain_defender_attacker_defender_cancels():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("counter-back", 0)
    assert texts(g) == {"pass", "counter red 2-5 left"}  # beside red 4-1, zone 2 is free
    g.apply("counter red 2-5 left")
    assert board(g, 0) == {2: "red 2-5", 3: "red 4-1"}  # green 4-1 discarded
    assert pending(g) == ("counter-back", 1)
    assert texts(g) == {"pass", "counter green 5-1 left", "counter green 5-1 right"}
    events = g.apply("counter green 5-1 right")
    assert board(g, 1) == {4: "blue 3-1", 5: "green 5-1"}
    assert of_kind(events, C.E_CANCEL)[0][1:4] == (1, cid(g, "yellow 2-2"), 3)
    assert (g.health(0), g.health(1)) == (8, 8)
    assert pending(g) == ("turn", 1)
    assert int(g.state[C.RES_COUNTERS]) == 0  # the play is over


def test_r_counter_attacker_last_lets_damage_and_effect_through_without_block():
    # yellow 2-4 (trap-card, damage 2) attacks; p1 counters with the yellow dragon 2-1, which
    # could block a yellow attack, but after p0's counter-back p1 may not block.
    g = counter_game(ejected="yellow 2-4", p0_hand=("green 4-1", "red 2-5"), p1_hand=("yellow 2-1",))
    g.apply("counter yellow 2-1 right")
    assert board(g, 1) == {3: "blue 4-4", 4: "yellow 2-1"}
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 2-5 left")
    assert not of_kind(events, C.E_CANCEL)
    assert not of_kind(events, C.E_BLOCK)
    assert damage_events(events) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6
    assert blocked(g, 1) == []
    assert pending(g) == ("effect", 0)  # the trap-card effect goes through
    assert "trap-card p1 4" in texts(g)


def test_r_counter_chain_one_more_counter_back_lets_it_through():
    g = counter_game(p0_hand=("green 4-1", "red 2-5", "red 1-3"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 1-3 left")
    assert board(g, 0) == {1: "red 1-3", 2: "red 2-5"}
    assert damage_events(events) == [(1, 2, C.SRC_HIT)]
    assert g.health(1) == 6
    assert pending(g) == ("turn", 1)


def test_r_counter_last_counter_may_stand_by_passing():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    events = g.apply("pass")  # p0 lets the defender's counter stand
    assert of_kind(events, C.E_CANCEL)
    assert g.health(1) == 8
    assert hand(g, 0) == ["red 2-5"]
    assert pending(g) == ("turn", 1)


def test_r_counter_needs_board_dragon_in_attack_state():
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}, blocked=[3]).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)  # no counter with a blocked dragon: taken
    assert g.health(1) == 6


def test_r_counter_needs_room_on_the_outer_side():
    # p1's dragon blue 4-4 stands on the right edge (zone 5): no room beside it.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {4: "blue 1-1", 5: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 6


def test_r_counter_needs_a_dragon_in_hand():
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "blue 1-1", 3: "blue 4-4"}).hand(1, ["blue 2-2", "red 1-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    assert pending(g) == ("turn", 1)
    assert g.health(1) == 6


# ================================================================ D-COUNTER


def test_d_counter_is_not_a_play_no_hit_check():
    g = counter_game(p0_hand=("green 4-1", "red 2-5"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    assert len(of_kind(g.events, C.E_ATTACK)) == 1
    assert len(of_kind(g.events, C.E_PLAY)) == 1
    assert int(g.state[C.H_PLAYS]) == 1


def test_d_counter_attacker_counter_back_making_equal_inner_numbers_gives_no_pair():
    g = counter_game(p0_hand=("green 4-1", "red 2-5", "red 1-3"))
    g.apply("counter blue 3-1 right")
    g.apply("counter red 2-5 left")
    g.apply("counter green 5-1 right")
    events = g.apply("counter red 1-3 right")  # red 4-1 | red 1-3: inner 1/1
    assert board(g, 0) == {3: "red 4-1", 4: "red 1-3"}
    assert g.health(1) == 6
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_counter_attacker_counter_back_breaks_the_play_pair_no_extra():
    # green 1-4 beside red 4-1 is a 1/1 pair; p0's counter-back discards green 1-4, so after
    # steps 1-4 (D-PAIR-NOW) there is no pair and no extra action.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 1-4", "red 2-5"])
    sc.board(1, {2: "blue 1-1", 3: "green 5-1"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 1-4 right")
    g.apply("counter blue 3-1 right")
    assert pending(g) == ("counter-back", 0)
    events = g.apply("counter red 2-5 left")
    assert board(g, 0) == {2: "red 2-5", 3: "red 4-1"}
    assert g.health(1) == 6
    assert not of_kind(events, C.E_EXTRA)
    assert pending(g) == ("turn", 1)


def test_d_counter_card_steps_on_zone_damage_tokens():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZDMG + 4] = 2
    events = g.apply("counter blue 3-1 right")
    assert of_kind(events, C.E_STEP) == [(C.E_STEP, 1, 4, 2, 0, 0)]
    assert damage_events(events) == [(1, 2, C.SRC_TRAP)]
    assert g.health(1) == 6
    assert zdmg(g, 1, 4) == 0
    assert of_kind(events, C.E_CANCEL)  # the counter still cancels the attack


def test_d_counter_card_step_can_eliminate_the_counterer():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZDMG + 4] = 1
    g.state[pb(1) + C.P_HEALTH] = 1
    g.apply("counter blue 3-1 right")
    assert g.health(1) == 0 and g.winner == 0 and g.over


def test_d_counter_card_destroys_a_crow_token_without_effect():
    g = counter_game(p1_hand=("blue 3-1",))
    g.state[pb(1) + C.P_ZCROW + 4] = 1
    events = g.apply("counter blue 3-1 right")
    assert field(g, 1, C.P_ZCROW, 4) == 0
    assert not of_kind(events, C.E_CROW_CANCEL)
    assert g.health(1) == 8
    assert of_kind(events, C.E_CANCEL)


def test_d_counter_step_off_option():
    g = counter_game(p1_hand=("blue 3-1",), rules={"counter_step": "off"})
    g.state[pb(1) + C.P_ZDMG + 4] = 2
    events = g.apply("counter blue 3-1 right")
    assert g.health(1) == 8
    assert zdmg(g, 1, 4) == 2
    assert not of_kind(events, C.E_STEP)


def test_d_counter_tokens_on_the_discarded_card_vanish():
    g = counter_game(p1_hand=("blue 3-1",))
    b = pb(1)
    g.state[b + C.P_CDMG + 2] = 2  # on blue 1-1, which the counter discards
    g.state[b + C.P_CPP + 2] = 1
    events = g.apply("counter blue 3-1 right")
    assert g.health(1) == 8
    assert not of_kind(events, C.E_DAMAGE)
    assert (cdmg(g, 1, 2), field(g, 1, C.P_CPP, 2)) == (0, 0)
    assert zcard(g, 1, 2) == C.NO_CARD
    assert "blue 1-1" in discard_pile(g)


def test_d_counter_discarded_card_has_no_effect():
    # p1's card at the far end has an effect (red 1-1 trap-zone): discarded with no effect.
    sc = Scenario().board(0, {2: "yellow 2-2", 3: "red 4-1"}).hand(0, ["green 4-1"])
    sc.board(1, {2: "red 1-1", 3: "blue 4-4"}).hand(1, ["blue 3-1"])
    g = sc.game()
    g.apply("play green 4-1 right")
    events = g.apply("counter blue 3-1 right")
    assert not of_kind(events, C.E_EFFECT)
    assert pending(g) == ("turn", 1)
    assert all(zdmg(g, p, z) == 0 for p in range(2) for z in range(C.N_ZONES))
