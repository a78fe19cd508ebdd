"""`emr-sim tune`: the greedy's parameters of masters tuned with CMA-ES into a directory."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import main, note
from emr_sim.cli.options import (
    cluster_option,
    game_options,
    json_option,
    quiet_option,
    resumable,
    run_settings,
    seed_option,
    skip_blas_probe,
    workers_option,
)


@main.command()
@click.argument("heroes")
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(), help="Tuning directory.")
@click.option(
    "--field",
    "field_spec",
    default="greedy",
    show_default=True,
    help="The field the masters are tuned against at first: greedy, tuned or book:FILE.",
)
@click.option("--rounds", type=int, default=1, show_default=True, help="Rounds over the masters (at most).")
@click.option("--generations", type=int, default=40, show_default=True, help="CMA-ES generations per master.")
@click.option(
    "--pairs", type=int, default=500, show_default=True, help="Pairs per opponent for each candidate."
)
@click.option(
    "--validation-pairs",
    type=int,
    default=1_000,
    show_default=True,
    help="Fresh pairs per opponent to measure a gain.",
)
@click.option(
    "--popsize", type=int, default=None, help="CMA-ES population (default: cma's, from the dimension)."
)
@seed_option
@workers_option
@json_option("the results")
@quiet_option
@game_options
@cluster_option
def tune(
    heroes, out_dir, field_spec, rounds, generations, pairs, validation_pairs, popsize, seed, workers,
    as_json, quiet, deck_path, rules, fury, cluster,
):  # fmt: skip
    """Tune the greedy's parameters of HEROES (a master, a list, or all) with CMA-ES.

    Each master's vector is tuned against the field (every master, mirror included) on
    seat-swapped pairs with common random numbers, then its gain is measured on fresh deals,
    paired, with its 95 % interval. OUT_DIR/book.json is the book (--players book:FILE);
    running the same command again resumes.
    Example: emr-sim tune crow -o runs/tune-crow
    """
    skip_blas_probe()
    from emr_sim.console.progress import TuneBar
    from emr_sim.report.tuning import format_result, format_tuning, tuning_json
    from emr_sim.simulate.play.setup import DEFAULT_SEED
    from emr_sim.tuning.rounds import TunePlan, parse_tune_heroes, run_tuning

    seed = DEFAULT_SEED if seed is None else seed
    plan = TunePlan(
        parse_tune_heroes(heroes), field_spec, rounds, generations, pairs, validation_pairs, popsize, seed
    )
    settings = run_settings(
        seed=seed, fury=fury, deck_path=deck_path, rules=rules, workers=workers, cluster=cluster
    )
    bar = TuneBar(generations, quiet)
    heroes_text = ", ".join(plan.heroes)
    with resumable("the finished masters and the checkpoint are in", out_dir):
        try:
            run = run_tuning(
                out_dir, plan, settings,
                on_estimate=lambda s: note(f"tuning {heroes_text}: estimated {s / 60:,.1f} min at most"),
                on_start=bar.start,
                on_generation=bar.step,
                on_result=bar.result_printer(None if as_json else note, format_result),
            )  # fmt: skip
        finally:
            bar.close()
    click.echo(json.dumps(tuning_json(run), indent=1) if as_json else format_tuning(run))
