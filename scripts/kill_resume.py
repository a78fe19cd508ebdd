"""Kill a rebalance and a sensitivity scan with SIGKILL at many points, resume each with the same
command, and check that the results are those of a run never killed (#36).

    PYTHONPATH=src python scripts/kill_resume.py --points 10 --summary kills.json [--work DIR]

Once, a small matrix run is played (the scan's base), and each command runs to its end in a
directory of its own: the reference, whose files are watched as they appear. Then, for each
point, the command starts in a fresh directory and is killed (SIGKILL, by its pid) at that
point: the first point is just after its first file appears in the directory; the others
in turn at moments evenly spread over the reference's span from its first file to its end,
and halfway between two of the reference's files evenly spread over its list of files (its
record, the base, the study database, a cell of a run, the verification, the outputs ...);
each is taken as "so many seconds after file F appeared", so that it falls in the same phase
of the work whatever the machine's load. The same command then
runs again to its end (exit 0), and its results are compared with the reference (a run that
ended before its kill, faster than the reference, is started again with half the delay):

    rebalance     result.json and rebalance.json (without what measures the effort rather
                  than the result: their seconds, the count of trials a kill interrupted,
                  which were played again, and the count of games the search played, which
                  counts the games a killed process had played and its resumption plays
                  again), every proposal's files, the summary on stdout (the directory's
                  name replaced)
    sensitivity   scan.json (without its seconds), every run's games, cell by cell, and the
                  effects on stdout (the line of games played and seconds left out)

The summary (per command: the reference's seconds, each point's moment, what the directory
held when it was killed, whether the resumed results are identical) is printed as JSON and
written to --summary; the exit code is 1 when a resumed result differs or a resume failed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

POLL = 0.005  # seconds between looks at the directory
RETRIES = 4  # a point whose run ended before the kill is tried again with half the delay
HEROES = "crow,wind,bushido"
BASE = ["matrix", "--heroes", HEROES, "-n", "60", "--quiet", "--workers", "1"]
COMMANDS = {
    "rebalance": [
        "rebalance", "--heroes", HEROES, "--players", "greedy", "--knob", "health.*=7..9", "--knob",
        "trap_once", "--trials", "24", "--rungs", "100,400", "--verify", "greedy=100", "--verify-top", "2",
        "--quiet", "--workers", "1",
    ],
    "sensitivity": [
        "sensitivity", "{base}", "--cards", "red-3-4,dragons", "--rules", "trap_once", "--precision", "3",
        "--pilot-pairs", "40", "--max-games", "600", "--quiet", "--workers", "1",
    ],
}  # fmt: skip
TIMING_KEYS = ("seconds", "seconds_playing", "pilot_seconds")
INTERRUPTED = re.compile(r", \d+ interrupted and played again")  # the summary's count of them


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "emr_sim.cli", *args]


def entries(root: Path) -> list[str]:
    """The files under root (relative paths), sorted."""
    found = []
    for folder, _dirs, files in os.walk(root):  # a folder removed meanwhile is skipped, not an error
        found += [str(Path(folder, name).relative_to(root)) for name in files]
    return sorted(found)


def watched(args: list[str], root: Path) -> tuple[float, float, list[tuple[float, str]], bytes]:
    """Run to the end, noting when each file first appears: (seconds to the first file, seconds
    in all, [(seconds, file)], its stdout)."""
    start = time.perf_counter()
    seen: dict[str, float] = {}
    with subprocess.Popen(cli(*args, "-o", str(root)), stdout=subprocess.PIPE, stderr=subprocess.PIPE) as p:
        while p.poll() is None:
            for name in entries(root):
                seen.setdefault(name, time.perf_counter() - start)
            time.sleep(POLL)
        out, err = p.communicate()
    if p.returncode != 0:
        raise SystemExit(f"the reference {' '.join(args)} failed: {err.decode()}")
    total = time.perf_counter() - start
    events = sorted((t, name) for name, t in seen.items())
    first = events[0][0] if events else 0.0
    return first, total, events, out


def kill_at(args: list[str], root: Path, file: str | None, delay: float) -> dict:
    """Start the command and SIGKILL it `delay` seconds after `file` appears in root (None:
    the first file); what the directory held then."""
    start = time.perf_counter()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    with subprocess.Popen(cli(*args, "-o", str(root)), **quiet) as p:
        seen = None
        while p.poll() is None:
            held = entries(root)
            if seen is None and held and (file is None or file in held):
                seen = time.perf_counter()
            if seen is not None and time.perf_counter() - seen >= delay:
                p.kill()  # the process this script started, by its pid
                break
            time.sleep(POLL)
        p.wait()
        finished = p.returncode == 0
    return {
        "at": round(time.perf_counter() - start, 3),
        "after_file": file or "(the first)",
        "delay": round(delay, 3),
        "finished_before_the_kill": finished,
        "held": entries(root),
    }


def kill_points(events: list[tuple[float, str]], total: float, points: int) -> list[tuple[str | None, float]]:
    """(file, seconds after it) of each point: the first file at once, then in turn a moment
    evenly spread over the reference's span (after the last lasting file it had made by then)
    and a moment halfway between two of its lasting files evenly spread over their list, so
    that a long phase (the search, the pilot) and the many short ones (cells, outputs) are all
    hit whatever the load."""
    first = events[0][0] if events else 0.0
    anchors = [(t, f) for t, f in events if lasting(f)]
    out: list[tuple[str | None, float]] = [(None, 0.0)]
    for k in range(1, points):
        if k % 2 and anchors:  # by time
            moment = first + (total - first) * k / points
            before = [(t, f) for t, f in anchors if t <= moment]
            out.append((before[-1][1], moment - before[-1][0]) if before else (None, moment - first))
        elif anchors:  # by file
            i = min(len(anchors) - 1, round(k * (len(anchors) - 1) / points))
            after = anchors[i + 1][0] if i + 1 < len(anchors) else total
            out.append((anchors[i][1], (after - anchors[i][0]) / 2))
        else:
            out.append((None, (total - first) * k / points))
    return out


def lasting(file: str) -> bool:
    """A file every run makes under that name (not a temporary file, a lock or a journal)."""
    name = Path(file).name
    return not name.startswith(".") and not name.endswith(("-journal", "-wal", "-shm"))


def resume(args: list[str], root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cli(*args, "-o", str(root)), capture_output=True, timeout=3600)


def without_timing(doc):
    if isinstance(doc, dict):
        return {k: without_timing(v) for k, v in doc.items() if k not in TIMING_KEYS}
    if isinstance(doc, list):
        return [without_timing(v) for v in doc]
    return doc


def json_of(path: Path):
    return without_timing(json.loads(path.read_text(encoding="utf-8")))


def rebalance_results(root: Path, stdout: bytes) -> dict:
    out = {
        "result": json_of(root / "result.json"),
        "record": json_of(root / "rebalance.json"),
        "stdout": INTERRUPTED.sub("", stdout.decode().replace(str(root), "STUDY")),
    }
    for folder in sorted(root.glob("proposal-*")):
        for file in sorted(folder.iterdir()):
            out[f"{folder.name}/{file.name}"] = file.read_text(encoding="utf-8")
    result = out["result"]
    if isinstance(result, dict):  # its run directories are named by the study's path
        result = json.loads(json.dumps(result).replace(str(root), "STUDY"))
        for effort in ("failed", "games"):  # interrupted trials, games played: again after a kill
            result.get("search", {}).pop(effort, None)
        out["result"] = result
    return out


def sensitivity_results(root: Path, stdout: bytes) -> dict:
    import pandas as pd

    text = stdout.decode().replace(str(root), "SCAN")
    lines = [line for line in text.splitlines() if not line.startswith("played ")]
    out: dict = {"scan": json_of(root / "scan.json"), "effects": lines}
    for cell in sorted(root.rglob("cells/*.parquet")):
        frame = pd.read_parquet(cell)
        out[str(cell.relative_to(root))] = frame.to_csv(index=False)
    return out


RESULTS = {"rebalance": rebalance_results, "sensitivity": sensitivity_results}


def one_command(name: str, args: list[str], work: Path, points: int) -> dict:
    reference = work / f"{name}-reference"
    first, total, events, stdout = watched(args, reference)
    wanted = RESULTS[name](reference, stdout)
    kills = []
    for k, (file, delay) in enumerate(kill_points(events, total, points), start=1):
        root = work / f"{name}-{k}"
        kill = kill_at(args, root, file, delay)
        for _try in range(RETRIES):  # ended before the kill (a faster run): again, sooner
            if not kill["finished_before_the_kill"]:
                break
            shutil.rmtree(root)
            delay /= 2
            kill = kill_at(args, root, file, delay) | {"tries": _try + 2}
        again = resume(args, root)
        kill["resumed_exit"] = again.returncode
        if again.returncode == 0:
            kill["identical"] = RESULTS[name](root, again.stdout) == wanted
        else:
            kill["identical"] = False
            kill["resume_error"] = again.stderr.decode()[-500:]
        kills.append(kill)
        print(f"{name} point {k}: {json.dumps(kill)[:300]}", file=sys.stderr, flush=True)
    return {
        "reference_seconds": round(total, 2),
        "first_file_seconds": round(first, 3),
        "first_files": [name for _t, name in events[:3]],
        "files": len(events),
        "points": len(kills),
        "killed": sum(1 for k in kills if not k["finished_before_the_kill"]),
        "identical": sum(1 for k in kills if k["identical"]),
        "kills": kills,
    }


def run(points: int, work: Path) -> dict:
    base = work / "base"
    made = subprocess.run(cli(*BASE, "-o", str(base)), capture_output=True)
    if made.returncode != 0:
        raise SystemExit(f"the base run failed: {made.stderr.decode()}")
    out = {}
    for name, args in COMMANDS.items():
        out[name] = one_command(name, [a.format(base=base) for a in args], work, points)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, default=10, help="kill points per command")
    parser.add_argument("--summary", type=Path, default=None)
    parser.add_argument(
        "--work", type=Path, default=None, help="where the directories go (default: a temporary one)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("PYTHONPATH", os.pathsep.join(sys.path))
    start = time.perf_counter()
    if args.work is not None:
        shutil.rmtree(args.work, ignore_errors=True)
        args.work.mkdir(parents=True)
        result = run(args.points, args.work)
    else:
        with tempfile.TemporaryDirectory() as work:
            result = run(args.points, Path(work))
    result["seconds"] = round(time.perf_counter() - start, 1)
    text = json.dumps(result, indent=1)
    print(text)
    if args.summary:
        args.summary.write_text(text, encoding="utf-8")
    bad = [k for r in result.values() if isinstance(r, dict) for k in r["kills"] if not k["identical"]]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
