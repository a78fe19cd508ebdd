"""The search player's settings: one more row of the seat's parameter array.

The kernels take every player's parameters in one float64 array `weights` of shape
(2, KERNEL_ROWS, N_PARAMS) by seat (games/emr/players/params.py): rows 0..WEIGHT_ROWS-1 are the
greedy's vectors per master, and row SEARCH_ROW holds the settings of an `ismcts` player
(the S_* entries below; zeros for every other kind, which never read it). Keeping the
settings in the same array keeps the kernels' signatures, and so their compiled code,
the same for every player. The greedy rows of an ismcts seat are what its rollouts and
its evaluation read (the defaults, or the shipped book for leaf=tuned).

This module imports only numpy and emr_sim.games.emr.codes, like params.py.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr.codes import N_HEROES

N_PARAMS_ROW = 32  # = params.N_PARAMS (checked there)
WEIGHT_ROWS = N_HEROES + 1  # = params.WEIGHT_ROWS
SEARCH_ROW = WEIGHT_ROWS  # the row of the search settings
KERNEL_ROWS = WEIGHT_ROWS + 1

S_ITERATIONS = 0  # iterations per decision (1 .. MAX_ITERATIONS)
S_EXPLORE = 1  # UCB exploration constant c (rewards are win probabilities in 0..1)
S_LEAF = 2  # LEAF_*: what a new node is judged by
S_DEPTH = 3  # decisions a rollout plays before the evaluation judges it (0: evaluate at once)
S_EVAL_SCALE = 4  # the logistic slope turning the greedy evaluation into a win probability
S_EVAL_BIAS = 5  # ... and its intercept (docs/players.md, "Search (ismcts)")
S_STOP = 6  # stop once the most visited root action leads by more than S_STOP x the iterations
#             left (0 in the row: DEFAULT_STOP, so that rows written before it play as they did)
S_REUSE = 7  # 1: keep the subtree the actions taken lead to, for the seat's next search
S_WIDTH = 8  # w > 0: a decision of n < w legal actions gets iterations * n / w (0: all of them)
S_PRIOR = 9  # 1: a node's untried action of the greedy's choice is tried first (0: at random)
S_WIDEN = 10  # k > 0: a node below the root of v visits tries at most 1 + k * sqrt(v) actions

LEAF_EVAL = 0  # the evaluation of the new node's position
LEAF_RANDOM = 1  # uniform random actions for S_DEPTH decisions, then the evaluation
LEAF_GREEDY = 2  # both players greedy (this seat's vectors) for S_DEPTH decisions, then it
LEAF_NAMES = ("eval", "random", "greedy", "tuned")  # tuned: LEAF_GREEDY on the shipped book

# The kernels' defaults: what a seat plays whose search row is empty (a weights array given
# without search settings), and the settings a spec of search version 1 leaves out (`ismcts`
# alone, before issue 35): the best of a small scan (docs/players.md)
DEFAULT_ITERATIONS = 400
DEFAULT_EXPLORE = 0.2
DEFAULT_LEAF = LEAF_GREEDY
DEFAULT_DEPTH = 4
DEFAULT_STOP = 1.0  # the lead no other action can overcome: the whole budget's choice
DEFAULT_REUSE = 0
DEFAULT_WIDTH = 0
MAX_WIDTH = 64
DEFAULT_PRIOR = 0
DEFAULT_WIDEN = 0.0  # every action tried before any is tried again
MAX_WIDEN = 100.0

# The search's version, kept in run records with its settings (PlayerSpec.record): a change
# that makes the same spec text play differently gets a new number, so that runs of the old
# and the new search are never taken for the same player, and a run's texts are read in its
# own version (emr_sim.games.emr.lineup.search.DEFAULTS_BY_VERSION). 1: the search of issue 14 (a
# player's search stopping once its choice is settled plays the same games); a spec's
# settings left out take the defaults above. 2 (issue 35): the same kernels; a setting left
# out takes the guided search's (leaf=tuned, reuse=1, prior=1, widen=1), so `ismcts:N` is
# `ismcts(n=N,leaf=tuned,reuse=1,prior=1,widen=1)` of version 1.
SEARCH_VERSION = 2

MAX_ITERATIONS = 50_000  # the node pool holds one node per iteration and the root
MAX_DEPTH = 200  # rollout decisions (a game lasts a few hundred)
MAX_EXPLORE = 10.0

# The win-probability mapping p = 1 / (1 + exp(-(scale * value + bias))) of the greedy's
# board_eval from the searcher's side, fitted on greedy games' outcomes by
# scripts/fit_eval_mapping.py (docs/players.md gives the fit and its command).
EVAL_SCALE = 0.464
EVAL_BIAS = 0.0


def search_row(
    iterations: int,
    explore: float,
    leaf: int,
    depth: int,
    stop: float = DEFAULT_STOP,
    reuse: int = DEFAULT_REUSE,
    width: int = DEFAULT_WIDTH,
    prior: int = DEFAULT_PRIOR,
    widen: float = DEFAULT_WIDEN,
) -> np.ndarray:
    """The SEARCH_ROW vector of these settings, with the fitted mapping."""
    row = np.zeros(N_PARAMS_ROW, dtype=np.float64)
    row[S_ITERATIONS] = iterations
    row[S_EXPLORE] = explore
    row[S_LEAF] = leaf
    row[S_DEPTH] = depth
    row[S_EVAL_SCALE] = EVAL_SCALE
    row[S_EVAL_BIAS] = EVAL_BIAS
    row[S_STOP] = 0.0 if stop == DEFAULT_STOP else stop
    row[S_REUSE] = reuse
    row[S_WIDTH] = width
    row[S_PRIOR] = prior
    row[S_WIDEN] = widen
    return row


def check_search_row(row: np.ndarray) -> None:
    """ValueError naming the first setting out of range; an all-zero row (no search
    player) passes."""
    if not np.any(row):
        return
    checks = (
        (S_ITERATIONS, "iterations", 1, MAX_ITERATIONS, True),
        (S_EXPLORE, "exploration constant", 0.0, MAX_EXPLORE, False),
        (S_LEAF, "leaf policy", 0, LEAF_GREEDY, True),
        (S_DEPTH, "rollout depth", 0, MAX_DEPTH, True),
        (S_EVAL_SCALE, "evaluation scale", 0.0, 100.0, False),
        (S_EVAL_BIAS, "evaluation bias", -100.0, 100.0, False),
        (S_STOP, "stopping margin", 0.0, 1.0, False),
        (S_REUSE, "subtree reuse", 0, 1, True),
        (S_WIDTH, "budget width", 0, MAX_WIDTH, True),
        (S_PRIOR, "greedy prior", 0, 1, True),
        (S_WIDEN, "progressive widening", 0.0, MAX_WIDEN, False),
    )
    for index, name, low, high, whole in checks:
        value = float(row[index])
        if not low <= value <= high:
            raise ValueError(f"search {name} = {value:g} is outside {low:g}..{high:g}")
        if whole and value != int(value):
            raise ValueError(f"search {name} = {value:g} must be a whole number")
