"""Runs on a Dask cluster (emr_sim.simulate.play.cluster): a LocalCluster of 2 worker processes
plays a matrix, a ladder step and a tuning generation to the same files and numbers as the
threads, also when a worker is killed mid-run; bad --cluster values end with one line.

Each test is bounded by an alarm (ALARM_SECONDS), so a hang fails instead of stalling CI.
Without Dask the tests skip, except under CI (CI set), where they fail.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from support.cli import fails, run

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.players.params import default_vector
from emr_sim.simulate.play import cluster as K
from emr_sim.simulate.play import runner
from emr_sim.simulate.play.ladder import LadderPlay, run_ladder
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup
from emr_sim.tuning.cmaes import TuneSettings, tune_vector
from emr_sim.tuning.scoring import Field, score_batch

ALARM_SECONDS = 120  # per test: a LocalCluster starts in a few seconds, the runs take less
SMALL_CHUNK = 7  # pairs per task in the tests: many tasks, finishing out of order


def dask_or_skip() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        reason = "dask[distributed] is not installed (pip install 'emr-sim[cluster]')"
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but the cluster tests cannot run: {reason}", pytrace=False)
        pytest.skip(f"{reason}; CI is unset, so skipping")


@contextlib.contextmanager
def alarm(seconds: int = ALARM_SECONDS):
    """TimeoutError in the test after `seconds`: a hung cluster fails the test."""

    def ring(signum, frame):
        raise TimeoutError(f"the cluster test took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(autouse=True)
def bounded():
    with alarm():
        yield


@pytest.fixture(scope="module")
def local2():
    """A LocalCluster of 2 workers for the module; a run plays on it only when handed it
    (cluster=...), so the reference runs play on threads."""
    dask_or_skip()
    with alarm(), K.connect("local:2") as cluster:
        yield cluster


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(K, "CHUNK_PAIRS", SMALL_CHUNK)


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def watch(monkeypatch, method: str, note) -> list:
    """Cluster.<method> made to append note(cluster, *args) to the list returned, then run."""
    seen: list = []
    real = getattr(K.Cluster, method)

    def watched(self, *args):
        seen.append(note(self, *args))
        return real(self, *args)

    monkeypatch.setattr(K.Cluster, method, watched)
    return seen


def test_a_matrix_on_the_cluster_writes_the_same_files(local2, small_chunks, tmp_path, monkeypatch):
    tasks = watch(monkeypatch, "submit", lambda cluster, fn, *args: fn)
    settings, play = RunSettings(seed=5, workers=2), MatrixPlay(heroes="crow,wind,earth", games=120)
    run_matrix(tmp_path / "threads", settings, play)
    assert tasks == []  # the reference is played on threads
    done = run_matrix(tmp_path / "cluster", settings.but(cluster=local2), play)
    assert len(done.played) == 3 and len(tasks) == 3 * -(-60 // SMALL_CHUNK)
    threads, dask = tree(tmp_path / "threads"), tree(tmp_path / "cluster")
    assert len(threads) >= 4 and threads == dask


def test_a_matrix_with_card_events_on_the_cluster_writes_the_same_files(local2, small_chunks, tmp_path):
    """--cards: the chunks' record rows carry the card sets on the workers too."""
    settings, play = RunSettings(seed=5, workers=2, cards=True), MatrixPlay(heroes="crow,earth", games=60)
    run_matrix(tmp_path / "threads", settings, play)
    run_matrix(tmp_path / "cluster", settings.but(cluster=local2), play)
    threads, dask = tree(tmp_path / "threads"), tree(tmp_path / "cluster")
    assert threads == dask and b'"cards": true' in threads["run.json"]


def test_a_matrix_of_search_players_with_its_settings_on_the_cluster_writes_the_same_files(
    local2, small_chunks, tmp_path
):
    """The search's settings (stop, reuse, width, prior, widen) travel in the seats' weights: a kept tree
    and the narrower budgets play the same games on the workers as on threads."""
    players = "ismcts(n=6,stop=0.5,reuse=1,width=4),ismcts(n=4,reuse=1,prior=1,widen=1)"
    settings, play = (
        RunSettings(seed=5, workers=2, players=players),
        MatrixPlay(heroes="crow,earth", games=16),
    )
    run_matrix(tmp_path / "threads", settings, play)
    run_matrix(tmp_path / "cluster", settings.but(cluster=local2), play)
    threads, dask = tree(tmp_path / "threads"), tree(tmp_path / "cluster")
    assert len(threads) >= 2 and threads == dask and b"reuse=1" in threads["run.json"]


