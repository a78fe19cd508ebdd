"""Positions are validated as a whole (issue 12, defects 1, 2 and 6): every inconsistent
position file is refused by `emr-sim resolve` with exit 2 and one line naming the file,
the JSON path of the field and the reason, before any kernel sees it.

The positions start from real games (Game.new / seeded_steps) and change one thing. The
command runs in a child process: a position that reaches the kernels in a state they
cannot handle may kill the process (defect 1 died with a segmentation fault, exit 139).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.scenario import seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game

CHILD_TIMEOUT = 120  # seconds: a cold numba cache loads the kernels first
EXIT_BAD_INPUT = 2
HERO_RULES = {"fury": "on"}


def resolve(*args: object) -> subprocess.CompletedProcess:
    """`emr-sim resolve ARGS` in a child process (a crash there cannot take pytest down)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    command = [sys.executable, "-m", "emr_sim.cli", "resolve", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=CHILD_TIMEOUT, env=env)


def refused(path: Path, *args: object, needles: tuple[str, ...]) -> str:
    """resolve PATH ARGS exits 2 with one error line naming the file and the NEEDLES."""
    result = resolve(path, *args)
    assert result.returncode == EXIT_BAD_INPUT, (result.returncode, result.stdout, result.stderr)
    assert result.stdout == "" and "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert f"{path}: $" in lines[0], lines[0]
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


def first_position(phase: str, rules: dict | None = None, heroes: str | None = None) -> dict:
    """The first position with a PHASE decision in greedy games of seeds 1..."""
    for seed in range(1, 200):
        for game, _prng in seeded_steps(seed, rules=rules, heroes=heroes):
            if game.phase == phase:
                return game.position()
    raise AssertionError(f"no {phase} decision found")


def start() -> dict:
    """The issue's position: game 0 of seed 3 at its first decision (p0 to play or draw)."""
    return Game.new(seed=3).position()


