"""HBC's compiled entry points: the generic table loop and decision, inlined here so that they
compile and are cached under this game's key (emr_sim.jit.keyed_cache_dir)."""

from emr_sim.games.hbc import kernels  # noqa: F401  (registers the game's kernels: K.register)
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
