"""Generic players over the game contract (emr_sim.kernel_contract): every game has them the
day it plugs in. They decide from their seat's observation only (contract `observe`)."""
