"""The games of the toolkit by name, each found lazily (its face module is imported only when
the game is asked for), so that `emr-sim --help` stays quick. A new game adds one line here."""

from __future__ import annotations

import importlib

from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Game

DEFAULT_GAME = "emr"
# name -> the module of its face (emr_sim.games.contract), which holds GAME
GAMES = {
    "emr": "emr_sim.games.emr.face.contract",
    "toy": "emr_sim.games.toy.game",
    "samurai": "emr_sim.games.samurai.face.contract",
    "hbc": "emr_sim.games.hbc.face.game",
}


def names() -> list[str]:
    return list(GAMES)


def get(name: str | None) -> Game:
    """The game called `name` (None: 8 Masters' Revenge); an unknown name is bad input."""
    name = DEFAULT_GAME if name is None else name
    if name not in GAMES:
        raise BadInput(f"--game {quoted(name)}: no such game (the games: {', '.join(GAMES)})")
    game = importlib.import_module(GAMES[name]).GAME
    assert isinstance(game, Game)
    return game


def games() -> list[Game]:
    return [get(name) for name in GAMES]
