"""The play app's responsiveness (emr-sim tui, docs/play.md): prints figures, asserts nothing.

    python benchmarks/bench_tui.py startup [--runs 5]      # `emr-sim tui` to its first screen
    python benchmarks/bench_tui.py keys [--decisions 6]    # keys during the longest searches

startup: runs `python -m emr_sim.cli tui` in a pseudo-terminal of 120x40 (warm kernels: a
first run compiles and is reported apart) and times it from the start of the process until
the set-up screen's title has been written to the terminal, with the CPU time the process
had used by then (on a busy machine the wall time is the CPU time stretched by the waits for
a core; the load average is printed); then quits it with ctrl+q.

keys: drives the app headless (Textual's run_test, 120x40) against
ismcts(n=50000,depth=200) (the largest budget and the longest rollouts a player spec allows:
about 1 to 2 s a decision on one core; a plain ismcts:50000 often ends its search in 0.1 s
since the search stops once its choice is settled), the program moving first; while the program thinks in its
worker thread, sends keys as the terminal driver does, one every 20 ms, and times how long
each took to reach the screen's key handler, and how long H took until its answer (a
notification) was posted. Keys sent during the person's own decisions, with no search
running, give the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

TITLE = b"Play 8 Masters"
COLUMNS, LINES = 120, 40
PRESS_GAP = 0.02  # seconds between presses
SEARCH = "ismcts(n=50000,depth=200)"


def start_once(timeout: float = 120.0) -> float:
    """Seconds from spawning `emr-sim tui` in a pseudo-terminal to its first screen."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "TERM": "xterm-256color"}
    begun = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command line on the pseudo-terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "emr_sim.cli", "tui"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
    seen = b""
    try:
        while TITLE not in seen:
            if time.perf_counter() - begun > timeout:
                raise RuntimeError(f"no first screen after {timeout} s: {seen[-300:]!r}")
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                seen += os.read(fd, 65536)
        took = time.perf_counter() - begun
        cpu = cpu_seconds(pid)
        os.write(fd, b"\x11")  # ctrl+q
        _quit(pid, fd)
    finally:
        os.close(fd)
    if b"compiling the simulation kernels" in seen:
        return -took, cpu  # a cold start: reported apart
    return took, cpu


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system, all threads) the process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _quit(pid: int, fd: int, timeout: float = 10.0) -> None:
    """Wait for the app to end after ctrl+q (draining its output), or kill it."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        done, _status = os.waitpid(pid, os.WNOHANG)
        if done:
            return
        try:
            if select.select([fd], [], [], 0.05)[0]:
                os.read(fd, 65536)
        except OSError:  # the terminal closed: the app is ending
            pass
    os.kill(pid, 9)
    os.waitpid(pid, 0)


def startup(runs: int) -> None:
    times, cpus = [], []
    for _ in range(runs):
        t, cpu = start_once()
        if t < 0:
            print(f"emr-sim tui to its first screen, a cold start (it compiled): {-t:.2f} s, not counted")
            continue
        times.append(t)
        cpus.append(cpu)
    if times:
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"emr-sim tui to its first screen, warm kernels, {len(times)} runs: {shown} s")
        print(f"  median {statistics.median(times):.2f} s, max {max(times):.2f} s")
        shown = ", ".join(f"{c:.2f}" for c in cpus)
        print(f"  CPU time used by then (user + system): {shown} s, median {statistics.median(cpus):.2f} s")
        print(f"  load average at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


async def send(app, key: str, marks: list[float], timeout: float = 5.0) -> float | None:
    """Send a key event as the terminal would (without the pilot's wait for an idle CPU, which
    a search in the worker keeps busy) and time until MARKS grows: the key was handled."""
    from textual import events

    before = len(marks)
    sent = time.perf_counter()
    app._driver.send_message(events.Key(key, key))
    while len(marks) == before:
        if time.perf_counter() - sent > timeout:
            return None
        await asyncio.sleep(0.0005)
    return marks[-1] - sent


async def drive_keys(decisions: int) -> tuple[dict[str, list[float]], int, float]:
    from emr_sim.apps.tui.app import PlayApp
    from emr_sim.apps.tui.game import GameScreen
    from emr_sim.games.emr.face.versus import Setup
    from emr_sim.games.emr.face.warm import warm_kernels

    warm_kernels()
    handled: list[float] = []  # when the screen's key handler ran
    answered: list[float] = []  # when H's answer (a notification) was posted
    real_on_key, real_hint = GameScreen.on_key, GameScreen.action_hint

    def on_key(self, event):
        handled.append(time.perf_counter())
        return real_on_key(self, event)

    def action_hint(self):
        real_hint(self)
        answered.append(time.perf_counter())

    GameScreen.on_key, GameScreen.action_hint = on_key, action_hint  # type: ignore[method-assign]
    figures: dict[str, list[float]] = {"idle": [], "search": [], "hint": []}
    thinking_time = 0.0
    setup = Setup(seat=1, opponent=SEARCH, seed=3, rules={"first_player": "0"})
    app = PlayApp(setup, advisor="ismcts:200")
    async with app.run_test(size=(COLUMNS, LINES)) as pilot:
        await pilot.press("enter")
        while not isinstance(app.screen, GameScreen):
            await pilot.pause(0.01)
        screen = app.screen
        v = screen.versus
        searched = 0
        while searched < decisions and not v.over:
            if v.human_to_move and screen.actions.codes:
                for _ in range(10):  # the baseline: no search running
                    figures["idle"].append(await send(app, "x", handled) or float("nan"))
                    await asyncio.sleep(PRESS_GAP)
                await pilot.press("enter")  # take the highlighted action: the program thinks next
                continue
            if screen.thinking_since is None:
                await pilot.pause(0.01)
                continue
            begun = screen.thinking_since
            taken = len(v.actions)
            while len(v.actions) == taken and not v.over:
                for key, marks, where in (("x", handled, "search"), ("H", answered, "hint")):
                    took = await send(app, key, marks)
                    if took is not None and len(v.actions) == taken:
                        figures[where].append(took)
                    await asyncio.sleep(PRESS_GAP)
            thinking_time += time.monotonic() - begun
            searched += 1
        await pilot.press("Q")
    return figures, searched, thinking_time


def keys(decisions: int) -> None:
    figures, searched, thinking = asyncio.run(drive_keys(decisions))
    print(f"{searched} decisions of {SEARCH} searched in the worker thread, {thinking:.1f} s in all")
    labels = {
        "idle": "no search running, a key -> its handler",
        "search": f"during {SEARCH}, a key -> its handler",
        "hint": f"during {SEARCH}, H -> its answer posted",
    }
    for where, label in labels.items():
        ms = [t * 1000 for t in figures[where] if t == t]
        if ms:
            print(
                f"{label}: {len(ms)} keys, median {statistics.median(ms):.1f} ms, "
                f"90th percentile {sorted(ms)[int(0.9 * (len(ms) - 1))]:.1f} ms, max {max(ms):.1f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("startup")
    s.add_argument("--runs", type=int, default=5)
    k = sub.add_parser("keys")
    k.add_argument("--decisions", type=int, default=6)
    args = parser.parse_args()
    if args.what == "startup":
        startup(args.runs)
    else:
        keys(args.decisions)


if __name__ == "__main__":
    main()
