"""The generic search player: single-observer information-set Monte Carlo tree search (ISMCTS,
Cowling, Powley & Whitehouse 2012) over the game contract, for any game and table size.

One iteration: the contract's `determinise` deals a state from the searching seat's
observation (only what that seat cannot see, from what it has not seen); from the root the
walk takes, at each decision of two or more legal actions, the legal child of the highest
UCB score for the seat deciding there, until a decision has a legal action not yet in the
tree: one node is added for one of those, at random, and played (forced decisions are played
through without a node). With `prior` k, the new node starts as k visits worth the game's
action_value of that action for its decider, from the decider's observation (the generic
greedy's judgement). The position reached is judged by the game's rollout policy for `depth`
decisions, then by its evaluation (each seat's value, a win chance in 0..1), or by its
result once the game is over (a win 1, a first place shared by k seats or teams 1/k, else 0:
a team's result is each member's). Each node on the path adds the value of the seat that
decided there (max-n; at two seats the usual zero-sum backup when the values sum to 1).

The action played is the root's most visited legal child. Once every legal action of the
root has its node, the search stops when the most visited leads every other by more than
`stop` x the iterations left; at stop=1 none could catch up (each iteration adds one visit
to one root child), so the choice, and every later decision (the search's draws come from a
generator seeded by two draws of the seat's stream, whatever it played), is the whole
budget's. Everything runs on buffers made once per table loop (new_search), with no
allocation per decision or iteration (numba without its runtime cannot allocate:
emr_sim.jit). The functions that call the contract are inlined (jit.njit_inline) into each
game's own entry points, under the game's cache key.
"""

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.jit import is_none_type, njit, njit_inline, overload_by_type
from emr_sim.players.kinds import SP_DEPTH, SP_EXPLORE, SP_ITERATIONS, SP_PRIOR, SP_STOP
from emr_sim.players.tree import (
    F_ACTION,
    F_AVAIL,
    F_VISITS,
    N_FIELDS,
    NONE,
    ROOT,
    add_child,
    backpropagate,
    count_available,
    init_node,
    match_children,
    most_visited,
    nth_untried,
    select_child,
)
from emr_sim.rng import below, next32, seed_rng

SEARCH_STREAM = 0x6E5  # the stream of (two draws of the seat's stream) that seeds a search
MAX_PATH = 1024  # tree nodes on one iteration's path (deeper: judged where it stops)
MIN_TABLE = 8  # the child-matching table's least size (a power of two)
# the search's buffers, by position in its tuple (new_search)
B_NODES = 0  # the node pool (players/tree.py F_*)
B_VALUE = 1  # each node's value sum for its decider
B_PATH = 2  # the nodes of one iteration's path
B_STATE = 3  # the determinised state
B_LEGAL = 4  # its legal actions
B_CHILD = 5  # the children of those actions at a node
B_ROOT_CHILD = 6  # the children of the root's legal actions (the choice)
B_TABLE = 7  # the child-matching table (players/tree.match_children)
B_RNG = 8  # the search's generator words
B_VALUES = 9  # each seat's value of an iteration's end
B_RESULTS = 10  # a finished game's results (contract RS_*)
B_INFO = 11  # the counters (I_*)
B_SEEN = 12  # an observation (the prior's)
B_WORK = 13  # the game's action_value scratch (the prior's)
# the counters
I_STAMP = 0  # the matching table's stamp
I_ITERATIONS = 1  # iterations played, over every search of the loop (benchmarks read it)
I_SEARCHES = 2  # searches made
INFO_SIZE = 3


def new_search(iterations: int, state_size: int, max_legal: int, n_seats: int, work_size: int = 0) -> tuple:
    """The search's buffers (B_*) for a table loop whose searchers play at most `iterations`
    a decision: a pool of a node per iteration and the root, the rest sized by the game."""
    size = MIN_TABLE
    while size < 2 * max_legal:
        size *= 2
    info = np.zeros(INFO_SIZE, dtype=np.int64)
    table = (
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        np.zeros(size, dtype=np.int64),
        info[I_STAMP : I_STAMP + 1],  # a view: the stamp is a counter
    )
    return (
        np.zeros((iterations + 1, N_FIELDS), dtype=np.int64),
        np.zeros(iterations + 1, dtype=np.float64),
        np.zeros(MAX_PATH, dtype=np.int64),
        np.zeros(state_size, dtype=np.int64),
        np.zeros(max_legal, dtype=np.int64),
        np.zeros(max_legal, dtype=np.int64),
        np.zeros(max_legal, dtype=np.int64),
        table,
        np.zeros(4, dtype=np.int64),
        np.zeros(n_seats, dtype=np.float64),
        np.zeros((n_seats, K.RS_SIZE), dtype=np.int64),
        info,
        np.zeros(state_size, dtype=np.int64),
        np.zeros(max(state_size, work_size), dtype=np.int64),
    )


def search_choice(G, obs, seat, params, legal, n, prng, search):
    """choose_ismcts with the loop's search buffers; a loop without a search player passes
    None for them and compiles without the search (the overload below picks by the type).
    This body is what runs as plain Python (NUMBA_DISABLE_JIT=1)."""
    if search is None:
        return legal[0]  # unreachable: the Python side gives a search player its buffers
    return choose_ismcts(G, obs, seat, params, legal, n, prng, search)


@overload_by_type(search_choice)
def _search_choice(G, obs, seat, params, legal, n, prng, search):
    if is_none_type(search):
        return lambda G, obs, seat, params, legal, n, prng, search: legal[0]
    return lambda G, obs, seat, params, legal, n, prng, search: choose_ismcts(
        G, obs, seat, params, legal, n, prng, search
    )


