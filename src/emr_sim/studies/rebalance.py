"""The rebalance search (`emr-sim rebalance`, docs/rebalance.md): the smallest change of the
knobs a designer names that meets the goal, found by Optuna on games of the search rung's
players (emr_sim.studies.rebalance_spec for what a study is).

    STUDY/rebalance.json   the study record (what it plays; a run with other settings is refused)
    STUDY/base.json        the base (no change) measured at every rung, and the resolved guards
    STUDY/study.db         the Optuna study (SQLite): every trial, its values and figures
    STUDY/.emr-sim.lock    the lock while the search plays (emr_sim.files.lock)

Every candidate plays the same deals (common seeds: cell_seed(seed, a, b), pairs 0, 1, ...),
so candidates differ by their changes, not by their luck. Successive halving: a trial plays
the rungs' games per cell in turn, the first rung's pairs first; after each rung it goes on
only when its loss is among the best 1/eta of its batch and of the losses any trial had at
that rung (distinct variants: one asked again ranks as it did; a trial that plays no game,
such as the base, always goes on), so at most 1/eta of a batch goes up a rung. Cells that
no change of a candidate can reach are taken from the base at the same rung: the same deals
played the same way.

Trials are asked in fixed batches (--batch) and a batch's games are played together (on
threads or a cluster), so a result does not depend on the cores, the workers or the timing.
The sampler of the i-th trial is seeded from the study seed and i, so the same command gives
the same trials; a killed search resumes: the trials it had finished are kept, those it was
playing are marked failed and played again with the same values, in the same batch.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emr_sim.analysis.balance import Balance, CellCounts, Cells, Guards, balance_of, loss
from emr_sim.errors import BadInput
from emr_sim.files import write as files
from emr_sim.files.lock import LOCK_FILES
from emr_sim.files.read import read_json_record
from emr_sim.simulate.cells import cell_pairs
from emr_sim.simulate.variants import Variant, VariantError, apply_variant, parse_variant
from emr_sim.studies.rebalance_knobs import reach_of
from emr_sim.studies.rebalance_play import Part, play_parts
from emr_sim.studies.rebalance_spec import IDENTITY, REBALANCE_FORMAT, Spec

STUDY_FILE = "rebalance.json"
BASE_FILE = "base.json"
DB_FILE = "study.db"
STUDY_NAME = "rebalance"
BASE_FORMAT = "emr-sim rebalance base 1"
N_STARTUP = 10  # the sampler's random trials before it models (warm-start trials count)
SEED_BITS = 32

Say = Callable[[str], None]


def _quiet(_text: str) -> None:
    return None


# ---------------------------------------------------------------- the study directory


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


# ---------------------------------------------------------------- the base, measured


def cell_key(cell: tuple[str, str]) -> str:
    return f"{cell[0]}-{cell[1]}"


def base_counts(spec: Spec, workers: int, cluster, quiet: bool) -> list[Cells]:
    """The base's counts of every cell at every rung (cumulative: rung r holds pairs 0 ..
    pairs[r] - 1), played rung by rung."""
    from emr_sim.console.progress import progress_bar

    cells = cell_pairs(spec.heroes)
    out: list[Cells] = []
    previous = 0
    with progress_bar(len(cells) * spec.budget.rungs[-1], quiet) as bar:
        bar.set_postfix_str("the base")
        for pairs in spec.budget.pairs:
            parts = [Part(c, spec.setup, c, spec.seed, previous, pairs - previous) for c in cells]
            played = play_parts(parts, workers, cluster, bar)
            last = out[-1] if out else {}
            out.append({c: (last[c] + played[c]) if c in last else played[c] for c in cells})
            previous = pairs
    return out


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


def check_reach(spec: Spec, base: Balance) -> None:
    """BadInput when the goal cannot be met whatever the knobs do, judged on the cells no knob
    can change (their 95 % intervals): for target:X, the root-mean-square distance of those
    cells alone is above X; for field:X, a master's field mean stays outside 50 ± X even if
    every cell a knob reaches went its way."""
    import numpy as np

    from emr_sim.analysis.balance import FIELD, POINTS, TARGET
    from emr_sim.stats import Z95
    from emr_sim.studies.rebalance_knobs import fixed_cells

    fixed = fixed_cells(spec.knobs, spec.heroes)
    if not fixed:
        return
    index = {h: i for i, h in enumerate(spec.heroes)}
    goal = spec.goal
    if goal.kind == TARGET and goal.target is not None:
        given = int(np.isfinite(goal.target[np.triu_indices(len(spec.heroes), 1)]).sum())
        misses = []
        for a, b in fixed:
            i, j = index[a], index[b]
            if np.isfinite(goal.target[i, j]):
                low = max(abs(base.P[i, j] - goal.target[i, j]) - Z95 * base.se[i, j], 0.0)
                misses.append((POINTS * low, f"{a} vs {b}"))
        floor = math.sqrt(sum(m**2 for m, _ in misses) / given) if given else 0.0
        if floor > goal.tolerance:
            worst = max(misses)[1]
            raise BadInput(
                f"--goal {goal.text}: the knobs cannot meet it: the cells no knob changes are at least "
                f"{floor:.1f} points (rms) from the target (e.g. {worst}); add knobs that reach them"
            )
    if goal.kind == FIELD:
        n = len(spec.heroes)
        fixed_set = set(fixed)
        for h, i in index.items():
            mine = [(a, b) for a, b in cell_pairs(spec.heroes) if h in (a, b)]
            fixed_mine = [c for c in mine if c in fixed_set]
            if len(fixed_mine) < len(mine):
                continue  # a knob reaches one of its cells: no bound claimed
            low = sum(
                base.P[i, index[b if a == h else a]] - Z95 * base.se[i, index[b if a == h else a]]
                for a, b in mine
            ) / (n - 1)
            high = sum(
                base.P[i, index[b if a == h else a]] + Z95 * base.se[i, index[b if a == h else a]]
                for a, b in mine
            ) / (n - 1)
            if high < 0.5 - goal.tolerance / POINTS or low > 0.5 + goal.tolerance / POINTS:
                raise BadInput(
                    f"--goal {goal.text}: the knobs cannot meet it: no knob changes a game of {h}, "
                    f"whose field mean is {POINTS * base.field[i]:.1f} % "
                    f"(95 % {POINTS * low:.1f}..{POINTS * high:.1f}); "
                    f"add a knob that reaches {h}"
                )


# ---------------------------------------------------------------- candidates


@dataclass
class Candidate:
    """One trial being played: its knob values, variant, set-up and counts so far."""

    index: int
    trial: Any  # optuna.Trial
    values: dict[str, str]
    variant: Variant
    sizes: list[int]
    setup: Any = None  # RunSetup with the variant applied
    needed: list[tuple[str, str]] = field(default_factory=list)
    infeasible: str | None = None
    counts: Cells = field(default_factory=dict)
    losses: list[float] = field(default_factory=list)
    balance: Balance | None = None
    games: int = 0


def make_sampler(kind: str, seed: int, index: int):
    """The sampler of the index-th trial: seeded from the study seed and the index, so the same
    study asks the same values whatever was interrupted."""
    import optuna

    digest = hashlib.sha256(f"emr-sim rebalance sampler {seed} {index}".encode()).digest()
    s = int.from_bytes(digest[:4], "little") % (1 << SEED_BITS)
    tpe = optuna.samplers.TPESampler(
        seed=s, n_startup_trials=N_STARTUP, multivariate=True, constant_liar=True
    )
    if kind == "tpe":
        return tpe
    return optuna.samplers.CmaEsSampler(
        seed=s,
        n_startup_trials=N_STARTUP,
        independent_sampler=tpe,
        warn_independent_sampling=False,
        consider_pruned_trials=True,
    )


def distributions(spec: Spec) -> dict:
    """An Optuna distribution per knob: whole numbers for a numeric knob with no gap, a
    category per value otherwise."""
    from optuna.distributions import CategoricalDistribution, IntDistribution

    out: dict[str, Any] = {}
    for k in spec.knobs:
        numbers = [int(v) for v in k.choices] if k.numeric else []
        if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)):
            out[k.name] = IntDistribution(numbers[0], numbers[-1])
        else:
            out[k.name] = CategoricalDistribution(list(k.choices))
    return out


def values_of_params(spec: Spec, params: dict) -> dict[str, str]:
    out = {}
    for k in spec.knobs:
        value = params[k.name]
        out[k.name] = f"{int(value):+d}" if k.step else str(value)
    return out


def params_of_values(spec: Spec, values: dict[str, str]) -> dict:
    dists = distributions(spec)
    return {
        name: (int(value) if type(dists[name]).__name__ == "IntDistribution" else value)
        for name, value in values.items()
    }


def prepare(spec: Spec, index: int, trial, params: dict) -> Candidate:
    """The candidate of a trial: its variant, the cells it needs, or why it is infeasible."""
    values = values_of_params(spec, params)
    variant = spec.knobs.variant(values)
    cand = Candidate(index, trial, values, variant, spec.knobs.sizes(values))
    counted = spec.knobs.counted(values)
    if spec.max_changes is not None and counted > spec.max_changes:
        cand.infeasible = f"{counted} changes, over --max-changes {spec.max_changes}"
        return cand
    try:
        cand.setup = apply_variant(spec.setup, variant)
    except VariantError as err:
        cand.infeasible = str(err)
        return cand
    cand.needed = reach_of(spec.knobs, spec.knobs.masters(values), spec.heroes) if variant.changes else []
    return cand


# ---------------------------------------------------------------- the search


@dataclass
class Search:
    """A study being searched: the spec, its directory, the base's counts and guards, the
    Optuna study and the warm start (variant texts of the first trials)."""

    spec: Spec
    root: Path
    base: list[Cells]
    guards: Guards
    study: Any  # optuna.Study
    warm: list[str]
    workers: int
    cluster: Any
    quiet: bool
    memo: dict = field(default_factory=dict)  # (variant, cell, first pair, pairs) -> CellCounts
    games: int = 0

    def balance(self, cand: Candidate, rung: int) -> Balance:
        cells = dict(self.base[rung])
        cells.update(cand.counts)
        return balance_of(cells, self.spec.heroes)

    def loss(self, cand: Candidate, b: Balance) -> float:
        return loss(self.spec.goal, b, cand.sizes, self.spec.penalty, self.guards, self.spec.margin)


def resume_trials(study) -> dict[int, dict]:
    """Trials a killed search left RUNNING (or enqueued and not asked) marked failed; the
    values of the running ones by their index, to be played again."""
    from optuna.trial import TrialState

    redo = {}
    for t in study.get_trials(deepcopy=False, states=(TrialState.RUNNING, TrialState.WAITING)):
        if t.state == TrialState.RUNNING and "index" in t.user_attrs:
            redo[int(t.user_attrs["index"])] = dict(t.params)
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
    return redo


def finished(study) -> int:
    """Trials told (complete or pruned): the first ones by index, in order."""
    from optuna.trial import TrialState

    return len(study.get_trials(deepcopy=False, states=(TrialState.COMPLETE, TrialState.PRUNED)))


def ask(search: Search, index: int, fixed: dict | None):
    spec = search.spec
    search.study.sampler = make_sampler(spec.sampler, spec.seed, index)
    if fixed is not None:
        search.study.enqueue_trial(fixed)
    trial = search.study.ask(distributions(spec))
    trial.set_user_attr("index", index)
    return trial


def warm_params(search: Search, index: int) -> dict | None:
    if index >= len(search.warm):
        return None
    values = search.spec.knobs.values_of(parse_variant(search.warm[index]))
    return None if values is None else params_of_values(search.spec, values)


def run_batch(search: Search, indices: list[int], redo: dict[int, dict], progress) -> None:
    """Ask, play (rung by rung, halving) and tell the trials of one batch."""
    spec = search.spec
    cands = []
    for index in indices:
        trial = ask(search, index, redo.get(index) or warm_params(search, index))
        cands.append(prepare(spec, index, trial, trial.params))
    alive = [c for c in cands if c.infeasible is None]
    previous = 0
    for rung, pairs in enumerate(spec.budget.pairs):
        if rung:
            playing = {c.index: c.variant.text for c in cands}
            batch = [c for c in alive if c.needed]
            alive = [c for c in alive if not c.needed or goes_up(search, c, batch, rung - 1, playing)]
        play_rung(search, alive, previous, pairs, progress)
        for c in alive:
            c.balance = search.balance(c, rung)
            c.losses.append(search.loss(c, c.balance))
            c.trial.report(c.losses[-1], rung)
        previous = pairs
    for c in cands:
        tell(search, c)
        progress.update(1)


def play_rung(search: Search, cands: list[Candidate], previous: int, pairs: int, progress) -> None:
    """Pairs previous .. pairs - 1 of each needed cell of each candidate (a part played once
    for all candidates with the same variant, and never again in this process)."""
    spec = search.spec
    todo: dict[tuple, Part] = {}
    for c in cands:
        for cell in c.needed:
            key = (c.variant.text, cell, previous, pairs - previous)
            if key not in search.memo and key not in todo:
                todo[key] = Part(key, c.setup, cell, spec.seed, previous, pairs - previous)
    played = play_parts(list(todo.values()), search.workers, search.cluster, _NoBar())
    search.memo.update(played)
    for key in todo:
        search.games += played[key].games
    for c in cands:
        for cell in c.needed:
            part = search.memo[(c.variant.text, cell, previous, pairs - previous)]
            c.counts[cell] = c.counts[cell] + part if cell in c.counts else part
            c.games += part.games if (c.variant.text, cell, previous, pairs - previous) in todo else 0
    progress.set_postfix_str(f"{search.games:,} games")


class _NoBar:
    def update(self, _n: int) -> None:
        return None


def goes_up(
    search: Search, cand: Candidate, batch: list[Candidate], rung: int, playing: dict[int, str]
) -> bool:
    """Successive halving: the candidate plays the next rung when it is among the best 1/eta
    of its batch and of every trial measured at this rung."""
    eta = search.spec.budget.eta
    return best_of_batch(cand, batch, rung, eta) and promoted(search.study, cand, rung, eta, playing)


def best_of_batch(cand: Candidate, batch: list[Candidate], rung: int, eta: int) -> bool:
    """Whether the candidate's variant is among the best 1/eta (rounded up) of the distinct
    variants of its batch that played this rung (so at most that many go up from a batch)."""
    best: dict[str, tuple[float, int]] = {}
    for c in batch:
        key = (c.losses[rung], c.index)
        if c.variant.text not in best or key < best[c.variant.text]:
            best[c.variant.text] = key
    ranked = sorted(best.values())
    return ranked.index(best[cand.variant.text]) < math.ceil(len(ranked) / eta)


def promoted(study, cand: Candidate, rung: int, eta: int, playing: dict[int, str]) -> bool:
    """Whether the candidate's variant is among the best 1/eta (rounded up) of the distinct
    variants that trials (told, or playing now: `playing` gives their variants by index)
    reported at this rung, each at its first trial's loss; ties go to the earlier trial. A
    variant tried again (the sampler may ask for it) ranks as it did, and its games are not
    played again in this process."""
    from optuna.trial import TrialState

    states = (TrialState.COMPLETE, TrialState.PRUNED, TrialState.RUNNING)
    best: dict[str, tuple[float, int]] = {}
    for t in study.get_trials(deepcopy=False, states=states):
        if rung not in t.intermediate_values:
            continue
        index = int(t.user_attrs["index"])
        text = t.user_attrs["result"]["variant"] if "result" in t.user_attrs else playing[index]
        key = (t.intermediate_values[rung], index)
        if text not in best or key < best[text]:
            best[text] = key
    ranked = sorted(best.values())
    return ranked.index(best[cand.variant.text]) < math.ceil(len(ranked) / eta)


def tell(search: Search, c: Candidate) -> None:
    """The trial told (complete at the top rung, else pruned), its figures in one user
    attribute "result" (variant, sizes, games, rung, balance, the top rung's cells; or why it
    is infeasible): one write to the study's database."""
    from optuna.trial import TrialState

    top = len(search.spec.budget.rungs) - 1
    result: dict = {"variant": c.variant.text, "sizes": c.sizes, "games": c.games}
    if c.infeasible is not None:
        result["infeasible"] = c.infeasible
    else:
        result["rung"] = len(c.losses) - 1
        if c.balance is not None:
            result["balance"] = c.balance.record()
        if len(c.losses) - 1 == top:
            result["cells"] = {cell_key(k): v.record() for k, v in c.counts.items()}
    c.trial.set_user_attr("result", result)
    if result.get("rung") == top:
        search.study.tell(c.trial, c.losses[-1])
    else:
        search.study.tell(c.trial, state=TrialState.PRUNED)


