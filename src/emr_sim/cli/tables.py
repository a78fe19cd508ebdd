"""The run commands' paths for a game other than 8 Masters' Revenge (--game, --seats):
matchup, matrix and play each parse, call one entry point of emr_sim.simulate.tables, print.
The reading commands' paths (report, compare, meta, card-stats) are emr_sim.cli.table_reads;
`emr-sim games` is in emr_sim.cli.lists."""

from __future__ import annotations

import json
import math

import click
from click.core import ParameterSource

from emr_sim.cli.app import BadInputExit, note
from emr_sim.cli.options import resumable
from emr_sim.errors import quoted

# Bytes a table game holds per seat from its row to the printed summary (the rows, the frame
# of seats, the statistics): `/usr/bin/time -f %M emr-sim matchup --game toy --seats 3 -n N`
# peaked at 343 MB for N = 30,000 and 764 MB for 300,000: 1,560 bytes a game, 520 a seat.
HELD_BYTES_PER_SEAT = 600


def table_opts(game, seats, players, rules, deck_path, seed, workers, cluster) -> dict:
    """The options a table run of another game takes (cli.tables.settings); 8MR's player
    default (greedy,greedy) means the game's default lineup there."""
    players = None if players == "greedy,greedy" else players
    return dict(
        game=game, seats=seats, players=players, rules=rules, deck_path=deck_path, seed=seed,
        workers=workers, cluster=cluster,
    )  # fmt: skip


def refuse_emr_options(game: str | None, *names: str) -> None:
    """One line naming the options of names given on the command line that only 8 Masters'
    Revenge's path reads: another game's path ignored them (`matchup --game toy --records
    FILE` wrote nothing, `matrix --game toy --until-ci 0.01` played a fixed -n, both exit 0)."""
    ctx = click.get_current_context()
    given = [
        "/".join(p.opts + p.secondary_opts)
        for p in ctx.command.params
        if p.name in names and ctx.get_parameter_source(p.name) is ParameterSource.COMMANDLINE
    ]
    if given:
        its = "its" if len(given) == 1 else "their"
        raise BadInputExit(
            f"{', '.join(given)}: 8 Masters' Revenge's (--game emr); --game {game} has no use for {its} value"
        )


def deals_for(games: int, seats: int) -> int:
    """Deals that give at least `games` games (each deal is played once per rotation), checked
    against MAX_DEALS here, where -n is still the value the user typed."""
    from emr_sim.simulate.tables.rundir import MAX_DEALS

    if games < 1:
        raise BadInputExit(f"-n {games}: at least 1 game")
    if games > MAX_DEALS * seats:
        raise BadInputExit(
            f"-n {games}: more than {MAX_DEALS * seats:,} games ({MAX_DEALS:,} deals of {seats} seats), "
            "the most a table run plays"
        )
    return math.ceil(games / seats)


def check_table_memory(games: int, seats: int, option: str) -> None:
    """Games held at once (a matchup's, a table run's when it is read back) against the
    machine's memory, before anything is played or written."""
    from emr_sim.simulate.sizes import check_bytes

    try:
        check_bytes(
            games * seats * HELD_BYTES_PER_SEAT, f"{option}",
            f"{games:,} games of {seats} seats at {HELD_BYTES_PER_SEAT} bytes a seat", "play fewer games",
        )  # fmt: skip
    except ValueError as err:
        raise BadInputExit(str(err)) from None


def settings(game, seats, players, rules, deck_path, seed, workers, cluster):
    from emr_sim.simulate.tables.settings import table_settings

    return table_settings(game, seats, players, rule_pairs(rules), deck_path, seed, workers, cluster)


def rule_pairs(rules: tuple[str, ...]) -> dict[str, str]:
    """--rule NAME=VALUE options as a dict; the game checks the names and values."""
    out = {}
    for text in rules:
        name, sep, value = text.partition("=")
        if not sep or not name or not value:
            raise BadInputExit(f"--rule {quoted(text)}: not of the form NAME=VALUE")
        out[name] = value
    return out


