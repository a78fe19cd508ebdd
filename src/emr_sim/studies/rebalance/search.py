"""The rebalance search's loop (emr_sim.studies.rebalance): trials asked in fixed batches,
each prepared (its knob values, variant, set-up and the cells its changes reach), played rung
by rung with successive halving, and told.

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
import math
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emr_sim.analysis.balance import Balance, Cells, Guards, balance_of, loss
from emr_sim.simulate.variants import Variant, VariantError, apply_variant, parse_variant
from emr_sim.studies.rebalance.knobs import reach_of
from emr_sim.studies.rebalance.play import Part, play_parts
from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.store import cell_key

N_STARTUP = 10  # the sampler's random trials before it models (warm-start trials count)
SEED_BITS = 32


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
    with warnings.catch_warnings():  # consider_pruned_trials is marked experimental: said once in the docs
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return optuna.samplers.CmaEsSampler(
            seed=s,
            n_startup_trials=N_STARTUP,
            independent_sampler=tpe,
            warn_independent_sampling=False,
            consider_pruned_trials=True,  # halving prunes most trials: CMA-ES learns from them too
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
