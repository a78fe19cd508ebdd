"""Tuning one master's greedy vector with CMA-ES (the `cma` library), checkpointed per generation.

The search space holds the parameters the master's play reads (emr_sim.games.emr.players.params: those
for every master and its own). Continuous entries are scaled to [0, 1] by their range;
integer entries stay in their own units, with a per-coordinate step of sigma0 times their
range (CMA_stds), listed in cma's `integer_variables` (its documented integer handling) and
rounded when decoded. Bounds are cma's own boundary handling.

Noise: a candidate's score comes from a few hundred games, so it is noisy. Two measures
against it: every candidate of a generation plays the same deals (common random numbers,
emr_sim.tuning.scoring), which makes their ranking far less noisy than their scores; and
the result is the distribution's mean (cma's incumbent, re-evaluated every generation on
that generation's deals, which the progress line shows), not the best single candidate,
which the noise favours. The gain is then measured on fresh deals (emr_sim.tuning.gain).

Every draw of cma comes from a numpy Generator seeded by the tuning seed and the master,
held in the strategy object, so a checkpoint (the pickled strategy, written atomically
after each generation) resumes exactly where the run stopped.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.files.read import read_input
from emr_sim.files.write import write_atomically
from emr_sim.games.emr import codes as C
from emr_sim.tuning.scoring import Field, deal_seed, score_batch, scores

DEFAULT_SIGMA = 0.2  # initial step, as a share of each parameter's range
CHECKPOINT_FORMAT = "emr-sim tune checkpoint 1"
MAX_CHECKPOINT_BYTES = 64 << 20  # a checkpoint is the strategy of a few dozen dimensions: kilobytes


class SeededNormal:
    """cma's `randn` option: standard normals of shape (rows, cols) from a numpy Generator
    (picklable, so the checkpoint carries the stream)."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def __call__(self, *shape: int) -> np.ndarray:
        return self.rng.standard_normal(shape)


def tunable(hero: str) -> list:
    """The parameters hero's play reads: those of every master and hero's own."""
    from emr_sim.games.emr.players.params import PARAMS

    return [p for p in PARAMS if p.heroes is None or hero in p.heroes]


@dataclass
class Space:
    """The map between a master's parameter vector and cma's coordinates."""

    params: list
    start: np.ndarray  # the full vector tuning starts from

    def encode(self, vector: np.ndarray) -> list[float]:
        return [self._enc(p, float(vector[p.index])) for p in self.params]

    def _enc(self, p, v: float) -> float:
        return v if p.integer else (v - p.low) / (p.high - p.low)

    def decode(self, x) -> np.ndarray:
        out = self.start.copy()
        for p, xi in zip(self.params, x, strict=True):
            v = float(round(xi)) if p.integer else p.low + float(xi) * (p.high - p.low)
            out[p.index] = min(max(v, p.low), p.high)
        return out

    def bounds(self) -> list[list[float]]:
        lows = [float(p.low) if p.integer else 0.0 for p in self.params]
        highs = [float(p.high) if p.integer else 1.0 for p in self.params]
        return [lows, highs]

    def stds(self) -> list[float]:
        return [float(p.high - p.low) if p.integer else 1.0 for p in self.params]

    def integer_indices(self) -> list[int]:
        return [i for i, p in enumerate(self.params) if p.integer]


@dataclass
class TuneSettings:
    hero: str
    generations: int
    pairs: int  # pairs per opponent per candidate and generation
    seed: int
    popsize: int | None = None
    sigma: float = DEFAULT_SIGMA
    label: str = ""  # round and master, for checkpoint file names and messages

    def key(self) -> dict:
        return {k: getattr(self, k) for k in ("hero", "generations", "pairs", "seed", "popsize", "sigma")}


@dataclass
class Progress:
    """A tuning in progress: the strategy, the generations done and what each gave."""

    strategy: Any  # cma.CMAEvolutionStrategy (cma has no type hints)
    done: int = 0
    history: list[dict] = field(default_factory=list)  # per generation: mean and best scores