def test_the_next_cells_are_sent_while_one_ends(local2, small_chunks, tmp_path, monkeypatch):
    """Chunks of the cells to come are sent ahead (Cluster.expect) and taken by their cell."""
    ahead = watch(monkeypatch, "take", lambda cluster, args: K.chunk_key(args) in cluster.sent)
    run_matrix(
        tmp_path / "cluster",
        RunSettings(seed=5, workers=2, cluster=local2),
        MatrixPlay(heroes="crow,wind,earth", games=120),
    )
    assert len(ahead) == 3 * -(-60 // SMALL_CHUNK) and any(ahead) and not local2.sent


@pytest.mark.parametrize("overguess", [False, True])
def test_until_ci_decides_the_same_on_the_cluster(local2, small_chunks, tmp_path, monkeypatch, overguess):
    """The next batches are guessed and sent ahead; those past the stopping point are dropped
    (overguess: the guesser expects the rule never to stop, so there are some to drop); the
    files are those of the threads."""
    from emr_sim.simulate.play import matrix
    from emr_sim.simulate.runs import cells

    monkeypatch.setattr(cells, "BATCH_PAIRS", 20)  # the batches (cells.sequential_batches) ...
    monkeypatch.setattr(matrix, "BATCH_PAIRS", 20)  # ... and how many the guesser looks ahead
    if overguess:
        monkeypatch.setattr(matrix, "rule_continues", lambda rate, games, until_ci: True)
    taken_guesses = watch(
        monkeypatch, "take", lambda cluster, args: K.chunk_key(args) in cluster.sent_guesses
    )
    settings = RunSettings(seed=9, workers=2)
    play = MatrixPlay(heroes="crow,wind,earth", games=40, until_ci=0.1, max_games=400)
    run_matrix(tmp_path / "threads", settings, play)
    dropped = local2.dropped
    done = run_matrix(tmp_path / "cluster", settings.but(cluster=local2), play)
    assert done.games_played > 3 * 40  # the sequential rule added batches
    assert tree(tmp_path / "threads") == tree(tmp_path / "cluster")
    assert any(taken_guesses)  # batches were sent before the rule asked for them
    assert (local2.dropped > dropped) == overguess  # ... and the guesses past its stopping point dropped
    assert not local2.sent and not local2.guessed and not local2.sent_guesses


def test_the_guesser_guesses_what_the_rule_will_ask_for():
    """Guessed batches stop where the running rate says the rule will stop (emr_sim.simulate.
    matrix.Guesser): at 50 % and ±10 points, about 96 games."""
    from emr_sim.simulate.play import matrix

    told = []
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules=None, seed=1, workers=1), "a test"
    )
    spec = matrix.CellSpec(setup, 20, until_ci=0.1, max_games=400)
    batches = [(first, 10) for first in range(10, 200, 10)]
    guesser = matrix.Guesser(spec, setup.sides(0, 1), 1, batches, depth=100)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matrix, "guess", lambda setup, sides, seed, parts: told.extend(parts))
        guesser.ahead(0, 10, 20)
    firsts = [first for first, _ in told]
    assert firsts == [10, 20, 30, 40]  # at 2 * 50 = 100 games the half-width is under 0.1
    assert matrix.rule_continues(0.5, 2 * 40, 0.1) and not matrix.rule_continues(0.5, 2 * 50, 0.1)


def test_a_ladder_step_on_the_cluster_is_the_same(local2, small_chunks, tmp_path):
    settings, play = (
        RunSettings(seed=3, workers=2),
        LadderPlay(rungs="random,greedy", heroes="crow,wind", games=80),
    )
    run_ladder(tmp_path / "threads", settings, play)
    run_ladder(tmp_path / "cluster", settings.but(cluster=local2), play)
    threads, dask = tree(tmp_path / "threads"), tree(tmp_path / "cluster")
    assert any(name.endswith(".parquet") for name in threads) and threads == dask


def tuning_field() -> Field:
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules=None, seed=1, workers=2), "a test"
    )
    return Field(setup, np.tile(default_vector(), (len(C.HERO_NAMES) + 1, 1)))


def test_a_tuning_generation_on_the_cluster_is_the_same(local2, tmp_path):
    fld, v = tuning_field(), default_vector()
    settings = TuneSettings("crow", 1, 3, 17, 4)
    threads = tune_vector(fld, settings, tmp_path / "threads.pkl", None)[0]
    batch = score_batch(fld, "crow", [v, threads], 11, 3)
    on_cluster = Field(replace(fld.setup, cluster=local2), fld.vectors)
    dask = tune_vector(on_cluster, settings, tmp_path / "cluster.pkl", None)[0]
    dask_batch = score_batch(on_cluster, "crow", [v, threads], 11, 3)
    assert np.array_equal(threads, dask)
    assert np.array_equal(batch, dask_batch) and batch.shape == (2, 8 * 3)


