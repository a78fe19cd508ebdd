"""A matrix run on disk: a directory with its run record, its manifest and one Parquet file per
finished cell; how it is read (this module) and written (emr_sim.simulate.runs.runwriter).

    RUN_DIR/run.json                          the run record (RUN_FORMAT): what was played, and
                                              under "cells" the manifest: each finished cell
                                              with its number of games and the sha256 of its file
    RUN_DIR/cells/<hero_a>-<hero_b>.parquet   the games of one finished cell (emr_sim.simulate.runs.records)
    RUN_DIR/.emr-sim.lock, .emr-sim.lock.json the writer's lock and who holds it (emr_sim.files.lock)

Readers (`report`, `compare`, load_games) read only the cells the manifest lists, and refuse a
listed cell whose file is missing, changed (sha256), or not that cell's games (emr_sim.simulate.
cellcheck), naming the file and the command that plays it again. A run record without a
manifest (emr-sim 0.1.0 before it had one) is read as it was: every cell file present is
checked by its content, and the next `matrix` run adds the manifest.
"""

from __future__ import annotations

import hashlib
import io
import shlex
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from emr_sim.errors import BadInput, quoted
from emr_sim.files.read import InputFileError, directory_problem, read_input, read_json_record
from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.cellcheck import cell_problem
from emr_sim.simulate.runs.cells import EVERY, cell_pairs
from emr_sim.simulate.runs.recordcheck import MANIFEST, record_problem
from emr_sim.simulate.runs.searchversion import (
    search_version_of,
    search_version_problem,
    spec_version,
    with_search_version,
)
from emr_sim.simulate.tables.format import TABLE_RUN_FORMAT

RUN_FORMAT = "emr-sim run 1"
# A run made with --cards: its cells hold the card sets too (records.CARD_COLUMNS) and its
# record says "cards": true. Runs without them keep format 1, so they resume as before;
# readers take both.
CARD_RUN_FORMAT = "emr-sim run 2"
RUN_FORMATS = (RUN_FORMAT, CARD_RUN_FORMAT)
RUN_FILE = "run.json"
CELLS_DIR = "cells"
# keys of the run record that say what was played: a mismatch in any of them is refused
RECORD_KEYS = (
    "format",
    "version",
    "seed",
    "players",
    "player_specs",  # absent (None) for plain players, as in records made before specs
    "fury",
    "rules",
    "deck",
    "deck_sha256",
    "deck_changes",  # absent without card changes (emr_sim.simulate.whatif.variants)
    "heroes",
    "games_per_cell",
    "until_ci",
    "max_games",
    "assignments",
    "cards",
)


def run_format(cards: bool) -> str:
    """The format of a new run's record: with the card events or without."""
    return CARD_RUN_FORMAT if cards else RUN_FORMAT


def has_card_events(record: dict) -> bool:
    """Whether a checked run record's cells hold the card events (made with --cards)."""
    return record.get("format") == CARD_RUN_FORMAT


def cell_name(hero_a: str, hero_b: str) -> str:
    return f"{hero_a}-{hero_b}"


def cell_path(run_dir: str | Path, hero_a: str, hero_b: str) -> Path:
    return Path(run_dir) / CELLS_DIR / f"{cell_name(hero_a, hero_b)}.parquet"


def run_cells(record: dict) -> list[tuple[str, str]]:
    """Every cell of the run's heroes (emr_sim.simulate.runs.cells.cell_pairs): each pair of
    distinct masters once, or with "assignments": "every" every ordered pair, mirrors too."""
    return cell_pairs(record["heroes"], every=record.get("assignments") == EVERY)


# ---------------------------------------------------------------- the run record


def read_run(run_dir: str | Path) -> dict:
    """The run record of run_dir, checked; BadInput when it is missing, not a run record, or
    a key is missing or wrong (named as 'key ...': emr_sim.simulate.runs.recordcheck)."""
    path = Path(run_dir) / RUN_FILE
    problem = directory_problem(run_dir, "run directory")
    if problem:
        raise BadInput(f"{run_dir}: {problem}")
    if not path.exists() and not path.is_symlink():  # anything else there is named by the reader
        raise BadInput(f"{path}: missing: {run_dir} is not a run directory of `emr-sim matrix`")
    refuse_table_run(path)
    record = read_json_record(path, "run record", RUN_FORMATS)
    problem = (
        cards_problem(record)
        or record_problem(record, lambda rec: {cell_name(a, b) for a, b in run_cells(rec)})
        or search_version_problem(record)
    )
    if problem:
        raise BadInput(f"{path}: {problem}")
    return with_search_version(record)


def recorded_search_version(run_dir: str | Path) -> int | None:
    """The search version of the run already in run_dir (search_version_of), None when there
    is none that can be read (the run's own checks then say why) or it has no search player."""
    if not (Path(run_dir) / RUN_FILE).is_file():
        return None
    try:
        return search_version_of(read_run(run_dir))
    except BadInput:
        return None


