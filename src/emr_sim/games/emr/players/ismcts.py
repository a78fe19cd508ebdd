"""The search player: single-observer information-set Monte Carlo tree search (ISMCTS,
Cowling, Powley & Whitehouse 2012), on the rules' own kernels.

Each iteration deals a determinisation of the seat's observation (games/emr/players/determinise.py),
walks the tree from the root, choosing at each decision of either player the legal child
of the highest UCB score (each player maximising its own win probability; a child's
exploration term counts the iterations in which it was legal), adds one new node, judges
the position it leads to (games/emr/players/leaf.py: a rollout cut off after a depth, then the
greedy's evaluation mapped to a win probability) and adds that value to the path. The
tree's nodes are the searcher's information sets: they are keyed by the actions taken
(with the decision kind and decider), never by the cards the seat cannot see. With the prior
(S_PRIOR) a decision's first new node is the greedy's choice there, and with widening
(S_WIDEN) a node below the root adds children only as its visits grow. Every
decision kind is a node; forced decisions (one legal action) are played through.

The action chosen is the root's most visited child. A player's search stops as soon as
that child leads every other by more than the iterations left: none of them could catch
up, so the action is the one the whole budget would choose (the advisor, which reports
every action's visits, always runs the whole budget). Everything runs on buffers allocated
once per game loop (new_search), without numba's runtime, on one thread; the randomness
comes from the seat's player stream, so a decision depends on (run seed, game, seat,
decision) only.
"""

import math

import numpy as np

from emr_sim.games.emr.codes import (
    DK_NONE,
    EV_SIZE,
    H_DECIDER,
    H_DECISIONS,
    H_PHASE,
    MAX_CARDS,
    MAX_LEGAL,
    N_ACTIONS,
    STATE_SIZE,
)
from emr_sim.games.emr.players.determinise import determinise, unseen_cards
from emr_sim.games.emr.players.evaluate import (
    count_discards,
    deck_totals,
    new_scratch,
    restore_discards,
    save_discards,
)
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.leaf import leaf_value, weight_row
from emr_sim.games.emr.players.reuse import (
    K_SIZE,
    forget,
    keep_choice,
    new_history,
    new_keep,
    note_action,
    plant_root,
)
from emr_sim.games.emr.players.search_params import (
    DEFAULT_DEPTH,
    DEFAULT_EXPLORE,
    DEFAULT_ITERATIONS,
    DEFAULT_LEAF,
    DEFAULT_STOP,
    EVAL_BIAS,
    EVAL_SCALE,
    LEAF_EVAL,
    S_DEPTH,
    S_EVAL_BIAS,
    S_EVAL_SCALE,
    S_EXPLORE,
    S_ITERATIONS,
    S_LEAF,
    S_PRIOR,
    S_REUSE,
    S_STOP,
    S_WIDEN,
    S_WIDTH,
    SEARCH_ROW,
)
from emr_sim.games.emr.players.tree import (
    F_AVAIL,
    F_CODE,
    F_VISITS,
    MAX_NODES,
    N_FIELDS,
    NONE,
    add_child,
    backpropagate,
    match_children,
    select_child,
)
from emr_sim.games.emr.rules.flow import apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.jit import is_none_type, njit_alloc, njit_entry, njit_inline, overload_by_type
from emr_sim.rng import below, next32, seed_rng

MAX_PATH = 1024  # tree nodes on one iteration's path (deeper: judged where it stops)
SEARCH_STREAM = 0x5EA  # the stream of (seat's draw, decision) that seeds a decision's search
FRESH_SHARE = 4  # with reuse: at least 1/FRESH_SHARE of the budget is fresh iterations