def cells_of(made, heroes: str | None) -> list[tuple[str, ...]]:
    """The cells of a table run: one for a game whose entities are dealt (or that has none);
    else every set of N different entities of --heroes (the game's entities by default)."""
    import itertools

    game = made.game
    if game.dealt or not game.entities:
        if heroes:
            what = f"{game.entity}s dealt by chance" if game.entity else "no entities to choose"
            raise BadInputExit(f"--heroes {quoted(heroes)}: {game.name} has {what}")
        return [()]
    names = list(game.entities) if heroes in (None, "all") else [h.strip() for h in heroes.split(",")]
    for name in names:
        game.entity_index(name)
    if len(set(names)) < made.n_seats:
        raise BadInputExit(f"--heroes {quoted(heroes)}: fewer than {made.n_seats} different {game.entity}s")
    return list(itertools.combinations(sorted(set(names), key=names.index), made.n_seats))


def table_matchup(entities, games, opts: dict, as_json: bool, quiet: bool):
    """matchup for another game: the deals played in memory, the per-seat summary printed."""
    from emr_sim.report.table_text import summary_text, table_summary
    from emr_sim.simulate.tables.frames import long_frame, rows_frame
    from emr_sim.simulate.tables.play import play_deals

    s = settings(**opts)
    cell = tuple(entities)
    if cell:
        cells_of(s.made, ",".join(cell))
        if len(cell) != s.n_seats:
            raise BadInputExit(f"{' '.join(cell)}: {len(cell)} {s.made.game.entity}s for {s.n_seats} seats")
    deals = deals_for(games, s.n_seats)
    check_table_memory(deals * s.n_seats, s.n_seats, f"-n {games}")
    rows = play_deals(s, s.entity_codes(cell), deals)
    frame = rows_frame(rows, s.n_seats).assign(cell="")
    seats = long_frame(frame, s.n_seats, list(s.lineup.specs), s.made.game.entities)
    summary = table_summary(s.made.game, s.n_seats, seats)
    click.echo(json.dumps(summary, indent=1) if as_json else summary_text(summary))


def table_matrix(run_dir, games, heroes, opts: dict, as_json: bool, quiet: bool):
    """matrix for another game: a table run directory, then its summary."""
    from emr_sim.console.progress import progress_bar
    from emr_sim.report.table_text import summary_text, table_summary
    from emr_sim.simulate.tables.frames import long_frame
    from emr_sim.simulate.tables.rundir import load_table_games, run_table

    s = settings(**opts)
    cells = cells_of(s.made, heroes)
    deals = deals_for(games, s.n_seats)
    check_table_memory(
        len(cells) * deals * s.n_seats, s.n_seats, f"reading back -n {games} in {len(cells)} cells"
    )
    cell_words = f"{len(cells)} cell{'s' if len(cells) > 1 else ''}"

    def start() -> None:
        note(f"{cell_words} × {deals * s.n_seats:,} games to play into {run_dir}")

    with (
        resumable("the finished parts are in", run_dir),
        progress_bar(len(cells) * deals * s.n_seats, quiet) as bar,
    ):
        run_table(run_dir, s, cells, deals, progress=bar.update, on_start=start)
    record, frame = load_table_games(run_dir)
    seats = long_frame(frame, s.n_seats, record["players"], s.made.game.entities)
    summary = table_summary(s.made.game, s.n_seats, seats)
    click.echo(json.dumps(summary, indent=1) if as_json else summary_text(summary))


def table_play(seed, index, opts: dict, as_json: bool):
    """play for another game: one deal as a log in plain words."""
    from emr_sim.simulate.tables.example import play_example

    s = settings(**opts)
    game = play_example(s, seed, index)
    click.echo(json.dumps(game, indent=1) if as_json else "\n".join(game["log"]))
