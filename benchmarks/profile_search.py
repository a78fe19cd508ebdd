"""Where the search player's time goes: per decision kind, and per phase of an iteration.

    python benchmarks/profile_search.py [--games 6] [--players ismcts:400,ismcts:400] [--seed 100]

Plays seeded games step by step with Game.choose (fury on, masters from a fixed list of
pairs) and times every searched decision (2+ legal actions) of each search seat from
Python (CPU time), by decision kind and by number of legal actions; for players that keep
their tree (reuse=1), how many searches start from a kept node and with how many visits.
It then searches each of those decisions again (a fresh tree, as without reuse) in an
instrumented copy of the search (the same code, the same RNG, so the same tree) that
reads the processor's cycle counter between the phases of every iteration: the
determinisation, the walk down the tree (listing legal actions, the tree's own
bookkeeping, applying actions), the rollout (legal actions, the greedy's choice,
applying), the evaluation (counting the unseen cards, the greedy's board_eval and the
logistic) and the backpropagation. The counter also runs while the process waits for a
core, so its cycles are scaled to the CPU time of the instrumented run (the shares are
the cycles'); the counter costs a few nanoseconds a read.

It also counts the iterations run against the budget: a player's search stops once the
most visited root action leads every other by more than the iterations left.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, parse_players, player_weights
from emr_sim.games.emr.loops.engine import PLAYER_STREAM, seat_weights
from emr_sim.games.emr.players.determinise import determinise, unseen_cards
from emr_sim.games.emr.players.evaluate import (
    board_eval,
    count_discards,
    deck_totals,
    restore_discards,
    save_discards,
    unseen_counts,
)
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.ismcts import (
    expansion_settings,
    expansion_slot,
    may_expand,
    new_search,
    read_settings,
    track_lead,
)
from emr_sim.games.emr.players.leaf import result_value, weight_row
from emr_sim.games.emr.players.observe import observe
from emr_sim.games.emr.players.reuse import K_CHOSEN, K_ENTRY, walk
from emr_sim.games.emr.players.search_params import LEAF_RANDOM, S_REUSE, SEARCH_ROW
from emr_sim.games.emr.players.tree import (
    F_AVAIL,
    F_CODE,
    F_DECIDER,
    F_FIRST,
    F_KIND,
    F_NEXT,
    F_VISITS,
    MAX_NODES,
    NONE,
    ROOT,
    add_child,
    backpropagate,
    init_node,
    match_children,
    select_child,
)
from emr_sim.games.emr.rules.flow import apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.jit import njit_entry
from emr_sim.rng import below, next32, seed_rng

HEROES = ("crow,illusion", "earth,wind", "kungfu,master", "bushido,poison")
SEARCH_STREAM = 0x5EA  # = games/emr/players/ismcts.SEARCH_STREAM
PHASES = (
    "setup (seed, unseen cards, root)",
    "determinise",
    "tree: legal actions",
    "tree: select / expand",
    "tree: apply actions",
    "rollout: legal actions",
    "rollout: greedy choice",
    "rollout: apply actions",
    "evaluation: unseen cards",
    "evaluation: board_eval + logistic",
    "backpropagation",
)
N_PHASES = len(PHASES)
(
    P_SETUP,
    P_DET,
    P_T_LEGAL,
    P_T_TREE,
    P_T_APPLY,
    P_R_LEGAL,
    P_R_GREEDY,
    P_R_APPLY,
    P_E_UNSEEN,
    P_E_EVAL,
    P_BACK,
) = range(N_PHASES)
# per-search counters
K_ITER, K_TREE_STEPS, K_ROLL_STEPS, K_ROLL_GREEDY, K_ENDED, K_BUDGET = range(6)


@intrinsic
def cycles(_typingctx):
    """The processor's cycle counter (llvm.readcyclecounter)."""

    def codegen(context, builder, _signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.readcyclecounter")
        return builder.call(fn, [])

    return types.int64(), codegen


@njit_entry
def counter():
    """The counter's value now."""
    return cycles()


@njit_entry
def profiled_search(obs, T, O, me, legal, n, prng, seat, Wseat, acc, cnt):
    """games/emr/players/ismcts.run_search (settling, as a player's search does), phase by phase, the
    cycles added into acc[P_*] and the counts into cnt[K_*]; returns the pool's size."""
    nodes, value, slot, path, R, ev, rlegal, child_of, unseen, seen, rng, gscratch, _keep, root_child = seat
    iterations, c, leaf, depth, scale, bias, _stop = read_settings(Wseat[SEARCH_ROW])
    t0 = cycles()
    seed_rng(rng, 0, next32(prng, 0), obs[C.H_DECISIONS], SEARCH_STREAM)
    counts = gscratch[0]
    deck_totals(T, counts)
    count_discards(obs, T, counts)
    save_discards(counts)
    n_unseen = unseen_cards(obs, T, me, seen, unseen)
    init_node(nodes, value, ROOT, -1, obs[C.H_PHASE], me)
    size = 1
    leader, lead, second = NONE, 0, 0
    cnt[K_BUDGET] += iterations
    acc[P_SETUP] += cycles() - t0
    root_m = 0
    guide = expansion_settings(Wseat, gscratch)  # prior and widen: the greedy's choice counts as tree time
    for it in range(iterations):
        a = cycles()
        if root_m == 0 and match_children(nodes, ROOT, obs[C.H_PHASE], me, legal, n, slot, root_child) == 0:
            root_m = n
        a1 = cycles()
        acc[P_T_TREE] += a1 - a
        determinise(obs, me, unseen, n_unseen, R, rng)
        b = cycles()
        acc[P_DET] += b - a1
        # descend (games/emr/players/ismcts.descend), timed
        node = ROOT
        plen = 0
        if root_m > 0:
            ch = select_child(nodes, value, root_child, root_m, c)
            path[0] = ch
            plen = 1
            b1 = cycles()
            acc[P_T_TREE] += b1 - b
            apply_action(R, T, O, ev, nodes[ch, F_CODE])
            acc[P_T_APPLY] += cycles() - b1
            node = ch
        while R[C.H_PHASE] != C.DK_NONE and plen < path.shape[0]:
            x0 = cycles()
            m = legal_actions(R, T, O, rlegal)
            x1 = cycles()
            acc[P_T_LEGAL] += x1 - x0
            cnt[K_TREE_STEPS] += 1
            if m <= 1:
                apply_action(R, T, O, ev, rlegal[0] if m == 1 else 0)
                acc[P_T_APPLY] += cycles() - x1
                continue
            kind = R[C.H_PHASE]
            q = R[C.H_DECIDER]
            untried = match_children(nodes, node, kind, q, rlegal, m, slot, child_of)
            if untried > 0 and size < MAX_NODES and may_expand(nodes, node, ROOT, m - untried, guide[1]):
                j = expansion_slot(R, T, O, rlegal, m, child_of, untried, rng, guide)
                for k in range(m):
                    if child_of[k] != NONE:
                        nodes[child_of[k], F_AVAIL] += 1
                add_child(nodes, value, node, size, rlegal[j], kind, q)
                nodes[size, F_AVAIL] = 1
                path[plen] = size
                x2 = cycles()
                acc[P_T_TREE] += x2 - x1
                apply_action(R, T, O, ev, rlegal[j])
                acc[P_T_APPLY] += cycles() - x2
                size += 1
                plen += 1
                break
            ch = select_child(nodes, value, child_of, m, c)
            if ch == NONE:
                break
            path[plen] = ch
            plen += 1
            node = ch
            x2 = cycles()
            acc[P_T_TREE] += x2 - x1
            apply_action(R, T, O, ev, nodes[ch, F_CODE])
            acc[P_T_APPLY] += cycles() - x2
        # leaf (games/emr/players/leaf.leaf_value, its rollout), timed
        e0 = cycles()
        restore_discards(counts)
        acc[P_E_UNSEEN] += cycles() - e0
        if leaf != 0:
            for _ in range(depth):
                if R[C.H_PHASE] == C.DK_NONE:
                    break
                y0 = cycles()
                m = legal_actions(R, T, O, rlegal)
                y1 = cycles()
                acc[P_R_LEGAL] += y1 - y0
                cnt[K_ROLL_STEPS] += 1
                if m <= 1:
                    code = rlegal[0] if m == 1 else 0
                    y3 = y1
                elif leaf == LEAF_RANDOM:
                    code = rlegal[below(rng, 0, m)]
                    y3 = y1
                else:
                    q = R[C.H_DECIDER]
                    code = choose_greedy(R, T, O, q, rlegal, m, gscratch, True, Wseat[weight_row(R, q)])
                    y3 = cycles()
                    acc[P_R_GREEDY] += y3 - y1
                    cnt[K_ROLL_GREEDY] += 1
                apply_action(R, T, O, ev, code)
                acc[P_R_APPLY] += cycles() - y3
        e0 = cycles()
        if R[C.H_PHASE] == C.DK_NONE:
            reward = result_value(R, me)
            cnt[K_ENDED] += 1
            e2 = cycles()
        else:
            unseen_counts(R, T, me, counts)
            e1 = cycles()
            acc[P_E_UNSEEN] += e1 - e0
            x = scale * board_eval(R, T, O, counts, me, Wseat[weight_row(R, me)]) + bias
            reward = 1.0 / (1.0 + np.exp(-x))
            e2 = cycles()
            acc[P_E_EVAL] += e2 - e1
        backpropagate(nodes, value, path, plen, me, reward)
        cnt[K_ITER] += 1
        if plen > 0:
            leader, lead, second = track_lead(nodes, path[0], leader, lead, second)
        acc[P_BACK] += cycles() - e2
        if lead - second > iterations - 1 - it:
            break
    return size


def player_rngs(seed: int, index: int) -> np.ndarray:
    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, seed, index, PLAYER_STREAM + p)
    return prng


