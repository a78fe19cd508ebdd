"""The commands that explain a run (docs/insight.md): card-stats (the per-card statistics of a
run made with --cards), sensitivity (paired card and rule sensitivity scans) and claims
(claims put to the test). The work is in emr_sim.analysis and emr_sim.studies (the studies'
entry points: emr_sim.studies.scan.entry, emr_sim.studies.claims.entry); the text and JSON in
emr_sim.report."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main, note
from emr_sim.cli.options import (
    FiniteFloat,
    check_output,
    cluster_option,
    estimate_text,
    json_option,
    quiet_option,
    resumable,
    skip_blas_probe,
    workers_option,
)

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
@click.option("--csv", "csv_path", type=click.Path(), help="Write every row to this CSV file.")
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
    from emr_sim.cli.table_reads import table_card_stats
    from emr_sim.report.cards import card_stats_json, format_card_stats
    from emr_sim.simulate.cardsource import card_games

    table_card_stats(run)  # a table run: says why there is nothing per card
    if csv_path:
        check_output(csv_path, "the table")
    source = card_games(run, deck_path)
    chosen = select_card_stats(source, masters, cards, sort)
    if csv_path:
        from emr_sim.files.write import write_atomically

        write_atomically(csv_path, lambda tmp: chosen.rows.to_csv(tmp, index=False))  # WriteError: exit 3
    if source.unfinished:  # said once nothing can fail any more
        note(source.unfinished)
    if as_json:
        click.echo(json.dumps(card_stats_json(chosen.rows, chosen.about), indent=1))
        return
    text = format_card_stats(chosen.stats, chosen.title(), chosen.masters, chosen.card_ids, top, sort)
    click.echo(text, nl=False)


@main.command()
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("-o", "--output", "scan_dir", required=True, type=click.Path(), help="Scan directory.")
@click.option(
    "--cards",
    default=None,
    metavar="ITEMS",
    help="classes (colour x damage, dragons, each effect; the default), cards (every card), "
    "or class names and cards (red-3-4), comma-separated.",
)
@click.option(
    "--rules",
    default=None,
    metavar="all|masters|NAMES",
    help="Rules options to step: all (the global ones), masters (each master's own health), or names.",
)
@click.option(
    "--variant", "variants", multiple=True, metavar="CHANGES", help="A variant of your own (repeatable)."
)
@click.option(
    "--precision",
    type=FiniteFloat(0, 50, min_open=True, max_open=True),
    default=None,
    metavar="POINTS",
    help="95 % half-width of each master's change, in points (default 0.5; games follow).",
)
@click.option("-n", "--games", type=int, default=None, help="Fixed games per cell instead of --precision.")
@click.option("--pilot-pairs", type=int, default=200, show_default=True, help="Pairs per cell of the pilot.")
@click.option(
    "--max-games", type=int, default=100_000, show_default=True, help="Games per cell of a run at most."
)
@click.option(
    "--top", type=click.IntRange(min=1), default=5, show_default=True, help="Effects shown per master."
)
@workers_option
@json_option("every effect")
@quiet_option
@cluster_option
def sensitivity(top, as_json, cluster, **options):
    """Paired card and rule sensitivity of RUN_DIR: each variant played on its deals.

    Each variant (a card class's damage one up or down, the dragons made plain, an effect
    removed, a rules option one step) is a matrix run on the same deals as the base, so every
    game is paired; prints each master's largest changes with 95 % intervals. Running the same
    command again resumes. Example: emr-sim sensitivity runs/base -o scans/classes --precision 0.5
    """
    skip_blas_probe()
    from emr_sim.report.sensitivity import scan_json, scan_lines
    from emr_sim.studies.hooks import Hooks
    from emr_sim.studies.scan.entry import Settings, run_sensitivity

    def estimate(what: str, seconds: float, n_games: int) -> None:
        note(f"{what}: {n_games:,} games to play: estimated {estimate_text(seconds, None, cluster)}")

    hooks = Hooks(note=note, estimate=estimate, resumable=resumable)
    outcome = run_sensitivity(Settings(**options), hooks, cluster)
    scan, effects = outcome.scan, outcome.effects
    if as_json:
        click.echo(
            json.dumps(scan_json(effects) | {"seconds": scan.seconds, "played": scan.games_played}, indent=1)
        )
        return
    click.echo(f"played {scan.games_played:,} games in {scan.seconds:,.1f} s")
    click.echo("\n".join(scan_lines(effects, top)))


@main.command()
@click.argument("claims_file", metavar="FILE")
@click.argument("run_dirs", metavar="RUN...", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option(
    "--scan",
    "scan_dirs",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A sensitivity scan (repeatable): rank the changes that move a contradicted claim.",
)
@click.option(
    "-o",
    "--output",
    "out_dir",
    type=click.Path(),
    help="Write OUT/claims.json and verify there.",
)
@click.option(
    "--verify-games",
    default="1000",
    show_default=True,
    metavar="N|N,N,...",
    help="Games a cell to verify a change at the rung where a claim failed: one number, or one "
    "per RUN (0: do not verify there).",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=3,
    show_default=True,
    help="Changes ranked and verified per contradicted claim.",
)
@workers_option
@json_option("the result")
@quiet_option
@cluster_option
def claims(as_json, cluster, **options):
    """Check the claims of FILE (TOML; `community`: the shipped file) at each RUN (a rung each).

    Each claim holds, is contradicted or is not resolved at each rung, with its 95 % interval.
    With --scan, the changes that move a contradicted claim most are ranked on the scans; with
    -o, the best --top are verified at the rung where it failed. Example:
    emr-sim claims community runs/greedy runs/tuned --scan scans/classes -o claims/
    """
    skip_blas_probe()
    from emr_sim.report.claims import claims_lines
    from emr_sim.studies.claims.entry import Settings, run_claims_study
    from emr_sim.studies.hooks import Hooks

    def estimate(what: str, seconds: float, n_games: int) -> None:
        note(f"{what}: {n_games:,} games to play: estimated {estimate_text(seconds, None, cluster)}")

    settings = Settings(**options)
    result = run_claims_study(settings, Hooks(note=note, estimate=estimate), cluster)
    record = result.record(settings.top)
    if as_json:
        click.echo(json.dumps(record, indent=1))
        return
    click.echo("\n".join(claims_lines(record, settings.top)))