def write(tmp_path: Path, d: dict, name: str = "position.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(d), encoding="utf-8")
    return path


# ---------------------------------------------------------------- defect 1: null players


def test_active_null_is_refused_not_a_crash(tmp_path):
    d = start()
    assert d["phase"] == "turn" and d["active"] == 0
    d["active"] = None
    path = write(tmp_path, d)
    refused(path, "--list", needles=("$.active:", "null"))
    out = tmp_path / "next.json"
    action = next(text for _code, text in Game.from_position(start()).legal() if text.startswith("play"))
    refused(path, action, "-o", out, needles=("$.active:",))
    assert not out.exists()


def test_the_issue_action_on_active_null_is_refused(tmp_path):
    d = Game.new(seed=3).position()
    d["active"] = None
    legal = [text for _code, text in Game.from_position(Game.new(seed=3).position()).legal()]
    assert "play red 3-4 left" in legal  # the issue's command
    refused(write(tmp_path, d), "play red 3-4 left", needles=("$.active:",))


def test_decider_null_is_refused(tmp_path):
    d = start()
    d["decider"] = None
    refused(write(tmp_path, d), "draw", needles=("$.decider:", "null"))


@pytest.mark.parametrize("key", ["first"])
def test_other_players_null_are_refused(tmp_path, key):
    d = start()
    d[key] = None
    refused(write(tmp_path, d), "--list", needles=(f"$.{key}:",))


# ---------------------------------------------------------------- defect 2: inconsistent positions


def test_defend_without_a_resolution_is_refused(tmp_path):
    d = start()
    d["phase"], d["decider"] = "defend", 1
    refused(write(tmp_path, d), "--list", needles=("$.resolution.step:", "'defend'"))
    d["resolution"]["step"] = "damage"  # the step of a defence: still no play to answer
    refused(write(tmp_path, d), "--list", needles=("$.resolution.ejected:", "'defend'", "play"))


def test_decider_disagreeing_with_the_phase_is_refused(tmp_path):
    """Defect 2: resolve -o wrote a file that resolve then refused ('shot cards found nowhere')."""
    d = start()
    d["decider"] = 1  # p0 is active: a turn decision is theirs
    path = write(tmp_path, d)
    out = tmp_path / "next.json"
    refused(path, "draw", "-o", out, needles=("$.decider:", "turn"))
    assert not out.exists()


def test_defender_answering_their_own_attack_is_refused(tmp_path):
    d = first_position("defend")
    d["decider"] = d["active"]
    refused(write(tmp_path, d), "--list", needles=("$.decider:",))


def test_step_disagreeing_with_the_phase_is_refused(tmp_path):
    d = start()
    d["resolution"]["step"] = "hit"
    refused(write(tmp_path, d), "--list", needles=("$.resolution.step:", "'hit'", "turn"))


def test_a_play_in_progress_during_a_turn_decision_is_refused(tmp_path):
    d = first_position("defend")
    d["phase"], d["decider"] = "turn", d["active"]
    d["resolution"]["step"] = "action"
    refused(write(tmp_path, d), "--list", needles=("$.resolution.ejected:",))


def test_effect_decision_without_an_effect_is_refused(tmp_path):
    d = first_position("effect")
    d["resolution"]["effect"] = "none"
    refused(write(tmp_path, d), "--list", needles=("$.resolution.effect:",))


def test_extra_decision_without_an_extra_action_is_refused(tmp_path):
    d = start()
    d["phase"] = "extra"
    refused(write(tmp_path, d), "--list", needles=("$.resolution.in_extra:",))


def test_discard_decision_within_the_hand_limit_is_refused(tmp_path):
    d = start()
    d["phase"] = "discard"
    d["resolution"]["step"] = "turn-end"
    refused(write(tmp_path, d), "--list", needles=("$.phase:", "discard"))


def test_active_player_disagreeing_with_turn_and_first_is_refused(tmp_path):
    d = start()
    d["active"] = d["decider"] = 1
    refused(write(tmp_path, d), "--list", needles=("$.active:", "turn 1"))


def test_hero_mode_disagreeing_with_the_fury_rule_is_refused(tmp_path):
    d = start()
    d["hero_mode"] = True  # rules.fury is off
    refused(write(tmp_path, d), "--list", needles=("$.hero_mode:", "fury"))


def test_hero_without_hero_mode_is_refused(tmp_path):
    d = start()
    d["players"][0]["hero"] = "crow"
    refused(write(tmp_path, d), "--list", needles=("$.players[0].hero:", "fury"))


def test_technique_decision_of_a_master_who_is_not_furious_is_refused(tmp_path):
    d = Game.new(seed=3, rules=HERO_RULES, heroes="wind,crow").position()
    d["phase"] = "crow"
    d["resolution"]["step"] = "techniques"
    refused(write(tmp_path, d), "--list", needles=("$.phase:", "crow"))


def test_bow_on_the_other_players_board_is_refused(tmp_path):
    d = start()
    b0, b1 = d["players"][0]["board"], d["players"][1]["board"]
    b0[0]["card"], b1[0]["card"] = b1[0]["card"], b0[0]["card"]
    refused(write(tmp_path, d), "--list", needles=("$.players[0].board[0].card:", "bow"))


def test_set_aside_of_a_player_who_is_not_earth_is_refused(tmp_path):
    d = start()
    d["players"][0]["set_aside"] = [d["draw_pile"].pop()]
    refused(write(tmp_path, d), "--list", needles=("$.players[0].set_aside:", "earth"))


def test_health_above_the_starting_health_is_refused(tmp_path):
    d = start()
    d["players"][1]["health"] = 9  # rules: health 8
    refused(write(tmp_path, d), "--list", needles=("$.players[1].health:", "9"))


def test_a_running_game_with_a_defeated_player_is_refused(tmp_path):
    d = start()
    d["players"][1]["health"] = 0
    refused(write(tmp_path, d), "--list", needles=("$.players[1].health:",))


def test_flag_other_than_true_or_false_is_refused(tmp_path):
    d = first_position("defend")
    d["resolution"]["hit"] = 5
    refused(write(tmp_path, d), "--list", needles=("$.resolution.hit:", "true or false"))


# ---------------------------------------------------------------- defect 6: huge numbers


@pytest.mark.parametrize("where", ["turn", "rng"])
def test_a_5000_digit_number_is_refused_naming_file_and_path(tmp_path, where):
    d = start()
    d[where] = "HUGE" if where == "turn" else [1, "HUGE", 3, 4]
    text = json.dumps(d, indent=1).replace('"HUGE"', "7" * 5000)
    path = tmp_path / "position.json"
    path.write_text(text, encoding="utf-8")
    expected = "$.turn:" if where == "turn" else "$.rng[1]:"
    line = refused(path, "--list", needles=(expected, "5000-digit"))
    assert "4300" not in line and "set_int_max_str_digits" not in line


def test_the_running_position_of_every_phase_still_loads():
    """The checks refuse no position a real game reaches (hero mode, each kind seen)."""
    seen = set()
    for seed in range(1, 30):
        heroes = ("crow,wind", "illusion,bushido", "earth,poison", "kungfu,master")[seed % 4]
        for game, _prng in seeded_steps(seed, rules=HERO_RULES, heroes=heroes):
            Game.from_position(game.position())
            seen.add(game.phase)
    assert {"turn", "defend", "effect", "over", "token-move"} <= seen
    assert len(seen) >= 10, seen
    assert C.DECISION_NAMES[C.DK_NONE] in seen


def test_resolve_writes_no_position_that_would_be_refused(tmp_path, monkeypatch):
    """resolve -o loads the new position before writing it: should the checks refuse it
    (they refuse none the rules produce: test_position_fuzz), nothing is written."""
    from support.cli import fails

    from emr_sim.games.emr.face import position, validate

    path = write(tmp_path, start())
    out = tmp_path / "next.json"
    real = validate.check_position

    def refuse_the_next_turn(s, opts, layout):
        real(s, opts, layout)
        if s[C.H_ACTIVE] == 1:
            raise validate.fail("active", "refused for the test")

    monkeypatch.setattr(position, "check_position", refuse_the_next_turn)
    needles = (f"{out}: not written", "$.active: refused for the test")
    fails("resolve", path, "draw", "-o", out, needles=needles)
    assert not out.exists()
