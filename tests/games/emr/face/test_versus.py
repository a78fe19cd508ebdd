"""A game between a person and a program (emr_sim.games.emr.face.versus): the program is seeded as
`emr-sim play` seeds it, so a person taking the greedy's choices gets play's very game; the
person's observation hides the opponent's hand and the draw order (D-HIDDEN)."""

from __future__ import annotations

import numpy as np
import pytest
from support.versus import greedy_choice, greedy_game

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import IllegalAction, play
from emr_sim.games.emr.face.versus import Setup, Versus, observation, opponent_spec


@pytest.mark.parametrize("seat", [0, 1])
def test_a_person_taking_the_greedys_choices_gets_the_game_of_emr_sim_play(seat):
    v = greedy_game(seed=5, seat=seat)
    same = play(seed=5, players="greedy,greedy")
    assert v.game.events == same.events
    assert np.array_equal(v.game.state, same.state)
    assert v.players() == (("human", "greedy") if seat == 0 else ("greedy", "human"))


def test_a_search_opponent_is_seeded_as_in_emr_sim_play():
    """The person (seat 0) takes the greedy's choices, the program is ismcts:30 with play's
    RNG stream of seat 1: the game is `play --players greedy,ismcts:30`."""
    v = Versus(Setup(seat=0, opponent="ismcts:30", seed=2, heroes=("crow", "wind")))
    while not v.over:
        v.apply(greedy_choice(v) if v.human_to_move else v.think())
    same = play(seed=2, players="greedy,ismcts:30", heroes="crow,wind", rules={"fury": "on"})
    assert v.game.events == same.events


def test_the_persons_observation_masks_the_opponents_hand_and_the_draw_order():
    v = Versus(Setup(seat=0, seed=3))
    obs = v.observation()
    b0, b1 = C.player_base(0), C.player_base(1)
    n0, n1 = int(obs[b0 + C.P_HAND_N]), int(obs[b1 + C.P_HAND_N])
    assert n1 == int(v.game.state[b1 + C.P_HAND_N]) > 0  # the count is public
    assert all(obs[b1 + C.P_HAND + k] == C.HIDDEN for k in range(n1))
    assert list(obs[b0 + C.P_HAND : b0 + C.P_HAND + n0]) == list(
        v.game.state[b0 + C.P_HAND : b0 + C.P_HAND + n0]
    )
    assert all(obs[C.DRAW + k] == C.HIDDEN for k in range(int(obs[C.DRAW_N])))
    assert np.array_equal(observation(v.game.state, 1)[b0 + C.P_HAND : b0 + C.P_HAND + n0], [C.HIDDEN] * n0)


def test_the_program_thinks_on_a_copy_and_only_in_its_own_decision():
    v = Versus(Setup(seat=1, seed=3, rules={"first_player": "0"}))
    assert not v.human_to_move
    before = v.game.state.copy()
    code = v.think()
    assert np.array_equal(v.game.state, before)  # the game is untouched until the action is applied
    assert code in v.game.legal_codes()
    v.apply(code)
    while not v.human_to_move:
        v.apply(v.think())
    with pytest.raises(BadInput, match="not the program's decision"):
        v.think()


def test_an_illegal_action_is_refused_and_not_recorded():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    with pytest.raises(IllegalAction):
        v.apply("block zone 4")
    assert v.actions == []


def test_forced_decisions_have_their_one_action():
    v = greedy_game(seed=7)
    replayed = Versus(Setup(seat=0, seed=7))
    forced_seen = 0
    for code in v.actions:
        if replayed.human_to_move and len(replayed.legal()) == 1:
            assert replayed.forced() == code
            forced_seen += 1
        elif replayed.human_to_move:
            assert replayed.forced() is None
        replayed.apply(code)
    assert np.array_equal(replayed.game.state, v.game.state)
    assert forced_seen == 1  # seed 7: one decision of seat 0 had a single legal action


def test_a_plays_preview_is_its_public_first_events():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    plays = [(code, text) for code, text in v.legal() if text.startswith("play")]
    code, text = plays[0]
    shown = v.preview(code)
    kinds = [row[0] for row in shown]
    assert kinds[:3] == [C.E_PLAY, C.E_EJECT, C.E_ATTACK]
    events = v.apply(code)
    assert events[: len(shown)] == shown  # what the preview said is what happened
    assert Versus(Setup(seat=0, seed=3, rules={"first_player": "0"})).preview(C.A_DRAW) == []


def test_a_preview_shows_the_tokens_stepped_on_before_the_hit_check():
    """A play into a zone with damage tokens: the preview has the step and its damage, then the
    hit check, exactly as the play then happens (R-STEP before R-HIT)."""
    v = Versus(Setup(seat=0, seed=5, heroes=("crow", "wind")))
    found = 0
    while not v.over and found < 3:
        if v.human_to_move:
            for code, _text in v.legal():
                shown = v.preview(code)
                if any(row[0] == C.E_STEP for row in shown):
                    kinds = [row[0] for row in shown]
                    assert kinds.index(C.E_STEP) < kinds.index(C.E_DAMAGE)
                    assert kinds[-1] in (C.E_ATTACK, C.E_WIN, C.E_DEFEATED) or C.E_CROW_CANCEL in kinds
                    copy = Versus(v.setup, actions=v.actions)
                    assert copy.apply(code)[: len(shown)] == shown
                    found += 1
                    break
            v.apply(greedy_choice(v))
        else:
            v.apply(v.think())
    assert found >= 1


@pytest.mark.parametrize(
    "setup,needle",
    [
        (Setup(opponent="nope"), "unknown player 'nope'"),
        (Setup(opponent="ismcts-open:10"), "sees your hand"),
        (Setup(heroes=("crow", "nope")), "unknown hero 'nope'"),
        (Setup(heroes=("crow", "crow")), "R-OPT-HERO"),
        (Setup(heroes=("crow", "wind"), rules={"fury": "off"}), "hero mode"),
        (Setup(rules={"health": "0"}), "health"),
        (Setup(seat=2), "seat 2"),
    ],
)
def test_a_bad_setup_is_refused_by_name(setup, needle):
    with pytest.raises(ValueError, match=needle):
        setup.checked()


def test_opponent_spec_takes_any_honest_player():
    assert opponent_spec("tuned").text == "tuned"
    assert opponent_spec("ismcts:400").kernel_kind == C.PLAYER_ISMCTS
