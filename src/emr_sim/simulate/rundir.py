"""A matrix run on disk: a directory with its run record and one Parquet file per finished cell.

    RUN_DIR/run.json                      the run record (RUN_FORMAT): what was played, how
    RUN_DIR/cells/<hero_a>-<hero_b>.parquet   the games of one finished cell (emr_sim.simulate.records)

Every file is written whole or not at all (a temporary file renamed into place), so an
interrupted run loses at most the cell in progress, and re-running the same command into
the same directory skips the finished cells. A run record that differs from the one on disk
is refused: its cells would mix two experiments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from emr_sim.errors import BadInput
from emr_sim.files import write_atomically, write_text

RUN_FORMAT = "emr-sim run 1"
RUN_FILE = "run.json"
CELLS_DIR = "cells"
# keys of the run record that say what was played: a mismatch in any of them is refused
RECORD_KEYS = (
    "format",
    "version",
    "seed",
    "players",
    "fury",
    "rules",
    "deck",
    "deck_sha256",
    "heroes",
    "games_per_cell",
    "until_ci",
    "max_games",
)


def cell_path(run_dir: str | Path, hero_a: str, hero_b: str) -> Path:
    return Path(run_dir) / CELLS_DIR / f"{hero_a}-{hero_b}.parquet"


def read_run(run_dir: str | Path) -> dict:
    """The run record of run_dir; BadInput when it is missing or not a run record."""
    path = Path(run_dir) / RUN_FILE
    if not Path(run_dir).is_dir():
        raise BadInput(f"{run_dir}: no such run directory")
    if not path.is_file():
        raise BadInput(f"{path}: missing: {run_dir} is not a run directory of `emr-sim matrix`")
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BadInput(f"{path}: not a readable run record: {err}") from None
    if not isinstance(record, dict) or record.get("format") != RUN_FORMAT:
        raise BadInput(f"{path}: not a run record of format {RUN_FORMAT!r}")
    return record


def mismatches(old: dict, new: dict) -> list[str]:
    """The run-record keys whose values differ, with both values."""
    return [
        f"{key} {old.get(key)!r} on disk, {new.get(key)!r} now"
        for key in RECORD_KEYS
        if old.get(key) != new.get(key)
    ]


def open_run(run_dir: str | Path, record: dict) -> Path:
    """Create run_dir with its record, or check that the record on disk is the same."""
    root = Path(run_dir)
    if root.exists() and not root.is_dir():
        raise BadInput(f"{run_dir}: exists and is not a directory")
    if (root / RUN_FILE).exists():
        differ = mismatches(read_run(root), record)
        if differ:
            raise BadInput(
                f"{root / RUN_FILE}: this directory holds a different run ({'; '.join(differ)}); "
                "use another directory, or the same options to resume"
            )
    else:
        if root.exists() and any(root.iterdir()):
            raise BadInput(f"{run_dir}: not empty and not a run directory; use a new directory")
        try:
            (root / CELLS_DIR).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise BadInput(f"{run_dir}: cannot create the run directory: {err}") from None
        text = json.dumps(record, indent=1) + "\n"
        write_text(root / RUN_FILE, text)
    (root / CELLS_DIR).mkdir(exist_ok=True)
    return root


def write_cell(run_dir: str | Path, hero_a: str, hero_b: str, games: pd.DataFrame) -> Path:
    path = cell_path(run_dir, hero_a, hero_b)
    write_atomically(path, lambda tmp: games.to_parquet(tmp, index=False))
    return path


def finished_cells(run_dir: str | Path) -> list[tuple[str, str]]:
    """The cells with a Parquet file, in the order of the run record's heroes."""
    record = read_run(run_dir)
    heroes = record["heroes"]
    done = []
    for i, a in enumerate(heroes):
        for b in heroes[i + 1 :]:
            if cell_path(run_dir, a, b).is_file():
                done.append((a, b))
    return done


def load_cell(run_dir: str | Path, hero_a: str, hero_b: str) -> pd.DataFrame:
    path = cell_path(run_dir, hero_a, hero_b)
    try:
        return pd.read_parquet(path)
    except (OSError, ValueError) as err:
        raise BadInput(f"{path}: not a readable cell file: {err}") from None


def load_games(run_dir: str | Path) -> pd.DataFrame:
    """Every game of every finished cell, one frame (emr_sim.simulate.records schema)."""
    cells = finished_cells(run_dir)
    if not cells:
        raise BadInput(f"{run_dir}: no finished cell yet")
    frames = [load_cell(run_dir, a, b) for a, b in cells]
    return pd.concat(frames, ignore_index=True)
