"""The Python face of one game: Game (positions, legal actions, applying them, logs) and play.

game.core       Game, play, the player and hero names parsed
game.position   positions as versioned JSON
game.notation   legal actions in a text notation
game.actions    action codes split into their parts
game.log        events in words
game.export     one played game as JSON
"""

from emr_sim.games.emr.face.core import Game, IllegalAction, play

__all__ = ["Game", "IllegalAction", "play"]
