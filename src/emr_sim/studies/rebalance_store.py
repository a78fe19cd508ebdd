"""A rebalance study's directory (emr_sim.studies.rebalance): its files, the Optuna study
in SQLite, and the base's counts.

    STUDY/rebalance.json   the study record (what it plays; a run with other settings is refused)
    STUDY/base.json        the base (no change) measured at every rung, and the resolved guards
    STUDY/study.db         the Optuna study (SQLite): every trial, its values and figures
    STUDY/.emr-sim.lock    the lock while the command plays or writes (emr_sim.files.lock)
"""

from __future__ import annotations

import json
from pathlib import Path

from emr_sim.analysis.balance import CellCounts, Cells
from emr_sim.errors import BadInput
from emr_sim.files import write as files
from emr_sim.files.lock import LOCK_FILES
from emr_sim.files.read import read_json_record
from emr_sim.simulate.cells import cell_pairs
from emr_sim.studies.rebalance_spec import IDENTITY, REBALANCE_FORMAT, Spec

STUDY_FILE = "rebalance.json"
BASE_FILE = "base.json"
DB_FILE = "study.db"
STUDY_NAME = "rebalance"
BASE_FORMAT = "emr-sim rebalance base 1"


def check_root(root: Path, record: dict) -> dict | None:
    """The study record on disk when ROOT holds this study (to resume), None for a new one;
    BadInput, before anything is written, when ROOT cannot hold it."""
    if root.exists() and not root.is_dir():
        raise BadInput(f"{root}: exists and is not a directory")
    path = root / STUDY_FILE
    if path.exists():
        old = read_json_record(path, "rebalance record", REBALANCE_FORMAT)
        differ = [
            f"{k} {old.get(k)!r} on disk, {record.get(k)!r} now"
            for k in IDENTITY
            if old.get(k) != record.get(k)
        ]
        if differ:
            shown = "; ".join(d if len(d) < 300 else d[:300] + "…" for d in differ)
            raise BadInput(f"{path}: this directory holds a different study ({shown}); use another directory")
        return old
    if root.exists() and any(p.name not in LOCK_FILES for p in root.iterdir()):
        raise BadInput(f"{root}: not empty and not a rebalance study; use a new directory")
    return None


def storage_url(root: Path) -> str:
    return f"sqlite:///{(root / DB_FILE).resolve()}"


def fast_commits(engine) -> None:
    """SQLite in write-ahead-log mode with commits that do not wait for the disk (synchronous
    NORMAL): a trial's writes (its values, reports and result) cost microseconds, not a disk
    flush each, and a killed process loses nothing it committed (only a crash of the machine
    could lose the last commits, never the file)."""
    import sqlalchemy

    def pragmas(connection, _record) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    sqlalchemy.event.listen(engine, "connect", pragmas)
    engine.dispose()  # connections made before the listener: closed, remade with it


def open_study(root: Path, spec: Spec, create: bool):
    """The Optuna study of ROOT (created when `create`), maximising nothing: it minimises the loss."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = optuna.storages.RDBStorage(storage_url(root))
    fast_commits(storage.engine)
    if create:
        return optuna.create_study(
            study_name=STUDY_NAME, storage=storage, direction="minimize", load_if_exists=True
        )
    return optuna.load_study(study_name=STUDY_NAME, storage=storage)


def cell_key(cell: tuple[str, str]) -> str:
    return f"{cell[0]}-{cell[1]}"


def write_base(root: Path, counts: list[Cells], guards: dict) -> None:
    record = {
        "format": BASE_FORMAT,
        "rungs": [{cell_key(c): v.record() for c, v in rung.items()} for rung in counts],
        "guards": guards,
    }
    files.write_text(root / BASE_FILE, json.dumps(record) + "\n")


def read_base(root: Path, heroes: list[str]) -> tuple[list[Cells], dict]:
    record = read_json_record(root / BASE_FILE, "rebalance base", BASE_FORMAT, max_bytes=64 << 20)
    cells = cell_pairs(heroes)
    counts = [{c: CellCounts.from_record(rung[cell_key(c)]) for c in cells} for rung in record["rungs"]]
    return counts, record["guards"]
