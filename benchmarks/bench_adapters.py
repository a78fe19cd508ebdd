"""Random games per second through the adapters against the jitted engine, every game and seat
count, one core (docs/benchmarks.md, "Through the ecosystem's adapters"):

    python benchmarks/bench_adapters.py [--seconds 10]

- engine: the game's compiled table loop (emr_sim.loops.table) with random players, every
  rotation of each deal counted as a game;
- OpenSpiel: pyspiel states of the OpenSpiel game (emr_sim.ecosystem.openspiel_game), a uniform
  choice among state.legal_actions() (numpy's generator), state.apply_action;
- PettingZoo: the AEC environment (emr_sim.ecosystem.pettingzoo_env, with PettingZoo's order
  checks), env.last(), a uniform choice among the action mask's ones, env.step.

Each is timed for about --seconds after one warm-up game (the kernels compiled and loaded).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from emr_sim.ecosystem.openspiel_game import load
from emr_sim.ecosystem.pettingzoo_env import env
from emr_sim.games import registry
from emr_sim.simulate.tables.lineup import parse_lineup
from emr_sim.simulate.tables.play import play_part

RULES = {"emr": {"fury": "on"}}


def timed(play_one, seconds: float) -> float:
    """Games per second of play_one(k) -> games played, for about `seconds`."""
    play_one(0)
    start, games, k = time.perf_counter(), 0, 1
    while time.perf_counter() - start < seconds:
        games += play_one(k)
        k += 1
    return games / (time.perf_counter() - start)


def engine_rate(name: str, n: int, seconds: float) -> float:
    made = registry.get(name).make(n, RULES.get(name, {}))
    lineup = parse_lineup(made.game, "random", n)
    entities = np.zeros(n, dtype=np.int64) if made.game.entities else np.full(n, -1, dtype=np.int64)
    deals = 500

    def one(k: int) -> int:
        return len(play_part(made, lineup, 1, entities, k * deals, deals))

    return timed(one, seconds)


def openspiel_rate(name: str, n: int, seconds: float) -> float:
    game = load(name, n, RULES.get(name, {}), seed=1)
    rng = np.random.default_rng(0)

    def one(_: int) -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
        return 1

    return timed(one, seconds)


def pettingzoo_rate(name: str, n: int, seconds: float) -> float:
    e = env(name, seats=n, rules=RULES.get(name, {}))
    e.reset(seed=1)
    rng = np.random.default_rng(0)

    def one(_: int) -> int:
        e.reset()
        for _agent in e.agent_iter():
            obs, _, done, _, _ = e.last()
            legal = np.flatnonzero(obs["action_mask"])
            e.step(None if done else int(legal[rng.integers(len(legal))]))
        return 1

    return timed(one, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"{'game':<10} {'engine':>12} {'OpenSpiel':>12} {'PettingZoo':>12}   random games / s, one core")
    for game in registry.games():
        for n in range(game.seats.fewest, game.seats.most + 1):
            rates = [f(game.name, n, args.seconds) for f in (engine_rate, openspiel_rate, pettingzoo_rate)]
            cells = " ".join(f"{r:>12,.0f}" for r in rates)
            ratio = rates[0] / rates[1], rates[0] / rates[2]
            name = f"{game.name} {n}"
            print(f"{name:<10} {cells}   engine {ratio[0]:,.0f}x / {ratio[1]:,.0f}x faster")


if __name__ == "__main__":
    main()