def collect(games: int, players: str, seed: int, kept: list[int] | None = None):
    """Play the games; every searched decision as (game, obs, decider, prng before, CPU
    seconds, legal actions, the seat's weights, the legal actions' codes). With `kept`, the
    visits already under the root of each search that starts from a kept tree (reuse=1)."""
    kinds = parse_players(players)
    weights = seat_weights(player_weights(players))
    found = []
    for k in range(games):
        g = Game.new(seed + k, 0, rules={"fury": "on"}, heroes=HEROES[k % len(HEROES)])
        prng = player_rngs(seed + k, 0)
        while not g.over:
            p = g.decider
            searched = kinds[p] in (C.PLAYER_ISMCTS,) and len(g.legal_codes()) >= 2
            keeps = weights[p][SEARCH_ROW][S_REUSE] > 0
            if searched and keeps and kept is not None and g._search is not None:
                prior = kept_visits(g, p)
                if prior is not None:
                    kept.append(prior)
            before = prng[p].copy()
            start = time.process_time()
            code = g.choose(kinds, prng, weights)
            seconds = time.process_time() - start
            if searched:
                obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
                observe(g.state, p, obs)
                legal = np.array(g.legal_codes(), dtype=np.int64)
                found.append((g, obs, p, before, seconds, len(legal), weights[p], legal))
            g.apply(code)
    return found


