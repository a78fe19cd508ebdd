"""`emr-sim tune`: masters tuned in rounds, each against the current book, into a directory.

    DIR/tune.json                     what is tuned: masters, field, budgets, seed, deck, rules
    DIR/checkpoints/r<R>-<master>.pkl the strategy after each generation (emr_sim.tuning.cmaes)
    DIR/results.json                  every finished (round, master): its vector, its gain
    DIR/book.json                     the current book, rewritten after each master

Round r tunes each master in turn against the field of the current book (the field spec's
vectors at first), then measures the tuned vector's gain over the book's on fresh deals,
paired (emr_sim.tuning.gain). A significant gain enters the book; otherwise the book keeps
its vector and the result says "no significant gain". Tuning stops after a round in which
no master gained significantly, or after the round limit. At the end every master's book
vector is measured against the default greedy's on fresh deals (the book's `gains`).
Running the same command again resumes: finished masters are read from results.json, the
one in progress from its checkpoint.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.files.holds import RESUME_WORDS, DirKind, check_holds
from emr_sim.files.lock import claim_dir
from emr_sim.files.outdir import make_dir
from emr_sim.files.read import read_json_record
from emr_sim.files.write import write_text
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.heroes import parse_hero_list
from emr_sim.simulate.play.runner import start_cluster
from emr_sim.simulate.play.settings import DEFAULTS, RunSettings
from emr_sim.tuning.cmaes import TuneSettings, candidates_per_generation, tune_vector
from emr_sim.tuning.gain import Gain, measure_gain
from emr_sim.tuning.results import read_results
from emr_sim.tuning.scoring import Field, batch_bytes, deal_seed, score_batch

TUNE_FORMAT = "emr-sim tuning 1"
TUNE_FILE = "tune.json"
RESULTS_FILE = "results.json"
BOOK_FILE = "book.json"
CHECKPOINTS = "checkpoints"
DEFAULT_GENERATIONS = 40
# per opponent, candidate and generation: 8,000 games a candidate. With 32 pairs CMA-ES's mean
# drifted on noise (crow: -4.4 points); with 400 it gained (+2.7) (docs/players.md, "Tuning")
DEFAULT_PAIRS = 500
DEFAULT_VALIDATION_PAIRS = 1_000  # per opponent, for a gain
SAMPLE_PAIRS = 4  # per opponent and thread, timed for the estimate


@dataclass(frozen=True)
class TunePlan:
    heroes: list[str]
    field_spec: str  # the field's player spec text: greedy, tuned, book:FILE
    rounds: int
    generations: int
    pairs: int
    validation_pairs: int
    popsize: int | None
    seed: int

    def record(self, setup, field_record: dict) -> dict:
        from emr_sim.simulate.play.setup import book_run

        return {
            "format": TUNE_FORMAT,
            "heroes": self.heroes,
            "field": field_record,
            "rounds": self.rounds,
            "generations": self.generations,
            "pairs": self.pairs,
            "validation_pairs": self.validation_pairs,
            "popsize": self.popsize,
            "seed": self.seed,
            "run": book_run(setup),
        }


@dataclass
class TuneRun:
    root: Path
    record: dict
    results: list[dict]
    final_gains: dict[str, dict] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def book_path(self) -> Path:
        return self.root / BOOK_FILE


def parse_tune_heroes(text: str) -> list[str]:
    """HEROES of `emr-sim tune`: one master, a list, or all."""
    return parse_hero_list(text, option="HEROES", least=1)


def check_counts(plan: TunePlan) -> None:
    for name, value, least in (
        ("--rounds", plan.rounds, 1),
        ("--generations", plan.generations, 1),
        ("--pairs", plan.pairs, 1),
        ("--validation-pairs", plan.validation_pairs, 2),
    ):
        if value < least:
            raise ValueError(f"{name} must be at least {least}, not {value}")
    if plan.popsize is not None and plan.popsize < 2:
        raise ValueError(f"--popsize must be at least 2, not {plan.popsize}")


def check_tuning_memory(plan: TunePlan, parallel: int, memory: int | None = None) -> None:
    """ValueError in one line, before anything starts, when a generation's batch (the largest
    population of the masters, --pairs) or a gain's (two vectors, --validation-pairs) would not
    fit in memory; `memory` stands in for the machine's (tests)."""
    from emr_sim.simulate.runs.sizes import check_bytes

    population = max(candidates_per_generation(h, plan.popsize) for h in plan.heroes)
    pop_words = f"--popsize {plan.popsize:,}" if plan.popsize else f"the population of {population}"
    smaller = "give a smaller --popsize or --pairs" if plan.popsize else "give a smaller --pairs"
    for option, n_pairs, candidates, words, instead in (
        ("--pairs", plan.pairs, population, f"{pop_words} (and its mean)", smaller),
        ("--validation-pairs", plan.validation_pairs, 2, "2 vectors", "give a smaller --validation-pairs"),
    ):
        how = f"{candidates:,} candidates x {len(C.HERO_NAMES)} opponents x {n_pairs:,} pairs"
        need = batch_bytes(candidates, n_pairs, parallel)
        check_bytes(need, f"{option} {n_pairs:,} with {words}", how, instead, memory)


