"""One game at a time: play (and play --human), tui, resolve and the short positions
(position new / show)."""

from __future__ import annotations

import json
import sys

import click

from emr_sim.cli.app import BadInputExit, main
from emr_sim.cli.options import (
    INT64,
    check_output,
    deck_option,
    fury_option,
    json_option,
    other_game,
    rule_option,
    rules_dict,
    skip_blas_probe,
    table_options,
    variant_option,
    versus_options,
)


@main.command()
@click.option("--seed", type=INT64, default=1, show_default=True, help="Run seed.")
@click.option("--index", type=INT64, default=0, show_default=True, help="Game index within the run.")
@click.option(
    "--players",
    default="greedy,greedy",
    show_default=True,
    help="Player of each seat: player specs, `emr-sim players` lists them.",
)
@click.option("--heroes", default=None, help="Two masters for hero mode, e.g. crow,illusion.")
@json_option("the game")
@click.option("--human", is_flag=True, help="Play a seat yourself, one line at a time (docs/play.md).")
@versus_options
@click.option("--save", type=click.Path(), help="With --human: write the game record here.")
@deck_option
@rule_option
@fury_option
@variant_option
@table_options
def play(
    seed,
    index,
    players,
    heroes,
    as_json,
    human,
    seat,
    opponent,
    advisor,
    save,
    deck_path,
    rules,
    fury,
    variant,
    game,
    seats,
):
    """Play one game and print its log in plain words; with --human, play a seat yourself.

    With --game and --seats: a deal of another game (`emr-sim games`), the players of
    --players in seat order.
    """
    skip_blas_probe()
    if other_game(game, seats):
        from emr_sim.cli.tables import refuse_emr_options, table_opts, table_play

        refuse_emr_options(game, "human", "heroes", "variant", "seat", "opponent", "advisor", "save", "fury")

        opts = table_opts(game, seats, players, rules, deck_path, seed, None, None)
        return table_play(seed, index, opts, as_json)
    if human:
        if as_json or players != "greedy,greedy" or variant:
            raise BadInputExit("--human plays against --opponent: no --players, --json or --variant")
        play_human(seed, index, heroes, deck_path, rules_dict(rules, fury), seat, opponent, advisor, save)
        return
    if (seat, opponent, advisor, save) != (None,) * 4:
        raise BadInputExit("--seat, --opponent, --advisor and --save go with --human")
    from emr_sim.games.emr.face.core import hero_mode_rules
    from emr_sim.games.emr.face.core import play as play_game
    from emr_sim.games.emr.face.export import game_json
    from emr_sim.games.emr.face.log import summary_line
    from emr_sim.games.emr.lineup.spec import parse_sides

    sides = parse_sides(players)
    chosen = hero_mode_rules(rules_dict(rules, fury), heroes)
    deck = deck_path
    if variant:
        from emr_sim.games.emr.cards import load_deck
        from emr_sim.simulate.whatif.variants import changed_deck, check_playable, parse_variant

        parsed = parse_variant(variant)
        check_playable(parsed)
        chosen |= parsed.rules
        deck = changed_deck(load_deck(deck_path), parsed)
    game = play_game(seed, sides, index, deck, chosen, heroes)
    if as_json:
        click.echo(json.dumps(game_json(game, seed, index, sides), indent=1))
        return
    click.echo(f"seed {seed}, game {index}: {' vs '.join(spec.text for spec in sides)}")
    for line in game.log_lines():
        click.echo(line)
    click.echo(summary_line(game.state))


def play_human(seed, index, heroes, deck_path, rules, seat, opponent, advisor, save) -> None:
    """`play --human`: the line mode (emr_sim.games.emr.face.linemode) on stdin and stdout."""
    from emr_sim.games.emr.face.linemode import ENDED, Lines, run_line_game
    from emr_sim.games.emr.face.versus import Versus, setup_from_options
    from emr_sim.games.emr.face.warm import warm_kernels

    if save:
        check_output(save, "the game record")
    setup, advisor = setup_from_options(seed, index, heroes, deck_path, rules, seat, opponent, advisor)
    io = Lines(
        lambda: line.rstrip("\r\n") if (line := sys.stdin.readline()) else None,
        click.echo,
        advisor,
        prompt=(lambda text: click.echo(text, nl=False)) if sys.stdin.isatty() else None,
    )
    warm_kernels()  # behind the compile notice
    if run_line_game(Versus(setup), io, save) == ENDED:
        raise BadInputExit("the input ended before the game did (give `quit` to leave a game on purpose)")


