"""Tests of the plain-English game log (emr_sim.games.emr.face.log): hand-built event rows, no engine."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, find_card, load_deck
from emr_sim.games.emr.face.log import event_rows, format_event, format_events, summary_line
from emr_sim.games.emr.options import default_options


@pytest.fixture(scope="module")
def table() -> np.ndarray:
    return card_table(load_deck(), default_options())


@pytest.fixture(scope="module")
def cid(table):
    return lambda label: find_card(table, label)


def ev_buffer(rows) -> np.ndarray:
    ev = np.zeros((C.MAX_EVENTS + 1, C.EV_SIZE), dtype=np.int64)
    ev[0, 0] = len(rows)
    for k, row in enumerate(rows, start=1):
        ev[k] = row
    return ev


def test_event_rows_reads_the_count_and_rows():
    rows = [(C.E_TURN, 0, 1, 0, 0, 0), (C.E_DRAW, 0, 5, 0, 0, 0)]
    ev = ev_buffer(rows)
    ev[3] = (C.E_WIN, 1, 0, 0, 0, 0)  # beyond the count: ignored
    got = event_rows(ev)
    assert got == rows
    assert all(type(x) is int for row in got for x in row)
    assert event_rows(ev_buffer([])) == []


def test_texts_of_each_event_kind(table, cid):
    cases = [
        ((C.E_TURN, 1, 12, 0, 0, 0), "--- turn 12: P1 ---"),
        ((C.E_DRAW, 0, cid("red 1-1"), 0, 0, 0), "P0 draws red 1-1"),
        ((C.E_DRAW, 0, C.HIDDEN, 0, 0, 0), "P0 draws a card"),
        ((C.E_DRAW, 1, cid("red 1-1"), 1, 0, 0), "P1 draws red 1-1 (draw effect)"),
        ((C.E_PLAY, 0, cid("red 3-1"), 1, 0, 0), "P0 plays red 3-1 into zone 1"),
        ((C.E_EJECT, 0, cid("blue 4-4"), 3, 0, 0), "P0 ejects blue 4-4 from zone 3"),
        (
            (C.E_EJECT, 0, cid("blue 4-4"), 3, 2, 0),
            "P0 ejects blue 4-4 from zone 3 with 2 damage tokens on it",
        ),
        ((C.E_ATTACK, 0, 5, 7, 0, cid("blue 4-4")), "attack 5 vs defence 7: miss"),
        ((C.E_ATTACK, 0, 7, 7, 1, cid("blue 4-4")), "attack 7 vs defence 7: HIT"),
        (
            (C.E_DAMAGE, 1, 2, C.SRC_HIT, cid("yellow 4-2"), 6),
            "P1 takes 2 damage (hit, yellow 4-2) -> health 6",
        ),
        (
            (C.E_DAMAGE, 1, 2, C.SRC_PENALTY, cid("yellow 4-2"), 4),
            "P1 takes 2 damage (penalty, yellow 4-2) -> health 4",
        ),
        ((C.E_DAMAGE, 0, 1, C.SRC_TRAP, 4, 3), "P0 takes 1 damage (trap token, zone 4) -> health 3"),
        ((C.E_DAMAGE, 0, 1, C.SRC_POISON, 0, 5), "P0 takes 1 damage (poison) -> health 5"),
        (
            (C.E_DAMAGE, 0, 1, C.SRC_WIND, cid("red 1-3"), 5),
            "P0 takes 1 damage (wind, red 1-3) -> health 5",
        ),
        ((C.E_DAMAGE, 0, 1, C.SRC_OTHER, 0, 5), "P0 takes 1 damage (other) -> health 5"),
        ((C.E_BLOCK, 1, cid("red 2-2"), 2, 1, 0), "P1 blocks with red 2-2 (zone 2); 1 damage left"),
        (
            (C.E_COUNTER, 1, cid("blue 3-1"), 1, cid("green 2-2"), 0),
            "P1 dragon counters with blue 3-1 into zone 1, discarding green 2-2",
        ),
        ((C.E_CANCEL, 1, cid("yellow 4-2"), 1, 0, 0), "the attack of yellow 4-2 is cancelled by the counter"),
        (
            (C.E_CROW_CANCEL, 0, cid("red 3-1"), 4, 0, 0),
            "a crow token on P0's zone 4 cancels the effect of red 3-1",
        ),
        ((C.E_DECLINE, 0, C.EFFECT_POWER, cid("red 1-4"), 0, 0), "P0 declines power"),
        ((C.E_EXTRA, 0, 1, 1, 0, 0), "P0 earns an extra action (pair)"),
        ((C.E_EXTRA, 0, 1, 2, 0, 0), "P0 earns an extra action (Bushido)"),
        ((C.E_EXTRA, 0, 2, 3, 0, 0), "P0 earns 2 extra actions (pair and Bushido)"),
        ((C.E_TOKEN_MOVE, 0, C.TOKEN_ZONE, 2, 1, 0), "P0 moves a damage token from zone 2 to zone 1"),
        (
            (C.E_TOKEN_MOVE, 0, C.TOKEN_CARD, 2, 3, 0),
            "P0 moves a damage token from the card on zone 2 to the card on zone 3",
        ),
        ((C.E_DISCARD, 0, cid("green 5-5"), 0, 0, 0), "P0 discards green 5-5"),
        ((C.E_RESHUFFLE, -1, 31, 0, 0, 0), "the discard pile (31 cards) is shuffled into a new draw pile"),
        ((C.E_RESHUFFLE, -1, 1, 0, 0, 0), "the discard pile (1 card) is shuffled into a new draw pile"),
        ((C.E_PASS, 0, 0, 0, 0, 0), "P0 can neither draw nor play: passes"),
        ((C.E_FURY, 0, 1, 0, 0, 0), "P0 becomes furious"),
        ((C.E_FURY, 0, 0, 0, 0, 0), "P0 calms down"),
        ((C.E_POISON, 1, 1, 0, 0, 0), "P1 takes the poison marker"),
        ((C.E_POISON, 1, 0, 0, 0, 0), "P1 gives back the poison marker"),
        ((C.E_WIN, 0, 0, 0, 0, 0), "P0 wins"),
        ((C.E_DRAWN, -1, 200, 0, 0, 0), "the game is drawn at the turn cap (200 turns)"),
        ((C.E_TECHNIQUE, 0, C.HERO_CROW, 3, 0, 0), "P0 (crow) puts a crow token on P1's zone 3"),
        ((C.E_TECHNIQUE, 1, C.HERO_ILLUSION, 1, 2, 0), "P1 (illusion) jumps from zones 2-3 to zones 1-2"),
        ((C.E_TECHNIQUE, 0, C.HERO_WIND, cid("red 3-1"), 0, 0), "P0 (wind) reveals red 3-1"),
        (
            (C.E_TECHNIQUE, 0, C.HERO_BUSHIDO, cid("red 3-1"), 2, 0),
            "P0 (bushido) puts a damage token on P1's red 3-1 instead of the damage",
        ),
        (
            (C.E_TECHNIQUE, 1, C.HERO_EARTH, cid("red 3-1"), 0, 0),
            "P1 (earth) draws red 3-1 and sets it aside",
        ),
        (
            (C.E_TECHNIQUE, 1, C.HERO_MASTER, cid("red 3-1"), 2, 0),
            "P1 (master of masters) blocks with another colour: red 3-1",
        ),
        (
            (C.E_NO_EFFECT, 0, cid("red 4-5"), C.EFFECT_COPY, 0, 0),
            "P0 cannot apply copy of red 4-5: no legal target",
        ),
        ((C.E_STEP, 0, 3, 2, 0, 0), "P0's card steps on zone 3: 2 damage tokens"),
        ((C.E_STEP, 1, 0, 1, 1, 0), "P1's card steps on zone 0: 1 damage token and a crow token"),
        ((C.E_STEP, 1, 5, 0, 1, 0), "P1's card steps on zone 5: a crow token"),
        ((C.E_TAKE, 1, 2, 0, 0, 0), "P1 takes the hit (2 damage)"),
        ((C.E_TAKE, 1, 0, 1, 0, 0), "P1 takes the Bushido token"),
        (
            (C.E_CHOOSE, 0, cid("red 3-5"), 0, 0, 0),
            "P0 applies the effect of the played red 3-5 instead (fury)",
        ),
        ((C.E_DEFEATED, 1, 0, 0, 0, 0), "P1 is out at 0 health"),
    ]
    for row, text in cases:
        assert format_event(row, table) == text, row


def test_texts_of_each_effect_target(table):
    def effect(owner, eff, board, sub):
        return format_event((C.E_EFFECT, owner, eff, board, sub, 0), table)

    assert effect(0, C.EFFECT_TRAP_ZONE, 1, 5) == "P0 applies trap-zone: P1 zone 5"
    assert effect(0, C.EFFECT_SLIDE, 1, 1) == "P0 applies slide: P1's pair to zones 1-2"
    assert effect(1, C.EFFECT_TRAP_CARD, 0, 3) == "P1 applies trap-card: P0 card on zone 3"
    assert effect(0, C.EFFECT_POWER, 0, 2) == "P0 applies power: P0 card on zone 2 (+1)"
    assert effect(0, C.EFFECT_POWER, 1, 2) == "P0 applies power: P1 card on zone 2 (-1)"
    sub = C.REMOVE_SUB + C.REMOVE_CARD_DMG * C.N_ZONES + 3
    assert effect(0, C.EFFECT_REMOVE, 1, sub) == "P0 applies remove: P1 card-damage token on zone 3"
    sub = C.REMOVE_SUB + C.REMOVE_ZONE_DMG * C.N_ZONES + 0
    assert effect(0, C.EFFECT_REMOVE, 0, sub) == "P0 applies remove: P0 zone-damage token on zone 0"
    sub = C.REMOVE_SUB + C.REMOVE_CARD_PP * C.N_ZONES + 4
    assert effect(1, C.EFFECT_REMOVE, 1, sub) == "P1 applies remove: P1 +1 power token on zone 4"
    sub = C.REMOVE_SUB + C.REMOVE_CARD_PM * C.N_ZONES + 5
    assert effect(1, C.EFFECT_REMOVE, 0, sub) == "P1 applies remove: P0 -1 power token on zone 5"
    assert effect(0, C.EFFECT_SWAP, 1, 0) == "P0 applies swap: P1's pair"
    assert effect(0, C.EFFECT_DRAW, 0, 0) == "P0 applies draw: P0 draws 1"
    assert effect(0, C.EFFECT_COPY, 1, 3) == "P0 applies copy: P1 card on zone 3"


def test_draws_are_private_to_the_drawer(table, cid):
    row = (C.E_DRAW, 0, cid("red 1-1"), 0, 0, 0)
    assert format_event(row, table) == "P0 draws red 1-1"
    assert format_event(row, table, viewer=0) == "P0 draws red 1-1"
    assert format_event(row, table, viewer=1) == "P0 draws a card"
    effect_draw = (C.E_DRAW, 1, cid("red 1-1"), 1, 0, 0)
    assert format_event(effect_draw, table, viewer=0) == "P1 draws a card (draw effect)"
    # other cards stay public for any viewer (D-HIDDEN: the discard pile is public)
    discard = (C.E_DISCARD, 0, cid("green 5-5"), 0, 0, 0)
    assert format_event(discard, table, viewer=1) == "P0 discards green 5-5"
    assert format_events([row, discard], table, viewer=1) == ["P0 draws a card", "P0 discards green 5-5"]


def test_every_event_kind_has_a_text(table):
    kinds = {name: getattr(C, name) for name in dir(C) if name.startswith("E_")}
    kinds = {n: k for n, k in kinds.items() if not n.startswith(("EV_", "EFFECT"))}
    assert len(kinds) >= 27
    for name, kind in kinds.items():
        for args in ((0, 0, 0, 0), (1, 1, 1, 1), (2, 3, 4, 5)):
            for viewer in (None, 0, 1):
                text = format_event((kind, 0, *args), table, viewer=viewer)
                assert isinstance(text, str) and text.strip(), name
                assert not text.startswith("event "), name  # not the unknown-kind fallback


def test_unknown_kind_still_reads(table):
    assert format_event((99, 0, 1, 2, 3, 4), table) == "event 99 (P0: 1, 2, 3, 4)"


def test_format_events_merges_a_play_and_its_ejection(table, cid):
    rows = [
        (C.E_TURN, 0, 7, 0, 0, 0),
        (C.E_PLAY, 0, cid("red 3-1"), 1, C.SIDE_LEFT, 0),
        (C.E_EJECT, 0, cid("blue 4-4"), 3, 0, 0),
        (C.E_ATTACK, 0, 5, 7, 0, cid("blue 4-4")),
    ]
    want = [
        "--- turn 7: P0 ---",
        "P0 plays red 3-1 into zone 1, ejecting blue 4-4 from zone 3",
        "attack 5 vs defence 7: miss",
    ]
    assert format_events(rows, table) == want
    assert format_events(ev_buffer(rows), table) == want
    assert format_events(rows, table, merge=False) == [format_event(r, table) for r in rows]


def test_format_events_names_the_zone_of_trap_damage(table):
    card = 3  # red 1-4, ejected from zone 3 with a damage token on it
    rows = [
        (C.E_PLAY, 0, 10, 1, C.SIDE_LEFT, 0),
        (C.E_EJECT, 0, card, 3, 1, 0),
        (C.E_STEP, 0, 1, 2, 0, 0),
        (C.E_DAMAGE, 0, 2, C.SRC_TRAP, 1, 6),
        (C.E_DAMAGE, 0, 1, C.SRC_TRAP, 3, 5),
        (C.E_ATTACK, 0, 2, 6, 0, card),
    ]
    assert format_events(rows, table) == [
        "P0 plays red 3-1 into zone 1, ejecting red 1-4 from zone 3 with 1 damage token on it",
        "P0's card steps on zone 1: 2 damage tokens",
        "P0 takes 2 damage (trap token, zone 1) -> health 6",
        "P0 takes 1 damage (trap token, zone 3) -> health 5",
        "attack 2 vs defence 6: miss",
    ]


def test_format_events_hit_defence_and_win(table, cid):
    ej = cid("yellow 4-2")
    rows = [
        (C.E_ATTACK, 0, 7, 7, 1, ej),
        (C.E_BLOCK, 1, cid("yellow 2-2"), 2, 1, 0),
        (C.E_DAMAGE, 1, 1, C.SRC_HIT, ej, 0),
        (C.E_DEFEATED, 1, 0, 0, 0, 0),
        (C.E_WIN, 0, 0, 0, 0, 0),
    ]
    assert format_events(rows, table) == [
        "attack 7 vs defence 7: HIT",
        "P1 blocks with yellow 2-2 (zone 2); 1 damage left",
        "P1 takes 1 damage (hit, yellow 4-2) -> health 0",
        "P1 is out at 0 health",
        "P0 wins",
    ]


def _state(winner: int, turn: int, h0: int, h1: int) -> np.ndarray:
    S = np.zeros(C.STATE_SIZE, dtype=np.int64)
    S[C.H_WINNER] = winner
    S[C.H_TURN] = turn
    S[C.P_BASE + 0 * C.P_SIZE + C.P_HEALTH] = h0
    S[C.P_BASE + 1 * C.P_SIZE + C.P_HEALTH] = h1
    return S


def test_summary_line():
    assert summary_line(_state(0, 37, 3, 0)) == "P0 wins after 37 turns (health 3 vs 0)"
    assert summary_line(_state(1, 12, 0, 5)) == "P1 wins after 12 turns (health 5 vs 0)"
    assert summary_line(_state(C.DRAWN_GAME, 200, 2, 4)) == "drawn after 200 turns (health 2 vs 4)"
    assert summary_line(_state(C.NO_WINNER, 1, 8, 8)) == "in play after 1 turn (health 8 vs 8)"
