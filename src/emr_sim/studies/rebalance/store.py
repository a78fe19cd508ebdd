"""A rebalance study's directory (emr_sim.studies.rebalance): its files, the Optuna study
in SQLite, and the base's counts.

    STUDY/rebalance.json   the study record (what it plays; a run with other settings is refused)
    STUDY/base.json        the base (no change) measured at every rung, and the resolved guards
    STUDY/study.db         the Optuna study (SQLite): every trial, its values and figures
    STUDY/.emr-sim.lock    the lock while the command plays or writes (emr_sim.files.lock)
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from emr_sim.analysis.balance import CellCounts, Cells
from emr_sim.errors import BadInput, WriteError, cut, quoted
from emr_sim.files import write as files
from emr_sim.files.holds import DirKind, check_holds
from emr_sim.files.read import read_json_record, regular_file_problem
from emr_sim.simulate.cells import cell_pairs
from emr_sim.studies.rebalance.spec import IDENTITY, REBALANCE_FORMAT, Spec

STUDY_FILE = "rebalance.json"
BASE_FILE = "base.json"
DB_FILE = "study.db"
STUDY_NAME = "rebalance"
BASE_FORMAT = "emr-sim rebalance base 1"
DISK_WORDS = ("full", "readonly", "read-only", "disk I/O", "unable to open")  # SQLite's words for a disk
MAX_BASE_BYTES = 64 << 20  # every cell at every rung, with its turn histogram


def unfinished_start(root: Path, old: dict | None) -> bool:
    """Whether ROOT is emr-sim's own start of a study with nothing of a search to keep: its
    record has no warm start yet (written once the base is measured) and there is no Optuna
    study; a start refused or killed before its search (its base.json at most) may be taken
    over by another study's command."""
    return (old is None or "warm" not in old) and not (root / DB_FILE).exists()


def read_study(path: Path) -> dict:
    """A study record, its progress keys checked (BadInput naming the file)."""
    old = read_json_record(path, "rebalance record", REBALANCE_FORMAT)
    problem = progress_problem(old)
    if problem:
        raise BadInput(f"{path}: {problem}")
    return old


def study_differences(old: dict, new: dict) -> list[str]:
    return [f"{k} {old.get(k)!r} on disk, {new.get(k)!r} now" for k in IDENTITY if old.get(k) != new.get(k)]


STUDY_DIR = DirKind(
    noun="study",
    record_file=STUDY_FILE,
    called="a rebalance study",
    read=read_study,
    differences=study_differences,
    leftovers=(BASE_FILE,),
    taken_over=unfinished_start,  # its base is another study's: this start takes the directory over
)


def check_root(root: Path, record: dict) -> dict | None:
    """The study record on disk when ROOT holds this study (to resume), None for a new one (an
    empty directory, or emr-sim's own start of a study that searched nothing: taken over);
    BadInput, before anything is written, when ROOT cannot hold it."""
    old = check_holds(root, STUDY_DIR, record)
    unrecorded = old is None and not (root / STUDY_FILE).exists()
    if unrecorded and (root / BASE_FILE).exists():
        read_json_record(root / BASE_FILE, "rebalance base", BASE_FORMAT, max_bytes=MAX_BASE_BYTES)
    return old


