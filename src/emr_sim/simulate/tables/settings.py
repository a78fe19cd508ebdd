"""One table run's settings, made once where the command's options enter (the game made with
its rules and data, the lineup, the seed, where the games are played), handed down as a value."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games import registry
from emr_sim.games.contract import Made
from emr_sim.simulate.tables.lineup import Lineup, parse_lineup

DEFAULT_SEED = 20261202  # as 8MR's runs: every run is reproducible


@dataclass(frozen=True)
class TableSettings:
    made: Made
    lineup: Lineup
    seed: int
    workers: int
    cluster: Any = field(default=None, compare=False, repr=False)

    @property
    def n_seats(self) -> int:
        return self.made.n_seats

    def entity_codes(self, cell: tuple[str, ...]) -> np.ndarray:
        """The entity of each member in a cell (-1 for none: a game whose entities are dealt)."""
        if not cell:
            return np.full(self.n_seats, -1, dtype=np.int64)
        return np.array([self.made.game.entity_index(name) for name in cell], dtype=np.int64)


def table_settings(
    game: str | None,
    seats: int | None,
    players: str | None,
    rules: dict[str, str] | None = None,
    data: str | None = None,
    seed: int | None = None,
    workers: int | None = None,
    cluster: Any = None,
) -> TableSettings:
    """Every option checked and parsed: BadInput naming the first that cannot be used."""
    chosen = registry.get(game)
    made = chosen.make(seats, rules or {}, data)
    lineup = parse_lineup(chosen, players, made.n_seats)
    cores = os.cpu_count() or 1
    threads = cores if workers is None else workers
    if not 1 <= threads <= max(cores * 4, 1):
        raise BadInput(f"--workers {threads}: between 1 and {max(cores * 4, 1)} on this machine")
    return TableSettings(made, lineup, DEFAULT_SEED if seed is None else seed, threads, cluster)
