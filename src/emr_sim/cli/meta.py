"""The metagame of finished runs: `emr-sim meta` (docs/meta.md)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from emr_sim.cli.app import BadInputExit, main, note, usage_line
from emr_sim.cli.options import FiniteFloat, check_output, json_option


class OneLineUsage(click.Command):
    """A command whose usage errors (unknown option, bad value, missing argument) are one line
    naming the problem, exit 2, like any other bad input."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            raise BadInputExit(usage_line(err)) from None


@main.command(cls=OneLineUsage)
@click.argument("runs", nargs=-1, required=True, type=click.Path(file_okay=False))
@json_option("every run's metagame")
@click.option(
    "--boot",
    type=click.IntRange(min=0),
    default=1_000,
    show_default=True,
    help="Bootstrap resamples of each cell's pairs (0: point estimates only).",
)
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Bootstrap seed (default fixed).")
@click.option("--alpha", type=FiniteFloat(min=0, min_open=True), default=None, help="α-Rank's α (default 5).")
@click.option(
    "--population", type=click.IntRange(min=2), default=None, help="α-Rank's population (default 50)."
)
@click.option(
    "--bans",
    type=click.Choice(["both", "opponent"]),
    default="both",
    show_default=True,
    help="Draft: a ban removes the master for both players, or for the opponent only.",
)
@click.option(
    "--first-turn",
    type=click.Choice(["picker", "drawn"]),
    default=None,
    help="Draft: the first picker takes the first turn (R-OPT-HERO; 8MR's default), or it is drawn "
    "per game (D-FIRST; the default for a table run of another game).",
)
@click.option("-o", "--output", type=click.Path(), help="Also write the metagame as an HTML page.")
def meta(runs, as_json, boot, seed, alpha, population, bans, first_turn, output):
    """The metagame of finished matrix runs: the game of picking a master (docs/meta.md).

    For each RUN: the Nash equilibrium of blind picks (maximum-entropy), each master's score
    against it, the transitive and cyclic parts of the matrix and its rock-paper-scissors
    triangles, α-Rank, and a draft with bans; intervals from a bootstrap over each cell's pairs.
    Give one run per rung (e.g. greedy, tuned, ismcts:400) to see the meta move with skill.
    Example: emr-sim meta runs/default runs/tuned -o reports/meta.html
    """
    from emr_sim.analysis import meta as M
    from emr_sim.report.meta import format_meta, meta_json, render_page
    from emr_sim.simulate.rundir import load_run
    from emr_sim.simulate.tables.rundir import is_table_run
    from emr_sim.version import __version__

    tables = [r for r in runs if is_table_run(r)]
    if first_turn is None:  # 8MR's first player picks first; another game's first turn is its own
        first_turn = M.DRAWN if tables else M.PICKER
    settings = M.Settings(
        boot=boot,
        seed=M.BOOT_SEED if seed is None else seed,
        alpha=M.R.ALPHA if alpha is None else alpha,
        population=M.R.POPULATION if population is None else population,
        bans=bans,
        first_turn=first_turn,
    )
    settings.check()  # --boot against the machine's memory, before anything is read or written
    if tables:
        from emr_sim.cli.table_reads import table_meta

        results = table_meta(tables, len(tables) == len(runs), settings, output, as_json)
        if not results:
            return
    else:
        if output:
            check_output(output, "the metagame page")
        loaded = [M.check_run(load_run(run_dir)) for run_dir in runs]  # every run checked before the work
        results = [M.analyse_run(run, settings) for run in loaded]
    if output:
        from emr_sim.files.write import write_text

        write_text(
            output, render_page([M.Rung(r.info["label"], r) for r in results], __version__, Path(output).stem)
        )
    if as_json:
        click.echo(json.dumps(meta_json(results), indent=1))
    else:
        click.echo(format_meta(results))
    if output:
        note(f"wrote {output}")
