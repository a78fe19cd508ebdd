"""The listing commands: cards, heroes, rules and players."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main
from emr_sim.cli.options import deck_option, json_option


@main.command()
@deck_option
def cards(deck_path: str | None) -> None:
    """Print the deck as a table, with a summary per colour."""
    from emr_sim.games.emr.cards import format_cards_table, load_deck

    click.echo(format_cards_table(load_deck(deck_path)), nl=False)  # the table ends with its newline


@main.command()
def heroes() -> None:
    """List the 8 masters with their technique (used while furious, hero mode on)."""
    from emr_sim.report.listings import heroes_lines

    click.echo("\n".join(heroes_lines()))


@main.command()
def rules() -> None:
    """List the rules options (--rule NAME=VALUE) with their defaults and rule ids."""
    from emr_sim.report.listings import rules_lines

    click.echo("\n".join(rules_lines()))


@main.command()
@json_option("the kinds and parameters")
def players(as_json: bool) -> None:
    """List the player kinds and the greedy's parameters (--players SPEC,SPEC; docs/players.md)."""
    from emr_sim.games.emr.lineup.listing import kinds_json, kinds_lines

    click.echo(json.dumps(kinds_json(), indent=1) if as_json else "\n".join(kinds_lines()))
