"""8MR's compiled entry of the generic table loop (emr_sim.loops.table), under 8MR's cache key."""

from emr_sim.games.emr.loops import contract  # noqa: F401  (registers 8MR's kernels: K.register)
from emr_sim.jit import njit_entry
from emr_sim.loops.table import table_chunk
from emr_sim.players.decide import decide


@njit_entry
def play_chunk(G, bufs, seed, first_deal, n_deals, kinds, params, entities, out):
    """Deals first_deal.. of run `seed`, every rotation (emr_sim.loops.table.table_chunk)."""
    table_chunk(G, bufs, seed, first_deal, n_deals, kinds, params, entities, out)


@njit_entry
def decide_step(G, S, seat, kind, params, obs, legal, n, rng, work, search):
    """One generic player's decision, for a game played step by step from Python."""
    return decide(G, S, seat, kind, params, obs, legal, n, rng, work, search)
