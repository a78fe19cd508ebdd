"""8MR's seat-swapped pairs played by a Python-driven loop, for players the compiled loops
cannot play (OpenSpiel's searches, emr_sim.games.emr.lineup.peer): what `matchup`, `matrix`
and `ladder` run when a side is such a player (emr_sim.simulate.play.runner names this module by
its text, and only then imports it).

A game is the jitted pair loop's game step by step from Python: the same rules kernels, the
same compiled decision for a compiled player (greedy, tuned, ismcts, from the same streams),
the same record (hits, damage, techniques ... from the same events) and aggregate, so with two
compiled players it gives exactly the pair loop's games (tests/ecosystem/test_peers.py). An
OpenSpiel player decides on the game's OpenSpiel state, kept beside the loop's state and
checked equal to it after every action.

Pairs are played in chunks of PEER_CHUNK_PAIRS on `workers` processes (spawned: each loads the
kernels from the cache; with one worker, in the calling process); a game depends only on
(seed, pair, seat), so the aggregate and the records are the same for any number of processes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import cache

import numpy as np

from emr_sim.ecosystem.openspiel_game import SpielGame, load
from emr_sim.ecosystem.peers import Peer, PeerSettings, generator
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.base import PlayerSpec
from emr_sim.games.emr.lineup.peer import algorithm, settings
from emr_sim.games.emr.lineup.spec import parse_spec
from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr.loops.card_events import end_cards, start_cards
from emr_sim.games.emr.options import O_TURN_CAP, describe_options

PEER_CHUNK_PAIRS = 1  # pairs per task: an OpenSpiel player's game takes a minute or more
AHEAD = 2  # tasks in flight per process


@dataclass(frozen=True)
class PairRun:
    """What every pair of a run shares, as plain values a worker process receives."""

    table: np.ndarray
    opts: np.ndarray
    deck: str | None  # the deck file as given (None: the default deck)
    specs: tuple[str, str]  # side A's and side B's player specs (texts)
    seed: int
    sides: np.ndarray  # kinds A, B (PYTHON_PLAYER for an OpenSpiel player), heroes A, B
    weights: np.ndarray  # by side (loops.pairs.seat_weights)
    columns: int  # the record rows' columns (loops.pairs.record_cols), 0: none kept


@cache
def spiel_game(rules: tuple[tuple[str, str], ...], deck: str | None) -> SpielGame:
    """The run's 8MR as an OpenSpiel game (one per process)."""
    return load("emr", 2, dict(rules), None, deck)


@cache
def parsed(text: str) -> PlayerSpec:
    return parse_spec(text)


def peer_settings(spec: PlayerSpec) -> PeerSettings:
    values = settings(spec)
    algo = algorithm(spec.kind, spec.text)
    return PeerSettings(algo, int(values["n"]), values["c"], int(values["rollouts"]))


class Loop:
    """The buffers of one game at a time, reused by every game of a chunk (as the jitted
    loop's): state, events, observation, legal actions, the players' generators, the greedy's
    scratch, the search's pools when a side searches."""

    def __init__(self, run: PairRun) -> None:
        from emr_sim.games.emr.loops import engine

        self.e = engine
        self.run = run
        self.S = np.zeros(C.STATE_SIZE, dtype=np.int64)
        self.ev = np.zeros((C.MAX_EVENTS + 1, C.EV_SIZE), dtype=np.int64)
        self.obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
        self.legal = np.zeros(C.MAX_LEGAL, dtype=np.int64)
        self.prng = np.zeros((2, 4), dtype=np.int64)
        self.scratch = engine.new_scratch()
        searching = any(int(k) in engine.SEARCH_KINDS for k in run.sides[:2])
        self.search = engine.new_search() if searching else None
        self.cards = np.zeros(C.CE_SIZE if run.columns == pairs.CARD_RECORD_COLS else 0, dtype=np.int64)
        self.rec = np.zeros(C.GR_SIZE, dtype=np.int64)
        rules = tuple(sorted((k, str(v)) for k, v in describe_options(run.opts).items()))
        self.specs = tuple(parsed(text) for text in run.specs)
        self.game = spiel_game(rules, run.deck) if any(s.python for s in self.specs) else None

    def play(self, index: int, a_seat: int) -> np.ndarray:
        """Game `index` of the run with side A in seat `a_seat`: its record (C.GR_*)."""
        run, e, S, ev, rec, cards = self.run, self.e, self.S, self.ev, self.rec, self.cards
        T, O = run.table, run.opts
        by_seat = [0, 1] if a_seat == 0 else [1, 0]  # the side in each seat
        kinds = np.array([run.sides[by_seat[s]] for s in range(2)], dtype=np.int64)
        heroes = [int(run.sides[2 + by_seat[s]]) for s in range(2)]
        weights = run.weights if a_seat == 0 else np.ascontiguousarray(run.weights[::-1])
        e.deck_totals(T, self.scratch[0])
        e.blank_observation(self.obs)
        rec[:] = 0
        ev[0, 0] = 0
        e.new_game(S, T, O, ev, run.seed, index, heroes[0], heroes[1])
        start_cards(S, cards)
        for p in range(2):
            e.seed_rng(self.prng[p], 0, run.seed, index, e.PLAYER_STREAM + p)
        e.search_new_game(self.search)
        e.advance(S, T, O, ev)
        e.tally(S, ev, rec, cards)
        peers, state = self.peers(index, by_seat, heroes)
        while S[C.H_PHASE] != C.DK_NONE:
            p = int(S[C.H_DECIDER])
            if peers[p] is not None:
                code = peers[p].step(state)
            else:
                code = self.decide(kinds, weights)
            e.search_note(self.search, S, code)
            e.apply_action(S, T, O, ev, code)
            e.tally(S, ev, rec, cards)
            if state is not None:
                state.apply_action(code)
                if not np.array_equal(state.S, S):
                    raise RuntimeError(f"game {index}: the OpenSpiel state left the loop's game")
        e.finish_record(S, rec)
        end_cards(S, cards)
        return rec

    def decide(self, kinds: np.ndarray, weights: np.ndarray) -> int:
        """A compiled player's action (the engine's decide, as in the jitted loop)."""
        T, O = self.run.table, self.run.opts
        buffers = (self.obs, self.legal, self.prng, self.scratch, self.search)
        return int(self.e.decide(self.S, T, O, kinds, *buffers, weights))

    def peers(self, index: int, by_seat: list[int], heroes: list[int]):
        """The OpenSpiel player of each seat (None for a compiled one), and the game's OpenSpiel
        state when there is one."""
        if self.game is None:
            return [None, None], None
        peers: list[Peer | None] = [None, None]
        for seat in range(2):
            spec = self.specs[by_seat[seat]]
            if spec.python:
                peers[seat] = Peer(peer_settings(spec), self.game, generator(self.run.seed, index, seat))
        state = self.game.deal(index, np.array(heroes, dtype=np.int64), seed=self.run.seed)
        if not np.array_equal(state.S, self.S):
            raise RuntimeError(f"game {index}: the OpenSpiel game deals another deal (deck or rules differ)")
        return peers, state


