"""Action codes: plain encoders/decoders (actions.py) and the text notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.state import at_decision, small_table

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.actions import (
    ACTION_RANGES,
    action_family,
    action_parts,
    block_code,
    counter_code,
    discard_code,
    encode,
    play_code,
    remove_parts,
    remove_sub,
    target_code,
    token_code,
)
from emr_sim.games.emr.face.notation import NotationError, format_action, parse_action, target_form

TABLE = small_table()
VALID = [c for c in range(C.MAX_CARDS) if TABLE[c, C.CF_VALID]]

# (decision kind, pending effect) of every context whose targets read differently
CONTEXTS = [(phase, C.EFFECT_NONE) for phase in range(C.N_DECISION_KINDS)]
CONTEXTS += [(C.DK_EFFECT, effect) for effect in range(1, C.N_EFFECTS)]


# ---------------------------------------------------------------- actions.py


def test_encoders_match_codes_py_arithmetic():
    assert play_code(17, C.SIDE_RIGHT) == C.A_PLAY + 17 * 2 + 1
    assert counter_code(3, C.SIDE_LEFT) == C.A_COUNTER + 6
    assert block_code(5) == C.A_BLOCK + 5
    assert discard_code(127) == C.A_DISCARD + 127
    assert token_code(C.TOKEN_CARD, 2, C.DIR_RIGHT) == C.A_TOKEN + 12 + 4 + 1
    assert target_code(1, 9) == C.A_TARGET + C.TARGET_SPAN + 9
    assert remove_sub(C.REMOVE_CARD_PM, 4) == C.REMOVE_SUB + 3 * 6 + 4
    assert max(r.stop for r in ACTION_RANGES.values()) == C.N_ACTIONS


def test_action_parts_and_encode_are_inverse_on_every_code():
    decoded = 0
    for code in range(C.N_ACTIONS):
        try:
            parts = action_parts(code)
        except ValueError:
            assert 3 <= code < C.A_PLAY or C.A_BLOCK + C.N_ZONES <= code < C.A_DISCARD
            continue
        decoded += 1
        assert encode(parts) == code and parts[0] == action_family(code)
    assert decoded == C.N_ACTIONS - 5 - 2


def test_action_parts_examples():
    assert action_parts(0) == ("pass",) and action_parts(2) == ("yes",)
    assert action_parts(play_code(9, 1)) == ("play", 9, 1)
    assert action_parts(token_code(1, 5, 0)) == ("token", 1, 5, 0)
    assert action_parts(target_code(1, 31)) == ("target", 1, 31)
    assert remove_parts(remove_sub(2, 3)) == (2, 3) and remove_parts(7) is None


@pytest.mark.parametrize("bad", [-1, 5, C.A_BLOCK + 6, C.N_ACTIONS, 2.0, "8", True])
def test_action_parts_refuses_non_codes(bad):
    with pytest.raises(ValueError):
        action_parts(bad)


@pytest.mark.parametrize(
    "call",
    [
        lambda: play_code(128, 0),
        lambda: play_code(3, 2),
        lambda: counter_code(-1, 0),
        lambda: block_code(6),
        lambda: discard_code(True),
        lambda: token_code(2, 0, 0),
        lambda: target_code(2, 0),
        lambda: target_code(0, 64),
        lambda: remove_sub(4, 0),
        lambda: encode(("fly",)),
        lambda: encode(("pass", 1)),
        lambda: encode(("play", 1)),
    ],
)
def test_encoders_refuse_out_of_range(call):
    with pytest.raises(ValueError):
        call()


def test_numpy_integers_are_accepted():
    import numpy as np

    assert action_parts(np.int64(9)) == ("play", 0, 1)
    assert play_code(np.int64(0), np.int32(1)) == 9


# ---------------------------------------------------------------- format/parse round trip


def legal_looking_codes():
    """Every decodable code whose card (if any) is in the table."""
    for code in range(C.N_ACTIONS):
        try:
            parts = action_parts(code)
        except ValueError:
            continue
        if parts[0] in ("play", "counter", "discard") and parts[1] not in VALID:
            continue
        yield code


CODES = list(legal_looking_codes())


@pytest.mark.parametrize(("phase", "effect"), CONTEXTS)
@pytest.mark.parametrize("decider", [0, 1])
def test_parse_reads_what_format_prints(phase, effect, decider):
    state = at_decision(phase, effect, decider)
    for code in CODES:
        text = format_action(state, TABLE, code)
        assert parse_action(state, TABLE, text) == code, (code, text)


EXAMPLES = [
    (C.DK_TURN, 0, C.A_DRAW, "draw"),
    (C.DK_TURN, 0, play_code(0, 0), "play red 3-1 left"),
    (C.DK_EXTRA, 0, play_code(14, 1), "play 14 right"),
    (C.DK_DEFEND, 0, C.A_PASS, "pass"),
    (C.DK_DEFEND, 0, counter_code(4, 1), "counter red 2-5 right"),
    (C.DK_DEFEND, 0, block_code(3), "block zone 3"),
    (C.DK_DISCARD, 0, discard_code(0), "discard red 3-1"),
    (C.DK_TOKEN_MOVE, 0, token_code(C.TOKEN_ZONE, 2, C.DIR_RIGHT), "move zone-token 2 right"),
    (C.DK_TOKEN_MOVE, 0, token_code(C.TOKEN_CARD, 2, C.DIR_LEFT), "move card-token 2 left"),
    (C.DK_EFFECT, C.EFFECT_SLIDE, target_code(1, 1), "slide p1 to 1"),
    (C.DK_EFFECT, C.EFFECT_TRAP_ZONE, target_code(0, 4), "trap-zone p0 4"),
    (C.DK_EFFECT, C.EFFECT_TRAP_CARD, target_code(1, 2), "trap-card p1 2"),
    (C.DK_EFFECT, C.EFFECT_POWER, target_code(0, 3), "power p0 3"),
    (C.DK_EFFECT, C.EFFECT_REMOVE, target_code(1, remove_sub(1, 2)), "remove p1 card-damage 2"),
    (C.DK_EFFECT, C.EFFECT_REMOVE, target_code(0, remove_sub(0, 5)), "remove p0 zone-damage 5"),
    (C.DK_EFFECT, C.EFFECT_REMOVE, target_code(0, remove_sub(2, 0)), "remove p0 power-plus 0"),
    (C.DK_EFFECT, C.EFFECT_REMOVE, target_code(1, remove_sub(3, 1)), "remove p1 power-minus 1"),
    (C.DK_EFFECT, C.EFFECT_SWAP, target_code(0, 0), "swap p0"),
    (C.DK_EFFECT, C.EFFECT_DRAW, target_code(1, 0), "draw p1"),
    (C.DK_EFFECT, C.EFFECT_COPY, target_code(0, 3), "copy p0 3"),
    (C.DK_EFFECT, C.EFFECT_NONE, target_code(1, 9), "target p1 9"),
    (C.DK_EFFECT, C.EFFECT_SLIDE, target_code(1, 5), "target p1 5"),  # no slide lands at 5
    (C.DK_FURY_CHOOSE, 0, C.A_YES, "yes"),
    (C.DK_WIND, 0, C.A_YES, "yes"),
    (C.DK_EARTH_DRAW, 0, C.A_YES, "yes"),
    (C.DK_CROW, 0, target_code(1, 4), "crow p1 4"),
    (C.DK_ILLUSION, 0, target_code(0, 2), "illusion to 2"),
    (C.DK_ILLUSION, 0, target_code(1, 2), "illusion p1 to 2"),
    (C.DK_BUSHIDO, 0, target_code(1, 3), "bushido p1 3"),
    (C.DK_TURN, 0, target_code(0, 3), "target p0 3"),
]


@pytest.mark.parametrize(("phase", "effect", "code", "text"), EXAMPLES, ids=[e[3] for e in EXAMPLES])
def test_documented_examples(phase, effect, code, text):
    state = at_decision(phase, effect, decider=0)
    assert format_action(state, TABLE, code) == text
    assert parse_action(state, TABLE, text) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("PLAY Red 3-1 LEFT", play_code(0, 0)),
        ("  play   0   left ", play_code(0, 0)),
        ("play #14 right", play_code(14, 1)),
        ("discard 124", discard_code(124)),
        ("block 2", block_code(2)),
        ("take", C.A_PASS),
        ("decline", C.A_PASS),
        ("stop", C.A_PASS),
        ("no", C.A_PASS),
        ("target p0 63", target_code(0, 63)),
    ],
)
def test_accepted_variants(text, code):
    assert parse_action(at_decision(C.DK_DEFEND), TABLE, text) == code


@pytest.mark.parametrize(
    ("phase", "effect", "text", "message"),
    [
        (C.DK_TURN, 0, "", "empty action text"),
        (C.DK_TURN, 0, "dance", "unknown action 'dance'"),
        (C.DK_TURN, 0, "pass now", "unknown action"),
        (C.DK_TURN, 0, "play red 3-1", "expected 'play CARD left|right'"),
        (C.DK_TURN, 0, "play red 3-1 up", "expected 'play CARD left|right', not 'play red 3-1 up'"),
        (C.DK_TURN, 0, "play red 9-9 left", "no card 'red 9-9'"),
        (C.DK_TURN, 0, "play red 1-1 left", "ambiguous"),
        (C.DK_TURN, 0, "play 99 left", "no card with id 99"),
        (C.DK_DISCARD, 0, "discard", "a card is missing"),
        (C.DK_DEFEND, 0, "block zone 6", "expected a zone 0..5, not '6'"),
        (C.DK_DEFEND, 0, "block zone", "expected 'block zone Z'"),
        (C.DK_TOKEN_MOVE, 0, "move zone-token 2", "expected 'move zone-token|card-token Z left|right'"),
        (C.DK_TOKEN_MOVE, 0, "move crow-token 2 left", "expected a token kind"),
        (C.DK_EFFECT, C.EFFECT_SLIDE, "trap-zone p0 4", "'trap-zone' does not fit the pending decision"),
        (C.DK_EFFECT, C.EFFECT_SLIDE, "slide p1 1", "expected 'slide pP to Z'"),
        (C.DK_EFFECT, C.EFFECT_SLIDE, "slide p1 to 5", "expected a new left zone 0..4"),
        (C.DK_EFFECT, C.EFFECT_SLIDE, "slide p2 to 1", "expected a player p0 or p1, not 'p2'"),
        (C.DK_EFFECT, C.EFFECT_SLIDE, "slide", "'slide' needs a player"),
        (C.DK_EFFECT, C.EFFECT_REMOVE, "remove p1 crow 2", "expected a token kind"),
        (C.DK_EFFECT, C.EFFECT_SWAP, "swap p0 1", "expected 'swap pP'"),
        (C.DK_EFFECT, C.EFFECT_NONE, "swap p0", "no named target (use 'target pP SUB')"),
        (C.DK_TURN, 0, "crow p1 4", "'crow' does not fit the pending decision 'turn'"),
        (C.DK_CROW, 0, "crow p1 x", "expected a zone 0..5, not 'x'"),
        (C.DK_ILLUSION, 0, "illusion to", "expected 'illusion pP to Z'"),
        (C.DK_TURN, 0, "target p1 64", "expected a target sub-code 0..63"),
    ],
)
def test_bad_text_raises_notation_error(phase, effect, text, message):
    with pytest.raises(NotationError) as info:
        parse_action(at_decision(phase, effect), TABLE, text)
    assert message in str(info.value)


def test_notation_error_is_a_value_error_and_format_refuses_non_codes():
    assert issubclass(NotationError, ValueError)
    with pytest.raises(NotationError):
        format_action(at_decision(C.DK_TURN), TABLE, 5)


def test_target_form_follows_phase_and_effect():
    assert target_form(at_decision(C.DK_EFFECT, C.EFFECT_COPY)) == "copy"
    assert target_form(at_decision(C.DK_EFFECT, C.EFFECT_NONE)) is None
    assert target_form(at_decision(C.DK_BUSHIDO)) == "bushido"
    assert target_form(at_decision(C.DK_DEFEND)) is None


@given(text=st.text(alphabet="abcdeprtz0123456789 -#", max_size=24))
def test_parse_never_raises_anything_else(text):
    try:
        code = parse_action(at_decision(C.DK_EFFECT, C.EFFECT_REMOVE), TABLE, text)
    except NotationError:
        return
    assert 0 <= code < C.N_ACTIONS