class Counting:
    """A progress bar that counts the games."""

    def __init__(self):
        self.n = 0

    def update(self, games: int) -> None:
        self.n += games


class KillOnce(Counting):
    """A progress bar that kills one worker process (SIGKILL, by its pid) at its first update."""

    def __init__(self, pid: int):
        super().__init__()
        if pid <= 1 or pid == os.getpid():  # never a process group, init or this process
            raise ValueError(f"not a worker's pid: {pid}")
        self.pid, self.killed = pid, False

    def update(self, games: int) -> None:
        super().update(games)
        if not self.killed:
            os.kill(self.pid, signal.SIGKILL)
            self.killed = True


def test_a_worker_killed_mid_run_changes_nothing(small_chunks):
    dask_or_skip()
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules=None, seed=4, workers=2), "a test"
    )
    sides, n_pairs = setup.sides(0, 3), 300
    kept: dict[int, np.ndarray] = {}

    def keep(first: int, rows: np.ndarray) -> None:
        kept[first] = rows.copy()

    threads = runner.run_pairs(setup, sides, n_pairs, Counting(), keep=keep)
    threads_rows = np.concatenate([kept[k] for k in sorted(kept)])
    kept.clear()
    with K.connect("local:2") as cluster:
        assert cluster is not None
        pids = sorted(cluster.client.run(os.getpid).values())
        assert len(pids) == 2 and os.getpid() not in pids
        bar = KillOnce(pids[0])
        dask = runner.run_pairs(replace(setup, cluster=cluster), sides, n_pairs, bar, keep=keep)
    assert bar.killed and bar.n == 2 * n_pairs
    assert np.array_equal(threads, dask)
    assert np.array_equal(threads_rows, np.concatenate([kept[k] for k in sorted(kept)]))


