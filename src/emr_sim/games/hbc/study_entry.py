"""HBC's compiled loop for studies: the generic table loop's games (loops/table.py, the same
rows, deal by deal and rotation by rotation) and, for each game, each seat's log at its end
(rules/log.py: the cards it played, the coins it aimed at, its master card's battles)."""

from emr_sim.games.hbc import kernels  # noqa: F401  (registers the game's kernels: K.register)
from emr_sim.games.hbc.rules.layout import LOG_FIRST, LOG_SIZE
from emr_sim.games.hbc.rules.state import seat_at
from emr_sim.jit import njit_entry
from emr_sim.loops.table import play_table_game


@njit_entry
def play_logged(G, bufs, seed, first_deal, n_deals, kinds, params, entities, out, logs):
    """Deals first_deal .. of run `seed`, every rotation, into out's rows (as
    loops.table.table_chunk) and logs[game, seat, :] (LOG_SIZE words from ST_PLAYED on)."""
    n_seats = bufs[6].shape[0]
    k = 0
    for j in range(n_deals):
        for r in range(n_seats):
            play_table_game(G, bufs, seed, first_deal + j, r, kinds, params, entities, out[k])
            S = bufs[0]
            for s in range(n_seats):
                for w in range(LOG_SIZE):
                    logs[k, s, w] = S[seat_at(s) + LOG_FIRST + w]
            k += 1
