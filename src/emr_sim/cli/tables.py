"""The commands' paths for a game other than 8 Masters' Revenge (--game, --seats), and
`emr-sim games`: each parses, calls one entry point of emr_sim.simulate.tables (or the
analysis and report of table runs), prints."""

from __future__ import annotations

import json
import math

import click
from click.core import ParameterSource

from emr_sim.cli.app import BadInputExit, main, note
from emr_sim.cli.options import check_output, json_option, resumable
from emr_sim.errors import quoted
from emr_sim.report.formatting import signed

SHOWN_OPTIONS = 6  # rules options listed per game by `emr-sim games`
# Bytes a table game holds per seat from its row to the printed summary (the rows, the frame
# of seats, the statistics): `/usr/bin/time -f %M emr-sim matchup --game toy --seats 3 -n N`
# peaked at 343 MB for N = 30,000 and 764 MB for 300,000: 1,560 bytes a game, 520 a seat.
HELD_BYTES_PER_SEAT = 600


@main.command()
@json_option("the games")
def games(as_json):
    """List the games: their seats, entities and rules options.

    Every command that plays takes --game NAME and --seats N (default: emr, at 2).
    """
    from emr_sim.games.registry import games as all_games
    from emr_sim.simulate.tables.specs import GENERIC_PREFIX

    listed = [game_summary(g) for g in all_games()]
    if as_json:
        click.echo(json.dumps(listed, indent=1))
        return
    for g in listed:
        seats = g["seats"]
        span = (
            str(seats["fewest"]) if seats["fewest"] == seats["most"] else f"{seats['fewest']}-{seats['most']}"
        )
        click.echo(f"{g['name']:<8} {g['title']}: {span} players (default {seats['default']})")
        if g["entities"]:
            click.echo(f"{'':8} {g['entity']}s: {', '.join(g['entities'])}")
        shadowed = any(k.startswith(GENERIC_PREFIX) for k in g["players"])  # its commands have their own
        own = " (its commands' own players: `emr-sim players`)" if shadowed else ""
        kinds = g["players"] + [k for k in g["own_players"] if k not in g["players"]]
        click.echo(f"{'':8} players: {', '.join(kinds)}{own}")
        opts = ", ".join(f"{o['name']}={o['default']}" for o in g["options"][:SHOWN_OPTIONS])
        more = len(g["options"]) - SHOWN_OPTIONS
        opts += f" and {more} more" if more > 0 else ""
        click.echo(
            f"{'':8} rules: {opts or 'none'} (`emr-sim rules --game {g['name']}`; ids in {g['rules_doc']})"
        )


def game_summary(game) -> dict:
    return {
        "name": game.name,
        "title": game.title,
        "seats": {"fewest": game.seats.fewest, "most": game.seats.most, "default": game.seats.default},
        "entity": game.entity,
        "entities": list(game.entities),
        "entities_dealt": game.dealt,
        "teams": game.teams,
        "players": list(game.players),
        "own_players": list(game.own_players),
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "rule": o.rule}
            for o in game.options
        ],
        "rules_doc": game.rules_doc,
    }


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
    from emr_sim.simulate.runs.sizes import check_bytes

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


def table_report(run_dir: str, output: str, extras: bool) -> None:
    """report of a table run: its summary as one HTML page."""
    from emr_sim.games.registry import get
    from emr_sim.report.table import write_table_report
    from emr_sim.report.table_text import table_summary
    from emr_sim.simulate.tables.frames import long_frame
    from emr_sim.simulate.tables.rundir import load_table_games

    if extras:
        raise BadInputExit(
            f"{run_dir}: a table run; --compare, --skill, --sensitivity and --claims read 8MR runs"
        )
    record, frame = load_table_games(run_dir)
    say_unfinished(run_dir, record)
    game = get(record["game"])
    seats = long_frame(frame, record["seats"], record["players"], run_entities(game, record))
    path = write_table_report(table_summary(game, record["seats"], seats), record, run_dir, output)
    note(f"wrote {path}")  # on stderr, as an 8MR report's and meta's


def say_unfinished(run_dir: str, record: dict) -> None:
    """A note on stderr when a table run's parts are not all played (a run killed or refused
    half-way reads as its finished parts only: say so, as card-stats does of a matrix)."""
    from emr_sim.simulate.tables.rundir import unfinished

    missing = unfinished(record)
    if missing:
        note(f"{run_dir}: unfinished, {missing}; run the command that made it again to finish it")


def table_seats(run_dir: str):
    """(record, game, long frame) of a table run."""
    from emr_sim.analysis.tables import with_order
    from emr_sim.games.registry import get
    from emr_sim.simulate.tables.frames import long_frame
    from emr_sim.simulate.tables.rundir import load_table_games

    record, frame = load_table_games(run_dir)
    say_unfinished(run_dir, record)
    game = get(record["game"])
    entities = run_entities(game, record)
    return record, game, with_order(long_frame(frame, record["seats"], record["players"], entities))


