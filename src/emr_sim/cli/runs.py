"""The commands that play: matchup, matrix and ladder (tune is in cli.tune)."""

from __future__ import annotations

import json

import click

from emr_sim.cli.app import BadInputExit, main, note
from emr_sim.cli.options import (
    HALF_WIDTH,
    bundle,
    cards_option,
    check_output,
    cluster_option,
    estimate_text,
    game_options,
    heroes_option,
    json_option,
    method_option,
    other_game,
    output_dir_option,
    players_option,
    quiet_option,
    resumable,
    run_settings,
    seed_option,
    skip_blas_probe,
    table_options,
    variant_option,
    workers_option,
)
from emr_sim.cli.tables import refuse_emr_options, table_matchup, table_matrix, table_opts
from emr_sim.errors import quoted

# seed, players and threads of every playing command, then its output's form
run_options = bundle(seed_option, players_option, workers_option)


def hero_pair(entities: tuple[str, ...]) -> tuple[str, str]:
    """HERO_A HERO_B of an 8MR matchup, refused in click's words when not two."""
    if len(entities) < 2:
        missing = "HERO_A" if not entities else "HERO_B"
        raise BadInputExit(f"matchup: missing argument '{missing}' (see `emr-sim matchup --help`)")
    if len(entities) > 2:
        raise BadInputExit(
            f"matchup: got unexpected extra argument ({entities[2]}) (see `emr-sim matchup --help`)"
        )
    return entities[0], entities[1]


@main.command()
@click.argument("entities", nargs=-1, metavar="HERO_A HERO_B")
@click.option(
    "-n", "games", type=int, default=100_000, show_default=True, help="Games (rounded up to pairs)."
)
@run_options
@click.option("--records", "records_path", type=click.Path(), help="Per-game records (.parquet or .csv).")
@json_option("the summary")
@quiet_option
@game_options
@cards_option
@table_options
@cluster_option
def matchup(
    entities,
    games,
    seed,
    players,
    workers,
    records_path,
    as_json,
    quiet,
    deck_path,
    rules,
    fury,
    cards,
    game,
    seats,
    cluster,
):
    """Head-to-head of HERO_A and HERO_B in seat-swapped pairs of games.

    With --game (another game, `emr-sim games`) and --seats N: N players around a table,
    each deal played once per rotation of the seats; the arguments are the entities of
    the seats (none for a game that deals them).

    Example: emr-sim matchup crow illusion -n 100000
    """
    skip_blas_probe()
    if other_game(game, seats):
        refuse_emr_options(game, "records_path", "cards", "fury")
        opts = table_opts(game, seats, players, rules, deck_path, seed, workers, cluster)
        return table_matchup(entities, games, opts, as_json, quiet)
    hero_a, hero_b = hero_pair(entities)
    from emr_sim.report.summary import format_summary
    from emr_sim.simulate.play.matchup import matchup as run_matchup
    from emr_sim.simulate.play.settings import RunHooks

    if records_path is not None and not records_path.strip():
        raise BadInputExit(f"--records needs a file name (.parquet or .csv), not {quoted(records_path)}")
    if records_path:
        check_output(records_path, "the records")
    # --rule fury=...: run_setup says to use --fury/--no-fury
    settings = run_settings(
        seed=seed, players=players, fury=fury, deck_path=deck_path, rules=rules, workers=workers,
        cluster=cluster, cards=cards,
    )  # fmt: skip
    result = run_matchup(hero_a, hero_b, games, settings, RunHooks(quiet, note), records=bool(records_path))
    if records_path:
        from emr_sim.simulate.runs.records import write_records

        assert result.records is not None  # asked for: records=True
        write_records(result.records, records_path)  # WriteError: exit 3
    click.echo(json.dumps(result.summary, indent=1) if as_json else format_summary(result.summary))


