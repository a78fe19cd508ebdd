"""A scan directory on disk: the scan record, the base run and each variant's run.

    SCAN_DIR/scan.json               the scan record (SCAN_FORMAT): the base run's set-up, the
                                     variants (emr_sim.studies.scan.plan), the precision target
                                     or fixed games, and once the pilot is done the games per
                                     cell of each run and the pilot's standard errors
    SCAN_DIR/base/                   the base run: a matrix run directory
    SCAN_DIR/variants/<slug>/        each variant's run (slug: emr_sim.simulate.variants.variant_slug)
    SCAN_DIR/.emr-sim.lock           the lock while a scan plays (emr_sim.files.lock)

Every run is a normal matrix run directory: `emr-sim matrix` resumes it, `emr-sim compare`
pairs it with the base, `emr-sim report` reports it.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from emr_sim.errors import BadInput, cut, quoted
from emr_sim.files import write as files
from emr_sim.files.holds import DirKind, check_holds
from emr_sim.files.read import directory_problem, read_json_record
from emr_sim.simulate.rundir import RUN_FILE
from emr_sim.simulate.variants import parse_variant, variant_slug

SCAN_FORMAT = "emr-sim scan 1"
SCAN_FILE = "scan.json"
BASE_DIR = "base"
VARIANTS_DIR = "variants"
# the keys that say what a scan plays: a scan directory holding other values is refused
IDENTITY = (
    "format",
    "base",
    "heroes",
    "assignments",
    "precision",
    "games",
    "pilot_pairs",
    "max_games",
    "variants",
)
# the keys of a run record that make its deals and players (copied into the scan record)
SETUP_KEYS = ("seed", "players", "player_specs", "fury", "rules", "deck", "deck_sha256", "deck_changes")


def base_dir(root: Path) -> Path:
    return root / BASE_DIR


def variant_dir(root: Path, text: str) -> Path:
    return root / VARIANTS_DIR / variant_slug(parse_variant(text))


def read_scan(root: str | Path) -> dict:
    """The scan record of ROOT; BadInput when it is missing or not a scan record."""
    path = Path(root) / SCAN_FILE
    problem = directory_problem(root, "scan directory")
    if problem:
        raise BadInput(f"{root}: {problem}")
    if not path.exists():
        raise BadInput(f"{path}: missing: {root} is not a scan directory of `emr-sim sensitivity`")
    record = read_json_record(path, "scan record", SCAN_FORMAT)
    problem = scan_problem(record)
    if problem:
        raise BadInput(f"{path}: {problem}")
    return record


def scan_problem(record: dict) -> str | None:
    """What is wrong with a scan record read from a file, by JSON path (None: nothing): every
    key the commands read, checked before any is used (a damaged `sizes` or `skipped` raised
    TypeError in `sensitivity` and `report`)."""
    from emr_sim.games.emr.codes import HERO_NAMES
    from emr_sim.simulate.sizes import MAX_GAMES

    if not isinstance(record.get("base"), dict) or not isinstance(record.get("base_run"), str):
        return "$.base must be an object and $.base_run a path"
    heroes = record.get("heroes")
    if not isinstance(heroes, list) or len(heroes) < 2 or len(set(map(str, heroes))) != len(heroes):
        return f"$.heroes must be a list of 2 or more masters, not {quoted(heroes)}"
    if any(h not in HERO_NAMES for h in heroes):
        return f"$.heroes names no master: {quoted(heroes)}"
    if record.get("assignments") not in (None, "every"):
        return f"$.assignments must be null or 'every', not {quoted(record.get('assignments'))}"
    precision = record.get("precision")
    if precision is not None and not (is_number(precision) and 0 < precision < 50):
        return f"$.precision must be null or points between 0 and 50, not {quoted(precision)}"
    for key in ("games", "pilot_pairs", "max_games"):
        value = record.get(key)
        if value is not None and not (type(value) is int and 0 < value <= MAX_GAMES):
            return f"$.{key} must be null or a count of games, not {quoted(value)}"
    variants = record.get("variants")
    if not isinstance(variants, list):
        return "$.variants must be a list"
    for k, entry in enumerate(variants):
        words = ("variant", "kind", "factor", "step", "label")
        if not isinstance(entry, dict) or any(not isinstance(entry.get(w), str) for w in words):
            return f"$.variants[{k}] must be an object of {', '.join(words)} (text)"
        try:
            parse_variant(entry["variant"])
        except ValueError as err:
            return f"$.variants[{k}].variant: {err}"
    skipped = record.get("skipped", [])
    if not isinstance(skipped, list) or any(
        not isinstance(s, list) or len(s) != 2 or not all(isinstance(w, str) for w in s) for s in skipped
    ):
        return "$.skipped must be a list of [what, why] pairs of text"
    return sizes_problem(record, [entry["variant"] for entry in variants])


def sizes_problem(record: dict, texts: list[str]) -> str | None:
    """The sizes, pilot and seconds a scan record holds once its pilot is done."""
    from emr_sim.simulate.sizes import MAX_GAMES

    if "sizes" in record:
        sizes = record["sizes"]
        if not isinstance(sizes, dict):
            return "$.sizes must be an object of games a cell"
        stray = [name for name in sizes if name not in ("base", *texts)]
        if stray:
            return f"$.sizes.{cut(str(stray[0]), 60)} is neither the base nor a variant of this scan"
        for name in ("base", *texts):
            value = sizes.get(name)
            if type(value) is not int or value < 2 or value % 2 or value > MAX_GAMES:
                return f"$.sizes.{cut(name, 60)} must be an even count of games, not {quoted(value)}"
    pilot = record.get("pilot", {})
    if not isinstance(pilot, dict) or any(
        not isinstance(v, dict) or not all(is_number(x) and x >= 0 for x in v.values())
        for v in pilot.values()
    ):
        return "$.pilot must be an object of each variant's standard errors per master"
    seconds = record.get("seconds", {})
    if not isinstance(seconds, dict) or not all(is_number(v) and v >= 0 for v in seconds.values()):
        return "$.seconds must be an object of seconds per run"
    if "pilot_seconds" in record and not is_number(record["pilot_seconds"]):
        return "$.pilot_seconds must be a number"
    return None


def is_number(value: object) -> bool:
    """An int or float (not a bool), finite."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def scan_differences(old: dict, new: dict) -> list[str]:
    return [f"{k} {old.get(k)!r} on disk, {new.get(k)!r} now" for k in IDENTITY if old.get(k) != new.get(k)]