@njit_alloc
def seat_search():
    """One seat's search buffers: (node pool, its rewards, the code -> slot map, the path,
    the determinised state, an event buffer that keeps nothing, legal actions, children of
    the legal actions, unseen cards, a seen mark per card, the search's RNG, the greedy
    scratch of rollouts and evaluations, what is kept for reuse (games/emr/players/reuse.py), the
    children of the root's legal actions)."""
    nodes = np.zeros((MAX_NODES, N_FIELDS), dtype=np.int64)
    value = np.zeros(MAX_NODES, dtype=np.float64)
    slot = np.full(N_ACTIONS, -1, dtype=np.int64)
    path = np.zeros(MAX_PATH, dtype=np.int64)
    R = np.zeros(STATE_SIZE, dtype=np.int64)
    ev = np.zeros((1, EV_SIZE), dtype=np.int64)  # emit drops every event: nobody reads them
    rlegal = np.zeros(MAX_LEGAL, dtype=np.int64)
    child_of = np.zeros(MAX_LEGAL, dtype=np.int64)
    unseen = np.zeros(MAX_CARDS, dtype=np.int64)
    seen = np.zeros(MAX_CARDS, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    gscratch, keep, root_child = new_scratch(), new_keep(), np.zeros(MAX_LEGAL, dtype=np.int64)
    return nodes, value, slot, path, R, ev, rlegal, child_of, unseen, seen, rng, gscratch, keep, root_child


@njit_alloc
def new_search():
    """The search's buffers, once per game loop: each seat's (seat_search) and the history
    of the actions taken that both read (games/emr/players/reuse.py)."""
    return seat_search(), seat_search(), new_history()


@njit_entry
def choose_ismcts(obs, T, O, me, legal, n, prng, search, Wseat, sees_all):
    """The search's action at the pending decision of obs (me deciding; legal[0..n-1]),
    with the settings of Wseat[SEARCH_ROW] and the greedy vectors of Wseat's rows, in
    seat me's pool. With sees_all, obs is the state itself and is searched as it is
    (PLAYER_ISMCTS_OPEN)."""
    if n == 1:
        return legal[0]
    seat = search[0] if me == 0 else search[1]
    history = search[2]
    nodes, value, keep = seat[0], seat[1], seat[12]
    row = Wseat[SEARCH_ROW]
    reuse = row[S_ITERATIONS] >= 1 and row[S_REUSE] > 0
    root = plant_root(nodes, value, keep, history, obs[H_PHASE], me, reuse, read_settings(row)[0])
    run_search(obs, T, O, me, prng, seat, root, legal, n, Wseat, sees_all, True)
    slot, child_of = seat[2], seat[7]
    match_children(nodes, root, obs[H_PHASE], me, legal, n, slot, child_of)
    best = 0
    most = -1
    for k in range(n):
        ch = child_of[k]
        visits = nodes[ch, F_VISITS] if ch != NONE else 0
        if visits > most:
            most = visits
            best = k
    keep_choice(keep, history, child_of[best])
    return legal[best]


@njit_entry
def run_search(obs, T, O, me, prng, seat, root, legal, n, Wseat, sees_all, settle):
    """Grow the tree of obs's decision (legal[0..n-1]) from node `root` of the seat's pool;
    the pool's size after. With sees_all, no card is dealt: every iteration plays on obs as
    it is, with a fresh game RNG (reshuffles stay chance). With settle, stop once the
    root's most visited child leads every other by more than the stopping margin times the
    iterations left (the margin 1: no other could catch up, the whole budget's choice)."""
    nodes, value, slot, path, R, ev, rlegal, child_of, unseen, seen, rng, gscratch, keep, root_child = seat
    iterations, c, leaf, depth, scale, bias, stop = read_settings(Wseat[SEARCH_ROW])
    if settle:
        iterations = budget(Wseat[SEARCH_ROW], iterations, n)
    seed_rng(rng, 0, next32(prng, 0), obs[H_DECISIONS], SEARCH_STREAM)
    counts = gscratch[0]
    deck_totals(T, counts)
    count_discards(obs, T, counts)
    save_discards(counts)  # every iteration's pile starts as the root's (leaf.leaf_value)
    n_unseen = 0 if sees_all else unseen_cards(obs, T, me, seen, unseen)
    size = keep[K_SIZE]
    leader, lead, second, prior = root_lead(nodes, root, obs[H_PHASE], me, legal, n, slot, child_of)
    fresh = iterations - min(prior, iterations - iterations // FRESH_SHARE)
    root_m = 0  # once every legal action of the root has a child: their number (root_child)
    guide = expansion_settings(Wseat, gscratch)
    for it in range(fresh):
        if root_m == 0 and match_children(nodes, root, obs[H_PHASE], me, legal, n, slot, root_child) == 0:
            root_m = n
        determinise(obs, me, unseen, n_unseen, R, rng)
        size, plen = descend(
            R,
            T,
            O,
            nodes,
            value,
            slot,
            path,
            ev,
            rlegal,
            child_of,
            rng,
            root,
            root_child,
            root_m,
            size,
            c,
            guide,
        )
        reward = leaf_value(R, T, O, me, ev, rlegal, rng, gscratch, Wseat, leaf, depth, scale, bias)
        backpropagate(nodes, value, path, plen, me, reward)
        if settle and plen > 0:
            leader, lead, second = track_lead(nodes, path[0], leader, lead, second)
            if lead - second > stop * (fresh - 1 - it):
                break
    keep[K_SIZE] = size
    return size


@njit_inline
def root_lead(nodes, root, kind, me, legal, n, slot, child_of):
    """(the most visited legal child of root, its visits, the most visits of another, the
    visits of all of them): a kept tree's root has some already."""
    match_children(nodes, root, kind, me, legal, n, slot, child_of)
    leader, lead, second, total = NONE, 0, 0, 0
    for k in range(n):
        ch = child_of[k]
        if ch == NONE:
            continue
        v = nodes[ch, F_VISITS]
        total += v
        if v > lead:
            leader, lead, second = ch, v, lead
        elif v > second:
            second = v
    return leader, lead, second, total


@njit_inline
def track_lead(nodes, ch, leader, lead, second):
    """(leader, its visits, the most visits of another root child) after root child ch was
    visited once more (visits only grow one at a time, so this follows them exactly)."""
    v = nodes[ch, F_VISITS]
    if ch == leader:
        return leader, v, second
    if v > lead:
        return ch, v, lead
    if v > second:
        return leader, lead, v
    return leader, lead, second


@njit_inline
def budget(row, iterations, n):
    """A player's iterations at a decision of n legal actions: all of them, or with the
    width setting w (S_WIDTH), iterations * n / w when n < w (at least n)."""
    width = int(row[S_WIDTH]) if row[S_ITERATIONS] >= 1 else 0
    if width == 0 or n >= width:
        return iterations
    return max(n, iterations * n // width)


@njit_inline
def read_settings(row):
    """(iterations, c, leaf, depth, scale, bias, stopping margin) of a search row; the
    defaults for an empty row (weights given without search settings)."""
    if row[S_ITERATIONS] < 1:
        return (
            DEFAULT_ITERATIONS,
            DEFAULT_EXPLORE,
            DEFAULT_LEAF,
            DEFAULT_DEPTH,
            EVAL_SCALE,
            EVAL_BIAS,
            DEFAULT_STOP,
        )
    leaf = int(row[S_LEAF])
    depth = int(row[S_DEPTH]) if leaf != LEAF_EVAL else 0
    stop = row[S_STOP] if row[S_STOP] > 0.0 else DEFAULT_STOP
    return int(row[S_ITERATIONS]), row[S_EXPLORE], leaf, depth, row[S_EVAL_SCALE], row[S_EVAL_BIAS], stop


@njit_inline
def expansion_settings(Wseat, gscratch):
    """(greedy prior, widening constant, the greedy's scratch, the seat's rows): how descend
    picks the actions it adds (S_PRIOR, S_WIDEN; off in an empty row)."""
    row = Wseat[SEARCH_ROW]
    if row[S_ITERATIONS] < 1:
        return False, 0.0, gscratch, Wseat
    return row[S_PRIOR] > 0, row[S_WIDEN], gscratch, Wseat


@njit_inline
def may_expand(nodes, node, root, tried, widen):
    """Whether a decision with an untried action adds one now: always at the root, without
    widening, or with no child to select; else (S_WIDEN = k) while it has fewer than
    1 + k * sqrt(visits) children legal here (progressive widening)."""
    if widen <= 0.0 or node == root or tried == 0:
        return True
    return tried < 1 + int(widen * math.sqrt(nodes[node, F_VISITS]))


@njit_inline
def expansion_slot(R, T, O, legal, m, child_of, untried, rng, guide):
    """The slot of the untried action to add: with the greedy prior, the greedy's choice on
    the determinisation (its decider's own view of it, as in rollouts: games/emr/players/leaf.py) when
    it is untried; else one of the untried at random."""
    prior, _widen, gscratch, Wseat = guide
    if prior:
        q = R[H_DECIDER]
        restore_discards(gscratch[0])  # the pile's counts as the root's (leaf.leaf_value)
        code = choose_greedy(R, T, O, q, legal, m, gscratch, True, Wseat[weight_row(R, q)])
        for k in range(m):
            if legal[k] == code and child_of[k] == NONE:
                return k
    return nth_untried(child_of, m, below(rng, 0, untried))


@njit_inline
def descend(
    R, T, O, nodes, value, slot, path, ev, legal, child_of, rng, root, root_child, root_m, size, c, guide
):
    """Walk the tree from `root` on the determinisation R, by UCB, until a decision adds an
    action not yet tried (may_expand): add its node (expansion_slot: the greedy's choice
    with the prior, else one at random) and play it. Returns (the pool's size, the path's
    length); R is left where the walk stopped. With root_m > 0, every legal action of the
    root has its child, root_child[0..root_m-1] (the root's legal actions are the same in
    every determinisation: they depend on what the searcher sees), and the first step
    selects among them without listing them again."""
    node = root
    plen = 0
    if root_m > 0:
        ch = select_child(nodes, value, root_child, root_m, c)
        path[0] = ch
        plen = 1
        apply_action(R, T, O, ev, nodes[ch, F_CODE])
        node = ch
    while R[H_PHASE] != DK_NONE and plen < MAX_PATH:
        m = legal_actions(R, T, O, legal)
        if m <= 1:  # forced: no node
            apply_action(R, T, O, ev, legal[0] if m == 1 else 0)
            continue
        kind = R[H_PHASE]
        q = R[H_DECIDER]
        untried = match_children(nodes, node, kind, q, legal, m, slot, child_of)
        if untried > 0 and size < MAX_NODES and may_expand(nodes, node, root, m - untried, guide[1]):
            j = expansion_slot(R, T, O, legal, m, child_of, untried, rng, guide)
            for k in range(m):
                if child_of[k] != NONE:
                    nodes[child_of[k], F_AVAIL] += 1
            add_child(nodes, value, node, size, legal[j], kind, q)
            nodes[size, F_AVAIL] = 1
            path[plen] = size
            apply_action(R, T, O, ev, legal[j])
            return size + 1, plen + 1
        ch = select_child(nodes, value, child_of, m, c)
        if ch == NONE:  # the pool is full and no legal action is in the tree
            break
        path[plen] = ch
        plen += 1
        apply_action(R, T, O, ev, nodes[ch, F_CODE])
        node = ch
    return size, plen


@njit_inline
def nth_untried(child_of, m, t):
    """The slot of the t-th (from 0) legal action without a child."""
    for k in range(m):
        if child_of[k] == NONE:
            if t == 0:
                return k
            t -= 1
    return m - 1


def search_choice(obs, T, O, me, legal, n, prng, search, Wseat, sees_all):
    """choose_ismcts in a loop with the search's buffers. A loop without a search player
    passes None for them (engine.search_buffers), and its kernels are compiled without the
    search at all (the overload below picks by the type): a greedy run compiles as fast
    as before the search existed. This body is what runs as plain Python."""
    if search is None:
        return legal[0]  # unreachable: no search player decides in such a loop
    return choose_ismcts(obs, T, O, me, legal, n, prng, search, Wseat, sees_all)


@overload_by_type(search_choice)
def _search_choice(obs, T, O, me, legal, n, prng, search, Wseat, sees_all):
    if is_none_type(search):
        return lambda obs, T, O, me, legal, n, prng, search, Wseat, sees_all: legal[0]
    return lambda obs, T, O, me, legal, n, prng, search, Wseat, sees_all: choose_ismcts(
        obs, T, O, me, legal, n, prng, search, Wseat, sees_all
    )


def search_note(search, S, code):
    """Note in the search's history that the pending decider of S takes `code`
    (games/emr/players/reuse.py); nothing in a loop without a search player (search None)."""
    if search is not None:
        note_action(search[2], S[H_PHASE], S[H_DECIDER], code)


@overload_by_type(search_note)
def _search_note(search, S, code):
    if is_none_type(search):
        return lambda search, S, code: None
    return lambda search, S, code: note_action(search[2], S[H_PHASE], S[H_DECIDER], code)


def search_new_game(search):
    """A new game in the loop: the history emptied, no tree kept (games/emr/players/reuse.py)."""
    if search is not None:
        forget(search[2], search[0][12], search[1][12])


@overload_by_type(search_new_game)
def _search_new_game(search):
    if is_none_type(search):
        return lambda search: None
    return lambda search: forget(search[2], search[0][12], search[1][12])
