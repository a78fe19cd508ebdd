"""`emr-sim rebalance`: the smallest change of the knobs a designer names that meets a balance
goal, searched with Optuna at one rung and verified on fresh seeds at others (docs/rebalance.md).
The command parses its options into one value and calls the study's one entry point
(emr_sim.studies.rebalance.entry); the lines, the files and the HTML are emr_sim.report.rebalance's."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main, note
from emr_sim.cli.options import (
    FINITE,
    INT64,
    cluster_option,
    estimate_text,
    game_options,
    heroes_option,
    json_option,
    quiet_option,
    resumable,
    skip_blas_probe,
    workers_option,
)


@main.command()
@click.option(
    "-o",
    "--output",
    "study_dir",
    required=True,
    type=click.Path(),
    help="Study directory (created, or resumed).",
)
@click.option(
    "--knob",
    "knobs",
    multiple=True,
    metavar="NAME=RANGE|LIST",
    help="What may change (repeatable): health.*=6..10, trap_once=on|off, class:dragons.dragon=0|1, "
    "class:red.damage=-1..+1 ...",
)
@click.option(
    "--goal",
    default="field:2",
    show_default=True,
    metavar="field:X|target:X|nash:X",
    help="Every master's field mean within 50±X points; the cells within X points (rms) of --target; "
    "every master within X points of the pick game's value.",
)
@click.option(
    "--target",
    "target_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Target matrix (CSV, win rates 0..1; empty cells: no target) for --goal target:X.",
)
@click.option(
    "--players", "player", default="tuned", show_default=True, help="The search rung's player (both sides)."
)
@click.option(
    "--seed", type=INT64, default=None, help="Search seed (default 20261225; verification: --verify-seed)."
)
@click.option(
    "--max-changes", type=int, default=None, help="Changes at most besides the masters' own health."
)
@click.option(
    "--penalty",
    default="0.25,0.25",
    show_default=True,
    metavar="COUNT,SIZE",
    help="Points a change costs, and each step of a numeric change beyond its first.",
)
@click.option(
    "--margin", type=FINITE, default=0.5, show_default=True, help="Points inside the goal the search aims."
)
@click.option(
    "--first-player",
    default="±2",
    show_default=True,
    metavar="LOW..HIGH|±N|none",
    help="Guard: the first player's share of decided games (±N: points around the base's).",
)
@click.option(
    "--game-length",
    default="±20%",
    show_default=True,
    metavar="LOW..HIGH|±N%|none",
    help="Guard: the median game length in turns (±N%: around the base's).",
)
@click.option(
    "--trials",
    type=int,
    default=None,
    help="Trials of the search (default 120, or the knobs' candidates if fewer).",
)
@click.option(
    "--rungs",
    default="200,800,3200",
    show_default=True,
    metavar="GAMES,...",
    help="Games per cell at each rung of successive halving.",
)
@click.option(
    "--eta", type=int, default=4, show_default=True, help="A trial goes up a rung in the best 1/eta."
)
@click.option("--batch", type=int, default=4, show_default=True, help="Trials asked and played together.")
@click.option("--sampler", type=click.Choice(["tpe", "cmaes"]), default="tpe", show_default=True)
@click.option(
    "--scan",
    "scans",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A sensitivity scan (repeatable): its single changes warm-start the search.",
)
@click.option(
    "--verify",
    "verify_rungs",
    multiple=True,
    metavar="PLAYER=GAMES",
    help="Verification rungs (repeatable; default greedy=4000, tuned=4000, ismcts:400=100; "
    "'none': no verification).",
)
@click.option(
    "--verify-top", type=click.IntRange(min=1), default=3, show_default=True, help="Proposals verified."
)
@click.option("--verify-seed", type=INT64, default=None, help="Seed of the verification (default 20261202).")
@click.option(
    "--before",
    "befores",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A matrix run of the base on the verification seed at a --verify rung (repeatable; read only).",
)
@heroes_option
@game_options
@workers_option
@json_option("the result")
@quiet_option
@cluster_option
def rebalance(as_json, cluster, **options):
    """Search the smallest change of the knobs that meets a balance goal; verify it.

    Candidates play the same deals at the search rung (--players), most of them few games
    (successive halving); the best --verify-top are replayed on fresh seeds at each --verify
    rung, with before/after matrices. Writes STUDY/result.json, STUDY/report.html and each
    proposal's deck and rules in STUDY/proposal-N; running the same command again resumes.
    Example: emr-sim rebalance -o studies/r1 --knob 'health.*=6..10' --knob trap_once --goal field:2
    """
    skip_blas_probe()
    from emr_sim.report.rebalance import summary_lines, write_outputs
    from emr_sim.studies.hooks import Hooks
    from emr_sim.studies.rebalance.entry import run_rebalance
    from emr_sim.studies.rebalance.prepare import Settings

    def estimate(what: str, seconds: float, n_games: int) -> None:
        note(f"{what}: {n_games:,} games to play: estimated {estimate_text(seconds, None, cluster)}")

    hooks = Hooks(note=note, estimate=estimate, resumable=resumable)
    outcome = run_rebalance(Settings(**options), hooks, write_outputs, cluster)
    if as_json:
        click.echo(json.dumps(outcome.result, indent=1))
        return
    click.echo("\n".join(summary_lines(outcome.result)))
    click.echo(f"\nreport: {outcome.root / 'report.html'}; proposals' files in {outcome.root}/proposal-N")