def search_loop(search: Search, redo: dict[int, dict]) -> None:
    """Batches of trials until the budget's trials are told."""
    from emr_sim.console.progress import progress_bar

    spec = search.spec
    done = finished(search.study)
    with progress_bar(spec.budget.trials, search.quiet) as bar:
        bar.update(min(done, spec.budget.trials))
        while done < spec.budget.trials:
            size = min(spec.budget.batch - done % spec.budget.batch, spec.budget.trials - done)
            run_batch(search, list(range(done, done + size)), redo, bar)
            done += size


# ---------------------------------------------------------------- the whole study


@dataclass
class StudyRun:
    """What run_study did: the directory, its record, the base, the games and seconds."""

    root: Path
    record: dict
    base: Balance
    games: int
    seconds: float
    notes: list[str] = field(default_factory=list)


def estimate_games(spec: Spec, trials: int) -> tuple[int, int]:
    """(games of the base, games of `trials` trials at most on average): every cell of a
    trial played at the first rung, and 1/eta as many trials at each rung above."""
    cells = len(cell_pairs(spec.heroes))
    base = cells * spec.budget.rungs[-1]
    rungs = [0, *spec.budget.rungs]
    per_trial = sum(
        cells * (rungs[r + 1] - rungs[r]) / spec.budget.eta**r for r in range(len(spec.budget.rungs))
    )
    return base, int(trials * per_trial)