def new_progress(space: Space, settings: TuneSettings) -> Progress:
    import cma  # type: ignore[import-untyped]

    opts = {
        "bounds": space.bounds(),
        "CMA_stds": space.stds(),
        "integer_variables": space.integer_indices(),
        "randn": SeededNormal(deal_seed(settings.seed, "cma", settings.hero)),
        "seed": np.nan,  # cma's own seeding of numpy's global generator is not used
        "verbose": -9,
    }
    if settings.popsize:
        opts["popsize"] = settings.popsize
    return Progress(cma.CMAEvolutionStrategy(space.encode(space.start), settings.sigma, opts))


def load_checkpoint(path: Path, settings: TuneSettings) -> Progress | None:
    """The progress saved at path for these settings; None when there is none; BadInput when
    the file is damaged or holds another tuning."""
    if not path.exists():
        return None
    data = read_input(path, "tuning checkpoint", MAX_CHECKPOINT_BYTES)  # a regular file, bounded
    try:
        saved = pickle.loads(data)
        ok = isinstance(saved, dict) and saved.get("format") == CHECKPOINT_FORMAT
    except Exception as err:  # a damaged pickle can raise nearly anything
        raise BadInput(
            f"{path}: not a readable tuning checkpoint ({err}); delete it to start again"
        ) from None
    if not ok:
        raise BadInput(f"{path}: not a tuning checkpoint of format {CHECKPOINT_FORMAT!r}")
    if saved["settings"] != settings.key():
        raise BadInput(f"{path}: a checkpoint of other settings ({saved['settings']}); use another directory")
    return Progress(saved["strategy"], saved["done"], saved["history"])


def save_checkpoint(path: Path, settings: TuneSettings, progress: Progress) -> None:
    data = {
        "format": CHECKPOINT_FORMAT,
        "settings": settings.key(),
        "strategy": progress.strategy,
        "done": progress.done,
        "history": progress.history,
    }
    blob = pickle.dumps(data)
    write_atomically(path, lambda tmp: tmp.write_bytes(blob))


def generation(field_: Field, space: Space, settings: TuneSettings, progress: Progress) -> dict:
    """One generation: ask, score every candidate and the mean on common deals, tell."""
    es = progress.strategy
    xs = es.ask()
    vectors = [space.decode(x) for x in xs] + [space.decode(es.mean)]
    base = deal_seed(settings.seed, settings.hero, "generation", progress.done)
    s = scores(score_batch(field_, settings.hero, vectors, base, settings.pairs))
    es.tell(xs, [-float(v) for v in s[:-1]])  # cma minimises
    progress.done += 1
    entry = {"generation": progress.done, "mean": float(s[-1]), "best": float(s[:-1].max())}
    progress.history.append(entry)
    return entry


def tune_vector(
    field_: Field,
    settings: TuneSettings,
    checkpoint: Path,
    on_generation: Callable[[dict], None] | None = None,
) -> tuple[np.ndarray, Progress]:
    """Tune settings.hero's vector against the field, resuming from `checkpoint`; the tuned
    vector (the strategy's mean) and the progress."""
    start = field_.vectors[C.HERO_NAMES.index(settings.hero)].copy()
    space = Space(tunable(settings.hero), start)
    progress = load_checkpoint(checkpoint, settings) or new_progress(space, settings)
    while progress.done < settings.generations:
        entry = generation(field_, space, settings, progress)
        save_checkpoint(checkpoint, settings, progress)
        if on_generation:
            on_generation(entry)
    return space.decode(progress.strategy.mean), progress


def candidates_per_generation(hero: str, popsize: int | None) -> int:
    """cma's default population for the master's dimension, or popsize; plus the mean."""
    import math

    n = len(tunable(hero))
    return (popsize or 4 + int(3 * math.log(n))) + 1
