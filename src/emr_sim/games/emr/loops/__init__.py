"""The jitted game loops: one game (engine), seat-swapped pairs into aggregates and records
(pairs), and the invariant harness (invariants). The rules are in emr_sim.games.emr.rules, the players
in emr_sim.games.emr.players; the Python side of players (specs, books) is emr_sim.games.emr.lineup."""
