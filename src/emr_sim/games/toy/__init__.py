"""Card Pig, the toy game of docs/games.md: a complete game of about a hundred lines of rules
(kernels.py), its compiled entry points (entry.py) and its Python face and contract value
(game.py). It imports nothing of any other game."""
