"""The listing commands: cards, heroes, rules, players and games."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main
from emr_sim.cli.options import deck_option, json_option, other_game, table_options

SHOWN_OPTIONS = 6  # rules options listed per game by `emr-sim games`


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
@table_options
def rules(game: str | None, seats: int | None) -> None:
    """List the rules options (--rule NAME=VALUE) with their defaults and rule ids."""
    if other_game(game, seats):
        from emr_sim.games.registry import get

        for o in get(game).options:
            values = "|".join(o.choices) if o.choices else f"{o.low}..{o.high}"
            click.echo(f"{o.name:<16} {o.default:<8} {values:<20} {o.rule:<12} {o.help}")
        return
    from emr_sim.report.listings import rules_lines

    click.echo("\n".join(rules_lines()))


@main.command()
@json_option("the kinds and parameters")
@table_options
def players(as_json: bool, game: str | None, seats: int | None) -> None:
    """List the player kinds and the greedy's parameters (--players SPEC,SPEC; docs/players.md)."""
    if other_game(game, seats):
        from emr_sim.games.registry import get
        from emr_sim.simulate.tables.specs import kind_params

        chosen = get(game)
        kinds = list(chosen.players)
        params = {k: kind_params(k) for k in kinds if kind_params(k)}
        if as_json:
            click.echo(json.dumps({"kinds": kinds, "params": params}, indent=1))
            return
        for k in kinds:
            shown = ", ".join(
                f"{p['name']}={p['default']:g} ({p['low']:g}..{p['high']:g})" for p in params.get(k, [])
            )
            click.echo(f"{k:<16} {shown}".rstrip())
        return
    from emr_sim.games.emr.lineup.listing import kinds_json, kinds_lines

    click.echo(json.dumps(kinds_json(), indent=1) if as_json else "\n".join(kinds_lines()))


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
