"""Jitted game loops: play one game or many, with per-game result records.

Each game is seeded from (seed, game index) only, and each player draws from
its own RNG stream of the same pair, so results never depend on threads,
processes or the order in which games run.

`weights` (games/emr/players/params.py) is indexed here by SEAT, then by the row of the master
the seat plays: games/emr/loops/pairs.py turns its sides' weights into seats' for each game.
"""

import numpy as np

from emr_sim.games.emr.codes import (
    A_PASS,
    DK_NONE,
    E_ATTACK,
    E_BLOCK,
    E_CHOOSE,
    E_COUNTER,
    E_DAMAGE,
    E_EFFECT,
    E_EXTRA,
    E_TECHNIQUE,
    EV_SIZE,
    GR_BLOCKS,
    GR_COUNTERS,
    GR_DAMAGE,
    GR_DECISIONS,
    GR_EFFECTS,
    GR_EXTRAS,
    GR_FIRST,
    GR_HEALTH,
    GR_HITS,
    GR_PLAYS,
    GR_SIZE,
    GR_TECH,
    GR_TURNS,
    GR_WINNER,
    H_DECIDER,
    H_DECISIONS,
    H_FIRST,
    H_PHASE,
    H_PLAYS,
    H_TURN,
    H_WINNER,
    MAX_EVENTS,
    MAX_LEGAL,
    N_EFFECTS,
    N_SOURCES,
    N_TECH,
    P_HEALTH,
    PLAYER_GREEDY,
    PLAYER_GREEDY_NOTECH,
    PLAYER_ISMCTS,
    PLAYER_ISMCTS_OPEN,
    STATE_SIZE,
    TECH_F_CHOOSE,
)
from emr_sim.games.emr.loops.card_events import end_cards, start_cards, tally_cards
from emr_sim.games.emr.players.evaluate import deck_totals, new_scratch
from emr_sim.games.emr.players.greedy import choose_greedy
from emr_sim.games.emr.players.ismcts import new_search, search_choice, search_new_game, search_note
from emr_sim.games.emr.players.leaf import weight_row
from emr_sim.games.emr.players.observe import blank_observation, observe_step
from emr_sim.games.emr.players.params import check_weights, default_weights
from emr_sim.games.emr.players.random_player import choose_random
from emr_sim.games.emr.rules.core import pb
from emr_sim.games.emr.rules.flow import advance, apply_action
from emr_sim.games.emr.rules.legal import legal_actions
from emr_sim.games.emr.rules.turn import new_game
from emr_sim.jit import njit, njit_alloc, njit_entry, njit_inline
from emr_sim.rng import seed_rng

PLAYER_STREAM = 1  # RNG streams 1 and 2: the players of seats 0 and 1
SEARCH_KINDS = (PLAYER_ISMCTS, PLAYER_ISMCTS_OPEN)  # the players that need search_buffers


@njit_alloc
def new_buffers():
    """(state, observation, events, legal, player rngs, the greedy's scratch, card sets) for one
    game loop. The card sets (loops/card_events.py) are empty: no tracking; loops/pairs.py puts
    CE_SIZE words in their place to track (the same types: the same compiled loop)."""
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    obs = np.zeros(STATE_SIZE, dtype=np.int64)
    blank_observation(obs)
    ev = np.zeros((MAX_EVENTS + 1, EV_SIZE), dtype=np.int64)
    legal = np.zeros(MAX_LEGAL, dtype=np.int64)
    prng = np.zeros((2, 4), dtype=np.int64)
    return S, obs, ev, legal, prng, new_scratch(), np.zeros(0, dtype=np.int64)


def search_buffers(kinds) -> tuple | None:
    """The search's buffers (games/emr/players/ismcts.new_search) for a loop with a search player
    among `kinds`, else None: a loop without one is compiled without the search (its
    kernels take None there: games/emr/players/ismcts.search_choice), as fast to compile as before."""
    return new_search() if any(int(k) in SEARCH_KINDS for k in kinds) else None


@njit_inline
def decide(S, T, O, kinds, obs, legal, prng, scratch, search, weights):
    """The pending decider's action: its player sees only its observation (D-HIDDEN) and
    reads the parameter vector of its seat and master (weights[seat, row]); a search
    player its seat's rows and search settings (weights[seat], games/emr/players/search_params.py)
    and the search's buffers (search_buffers: None in a loop without a search player).
    obs holds the observation of an earlier position of this game, or a blank one
    (games/emr/players/observe.observe_step)."""
    p = S[H_DECIDER]
    n = legal_actions(S, T, O, legal)
    if n == 0:
        return A_PASS
    if kinds[p] == PLAYER_GREEDY or kinds[p] == PLAYER_GREEDY_NOTECH:
        observe_step(S, p, obs)
        W = weights[p, weight_row(S, p)]  # a view: no copy
        return choose_greedy(obs, T, O, p, legal, n, scratch, kinds[p] == PLAYER_GREEDY, W)
    if kinds[p] == PLAYER_ISMCTS:
        observe_step(S, p, obs)
        return search_choice(obs, T, O, p, legal, n, prng[p], search, weights[p], False)
    if kinds[p] == PLAYER_ISMCTS_OPEN:  # perfect information: the state itself
        return search_choice(S, T, O, p, legal, n, prng[p], search, weights[p], True)
    return choose_random(legal, n, prng[p])