def check_root(root: Path, record: dict) -> dict | None:
    """The scan record on disk when ROOT holds this scan (to resume), None for a new scan (an
    empty directory, or emr-sim's own start of a scan that played nothing: taken over);
    BadInput, before anything is written, when ROOT cannot hold it."""
    return check_holds(root, SCAN_DIR, record)


def unfinished_start(root: Path, old: dict) -> bool:
    """Whether ROOT is emr-sim's own start of a scan that has nothing to keep: a scan record
    without a pilot's measurements, and no run begun under base/ or variants/ (a start
    refused or killed before its first run; a later scan command may take it over)."""
    if "pilot" in old:
        return False
    return not any(
        (root / sub).exists() and any(p.name == RUN_FILE for p in (root / sub).rglob("*"))
        for sub in (BASE_DIR, VARIANTS_DIR)
    )


SCAN_DIR = DirKind(
    noun="scan",
    record_file=SCAN_FILE,
    called="a scan directory",
    read=lambda path: read_scan(path.parent),
    differences=scan_differences,
    empty_dirs=(BASE_DIR, VARIANTS_DIR),
    taken_over=unfinished_start,  # nothing played and no pilot to keep: this start takes it over
)


def write_scan(root: Path, record: dict) -> None:
    files.write_text(root / SCAN_FILE, json.dumps(record, indent=1) + "\n")