def refuse_table_run(path: Path) -> None:
    """BadInput naming the game when path is the record of a table run (any game's, read by
    `report`, not by the commands that read 8MR's matrix runs)."""
    try:
        doc = read_json_record(path, "run record", TABLE_RUN_FORMAT)
    except (InputFileError, BadInput):
        return
    raise BadInput(
        f"{path.parent}: a table run of {quoted(doc.get('game'))} at {doc.get('seats')} seats; this "
        "command reads runs of 8 Masters' Revenge (`emr-sim report` reads table runs)"
    )


def cards_problem(record: dict) -> str | None:
    """Format 2 and "cards": true go together (a run made with --cards), format 1 without it."""
    cards = record.get("cards")
    if record["format"] == CARD_RUN_FORMAT and cards is not True:
        return f"key 'cards' must be true in a run record of format {CARD_RUN_FORMAT!r}, not {quoted(cards)}"
    if record["format"] == RUN_FORMAT and cards is not None:
        return (
            f"key 'cards' belongs to format {CARD_RUN_FORMAT!r} (a run made with --cards), not {RUN_FORMAT!r}"
        )
    return None


def manifest_of(record: dict) -> dict[str, dict] | None:
    """The manifest of a checked record; None for a record of the format before it."""
    return record.get(MANIFEST)


def mismatches(old: dict, new: dict) -> list[str]:
    """The run-record keys whose values differ, with both values (cut to a readable length);
    player specs that differ under the same players' texts as what changed (a book's contents,
    say), not as the records in full."""
    out = []
    for key in RECORD_KEYS:
        if old.get(key) == new.get(key):
            continue
        if key == "player_specs":
            if old.get("players") == new.get("players"):
                out.extend(spec_changes(old.get(key), new.get(key)))
            continue  # other players: said by "players"
        out.append(f"{key} {quoted(old.get(key))} on disk, {quoted(new.get(key))} now")
    return out


def spec_changes(old: object, new: object) -> list[str]:
    """What changed in the player specs of the same players' texts, side by side, in words."""
    olds, news = (v if isinstance(v, list) else [] for v in (old, new))
    if len(olds) != 2 or len(news) != 2:
        return ["player_specs differ (the players' parameters or books)"]
    out = []
    for side, before, after in zip("AB", olds, news, strict=True):
        if before == after:
            continue
        book_a = before.get("book") if isinstance(before, dict) else None
        book_b = after.get("book") if isinstance(after, dict) else None
        if (
            isinstance(book_a, dict)
            and isinstance(book_b, dict)
            and book_a.get("sha256") != book_b.get("sha256")
        ):
            out.append(
                f"side {side}'s book {quoted(book_b.get('path'))} changed since the run (sha256 "
                f"{str(book_a.get('sha256'))[:12]}… in the run, {str(book_b.get('sha256'))[:12]}… now)"
            )
        elif spec_version(before) != spec_version(after):
            out.append(
                f"side {side}'s search version {quoted(spec_version(before))} on disk, "
                f"{quoted(spec_version(after))} now (the same text, another search)"
            )
        else:
            out.append(f"side {side}'s player parameters differ")
    return out


def repair_command(run_dir: str | Path, record: dict, players: list[str] | None = None) -> str:
    """The `emr-sim matrix` command that resumes the run (plays the missing cells again); into
    another directory, with `players` the texts that play the record's players in today's
    search version (a run's own directory reads them in the run's version)."""
    from emr_sim.games.emr.options import default_options, describe_options

    words = ["emr-sim", "matrix", "-o", str(run_dir), "--heroes", ",".join(record["heroes"])]
    words += ["-n", str(record["games_per_cell"])]
    if record.get("assignments") == "every":
        words.append("--every-assignment")
    if has_card_events(record):
        words.append("--cards")
    if record.get("seed") is not None:
        words += ["--seed", str(record["seed"])]
    texts = players if players is not None else record.get("players")
    if texts not in (None, ["greedy", "greedy"]):
        words += ["--players", ",".join(map(str, texts))]
    if record.get("fury") is False:
        words.append("--no-fury")
    if record.get("deck") not in (None, "default"):
        words += ["--deck", str(record["deck"])]
    if record.get("deck_changes"):
        words += ["--variant", " ".join(map(str, record["deck_changes"]))]
    if record.get("until_ci") is not None:
        words += ["--until-ci", str(record["until_ci"]), "--max-games", str(record.get("max_games"))]
    defaults = describe_options(default_options())
    rules = record.get("rules")
    for name, value in (rules if isinstance(rules, dict) else {}).items():
        if name != "fury" and str(defaults.get(name)) != str(value):
            words += ["--rule", f"{name}={value}"]
    return shlex.join(words)


# ---------------------------------------------------------------- cells


@dataclass
class CellRead:
    """A cell file as read: its games (None when unusable), its manifest entry, the problem."""

    games: pd.DataFrame | None
    entry: dict | None
    problem: str | None


def parse_cell(data: bytes) -> tuple[pd.DataFrame | None, str | None]:
    import pyarrow

    try:
        return pd.read_parquet(io.BytesIO(data)), None
    except (OSError, ValueError, pyarrow.ArrowException) as err:
        return None, f"not a readable cell file: {err}"


