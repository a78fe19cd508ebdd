"""The search tree's node pool: one int64 row per node, children as linked lists.

A node is an edge of the tree too: the action (code) that led to it, taken at a decision
of `kind` by `decider`. Children are kept in a list (first child, next sibling) rather
than a dense array over the 808 action codes, so a pool of MAX_ITERATIONS + 1 nodes is a
few megabytes, allocated once per game loop. `value` holds each node's summed reward for
its decider; `avail` counts the iterations in which its action was legal (ISMCTS: a child
is judged against the times it could have been chosen, not its parent's visits).
"""

import math

import numpy as np

from emr_sim.games.emr.players.search_params import MAX_ITERATIONS
from emr_sim.jit import njit, njit_inline

F_CODE = 0  # the action code that leads here
F_KIND = 1  # the decision kind (DK_*) it was taken at
F_DECIDER = 2  # who took it
F_VISITS = 3  # iterations through this node
F_AVAIL = 4  # iterations in which this action was legal at its parent
F_FIRST = 5  # first child, -1 for none
F_NEXT = 6  # next sibling, -1 for none
N_FIELDS = 7
MAX_NODES = MAX_ITERATIONS + 1
ROOT = 0
NONE = -1
UNTRIED = 1e300  # the score of a child never tried
# ln(a) for a = 0 .. LOG_TABLE_SIZE - 1, as CPython's math.log (the same C library call as
# the compiled math.log, so the same bits: tests/games/emr/players/test_tree.py checks every entry):
# a table read instead of a logarithm for each child that UCB scores. Entry 0 is never read
# (a child scored has been available at least once).
LOG_TABLE_SIZE = 4096
LOG_TABLE = np.array([0.0] + [math.log(a) for a in range(1, LOG_TABLE_SIZE)], dtype=np.float64)


@njit_inline
def init_node(nodes, value, k, code, kind, decider):
    nodes[k, F_CODE] = code
    nodes[k, F_KIND] = kind
    nodes[k, F_DECIDER] = decider
    nodes[k, F_VISITS] = 0
    nodes[k, F_AVAIL] = 0
    nodes[k, F_FIRST] = NONE
    nodes[k, F_NEXT] = NONE
    value[k] = 0.0


@njit_inline
def add_child(nodes, value, parent, k, code, kind, decider):
    """Node k becomes parent's first child."""
    init_node(nodes, value, k, code, kind, decider)
    nodes[k, F_NEXT] = nodes[parent, F_FIRST]
    nodes[parent, F_FIRST] = k


@njit_inline
def match_children(nodes, node, kind, decider, legal, m, slot, child_of):
    """child_of[k] = the child of `node` for legal[k] at this decision (NONE if untried);
    returns how many are untried."""
    for k in range(m):
        slot[legal[k]] = k
        child_of[k] = NONE
    ch = nodes[node, F_FIRST]
    while ch != NONE:
        if nodes[ch, F_KIND] == kind and nodes[ch, F_DECIDER] == decider:
            s = slot[nodes[ch, F_CODE]]
            if s >= 0:
                child_of[s] = ch
        ch = nodes[ch, F_NEXT]
    untried = 0
    for k in range(m):
        slot[legal[k]] = NONE
        if child_of[k] == NONE:
            untried += 1
    return untried


@njit
def ucb(nodes, value, ch, c):
    """The child's mean reward for its decider plus c * sqrt(ln(avail) / visits)."""
    n = nodes[ch, F_VISITS]
    if n == 0:
        return UNTRIED
    return value[ch] / n + c * math.sqrt(log_avail(nodes[ch, F_AVAIL]) / n)


@njit_inline
def log_avail(a):
    """math.log(a), from LOG_TABLE when a is in it."""
    if a < LOG_TABLE_SIZE:
        return LOG_TABLE[a]
    return math.log(a)


@njit_inline
def select_child(nodes, value, child_of, m, c):
    """Count the legal children available, and the one of the highest ucb (the first of
    equals); NONE when none is in the tree."""
    best = NONE
    best_score = -1.0
    for k in range(m):
        ch = child_of[k]
        if ch == NONE:
            continue
        nodes[ch, F_AVAIL] += 1
        s = ucb(nodes, value, ch, c)
        if s > best_score:
            best_score = s
            best = ch
    return best


@njit_inline
def backpropagate(nodes, value, path, plen, me, reward):
    """Add the iteration's reward (for me) to each node of its path, for that node's decider."""
    for k in range(plen):
        nd = path[k]
        nodes[nd, F_VISITS] += 1
        value[nd] += reward if nodes[nd, F_DECIDER] == me else 1.0 - reward
