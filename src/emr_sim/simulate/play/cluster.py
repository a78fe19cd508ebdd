"""Runs on a Dask cluster: the same chunks of pairs as the threads, on worker processes.

    with connect("local:4") as cluster:   # or "tcp://HOST:8786"; None: EMR_SIM_CLUSTER, else None
        run_matrix(..., cluster=cluster)  # its run_pairs and score_batch send tasks to the cluster

Only this module imports Dask, and only inside `connect`, so a run without a cluster starts
as fast as before. `connect` checks the value and that Dask is installed; the cluster itself
starts (or the scheduler is reached) at its first use, so a command's inputs are all checked
before: a misspelt master is refused in a moment, not after the workers have started. The
commands start it (`runner.start_cluster(setup)`) before they write anything.

A task is a plain module-level function of emr_sim (`play_chunk`,
`emr_sim.tuning.scoring.play_points`) called with arrays, imported on the worker, never a
pickled numba dispatcher or closure; it returns compact arrays. The client gathers them as
they complete but hands them on in pair order (`keep` sees chunk after chunk, as a single
thread would), and it alone writes files: the run directory is written as by a run on threads.
Integer aggregates are summed, so a result does not depend on the number of workers, on the
chunk size or on which worker played what, and the run record holds neither.

Sending ahead: the chunks of calls to come (`expect`: the first part of every cell) are sent
while the current call's last chunks play, and so are the chunks of calls that may come
(`guess`: the next batches of --until-ci), but only when nothing certain is left to send. The
sequential rule still decides on whole batches in pair order; the guessed chunks past its
stopping point are dropped (`drop_guesses`), so they change no result.

Faults: a worker that dies has its tasks played again on another (the scheduler reschedules
them; `retries` covers a task that raised on a dying worker). A scheduler that goes away ends
the command with ClusterLost (exit code EXIT_CLUSTER_LOST): finished cells are kept and the
same command resumes.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from emr_sim.errors import ClusterLost
from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr.options import O_TURN_CAP
from emr_sim.simulate.play import runner

CLUSTER_ENV = "EMR_SIM_CLUSTER"
LOCAL = "local:"
ADDRESS_SCHEMES = ("tcp://", "tls://")
INSTALL = "pip install 'emr-sim[cluster]'"
CONNECT_SECONDS = 10  # a scheduler that does not answer within this is unreachable
RETRIES = 3  # a task that raised (on a worker going down) is tried this many more times
CHUNK_PAIRS = 500  # pairs per task, greedy or random (search: runner.SEARCH_CHUNK_PAIRS); docs/cluster.md
AHEAD = 4  # tasks in flight per worker
GUESSED_PER_WORKER = 2  # --until-ci: guessed chunks per worker, so none waits for a round trip
QUOTE_PLAIN = 40  # a value longer than this is quoted and cut in messages
WORKERS_SECONDS = 1.0  # the list of workers is asked of the scheduler at most this often


LOCAL_PER_CORE = 4  # local:N at most this many worker processes per core of this machine
MAX_COUNT_DIGITS = 9  # local:N with more digits is no number of processes (and no int to parse)


def cluster_name(text: str, from_env: bool = False) -> str:
    """How messages name the value: as the user gave it, the option or the variable."""
    return f"{CLUSTER_ENV}={text}" if from_env else f"--cluster {text}"


def most_local_workers() -> int:
    return LOCAL_PER_CORE * (os.cpu_count() or 1)


def parse_cluster(text: str, name: str | None = None) -> tuple[str, int | str]:
    """("local", N) for local:N, ("address", text) for tcp://HOST:PORT; ValueError naming the
    value as `name` ("--cluster local:0", or "EMR_SIM_CLUSTER=local:0") otherwise. local:N is
    refused beyond LOCAL_PER_CORE processes a core, before any starts."""
    from emr_sim.errors import quoted

    value = text.strip()
    name = name or cluster_name(quoted(text))
    if value.startswith(LOCAL):
        count = value[len(LOCAL) :]
        if not (count.isascii() and count.isdigit()) or int(count[: MAX_COUNT_DIGITS + 1]) < 1:
            raise ValueError(f"{name}: local:N needs a number of workers of at least 1")
        most = most_local_workers()
        if len(count) > MAX_COUNT_DIGITS or int(count) > most:
            raise ValueError(
                f"{name}: at most {most} local workers on this machine ({LOCAL_PER_CORE} a core, "
                f"{os.cpu_count() or 1} cores); for more, start a Dask scheduler and its workers "
                "and give tcp://HOST:PORT (docs/cluster.md)"
            )
        return "local", int(count)
    if value.startswith(ADDRESS_SCHEMES) and ":" in value.split("://", 1)[1]:
        return "address", value
    raise ValueError(f"{name}: expected local:N or tcp://HOST:PORT (a Dask scheduler)")


def play_chunk(table, opts, seed, first_pair, count, sides, weights, keep_rows):
    """One task: pairs first_pair .. first_pair + count - 1 of `seed`; (aggregate, record
    rows, empty unless keep_rows). keep_rows: the rows' columns (loops.pairs.record_cols: with
    the card events or not), 0 for none. Runs on a worker; the kernels load from its cache."""
    agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * count if keep_rows else 0, keep_rows or pairs.RECORD_COLS), dtype=np.int64)
    pairs.play_pairs(table, opts, seed, first_pair, count, sides, agg, rows, weights)
    return agg, rows


def warm_up(table, opts, sides, weights) -> int:
    """Load (or compile) the kernels in this worker process by playing no pairs; its pid."""
    play_chunk(table, opts, 0, 0, 0, sides, weights, 0)
    return os.getpid()


@dataclass
class Cluster:
    """A Dask client, connected at its first use (`start`), and what the runner needs of it."""

    where: tuple[str, int | str]  # parse_cluster's answer: ("local", N) or ("address", URL)
    say: Callable[[str], None]
    name: str = "--cluster"  # how messages name the value: the option or the variable given
    warmed: set = field(default_factory=set)  # (worker address, search kernel) loaded
    upcoming: dict = field(default_factory=dict)  # chunk key -> args, expected, not yet sent
    guessed: dict = field(default_factory=dict)  # chunk key -> args, may be asked for, not yet sent
    sent: dict = field(default_factory=dict)  # chunk key -> future, sent ahead of its call
    sent_guesses: set = field(default_factory=set)  # the keys of `sent` that were guessed
    dropped: int = 0  # guessed chunks dropped, sent or not (past the stopping point of --until-ci)
    _client: object = field(default=None, repr=False)
    _workers: tuple[float, list[str]] = field(default=(-math.inf, []), repr=False)  # (asked at, list)
    _stack: contextlib.ExitStack = field(default_factory=contextlib.ExitStack, repr=False)

    @property
    def client(self):
        """The Dask client; the cluster starts (or the scheduler is reached) on first use."""
        if self._client is None:
            self.start()
        return self._client

    def start(self) -> None:
        """Start the LocalCluster or reach the scheduler, and say where the run plays."""
        if self._client is None:
            self._client = open_client(self.where, self._stack, self.name)
            self.say(describe(self))

    def close(self) -> None:
        self._stack.close()
        self._client, self._workers = None, (-math.inf, [])

    def workers(self) -> list[str]:
        """The workers' addresses, asked of the scheduler at most every WORKERS_SECONDS (each
        call of run_pairs needs them: an --until-ci batch is a call)."""
        asked, known = self._workers
        now = time.monotonic()
        if now - asked >= WORKERS_SECONDS:
            known = list(self.client.scheduler_info(n_workers=-1)["workers"])
            self._workers = (now, known)
        return known

    def warm(self, table, opts, sides, weights) -> None:
        """Load the kernels on every worker not yet warmed, before tasks are sent: one task
        pinned to each worker (a compile takes minutes on a cold cache: the line says so)."""
        kind = runner.searching(sides)  # the search's loop is a kernel of its own
        todo = [w for w in self.workers() if (w, kind) not in self.warmed]
        if not todo:
            return
        start = time.perf_counter()
        self.say(
            f"loading the kernels on {len(todo)} workers (from the cache; a cold compile takes minutes) ..."
        )
        futures = [
            self.client.submit(
                warm_up, table, opts, sides, weights, workers=[w], allow_other_workers=True, pure=False
            )  # loose: a worker gone meanwhile leaves its warm-up to another, not waiting forever
            for w in todo
        ]
        self.gather(futures)
        self.warmed.update((w, kind) for w in todo)
        self.say(f"kernels loaded on {len(todo)} workers in {time.perf_counter() - start:.1f} s")

    def submit(self, fn, *args):
        return self.client.submit(fn, *args, pure=False, retries=RETRIES)

    def gather(self, futures) -> list:
        with lost_scheduler(self):
            return [f.result() for f in futures]

    def map_ordered(self, fn, arg_tuples: list[tuple]) -> list:
        """fn(*args) for each tuple, on the cluster; the results in the order given."""
        return self.gather([self.submit(fn, *args) for args in arg_tuples])

    def expect(self, table, opts, calls: list[tuple]) -> None:
        """Calls of run_pairs to come, (seed, first_pair, n_pairs, sides, weights, keep_rows)
        each: their chunks are sent while the current call's last chunks are played, so the
        workers do not wait at the end of each cell. A later call with the same arguments
        takes the chunks sent for it; the chunks of an earlier expectation are dropped."""
        for future in self.sent.values():
            future.cancel()
        self.upcoming, self.sent = call_chunks(table, opts, calls), {}
        self.guessed, self.sent_guesses = {}, set()

    def guess(self, table, opts, calls: list[tuple]) -> None:
        """Calls of run_pairs that may come, as for `expect`: their chunks are sent only when
        no expected chunk is left to send, and drop_guesses drops those not asked for."""
        for key, args in call_chunks(table, opts, calls).items():
            if key not in self.sent and key not in self.upcoming:
                self.guessed[key] = args

    def drop_guesses(self) -> int:
        """Drop every guessed chunk not taken (the sent ones cancelled); how many."""
        count = len(self.guessed) + len(self.sent_guesses)
        for key in self.sent_guesses:
            self.sent.pop(key).cancel()
        self.guessed, self.sent_guesses = {}, set()
        self.dropped += count
        return count

    def take(self, args: tuple):
        """The future of a chunk: the one sent ahead for it, else a new one."""
        key = chunk_key(args)
        self.upcoming.pop(key, None)
        self.guessed.pop(key, None)
        self.sent_guesses.discard(key)
        future = self.sent.pop(key, None)
        return self.submit(play_chunk, *args) if future is None else future

    def send_ahead(self, room: int) -> None:
        """Up to `room` chunks sent: the expected ones first (in the order they were expected),
        then the guessed ones."""
        for pending, guessed in ((self.upcoming, False), (self.guessed, True)):
            for key in list(itertools.islice(pending, max(0, room))):
                self.sent[key] = self.submit(play_chunk, *pending.pop(key))
                room -= 1
                if guessed:
                    self.sent_guesses.add(key)

    def guess_pairs(self, sides: np.ndarray) -> int:
        """How many pairs past the current call are worth guessing: GUESSED_PER_WORKER chunks
        a worker, so that each has its next chunk while the client hears of the last."""
        return GUESSED_PER_WORKER * len(self.workers()) * chunk_pairs(sides)

    def run_pairs(self, table, opts, seed, first_pair, n_pairs, sides, weights, keep, progress, columns=None):
        """runner.run_pairs on the cluster: the aggregate; keep(first row, rows) in pair order,
        rows of `columns` (loops.pairs.record_cols; RECORD_COLS for None)."""
        width = (columns or pairs.RECORD_COLS) if keep else 0
        from distributed import as_completed

        self.warm(table, opts, sides, weights)
        total = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
        todo = runner.chunks(n_pairs, chunk_pairs(sides))
        where: dict[str, tuple[int, int]] = {}

        def send(first: int, count: int):
            future = self.take((table, opts, seed, first_pair + first, count, sides, weights, width))
            where[future.key] = (first, count)
            return future

        window = AHEAD * max(1, len(self.workers()))
        flow = as_completed([send(*c) for c in itertools.islice(todo, window)])
        self.send_ahead(window - len(where) - len(self.sent))  # room left: the next calls' chunks
        waiting: dict[int, tuple[int, np.ndarray]] = {}  # first pair -> (count, rows), not yet kept
        next_first = 0
        with lost_scheduler(self):
            for future in flow:
                agg, rows = future.result()
                first, count = where.pop(future.key)
                total += agg
                progress.update(2 * count)
                waiting[first] = (count, rows)
                while next_first in waiting:  # in pair order, whatever order they finished in
                    count, rows = waiting.pop(next_first)
                    if keep:
                        keep(2 * next_first, rows)
                    next_first += count
                for c in itertools.islice(todo, 1):
                    flow.add(send(*c))
                self.send_ahead(window - len(where) - len(self.sent))  # this call's last chunks
        return total


def chunk_pairs(sides: np.ndarray) -> int:
    """Pairs per task: CHUNK_PAIRS, or the runner's few pairs with a search player."""
    return runner.SEARCH_CHUNK_PAIRS if runner.searching(sides) else CHUNK_PAIRS