def play_chunk(run: PairRun, first_pair: int, count: int) -> tuple[int, int, np.ndarray, np.ndarray]:
    """Pairs first_pair .. first_pair + count - 1: (first, count, aggregate, record rows)."""
    loop = Loop(run)
    agg = np.zeros(pairs.aggregate_size(int(run.opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * count if run.columns else 0, run.columns or pairs.RECORD_COLS), dtype=np.int64)
    for j in range(count):
        outcome = [0, 0]
        for a_seat in range(2):
            rec = loop.play(first_pair + j, a_seat)
            outcome[a_seat] = int(pairs.add_game(agg, rec, a_seat))
            if run.columns:
                rows[2 * j + a_seat, : C.GR_SIZE] = rec
                rows[2 * j + a_seat, C.GR_SIZE] = a_seat
                rows[2 * j + a_seat, C.GR_SIZE + 1 :] = loop.cards
        pairs.add_pair(agg, outcome[0], outcome[1])
    return first_pair, count, agg, rows


def run_pairs(
    setup,
    sides: np.ndarray,
    n_pairs: int,
    progress,
    seed: int | None = None,
    keep: Callable[[int, np.ndarray], object] | None = None,
    first_pair: int = 0,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """emr_sim.simulate.play.runner.run_pairs for a set-up with an OpenSpiel player: the pairs on
    setup.workers processes; the aggregate, keep(first row, rows) for each chunk's records."""
    run = PairRun(
        setup.table,
        setup.opts,
        None if setup.deck_name == "default" else setup.deck_name,
        (setup.specs[0].text, setup.specs[1].text),
        setup.seed if seed is None else int(seed),
        np.asarray(sides, dtype=np.int64),
        pairs.seat_weights(setup.weights() if weights is None else weights),
        pairs.record_cols(setup.cards) if keep else 0,
    )
    total = np.zeros(pairs.aggregate_size(int(setup.opts[O_TURN_CAP])), dtype=np.int64)
    size = PEER_CHUNK_PAIRS
    todo = iter([(first_pair + k, min(size, n_pairs - k)) for k in range(0, n_pairs, size)])

    def take(chunk: tuple[int, int, np.ndarray, np.ndarray]) -> None:
        first, count, agg, rows = chunk
        total[:] += agg
        if keep:
            keep(2 * (first - first_pair), rows)
        progress.update(2 * count)

    if setup.workers == 1:  # in this process: no process to spawn and load the kernels into
        for task in todo:
            take(play_chunk(run, *task))
        return total
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=setup.workers, mp_context=context) as pool:
        running = {pool.submit(play_chunk, run, *task) for task in _take(todo, AHEAD * setup.workers)}
        try:
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    take(future.result())
                running |= {pool.submit(play_chunk, run, *task) for task in _take(todo, len(done))}
        except BaseException:  # Ctrl-C: drop the chunks not started
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return total


def _take(items, n: int) -> list:
    out = []
    for _ in range(n):
        item = next(items, None)
        if item is None:
            break
        out.append(item)
    return out
