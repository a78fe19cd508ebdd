"""The generic search (emr_sim.players.ismcts, over the game contract) against 8MR's specialised
search (games/emr/players/ismcts.py) at the settings of the specialised `ismcts:400` of search
version 1 (unguided: c 0.2, greedy rollouts of 4 decisions, the evaluation mapped by the fitted
slope, the exact early stop), in the same games: strength (paired) and speed, in one run.

    nice -n 19 python benchmarks/generic_vs_specialised.py [--deals 1000] [--seed 11]

Each deal (fury on, the masters of every ordered pair of different masters in turn) is played
twice, the generic search in seat 0 and then in seat 1, the specialised in the other, step by
step from Python through 8MR's contract kernels. The generic plays GENERIC (8MR's contract
wires its rollout to the greedy of the decider's master and its evaluation to the greedy's
board_eval under the same logistic slope); the specialised plays SPECIALISED, the spec that
means the unguided search in every search version. Every decision of two or more legal
actions is timed (the thread's CPU time around the call: the machine may be shared) and its
iterations counted (the generic's
counter; the specialised's visits of its root's children). A call at a forced decision
returns at once: its mean time is the call's own cost, reported and subtracted for the
iterations per second "net". The score is the generic's share (a win 1, a draw 1/2) with a
95 % interval over deals (a deal's two games are one unit).
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.games.emr.lineup.spec import parse_spec as parse_own_spec
from emr_sim.games.emr.players.ismcts import choose_ismcts, new_search
from emr_sim.games.emr.players.tree import F_FIRST, F_NEXT, F_VISITS, ROOT
from emr_sim.loops.table import PLAYER_STREAM, member_at
from emr_sim.players.ismcts import B_INFO, I_ITERATIONS
from emr_sim.players.ismcts import new_search as new_generic_search
from emr_sim.players.kinds import PLAYER_ISMCTS
from emr_sim.rng import seed_rng
from emr_sim.simulate.tables.specs import parse_spec

GENERIC = "generic-ismcts(n=400,c=0.2,depth=4,prior=0)"
SPECIALISED = "ismcts(n=400,c=0.2,leaf=greedy,depth=4,stop=1,reuse=0,width=0,prior=0,widen=0)"
N_MASTERS = 8


def root_visits(nodes) -> int:
    """The specialised search's iterations: the visits of its (fresh) root's children."""
    total, ch = 0, int(nodes[ROOT, F_FIRST])
    while ch != -1:
        total += int(nodes[ch, F_VISITS])
        ch = int(nodes[ch, F_NEXT])
    return total


class Tally:
    """Time and iterations of one player's searched decisions, and of its forced calls."""

    def __init__(self) -> None:
        self.seconds = self.iterations = self.searches = 0.0
        self.forced_seconds = self.forced = 0.0

    def add(self, seconds: float, iterations: int, legal: int) -> None:
        if legal == 1:
            self.forced_seconds += seconds
            self.forced += 1
            return
        self.seconds += seconds
        self.iterations += iterations
        self.searches += 1

    def line(self, name: str) -> str:
        call = self.forced_seconds / max(self.forced, 1)
        net = self.seconds - call * self.searches
        return (
            f"{name}: {self.searches:,.0f} searches, "
            f"{self.iterations / max(self.searches, 1):.1f} iterations each, "
            f"{self.iterations / self.seconds:,.0f} iterations/s "
            f"({self.iterations / net:,.0f} net of the call's own {call * 1e6:.1f} µs)"
        )


def play_deal(made, k, seat_masters, seed, deal, players, tallies) -> list[float]:
    """The deal in both rotations: the generic's score (1 won, 1/2 drawn, 0 lost) in each."""
    G = made.loop_constants()
    generic_step, generic_row, generic_search, own_search, own_rows = players
    S, obs = np.zeros(made.game.state_size, np.int64), np.zeros(made.game.state_size, np.int64)
    legal, work = np.zeros(made.game.max_legal, np.int64), np.zeros(made.game.state_size, np.int64)
    res, prng, seating = np.zeros((2, K.RS_SIZE), np.int64), np.zeros((2, 4), np.int64), np.zeros(2, np.int64)
    scores = []
    for rotation in range(2):
        for s in range(2):
            seating[s] = seat_masters[member_at(s, rotation, 2)]
            seed_rng(prng[s], 0, seed, deal, PLAYER_STREAM + s)
        k.init(G, S, seed, deal, seating)
        while (p := int(k.to_move(G, S))) != K.NOBODY:
            n = int(k.legal(G, S, legal))
            generic = member_at(p, rotation, 2) == 0
            start = time.thread_time()
            if generic:
                before = int(generic_search[B_INFO][I_ITERATIONS])
                action = generic_step(
                    G, S, p, PLAYER_ISMCTS, generic_row, obs, legal, n, prng[p], work, generic_search
                )
                took = time.thread_time() - start
                tallies[0].add(took, int(generic_search[B_INFO][I_ITERATIONS]) - before, n)
            else:
                k.observe(G, S, p, obs)
                action = choose_ismcts(
                    obs, made.G[1], made.G[2], p, legal, n, prng[p], own_search, own_rows, False
                )
                took = time.thread_time() - start
                tallies[1].add(took, root_visits(own_search[p][0]) if n > 1 else 0, n)
            k.apply(G, S, action)
        k.results(G, S, res)
        seat = rotation  # member 0 (the generic) sits in seat r in rotation r
        scores.append(1.0 if res[seat, K.RS_WIN] else 0.5 if res[seat, K.RS_DRAW] else 0.0)
    return scores


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals, each played twice (seats swapped)")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    game = registry.get("emr")
    made = game.make(2, {"fury": "on"})
    k = game.face().kernels()
    generic = parse_spec(game, GENERIC)
    own = parse_own_spec(SPECIALISED)
    own_rows = np.ascontiguousarray(own.kernel_vectors())
    players = (
        game.face().decide_step(),
        generic.row(),
        new_generic_search(400, game.state_size, game.max_legal, 2, game.work_size),
        new_search(),
        own_rows,
    )
    pairs = [pair for pair in itertools.permutations(range(N_MASTERS), 2)]
    warm = (Tally(), Tally())
    play_deal(made, k, np.array(pairs[0], dtype=np.int64), args.seed, -1, players, warm)  # compiles both
    tallies = (Tally(), Tally())
    scores = []
    start = time.perf_counter()
    for deal in range(args.deals):
        masters = np.array(pairs[deal % len(pairs)], dtype=np.int64)
        scores.append(np.mean(play_deal(made, k, masters, args.seed, deal, players, tallies)))
    units = np.array(scores)
    mean, half = units.mean(), 1.96 * units.std(ddof=1) / np.sqrt(len(units)) if len(units) > 1 else 0.0
    print(f"generic:     {generic.text} (8MR's table runs' name)")
    print(f"specialised: {own.text}")
    print(
        f"{2 * args.deals:,} games ({args.deals:,} deals, seats swapped; fury on, every ordered master pair)"
    )
    print(f"the generic's score: {100 * mean:.1f} % [{100 * (mean - half):.1f}, {100 * (mean + half):.1f}]")
    print(tallies[0].line("generic"))
    print(tallies[1].line("specialised"))
    ratio = (tallies[0].iterations / tallies[0].seconds) / (tallies[1].iterations / tallies[1].seconds)
    print(f"the generic's iterations per second as a share of the specialised's: {ratio:.2f}")
    print(f"wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
