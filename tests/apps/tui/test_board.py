"""The board drawn from one seat's side (emr_sim.apps.tui.board): a text snapshot of a known
position, what each part says, and that it shows nothing the seat may not see (D-HIDDEN).

An intended change of the drawing regenerates the snapshot with
EMR_SIM_UPDATE_SNAPSHOTS=1 python -m pytest tests/apps/tui/test_board.py, and the diff is
reviewed like code."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from support.versus import greedy_choice

from emr_sim.apps.tui.board import Marks, board_text, marks_for
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face.versus import Setup, Versus, observation

SNAPSHOT = Path(__file__).parent / "snapshots" / "board_seed4_crow_wind.txt"
ACTIONS = 40  # the position after this many actions of the greedy game


def position() -> Versus:
    """Seed 4, crow (P0, the person) against wind, the person taking the greedy's choices."""
    v = Versus(Setup(seat=0, seed=4, heroes=("crow", "wind")))
    while len(v.actions) < ACTIONS:
        v.apply(greedy_choice(v) if v.human_to_move else v.think())
    return v


@pytest.fixture(scope="module")
def v():
    return position()


def drawn(v: Versus, marks: Marks | None = None) -> str:
    return board_text(v.observation(), v.game.table, v.seat, ("You", "greedy"), marks).plain


def test_the_board_matches_its_snapshot(v):
    text = drawn(v)
    if os.environ.get("EMR_SIM_UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    assert text == SNAPSHOT.read_text(encoding="utf-8")


def test_the_board_says_what_the_table_shows(v):
    s, table = v.game.state, v.game.table
    text = drawn(v)
    lines = text.splitlines()
    assert lines[0].startswith("greedy (P1)  master wind  health ")
    assert any(line.startswith("You (P0)  master crow  health ") for line in lines)
    for p in (0, 1):
        b = C.player_base(p)
        cards = [int(s[b + C.P_ZCARD + z]) for z in range(C.N_ZONES) if s[b + C.P_ZCARD + z] >= 0]
        for card in cards:
            colour, numbers = card_label(table, card).split()
            assert any(colour in line and numbers in line for line in lines)
        assert f"health {int(s[b + C.P_HEALTH])} " in text
    mine = C.player_base(0)
    for k in range(int(s[mine + C.P_HAND_N])):
        assert card_label(table, int(s[mine + C.P_HAND + k])) in lines[-1]
    assert f"draw pile {int(s[C.DRAW_N])}" in text
    assert text.count("zone 5") == 2 and "inner " in text and "outer " in text


def hidden_changed(v: Versus) -> np.ndarray:
    """The same public position with other hidden cards: the opponent's hand swapped with the
    bottom of the draw pile, the draw pile reversed."""
    s = v.game.state.copy()
    b = C.player_base(1)
    n = int(s[b + C.P_HAND_N])
    hand = s[b + C.P_HAND : b + C.P_HAND + n].copy()
    s[b + C.P_HAND : b + C.P_HAND + n] = s[C.DRAW : C.DRAW + n]
    s[C.DRAW : C.DRAW + n] = hand
    d = int(s[C.DRAW_N])
    s[C.DRAW : C.DRAW + d] = s[C.DRAW : C.DRAW + d][::-1].copy()
    return s


def test_the_board_does_not_leak_the_opponents_hand_or_the_draw_order(v):
    other = hidden_changed(v)
    b = C.player_base(1)
    assert not np.array_equal(
        other[b + C.P_HAND : b + C.P_HAND + 4], v.game.state[b + C.P_HAND : b + C.P_HAND + 4]
    )
    table = v.game.table
    a = board_text(observation(v.game.state, 0), table, 0).plain
    z = board_text(observation(other, 0), table, 0).plain
    assert a == z  # nothing hidden changes the picture
    n = int(v.game.state[b + C.P_HAND_N])
    assert a.splitlines()[0].endswith(f"hand ({n}): " + " ".join(["▒▒"] * n) + "   ")
    # even handed the state itself, the opponent's hand is drawn as backs unless revealed
    assert board_text(v.game.state, table, 0).plain == a
    revealed = board_text(v.game.state, table, 0, reveal=True).plain
    hand = [card_label(table, int(c)) for c in v.game.state[b + C.P_HAND : b + C.P_HAND + n]]
    assert all(label in revealed.splitlines()[0] for label in hand)


def test_a_plays_marks_show_where_the_card_goes_and_what_is_ejected():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    code = dict((text, c) for c, text in v.legal())["play red 3-4 left"]
    marks = marks_for(v.game.state, v.game.table, code, v.preview(code))
    assert marks.zones == {(0, 1): "new", (0, 3): "ejected"}
    assert (
        marks.text
        == "P0 plays red 3-4 into zone 1, ejecting bow 3-3 from zone 3; attack 7 vs defence 6: miss"
    )
    text = drawn(v, marks)
    assert "zone 1 new" in text and "zone 3 ejected" in text and "> red 3-4" in text


def test_target_marks_follow_the_pending_decision():
    v = Versus(Setup(seat=0, seed=3))
    while not (v.human_to_move and v.game.phase == "effect"):
        v.apply(greedy_choice(v) if v.human_to_move else v.think())
    for code, text in v.legal():
        marks = marks_for(v.game.state, v.game.table, code, [])
        if text == "pass":
            assert marks.zones == {}
        else:
            player, zone = int(text.split()[1][1]), int(text.split()[-1])
            assert (player, zone) in marks.zones, text
