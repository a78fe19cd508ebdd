"""Every action of seeded games, to check that an optimisation changes no decision.

    python benchmarks/greedy_fingerprint.py save BASELINE.npz [--games 200]
    python benchmarks/greedy_fingerprint.py check BASELINE.npz [--games 200]

Plays a fixed set of matches (greedy, greedy-notech and random players; fury off, and
fury on with every ordered pair of the 8 heroes and with heroes drawn at random; a few
rules variants) and keeps, per game, the whole sequence of action codes and the result
record. `check` replays them and reports the first game that differs.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from emr_sim import codes as C
from emr_sim.cards import card_table, load_deck
from emr_sim.jit import njit_alloc
from emr_sim.options import make_options
from emr_sim.players.evaluate import deck_totals
from emr_sim.rng import seed_rng
from emr_sim.rules.flow import advance, apply_action
from emr_sim.rules.turn import new_game
from emr_sim.sim.engine import PLAYER_STREAM, decide, finish_record, new_buffers, tally

MAX_STEPS = 4000  # action codes kept per game


@njit_alloc
def play_logged(T, O, seed, first, count, seats, recs, actions):
    """engine.play_game's loop, keeping each action code in actions[k] (-1 after the end)."""
    S, obs, ev, legal, prng, scratch = new_buffers()
    for k in range(count):
        deck_totals(T, scratch[0])
        recs[k, :] = 0
        ev[0, 0] = 0
        new_game(S, T, O, ev, seed, first + k, seats[2], seats[3])
        for p in range(2):
            seed_rng(prng[p], 0, seed, first + k, PLAYER_STREAM + p)
        advance(S, T, O, ev)
        tally(ev, recs[k])
        step = 0
        while S[C.H_PHASE] != C.DK_NONE:
            code = decide(S, T, O, seats, obs, legal, prng, scratch)
            if step < actions.shape[1]:
                actions[k, step] = code
            step += 1
            apply_action(S, T, O, ev, code)
            tally(ev, recs[k])
        finish_record(S, recs[k])


G, N, R = C.PLAYER_GREEDY, C.PLAYER_GREEDY_NOTECH, C.PLAYER_RANDOM


def matches(games: int):
    """(name, rules, seats, seed, games) of every match played."""
    yield "off greedy", {}, (G, G, -1, -1), 11, 4 * games
    yield "off greedy-random", {}, (G, R, -1, -1), 12, games
    yield "off random-greedy", {}, (R, G, -1, -1), 13, games
    for rule in ("reshuffle=off", "health=12", "pair_check=on-play", "slide_tokens=landing", "copy_copy=on"):
        name, value = rule.split("=")
        yield f"off {rule}", {name: value}, (G, G, -1, -1), 14, games // 2
    for a, b in itertools.permutations(range(C.N_HEROES), 2):
        yield f"on {C.HERO_NAMES[a]}-{C.HERO_NAMES[b]}", {"fury": "on"}, (G, G, a, b), 15, games // 4
    for h in range(C.N_HEROES):
        yield f"on notech {C.HERO_NAMES[h]}", {"fury": "on"}, (N, G, h, (h + 3) % 8), 16, games // 4
    yield "on random heroes", {"fury": "on", "hero_select": "random"}, (G, G, -1, -1), 17, 2 * games


def play_all(games: int) -> dict[str, np.ndarray]:
    deck = load_deck()
    out = {}
    for name, rules, seats, seed, count in matches(games):
        opts = make_options(rules)
        table = card_table(deck, opts)
        recs = np.zeros((count, C.GR_SIZE), dtype=np.int64)
        actions = np.full((count, MAX_STEPS), -1, dtype=np.int64)
        play_logged(table, opts, seed, 0, count, np.array(seats, dtype=np.int64), recs, actions)
        out[name + " records"] = recs
        out[name + " actions"] = actions
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("save", "check"))
    parser.add_argument("path")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    start = time.perf_counter()
    now = play_all(args.games)
    n_games = sum(v.shape[0] for k, v in now.items() if k.endswith("records"))
    n_actions = sum(int((v >= 0).sum()) for k, v in now.items() if k.endswith("actions"))
    print(f"{n_games} games, {n_actions} decisions, {time.perf_counter() - start:.1f} s")
    if args.mode == "save":
        np.savez_compressed(args.path, **now)
        return
    base = np.load(args.path)
    bad = 0
    for key, value in now.items():
        if not np.array_equal(base[key], value):
            rows = np.nonzero((base[key] != value).any(axis=1))[0]
            print(f"DIFFERS: {key}: {len(rows)} games, first game {rows[0]}")
            bad += 1
    print("identical" if bad == 0 else f"{bad} arrays differ")
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
