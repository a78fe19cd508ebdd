"""One played game as a JSON-ready dict (emr-sim play --json)."""

from __future__ import annotations

from emr_sim import __version__
from emr_sim import codes as C
from emr_sim.game.core import Game
from emr_sim.specs import split_top_level

EVENT_NAMES = {getattr(C, n): n[2:].lower() for n in dir(C) if n.startswith("E_") and not n.startswith("EV_")}
ARG_NAMES = ("a", "b", "c", "d")


def event_dict(row: tuple[int, ...]) -> dict:
    out = {"kind": EVENT_NAMES.get(row[0], str(row[0])), "player": row[1]}
    out.update(zip(ARG_NAMES, row[2:], strict=True))
    return out


def game_json(game: Game, seed: int, index: int, players: str) -> dict:
    """The whole game: run settings, result, events and the readable log."""
    return {
        "seed": seed,
        "index": index,
        "players": split_top_level(players),
        "version": __version__,
        "deck_sha256": game.deck.sha256,
        "rules": game.rules(),
        "winner": game.winner,
        "turns": int(game.state[C.H_TURN]),
        "health": [game.health(0), game.health(1)],
        "events": [event_dict(e) for e in game.events],
        "log": game.log_lines(),
    }
