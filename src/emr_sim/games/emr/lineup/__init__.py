"""Who plays: the Python side of the players and their masters, parsed once where they enter.

    lineup.table     the greedy's parameter table by name: rows (masters), ranges, who uses what
    lineup.base      PlayerSpec (one parsed player) and the kinds of player
    lineup.spec      the player-spec grammar: parse_spec, parse_sides, parse_list
    lineup.search    the ismcts kinds' parameters
    lineup.book      book files: per-master parameter vectors (the `tuned` player's, say)
    lineup.listing   what `emr-sim players` prints
    lineup.heroes    the one parser of master names: a pair, or a list (`all` accepted)

Plain Python: the kernels (emr_sim.games.emr.players) see only a spec's kernel kind and vectors.
"""
