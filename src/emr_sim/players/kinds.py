"""The generic player kinds' codes and the offsets of their parameter rows, shared by the
loops (kernels) and the Python side (emr_sim.simulate.tables.specs names and checks them)."""

PLAYER_RANDOM = 0  # a uniform choice among the legal actions
PLAYER_GREEDY = 1  # the best action_value from its observation (players/greedy.py)
PLAYER_ISMCTS = 2  # information-set Monte Carlo tree search over the contract (players/ismcts.py)
GENERIC_KINDS = ("random", "greedy", "ismcts")
N_PARAMS = 8  # parameters of a generic player: a row of floats (unused by random and greedy)
OWN_KINDS = 32  # kind codes from here on are a game's own players: OWN_KINDS + its index in
# Game.own_players (kernel_contract.own_player)

# the parameter row of an `ismcts` player
SP_ITERATIONS = 0  # iterations per decision
SP_EXPLORE = 1  # the UCB exploration constant c (values are win chances in 0..1)
SP_DEPTH = 2  # decisions a rollout plays by the game's rollout policy before its evaluation
SP_STOP = 3  # stop once the most visited root action leads by more than SP_STOP x the iterations left
SP_PRIOR = 4  # k > 0: a new node starts as k visits worth the game's action_value for its decider
