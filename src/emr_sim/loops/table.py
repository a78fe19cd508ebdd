"""Games around a table of any size, through the game contract (emr_sim.kernel_contract).

A run's lineup is its members (player kind, parameters and entity each, in member order).
Deal j of run `seed` is played once per rotation r = 0 .. n-1 of the seating: in rotation r
seat s holds member (s - r) mod n, so every member plays the deal from every seat and the
deal's luck and the seat order cancel over the rotations (two seats: today's seat-swapped
pairs). The deal (the game's own chance, seeded from (seed, j) in its `init`) is the same in
every rotation; the player of seat s draws from its own stream (seed, j, PLAYER_STREAM + s).

Each game is one row of int64 (row_width(n)): its head (TR_*), then one block per seat
(TS_*: the member sitting there, its entity, its results RS_*). The functions here are
inlined into each game's own entry points (jit.njit_inline: never compiled on their own), so
that every compiled loop lives under its game's cache key.
"""

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.jit import njit_inline
from emr_sim.players.decide import decide
from emr_sim.rng import seed_rng
from emr_sim.table_layout import TR_DEAL as TR_DEAL
from emr_sim.table_layout import TR_HEAD as TR_HEAD
from emr_sim.table_layout import TR_RECORD as TR_RECORD
from emr_sim.table_layout import TR_ROTATION as TR_ROTATION
from emr_sim.table_layout import TS_ENTITY as TS_ENTITY
from emr_sim.table_layout import TS_MEMBER as TS_MEMBER
from emr_sim.table_layout import TS_RESULT as TS_RESULT
from emr_sim.table_layout import TS_SIZE as TS_SIZE
from emr_sim.table_layout import row_width as row_width

PLAYER_STREAM = 1  # the player of seat s draws from stream PLAYER_STREAM + s


MAX_SEATS = 8


def table_buffers(state_size: int, max_legal: int, n_seats: int, work_size: int, search=None) -> tuple:
    """The buffers of one table loop: (state, observation, legal actions, the players'
    generator words by seat, results, the game's record, the seating, the players' work, the
    search's buffers: players/ismcts.py, None without a search player)."""
    return (
        np.zeros(state_size, dtype=np.int64),
        np.zeros(state_size, dtype=np.int64),
        np.zeros(max_legal, dtype=np.int64),
        np.zeros((n_seats, 4), dtype=np.int64),
        np.zeros((n_seats, K.RS_SIZE), dtype=np.int64),
        np.zeros(K.GR_SIZE, dtype=np.int64),
        np.zeros(n_seats, dtype=np.int64),
        np.zeros(max(work_size, state_size), dtype=np.int64),
        search,
    )


@njit_inline
def member_at(seat, rotation, n_seats):
    """The lineup member in `seat` in rotation `rotation`."""
    return (seat - rotation + n_seats) % n_seats


@njit_inline
def play_table_game(G, bufs, seed, deal, rotation, kinds, params, entities, row):
    """Deal `deal` of run `seed` in rotation `rotation`, to its end, into `row`."""
    S, obs, legal, prng, res, rec, seating, work, search = bufs
    n_seats = seating.shape[0]
    for s in range(n_seats):
        seating[s] = entities[member_at(s, rotation, n_seats)]
        seed_rng(prng[s], 0, seed, deal, PLAYER_STREAM + s)
    K.init(G, S, seed, deal, seating)
    decisions = 0
    p = K.to_move(G, S)
    while p != K.NOBODY:
        n = K.legal(G, S, legal)
        m = member_at(p, rotation, n_seats)
        action = decide(G, S, p, kinds[m], params[m], obs, legal, n, prng[p], work, search)
        K.apply(G, S, action)
        decisions += 1
        p = K.to_move(G, S)
    K.results(G, S, res)
    K.record(G, S, rec)
    rec[K.GR_DECISIONS] = decisions
    write_row(row, deal, rotation, rec, res, seating)


@njit_inline
def write_row(row, deal, rotation, rec, res, seating):
    row[TR_DEAL] = deal
    row[TR_ROTATION] = rotation
    for k in range(K.GR_SIZE):
        row[TR_RECORD + k] = rec[k]
    n_seats = seating.shape[0]
    for s in range(n_seats):
        base = TR_HEAD + s * TS_SIZE
        row[base + TS_MEMBER] = member_at(s, rotation, n_seats)
        row[base + TS_ENTITY] = seating[s]
        for k in range(K.RS_SIZE):
            row[base + TS_RESULT + k] = res[s, k]


@njit_inline
def table_chunk(G, bufs, seed, first_deal, n_deals, kinds, params, entities, out):
    """Deals first_deal .. first_deal + n_deals - 1, every rotation of each, into out's rows
    (n_deals * n_seats of them, deal by deal, rotation by rotation)."""
    n_seats = bufs[6].shape[0]
    k = 0
    for j in range(n_deals):
        for r in range(n_seats):
            play_table_game(G, bufs, seed, first_deal + j, r, kinds, params, entities, out[k])
            k += 1
