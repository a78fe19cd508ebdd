"""Mutated positions of real games never crash `resolve` (issue 12): the property test.

scripts/fuzz_positions.py draws the mutations with hypothesis and runs every case in one
child process, appending each case to a log before trying it; a kernel crash (defect 1
was a segmentation fault) kills only the child, and the log's last line names the case.
The suite runs FUZZ_CASES cases; EMR_SIM_FUZZ_CASES=10000 runs the long version.
"""

from __future__ import annotations

import os
from pathlib import Path

from support.fuzz import run_fuzz

SCRIPT = Path(__file__).resolve().parents[4] / "scripts" / "fuzz_positions.py"
FUZZ_CASES = int(os.environ.get("EMR_SIM_FUZZ_CASES", "300"))
SECONDS_PER_CASE = 0.2  # measured about 0.006 s warm; the rest is headroom for a cold cache
START_SECONDS = 300


def test_mutated_positions_are_refused_or_play_on(tmp_path):
    timeout = START_SECONDS + SECONDS_PER_CASE * FUZZ_CASES
    figures, result, log = run_fuzz(SCRIPT, FUZZ_CASES, tmp_path, timeout)
    assert figures["failures"] == [], figures
    assert result.returncode == 0, result.stderr
    assert figures["cases"] == FUZZ_CASES == len(log.read_text(encoding="utf-8").splitlines())
    assert figures["refused"] + figures["accepted"] == FUZZ_CASES
    assert figures["refused"] > FUZZ_CASES // 4 and figures["accepted"] > FUZZ_CASES // 10, figures
    assert figures["reloaded"] == figures["actions"] > figures["accepted"], figures
    assert figures["cli"] >= 1, figures
