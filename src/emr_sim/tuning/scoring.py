"""Scoring greedy parameter vectors of one master against a field, on common random numbers.

A candidate plays side A as the tuned master; side B is each master of the field (mirror
included) with the field's vectors. Every candidate of a batch plays the same deals: pair j
against opponent o is game index j on the seed deal_seed(base, o), seats swapped, so the
candidates' scores differ by their play, not by their luck (common random numbers). The
score is wins plus half the draws over games, pooled over the opponents.

Tasks (candidate, opponent) run on the run's threads, or on the cluster of --cluster; each is a
pure function of its inputs, so the scores do not depend on the number of threads or workers or
the order tasks finish in.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr.options import O_TURN_CAP
from emr_sim.simulate.play.setup import RunSetup

SEED_MASK = (1 << 62) - 1


def deal_seed(base: int, *words: object) -> int:
    """A seed derived from `base` and words (hero, generation, opponent …), order mattering."""
    text = " ".join(["emr-sim tune", str(int(base)), *map(str, words)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little") & SEED_MASK


@dataclass(frozen=True)
class Field:
    """What a candidate plays against: the run set-up (greedy on both sides) and the
    field's vectors per master, shape (WEIGHT_ROWS, N_PARAMS)."""

    setup: RunSetup
    vectors: np.ndarray
    opponents: tuple[str, ...] = C.HERO_NAMES


def weights_for(candidate: np.ndarray, hero: int, field_vectors: np.ndarray) -> np.ndarray:
    """The kernels' weights (side, hero row, parameter): side A the field's vectors with the
    candidate in the tuned master's row, side B the field's vectors."""
    w = np.stack([field_vectors, field_vectors]).astype(np.float64)
    w[0, hero] = candidate
    return np.ascontiguousarray(w)


def play_task(field: Field, hero: int, opponent: int, candidate: np.ndarray, seed: int, n_pairs: int):
    """Pairs 0..n_pairs-1 of `seed`: side A's half-points per pair."""
    setup = field.setup
    weights = weights_for(candidate, hero, field.vectors)
    return play_points(setup.table, setup.opts, setup.sides(hero, opponent), weights, seed, n_pairs)


def play_points(table, opts, sides, weights, seed: int, n_pairs: int) -> np.ndarray:
    """The task itself, of arrays only, so that a cluster worker runs it as it is
    (emr_sim.simulate.play.cluster): side A's half-points per pair of pairs 0..n_pairs-1."""
    agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * n_pairs, pairs.RECORD_COLS), dtype=np.int64)
    pairs.play_pairs(table, opts, seed, 0, n_pairs, sides, agg, rows, weights)
    return pair_half_points(rows)


def pair_half_points(rows: np.ndarray) -> np.ndarray:
    """Side A's half-points (2 a win, 1 a draw) per pair, from pair-ordered game records."""
    winner = rows[:, C.GR_WINNER]
    a_seat = rows[:, pairs.GR_SIZE]
    points = np.where(winner == C.DRAWN_GAME, 1, np.where(winner == a_seat, 2, 0))
    return points.reshape(-1, 2).sum(axis=1)


def score_batch(
    field: Field, hero: str, candidates: list[np.ndarray], base_seed: int, n_pairs: int
) -> np.ndarray:
    """Per candidate, per pair: side A's half-points, shape (candidates, opponents * n_pairs),
    every candidate on the same deals (common random numbers)."""
    h = C.HERO_NAMES.index(hero)
    opponents = [C.HERO_NAMES.index(o) for o in field.opponents]
    seeds = [deal_seed(base_seed, hero, C.HERO_NAMES[o]) for o in opponents]
    tasks = [(k, o, s) for k in range(len(candidates)) for o, s in zip(opponents, seeds, strict=True)]
    out = np.zeros((len(candidates), len(opponents) * n_pairs), dtype=np.int64)
    for (k, o, _), points in zip(tasks, play_all(field, h, candidates, tasks, n_pairs), strict=True):
        j = opponents.index(o)
        out[k, j * n_pairs : (j + 1) * n_pairs] = points
    return out


# Bytes a batch holds: per candidate, opponent and pair, its half-points twice (the task's
# result and the batch's table, int64); per running task, its pairs' game records
# (pairs.RECORD_COLS int64 for each of 2 games) and the half-points' temporaries.
HELD_PER_SCORE = 2 * 8
TASK_BYTES_PER_PAIR = 2 * pairs.RECORD_COLS * 8 + 4 * 2 * 8


def batch_bytes(candidates: int, n_pairs: int, parallel: int, opponents: int = len(C.HERO_NAMES)) -> int:
    """Bytes score_batch holds at most for `candidates` on n_pairs pairs per opponent with
    `parallel` tasks running at once (emr_sim.simulate.runs.sizes.check_bytes compares it)."""
    held = candidates * opponents * n_pairs * HELD_PER_SCORE
    running = min(parallel, candidates * opponents) * n_pairs * TASK_BYTES_PER_PAIR
    return held + running


def play_all(field: Field, hero: int, candidates: list[np.ndarray], tasks, n_pairs: int) -> list[np.ndarray]:
    """Each task's half-points, in task order: on the set-up's cluster when it has one, else on
    its threads."""
    cluster = field.setup.cluster
    if cluster is not None:
        setup = field.setup
        args = [
            (setup.table, setup.opts, setup.sides(hero, o), weights_for(candidates[k], hero, field.vectors))
            + (s, n_pairs)
            for k, o, s in tasks
        ]
        cluster.warm(*args[0][:4])
        return cluster.map_ordered(play_points, args)
    with ThreadPoolExecutor(max_workers=field.setup.workers) as pool:
        futures = [pool.submit(play_task, field, hero, o, candidates[k], s, n_pairs) for k, o, s in tasks]
        return [f.result() for f in futures]


def scores(half_points: np.ndarray) -> np.ndarray:
    """Score (0..1) of each row of per-pair half-points."""
    return half_points.sum(axis=1) / (4.0 * half_points.shape[1])
