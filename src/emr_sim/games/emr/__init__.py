"""8 Masters' Revenge: its codes and rules options, rules kernels (rules/), players (players/),
game loops (loops/), deck and data (cards.py, data/), player specs (lineup/) and its Python
face (face/: notation, logs, positions, the game value of the contract). Kept light: the
kernels import this package, so it imports nothing."""