def tuning_differences(old: dict, new: dict) -> list[str]:
    differ = [k for k in new if k != "format" and old.get(k) != new[k]]
    return [f"differs in {', '.join(differ)}"] if differ else []


TUNING_DIR = DirKind(
    noun="tuning",
    record_file=TUNE_FILE,
    called="a tuning directory",
    read=lambda path: read_json_record(path, "tuning record", TUNE_FORMAT),
    differences=tuning_differences,
    empty_dirs=(CHECKPOINTS,),
    resume_words=RESUME_WORDS,
)


def check_root(root: Path, record: dict) -> list[dict]:
    """The results already in root (resume), BadInput for a directory of another tuning; run
    again under the directory's lock (emr_sim.files.lock.claim_dir)."""
    if check_holds(root, TUNING_DIR, record) is None:
        return []
    return read_results(root / RESULTS_FILE, record["heroes"])


def estimate_seconds(setup, vectors: np.ndarray, plan: TunePlan, done: int = 0) -> float:
    """Seconds the plan should take at most (every round played), less the `done` master
    tunings already finished (a resumed run), from a sample of pairs timed on every thread."""
    from emr_sim.simulate.play.runner import on_threads, parallelism

    hero = plan.heroes[0]
    sample = [vectors[C.HERO_NAMES.index(hero)]] * setup.workers
    local = Field(on_threads(setup), vectors)  # timed on the threads, scaled to a cluster's workers
    score_batch(local, hero, sample[:1], 0, 1)  # loads the kernels before the clock starts
    start = time.perf_counter()
    score_batch(local, hero, sample, deal_seed(plan.seed, "estimate"), SAMPLE_PAIRS)
    per_pair = (time.perf_counter() - start) / (len(sample) * len(C.HERO_NAMES) * SAMPLE_PAIRS)
    per_pair *= setup.workers / parallelism(setup)
    todo = [h for _ in range(plan.rounds) for h in plan.heroes][done:]
    pairs = sum(
        plan.generations * candidates_per_generation(h, plan.popsize) * plan.pairs + 2 * plan.validation_pairs
        for h in todo
    )
    pairs += 2 * plan.validation_pairs * len(plan.heroes)  # the final gains
    return per_pair * pairs * len(C.HERO_NAMES)


def save_state(root: Path, results: list[dict], vectors: np.ndarray, setup, record: dict, gains=None) -> None:
    from emr_sim.games.emr.lineup.book import write_book
    from emr_sim.simulate.play.setup import book_run

    write_text(root / RESULTS_FILE, json.dumps(results, indent=1) + "\n")
    made_by = f"emr-sim tune ({len(results)} master tunings; {root / TUNE_FILE})"
    tuning = {"record": record, "results": results}
    write_book(root / BOOK_FILE, vectors, made_by, book_run(setup), gains, tuning)


def tune_one(root, setup, vectors, plan, rnd, hero, on_generation) -> dict:
    """Round rnd's tuning of hero against the current book; its result entry."""
    from emr_sim.games.emr.lineup.base import vectors_by_name

    h = C.HERO_NAMES.index(hero)
    settings = TuneSettings(
        hero, plan.generations, plan.pairs, deal_seed(plan.seed, "round", rnd), plan.popsize
    )
    checkpoint = root / CHECKPOINTS / f"r{rnd}-{hero}.pkl"
    make_dir(checkpoint.parent)  # WriteError (exit 3) when it cannot be made
    fld = Field(setup, vectors)
    start = time.perf_counter()
    new, progress = tune_vector(fld, settings, checkpoint, on_generation)
    gain = measure_gain(fld, hero, vectors[h], new, deal_seed(plan.seed, "round", rnd), plan.validation_pairs)
    rows = np.array(vectors)
    rows[h] = new
    return {
        "round": rnd,
        "hero": hero,
        "seconds": time.perf_counter() - start,
        "generations": progress.history,
        "vector": vectors_by_name(rows)[hero],
        "gain": gain.as_dict(),
        "accepted": gain.significant,
    }