@main.command()
@output_dir_option
@click.option(
    "-n", "--games", type=int, default=10_000, show_default=True, help="Games per cell (rounded up to pairs)."
)
@heroes_option
@click.option(
    "--until-ci",
    type=HALF_WIDTH,
    default=None,
    metavar="W",
    help="Keep adding pairs to a cell until its 95 % half-width is at most W (0.01 = ±1 point).",
)
@click.option("--max-games", type=int, default=None, help="Cap per cell with --until-ci (default 1,000,000).")
@run_options
@json_option("the cells and ranking")
@quiet_option
@method_option
@game_options
@click.option(
    "--every-assignment",
    is_flag=True,
    help="Every ordered pair of masters, mirrors included (for two different players).",
)
@cards_option
@variant_option
@table_options
@cluster_option
def matrix(
    run_dir, games, heroes, until_ci, max_games, seed, players, workers, as_json, quiet, method,
    deck_path, rules, fury, every_assignment, cards, variant, game, seats, cluster,
):  # fmt: skip
    """Play every pair of distinct heroes into RUN_DIR and print the hero matrix.

    One Parquet file per finished cell; running the same command again resumes. With
    --game and --seats: a table run of that game (every set of N entities of --heroes, or
    one cell for a game that deals them), each deal once per rotation of the seats.
    Example: emr-sim matrix -o runs/base --until-ci 0.01
    """
    skip_blas_probe()
    if other_game(game, seats):
        refuse_emr_options(
            game, "until_ci", "max_games", "method", "every_assignment", "cards", "variant", "fury"
        )
        opts = table_opts(game, seats, players, rules, deck_path, seed, workers, cluster)
        return table_matrix(run_dir, games, heroes, opts, as_json, quiet)
    from emr_sim.report.tables import format_matrix, matrix_json
    from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
    from emr_sim.simulate.play.settings import RunHooks
    from emr_sim.simulate.runs.rundir import load_games

    def estimate(seconds: float, n_games: int) -> None:
        note(f"{n_games:,} games to play: estimated {estimate_text(seconds, until_ci, cluster)}")

    settings = run_settings(
        seed=seed, players=players, fury=fury, deck_path=deck_path, rules=rules, workers=workers,
        cluster=cluster, variant=variant, cards=cards,
    )  # fmt: skip
    play = MatrixPlay(heroes, games, until_ci, max_games, every=every_assignment)
    with resumable("the finished cells are in", run_dir):
        run = run_matrix(run_dir, settings, play, RunHooks(quiet, note, estimate))
    games_frame = load_games(run.run_dir)
    if as_json:
        click.echo(json.dumps(matrix_json(run, games_frame, method), indent=1))
        return
    click.echo(
        f"{run.run_dir}: played {len(run.played)} cells ({run.games_played:,} games in {run.seconds:.1f} s), "
        f"{len(run.skipped)} already finished"
    )
    click.echo(format_matrix(games_frame, run.record, method))


@main.command()
@output_dir_option
@click.option(
    "--rungs",
    default="random,greedy,tuned",
    show_default=True,
    help="Player specs, lowest first, split on top-level commas (see `emr-sim players`).",
)
@click.option(
    "-n",
    "--games",
    type=int,
    default=2_000,
    show_default=True,
    help="Games of a step, spread evenly over every ordered hero assignment (rounded up to pairs).",
)
@heroes_option
@seed_option
@workers_option
@json_option("every step's table")
@quiet_option
@game_options
@cluster_option
def ladder(run_dir, rungs, games, heroes, seed, workers, as_json, quiet, deck_path, rules, fury, cluster):
    """Play a skill ladder into RUN_DIR: each rung against the one below it.

    A step plays the upper rung (side A) against the lower one over every ordered
    assignment of masters, mirrors included, seats swapped on common seeds; it prints the
    upper rung's score with its paired 95 % interval and Elo difference, per master and
    overall. Running the same command again resumes.
    Example: emr-sim ladder -o runs/ladder --heroes all -n 2000
    """
    skip_blas_probe()
    from emr_sim.report.ladder import format_ladder, ladder_json
    from emr_sim.simulate.play.ladder import LadderPlay, run_ladder
    from emr_sim.simulate.play.settings import RunHooks

    def estimate(seconds: float, record: dict, games: int) -> None:
        steps = len(record["rungs"]) - 1
        when = estimate_text(seconds, None, cluster)
        note(f"ladder of {steps} steps, {games:,} games to play: estimated {when}")

    settings = run_settings(
        seed=seed, fury=fury, deck_path=deck_path, rules=rules, workers=workers, cluster=cluster
    )
    with resumable("the finished steps and cells are in", run_dir):
        run = run_ladder(run_dir, settings, LadderPlay(rungs, heroes, games), RunHooks(quiet, note, estimate))
    if as_json:
        click.echo(json.dumps(ladder_json(run), indent=1))
        return
    click.echo(f"{run.run_dir}: {len(run.steps)} steps in {run.seconds:.1f} s")
    click.echo(format_ladder(run))