@njit
def tally(S, ev, rec, cards):
    """Add this step's events to the game's result record (and, tracking, to the card sets),
    then empty the buffer."""
    for r in range(1, ev[0, 0] + 1):
        kind = ev[r, 0]
        p = ev[r, 1]
        if kind == E_ATTACK and ev[r, 4] == 1:
            rec[GR_HITS + p] += 1
        elif kind == E_DAMAGE:
            rec[GR_DAMAGE + p * N_SOURCES + ev[r, 3]] += ev[r, 2]
        elif kind == E_BLOCK:
            rec[GR_BLOCKS + p] += 1
        elif kind == E_COUNTER:
            rec[GR_COUNTERS + p] += 1
        elif kind == E_EXTRA:
            rec[GR_EXTRAS + p] += ev[r, 2]
        elif kind == E_EFFECT:
            rec[GR_EFFECTS + p * N_EFFECTS + ev[r, 2]] += 1
        elif kind == E_TECHNIQUE:
            rec[GR_TECH + p * N_TECH + ev[r, 2]] += 1
        elif kind == E_CHOOSE:
            rec[GR_TECH + p * N_TECH + TECH_F_CHOOSE] += 1
    if cards.shape[0] > 0:
        tally_cards(S, ev, cards)
    ev[0, 0] = 0


@njit_inline
def finish_record(S, rec):
    rec[GR_WINNER] = S[H_WINNER]
    rec[GR_FIRST] = S[H_FIRST]
    rec[GR_TURNS] = S[H_TURN]
    rec[GR_PLAYS] = S[H_PLAYS]
    rec[GR_DECISIONS] = S[H_DECISIONS]
    for p in range(2):
        rec[GR_HEALTH + p] = S[pb(p) + P_HEALTH]


@njit_inline
def game_loop(T, O, seed, index, seats, bufs, search, rec, weights):
    """Play game `index` of run `seed` to its end. seats = (kind0, kind1, hero0, hero1),
    weights by seat (games/emr/players/params.py), search: search_buffers(seats). Inlined into the
    pair loop (emr_sim.games.emr.loops.pairs) and into play_game."""
    S, obs, ev, legal, prng, scratch, cards = bufs
    deck_totals(T, scratch[0])
    blank_observation(obs)  # observe_step's first position of the game
    rec[:] = 0
    ev[0, 0] = 0
    new_game(S, T, O, ev, seed, index, seats[2], seats[3])
    start_cards(S, cards)
    for p in range(2):
        seed_rng(prng[p], 0, seed, index, PLAYER_STREAM + p)
    search_new_game(search)
    advance(S, T, O, ev)
    tally(S, ev, rec, cards)
    while S[H_PHASE] != DK_NONE:
        code = decide(S, T, O, seats, obs, legal, prng, scratch, search, weights)
        search_note(search, S, code)  # for a searcher keeping its tree (games/emr/players/reuse.py)
        apply_action(S, T, O, ev, code)
        tally(S, ev, rec, cards)
    finish_record(S, rec)
    end_cards(S, cards)


@njit_entry
def game_kernel(T, O, seed, index, seats, bufs, search, rec, weights):
    """game_loop as a function of its own, for many_games and play_game."""
    game_loop(T, O, seed, index, seats, bufs, search, rec, weights)


@njit_alloc
def many_games(T, O, seed, first_index, count, seats, out, weights, search):
    bufs = new_buffers()
    for k in range(count):
        game_kernel(T, O, seed, first_index + k, seats, bufs, search, out[k], weights)


def seat_weights(weights: np.ndarray | None) -> np.ndarray:
    """The kernels' weights array by seat: the defaults for None, else checked
    (params.check_weights: shape, ranges, whole numbers)."""
    return check_weights(default_weights() if weights is None else weights)  # with the search row


def play_game(T, O, seed, index, seats, bufs, rec, weights=None):
    """Play one game into rec (GR_SIZE) with buffers from new_buffers; weights by seat."""
    game_kernel(T, O, seed, index, seats, bufs, search_buffers(seats[:2]), rec, seat_weights(weights))


def play_many(T, O, seed, first_index, count, seats, out, weights=None):
    """Play games first_index .. first_index+count-1 into out[k] (GR_SIZE rows); weights
    by seat (games/emr/players/params.py), the defaults for None."""
    many_games(T, O, seed, first_index, count, seats, out, seat_weights(weights), search_buffers(seats[:2]))


def results_array(count: int) -> np.ndarray:
    return np.zeros((count, GR_SIZE), dtype=np.int64)


__all__ = [
    "advance",
    "apply_action",
    "legal_actions",
    "new_game",
    "deck_totals",
    "decide",
    "play_game",
    "play_many",
]