def progress_problem(record: dict) -> str | None:
    """What is wrong with the keys a study record gains as it goes (the warm start's trials,
    the seconds searched), None when nothing is; the keys of what it plays are compared with
    the command's (IDENTITY)."""
    from emr_sim.simulate.variants import parse_variant

    warm = record.get("warm", [])
    if not isinstance(warm, list) or not all(isinstance(w, str) for w in warm):
        return f"$.warm must be a list of variants (text), not {quoted(warm)}"
    for k, text in enumerate(warm):
        try:
            parse_variant(text)
        except ValueError as err:
            return f"$.warm[{k}]: {err}"
    seconds = record.get("seconds", 0.0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        return f"$.seconds must be a number of seconds, not {quoted(seconds)}"
    return None


def start_study(root: Path, record: dict) -> dict | None:
    """Under the lock, before anything is played: the record of a new study written first (so
    that a start killed at any later point resumes with the same command), a taken-over start's
    base removed; the record on disk of a study resumed."""
    old = check_root(root, record)
    files.remove_strays(root)  # a killed write's temporary files (this process holds the lock)
    if old is None:
        (root / BASE_FILE).unlink(missing_ok=True)  # another study's base, or none
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    return old


def storage_url(root: Path) -> str:
    return f"sqlite:///{os.path.abspath(root / DB_FILE)}"  # no link followed: open_study checked it


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


@contextmanager
def study_errors(root: Path) -> Iterator[None]:
    """The study database's failures in one line: a damaged or foreign study.db is bad input
    (exit 2: a byte-flipped one raised sqlalchemy's DatabaseError, a traceback), a full or
    read-only disk a write failure (exit 3)."""
    import optuna
    import sqlalchemy.exc

    path = root / DB_FILE
    try:
        yield
    except sqlalchemy.exc.SQLAlchemyError as err:
        text = str(getattr(err, "orig", None) or err).splitlines()[0]
        if isinstance(err, sqlalchemy.exc.OperationalError) and any(w in text for w in DISK_WORDS):
            raise WriteError(path, text, "run the same command again once the disk has room") from None
        raise BadInput(
            f"{path}: not a study this command can read ({cut(text, 120)}); use another directory"
        ) from None
    except (optuna.exceptions.OptunaError, KeyError) as err:  # load_study of no such study: KeyError
        raise BadInput(f"{path}: not a study this command can read ({cut(str(err), 120)})") from None


def open_study(root: Path, spec: Spec, create: bool):
    """The Optuna study of ROOT (created when `create`), maximising nothing: it minimises the loss."""
    import optuna

    db = root / DB_FILE
    problem = regular_file_problem(db, "study") if db.exists() or db.is_symlink() else None
    if problem:  # SQLite would wait on a FIFO
        raise BadInput(f"{root / DB_FILE}: {problem}")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with study_errors(root):
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


def read_base(root: Path, heroes: list[str], n_rungs: int | None = None) -> tuple[list[Cells], dict]:
    """The base's counts at every rung and its guards, every field checked (BadInput naming
    the file and the JSON path): a damaged base.json raised KeyError and TypeError."""
    path = root / BASE_FILE
    record = read_json_record(path, "rebalance base", BASE_FORMAT, max_bytes=MAX_BASE_BYTES)
    rungs, guards = record.get("rungs"), record.get("guards")
    if not isinstance(rungs, list) or not rungs or (n_rungs is not None and len(rungs) != n_rungs):
        raise BadInput(f"{path}: $.rungs must be a list of the counts at each of the study's {n_rungs} rungs")
    cells = cell_pairs(heroes)
    for r, rung in enumerate(rungs):
        if not isinstance(rung, dict):
            raise BadInput(f"{path}: $.rungs[{r}] must be an object of cells")
        for c in cells:
            problem = CellCounts.record_problem(rung.get(cell_key(c)))
            if problem:
                raise BadInput(f"{path}: $.rungs[{r}].{cell_key(c)}: {problem}")
    if not isinstance(guards, dict) or any(not guard_ok(guards.get(k, 0)) for k in ("first", "turns")):
        raise BadInput(f"{path}: $.guards must hold first and turns, each null or [LOW, HIGH]")
    counts = [{c: CellCounts.from_record(rung[cell_key(c)]) for c in cells} for rung in rungs]
    return counts, guards


def guard_ok(value: object) -> bool:
    """null, or two finite numbers LOW <= HIGH."""
    if value is None:
        return True
    if not isinstance(value, list) or len(value) != 2:
        return False
    if any(isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) for v in value):
        return False
    return value[0] <= value[1]
