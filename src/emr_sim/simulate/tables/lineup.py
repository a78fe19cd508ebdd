"""The players of a table run: one generic player spec per member (players/kinds.py), parsed
once where it enters. `random,greedy,random` names three members; one spec names them all."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Game
from emr_sim.players.kinds import GENERIC_KINDS, N_PARAMS, OWN_KINDS


@dataclass(frozen=True)
class Lineup:
    """The members of a table run: their specs as given, kinds and parameter rows."""

    specs: tuple[str, ...]
    kinds: np.ndarray  # int64, one per member
    params: np.ndarray  # float64 (members, N_PARAMS)

    def record(self) -> list[str]:
        return list(self.specs)


def parse_spec(game: Game, text: str) -> int:
    """The kind code of one member's spec; BadInput for a kind the game does not support."""
    spec = text.strip()
    if spec not in GENERIC_KINDS and spec not in game.players:
        raise BadInput(f"--players: {quoted(text)}: not a player kind (the kinds: {', '.join(game.players)})")
    if spec not in game.players:
        raise BadInput(
            f"--players: {quoted(text)}: {game.name} has no such player "
            f"(its kinds: {', '.join(game.players)})"
        )
    if spec in game.own_players:
        return OWN_KINDS + game.own_players.index(spec)
    return GENERIC_KINDS.index(spec)


def parse_lineup(game: Game, text: str | None, n_seats: int) -> Lineup:
    """n_seats members from `--players` (None: random for every seat)."""
    parts = [p.strip() for p in (text or "random").split(",")]
    if len(parts) == 1:
        parts = parts * n_seats
    if len(parts) != n_seats:
        raise BadInput(
            f"--players {quoted(text)}: {len(parts)} specs for {n_seats} seats (give one or {n_seats})"
        )
    kinds = np.array([parse_spec(game, p) for p in parts], dtype=np.int64)
    return Lineup(tuple(parts), kinds, np.zeros((n_seats, N_PARAMS), dtype=np.float64))
