"""A table run on disk: any game, any table size.

    RUN_DIR/run.json                         the run record (TABLE_RUN_FORMAT): the game, the
                                             seats, the lineup (its specs' texts, and each in
                                             full: player_specs), rules, data, seed, the cells
                                             and deals per cell, and under "manifest" every
                                             finished part with its rows and sha256
    RUN_DIR/cells/<cell>/part-NNNNN.parquet  the games of one part of a cell (frames.py)
    RUN_DIR/.emr-sim.lock ...                the writer's lock (emr_sim.files.lock)

A cell is one seating of entities (named by them, `deck1-deck2-deck3`), or for a game whose
entities are dealt by chance (or that has none) the one cell `seats-N`. Parts are written
whole (atomically), then listed; a run killed at any point resumes with the same command and
ends with the same files as one never stopped, whatever the threads or workers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim.errors import BadInput, WriteError
from emr_sim.files.holds import RESUME_WORDS, DirKind, check_holds
from emr_sim.files.lock import claim_dir
from emr_sim.files.read import directory_problem, file_sha256, read_json_record
from emr_sim.files.write import reason, stray_temps, write_atomically, write_text
from emr_sim.simulate.tables.format import TABLE_RUN_FORMAT
from emr_sim.simulate.tables.frames import rows_frame
from emr_sim.simulate.tables.play import PART_DEALS, parts, play_parts
from emr_sim.simulate.tables.settings import TableSettings
from emr_sim.version import __version__

RUN_FILE = "run.json"
CELLS_DIR = "cells"
MANIFEST = "manifest"
NOTHING_PLAYED = "nothing was played"
MAX_DEALS = 10**9  # deals per cell: beyond any run of this machine's lifetime
# run.json lists the finished parts after every SAVE_EVERY of them and at a cell's end: a run
# killed in between plays the unlisted parts again (the same rows: the same files)
SAVE_EVERY = 16


def cell_name(cell: tuple[str, ...] | list[str], n_seats: int) -> str:
    return "-".join(cell) if cell else f"seats-{n_seats}"


def part_name(cell: str, first: int) -> str:
    return f"{cell}/part-{first // PART_DEALS:05d}.parquet"


def table_record(settings: TableSettings, cells: list[tuple[str, ...]], deals: int) -> dict:
    """What a table run plays: every key a resumed run must match."""
    made = settings.made
    return {
        "format": TABLE_RUN_FORMAT,
        "version": __version__,
        "game": made.game.name,
        "seats": made.n_seats,
        "seed": settings.seed,
        "players": settings.lineup.record(),
        "player_specs": settings.lineup.specs_record(),
        "rules": made.rules,
        "data": made.data_name,
        "data_sha256": made.data_sha256,
        "cells": [list(c) for c in cells],
        "deals_per_cell": deals,
        "part_deals": PART_DEALS,
    }


def is_table_run(run_dir: str | Path) -> bool:
    """Whether run_dir holds a table run's record (read no further: read_table_run checks it)."""
    path = Path(run_dir) / RUN_FILE
    try:
        return path.is_file() and TABLE_RUN_FORMAT.encode() in path.read_bytes()[:200]
    except OSError:
        return False


def read_table_run(run_dir: str | Path) -> dict:
    """The checked record of a table run; BadInput when run_dir is none."""
    path = Path(run_dir) / RUN_FILE
    problem = directory_problem(run_dir, "run directory")  # a FIFO or a device named by its kind
    if problem:
        raise BadInput(f"{run_dir}: {problem}")
    if not path.exists():
        raise BadInput(f"{path}: missing: {run_dir} is not a run directory")
    record = read_json_record(path, "table run record", TABLE_RUN_FORMAT)
    problem = record_problem(record)
    if problem:
        raise BadInput(f"{path}: {problem}")
    return record | {MANIFEST: record.get(MANIFEST, {})}  # a record saved before its first part


def is_cell(cell: object) -> bool:
    return isinstance(cell, list) and all(isinstance(name, str) for name in cell)


def is_entry(entry: object) -> bool:
    """A manifest's entry of a part: its rows and sha256 (a damaged one raised AttributeError)."""
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("rows"), int)
        and isinstance(entry.get("sha256"), str)
    )


def record_problem(record: dict) -> str | None:
    """What makes a table run record unusable, in words (None: nothing)."""
    checks = (
        ("game", lambda v: isinstance(v, str)),
        ("seats", lambda v: isinstance(v, int) and 1 <= v <= 8),
        ("seed", lambda v: isinstance(v, int)),
        ("players", lambda v: isinstance(v, list) and all(isinstance(p, str) for p in v)),
        ("rules", lambda v: isinstance(v, dict)),
        ("cells", lambda v: isinstance(v, list) and all(is_cell(c) for c in v)),
        ("deals_per_cell", lambda v: isinstance(v, int) and 1 <= v <= MAX_DEALS),
        ("part_deals", lambda v: v == PART_DEALS),
        (MANIFEST, lambda v: isinstance(v, dict) and all(is_entry(e) for e in v.values())),
    )
    for key, good in checks:
        if key in record and not good(record[key]) or key not in record and key != MANIFEST:
            return f"key {key!r} is missing or wrong"
    if len(record["players"]) != record["seats"]:
        return f"key 'players' names {len(record['players'])} players for {record['seats']} seats"
    return None


def mismatches(old: dict, new: dict) -> list[str]:
    return [
        f"{k}: {old.get(k)!r} here, {new.get(k)!r} asked"
        for k in new
        if k != "version" and old.get(k) != new[k]
    ]


TABLE_RUN_DIR = DirKind(
    noun="run",
    record_file=RUN_FILE,
    called="a run directory",
    read=lambda path: read_table_run(path.parent),
    differences=mismatches,
    empty_dirs=(CELLS_DIR,),
    resume_words=RESUME_WORDS,
    note=NOTHING_PLAYED,
)


