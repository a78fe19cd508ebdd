"""Mutated book, run, ladder and tuning records, and the newer commands' inputs (claims files,
scan and study records, card-event records, saved games, table runs), never crash or hang a
command (#23, #36): the property test. scripts/fuzz_records.py makes real records with the
commands, mutates them with hypothesis and runs the command that reads each (matchup, matrix,
compare, report, ladder, tune, claims, sensitivity, rebalance, card-stats, tui --replay; report,
matrix, compare and meta of a table run) in one child process, logging each case before it is
tried. The suite runs FUZZ_CASES cases;
EMR_SIM_FUZZ_CASES=10000 runs the long version (docs/files.md, "Fuzzing the records")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.fuzz import run_fuzz

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fuzz_records.py"
FUZZ_CASES = int(os.environ.get("EMR_SIM_FUZZ_CASES", "100"))  # 10 a kind on average
SECONDS_PER_CASE = 2.0  # measured 0.2 to 1.5 s a case warm, by kind, on a loaded machine (docs/files.md)
START_SECONDS = 300  # the real records are played first; a cold kernel cache compiles


@pytest.mark.timeout(START_SECONDS + SECONDS_PER_CASE * FUZZ_CASES + 60)
def test_mutated_records_end_in_exit_0_2_or_3_with_one_line(tmp_path):
    timeout = START_SECONDS + SECONDS_PER_CASE * FUZZ_CASES
    figures, result, log = run_fuzz(SCRIPT, FUZZ_CASES, tmp_path, timeout, cwd=tmp_path)
    assert figures["failures"] == [] and figures["failed"] == 0, figures
    assert result.returncode == 0, result.stderr
    assert figures["cases"] == FUZZ_CASES == len(log.read_text(encoding="utf-8").splitlines())
    assert figures["accepted"] + figures.get("exit 2", 0) + figures.get("exit 3", 0) == FUZZ_CASES
    for kind in ("book", "run", "ladder", "tuning", "claims", "scan", "study", "cards", "saved", "table"):
        assert figures.get(f"{kind} exit 2", 0) > 0, (kind, figures)  # mutated and refused
    assert figures["accepted"] > FUZZ_CASES // 20, figures  # and some mutations were harmless