def call_chunks(table, opts, calls: list[tuple]) -> dict:
    """chunk key -> play_chunk's arguments, for every chunk of each call (seed, first_pair,
    n_pairs, sides, weights, keep_rows), in order."""
    out = {}
    for seed, first_pair, n_pairs, sides, weights, keep_rows in calls:
        for first, count in runner.chunks(n_pairs, chunk_pairs(sides)):
            args = (table, opts, seed, first_pair + first, count, sides, weights, keep_rows)
            out[chunk_key(args)] = args
    return out


def chunk_key(args: tuple) -> tuple:
    """What makes two chunks the same task: every argument, the arrays by their bytes."""
    return tuple(a.tobytes() if isinstance(a, np.ndarray) else a for a in args)


@contextlib.contextmanager
def lost_scheduler(cluster: Cluster) -> Iterator[None]:
    """A lost connection to the scheduler, or a task whose workers kept dying (the scheduler
    gives up after its allowed failures), as ClusterLost; an error of a task as it was."""
    from distributed import KilledWorker
    from distributed.client import FutureCancelledError
    from distributed.comm.core import CommClosedError

    try:
        yield
    except KilledWorker as err:
        raise ClusterLost(
            f"workers died each time they ran a task ({err.task}; out of memory?); "
            "finished cells are kept: run the same command again to resume"
        ) from None
    except (FutureCancelledError, CommClosedError, OSError, TimeoutError) as err:
        address = getattr(getattr(cluster.client, "scheduler", None), "address", "?")
        raise ClusterLost(
            f"the Dask scheduler {address} went away ({type(err).__name__}); "
            "finished cells are kept: run the same command again to resume"
        ) from None


