"""The metagame of a two-seat table run of any game whose players pick their entity (a deck,
a master...): its games read as the pick game's pairs, the same analysis as 8MR's hero matrix
(analysis/meta.py, docs/meta.md). A deal's rotations are the seat-swapped games of one pair.
Frames in, frames and numbers out: plays no game."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from emr_sim.analysis import meta as M
from emr_sim.errors import BadInput

PICK_SEATS = 2  # the pick game is a two-player matrix


def pick_games(seats: pd.DataFrame) -> pd.DataFrame:
    """A two-seat long frame (simulate/tables/frames.long_frame) as analysis.meta's games frame,
    one row per game: hero_a (seat 0's entity), hero_b (seat 1's), pair (its cell and deal),
    a_first, win_a, draw (a shared first place)."""
    a = seats[seats["seat"] == 0].set_index("game").sort_index()
    b = seats[seats["seat"] == 1].set_index("game").loc[a.index]
    deal = pd.MultiIndex.from_arrays([a["cell"].astype(str), a["deal"].to_numpy()])
    return pd.DataFrame(
        {
            "hero_a": a["entity"].astype(str).to_numpy(),
            "hero_b": b["entity"].astype(str).to_numpy(),
            "pair": pd.factorize(deal)[0],
            "a_first": a["first"].astype(int).to_numpy(),
            "win_a": a["win"].astype(int).to_numpy(),
            "draw": a["draw"].astype(int).to_numpy(),
        }
    )


def table_meta_problem(record: dict, game) -> str | None:
    """Why a table run has no metagame of picks (analysis.meta's reading), or None."""
    if record.get("seats") != PICK_SEATS:
        return f"a table of {record.get('seats')} seats; the metagame of picks reads two-seat runs"
    if not game.entities or game.dealt:
        return f"{game.title}'s players do not pick a {game.entity or 'entity'}: no metagame of picks"
    return M.players_problem(record)


def analyse_table_run(
    run_dir: str, record: dict, game, seats: pd.DataFrame, entities: tuple[str, ...], settings: M.Settings
) -> M.MetaResult:
    """The metagame of a finished two-seat table run (BadInput naming the run when it has none:
    another table size, no picks, two different players, a pair of entities not played)."""
    problem = table_meta_problem(record, game)
    if problem:
        raise BadInput(f"{run_dir}: {problem}")
    games = pick_games(seats)
    played = set(games["hero_a"]) | set(games["hero_b"])
    heroes = [e for e in entities if e in played]
    try:
        result = M.analyse_meta(games, settings, heroes=heroes, key=M.run_key(record))
    except ValueError as err:
        raise BadInput(f"{run_dir}: {err}") from None
    players = record.get("players") or ["?"]
    result.info = {
        "label": Path(run_dir).resolve().name or run_dir,
        "run_dir": run_dir,
        "players": str(players[0]),
        "games": len(games),
        "seed": record.get("seed"),
    }
    return result