def test_keep_sees_the_chunks_in_pair_order(local2, small_chunks):
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules=None, seed=8, workers=2), "a test"
    )
    firsts: list[int] = []
    on_cluster = replace(setup, cluster=local2)
    runner.run_pairs(on_cluster, setup.sides(1, 2), 100, Counting(), keep=lambda f, rows: firsts.append(f))
    assert firsts == sorted(firsts) and firsts[0] == 0 and len(firsts) == -(-100 // SMALL_CHUNK)


@pytest.mark.parametrize(
    "value, needle",
    [("local:0", "local:N needs a number"), ("local:x", "local:N"), ("udp://h:1", "expected local:N")],
)
def test_a_bad_cluster_value_is_one_line(value, needle, tmp_path):
    fails(
        "matrix",
        "-o",
        tmp_path / "r",
        "--heroes",
        "crow,wind",
        "-n",
        2,
        "--cluster",
        value,
        needles=(needle,),
    )
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("command", ["matrix", "ladder", "tune", "matchup"])
def test_every_command_that_plays_many_games_takes_cluster(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and "--cluster local:N|tcp://HOST:PORT" in result.output


def test_without_dask_the_message_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    fails(
        "matchup",
        "crow",
        "wind",
        "-n",
        2,
        "--cluster",
        "local:1",
        needles=("pip install 'emr-sim[cluster]'",),
    )


def test_an_unreachable_scheduler_is_one_line(monkeypatch, tmp_path):
    dask_or_skip()
    monkeypatch.setattr(K, "CONNECT_SECONDS", 2)
    monkeypatch.setenv("EMR_SIM_CLUSTER", "tcp://127.0.0.1:9")  # the discard port: nothing listens
    fails(
        "matrix",
        "-o",
        tmp_path / "r",
        "--heroes",
        "crow,wind",
        "-n",
        2,
        needles=("no Dask scheduler answers",),
    )
    assert not (tmp_path / "r").exists()


UNREACHABLE = "tcp://127.0.0.1:9"  # the discard port: nothing listens


@pytest.mark.parametrize(
    "args, needle",
    [
        (("matrix", "-o", "{tmp}/r", "--heroes", "crow,bogus", "-n", 2), "unknown hero 'bogus'"),
        (("matrix", "-o", "{tmp}/r", "--heroes", "crow,wind", "--players", "greedy,nobody"), "nobody"),
        (("ladder", "-o", "{tmp}/r", "--heroes", "crow,bogus", "-n", 2), "unknown hero 'bogus'"),
        (("tune", "bogus", "-o", "{tmp}/r"), "bogus"),
        (("matchup", "crow", "bogus", "-n", 2), "bogus"),
    ],
)
def test_inputs_are_checked_before_the_cluster_starts(args, needle, monkeypatch, tmp_path):
    """With a scheduler that does not answer, a bad input is named, not the scheduler: the
    inputs are checked before the cluster is reached, and nothing is written."""
    dask_or_skip()
    monkeypatch.setattr(K, "CONNECT_SECONDS", 2)
    monkeypatch.setenv(K.CLUSTER_ENV, UNREACHABLE)
    line = fails(*(str(a).format(tmp=tmp_path) for a in args), needles=(needle,))
    assert "scheduler" not in line
    assert not (tmp_path / "r").exists()


def test_a_local_cluster_is_not_started_for_bad_input(monkeypatch, tmp_path):
    dask_or_skip()
    import distributed

    def refuse(*args, **kwargs):
        raise AssertionError("the LocalCluster was started")

    monkeypatch.setattr(distributed, "LocalCluster", refuse)
    other = tmp_path / "other"
    run_matrix(
        other, RunSettings(workers=1), MatrixPlay(heroes="crow,wind", games=2)
    )  # another run's directory
    fails(
        "matrix",
        "-o",
        other,
        "--heroes",
        "crow,earth",
        "-n",
        2,
        "--cluster",
        "local:2",
        needles=("different run",),
    )
    fails(
        "matrix", "-o", tmp_path / "r", "--heroes", "crow", "--cluster", "local:2", needles=("two masters",)
    )


def test_without_cluster_nothing_of_dask_is_imported():
    code = (
        "import sys; from emr_sim.cli import main\n"
        "try: main(['matchup', 'crow', 'wind', '-n', '4', '--quiet'])\n"
        "except SystemExit: pass\n"
        "print('dask' in sys.modules, 'distributed' in sys.modules, file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k != K.CLUSTER_ENV}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=100, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "False False"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dask_process(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )


def test_a_lost_scheduler_ends_with_exit_4_and_the_run_resumes(tmp_path):
    """A scheduler and a worker started by hand (as docs/cluster.md says), the scheduler killed
    once a cell is written: one line, exit 4, the cells kept; the run resumes (here on threads)
    to the files of a run on threads."""
    dask_or_skip()
    port = str(free_port())
    address = f"tcp://127.0.0.1:{port}"
    run_dir, heroes = tmp_path / "run", "crow,wind,earth,poison"
    command = [
        sys.executable,
        "-m",
        "emr_sim.cli",
        "matrix",
        "-o",
        str(run_dir),
        "--heroes",
        heroes,
        "-n",
        "6000",
    ]
    scheduler = dask_process("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", port)
    worker = dask_process("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-dashboard")
    try:
        cli = [*command, "--quiet", "--cluster", address]
        playing = subprocess.Popen(cli, stderr=subprocess.PIPE, text=True)
        while not list((run_dir / "cells").glob("*.parquet")) and playing.poll() is None:
            time.sleep(0.05)
        scheduler.kill()
        _, stderr = playing.communicate(timeout=60)
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait(timeout=30)
    assert playing.returncode == 4, stderr
    assert "Traceback" not in stderr and stderr.splitlines()[-1].startswith(
        "emr-sim: error: the Dask scheduler"
    )
    kept = list((run_dir / "cells").glob("*.parquet"))
    assert 1 <= len(kept) < 6
    resumed = run_matrix(
        run_dir, RunSettings(workers=2), MatrixPlay(heroes=heroes, games=6000)
    )  # the same run, resumed on threads
    assert len(resumed.skipped) == len(kept) and len(resumed.played) == 6 - len(kept)
    run_matrix(tmp_path / "threads", RunSettings(workers=2), MatrixPlay(heroes=heroes, games=6000))
    assert tree(run_dir) == tree(tmp_path / "threads")


def test_a_lost_connection_is_cluster_lost(local2):
    """What the scheduler's going away raises in the client is ClusterLost, not Dask's error."""
    from distributed.comm.core import CommClosedError

    from emr_sim.errors import ClusterLost

    with pytest.raises(ClusterLost, match="went away"), K.lost_scheduler(local2):
        raise CommClosedError("in test")


def test_a_task_whose_workers_keep_dying_is_cluster_lost(local2):
    from distributed import KilledWorker

    from emr_sim.errors import ClusterLost

    with pytest.raises(ClusterLost, match="workers died each time"), K.lost_scheduler(local2):
        raise KilledWorker("play_chunk-1", None, 3)
