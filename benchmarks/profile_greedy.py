"""Where a greedy-vs-greedy game's time goes, read with the processor's cycle counter.

    python benchmarks/profile_greedy.py [--games 4000] [--heroes crow,illusion] [--no-fury]

Plays seeded games on one thread in a copy of the game loop (engine.game_loop and
decide, the same calls in the same order, so the same games) that reads the cycle
counter around each part of a step: listing the legal actions, the observation copy,
the greedy's choice (by decision kind), applying the action (the rules, up to the next
decision) and adding its events to the game's record. The choice's count of the unseen
cards is timed by counting them once more after it (the same numbers: shown apart, not
in the total). Prints nanoseconds a game and a decision per part and per decision kind.
The counter costs a few nanoseconds a read, so the parts add up to a little more than
the uninstrumented game (benchmarks/bench_engine.py).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops.engine import PLAYER_STREAM, new_buffers, tally
from emr_sim.games.emr.options import make_options
from emr_sim.games.emr.players.evaluate import deck_totals, unseen_counts
from emr_sim.games.emr.players.greedy import choose_greedy, uses_counts
from emr_sim.games.emr.players.leaf import weight_row
from emr_sim.games.emr.players.observe import blank_observation, observe_step
from emr_sim.games.emr.players.params import default_weights
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit_entry
from emr_sim.rng import seed_rng

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from profile_search import calibrate, cycles  # noqa: E402  (the counter and its calibration)

PARTS = (
    "legal actions",
    "observation copy",
    "greedy choice",
    "apply (rules)",
    "tally events",
    "(unseen cards)",
)
N_PARTS = len(PARTS)
P_LEGAL, P_OBS, P_CHOICE, P_APPLY, P_TALLY, P_UNSEEN = range(N_PARTS)


@njit_entry
def profiled_games(T, O, seed, count, seats, weights, acc, by_kind, kinds, bufs, rec):
    """engine.game_loop for games 0..count-1 with greedy players (decide's greedy branch),
    cycles into acc[P_*], the choice's cycles and count per decision kind into by_kind and
    kinds. Compiled without numba's runtime, as the game loops are (games/emr/loops/pairs.py): with
    it, the functions inlined by numba (jit.njit_inline) would count references to every
    array they are handed, time the game loops never spend; so Python allocates the
    buffers (engine.new_buffers, rec)."""
    S, obs, ev, legal, prng, scratch, cards = bufs
    for index in range(count):
        deck_totals(T, scratch[0])
        blank_observation(obs)
        rec[:] = 0
        ev[0, 0] = 0
        new_game(S, T, O, ev, seed, index, seats[2], seats[3])
        for p in range(2):
            seed_rng(prng[p], 0, seed, index, PLAYER_STREAM + p)
        advance(S, T, O, ev)
        tally(S, ev, rec, cards)
        while S[C.H_PHASE] != C.DK_NONE:
            t0 = cycles()
            p = S[C.H_DECIDER]
            n = legal_actions(S, T, O, legal)
            t1 = cycles()
            acc[P_LEGAL] += t1 - t0
            code = C.A_PASS
            if n > 0:
                observe_step(S, p, obs)
                t2 = cycles()
                acc[P_OBS] += t2 - t1
                kind = obs[C.H_PHASE]
                W = weights[p, weight_row(S, p)]
                code = choose_greedy(obs, T, O, p, legal, n, scratch, seats[p] == C.PLAYER_GREEDY, W)
                t3 = cycles()
                acc[P_CHOICE] += t3 - t2
                by_kind[kind] += t3 - t2
                kinds[kind] += 1
                if n > 1 and kind != C.DK_DISCARD and kind != C.DK_EARTH_DISCARD and uses_counts(kind):
                    unseen_counts(obs, T, p, scratch[0])  # again: the same numbers, timed
                    acc[P_UNSEEN] += cycles() - t3
            t5 = cycles()
            apply_action(S, T, O, ev, code)
            t6 = cycles()
            acc[P_APPLY] += t6 - t5
            tally(S, ev, rec, cards)
            acc[P_TALLY] += cycles() - t6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--heroes", default="crow,illusion")
    ap.add_argument("--no-fury", action="store_true")
    ap.add_argument("--seed", type=int, default=20261202)
    args = ap.parse_args()
    opts = make_options({} if args.no_fury else {"fury": "on"})
    table = card_table(load_deck(None), opts)
    heroes = (
        (C.NO_HERO, C.NO_HERO)
        if args.no_fury
        else tuple(C.HERO_NAMES.index(h) for h in args.heroes.split(","))
    )
    seats = np.array([C.PLAYER_GREEDY, C.PLAYER_GREEDY, *heroes], dtype=np.int64)
    weights = default_weights()
    acc = np.zeros(N_PARTS, dtype=np.int64)
    by_kind = np.zeros(C.N_DECISION_KINDS, dtype=np.int64)
    kinds = np.zeros(C.N_DECISION_KINDS, dtype=np.int64)
    bufs = new_buffers()
    rec = np.zeros(C.GR_SIZE, dtype=np.int64)
    profiled_games(table, opts, 1, 2, seats, weights, acc, by_kind, kinds, bufs, rec)  # compile
    acc[:] = 0
    by_kind[:] = 0
    kinds[:] = 0
    start = time.process_time()
    profiled_games(table, opts, args.seed, args.games, seats, weights, acc, by_kind, kinds, bufs, rec)
    cpu = time.process_time() - start
    # the counter also runs while the process waits for a core: on a shared machine the
    # cycles are scaled to the CPU time the run took (the shares are the cycles')
    clock = calibrate()
    rate = max(clock, acc[:P_UNSEEN].sum() / cpu)
    games = args.games
    decisions = kinds.sum()
    what = "fury off" if args.no_fury else f"{args.heroes}, fury on"
    print(f"# greedy vs greedy, {what}: {games} games, {decisions / games:.1f} choices a game, one thread")
    total = acc[:P_UNSEEN].sum()
    print(f"# counter at {clock / 1e9:.2f} GHz; {clock / rate:.0%} of the counted cycles ran on a core")
    print(
        f"# {1e6 * cpu / games:.1f} µs CPU a game instrumented; "
        f"the parts add up to {1e6 * total / rate / games:.1f} µs"
    )
    print("| part | ns a game | share |")
    print("|---|---|---|")
    for k, name in enumerate(PARTS):
        print(f"| {name} | {1e9 * acc[k] / rate / games:,.0f} | {acc[k] / total:.1%} |")
    print()
    print("| decision kind | choices a game | ns a choice | share of the choices' time |")
    print("|---|---|---|---|")
    for kind in np.argsort(-by_kind):
        if kinds[kind] == 0:
            continue
        print(
            f"| {C.DECISION_NAMES[kind]} | {kinds[kind] / games:.1f} "
            f"| {1e9 * by_kind[kind] / rate / kinds[kind]:,.0f} | {by_kind[kind] / by_kind.sum():.1%} |"
        )


if __name__ == "__main__":
    main()