def quiet_logs() -> None:
    """Dask's own log lines off (worker starts, closing comms, the traceback of a lost
    connection): what went wrong reaches the command as an exception, said in one line."""
    for name in ("distributed", "distributed.client", "distributed.nanny", "distributed.scheduler"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def say_on_stderr(text: str) -> None:
    sys.stderr.write(f"emr-sim: {text}\n")
    sys.stderr.flush()


def describe(cluster: Cluster) -> str:
    """The line that says where the run plays: scheduler, workers, the dashboard if served."""
    client = cluster.client
    info = client.scheduler_info(n_workers=-1)
    where = f"cluster {info['address']}: {len(info['workers'])} workers"
    if "dashboard" in info.get("services", {}):
        return f"{where}; dashboard {client.dashboard_link}"
    return f"{where}; the scheduler serves no dashboard"


def open_client(where: tuple[str, int | str], stack: contextlib.ExitStack, name: str = ""):
    """A Dask client of a new LocalCluster (("local", N)) or of a running scheduler (("address",
    URL)), closed with `stack`; ValueError for a scheduler that does not answer (named as `name`:
    the option or the variable the user set)."""
    import distributed

    kind, value = where
    if kind == "local":
        local = distributed.LocalCluster(
            n_workers=int(value),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,  # a task's error reaches the client as an exception
        )
        stack.enter_context(local)
        return stack.enter_context(distributed.Client(local))
    try:
        client = distributed.Client(str(value), timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as err:
        raise ValueError(f"{name}: no Dask scheduler answers there ({err})") from None
    stack.callback(client.close)
    return client


@contextlib.contextmanager
def connect(text: str | None, say: Callable[[str], None] | None = None) -> Iterator[Cluster | None]:
    """The cluster `text` names (local:N or tcp://HOST:PORT; None: EMR_SIM_CLUSTER, and
    without it None and nothing of Dask imported), for the block to hand to the runs it starts
    (run_setup's `cluster`); closed when the block ends. The value is checked here; the
    cluster starts at its first use (Cluster.start)."""
    from emr_sim.errors import quoted

    from_env = not text
    text = text or os.environ.get(CLUSTER_ENV) or None
    if not text:
        yield None
        return
    name = cluster_name(quoted(text) if len(text) > QUOTE_PLAIN else text, from_env)
    where = parse_cluster(text, name)
    try:
        import distributed  # noqa: F401
    except ImportError:
        option = CLUSTER_ENV if from_env else "--cluster"
        raise ValueError(f"{option} needs Dask, which is not installed: {INSTALL}") from None
    quiet_logs()
    cluster = Cluster(where, say or (lambda _text: None), name)
    try:
        yield cluster
    finally:
        cluster.close()
