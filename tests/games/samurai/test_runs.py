"""Samurai Sword through the table runs (emr_sim.simulate.tables, docs/games.md): a run at
every table size with its teams and characters, the same files for any number of threads.

The table runs' machinery is the same for every game and is tested once, on the toy game, at
several seat counts (tests/simulate/tables/test_table_runs.py: a Dask cluster writes the files
of the threads, a run killed with SIGKILL resumes to the same files); it is not played again
here with Samurai Sword's slower games."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pandas as pd
import pytest
from support.cli import run

GAME = ("--game", "samurai")


def files_of(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(".emr-sim")
    }


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seats", [3, 4, 5, 6, 7])
def test_a_run_at_every_size_records_teams_and_characters(tmp_path, seats):
    out = tmp_path / f"ss{seats}"
    result = run("matrix", *GAME, "--seats", seats, "-o", out, "-n", 700, "--players", "belief", "--quiet",
                 "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["seats"] == seats and summary["games"] == -(-700 // seats) * seats
    frame = pd.concat(pd.read_parquet(p) for p in sorted(out.rglob("*.parquet")))
    teams = {int(v) for s in range(seats) for v in frame[f"s{s}_team"].unique()}
    assert teams == ({0, 1} if seats <= 4 else {0, 1, 2})
    entities = {int(v) for s in range(seats) for v in frame[f"s{s}_entity"].unique()}
    assert entities == set(range(12))  # the characters dealt
    winners = frame[[f"s{s}_win" for s in range(seats)]].sum(axis=1)
    drawn = frame[[f"s{s}_draw" for s in range(seats)]].sum(axis=1)
    assert ((winners >= 1) | (drawn == seats)).all()  # a team wins every game (or the cap draws it)


@pytest.mark.timeout(300)
def test_the_same_files_for_any_number_of_threads(tmp_path):
    args = ("matrix", *GAME, "--seats", 5, "-n", 12000, "--quiet", "--seed", 3, "--players", "belief")
    assert run(*args, "-o", tmp_path / "one", "--workers", 1).exit_code == 0
    assert run(*args, "-o", tmp_path / "two", "--workers", 2).exit_code == 0
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")
    assert len(files_of(tmp_path / "one")) == 1 + 2  # run.json and 2 parts of 2,000 deals


@pytest.mark.timeout(300)
def test_the_rules_options_and_the_game_are_listed():
    result = run("games", "--json")
    games = {g["name"]: g for g in json.loads(result.stdout)}
    ss = games["samurai"]
    assert ss["seats"] == {"fewest": 3, "most": 7, "default": 5} and ss["teams"] and ss["entities_dealt"]
    rules = {o["rule"] for o in ss["options"]}
    assert rules >= {"SS-D-SHOGUN-HP", "SS-D-EXHAUST", "SS-D-BUSHIDO-ONE", "SS-D-CAP", "SS-D-WEIGHTS"}
    assert ss["players"] == ["random", "greedy", "ismcts", "belief", "oracle", "guess"]