def run_entities(game, record: dict) -> tuple[str, ...]:
    """The entities' names of a table run: the game's, or those of the card data it was run with."""
    if record.get("data") not in (None, "default") and hasattr(game.face(), "entity_names"):
        return tuple(game.face().entity_names(record["data"]))
    return tuple(game.entities)


COMPARED = ("member", "entity", "order")  # what compare reports of two table runs
SAME_DEALS = ("game", "seats", "seed", "cells")  # keys two table runs must share to be paired


def table_compare(run_a: str, run_b: str, as_json: bool) -> None:
    """compare for table runs: each member's, entity's and order of play's paired change of
    its share of the wins (the deal as the unit, Holm-corrected)."""
    from emr_sim.analysis.tables import compare_tables
    from emr_sim.simulate.tables.rundir import is_table_run

    for path in (run_a, run_b):
        if not is_table_run(path):
            raise BadInputExit(f"{path}: not a table run; compare pairs two table runs or two 8MR runs")
    (rec_a, game, before), (rec_b, _g, after) = table_seats(run_a), table_seats(run_b)
    differ = [k for k in SAME_DEALS if rec_a.get(k) != rec_b.get(k)]
    if differ:
        raise BadInputExit(
            f"{run_a} and {run_b} play other deals ({', '.join(differ)} differ): compare pairs runs on the "
            "same seed, game, table and cells"
        )
    rules_a, rules_b = rec_a["rules"], rec_b["rules"]
    changed = [f"{k} {rules_a.get(k)} → {v}" for k, v in rules_b.items() if rules_a.get(k) != v]
    if rec_a["players"] != rec_b["players"]:
        changed.append(f"players {rec_a['players']} → {rec_b['players']}")
    groups: dict[str, list[dict]] = {}
    for by in COMPARED:
        if by == "entity" and not (before["entity"] != "").any():
            continue
        groups[by] = compare_tables(before, after, by).to_dict("records")
    if as_json:
        click.echo(json.dumps({"differ": changed, "groups": groups}, indent=1, default=str))
        return
    click.echo(
        f"{game.title} at {rec_a['seats']} players; the runs differ in: {'; '.join(changed) or 'nothing'}"
    )
    click.echo("share of the wins, before → after, paired change in points (95 %, Holm-corrected):")
    for by, rows in groups.items():
        click.echo(f"by {by}:")
        for r in rows:
            mark = " *" if r["significant"] else ""
            change = f"{signed(100 * r['delta'])} [{signed(100 * r['low'])}, {signed(100 * r['high'])}]"
            click.echo(f"  {r[by]}: {100 * r['before']:.1f} % → {100 * r['after']:.1f} %  {change}{mark}")


def table_meta(tables: list[str], only_tables: bool, settings, output: str | None, as_json: bool) -> list:
    """meta for table runs: the metagame of picks of each two-seat run whose players pick an
    entity (analysis/table_meta.py), returned to be printed (and -o written) as 8MR's are; for
    any other table, what the metagame of picks means there, in a sentence (as JSON with --json
    when no run has a metagame; -o refused then, there being no page, rather than ignored)."""
    from emr_sim.analysis.table_meta import analyse_table_run, table_meta_problem
    from emr_sim.report.table_text import meta_note

    if not only_tables:
        raise BadInputExit(f"{', '.join(tables)}: table runs; give 8MR matrix runs or table runs, not both")
    read = [(path, *table_seats(path)) for path in tables]  # every run read before the work
    picks = [r for r in read if table_meta_problem(r[1], r[2]) is None]
    if output and not picks:
        raise BadInputExit(f"-o {output}: table runs have no metagame page; meta says in a sentence why")
    if output:
        check_output(output, "the metagame page")
    notes = [
        {"run": path, "game": game.name, "seats": record["seats"], "note": meta_note(game, record["seats"])}
        for path, record, game, _seats in read
        if table_meta_problem(record, game) is not None
    ]
    for n in notes:
        if picks and as_json:
            note(f"{n['run']}: {n['note']}")  # stdout holds the metagame's JSON
        elif not as_json:
            click.echo(f"{n['run']}: {n['note']}")
    if as_json and not picks:
        click.echo(json.dumps(notes, indent=1))
    return [
        analyse_table_run(path, record, game, seats, run_entities(game, record), settings)
        for path, record, game, seats in picks
    ]


def table_card_stats(run: str) -> None:
    """card-stats of a table run: the contract records no card events, so say so (exit 2)."""
    from emr_sim.simulate.tables.rundir import is_table_run, read_table_run

    if is_table_run(run):
        record = read_table_run(run)  # a damaged record in one line (json.loads raised)
        raise BadInputExit(
            f"{run}: a table run of {record['game']} at {record['seats']} seats; table runs "
            "record each seat's results, not the cards it held, so there are no per-card statistics to "
            "compute (they need an 8MR run made with `emr-sim matrix --cards`)"
        )
