"""What a search player costs: one core's CPU seconds a game of self-play, alternated.

    python benchmarks/bench_search_cost.py --specs "ismcts:400;ismcts(n=400,reuse=1)" [--pairs 1]
        [--rounds 3] [--tree PATH ...] [--seed 20261204] [--heroes crow,wind,...]

Each measurement is a separate process playing the spec against itself (as `emr-sim matrix
--players SPEC` does) on one thread, fury on, over every ordered assignment of the masters
(all 8 unless --heroes: 64 assignments), --pairs seat-swapped pairs each (deal j of
assignment (a, b) is pair (8a + b) * pairs + j of the run seed); it reports the CPU time a
game, the mean turns a game and the wins of each side. With --tree (any number of times),
each spec is measured in each tree (a checkout of this repository: its `src` goes first on
PYTHONPATH), so an old tree's `ismcts:400` and a new setting are timed side by side; specs
a tree does not know are skipped there. A text is read in each tree's own search version:
`ismcts:400` is version 1's unguided search in a tree before issue 35, the guided one after
(spell the settings out to time one player in both: docs/players.md). Rounds alternate
every (tree, spec) so that the machine's drift hits all of them alike; the script prints
each one's best and all runs, and each best against the first one's.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

HERO_NAMES = (
    "crow",
    "wind",
    "poison",
    "bushido",
    "kungfu",
    "earth",
    "illusion",
    "master",
)  # codes.HERO_NAMES

CHILD = """
import sys, time
import numpy as np
try:
    from emr_sim.sim import pairs
except ImportError:
    from emr_sim.games.emr.loops import pairs
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.face.core import parse_players, player_weights
from emr_sim.games.emr.options import O_TURN_CAP, make_options
spec, n_pairs, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
masters = [C.HERO_NAMES.index(h) for h in sys.argv[4].split(",")]
players = spec + "," + spec
try:
    kinds, weights = parse_players(players), player_weights(players)
except Exception as err:
    print("unknown", str(err).replace(" ", "_"))
    sys.exit(0)
opts = make_options({"fury": "on"})
table = card_table(load_deck(None), opts)
agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
rows = np.zeros((0, pairs.RECORD_COLS), dtype=np.int64)
def sides(a, b):
    return np.array([kinds[0], kinds[1], a, b], dtype=np.int64)
pairs.play_pairs(table, opts, 1, 0, 1, sides(0, 1), agg, rows, weights)  # load or compile
agg[:] = 0
start = time.process_time()
for a in masters:
    for b in masters:
        first = (a * C.N_HEROES + b) * n_pairs
        pairs.play_pairs(table, opts, seed, first, n_pairs, sides(a, b), agg, rows, weights)
seconds = time.process_time() - start
games = int(agg[0])
print(seconds / games, agg[pairs.AG_TURNS] / games, agg[1], agg[2])
"""


def measure(tree: str, spec: str, pairs: int, seed: int, masters: str) -> tuple[float, str] | None:
    env = {**os.environ, "PYTHONPATH": os.path.join(tree, "src")}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, spec, str(pairs), str(seed), masters],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    if out[0] == "unknown":
        return None
    return float(out[0]), f"{float(out[1]):.1f} turns a game, wins {out[2]}/{out[3]}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", required=True, help="player specs separated by ';'")
    ap.add_argument("--tree", action="append", default=None, help="a checkout (default: this one)")
    ap.add_argument("--pairs", type=int, default=1, help="seat-swapped pairs per assignment")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261204)
    ap.add_argument("--heroes", default=",".join(HERO_NAMES), help="the masters (default: all 8)")
    args = ap.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = args.tree or [here]
    specs = [s.strip() for s in args.specs.split(";") if s.strip()]
    units = [(t, s) for t in trees for s in specs]
    figures: dict[tuple[str, str], list[float]] = {u: [] for u in units}
    notes: dict[tuple[str, str], str] = {}
    for tree, spec in units:  # load or compile outside the timed rounds
        if measure(tree, spec, 1, 1, args.heroes) is None:
            figures.pop((tree, spec))
            print(f"{tree}: does not know {spec}; skipped")
    for _ in range(args.rounds):
        for unit in figures:
            seconds, note = measure(*unit, args.pairs, args.seed, args.heroes)
            figures[unit].append(seconds)
            notes[unit] = note
    first = min(next(iter(figures.values())))
    assignments = len(args.heroes.split(",")) ** 2
    games = 2 * assignments * args.pairs
    print(f"# CPU seconds a game of self-play, {games} games a run ({assignments} assignments,", end="")
    print(" fury on), one thread")
    for (tree, spec), runs in figures.items():
        listed = " ".join(f"{r:.4f}" for r in sorted(runs))
        best = min(runs)
        print(f"{tree} {spec}: best {best:.4f} s ({best / first:.2f} of the first); all: {listed};", end=" ")
        print(notes[(tree, spec)])


if __name__ == "__main__":
    main()
