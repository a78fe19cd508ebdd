"""The generic player kinds' codes, shared by the loops (kernels) and the Python side."""

PLAYER_RANDOM = 0  # a uniform choice among the legal actions
N_PARAMS = 8  # parameters of a generic player (a row of floats; unused by random)
GENERIC_KINDS = ("random",)
OWN_KINDS = 32  # kind codes from here on are a game's own players: OWN_KINDS + its index in
# Game.own_players (kernel_contract.own_player)