def run_study(
    root: str | Path,
    spec: Spec,
    workers: int,
    cluster=None,
    quiet: bool = True,
    on_estimate: Callable[[str, float, int], None] | None = None,
    on_note: Say | None = None,
) -> StudyRun:
    """Search (or resume) the study into ROOT. Inputs are checked before anything is written
    (BadInput); on_estimate(what, seconds, games) before the games, on_note for the book's
    warning and the warm start."""
    from emr_sim.files.lock import run_lock
    from emr_sim.simulate.runner import start_cluster

    spec.check()
    say = on_note or _quiet
    root = Path(root)
    record = spec.record()
    old = check_root(root, record)
    start_cluster(spec.setup)
    start = time.perf_counter()
    created = not root.exists()
    root.mkdir(parents=True, exist_ok=True)
    try:
        with run_lock(root):
            games = _run_locked(root, spec, record, old, workers, cluster, quiet, on_estimate, say)
    except BadInput:
        if created and not any(p.name not in LOCK_FILES for p in root.iterdir()):
            for p in root.iterdir():
                p.unlink()
            root.rmdir()
        raise
    base_counts_, _guards = read_base(root, spec.heroes)
    base = balance_of(base_counts_[-1], spec.heroes)
    return StudyRun(
        root, json.loads((root / STUDY_FILE).read_text()), base, games, time.perf_counter() - start
    )


