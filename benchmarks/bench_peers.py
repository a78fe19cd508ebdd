"""Our search (ismcts:N, numba) against OpenSpiel's (openspiel-ismcts:N, Python, over the
OpenSpiel adapter): seconds a decision and iterations per second on the same positions, one
core (docs/players.md, "OpenSpiel's search as a peer"; docs/benchmarks.md).

    python benchmarks/bench_peers.py [--n 100,400] [--positions 12]

The positions: decisions with 3+ legal actions of seeded greedy games of 8MR (fury on, named
masters), as benchmarks/bench_ismcts.py takes them. Our search decides through the engine's
compiled decision; OpenSpiel's ISMCTSBot on the same position as an OpenSpiel state (the same
deal and actions, checked equal), with its resampler the game's determinisation and random
rollouts at its leaves. Iterations per second are the budget n times the positions over the
seconds (ours may end a search early once no other action can catch up: its rate counts the
budget, as bench_ismcts.py does).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from emr_sim.ecosystem.openspiel_game import load
from emr_sim.ecosystem.peers import Peer, PeerSettings, generator
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, player_weights
from emr_sim.rng import seed_rng

HEROES = (("crow", "illusion"), ("earth", "wind"), ("kungfu", "master"), ("bushido", "poison"))


def player_rngs(seed: int) -> np.ndarray:
    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, seed, 0, 1 + p)
    return prng


def positions(count: int) -> list[tuple[Game, object]]:
    """(the engine's game, the same position as an OpenSpiel state) at decisions with 3+ legal
    actions of seeded greedy games (deal 0 of run 100 + k)."""
    spiel = load("emr", 2, {"fury": "on"})
    found = []
    for k in range(count):
        heroes = HEROES[k % len(HEROES)]
        g = Game.new(100 + k, rules={"fury": "on"}, heroes=",".join(heroes))
        state = spiel.deal(0, np.array([C.HERO_NAMES.index(h) for h in heroes]), seed=100 + k)
        prng = player_rngs(100 + k)
        steps = 0
        while not g.over and (steps < 12 + 5 * k or len(g.legal_codes()) < 3):
            code = g.choose((C.PLAYER_GREEDY, C.PLAYER_GREEDY), prng)
            g.apply(code)
            state.apply_action(code)
            steps += 1
        assert np.array_equal(state.S, g.state)
        if not g.over:
            found.append((g, state))
    return found


def ours(found: list, n: int) -> float:
    """Seconds a decision of ismcts:n, one core."""
    weights = player_weights(f"ismcts:{n},greedy")
    both = np.stack([weights[0], weights[0]])
    kinds = (C.PLAYER_ISMCTS, C.PLAYER_ISMCTS)
    for g, _ in found:  # compiled, and each game's search pools made, before timing
        g.choose(kinds, player_rngs(0), both)
    start = time.perf_counter()
    for k, (g, _) in enumerate(found):
        g.choose(kinds, player_rngs(k), both)
    return (time.perf_counter() - start) / len(found)


def theirs(found: list, n: int) -> float:
    """Seconds a decision of openspiel-ismcts:n, one core."""
    start = time.perf_counter()
    for k, (_, state) in enumerate(found):
        seat = state.current_player()
        Peer(PeerSettings("ismcts", n, 2.0, 1), state.get_game(), generator(1, k, seat)).step(state)
    return (time.perf_counter() - start) / len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", default="100,400", help="iterations (simulations) a decision")
    parser.add_argument("--positions", type=int, default=12)
    args = parser.parse_args()
    found = positions(args.positions)
    print(f"{len(found)} positions (8MR, fury on, decisions with 3+ legal actions), one core")
    print(f"{'search':<24} {'s / decision':>13} {'iterations / s':>15}")
    for n in (int(x) for x in args.n.split(",")):
        for name, timer in ((f"ismcts:{n}", ours), (f"openspiel-ismcts:{n}", theirs)):
            seconds = timer(found, n)
            print(f"{name:<24} {seconds:>13.4f} {n / seconds:>15,.0f}")


if __name__ == "__main__":
    main()
