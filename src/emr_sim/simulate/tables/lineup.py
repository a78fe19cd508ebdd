"""The players of a table run: one player spec per member (simulate/tables/specs.py), parsed
once where they enter. `random,greedy,ismcts(n=100,c=0.5)` names three members (split on the
commas outside parentheses); one spec names them all."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Game
from emr_sim.simulate.tables.specs import PlayerSpec, parse_spec


@dataclass(frozen=True)
class Lineup:
    """The members of a table run: their parsed specs, kind codes and parameter rows."""

    players: tuple[PlayerSpec, ...]
    kinds: np.ndarray  # int64, one per member
    params: np.ndarray  # float64 (members, N_PARAMS)

    @property
    def specs(self) -> tuple[str, ...]:
        """The members' canonical texts (what the run record's `players` holds)."""
        return tuple(p.text for p in self.players)

    def record(self) -> list[str]:
        return list(self.specs)

    def specs_record(self) -> list[dict]:
        """Each member's spec in full (kind, text, every parameter; a search's version)."""
        return [p.record() for p in self.players]

    def search_iterations(self) -> int:
        """The most iterations a member's search plays (0: no search player)."""
        return max((int(p.params["n"]) for p in self.players if p.is_search), default=0)


def split_top_level(text: str) -> list[str]:
    """text split on the commas outside parentheses; BadInput for unbalanced parentheses."""
    parts, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                break
        elif ch == "," and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    if depth != 0:
        raise BadInput(f"--players {quoted(text)}: unbalanced parentheses")
    return [*parts, text[start:]]


def parse_lineup(game: Game, text: str | None, n_seats: int) -> Lineup:
    """n_seats members from `--players` (None: random for every seat)."""
    parts = [p.strip() for p in split_top_level(text or "random")]
    if len(parts) == 1:
        parts = parts * n_seats
    if len(parts) != n_seats:
        raise BadInput(
            f"--players {quoted(text)}: {len(parts)} specs for {n_seats} seats (give one or {n_seats})"
        )
    players = tuple(parse_spec(game, p) for p in parts)
    kinds = np.array([p.code for p in players], dtype=np.int64)
    params = np.array([p.row() for p in players], dtype=np.float64)
    return Lineup(players, kinds, params)