@njit_inline
def choose_ismcts(G, obs, me, params, legal, n, prng, search):
    """The search's action among legal[:n] for seat `me` from obs, its observation, with the
    settings of its parameter row (players/kinds.py SP_*)."""
    if n == 1:
        return legal[0]
    nodes, value, path, rng, info = (
        search[B_NODES],
        search[B_VALUE],
        search[B_PATH],
        search[B_RNG],
        search[B_INFO],
    )
    iterations, stop = int(params[SP_ITERATIONS]), params[SP_STOP]
    c, depth, prior = params[SP_EXPLORE], int(params[SP_DEPTH]), int(params[SP_PRIOR])
    seed_rng(rng, 0, next32(prng, 0), next32(prng, 0), SEARCH_STREAM)
    init_node(nodes, value, ROOT, -1, me)
    size = ROOT + 1
    leader, lead, second = NONE, 0, 0
    for it in range(iterations):
        size, plen = iterate(G, obs, me, search, size, c, depth, prior)
        info[I_ITERATIONS] += 1
        if plen > 0:  # every iteration's path starts at a child of the root
            leader, lead, second = track_lead(nodes, path[0], leader, lead, second)
            if it + 1 >= n and lead - second > stop * (iterations - 1 - it):
                break  # every root action has its node: visits grow by one at a time
    info[I_SEARCHES] += 1
    root_child = search[B_ROOT_CHILD]
    match_children(nodes, ROOT, me, legal, n, search[B_TABLE], root_child)
    return legal[most_visited(nodes, root_child, n)]


@njit
def track_lead(nodes, ch, leader, lead, second):
    """(the most visited root child, its visits, the most visits of another) after root child
    ch gained visits (every other root child unchanged, so this follows them exactly)."""
    v = nodes[ch, F_VISITS]
    if ch == leader:
        return leader, v, second
    if v > lead:
        return ch, v, lead
    if v > second:
        return leader, lead, v
    return leader, lead, second


@njit_inline
def iterate(G, obs, me, search, size, c, depth, prior):
    """One iteration from a fresh determinisation of obs; (the pool's size, the path's length)."""
    nodes, value, path, R = search[B_NODES], search[B_VALUE], search[B_PATH], search[B_STATE]
    rlegal, child_of, table, rng = search[B_LEGAL], search[B_CHILD], search[B_TABLE], search[B_RNG]
    K.determinise(G, obs, me, rng, R)
    node = ROOT
    plen = 0
    while plen < MAX_PATH:
        q = K.to_move(G, R)
        if q == K.NOBODY:
            break
        m = K.legal(G, R, rlegal)
        if m == 1:  # forced: no node
            K.apply(G, R, rlegal[0])
            continue
        untried = match_children(nodes, node, q, rlegal, m, table, child_of)
        if untried > 0 and size < nodes.shape[0]:
            j = nth_untried(child_of, m, below(rng, 0, untried))
            count_available(nodes, child_of, m)
            add_child(nodes, value, node, size, rlegal[j], q)
            nodes[size, F_AVAIL] = 1  # legal in this iteration
            if prior > 0:
                start_from_prior(G, R, q, search, size, rlegal[j], prior)
            path[plen] = size
            plen += 1
            size += 1
            K.apply(G, R, rlegal[j])
            break
        ch = select_child(nodes, value, child_of, m, c)
        if ch == NONE:
            break
        path[plen] = ch
        plen += 1
        K.apply(G, R, nodes[ch, F_ACTION])
        node = ch
    judge(G, R, depth, rlegal, rng, search[B_VALUES], search[B_RESULTS])
    backpropagate(nodes, value, path, plen, search[B_VALUES])
    return size, plen


@njit_inline
def start_from_prior(G, R, q, search, k, action, prior):
    """New node k (q taking `action` in R) starts as `prior` visits worth the game's
    action_value for q, from q's observation of R (the generic greedy's judgement)."""
    seen = search[B_SEEN]
    K.observe(G, R, q, seen)
    search[B_NODES][k, F_VISITS] = prior
    search[B_VALUE][k] = prior * K.action_value(G, seen, q, action, search[B_WORK], search[B_RNG])


@njit_inline
def judge(G, R, depth, rlegal, rng, values, res):
    """values[s]: each seat's value of R after up to `depth` decisions of the game's rollout
    policy: its result once the game is over, else the game's evaluation."""
    for _ in range(depth):
        if K.to_move(G, R) == K.NOBODY:
            break
        m = K.legal(G, R, rlegal)
        action = rlegal[0] if m == 1 else K.rollout(G, R, rlegal, m, rng)
        K.apply(G, R, action)
    if K.to_move(G, R) == K.NOBODY:
        K.results(G, R, res)
        result_values(res, values)
    else:
        K.evaluate(G, R, values)


@njit
def result_values(res, values):
    """A finished game's value for each seat: 1 for a win (alone or its team's), 1/k for a
    first place shared by k seats or teams, else 0."""
    n = values.shape[0]
    sharers = 0
    for s in range(n):
        if res[s, K.RS_DRAW] == 1 and not team_counted(res, s):
            sharers += 1
    for s in range(n):
        if res[s, K.RS_WIN] == 1:
            values[s] = 1.0
        elif res[s, K.RS_DRAW] == 1:
            values[s] = 1.0 / sharers
        else:
            values[s] = 0.0


@njit
def team_counted(res, s):
    """Whether a drawing seat before s is of s's team (the team shares one part of the place)."""
    team = res[s, K.RS_TEAM]
    if team < 0:
        return False
    for t in range(s):
        if res[t, K.RS_DRAW] == 1 and res[t, K.RS_TEAM] == team:
            return True
    return False
