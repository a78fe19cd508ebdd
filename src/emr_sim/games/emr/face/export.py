"""Games and resolved actions as JSON-ready dicts (emr-sim play --json, resolve --json).

resolve's shape is versioned (RESOLVE_FORMAT, RESOLVE_VERSION) and documented in
docs/positions.md; its events are play --json's (event_dict)."""

from __future__ import annotations

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.lineup.base import PlayerSpec
from emr_sim.version import __version__

EVENT_NAMES = {getattr(C, n): n[2:].lower() for n in dir(C) if n.startswith("E_") and not n.startswith("EV_")}
ARG_NAMES = ("a", "b", "c", "d")
RESOLVE_FORMAT = "emr-sim-resolve"
RESOLVE_VERSION = 1


def event_dict(row: tuple[int, ...]) -> dict:
    out = {"kind": EVENT_NAMES.get(row[0], str(row[0])), "player": row[1]}
    out.update(zip(ARG_NAMES, row[2:], strict=True))
    return out


def game_json(game: Game, seed: int, index: int, players: tuple[PlayerSpec, PlayerSpec]) -> dict:
    """The whole game: run settings, players (their canonical texts), result, events and log."""
    return {
        "seed": seed,
        "index": index,
        "players": [spec.text for spec in players],
        "version": __version__,
        "deck_sha256": game.deck.sha256,
        "rules": game.rules(),
        "winner": game.winner,
        "turns": int(game.state[C.H_TURN]),
        "health": [game.health(0), game.health(1)],
        "events": [event_dict(e) for e in game.events],
        "log": game.log_lines(),
    }


def legal_json(game: Game) -> dict:
    """What is pending in GAME: the decision, its decider, the result, the legal actions."""
    return {
        "format": RESOLVE_FORMAT,
        "version": RESOLVE_VERSION,
        "phase": game.phase,
        "decider": game.decider,
        "winner": game.winner,
        "health": [game.health(0), game.health(1)],
        "legal": [list(pair) for pair in game.legal()],
    }


def resolve_json(game: Game, action: tuple[int, str], events: list[tuple[int, ...]]) -> dict:
    """ACTION (code, text) applied to reach GAME: its events, log, the new position's
    pending decision and legal actions, and the new position."""
    code, text = action
    return {
        **legal_json(game),
        "action": {"code": code, "text": text},
        "events": [event_dict(e) for e in events],
        "log": game.log_lines(events),
        "position": game.position(),
    }
