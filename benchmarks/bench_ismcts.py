"""The search player's speed and strength (issue 14's goals; figures in docs/benchmarks.md).

    python benchmarks/bench_ismcts.py speed [--iterations 20000] [--positions 6]
    python benchmarks/bench_ismcts.py strength [-n 400] [--rungs greedy,ismcts:100,...] [--chain]

speed: iterations per second on one core for each leaf policy, searching the same positions
(decisions with 3+ legal actions of seeded greedy games, fury on), beside the rate of random
playouts to the end of the game from those positions, measured in the same run.

strength: one ladder step per upper rung against the first rung, or with --chain against
the rung below it (emr_sim.simulate.play.ladder:
every ordered assignment of the 8 masters, seats swapped on common deals), printing the
upper rung's score with its paired 95 % interval and the seconds per game. The default
rungs end with ismcts-open:400, the same search seeing the hidden cards: beside the ismcts
figures, the ceiling of what search can gain (never a balance figure).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, player_weights
from emr_sim.games.emr.players.determinise import determinise, unseen_cards
from emr_sim.games.emr.rules.flow import apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.jit import njit_entry
from emr_sim.rng import below, seed_rng
from emr_sim.simulate.play.ladder import LadderPlay
from emr_sim.simulate.play.settings import RunSettings

LEAVES = ("eval", "random", "greedy", "tuned")
DEPTH = 10
PLAYOUTS = 20_000


def player_rngs(seed: int) -> np.ndarray:
    """The two player RNG streams of game (seed, 0), as game.play() seeds them."""
    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, seed, 0, 1 + p)
    return prng


def positions(count: int) -> list[Game]:
    """Decisions with 3+ legal actions, from seeded greedy games (fury on, named masters)."""
    found: list[Game] = []
    heroes = ("crow,illusion", "earth,wind", "kungfu,master", "bushido,poison")
    for k in range(count):
        g = Game.new(100 + k, rules={"fury": "on"}, heroes=heroes[k % len(heroes)])
        prng = player_rngs(100 + k)
        for _ in range(12 + 5 * k):
            if g.over:
                break
            g.apply(g.choose((C.PLAYER_GREEDY, C.PLAYER_GREEDY), prng))
        while not g.over and len(g.legal_codes()) < 3:
            g.apply(g.choose((C.PLAYER_GREEDY, C.PLAYER_GREEDY), prng))
        if not g.over:
            found.append(g)
    return found


@njit_entry
def random_playouts(obs, T, O, me, count, R, unseen, seen, legal, ev, rng):
    """`count` random playouts to the end from determinisations of obs; decisions played."""
    n_unseen = unseen_cards(obs, T, me, seen, unseen)
    steps = 0
    for _ in range(count):
        determinise(obs, me, unseen, n_unseen, R, rng)
        while R[C.H_PHASE] != C.DK_NONE:
            m = legal_actions(R, T, O, legal)
            apply_action(R, T, O, ev, legal[below(rng, 0, m)] if m > 0 else 0)
            steps += 1
    return steps


def playout_rate(games: list[Game]) -> tuple[float, float]:
    """(playouts per second, decisions per playout) on one core."""
    from emr_sim.games.emr.players.observe import observe

    R = np.zeros(C.STATE_SIZE, dtype=np.int64)
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    unseen, seen = np.zeros(C.MAX_CARDS, dtype=np.int64), np.zeros(C.MAX_CARDS, dtype=np.int64)
    legal = np.zeros(C.MAX_LEGAL, dtype=np.int64)
    ev = np.zeros((1, C.EV_SIZE), dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 0, 1, 2, 3)
    observe(games[0].state, games[0].decider, obs)
    random_playouts(obs, games[0].table, games[0].opts, games[0].decider, 1, R, unseen, seen, legal, ev, rng)
    start, steps = time.perf_counter(), 0
    for g in games:
        observe(g.state, g.decider, obs)
        steps += random_playouts(obs, g.table, g.opts, g.decider, PLAYOUTS, R, unseen, seen, legal, ev, rng)
    seconds = time.perf_counter() - start
    return PLAYOUTS * len(games) / seconds, steps / (PLAYOUTS * len(games))


def search_rate(games: list[Game], spec: str, iterations: int) -> float:
    """Iterations per second of `spec` searching each position once (one core)."""
    weights = player_weights(f"{spec},greedy")
    kinds = (C.PLAYER_ISMCTS, C.PLAYER_ISMCTS)
    both = np.stack([weights[0], weights[0]])
    games[0].choose(kinds, player_rngs(0), both)  # compiled before timing
    start = time.perf_counter()
    for k, g in enumerate(games):
        g.choose(kinds, player_rngs(k), both)
    return iterations * len(games) / (time.perf_counter() - start)


def speed(iterations: int, count: int) -> None:
    games = positions(count)
    rate, length = playout_rate(games)
    print(f"{len(games)} positions; random playouts to the end: {rate:,.0f}/s ({1e6 / rate:.1f} µs each,")
    print(f"  {length:.0f} decisions on average), one core")
    from emr_sim.games.emr.players.ismcts import new_search

    held = sum(a.nbytes for a in flat_arrays(new_search()))
    print(f"the search's buffers (once per game loop, for up to n=50,000): {held / 2**20:.1f} MiB")
    print(f"iterations per second, one core, ismcts with n={iterations:,}:")
    for leaf in LEAVES:
        depth = "" if leaf == "eval" else f",depth={DEPTH}"
        spec = f"ismcts(n={iterations},leaf={leaf}{depth})"
        print(f"  {spec:<40} {search_rate(games, spec, iterations):>10,.0f}")


def flat_arrays(item) -> list[np.ndarray]:
    if isinstance(item, np.ndarray):
        return [item]
    return [a for part in item for a in flat_arrays(part)]


def strength(games: int, rungs: list[str], run_dir: Path, workers: int | None, chain: bool) -> None:
    """Each upper rung against the first (or, chained, against the one below it)."""
    from emr_sim.report.ladder import format_step
    from emr_sim.simulate.play.ladder import run_ladder

    for k, upper in enumerate(rungs[1:], start=1):
        lower = rungs[k - 1] if chain else rungs[0]
        start = time.perf_counter()
        run = run_ladder(
            run_dir / f"step-{k}", RunSettings(workers=workers), LadderPlay(rungs=[lower, upper], games=games)
        )
        seconds = time.perf_counter() - start
        step = run.steps[0]
        print("\n".join(format_step(step)))
        per_game = seconds / len(step.games) * (workers or 1)
        print(f"{len(step.games)} games in {seconds:.0f} s: {per_game:.2f} s a game on one core\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("speed", "strength"))
    ap.add_argument("--iterations", type=int, default=20_000)
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("-n", "--games", type=int, default=400)
    ap.add_argument("--rungs", default="greedy,ismcts:100,ismcts:400,ismcts-open:400")
    ap.add_argument("--dir", type=Path, default=None, help="ladder directory (resumes)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--chain", action="store_true", help="each rung against the one below it")
    args = ap.parse_args()
    if args.what == "speed":
        speed(args.iterations, args.positions)
        return
    rungs = [r.strip() for r in args.rungs.split(",")]
    if args.dir is not None:
        strength(args.games, rungs, args.dir, args.workers, args.chain)
        return
    with tempfile.TemporaryDirectory() as tmp:
        strength(args.games, rungs, Path(tmp), args.workers, args.chain)


if __name__ == "__main__":
    main()
