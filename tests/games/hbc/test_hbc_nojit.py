"""HBC's kernels also run as plain Python (NUMBA_DISABLE_JIT=1) with identical results: one
seeded three-player game's log and results (plain Python is slow: one game). The rule tests
marked `nojit` run without JIT in tests/test_nojit.py; the generic table loop without JIT is
tests/test_nojit.py's toy run."""

import json
import os
import subprocess
import sys

import pytest
from support.cli import run

NOJIT = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
PLAY = ("play", "--game", "hbc", "--seats", "3", "--seed", "4", "--json")


def plain_out(args: tuple[str, ...]) -> str:
    cmd = [sys.executable, "-m", "emr_sim.cli", *args]
    return subprocess.run(cmd, env=NOJIT, capture_output=True, text=True, timeout=600, check=True).stdout


@pytest.mark.timeout(600)
def test_a_seeded_hbc_game_is_identical_with_and_without_jit():
    jit = run(*PLAY)
    assert jit.exit_code == 0, jit.output
    plain = plain_out(PLAY)
    assert plain == jit.stdout
    game = json.loads(plain)
    assert game["game"] == "hbc" and len(game["log"]) > 10 and len(game["results"]) == 3
