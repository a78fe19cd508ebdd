"""The reading commands' paths for a table run (a game other than 8 Masters' Revenge): report,
compare, meta and card-stats; each reads the run (emr_sim.simulate.tables), calls the analysis
and report of table runs, prints."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import BadInputExit, note
from emr_sim.cli.options import check_output
from emr_sim.report.formatting import signed


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
