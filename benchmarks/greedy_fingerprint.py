"""Every action of seeded games, to check that an optimisation changes no decision.

    python benchmarks/greedy_fingerprint.py save BASELINE.npz [--games 200]
    python benchmarks/greedy_fingerprint.py check BASELINE.npz [--games 200] [--list N] [--cards]

Plays a fixed set of matches (greedy, greedy-notech and random players; fury off, and
fury on with every ordered pair of the 8 heroes and with heroes drawn at random; a few
rules variants) and keeps, per game, the whole sequence of action codes, the result
record and the two heroes. `check` replays them and lists every match that differs: its
rules and heroes, how many games differ (in their actions, and how many of those in their
result record), the first N of them, and for heroes drawn at random how many differing
games had each hero. A match missing from an older baseline is reported as new.
With --cards the loop tracks the card events (`--cards` of matchup and matrix,
games/emr/loops/card_events.py) while it plays: tracking must change no decision either.
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops.card_events import end_cards, start_cards
from emr_sim.games.emr.loops.engine import PLAYER_STREAM, decide, finish_record, new_buffers, tally
from emr_sim.games.emr.options import make_options
from emr_sim.games.emr.players.evaluate import deck_totals
from emr_sim.games.emr.players.params import default_weights
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit, njit_alloc
from emr_sim.rng import seed_rng

try:
    from emr_sim.games.emr.players.observe import blank_observation
except ImportError:  # a tree from before observe_step: decide writes the whole observation

    @njit
    def blank_observation(obs):
        return None


MAX_STEPS = 4000  # action codes kept per game


@njit_alloc
def play_logged(T, O, seed, first, count, seats, recs, actions, heroes, weights, cards):
    """engine.play_game's loop, keeping each action code in actions[k] (-1 after the end)
    and the heroes of the two seats in heroes[k] (NO_HERO with fury off); the greedy
    players read `weights` by seat (games/emr/players/params.py: the defaults); the card events are
    tracked in `cards` when it has words (CE_SIZE), not when it is empty."""
    S, obs, ev, legal, prng, scratch, _none = new_buffers()
    for k in range(count):
        deck_totals(T, scratch[0])
        blank_observation(obs)  # as engine.game_loop does (a no-op in a tree without it)
        recs[k, :] = 0
        ev[0, 0] = 0
        new_game(S, T, O, ev, seed, first + k, seats[2], seats[3])
        start_cards(S, cards)
        for p in range(2):
            heroes[k, p] = S[C.P_BASE + p * C.P_SIZE + C.P_HERO]
        for p in range(2):
            seed_rng(prng[p], 0, seed, first + k, PLAYER_STREAM + p)
        advance(S, T, O, ev)
        tally(S, ev, recs[k], cards)
        step = 0
        while S[C.H_PHASE] != C.DK_NONE:
            code = decide(S, T, O, seats, obs, legal, prng, scratch, None, weights)
            if step < actions.shape[1]:
                actions[k, step] = code
            step += 1
            apply_action(S, T, O, ev, code)
            tally(S, ev, recs[k], cards)
        finish_record(S, recs[k])
        end_cards(S, cards)


G, N, R = C.PLAYER_GREEDY, C.PLAYER_GREEDY_NOTECH, C.PLAYER_RANDOM


def matches(games: int):
    """(name, rules, seats, seed, games) of every match played."""
    yield "off greedy", {}, (G, G, -1, -1), 11, 4 * games
    yield "off greedy-random", {}, (G, R, -1, -1), 12, games
    yield "off random-greedy", {}, (R, G, -1, -1), 13, games
    for rule in ("reshuffle=off", "health=12", "pair_check=on-play", "slide_tokens=landing", "copy_copy=on"):
        name, value = rule.split("=")
        yield f"off {rule}", {name: value}, (G, G, -1, -1), 14, games // 2
    # the rules options that change a hit's damage, its blocks or a play's self-damage
    for rule in ("penalty=each", "trap_once=off", "block_zero=on"):
        name, value = rule.split("=")
        yield f"off {rule}", {name: value}, (G, G, -1, -1), 18, games // 2
    for a, b in itertools.permutations(range(C.N_HEROES), 2):
        yield f"on {C.HERO_NAMES[a]}-{C.HERO_NAMES[b]}", {"fury": "on"}, (G, G, a, b), 15, games // 4
    for h in range(C.N_HEROES):
        yield f"on notech {C.HERO_NAMES[h]}", {"fury": "on"}, (N, G, h, (h + 3) % 8), 16, games // 4
    yield "on random heroes", {"fury": "on", "hero_select": "random"}, (G, G, -1, -1), 17, 2 * games
    for rule in ("penalty=each", "block_zero=on"):
        name, value = rule.split("=")
        rules = {"fury": "on", "hero_select": "random", name: value}
        yield f"on random heroes {rule}", rules, (G, G, -1, -1), 19, games


def play_all(games: int, track_cards: bool = False) -> dict[str, np.ndarray]:
    deck = load_deck()
    cards = np.zeros(C.CE_SIZE if track_cards else 0, dtype=np.int64)
    weights = default_weights()
    out = {}
    for name, rules, seats, seed, count in matches(games):
        opts = make_options(rules)
        table = card_table(deck, opts)
        recs = np.zeros((count, C.GR_SIZE), dtype=np.int64)
        actions = np.full((count, MAX_STEPS), -1, dtype=np.int64)
        heroes = np.zeros((count, 2), dtype=np.int64)
        play_logged(
            table,
            opts,
            seed,
            0,
            count,
            np.array(seats, dtype=np.int64),
            recs,
            actions,
            heroes,
            weights,
            cards,
        )
        out[name + " records"] = recs
        out[name + " actions"] = actions
        out[name + " heroes"] = heroes
    return out


def rows_differ(base: np.ndarray, now: np.ndarray) -> np.ndarray:
    """Indices of the games (rows) that differ."""
    return np.nonzero((base != now).any(axis=1))[0]


def hero_text(pair) -> str:
    return "-".join(C.HERO_NAMES[h] if 0 <= h < C.N_HEROES else "none" for h in pair)


def compare(base, now: dict[str, np.ndarray], games: int, listed: int) -> int:
    """Print each match whose games differ from the baseline; the number of such matches."""
    bad = 0
    total = 0
    for name, rules, seats, _seed, count in matches(games):
        if name + " actions" not in base:
            print(f"NEW: {name} (not in the baseline)")
            continue
        acts = rows_differ(base[name + " actions"], now[name + " actions"])
        recs = rows_differ(base[name + " records"], now[name + " records"])
        games_differ = np.union1d(acts, recs)
        if len(games_differ) == 0:
            continue
        bad += 1
        total += len(games_differ)
        rules_text = ",".join(f"{k}={v}" for k, v in rules.items()) or "defaults"
        print(
            f"DIFFERS: {name} [{rules_text}; seats {seats[0]},{seats[1]}]: {len(games_differ)}/{count} games"
            f" differ, {len(recs)} of them in the result record; first: {games_differ[:listed].tolist()}"
        )
        heroes = now[name + " heroes"][games_differ]
        if seats[2] < 0 and (heroes >= 0).any():  # heroes drawn at random: which were there
            seen = {h: int((heroes == h).any(axis=1).sum()) for h in range(C.N_HEROES)}
            print("    games with each hero: " + ", ".join(f"{C.HERO_NAMES[h]} {n}" for h, n in seen.items()))
            with_kungfu_or_master = ((heroes == C.HERO_KUNGFU) | (heroes == C.HERO_MASTER)).any(axis=1)
            others = [hero_text(p) for p in heroes[~with_kungfu_or_master][:listed]]
            print(f"    without kungfu or master: {int((~with_kungfu_or_master).sum())} {others}")
    print("identical" if bad == 0 else f"{bad} matches differ, {total} games")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("save", "check"))
    parser.add_argument("path")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--list", type=int, default=5, help="differing games listed per match")
    parser.add_argument("--cards", action="store_true", help="track the card events while playing")
    args = parser.parse_args()
    start = time.perf_counter()
    now = play_all(args.games, args.cards)
    n_games = sum(v.shape[0] for k, v in now.items() if k.endswith("records"))
    n_actions = sum(int((v >= 0).sum()) for k, v in now.items() if k.endswith("actions"))
    print(f"{n_games} games, {n_actions} decisions, {time.perf_counter() - start:.1f} s")
    if args.mode == "save":
        np.savez_compressed(args.path, **now)
        return
    bad = compare(np.load(args.path), now, args.games, args.list)
    raise SystemExit(1 if bad else 0)


if __name__ == "__main__":
    main()
