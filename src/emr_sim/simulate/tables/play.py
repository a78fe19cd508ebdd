"""Deals of a table run played in parts, on this process's threads or a Dask cluster.

A part is PART_DEALS deals (the last may be shorter), every rotation of each: its rows
(emr_sim.loops.table) depend on nothing but the run's settings and the part's deals, so
a run gives the same rows whatever the number of threads or workers. The compiled loop
releases the GIL: threads play parts in parallel, each with its own buffers and constants.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from emr_sim.console.compiling import compiling
from emr_sim.games import registry
from emr_sim.simulate.tables.settings import TableSettings
from emr_sim.table_layout import row_width

PART_DEALS = 2000  # deals per part (per task, per file of a run directory)
AHEAD = 4  # parts in flight per thread


def parts(n_deals: int, first: int = 0, size: int = PART_DEALS) -> list[tuple[int, int]]:
    """(first deal, count) of each part of deals first .. first + n_deals - 1."""
    return [(first + k, min(size, n_deals - k)) for k in range(0, n_deals, size)]


def loop_buffers(made, lineup) -> tuple:
    """One table loop's buffers (loops.table.table_buffers), with the search's when a member
    searches (sized for the most iterations a member plays), else None there: a loop without
    a search player is compiled without the search."""
    from emr_sim.loops.table import table_buffers  # numba: only when a game is played
    from emr_sim.players.ismcts import new_search

    game, n = made.game, made.n_seats
    most = lineup.search_iterations()
    search = new_search(most, game.state_size, game.max_legal, n, game.work_size) if most else None
    return table_buffers(game.state_size, game.max_legal, n, game.work_size, search)


def play_part(made, lineup, seed: int, entities: np.ndarray, first: int, count: int) -> np.ndarray:
    """The rows of deals first .. first + count - 1, every rotation, in this thread."""
    n = made.n_seats
    bufs = loop_buffers(made, lineup)
    out = np.zeros((count * n, row_width(n)), dtype=np.int64)
    made.game.face().entry()(
        made.loop_constants(), bufs, seed, first, count, lineup.kinds, lineup.params, entities, out
    )
    return out


def play_table_part(
    game: str, seats: int, rules: dict, data, players: list, seed: int, entities, first, count
):
    """play_part as a cluster task: the settings made again on the worker from plain values
    (never a pickled dispatcher), the rows returned."""
    from emr_sim.simulate.tables.lineup import parse_lineup

    g = registry.get(game)
    made = g.make(seats, rules, data)
    lineup = parse_lineup(g, ",".join(players), seats)
    return play_part(made, lineup, seed, np.asarray(entities, dtype=np.int64), first, count)


def load(settings: TableSettings) -> None:
    """Load (or compile, saying so) the game's table loop by playing no deal."""
    entry = settings.made.game.face().entry()
    with compiling([entry]):
        play_part(settings.made, settings.lineup, settings.seed, settings.entity_codes(()), 0, 0)


def play_parts(
    settings: TableSettings, entities: np.ndarray, todo: list[tuple[int, int]]
) -> Iterator[np.ndarray]:
    """The rows of each part of `todo`, in order, as they are played."""
    if not todo:
        return
    if settings.cluster is not None:
        yield from cluster_parts(settings, entities, todo)
        return
    load(settings)
    made, lineup, seed = settings.made, settings.lineup, settings.seed
    with ThreadPoolExecutor(max_workers=settings.workers) as pool:
        window = settings.workers * AHEAD
        for start in range(0, len(todo), window):
            batch = todo[start : start + window]
            yield from pool.map(lambda part: play_part(made, lineup, seed, entities, *part), batch)


def cluster_parts(
    settings: TableSettings, entities: np.ndarray, todo: list[tuple[int, int]]
) -> Iterator[np.ndarray]:
    cluster = settings.cluster
    cluster.start()
    made = settings.made
    plain = (
        made.game.name,
        made.n_seats,
        made.rules,
        None if made.data_name == "default" else made.data_name,
    )
    window = max(len(cluster.workers()), 1) * AHEAD
    for start in range(0, len(todo), window):
        calls = [
            (*plain, list(settings.lineup.specs), settings.seed, entities.tolist(), first, count)
            for first, count in todo[start : start + window]
        ]
        yield from cluster.map_ordered(play_table_part, calls)


def play_deals(settings: TableSettings, entities: np.ndarray, n_deals: int, first: int = 0) -> np.ndarray:
    """All rows of deals first .. first + n_deals - 1, in order."""
    n = settings.n_seats
    rows = list(play_parts(settings, entities, parts(n_deals, first)))
    return np.concatenate(rows) if rows else np.zeros((0, row_width(n)), dtype=np.int64)
