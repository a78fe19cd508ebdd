"""Make the book shipped as `--players tuned` (src/emr_sim/games/emr/data/tuned.json) by tuning all eight
masters in rounds (emr_sim.tuning.rounds), then copy the tuning directory's book into the
package, its `made_by` naming this command.

    python scripts/make_tuned_book.py --dir runs/tuned-book [--rounds 1] [--generations 40]
        [--pairs 500] [--validation-pairs 1000] [--seed S]

The tuning directory resumes like `emr-sim tune`, so an interrupted run continues.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.book import load_book, tuned_path, write_book
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import DEFAULT_SEED
from emr_sim.tuning.rounds import (
    DEFAULT_GENERATIONS,
    DEFAULT_PAIRS,
    DEFAULT_VALIDATION_PAIRS,
    TunePlan,
    run_tuning,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True, help="tuning directory (resumes)")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--generations", type=int, default=DEFAULT_GENERATIONS)
    ap.add_argument("--pairs", type=int, default=DEFAULT_PAIRS)
    ap.add_argument("--validation-pairs", type=int, default=DEFAULT_VALIDATION_PAIRS)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    plan = TunePlan(
        list(C.HERO_NAMES),
        "greedy",
        args.rounds,
        args.generations,
        args.pairs,
        args.validation_pairs,
        None,
        args.seed,
    )
    start = time.perf_counter()
    run = run_tuning(
        args.dir,
        plan,
        RunSettings(workers=args.workers),
        on_estimate=lambda s: print(f"estimated {s / 60:.1f} min at most", file=sys.stderr),
        on_start=lambda r, h: print(f"round {r}: {h} …", file=sys.stderr, flush=True),
        on_result=lambda r: print(
            json.dumps({k: r[k] for k in ("round", "hero", "seconds", "gain", "accepted")})
        ),
    )
    book = load_book(run.book_path)
    command = shlex.join(["python", "scripts/make_tuned_book.py", *sys.argv[1:]])
    tuned_seconds = sum(r["seconds"] for r in run.results)  # the same when the run resumed
    made_by = f"{command} (emr-sim tune of all eight masters: {tuned_seconds:.0f} s of tuning)"
    tuning = json.loads(Path(run.book_path).read_text())["tuning"]
    tuning["final_gains"] = run.final_gains  # with their intervals: the book's gains are the means
    write_book(tuned_path(), book.vectors, made_by, book.run, book.gains, tuning)
    print(f"{time.perf_counter() - start:.0f} s", file=sys.stderr)
    print(json.dumps({"book": str(tuned_path()), "final_gains": run.final_gains}, indent=1))


if __name__ == "__main__":
    main()