def apply_results(vectors: np.ndarray, results: list[dict]) -> np.ndarray:
    """The book after the accepted results, in order."""
    from emr_sim.games.emr.players.params import PARAMS

    out = np.array(vectors, dtype=np.float64)
    for r in results:
        if r["accepted"]:
            h = C.HERO_NAMES.index(r["hero"])
            for p in PARAMS:  # a parameter the master does not use may be left out, as in a book
                out[h, p.index] = r["vector"].get(p.name, out[h, p.index])
    return out


def final_gains(setup, vectors: np.ndarray, plan: TunePlan) -> dict[str, Gain]:
    """Each tuned master's book vector against the default greedy's, on fresh deals, with the
    book as the field."""
    from emr_sim.games.emr.players.params import default_vector

    fld = Field(setup, vectors)
    out = {}
    for hero in plan.heroes:
        h = C.HERO_NAMES.index(hero)
        out[hero] = measure_gain(
            fld, hero, default_vector(), vectors[h], deal_seed(plan.seed, "final"), plan.validation_pairs
        )
    return out


def run_tuning(
    root: str | Path,
    plan: TunePlan,
    settings: RunSettings = DEFAULTS,
    on_estimate: Callable[[float], None] | None = None,
    on_start: Callable[[int, str], None] | None = None,
    on_generation: Callable[[dict], None] | None = None,
    on_result: Callable[[dict], None] | None = None,
) -> TuneRun:
    from emr_sim.games.emr.lineup.spec import parse_spec
    from emr_sim.simulate.play.setup import check_workers, run_setup

    check_counts(plan)
    check_tuning_memory(plan, check_workers(settings.workers))
    if not settings.fury:
        raise ValueError(
            "tune plays the masters in hero mode: with --no-fury every player reads the no_hero "
            "row, which tune does not tune (set it with greedy(no_hero.NAME=VALUE))"
        )
    setup = run_setup(settings.but(seed=plan.seed, players="greedy"), "a tuning")
    field_spec = parse_spec(plan.field_spec)
    if field_spec.kernel_kind != C.PLAYER_GREEDY:
        raise ValueError(
            f"--field {plan.field_spec}: tuning plays against greedy vectors (greedy, tuned or a book)"
        )
    record = plan.record(setup, field_spec.record())
    root = Path(root)
    check_root(root, record)  # a file in the way, an unwritable folder (check_holds) or another run
    start_cluster(setup)  # inputs checked: a cluster starts before anything is written
    start_vectors = field_spec.vectors()

    def prepare(folder: Path) -> list[dict]:
        """Under the lock: the results (another tuning may have finished some meanwhile), the
        record written, the estimate said."""
        done = check_root(folder, record)
        write_text(folder / TUNE_FILE, json.dumps(record, indent=1) + "\n")
        if on_estimate:
            on_estimate(estimate_seconds(setup, start_vectors, plan, len(done)))
        return done

    hooks = Hooks(on_start, on_generation, on_result)
    with claim_dir(root, None, prepare) as results:  # one writer a tuning directory
        return tune_rounds(Tuning(root, setup, plan, record, start_vectors), results, hooks)


@dataclass(frozen=True)
class Tuning:
    """A tuning checked and planned: its directory, set-up, plan, record and first vectors."""

    root: Path
    setup: object
    plan: TunePlan
    record: dict
    start_vectors: np.ndarray


@dataclass(frozen=True)
class Hooks:
    on_start: Callable[[int, str], None] | None = None
    on_generation: Callable[[dict], None] | None = None
    on_result: Callable[[dict], None] | None = None


def tune_rounds(tuning: Tuning, results: list[dict], hooks: Hooks) -> TuneRun:
    """The rounds of a tuning whose directory this process holds, then the final gains."""
    root, setup, plan, record, start_vectors = (
        tuning.root, tuning.setup, tuning.plan, tuning.record, tuning.start_vectors
    )  # fmt: skip
    on_start, on_generation, on_result = hooks.on_start, hooks.on_generation, hooks.on_result
    start = time.perf_counter()
    done = {(r["round"], r["hero"]) for r in results}
    for rnd in range(1, plan.rounds + 1):
        for hero in plan.heroes:
            if (rnd, hero) in done:
                continue
            if on_start:
                on_start(rnd, hero)
            vectors = apply_results(start_vectors, results)
            results.append(tune_one(root, setup, vectors, plan, rnd, hero, on_generation))
            save_state(root, results, apply_results(start_vectors, results), setup, record)
            if on_result:
                on_result(results[-1])
        if not any(r["accepted"] for r in results if r["round"] == rnd):
            break  # no master gained significantly this round
    vectors = apply_results(start_vectors, results)
    gains = final_gains(setup, vectors, plan)
    save_state(root, results, vectors, setup, record, {h: g.gain for h, g in gains.items()})
    seconds = time.perf_counter() - start
    return TuneRun(root, record, results, {h: g.as_dict() for h, g in gains.items()}, seconds)
