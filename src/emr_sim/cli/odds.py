"""`emr-sim odds`: a game's exact battle odds (HBC's dice battles, docs/hbc.md): one battle,
or the dice x hit table and heatmap of what one more die is worth."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import BadInputExit, main
from emr_sim.cli.options import deck_option, game_option, json_option, rule_option

TABLE_FILE = "die-worth.csv"
HEATMAP_FILE = "die-worth.png"


@main.command()
@click.argument("sides", nargs=-1)
@game_option
@deck_option
@rule_option
@click.option("--cap", type=click.IntRange(1, 1000), default=None, help="Rolls before a tie is given up.")
@click.option("--table", is_flag=True, help="The dice count 1-5 x hit 1-6 table of one more die's worth.")
@click.option(
    "-o", "--output", "out_dir", type=click.Path(), default=None, help="--table: CSV and heatmap here."
)
@json_option("the odds")
def odds(sides, game, deck_path, rules, cap, table, out_dir, as_json):
    """Exact battle odds, by convolution (no sampling): ATTACKER DEFENDER, each D/H[+F] (dice,
    hit, attack value change: 3/5+3) or a card of the set (--deck).

    emr-sim odds --game hbc 3/5+3 3/4; emr-sim odds --game hbc --table -o reports/odds
    """
    from emr_sim.cli.tables import rule_pairs
    from emr_sim.games.registry import get

    chosen = get(game)
    face = chosen.face()
    if not hasattr(face, "battle_odds"):
        raise BadInputExit(f"--game {chosen.name}: {chosen.title} has no dice battles (try --game hbc)")
    made = chosen.make(chosen.seats.fewest, rule_pairs(rules), deck_path)
    if table:
        if sides:
            raise BadInputExit("--table takes no ATTACKER DEFENDER")
        return odds_table(face, made, cap, out_dir, as_json)
    if len(sides) != 2:
        raise BadInputExit(f"odds: give ATTACKER DEFENDER (2 sides, got {len(sides)}), or --table")
    report = face.battle_odds(made, sides[0], sides[1], cap)
    click.echo(json.dumps(report, indent=1) if as_json else face.battle_odds_text(report))


def odds_table(face, made, cap, out_dir, as_json) -> None:
    from pathlib import Path

    from emr_sim.files.outdir import check_dir_target, make_dir
    from emr_sim.files.write import write_atomically, write_text

    if out_dir is not None:
        check_dir_target(out_dir)
    frame = face.die_worth_table(made, cap)
    if out_dir is not None:
        from emr_sim.report.odds_plots import worth_heatmap

        make_dir(out_dir)
        write_text(Path(out_dir) / TABLE_FILE, frame.to_csv(index=False, float_format="%.6f"))
        figure = worth_heatmap(frame, f"{made.game.title}: one more die, against the same card")
        write_atomically(Path(out_dir) / HEATMAP_FILE, lambda tmp: figure.savefig(tmp, format="png"))
        click.echo(f"wrote {Path(out_dir) / TABLE_FILE} and {Path(out_dir) / HEATMAP_FILE}", err=True)
    if as_json:
        click.echo(frame.to_json(orient="records", indent=1))
    else:
        click.echo(frame.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
