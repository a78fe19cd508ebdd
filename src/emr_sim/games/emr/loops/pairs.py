"""Paired games and their streamed aggregates, jitted (the core of `emr-sim matchup`).

Pair j of a run plays game index j twice: side A in seat 0, then side A in seat 1,
with the same deck shuffle and first-player draw, so first-player advantage and deal
luck cancel within a pair. Results are integer counters and a histogram of game
lengths added up while games run: merging chunks is a sum, so a run split over any
number of threads, processes or machines gives the same aggregate.

The aggregate is one int64 vector of aggregate_size(turn_cap): the AG_* counters below,
then the histogram of game lengths in turns (AG_HIST + turns).
"""

import numpy as np

from emr_sim.games.emr.codes import (
    CE_SIZE,
    DRAWN_GAME,
    GR_BLOCKS,
    GR_COUNTERS,
    GR_DAMAGE,
    GR_EFFECTS,
    GR_EXTRAS,
    GR_FIRST,
    GR_HITS,
    GR_SIZE,
    GR_TECH,
    GR_TURNS,
    GR_WINNER,
    N_EFFECTS,
    N_SOURCES,
    N_TECH,
)
from emr_sim.games.emr.loops.engine import game_loop, new_buffers, search_buffers, seat_weights
from emr_sim.games.emr.players.ismcts import choose_ismcts
from emr_sim.jit import njit, njit_entry, njit_inline

AG_GAMES = 0  # games played
AG_WINS = 1  # + side: games won by side A (0) / B (1)
AG_DRAWS = 3  # drawn games (turn cap)
AG_FIRST_WINS = 4  # games won by the player who took the first turn
AG_PAIR_A = 5  # pairs won twice by A
AG_PAIR_SPLIT = 6  # pairs won once by each side
AG_PAIR_B = 7  # pairs won twice by B
AG_PAIR_DRAWN = 8  # pairs with at least one draw
AG_TURNS = 9  # turns, summed over games
AG_HITS = 10  # + side: hits landed
AG_BLOCKS = 12  # + side: cards blocked with
AG_COUNTERS = 14  # + side: dragon counters played
AG_EXTRAS = 16  # + side: extra actions earned
AG_DAMAGE = 18  # + side * N_SOURCES + source: damage TAKEN by the side, by source
AG_EFFECTS = AG_DAMAGE + 2 * N_SOURCES  # + side * N_EFFECTS + effect: effects applied
AG_TECH = AG_EFFECTS + 2 * N_EFFECTS  # + side * N_TECH + technique: technique uses
AG_SIZE = AG_TECH + 2 * N_TECH  # then the histogram: AG_HIST + turns, turns 0..turn_cap
AG_HIST = AG_SIZE


def aggregate_size(turn_cap: int) -> int:
    return AG_SIZE + turn_cap + 1


@njit
def add_sides(agg, rec, base_agg, base_rec, width, a_seat):
    """Copy per-seat counters of a game record into per-side counters."""
    for side in range(2):
        seat = a_seat if side == 0 else 1 - a_seat
        for k in range(width):
            agg[base_agg + side * width + k] += rec[base_rec + seat * width + k]


@njit_inline
def add_game(agg, rec, a_seat):
    """One game's record (seats) into the aggregate (sides). Returns the winning side or -1."""
    agg[AG_GAMES] += 1
    agg[AG_TURNS] += rec[GR_TURNS]
    turns = rec[GR_TURNS]
    if AG_HIST + turns < agg.shape[0]:
        agg[AG_HIST + turns] += 1
    winner = rec[GR_WINNER]
    side = -1
    if winner == DRAWN_GAME:
        agg[AG_DRAWS] += 1
    else:
        side = 0 if winner == a_seat else 1
        agg[AG_WINS + side] += 1
        if winner == rec[GR_FIRST]:
            agg[AG_FIRST_WINS] += 1
    add_sides(agg, rec, AG_HITS, GR_HITS, 1, a_seat)
    add_sides(agg, rec, AG_BLOCKS, GR_BLOCKS, 1, a_seat)
    add_sides(agg, rec, AG_COUNTERS, GR_COUNTERS, 1, a_seat)
    add_sides(agg, rec, AG_EXTRAS, GR_EXTRAS, 1, a_seat)
    add_sides(agg, rec, AG_DAMAGE, GR_DAMAGE, N_SOURCES, a_seat)
    add_sides(agg, rec, AG_EFFECTS, GR_EFFECTS, N_EFFECTS, a_seat)
    add_sides(agg, rec, AG_TECH, GR_TECH, N_TECH, a_seat)
    return side


