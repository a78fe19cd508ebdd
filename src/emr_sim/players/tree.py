"""The generic search's node pool (players/ismcts.py): one int64 row per node, preallocated,
children as linked lists (first child, next sibling), and a value sum per node.

A node is also the edge that leads to it: the action taken there and the seat that took it
(its decider). `value` sums the values backed up for that decider (max-n: each seat's own);
`avail` counts the iterations in which the action was legal at its parent, which the
exploration term uses in place of the parent's visits (ISMCTS: a child is judged against the
times it could have been chosen). Matching a node's children to a decision's legal actions
uses a small open-addressed table stamped per use, so that action codes of any range match
in time proportional to the legal actions, and nothing is cleared between uses.
"""

import math

from emr_sim.jit import njit

F_ACTION = 0  # the action that leads here
F_DECIDER = 1  # the seat that took it
F_VISITS = 2  # iterations through this node
F_AVAIL = 3  # iterations in which this action was legal at its parent
F_FIRST = 4  # first child, NONE for none
F_NEXT = 5  # next sibling, NONE for none
N_FIELDS = 6
ROOT = 0
NONE = -1
UNTRIED = 1e300  # the score of a child never tried (only a root's children can be so)
HASH_MULT = 2654435761  # Knuth's multiplicative hash (fits int64 for the codes of any game)


@njit
def init_node(nodes, value, k, action, decider):
    nodes[k, F_ACTION] = action
    nodes[k, F_DECIDER] = decider
    nodes[k, F_VISITS] = 0
    nodes[k, F_AVAIL] = 0
    nodes[k, F_FIRST] = NONE
    nodes[k, F_NEXT] = NONE
    value[k] = 0.0


@njit
def add_child(nodes, value, parent, k, action, decider):
    """Node k, for `action` taken by `decider`, becomes parent's first child."""
    init_node(nodes, value, k, action, decider)
    nodes[k, F_NEXT] = nodes[parent, F_FIRST]
    nodes[parent, F_FIRST] = k


@njit
def slot_of(keys, slots, stamps, stamp, action):
    """The slot the table holds for `action` in its current use (stamp), -1 for none."""
    mask = keys.shape[0] - 1
    h = (action * HASH_MULT) & mask
    while stamps[h] == stamp:
        if keys[h] == action:
            return slots[h]
        h = (h + 1) & mask
    return -1


@njit
def fill_slots(keys, slots, stamps, stamp, legal, m):
    """A new use (stamp) of the table: legal[k] -> k for k < m (distinct actions)."""
    mask = keys.shape[0] - 1
    for k in range(m):
        h = (legal[k] * HASH_MULT) & mask
        while stamps[h] == stamp:
            h = (h + 1) & mask
        stamps[h] = stamp
        keys[h] = legal[k]
        slots[h] = k


@njit
def match_children(nodes, node, decider, legal, m, table, child_of):
    """child_of[k] = the child of `node` for legal[k] taken by `decider` (NONE: untried);
    returns how many are untried. table = (keys, slots, stamps, the stamp counter)."""
    keys, slots, stamps, counter = table
    counter[0] += 1
    stamp = counter[0]
    fill_slots(keys, slots, stamps, stamp, legal, m)
    for k in range(m):
        child_of[k] = NONE
    ch = nodes[node, F_FIRST]
    while ch != NONE:
        if nodes[ch, F_DECIDER] == decider:
            s = slot_of(keys, slots, stamps, stamp, nodes[ch, F_ACTION])
            if s >= 0:
                child_of[s] = ch
        ch = nodes[ch, F_NEXT]
    untried = 0
    for k in range(m):
        if child_of[k] == NONE:
            untried += 1
    return untried


@njit
def nth_untried(child_of, m, t):
    """The slot of the t-th (from 0) legal action without a child."""
    for k in range(m):
        if child_of[k] == NONE:
            if t == 0:
                return k
            t -= 1
    return m - 1


@njit
def ucb(nodes, value, ch, c):
    """The child's mean value for its decider plus c * sqrt(ln(avail) / visits)."""
    visits = nodes[ch, F_VISITS]
    if visits == 0:
        return UNTRIED
    return value[ch] / visits + c * math.sqrt(math.log(nodes[ch, F_AVAIL]) / visits)


@njit
def select_child(nodes, value, child_of, m, c):
    """Of the legal actions' children (child_of[:m]), each counted available once more, the
    one of the highest ucb (the first of equals); NONE when none is in the tree."""
    best = NONE
    best_score = -1.0
    for k in range(m):
        ch = child_of[k]
        if ch == NONE:
            continue
        nodes[ch, F_AVAIL] += 1
        score = ucb(nodes, value, ch, c)
        if score > best_score:
            best_score = score
            best = ch
    return best


@njit
def count_available(nodes, child_of, m):
    """Expanding a new child: the legal actions' children already there were available too."""
    for k in range(m):
        if child_of[k] != NONE:
            nodes[child_of[k], F_AVAIL] += 1


@njit
def backpropagate(nodes, value, path, plen, values):
    """Each node of the path visited once more, with the value of its decider (max-n)."""
    for k in range(plen):
        nd = path[k]
        nodes[nd, F_VISITS] += 1
        value[nd] += values[nodes[nd, F_DECIDER]]


@njit
def most_visited(nodes, child_of, n):
    """The slot of the most visited of child_of[:n] (the first of equals; untried count 0)."""
    best = 0
    most = -1
    for k in range(n):
        ch = child_of[k]
        visits = nodes[ch, F_VISITS] if ch != NONE else 0
        if visits > most:
            most = visits
            best = k
    return best
