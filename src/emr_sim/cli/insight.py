"""The commands that explain a run: card-stats (the per-card statistics of a run made with
--cards, docs/insight.md)."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main
from emr_sim.cli.options import check_output, json_option

CARD_SORTS = ("improvement", "gih", "gns", "played", "opening", "drawn", "card")  # analysis.cardstats.SORTS


@main.command("card-stats")
@click.argument("run", type=click.Path())
@click.option("--master", "masters", multiple=True, help="Only these masters (a,b or repeated; default all).")
@click.option(
    "--card", "cards", multiple=True, help="Only these cards, e.g. red-3-4 (repeatable; `emr-sim cards`)."
)
@click.option(
    "--sort",
    type=click.Choice(CARD_SORTS),
    default="improvement",
    show_default=True,
    help="Order: improvement when drawn, a win rate (gih, gns, played), opening-hand improvement, "
    "drawn share, or deck order.",
)
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True, help="Cards shown per end.")
@json_option("every row")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write every row to this CSV file.")
@click.option(
    "--deck",
    "deck_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="The games' deck (default: the run's; for a records file, the shipped deck).",
)
def card_stats(run, masters, cards, sort, top, as_json, csv_path, deck_path):
    """Per-card statistics of RUN, a run directory of `matrix --cards` or a records file of
    `matchup --records FILE --cards`: per master, the win rate when a card was played, drawn
    or never drawn, and the improvement when drawn, with intervals (docs/insight.md).

    Example: emr-sim card-stats runs/cards --master crow --card red-3-4
    """
    from emr_sim.analysis.cardstats import select_card_stats
    from emr_sim.report.cards import card_stats_json, format_card_stats
    from emr_sim.simulate.cardsource import card_games

    if csv_path:
        check_output(csv_path, "the table")
    chosen = select_card_stats(card_games(run, deck_path), masters, cards, sort)
    if csv_path:
        from emr_sim.files.write import write_atomically

        write_atomically(csv_path, lambda tmp: chosen.rows.to_csv(tmp, index=False))  # WriteError: exit 3
    if as_json:
        click.echo(json.dumps(card_stats_json(chosen.rows, chosen.about), indent=1))
        return
    text = format_card_stats(chosen.stats, chosen.title(), chosen.masters, chosen.card_ids, top, sort)
    click.echo(text, nl=False)
