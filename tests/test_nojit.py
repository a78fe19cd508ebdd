"""The kernels also run as plain Python (NUMBA_DISABLE_JIT=1), with identical results.

Tests marked `nojit` are the part of the suite that is rerun without JIT (here in
a subprocess), so that coverage tools see every kernel line:
    NUMBA_DISABLE_JIT=1 python -m pytest -m nojit --cov=emr_sim
"""

import json
import os
import subprocess
import sys

import pytest

NOJIT = {**os.environ, "NUMBA_DISABLE_JIT": "1"}


def play_json(env, *args):
    cmd = [sys.executable, "-m", "emr_sim.cli", "play", "--json", *args]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    "args", [("--seed", "4", "--players", "greedy,random"), ("--seed", "9", "--index", "3")]
)
def test_seeded_game_log_is_identical_with_and_without_jit(args):
    jit = play_json(dict(os.environ), *args)
    plain = play_json(NOJIT, *args)
    assert plain["log"] == jit["log"]
    assert plain["events"] == jit["events"]
    assert plain["winner"] == jit["winner"]


def test_marked_rule_tests_pass_without_jit():
    cmd = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-m", "nojit", "-p", "no:cacheprovider", "tests"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run(cmd, env=NOJIT, cwd=root, capture_output=True, text=True, timeout=1200)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout.splitlines()[-1]


def test_the_line_mode_with_a_hint_is_identical_with_and_without_jit():
    """`play --human` (the person-vs-program game, its warm-up and a hint from the search) as
    plain Python gives the same transcript (games/emr/face: versus, linemode)."""
    cmd = [sys.executable, "-m", "emr_sim.cli", "play", "--human", "--seed", "3", "--advisor", "ismcts:50"]
    typed = "1\nhint\n2\nquit\n"

    def transcript(env):
        out = subprocess.run(
            cmd, env=env, input=typed, capture_output=True, text=True, timeout=600, check=True
        )
        return out.stdout

    plain = transcript(NOJIT)
    assert "hint: ismcts:50, seed 1" in plain and plain.rstrip().endswith("the game is abandoned")
    assert plain == transcript(dict(os.environ))


def test_a_table_run_of_another_game_is_identical_with_and_without_jit():
    """The generic table loop, the contract's stubs and the generic players (greedy, a small
    search) run as plain Python too (the toy game)."""
    players = "greedy,ismcts(n=6,depth=2),random"
    args = ["matchup", "--game", "toy", "--seats", "3", "-n", "300", "--json", "--players", players]
    cmd = [sys.executable, "-m", "emr_sim.cli", *args]
    jit = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=True)
    plain = subprocess.run(cmd, env=NOJIT, capture_output=True, text=True, timeout=600, check=True)
    assert json.loads(plain.stdout) == json.loads(jit.stdout)
    assert json.loads(jit.stdout)["games"] == 300