@njit_inline
def add_pair(agg, first, second):
    """The pair's outcome from the winning sides of its two games (-1: a draw)."""
    if first < 0 or second < 0:
        agg[AG_PAIR_DRAWN] += 1
    elif first == 0 and second == 0:
        agg[AG_PAIR_A] += 1
    elif first == 1 and second == 1:
        agg[AG_PAIR_B] += 1
    else:
        agg[AG_PAIR_SPLIT] += 1


def play_pairs(T, O, seed, first_pair, n_pairs, sides, agg, records, weights=None):
    """Play pairs first_pair.. of run `seed`; sides = (kind A, kind B, hero A, hero B),
    weights by side (games/emr/players/params.py: (2, WEIGHT_ROWS, N_PARAMS), the defaults for None).
    Adds them into agg; when records has rows, game k of this call goes to records[k]: its
    record, side A's seat, and with CARD_RECORD_COLS columns (--cards) its card sets
    (games/emr/loops/card_events.py; the loop tracks them only then).
    Python allocates the buffers, so that the kernel that plays is compiled once, without
    numba's runtime and with the game loop inlined (jit.njit_inline): a njit_alloc kernel
    calling it would compile the whole game a second time."""
    bufs = new_buffers()
    if records.shape[1] == CARD_RECORD_COLS:  # the card sets tracked: same types, same kernel
        bufs = (*bufs[:-1], np.zeros(CE_SIZE, dtype=np.int64))
    elif records.shape[1] != RECORD_COLS:
        raise ValueError(f"records have {records.shape[1]} columns, not {RECORD_COLS} or {CARD_RECORD_COLS}")
    search = search_buffers(sides[:2])  # None without a search player: a kernel without it
    rec = np.zeros(GR_SIZE, dtype=np.int64)
    seats = np.zeros(4, dtype=np.int64)
    outcome = np.zeros(2, dtype=np.int64)
    by_side = seat_weights(weights)  # side A in seat 0: by seat as it is
    swapped = np.ascontiguousarray(by_side[::-1])  # side A in seat 1
    pair_loop(
        T,
        O,
        int(seed),
        int(first_pair),
        int(n_pairs),
        sides,
        agg,
        records,
        bufs,
        search,
        rec,
        seats,
        outcome,
        by_side,
        swapped,
    )


@njit_entry
def pair_loop(
    T, O, seed, first_pair, n_pairs, sides, agg, records, bufs, search, rec, seats, outcome, by_side, swapped
):
    """play_pairs with its buffers: the search's (engine.search_buffers), rec (a game record),
    seats (4), outcome (2), and the weights by seat when side A sits in seat 0 (by_side) or
    in seat 1 (swapped)."""
    keep = records.shape[0] > 0
    cards = bufs[6]  # the card sets: no words unless tracked
    for j in range(n_pairs):
        for a_seat in range(2):
            seats[a_seat] = sides[0]
            seats[1 - a_seat] = sides[1]
            seats[2 + a_seat] = sides[2]
            seats[3 - a_seat] = sides[3]
            weights = by_side if a_seat == 0 else swapped
            game_loop(T, O, seed, first_pair + j, seats, bufs, search, rec, weights)
            outcome[a_seat] = add_game(agg, rec, a_seat)
            if keep:  # element by element: without numba's runtime a slice copy is refused
                for c in range(GR_SIZE):
                    records[2 * j + a_seat, c] = rec[c]
                records[2 * j + a_seat, GR_SIZE] = a_seat
                for c in range(cards.shape[0]):
                    records[2 * j + a_seat, GR_SIZE + 1 + c] = cards[c]
        add_pair(agg, outcome[0], outcome[1])


KERNELS = (pair_loop, new_buffers)  # what play_pairs calls: emr_sim.console.compiling checks them
# ... with a search player: its loop is a version of pair_loop of its own, and compiles
# choose_ismcts, cached only once such a loop was compiled
SEARCH_KERNELS = (*KERNELS, choose_ismcts)
RECORD_COLS = GR_SIZE + 1  # a game record and the seat of side A
CARD_RECORD_COLS = RECORD_COLS + CE_SIZE  # ... then its card sets (--cards)


def record_cols(cards: bool) -> int:
    """Columns of the record rows: with the card sets (--cards) or without."""
    return CARD_RECORD_COLS if cards else RECORD_COLS
