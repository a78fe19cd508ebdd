"""Generic jitted loops over the game contract (emr_sim.kernel_contract): tables of any size,
one deal played once per rotation of the seating. Inlined into each game's own entry points."""
