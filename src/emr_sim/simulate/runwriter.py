"""Writing a run directory (layout in emr_sim.simulate.rundir): one writer at a time, a start
that is refused writes nothing, every cell recorded in the manifest once its file is whole.

open_run checks the directory without writing (not a directory, another run's record, someone
else's files), then creates it and takes its lock (emr_sim.files.lock.claim_dir), removes the
temporary files a killed writer left, writes or re-reads run.json and checks that cells/ can
be written, all before a game is played. A cell is written to its file (atomically, sha256
taken), then listed in run.json (atomically); a writer killed between the two leaves a whole
file that is not listed, which the next run checks by its content and lists.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim.errors import WriteError
from emr_sim.files.holds import RESUME_WORDS, DirKind, check_holds
from emr_sim.files.lock import claim_dir
from emr_sim.files.read import file_sha256
from emr_sim.files.write import check_writable, reason, stray_temps, write_atomically, write_text
from emr_sim.simulate.rundir import (
    CELLS_DIR,
    MANIFEST,
    RUN_FILE,
    cell_name,
    cell_path,
    manifest_of,
    mismatches,
    read_cell,
    read_run,
)

NOTHING_PLAYED = "nothing was played"


RUN_DIR = DirKind(
    noun="run",
    record_file=RUN_FILE,
    called="a run directory",
    read=lambda path: read_run(path.parent),
    differences=mismatches,
    empty_dirs=(CELLS_DIR,),
    resume_words=RESUME_WORDS,
    note=NOTHING_PLAYED,
)


def check_target(root: Path, record: dict) -> None:
    """BadInput, before anything is written, for a path that cannot become this run
    (WriteError for a file in the way)."""
    check_holds(root, RUN_DIR, record)


@dataclass
class RunWriter:
    """An open, locked run directory: its record on disk and manifest, kept in step."""

    root: Path
    record: dict  # as on disk, without the manifest
    manifest: dict[str, dict] = field(default_factory=dict)

    def save(self) -> None:
        """run.json with the manifest, in cell order."""
        from emr_sim.simulate.rundir import run_cells

        order = [cell_name(a, b) for a, b in run_cells(self.record)]
        cells = {name: self.manifest[name] for name in order if name in self.manifest}
        write_text(self.root / RUN_FILE, json.dumps(self.record | {MANIFEST: cells}, indent=1) + "\n")

    def kept(self) -> str:
        return f"{len(self.manifest)} finished cells are kept in {self.root}"

    def plan(self, cells: list[tuple[str, str]], note: Callable[[str], None]) -> list[tuple[str, str]]:
        """The cells to play: those without a good file. A listed cell whose file is missing or
        wrong, or an unlisted file that is not the cell's games, is named (note) and played
        again; an unlisted good file (a run of the format before the manifest, or killed
        before its manifest entry) is listed."""
        todo, changed = [], False
        for a, b in cells:
            path, name = cell_path(self.root, a, b), cell_name(a, b)
            if path.is_dir():
                raise WriteError(path, "a directory is in the way", f"move it away; {self.kept()}")
            if name not in self.manifest and not path.exists():
                todo.append((a, b))
                continue
            cell = read_cell(self.root, self.record | {MANIFEST: self.manifest}, a, b)
            if cell.problem is None and cell.entry is not None:
                changed |= self.manifest.get(name) != cell.entry
                self.manifest[name] = cell.entry
                continue
            changed |= self.manifest.pop(name, None) is not None
            note(f"{path}: {cell.problem}; playing it again")
            todo.append((a, b))
        if changed:
            self.save()
        return todo

    def write_cell(self, hero_a: str, hero_b: str, games: pd.DataFrame) -> Path:
        """The cell's file, then its manifest entry; WriteError saying what is kept."""
        path, digest = cell_path(self.root, hero_a, hero_b), {}

        def write(tmp: Path) -> None:
            games.to_parquet(tmp, index=False)
            digest["sha256"] = file_sha256(tmp)

        try:
            write_atomically(path, write)
        except WriteError as err:
            raise err.noting(
                f"the games of {hero_a} vs {hero_b} were not saved (the next run plays them again, "
                f"the same); {self.kept()}: make room or fix the cause, then run the same command"
            ) from None
        self.manifest[cell_name(hero_a, hero_b)] = {"rows": len(games), "sha256": digest["sha256"]}
        try:
            self.save()
        except WriteError as err:
            raise err.noting(
                f"the games of {hero_a} vs {hero_b} are in {path}, which the next run checks and "
                "keeps: make room or fix the cause, then run the same command"
            ) from None
        return path


def start(root: Path, record: dict) -> RunWriter:
    """Under the lock (checked again there: emr_sim.files.lock.claim_dir): temporary files
    removed, run.json written or re-read, cells/ writable."""
    for stray in stray_temps(root) + stray_temps(root / CELLS_DIR):
        stray.unlink(missing_ok=True)
    if (root / RUN_FILE).exists():
        on_disk = read_run(root)
        manifest = manifest_of(on_disk)
        writer = RunWriter(root, {k: v for k, v in on_disk.items() if k != MANIFEST}, dict(manifest or {}))
        if manifest is None:
            writer.save()  # the format before the manifest: listed from now on
    else:
        writer = RunWriter(root, dict(record))
        writer.save()
    cells = root / CELLS_DIR
    try:
        cells.mkdir(exist_ok=True)
    except OSError as err:
        raise WriteError(cells, reason(err), NOTHING_PLAYED) from None
    try:
        check_writable(cells)
    except WriteError as err:
        raise err.noting(f"no cell was played; {writer.kept()}") from None
    return writer


@contextmanager
def open_run(run_dir: str | Path, record: dict) -> Iterator[RunWriter]:
    """Create run_dir with its record, or resume it when the record on disk is the same; the
    directory is locked while the block runs (emr_sim.files.lock.claim_dir). A start that is
    refused leaves nothing behind (a directory it created is removed again)."""
    with claim_dir(
        run_dir, lambda root: check_target(root, record), lambda root: start(root, record), NOTHING_PLAYED
    ) as writer:
        yield writer