def digest_problem(digest: str, manifest: dict[str, dict]) -> str:
    copies = [name for name, other in manifest.items() if other.get("sha256") == digest]
    if copies:
        return f"a copy of {CELLS_DIR}/{copies[0]}.parquet (its sha256 is that cell's in {RUN_FILE})"
    return f"its sha256 is not the one {RUN_FILE} lists: the file was changed since it was written"


CELL_OVERHEAD = 1 << 20  # bytes of a cell file besides its games (Parquet's metadata)


def cell_cap(record: dict, entry: dict | None) -> int:
    """The most bytes a cell file of the run can hold: its games (those the manifest lists,
    else the most a cell plays) at the bytes a game takes in memory, which its Parquet file
    never exceeds, and the file's metadata."""
    from emr_sim.simulate.runs.sizes import HELD_BYTES_PER_GAME

    most = entry["rows"] if entry is not None else max(record["games_per_cell"], record.get("max_games") or 0)
    return most * HELD_BYTES_PER_GAME + CELL_OVERHEAD


def read_cell(run_dir: str | Path, record: dict, hero_a: str, hero_b: str) -> CellRead:
    """Cell (hero_a, hero_b) checked against the manifest (sha256, rows) when it lists the cell,
    and by its content (emr_sim.simulate.runs.cellcheck) always."""
    path = cell_path(run_dir, hero_a, hero_b)
    manifest = manifest_of(record) or {}
    entry = manifest.get(cell_name(hero_a, hero_b))
    if not path.exists():
        return CellRead(None, None, f"missing ({RUN_FILE} lists it as finished)")
    try:  # a regular file of at most the bytes its games can take (emr_sim.files.read)
        data = read_input(path, "cell", cell_cap(record, entry))
    except InputFileError as err:
        return CellRead(None, None, err.problem)
    digest = hashlib.sha256(data).hexdigest()
    games, problem = parse_cell(data)
    if games is None:
        return CellRead(None, None, problem)
    found = {"rows": len(games), "sha256": digest}
    if entry is not None and digest != entry["sha256"]:
        return CellRead(games, found, digest_problem(digest, manifest))
    problem = cell_problem(games, hero_a, hero_b, record)
    if problem is None and entry is not None and len(games) != entry["rows"]:
        problem = f"{len(games)} games, {RUN_FILE} lists {entry['rows']}"
    return CellRead(games, found, problem)


def finished_cells(run_dir: str | Path) -> list[tuple[str, str]]:
    """The cells the manifest lists (without a manifest: those with a file), in the order of
    the run's heroes."""
    record = read_run(run_dir)
    manifest = manifest_of(record)
    cells = run_cells(record)
    if manifest is None:
        return [c for c in cells if cell_path(run_dir, *c).exists()]
    return [c for c in cells if cell_name(*c) in manifest]


def load_cell(run_dir: str | Path, hero_a: str, hero_b: str, record: dict | None = None) -> pd.DataFrame:
    """The games of a finished cell; BadInput naming the file and the command that repairs it."""
    record = record if record is not None else read_run(run_dir)
    cell = read_cell(run_dir, record, hero_a, hero_b)
    if cell.problem is not None or cell.games is None:
        raise BadInput(
            f"{cell_path(run_dir, hero_a, hero_b)}: {cell.problem}; "
            f"run `{repair_command(run_dir, record)}` to play it again"
        )
    return cell.games


@dataclass(frozen=True)
class LoadedRun:
    """A run directory read once: where it is, its record, the games of its finished cells.
    A command reads each run it is given once and passes this on."""

    path: Path
    record: dict
    games: pd.DataFrame  # emr_sim.simulate.runs.records schema, every finished cell

    @property
    def expected_cells(self) -> list[tuple[str, str]]:
        """Every cell the run's heroes call for (run_cells)."""
        return run_cells(self.record)

    @property
    def heroes(self) -> list[str]:
        """The masters with at least one finished cell, in HERO_NAMES order."""
        present = set(self.games["hero_a"].astype(str)) | set(self.games["hero_b"].astype(str))
        return [h for h in C.HERO_NAMES if h in present]


def load_run(run_dir: str | Path) -> LoadedRun:
    """Read a run directory once: its record checked, every finished cell checked and loaded;
    BadInput when it is missing, not a run, damaged, or has no finished cell."""
    record = read_run(run_dir)
    cells = finished_cells(run_dir)
    if not cells:
        raise BadInput(f"{run_dir}: no finished cell yet")
    games = pd.concat([load_cell(run_dir, a, b, record) for a, b in cells], ignore_index=True)
    if games.empty:
        raise BadInput(f"{run_dir}: the finished cells hold no game")
    return LoadedRun(Path(run_dir), record, games)


def load_games(run_dir: str | Path) -> pd.DataFrame:
    """Every game of every finished cell, one frame (emr_sim.simulate.runs.records schema)."""
    return load_run(run_dir).games