def kept_visits(g: Game, p: int) -> int | None:
    """The visits of the legal children of the node seat p's next search starts from, when
    it keeps its tree (games/emr/players/reuse.walk); None when it starts afresh."""
    nodes, keep = g._search[p][0], g._search[p][12]
    if keep[K_CHOSEN] == NONE:
        return None
    node = walk(nodes, g._search[2], keep[K_CHOSEN], keep[K_ENTRY])
    if node == NONE:
        return None
    legal, kind, prior, ch = set(g.legal_codes()), g.state[C.H_PHASE], 0, nodes[node, F_FIRST]
    while ch != NONE:
        if nodes[ch, F_KIND] == kind and nodes[ch, F_DECIDER] == p and nodes[ch, F_CODE] in legal:
            prior += int(nodes[ch, F_VISITS])
        ch = nodes[ch, F_NEXT]
    return prior


def calibrate() -> float:
    """Cycles of the counter per second (it runs at a constant rate)."""
    counter()
    rates = []
    for _ in range(5):
        start, c0 = time.perf_counter(), counter()
        time.sleep(0.1)
        rates.append((counter() - c0) / (time.perf_counter() - start))
    return float(np.median(rates))


def size_class(n: int) -> str:
    return "2" if n == 2 else "3-5" if n <= 5 else "6-10" if n <= 10 else "11+"