def check_target(root: Path, record: dict) -> None:
    """BadInput (WriteError for a file in the way), before anything is written, for a path that
    cannot become this table run."""
    check_holds(root, TABLE_RUN_DIR, record)


@dataclass
class TableWriter:
    root: Path
    record: dict
    manifest: dict[str, dict] = field(default_factory=dict)

    def save(self) -> None:
        write_text(self.root / RUN_FILE, json.dumps(self.record | {MANIFEST: self.manifest}, indent=1) + "\n")

    def done(self, name: str) -> bool:
        """Whether a part is listed and its file is whole (else it is played again)."""
        entry, path = self.manifest.get(name), self.root / CELLS_DIR / name
        return entry is not None and path.is_file() and file_sha256(path) == entry.get("sha256")

    def write_part(self, name: str, games: pd.DataFrame) -> None:
        path, digest = self.root / CELLS_DIR / name, {}

        def write(tmp: Path) -> None:
            games.to_parquet(tmp, index=False)
            digest["sha256"] = file_sha256(tmp)

        kept = f"{len(self.manifest)} finished parts are kept in {self.root}; run the same command to resume"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, write)
        except OSError as err:
            raise WriteError(path, reason(err), kept) from None
        except WriteError as err:
            raise err.noting(kept) from None
        self.manifest[name] = {"rows": len(games), "sha256": digest["sha256"]}
        if len(self.manifest) % SAVE_EVERY == 0:
            self.save()


def remove_strays(root: Path) -> None:
    """The temporary files a killed run left: in the run directory and in its cells' folders."""
    cells = root / CELLS_DIR
    folders = [root, *(sorted(p for p in cells.iterdir() if p.is_dir()) if cells.is_dir() else [])]
    for folder in folders:
        for stray in stray_temps(folder):
            stray.unlink(missing_ok=True)


def start(root: Path, record: dict) -> TableWriter:
    remove_strays(root)
    if (root / RUN_FILE).exists():
        on_disk = read_table_run(root)
        writer = TableWriter(
            root, {k: v for k, v in on_disk.items() if k != MANIFEST}, dict(on_disk[MANIFEST])
        )
    else:
        writer = TableWriter(root, dict(record))
        writer.save()
    try:
        (root / CELLS_DIR).mkdir(exist_ok=True)
    except OSError as err:
        raise WriteError(root / CELLS_DIR, reason(err), NOTHING_PLAYED) from None
    return writer


@contextmanager
def open_table_run(run_dir: str | Path, record: dict) -> Iterator[TableWriter]:
    """Create run_dir with its record, or resume it when the record on disk is the same; locked
    while the block runs; a refused start leaves nothing behind."""
    with claim_dir(
        run_dir, lambda root: check_target(root, record), lambda root: start(root, record), NOTHING_PLAYED
    ) as writer:
        yield writer


def run_table(
    run_dir: str | Path,
    settings: TableSettings,
    cells: list[tuple[str, ...]],
    deals: int,
    progress: Callable[[int], None] | None = None,
    on_start: Callable[[], None] | None = None,
) -> dict:
    """Play every part of every cell that is not finished yet into run_dir; the record.
    on_start is called once every check has passed and the directory is taken, before the
    first game (a command says there what it will play)."""
    if not 1 <= deals <= MAX_DEALS:
        raise BadInput(f"-n: {deals:,} deals per cell; between 1 and {MAX_DEALS:,}")
    record = table_record(settings, cells, deals)
    with open_table_run(run_dir, record) as writer:
        if on_start is not None:
            on_start()
        for cell in cells:
            name = cell_name(cell, settings.n_seats)
            todo = [p for p in parts(deals) if not writer.done(part_name(name, p[0]))]
            if progress is not None:  # the finished parts, at once
                progress((deals - sum(count for _, count in todo)) * settings.n_seats)
            played = play_parts(settings, settings.entity_codes(cell), todo)
            for (first, count), rows in zip(todo, played, strict=True):
                games = rows_frame(rows, settings.n_seats)
                writer.write_part(part_name(name, first), games)
                if progress is not None:
                    progress(count * settings.n_seats)
            writer.save()
        return writer.record | {MANIFEST: writer.manifest}


def unfinished(record: dict) -> str | None:
    """How much of a checked table run is not played yet, in words (None: every part is)."""
    names = [
        part_name(cell_name(cell, record["seats"]), first)
        for cell in record["cells"]
        for first, _ in parts(record["deals_per_cell"])
    ]
    done = sum(name in record[MANIFEST] for name in names)
    if done == len(names):
        return None
    return f"{done:,} of {len(names):,} parts played ({len(names) - done:,} left out here)"


def load_table_games(run_dir: str | Path) -> tuple[dict, pd.DataFrame]:
    """The record and every finished game of a table run (a column `cell` names its cell)."""
    record = read_table_run(run_dir)
    frames = []
    for cell in record["cells"]:
        name = cell_name(cell, record["seats"])
        for first, _ in parts(record["deals_per_cell"]):
            part = part_name(name, first)
            entry = record[MANIFEST].get(part)
            if entry is None:
                continue
            path = Path(run_dir) / CELLS_DIR / part
            if not path.is_file() or file_sha256(path) != entry.get("sha256"):
                raise BadInput(
                    f"{path}: missing or changed; run the command that made {run_dir} again to replay it"
                )
            frame = pd.read_parquet(path)
            frame.insert(0, "cell", name)
            frames.append(frame)
    if not frames:
        raise BadInput(f"{run_dir}: no finished games yet; run the command that made it to play them")
    return record, pd.concat(frames, ignore_index=True)