def _run_locked(root, spec, record, old, workers, cluster, quiet, on_estimate, say) -> int:
    from emr_sim.simulate.estimate import run_seconds

    done_before = 0
    if (root / DB_FILE).exists() and old is not None:
        done_before = finished(open_study(root, spec, create=False))
    base_games, trial_games = estimate_games(spec, spec.budget.trials - done_before)
    new_base = not (root / BASE_FILE).exists()
    if on_estimate:
        todo = trial_games + (base_games if new_base else 0)
        on_estimate("search", run_seconds(spec.setup, spec.heroes, todo // 2), todo)
    games = 0
    base_seconds = 0.0
    if new_base:
        started = time.perf_counter()
        counts = base_counts(spec, workers, cluster, quiet)
        base_seconds = time.perf_counter() - started
        games += sum(c.games for c in counts[-1].values())
        base = balance_of(counts[-1], spec.heroes)
        check_reach(spec, base)
        guards = spec.guards.resolve(base)
        write_base(root, counts, {"first": guards.first, "turns": guards.turns})
    counts, guards_record = read_base(root, spec.heroes)
    guards = Guards(_pair(guards_record["first"]), _pair(guards_record["turns"]))
    if old is None or "warm" not in old:
        from emr_sim.studies.rebalance_warm import warm_start

        warm, notes = warm_start(spec, balance_of(counts[-1], spec.heroes))
        for note in notes:
            say(note)
        record = {**record, "warm": warm}
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    else:
        record = {**old, "trials": spec.budget.trials}
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    study = open_study(root, spec, create=True)
    redo = resume_trials(study)
    if redo:
        say(f"resuming: {finished(study)} trials kept, {len(redo)} interrupted ones played again")
    search = Search(spec, root, counts, guards, study, list(record["warm"]), workers, cluster, quiet)
    started = time.perf_counter()
    search_loop(search, redo)
    if search.games or redo or old is None:  # the seconds the search has taken, over every run of it
        record["seconds"] = round(
            float(record.get("seconds", 0.0)) + time.perf_counter() - started + base_seconds, 1
        )
        files.write_text(root / STUDY_FILE, json.dumps(record, indent=1) + "\n")
    return games + search.games


def _pair(value) -> tuple[float, float] | None:
    return None if value is None else (float(value[0]), float(value[1]))


# ---------------------------------------------------------------- the proposals


@dataclass(frozen=True)
class Proposal:
    """A trial that reached the top rung: its rank (1: the best), trial index, variant, knob
    values, sizes of its changes, loss, and its balance at the search rung (search seeds)."""

    rank: int
    index: int
    variant: Variant
    values: dict[str, str]
    sizes: list[int]
    loss: float
    balance: Balance

    @property
    def text(self) -> str:
        return self.variant.text or "(no change)"


def proposals(root: Path, spec: Spec, top: int) -> tuple[list[Proposal], dict]:
    """The best `top` distinct proposals (lowest loss first, ties to the earlier trial) and
    the study's counts of trials: complete, pruned, infeasible, failed (interrupted)."""
    from optuna.trial import TrialState

    study = open_study(root, spec, create=False)
    base, _guards = read_base(root, spec.heroes)
    trials = study.get_trials(deepcopy=False)
    complete = sorted(
        (t for t in trials if t.state == TrialState.COMPLETE and "result" in t.user_attrs),
        key=lambda t: (t.value, int(t.user_attrs["index"])),
    )
    out: list[Proposal] = []
    seen: set[str] = set()
    for t in complete:
        result = t.user_attrs["result"]
        if result["variant"] in seen:
            continue
        seen.add(result["variant"])
        cells = dict(base[-1])
        for key, entry in result.get("cells", {}).items():
            a, b = key.split("-", 1)
            cells[(a, b)] = CellCounts.from_record(entry)
        variant = parse_variant(result["variant"])
        values = spec.knobs.values_of(variant) or spec.knobs.base_values()
        balance = balance_of(cells, spec.heroes)
        out.append(
            Proposal(
                len(out) + 1,
                int(t.user_attrs["index"]),
                variant,
                values,
                result["sizes"],
                float(t.value),
                balance,
            )
        )
        if len(out) == top:
            break
    states = [t.state for t in trials]
    infeasible = sum(1 for t in trials if "infeasible" in t.user_attrs.get("result", {}))
    counts = {
        "complete": states.count(TrialState.COMPLETE),
        "pruned": states.count(TrialState.PRUNED) - infeasible,
        "infeasible": infeasible,
        "failed": states.count(TrialState.FAIL),
        "games": sum(int(t.user_attrs.get("result", {}).get("games", 0)) for t in trials),
    }
    return out, counts
