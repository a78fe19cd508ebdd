"""Where a greedy-vs-greedy game spends its time: nanoseconds per decision, by part.

    python benchmarks/bench_components.py [--games 30] [--reps 50]

Collects the states at every decision of seeded greedy-vs-greedy games (default
deck and rules), then times each part of a decision over all of them in jitted
loops: copying a state, listing the legal actions, masking the observation,
counting the unseen cards, the greedy choice (by decision kind), and applying an
action with the engine's advance to the next decision. CPU time, one thread.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, new_events
from emr_sim.games.emr.players.evaluate import deck_totals, new_scratch, unseen_counts
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.observe import observe
from emr_sim.games.emr.players.params import default_vector
from emr_sim.games.emr.rules.flow import apply_action
from emr_sim.games.emr.rules.legal import legal_actions


def collect_states(games: int, rules: dict, heroes: str | None) -> np.ndarray:
    from emr_sim.games.emr.loops import engine

    states = []
    for index in range(games):
        game = Game.new(1, index, rules=rules, heroes=heroes)
        prng = np.zeros((2, 4), dtype=np.int64)
        while not game.over:
            states.append(game.state.copy())
            engine.apply_action(game.state, game.table, game.opts, new_events(), game.choose((1, 1), prng))
    return np.array(states)


@njit
def t_copy(SS, T, O, reps):
    S = np.zeros(SS.shape[1], np.int64)
    for _ in range(reps):
        for i in range(SS.shape[0]):
            S[:] = SS[i]
    return S[0]


@njit
def t_legal(SS, T, O, reps):
    legal = np.zeros(C.MAX_LEGAL, np.int64)
    total = 0
    for _ in range(reps):
        for i in range(SS.shape[0]):
            total += legal_actions(SS[i], T, O, legal)
    return total


@njit
def t_observe(SS, T, O, reps):
    obs = np.zeros(SS.shape[1], np.int64)
    for _ in range(reps):
        for i in range(SS.shape[0]):
            observe(SS[i], SS[i][C.H_DECIDER], obs)
    return obs[0]


@njit
def t_unseen(SS, T, O, reps):
    counts = new_scratch()[0]
    for _ in range(reps):
        deck_totals(T, counts)
        for i in range(SS.shape[0]):
            unseen_counts(SS[i], T, SS[i][C.H_DECIDER], counts)
    return counts[0, 1]


W = default_vector()  # the greedy's default parameters (a constant of t_greedy)


@njit
def t_greedy(SS, T, O, reps):
    obs = np.zeros(SS.shape[1], np.int64)
    legal = np.zeros(C.MAX_LEGAL, np.int64)
    scratch = new_scratch()
    total = 0
    for _ in range(reps):
        deck_totals(T, scratch[0])
        for i in range(SS.shape[0]):
            n = legal_actions(SS[i], T, O, legal)
            observe(SS[i], SS[i][C.H_DECIDER], obs)
            total += choose_greedy(obs, T, O, SS[i][C.H_DECIDER], legal, n, scratch, True, W)
    return total


@njit
def t_apply(SS, T, O, reps):
    S = np.zeros(SS.shape[1], np.int64)
    legal = np.zeros(C.MAX_LEGAL, np.int64)
    ev = np.zeros((C.MAX_EVENTS + 1, C.EV_SIZE), np.int64)
    for _ in range(reps):
        for i in range(SS.shape[0]):
            S[:] = SS[i]
            n = legal_actions(S, T, O, legal)
            ev[0, 0] = 0
            apply_action(S, T, O, ev, legal[n - 1])
    return S[0]


def per_decision(fn, states, table, opts, reps) -> float:
    fn(states[:5], table, opts, 1)  # compile / load
    start = time.process_time()
    fn(states, table, opts, reps)
    return (time.process_time() - start) / (reps * len(states)) * 1e9


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--heroes", default=None, help="e.g. crow,illusion (with --fury)")
    parser.add_argument("--fury", action="store_true", help="hero mode on (default: off)")
    args = parser.parse_args()
    rules = {"fury": "on" if args.fury else "off"}
    game = Game.new(1, 0, rules=rules, heroes=args.heroes)
    table, opts = game.table, game.opts
    states = collect_states(args.games, rules, args.heroes)
    what = f"{args.heroes or 'random heroes'}, fury {rules['fury']}"
    print(f"# {len(states)} decision states of {args.games} greedy-vs-greedy games ({what}); ns each")
    parts = (
        ("copy a state", t_copy),
        ("legal actions", t_legal),
        ("observation", t_observe),
        ("unseen counts (no memo)", t_unseen),
        ("legal + observation + greedy", t_greedy),
        ("copy + legal + apply/advance", t_apply),
    )
    for name, fn in parts:
        print(f"{name:<30} {per_decision(fn, states, table, opts, args.reps):8.0f}")
    print("greedy by decision kind (legal + observation + choice):")
    for kind in np.unique(states[:, C.H_PHASE]):
        sub = states[states[:, C.H_PHASE] == kind]
        ns = per_decision(t_greedy, sub, table, opts, args.reps)
        print(f"  {C.DECISION_NAMES[kind]:<13} {len(sub) / len(states):6.1%} of decisions {ns:8.0f} ns each")


if __name__ == "__main__":
    main()