def report_decisions(found, games: int, seats: int) -> None:
    total = sum(f[4] for f in found)
    per_seat = total / games / seats
    print(f"## {len(found)} searched decisions in {games} games: {total:.2f} s", end="")
    print(f" ({per_seat:.3f} s a seat a game)")
    print(f"   ({len(found) / games / seats:.1f} a seat and game, {1000 * total / len(found):.2f} ms each)")
    by_kind: dict[str, list[float]] = defaultdict(list)
    by_size: dict[str, list[float]] = defaultdict(list)
    for f in found:
        by_kind[f[8]].append(f[4])
        by_size[size_class(f[5])].append(f[4])
    for name, groups in (("kind", by_kind), ("legal actions", by_size)):
        print(f"| {name} | decisions | share of decisions | ms each | share of search time |")
        print("|---|---|---|---|---|")
        for key, times in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
            print(
                f"| {key} | {len(times)} | {len(times) / len(found):.1%} | {1000 * np.mean(times):.2f} "
                f"| {sum(times) / total:.1%} |"
            )
        print()


def profile_phases(found, rate: float) -> None:
    acc = np.zeros(N_PHASES, dtype=np.int64)
    cnt = np.zeros(6, dtype=np.int64)
    search = new_search()[0]  # one seat's buffers (a fresh tree at each search)
    g, obs, p, before, _seconds, n, wseat, legal = found[0]
    profiled_search(obs, g.table, g.opts, p, legal, n, before.copy(), search, wseat, acc, cnt)  # compile
    acc[:] = 0
    cnt[:] = 0
    start, cpu = time.perf_counter(), time.process_time()
    for g, obs, p, before, _seconds, _n, wseat, legal in found:
        profiled_search(obs, g.table, g.opts, p, legal, len(legal), before.copy(), search, wseat, acc, cnt)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    # the counter also runs while the process waits for a core: on a shared machine the
    # cycles are scaled to the CPU time the run took (the shares are the cycles')
    clock = rate
    rate = max(clock, acc.sum() / cpu)
    it = cnt[K_ITER]
    print(f"## Phases: {it:,} iterations, {cpu:.2f} s CPU ({1e6 * cpu / it:.2f} µs each;", end="")
    print(f" {wall:.2f} s wall); counter at {clock / 1e9:.2f} GHz, {clock / rate:.0%} of it on a core")
    print("| phase | µs an iteration | share |")
    print("|---|---|---|")
    for k, name in enumerate(PHASES):
        print(f"| {name} | {1e6 * acc[k] / rate / it:.3f} | {acc[k] / acc.sum():.1%} |")
    print()
    print(
        f"per iteration: {cnt[K_TREE_STEPS] / it:.2f} decisions walked in the tree, "
        f"{cnt[K_ROLL_STEPS] / it:.2f} rollout decisions "
        f"({cnt[K_ROLL_GREEDY] / it:.2f} chosen by the greedy), "
        f"{cnt[K_ENDED] / it:.1%} of iterations reach the end of the game"
    )
    print(
        f"iterations run: {it:,} of a budget of {cnt[K_BUDGET]:,} ({1 - it / cnt[K_BUDGET]:.1%} saved by "
        "stopping once the most visited root action cannot be overtaken)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", default="ismcts:400,ismcts:400")
    ap.add_argument("--seed", type=int, default=100)
    args = ap.parse_args()
    collect(1, args.players, args.seed)  # compile and load
    kept: list[int] = []
    found = collect(args.games, args.players, args.seed, kept)
    named = [(*f, C.DECISION_NAMES[int(f[1][C.H_PHASE])]) for f in found]
    print(f"# {args.players}, {args.games} games (seeds {args.seed}..), fury on, one thread")
    seats = sum(k == C.PLAYER_ISMCTS for k in parse_players(args.players))
    report_decisions(named, args.games, seats)
    if kept:
        print(
            f"kept trees: {len(kept)} of the {len(found)} searches start from a kept node, with "
            f"{np.mean(kept):.0f} visits under it on average (median {np.median(kept):.0f})\n"
        )
    profile_phases(found, calibrate())


if __name__ == "__main__":
    main()
