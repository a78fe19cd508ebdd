"""Two tunings into one directory (#23 example 1: `tune` had no lock): the second is refused in
one line while the first holds the directory, and the first's directory resumes."""

from __future__ import annotations

import pytest
from support.race import race

TUNE = ["tune", "crow", "--generations", "1", "--pairs", "4", "--validation-pairs", "2", "--quiet"]


@pytest.mark.timeout(240)
@pytest.mark.parametrize(
    ("second", "said"),
    [
        ([*TUNE, "--seed", "2"], "holds a different tuning"),
        ([*TUNE, "--seed", "1"], "in use by another emr-sim (pid {pid} on "),
    ],
    ids=["other-tuning", "same-tuning"],
)
def test_two_tunings_of_one_directory_end_with_one_winner_that_resumes(tmp_path, second, said):
    race(tmp_path / "t", [*TUNE, "--seed", "1"], second, said)