@main.command()
@click.option("--seed", type=INT64, default=1, show_default=True, help="The deal's run seed.")
@click.option("--index", type=INT64, default=0, show_default=True, help="The deal's game index.")
@click.option("--heroes", default=None, help="The masters of seat 0 and seat 1, e.g. crow,illusion.")
@versus_options
@click.option("--advisor-seed", type=INT64, default=1, show_default=True, help="Seed of hints and reviews.")
@click.option("--replay", type=click.Path(dir_okay=False), help="Step through a saved game instead.")
@deck_option
@rule_option
@fury_option
def tui(seed, index, heroes, seat, opponent, advisor, advisor_seed, replay, deck_path, rules, fury) -> None:
    """Play against a program in a full-screen terminal app, with hints and a review
    (docs/play.md); needs pip install 'emr-sim[play]'."""
    from emr_sim.apps.tui import require_textual

    require_textual()  # NeedsTextual: exit 2 naming the extra
    skip_blas_probe()
    from emr_sim.apps.tui.start import start

    start(
        seed, index, heroes, advisor_seed, replay, deck_path, rules_dict(rules, fury), seat, opponent, advisor
    )


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.argument("action", required=False)
@click.option("--list", "list_only", is_flag=True, help="List the legal actions and their notation.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("-o", "--output", type=click.Path(), help="Also write the new position here.")
@click.option("--advise", metavar="SPEC", help="Search the decision (e.g. ismcts:20000): visits, win rates.")
@click.option("--seed", type=INT64, default=1, show_default=True, help="The advisor's seed.")
@deck_option
def resolve(position, action, list_only, as_json, output, advise, seed, deck_path) -> None:
    """Show a position's legal actions, or apply ACTION and print what happens and what
    may come next.

    POSITION is a position file: JSON, or a short position in TOML (docs/positions.md).
    ACTION is in the notation of `--list` (e.g. "play red 3-1 left") or an action code.
    With --advise, the search's visits and estimated win rate of each legal action.
    """
    skip_blas_probe()
    from emr_sim.games.emr.face.core import Game
    from emr_sim.games.emr.face.export import legal_json, resolve_json

    if output:
        check_output(output, "the position")
    if advise is not None and (action is not None or output or list_only):
        raise BadInputExit("--advise takes a position only (no ACTION, --list or --output)")
    game = Game.from_position(position, deck_path)
    if advise is not None:
        from emr_sim.games.emr.face.advise import advice_json, advice_lines
        from emr_sim.games.emr.face.advise import advise as advise_on

        table = advise_on(game, advise, seed)
        click.echo(json.dumps(advice_json(table)) if as_json else "\n".join(advice_lines(table)))
        return
    if list_only or action is None:
        click.echo(json.dumps(legal_json(game)) if as_json else game.describe() + legal_text(game))
        return
    code, text, events = game.resolve(action)
    if output:
        game.write_position(output)  # refused unless it loads again; WriteError: exit 3
    if as_json:
        click.echo(json.dumps(resolve_json(game, (code, text), events)))
        return
    click.echo("\n".join([*game.log_lines(events), "", game.describe()]) + legal_text(game))


def legal_text(game) -> str:
    """The pending decision's legal actions, one a line with its code (nothing: game over)."""
    if game.over:
        return ""
    lines = [f"\n\nlegal actions ({game.phase}, P{game.decider}):"]
    return "\n".join(lines + [f"  {code:>4}  {text}" for code, text in game.legal()])


@main.group()
def position() -> None:
    """Short positions for rules questions (docs/positions.md): write a template, show one."""


@position.command("new")
@click.option("--heroes", default=None, metavar="A,B", help="The two masters (hero mode). Default: none.")
@click.option(
    "--step",
    type=click.Choice(["turn-start", "turn", "extra"]),
    default="turn",
    show_default=True,
    help="What comes next in the position.",
)
@click.option("-o", "--output", type=click.Path(), help="Write it here (default: print it).")
@deck_option
def position_new(heroes, step, output, deck_path) -> None:
    """Write a commented short position (TOML) that loads as it is, to edit by hand."""
    from emr_sim.files.write import write_text
    from emr_sim.games.emr.face.template import new_template

    if output:
        check_output(output, "the template")
    text = new_template(heroes, step, deck_path)
    if output:
        write_text(output, text)  # WriteError: exit 3
    else:
        click.echo(text, nl=False)


@position.command("show")
@click.argument("position_file", metavar="POSITION", type=click.Path(dir_okay=False))
@deck_option
def position_show(position_file, deck_path) -> None:
    """Print a position's board, hands and piles in words, and its legal actions."""
    skip_blas_probe()
    from emr_sim.games.emr.face.core import Game
    from emr_sim.games.emr.face.show import show_text

    game = Game.from_position(position_file, deck_path)
    click.echo(show_text(game.state, game.table, game.opts) + legal_text(game))
