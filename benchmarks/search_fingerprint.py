"""Every action of seeded games with search players, to check that a change to the search
or to what it calls (rules, greedy rollouts) changes no decision of a given player.

    python benchmarks/search_fingerprint.py save BASELINE.npz [--games 120]
    python benchmarks/search_fingerprint.py check BASELINE.npz [--games 120] [--only TEXT]

Plays a fixed set of matches of ismcts players (each leaf policy, ismcts-open, fury off and
on with several master pairs, small and default budgets, the greedy-guided settings) in the
jitted game loop, and keeps per game the whole sequence of action codes and the result
record. `check` replays them and
lists every match that differs (how many games, the first decision that differs). A match
missing from the baseline is reported as new. benchmarks/greedy_fingerprint.py does the same
for the greedy and random players.

The matches play the search of version 1 (before issue 35, when a setting left out took the
kernels' defaults): every spec spells out the settings whose defaults version 2 changed
(old(): leaf=greedy,reuse=0,prior=0,widen=0 unless given), so the same texts play the same
players in a tree of either version, and a baseline saved before the change still applies.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.face.core import parse_players, player_weights
from emr_sim.games.emr.options import make_options
from emr_sim.games.emr.players.evaluate import deck_totals
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit, njit_alloc
from emr_sim.rng import seed_rng

try:
    from emr_sim.games.emr.loops.engine import (
        PLAYER_STREAM,
        decide,
        finish_record,
        new_buffers,
        search_buffers,
        seat_weights,
    )
except ImportError:  # a tree from before the loops were named so
    from emr_sim.sim.engine import (
        PLAYER_STREAM,
        decide,
        finish_record,
        new_buffers,
        search_buffers,
        seat_weights,
    )
try:
    from emr_sim.games.emr.players.observe import blank_observation
except ImportError:  # a tree from before observe_step: decide writes the whole observation

    @njit
    def blank_observation(obs):
        return None


MAX_STEPS = 4000


@njit_alloc
def play_logged(T, O, seed, first, count, seats, recs, actions, weights, search):
    """engine.game_loop's steps, keeping each action code in actions[k] (-1 after the end)."""
    bufs = new_buffers()
    S, obs, ev, legal, prng, scratch = bufs[0], bufs[1], bufs[2], bufs[3], bufs[4], bufs[5]
    for k in range(count):
        deck_totals(T, scratch[0])
        blank_observation(obs)  # as engine.game_loop does (a no-op in a tree without it)
        recs[k, :] = 0
        ev[0, 0] = 0
        new_game(S, T, O, ev, seed, first + k, seats[2], seats[3])
        for p in range(2):
            seed_rng(prng[p], 0, seed, first + k, PLAYER_STREAM + p)
        advance(S, T, O, ev)
        ev[0, 0] = 0
        step = 0
        while S[C.H_PHASE] != C.DK_NONE:
            code = decide(S, T, O, seats, obs, legal, prng, scratch, search, weights)
            if step < actions.shape[1]:
                actions[k, step] = code
            step += 1
            apply_action(S, T, O, ev, code)
            ev[0, 0] = 0
        finish_record(S, recs[k])


# the settings left out of a spec, as the search of version 1 took them where version 2's differ
VERSION_1 = {"leaf": "greedy", "reuse": "0", "prior": "0", "widen": "0"}


def old(kind: str = "ismcts", **given: object) -> str:
    """The spec text of the version-1 search with these settings (each named by the match as
    it was before issue 35: ismcts:60 is old(n=60))."""
    settings = {**given, **{k: v for k, v in VERSION_1.items() if k not in given}}
    return f"{kind}({','.join(f'{k}={v}' for k, v in settings.items())})"


def matches(games: int):
    """(name, rules, players, heroes, seed, games) of every match played."""
    fury = {"fury": "on"}
    yield "off ismcts:60-greedy", {}, f"{old(n=60)},greedy", (-1, -1), 31, games
    yield "off greedy-ismcts(leaf=eval)", {}, f"greedy,{old(n=80, leaf='eval')}", (-1, -1), 32, games
    leaves = f"{old(n=40, leaf='random', depth=3)},{old(n=40, leaf='tuned')}"
    yield "off random-leaf-vs-tuned-leaf", {}, leaves, (-1, -1), 33, games
    for k, (a, b) in enumerate(((0, 6), (5, 1), (4, 7), (3, 2))):
        name = f"on ismcts:50 {C.HERO_NAMES[a]}-{C.HERO_NAMES[b]}"
        players = f"{old(n=50)},{old(n=30, c=0.5, depth=2)}"
        yield name, fury, players, (a, b), 34 + k, games // 2
    yield "on ismcts-open:40-greedy", fury, f"{old('ismcts-open', n=40)},greedy", (6, 0), 38, games // 2
    yield "on ismcts:400-ismcts:200", fury, f"{old(n=400)},{old(n=200)}", (0, 5), 39, max(2, games // 6)
    guided = f"{old(n=60, prior=1, widen=1)},{old(n=40, leaf='tuned', prior=1, widen=0.5)}"
    yield "on guided prior-widen", fury, guided, (1, 4), 40, games // 2


def play_all(games: int, only: str | None) -> dict[str, np.ndarray]:
    deck = load_deck()
    out = {}
    for name, rules, players, heroes, seed, count in matches(games):
        if only and only not in name:
            continue
        opts = make_options(rules)
        table = card_table(deck, opts)
        kinds = parse_players(players)
        seats = np.array([kinds[0], kinds[1], heroes[0], heroes[1]], dtype=np.int64)
        weights = seat_weights(player_weights(players))
        recs = np.zeros((count, C.GR_SIZE), dtype=np.int64)
        actions = np.full((count, MAX_STEPS), -1, dtype=np.int64)
        start = time.perf_counter()
        play_logged(table, opts, seed, 0, count, seats, recs, actions, weights, search_buffers(kinds))
        print(f"  {name}: {count} games, {time.perf_counter() - start:.1f} s")
        out[name + " records"] = recs
        out[name + " actions"] = actions
    return out


def compare(base, now: dict[str, np.ndarray]) -> int:
    bad = 0
    for key in now:
        if not key.endswith(" actions"):
            continue
        name = key.removesuffix(" actions")
        if key not in base:
            print(f"NEW: {name} (not in the baseline)")
            continue
        a, b = base[key], now[key]
        records_differ = (base[name + " records"] != now[name + " records"]).any(axis=1)
        differ = np.nonzero((a != b).any(axis=1) | records_differ)[0]
        if len(differ):
            bad += 1
            first = differ[0]
            step = int(np.argmax(a[first] != b[first]))
            print(f"DIFFERS: {name}: {len(differ)}/{len(a)} games; game {first} first at decision {step}")
    print("identical" if bad == 0 else f"{bad} matches differ")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("save", "check"))
    parser.add_argument("path")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--only", default=None, help="play only the matches whose name contains this")
    args = parser.parse_args()
    start = time.perf_counter()
    now = play_all(args.games, args.only)
    n_games = sum(v.shape[0] for k, v in now.items() if k.endswith("records"))
    n_actions = sum(int((v >= 0).sum()) for k, v in now.items() if k.endswith("actions"))
    print(f"{n_games} games, {n_actions} decisions, {time.perf_counter() - start:.1f} s")
    if args.mode == "save":
        np.savez_compressed(args.path, **now)
        return
    raise SystemExit(1 if compare(np.load(args.path), now) else 0)


if __name__ == "__main__":
    main()
