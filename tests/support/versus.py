"""Helpers of the tests of games against a program (emr_sim.games.emr.face.versus): the greedy's
choice for the person's seat, and whole games played with it."""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, player_weights
from emr_sim.games.emr.face.versus import Setup, Versus


def greedy_choice(v: Versus) -> int:
    """The action the default greedy would take in the person's decision (from its observation,
    as the engine's decide does), on a copy of the game."""
    game = Game(v.game.state.copy(), v.game.table, v.game.opts, v.game.deck)
    kinds = (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
    return game.choose(kinds, np.zeros((2, 4), dtype=np.int64), player_weights("greedy,greedy"))


def play_as_greedy(v: Versus, limit: int = 2000) -> Versus:
    """Play the game to its end, the person's seat taking the greedy's choices."""
    while not v.over and len(v.actions) < limit:
        v.apply(greedy_choice(v) if v.human_to_move else v.think())
    assert v.over
    return v


def greedy_game(seed: int = 3, seat: int = 0, **kwargs) -> Versus:
    return play_as_greedy(Versus(Setup(seat=seat, opponent="greedy", seed=seed, **kwargs)))
