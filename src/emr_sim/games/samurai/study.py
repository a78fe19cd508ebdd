"""Samurai Sword's study loop: deals played to their end (rotation 0 of a table run: member s
in seat s) and summed up per seat for the studies of docs/samurai.md, beyond the table row:
the role, the seat's place clockwise from the Shogun, and per card kind how often the seat
played (or answered with) it and how many it held at the end."""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai import kernels  # noqa: F401  (registers the game's kernels)
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.scoring import record, results, team_points
from emr_sim.jit import njit_entry
from emr_sim.loops.table import PLAYER_STREAM
from emr_sim.players.decide import decide
from emr_sim.rng import seed_rng

# per game and seat: out[game, seat, SM_*]
SM_ROLE = 0
SM_TEAM = 1
SM_WIN = 2
SM_DRAW = 3
SM_CHAR = 4
SM_ORDER = 5  # places clockwise from the Shogun (0: the Shogun)
SM_POINTS = 6
SM_HONOUR = 7
SM_PLAYED = 8  # MAX_KINDS counts
SM_HELD = SM_PLAYED + L.MAX_KINDS  # MAX_KINDS counts
SM_SIZE = SM_HELD + L.MAX_KINDS
# per game: rec[game, GM_*]
GM_TURNS = 0
GM_END = 1
GM_DECISIONS = 2
GM_EXHAUSTS = 3
GM_TEAM_POINTS = 4  # N_TEAMS values, the fatal blow counted
GM_SIZE = GM_TEAM_POINTS + L.N_TEAMS


@njit_entry
def play_summaries(G, bufs, seed, first, count, kinds, params, out, rec):
    """Deals first .. first + count - 1 of run `seed`, member s in seat s."""
    S, obs, legal, prng, res, grec, seating, work, search = bufs
    n = seating.shape[0]
    for j in range(count):
        deal = first + j
        for s in range(n):
            seating[s] = -1
            seed_rng(prng[s], 0, seed, deal, PLAYER_STREAM + s)
        K.init(G, S, seed, deal, seating)
        decisions = 0
        p = K.to_move(G, S)
        while p != K.NOBODY:
            m = K.legal(G, S, legal)
            K.apply(G, S, decide(G, S, p, kinds[p], params[p], obs, legal, m, prng[p], work, search))
            decisions += 1
            p = K.to_move(G, S)
        results(G, S, res)
        record(G, S, grec)
        rec[j, GM_TURNS] = grec[K.GR_TURNS]
        rec[j, GM_END] = grec[K.GR_END]
        rec[j, GM_DECISIONS] = decisions
        rec[j, GM_EXHAUSTS] = S[L.H_EXHAUSTS]
        for team in range(L.N_TEAMS):
            rec[j, GM_TEAM_POINTS + team] = team_points(G, S, team)
        for s in range(n):
            summarise_seat(S, s, res, out[j, s])


@njit_entry
def summarise_seat(S, s, res, row):
    base = L.SEAT_BASE + s * L.ST_SIZE
    n = S[L.H_SEATS]
    row[SM_ROLE] = S[base + L.ST_ROLE]
    row[SM_TEAM] = res[s, K.RS_TEAM]
    row[SM_WIN] = res[s, K.RS_WIN]
    row[SM_DRAW] = res[s, K.RS_DRAW]
    row[SM_CHAR] = S[base + L.ST_CHAR]
    row[SM_ORDER] = (s - S[L.H_SHOGUN] + n) % n
    row[SM_POINTS] = res[s, K.RS_POINTS]
    row[SM_HONOUR] = S[base + L.ST_HONOUR]
    for k in range(L.MAX_KINDS):
        row[SM_PLAYED + k] = S[L.PUB_PLAYED + s * L.MAX_KINDS + k]
        row[SM_HELD + k] = S[base + L.ST_HAND + k]
