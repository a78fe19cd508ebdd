"""Keeping a seat's search tree from one of its decisions to the next (the `reuse` setting).

The game loop notes every action taken, by either seat, in a history it shares with the
search (note_action: the decision kind, the decider and the action code, all public: the
observation shows the kind and the decider, and every action's card or target is shown on
the boards or the discard pile). When a seat searches again, it walks its last tree from
the child of the action it chose, along the actions noted since: to the child of the same
(kind, decider, code) where the tree has one; past a decision the tree has no node for (a
forced decision, or one no iteration reached); and it gives the tree up when the tree has
tried that decision but never this action. The node it reaches is the new root: the
iterations through it were played from the same information set as far as the tree can
tell, and the search adds fresh ones from the new observation.

Each seat has its own pool (ismcts.new_search). A pool never compacts: the kept tree stays
where it is and new nodes go after it; when the next search might not fit, the pool
starts afresh.
"""

import numpy as np

from emr_sim.games.emr.players.tree import (
    F_CODE,
    F_DECIDER,
    F_FIRST,
    F_KIND,
    F_NEXT,
    MAX_NODES,
    NONE,
    ROOT,
    init_node,
)
from emr_sim.jit import njit, njit_alloc, njit_inline

MAX_HISTORY = 4096  # actions noted in one game (a longer game gives up reuse after them)
H_COUNT = 0  # history[0, H_COUNT]: the number of actions noted (rows 1..count)
H_FULL = 1  # history[0, H_FULL]: 1 once an action could not be noted
# keep (one int64 array per seat):
K_CHOSEN = 0  # the node of the action the seat's last search chose (NONE: nothing kept)
K_ENTRY = 1  # the history row that notes that action
K_SIZE = 2  # nodes in use in the seat's pool
KEEP_SIZE = 3


@njit_alloc
def new_history():
    history = np.zeros((MAX_HISTORY + 1, 3), dtype=np.int64)
    return history


@njit_alloc
def new_keep():
    keep = np.zeros(KEEP_SIZE, dtype=np.int64)
    keep[K_CHOSEN] = NONE
    return keep


@njit_inline
def note_action(history, kind, decider, code):
    """Note that `decider` took `code` at a decision of `kind`."""
    count = history[0, H_COUNT]
    if count >= MAX_HISTORY:
        history[0, H_FULL] = 1
        return
    row = count + 1
    history[row, 0] = kind
    history[row, 1] = decider
    history[row, 2] = code
    history[0, H_COUNT] = row


@njit
def forget(history, keep0, keep1):
    """A new game: no action noted, nothing kept."""
    history[0, H_COUNT] = 0
    history[0, H_FULL] = 0
    keep0[K_CHOSEN] = NONE
    keep1[K_CHOSEN] = NONE


@njit_inline
def plant_root(nodes, value, keep, history, kind, me, reuse, iterations):
    """The root of this search: the node the actions since the seat's last choice lead to
    (with reuse), or a fresh root at ROOT, the pool's first node."""
    if reuse and keep[K_CHOSEN] != NONE and keep[K_SIZE] + iterations < MAX_NODES:
        node = walk(nodes, history, keep[K_CHOSEN], keep[K_ENTRY])
        if node != NONE:
            return node
    init_node(nodes, value, ROOT, -1, kind, me)
    keep[K_SIZE] = ROOT + 1
    return ROOT


@njit_inline
def keep_choice(keep, history, chosen):
    """Remember the node of the action chosen now; the loop notes it in the next row."""
    keep[K_CHOSEN] = chosen
    keep[K_ENTRY] = history[0, H_COUNT] + 1


@njit
def walk(nodes, history, node, entry):
    """The node reached from `node` (the chosen action, noted in row `entry`) along the
    actions noted after it; NONE when the tree must be given up."""
    count = history[0, H_COUNT]
    if history[0, H_FULL] != 0 or entry > count or history[entry, 2] != nodes[node, F_CODE]:
        return NONE
    for row in range(entry + 1, count + 1):
        kind = history[row, 0]
        q = history[row, 1]
        code = history[row, 2]
        ch = nodes[node, F_FIRST]
        tried = False
        while ch != NONE:
            if nodes[ch, F_KIND] == kind and nodes[ch, F_DECIDER] == q:
                if nodes[ch, F_CODE] == code:
                    break
                tried = True
            ch = nodes[ch, F_NEXT]
        if ch != NONE:
            node = ch
        elif tried:
            return NONE
    return node
