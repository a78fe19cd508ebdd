"""The emr-sim command line (click). Commands stay thin; numba loads lazily.

Bad input (unknown names, malformed files, illegal actions, a damaged run directory)
ends with a one-line message on stderr and exit code 2, never a traceback; a file that
cannot be written (permission, full disk, file-size limit, a directory in the way) ends
with one line naming the path and the reason, and exit code 3. A Dask scheduler (--cluster)
that goes away mid-run ends with one line and exit code 4; the finished cells are kept.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

EXIT_BAD_INPUT = 2
EXIT_CANNOT_WRITE = 3
EXIT_CLUSTER_LOST = 4  # the Dask scheduler of --cluster went away mid-run (docs/cluster.md)
INT64 = click.IntRange(-(2**63), 2**63 - 1)  # seeds and game indices reach the kernels as int64


class BadInput(click.ClickException):
    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:
        click.echo(f"emr-sim: error: {self.format_message()}", err=True)


class CannotWrite(BadInput):
    exit_code = EXIT_CANNOT_WRITE


class ClusterGone(BadInput):
    exit_code = EXIT_CLUSTER_LOST


class Cli(click.Group):
    """Turns the package's input errors into BadInput (exit 2), its write failures
    (emr_sim.errors.WriteError) into CannotWrite (exit 3), a lost cluster into exit 4."""

    def invoke(self, ctx: click.Context):
        from emr_sim.errors import INPUT_ERRORS, ClusterLost, WriteError

        try:
            return super().invoke(ctx)
        except INPUT_ERRORS as err:
            raise BadInput(str(err)) from None
        except WriteError as err:
            raise CannotWrite(str(err)) from None
        except ClusterLost as err:
            raise ClusterGone(str(err)) from None


def note(text: str) -> None:
    """A line on stderr that the user should see even with --quiet or --json."""
    click.echo(f"emr-sim: {text}", err=True)


def check_output(path: str, what: str) -> None:
    """Before the work: exit 2 when the output's directory does not exist, exit 3 when a file
    cannot be created in it (so no work is lost to a refused write)."""
    from emr_sim.files import check_writable

    folder = Path(path).resolve().parent
    if not folder.is_dir():
        raise BadInput(f"{path}: cannot write {what}: no such directory")
    check_writable(folder, path)


deck_option = click.option(
    "--deck",
    "deck_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Deck file (CSV, see docs/deck.md). Default: the shipped reconstruction.",
)
rule_option = click.option(
    "--rule",
    "rules",
    multiple=True,
    metavar="NAME=VALUE",
    help="Set a rules option (repeatable); `emr-sim rules` lists them.",
)
fury_option = click.option(
    "--fury/--no-fury", default=None, help="Hero mode: fury and techniques (R-OPT-FURY). Default: off."
)
# the commands that play named masters (matchup, matrix, ladder, tune): hero mode on by default
hero_mode_option = click.option(
    "--fury/--no-fury", default=True, show_default=True, help="Hero mode (R-OPT-FURY)."
)


def cluster_option(command):
    """--cluster local:N | tcp://HOST:PORT (or EMR_SIM_CLUSTER): the command body runs with
    the runner playing on that Dask cluster (emr_sim.simulate.cluster); without it, on threads
    and nothing of Dask imported."""
    import functools

    @functools.wraps(command)
    def run(*args, cluster, **kwargs):
        if not (cluster or os.environ.get("EMR_SIM_CLUSTER")):
            return command(*args, **kwargs)
        from emr_sim.simulate.cluster import connect, say_on_stderr

        with connect(cluster, say_on_stderr):
            return command(*args, **kwargs)

    return click.option(
        "--cluster",
        default=None,
        metavar="local:N|tcp://HOST:PORT",
        help="Play on a Dask cluster: N local worker processes, or a running scheduler "
        "(default: $EMR_SIM_CLUSTER, else threads). Needs pip install 'emr-sim[cluster]'.",
    )(run)


def estimate_text(seconds: float, until_ci: float | None = None) -> str:
    """'95 s on these threads' (or cluster workers; minutes from 10 on), 'at least' with --until-ci."""
    from emr_sim.simulate.runner import active_cluster

    where = "threads" if active_cluster() is None else "cluster workers"
    least = "at least " if until_ci is not None and seconds >= 1 else ""
    span = f"{seconds:,.0f} s" if seconds < 600 else f"{seconds / 60:,.0f} min"
    span = "under 1 s" if seconds < 1 else span
    more = " (--until-ci adds batches until the intervals are narrow enough)" if until_ci is not None else ""
    return f"{least}{span} on these {where}{more}"


def rules_dict(rules: tuple[str, ...], fury: bool | None) -> dict[str, str]:
    from emr_sim.options import parse_rule

    out = dict(parse_rule(r) for r in rules)
    if fury is not None:
        out["fury"] = "on" if fury else "off"
    return out


@click.group(cls=Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="emr-sim")
def main() -> None:
    """Simulate 8 Masters' Revenge exactly and fast, for balance studies.

    Start with `emr-sim play --seed 1` to watch one game, `emr-sim cards` to see
    the deck, and `emr-sim rules` for the rules options.
    """
    from emr_sim import compiling

    compiling.enable()  # a first run says that it compiles (the Python API stays quiet)


def skip_blas_probe() -> None:
    """Spare every command 0.3 s of start-up. When the first kernel loads, numba's array
    registry imports scipy.linalg only to ask whether np.dot may call BLAS
    (numba.np.arraymath._HAVE_BLAS). The kernels use no linear algebra, so this process
    answers no without importing it. Only the command line does this: a Python user's
    process, which may run numba code of its own, is left alone. Called by the commands
    that run kernels, after their arguments are parsed (so `--help` stays quick)."""
    if "numba.np.arraymath" in sys.modules:
        return  # too late: the question has been asked
    import numba.np.linalg

    numba.np.linalg.ensure_blas = _no_blas


def _no_blas() -> None:
    raise ImportError("emr-sim's kernels use no BLAS")


@main.command()
@click.argument("hero_a")
@click.argument("hero_b")
@click.option(
    "-n", "games", type=int, default=100_000, show_default=True, help="Games (rounded up to pairs)."
)
@click.option("--seed", type=INT64, default=None, help="Run seed (default fixed, printed).")
@click.option(
    "--players",
    default="greedy,greedy",
    show_default=True,
    help="Player spec of each side (`emr-sim players`).",
)
@click.option("--workers", type=int, default=None, help="Threads (default: all cores).")
@click.option(
    "--records", "records_path", type=click.Path(dir_okay=False), help="Per-game records (.parquet or .csv)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@deck_option
@rule_option
@hero_mode_option
@cluster_option
def matchup(
    hero_a, hero_b, games, seed, players, workers, records_path, as_json, quiet, deck_path, rules, fury
):
    """Head-to-head of HERO_A and HERO_B in seat-swapped pairs of games.

    Example: emr-sim matchup crow illusion -n 100000
    """
    skip_blas_probe()
    from emr_sim.report.summary import format_summary
    from emr_sim.simulate.matchup import matchup as run_matchup
    from emr_sim.simulate.runner import DEFAULT_SEED

    chosen = rules_dict(rules, None)  # --rule fury=...: matchup() says to use --fury/--no-fury
    if records_path is not None and not records_path.strip():
        raise BadInput(f"--records needs a file name (.parquet or .csv), not {records_path!r}")
    if records_path:
        check_output(records_path, "the records")
    seed = DEFAULT_SEED if seed is None else seed
    result = run_matchup(
        hero_a,
        hero_b,
        games,
        seed,
        players,
        fury,
        deck_path,
        chosen,
        workers,
        records=bool(records_path),
        quiet=quiet,
        on_note=note,
    )
    if records_path:
        from emr_sim.simulate.records import write_records

        assert result.records is not None  # asked for: records=True
        write_records(result.records, records_path)  # WriteError: exit 3
    if as_json:
        click.echo(json.dumps(result.summary, indent=1))
    else:
        click.echo(format_summary(result.summary))


HALF_WIDTH = click.FloatRange(0, 0.5, min_open=True, max_open=True)
METHODS = click.Choice(["holm", "bh"])
method_option = click.option(
    "--method",
    type=METHODS,
    default="holm",
    show_default=True,
    help="Multiple-testing correction: Holm (family-wise) or bh (Benjamini–Hochberg, false discovery rate).",
)


@main.command()
@click.option(
    "-o", "--output", "run_dir", required=True, type=click.Path(file_okay=False), help="Run directory."
)
@click.option(
    "-n", "--games", type=int, default=10_000, show_default=True, help="Games per cell (rounded up to pairs)."
)
@click.option("--heroes", default=None, help="Masters to include, e.g. crow,wind,earth (default: all 8).")
@click.option(
    "--until-ci",
    type=HALF_WIDTH,
    default=None,
    metavar="W",
    help="Keep adding pairs to a cell until its 95 % half-width is at most W (0.01 = ±1 point).",
)
@click.option("--max-games", type=int, default=None, help="Cap per cell with --until-ci (default 1,000,000).")
@click.option("--seed", type=INT64, default=None, help="Run seed (default fixed, printed).")
@click.option(
    "--players",
    default="greedy,greedy",
    show_default=True,
    help="Player spec of each side (`emr-sim players`).",
)
@click.option("--workers", type=int, default=None, help="Threads (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the cells and ranking as one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@method_option
@deck_option
@rule_option
@hero_mode_option
@click.option(
    "--every-assignment",
    is_flag=True,
    help="Every ordered pair of masters, mirrors included (for two different players).",
)
@cluster_option
def matrix(
    run_dir,
    games,
    heroes,
    until_ci,
    max_games,
    seed,
    players,
    workers,
    as_json,
    quiet,
    method,
    deck_path,
    rules,
    fury,
    every_assignment,
):
    """Play every pair of distinct heroes into RUN_DIR and print the hero matrix.

    One Parquet file per finished cell; running the same command again resumes.
    Example: emr-sim matrix -o runs/base --until-ci 0.01
    """
    skip_blas_probe()
    from emr_sim.simulate.matrix import run_matrix
    from emr_sim.simulate.rundir import load_games

    def estimate(seconds: float, n_games: int) -> None:
        note(f"{n_games:,} games to play: estimated {estimate_text(seconds, until_ci)}")

    try:
        run = run_matrix(
            run_dir,
            heroes,
            games,
            seed,
            players,
            fury,
            deck_path,
            rules_dict(rules, None),
            workers,
            until_ci,
            max_games,
            quiet,
            on_note=note,
            every=every_assignment,
            on_estimate=estimate,
        )
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: the finished cells are in {run_dir}; run the same command to resume", err=True
        )
        sys.exit(130)
    games_frame = load_games(run.run_dir)
    if as_json:
        click.echo(json.dumps(matrix_json(run, games_frame, method), indent=1))
        return
    from emr_sim.report.tables import format_matrix

    click.echo(
        f"{run.run_dir}: played {len(run.played)} cells ({run.games_played:,} games in {run.seconds:.1f} s), "
        f"{len(run.skipped)} already finished"
    )
    click.echo(format_matrix(games_frame, run.record, method))


def records_json(frame) -> list[dict]:
    """A frame indexed by hero as a list of JSON objects, the hero included."""
    return json.loads(frame.reset_index().to_json(orient="records"))


def matrix_json(run, games, method: str) -> dict:
    from emr_sim import analysis as A
    from emr_sim.report.tables import ratings_or_reason

    cells = A.adjust(A.cell_table(games), method=method)
    ratings, why = ratings_or_reason(cells)
    return {
        "run_dir": run.run_dir,
        "run": run.record,
        "played": [list(c) for c in run.played],
        "skipped": [list(c) for c in run.skipped],
        "seconds": run.seconds,
        "cells": json.loads(cells.to_json(orient="records")),
        "field": records_json(A.field_means(cells)),
        "bradley_terry": None if ratings is None else records_json(ratings),
        "bradley_terry_error": why,
    }


@main.command()
@click.argument("run_a", type=click.Path(file_okay=False))
@click.argument("run_b", type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as one JSON object.")
@method_option
def compare(run_a, run_b, as_json, method):
    """What moved from RUN_A (before) to RUN_B (after): two matrix runs on the same seed
    that differ in --deck or --rule. Paired game by game; corrected for multiple tests.

    Example: emr-sim compare runs/base runs/health9
    """
    from emr_sim.analysis.whatif import compare_runs
    from emr_sim.report.tables import format_compare

    result = compare_runs(run_a, run_b, method)
    if as_json:
        out = {
            "before": result.before,
            "after": result.after,
            "differ": result.differ,
            "cells": json.loads(result.cells.to_json(orient="records")),
            "heroes": records_json(result.heroes),
        }
        click.echo(json.dumps(out, indent=1))
        return
    click.echo(format_compare(result.cells, result.heroes, result.differ, method))


@main.command()
@click.argument("run_dir", type=click.Path(file_okay=False))
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="HTML file to write.")
@click.option(
    "--compare", "compare_dir", type=click.Path(file_okay=False), help="A second run: add a what-if section."
)
@click.option(
    "--skill",
    "skill_dirs",
    multiple=True,
    type=click.Path(file_okay=False),
    help="A run on the same seed and heroes by other players (repeatable): the rungs after "
    "RUN_DIR, in order; adds the balance-and-skill section.",
)
@click.option(
    "--technique-pairs",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="With --skill: deals per cell for each master's paired technique worth at each rung "
    "(plays 4 x N x (heroes-1) x heroes games per rung; 0: off).",
)
def report(run_dir, output, compare_dir, skill_dirs, technique_pairs):
    """Write a self-contained HTML report of RUN_DIR (no network needed to view it).

    Example: emr-sim report runs/base -o reports/base.html --skill runs/tuned
    """
    skip_blas_probe()
    from emr_sim.report.build import build_report

    path = build_report(  # checks the output path too
        run_dir,
        output,
        compare_dir,
        on_note=note,
        skill_dirs=skill_dirs,
        technique_pairs=technique_pairs,
        on_summary=click.echo,
    )
    click.echo(f"wrote {path}")


@main.command()
@deck_option
def cards(deck_path: str | None) -> None:
    """Print the deck as a table, with a summary per colour."""
    from emr_sim.cards import format_cards_table, load_deck

    click.echo(format_cards_table(load_deck(deck_path)), nl=False)  # the table ends with its newline


HERO_TECHNIQUES = {
    "crow": "H-CROW: at your turn start, a crow token on an empty zone of the opponent's board "
    "(up to 3); a card played onto it loses its ejected card's effect",
    "wind": "H-WIND: at your turn start, reveal the top card and apply its effect; a dragon deals you 1",
    "poison": "H-POISON: your opponent holds the poison marker while you are furious, "
    "and takes 1 at each turn end with 4 cards",
    "bushido": "H-BUSHIDO: on a hit, a damage token on a defender's card instead of the damage, "
    "then an extra action",
    "kungfu": "H-KUNGFU: +1 damage on every hit; no block and no dragon counter while furious",
    "earth": "H-EARTH: draw 1 on every ejection, set aside until your turn ends",
    "illusion": "H-ILLUSION: at your turn start, move both cards to any two adjacent zones, unblocking them",
    "master": "H-MASTER: block with cards of any colour (up to 2), also in the opponent's turn",
}


@main.command()
def heroes() -> None:
    """List the 8 masters with their technique (used while furious, hero mode on)."""
    from emr_sim.codes import HERO_NAMES

    for name in HERO_NAMES:
        click.echo(f"{name:<9} {HERO_TECHNIQUES[name]}")
    click.echo(
        "\nAll: F-CHOOSE, a furious player may apply the played card's effect instead of the ejected one's."
    )


@main.command()
def rules() -> None:
    """List the rules options (--rule NAME=VALUE) with their defaults and rule ids."""
    from emr_sim.options import FIXED_DECISIONS, OPTIONS

    width = max(len(o.name) for o in OPTIONS)
    for o in OPTIONS:
        values = "|".join(o.values) if o.values else f"{o.low}..{o.high}"
        click.echo(f"{o.name:<{width}}  {o.show(o.default):<12} {o.rule:<14} {values}")
        click.echo(f"{'':<{width}}  {o.help}")
    click.echo("\nDecisions that are not switches:")
    for rid, why in FIXED_DECISIONS.items():
        click.echo(f"  {rid}: {why}")


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print the kinds and parameters as one JSON object.")
def players(as_json: bool) -> None:
    """List the player kinds and the greedy's parameters (--players SPEC,SPEC; docs/players.md)."""
    from emr_sim.specs import kinds_json, kinds_lines

    if as_json:
        click.echo(json.dumps(kinds_json(), indent=1))
        return
    for line in kinds_lines():
        click.echo(line)


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
@click.option("--json", "as_json", is_flag=True, help="Print the game as one JSON object.")
@deck_option
@rule_option
@fury_option
def play(seed, index, players, heroes, as_json, deck_path, rules, fury) -> None:
    """Play one game and print its log in plain words."""
    skip_blas_probe()
    from emr_sim.game.core import play as play_game
    from emr_sim.game.export import game_json
    from emr_sim.game.log import summary_line
    from emr_sim.specs import parse_sides

    sides = parse_sides(players)
    players = ",".join(spec.text for spec in sides)  # "greedy" -> "greedy,greedy"
    chosen = rules_dict(rules, fury)
    if heroes:
        if chosen.get("fury", "on") == "off":
            raise BadInput("--heroes needs hero mode, but --no-fury or --rule fury=off turns it off")
        if chosen.get("hero_select") == "random":
            raise BadInput("--heroes names the heroes, but --rule hero_select=random draws them (R-OPT-HERO)")
        chosen["fury"] = "on"
    game = play_game(seed, players, index, deck_path, chosen, heroes)
    if as_json:
        click.echo(json.dumps(game_json(game, seed, index, players), indent=1))
        return
    click.echo(f"seed {seed}, game {index}: {' vs '.join(spec.text for spec in sides)}")
    for line in game.log_lines():
        click.echo(line)
    click.echo(summary_line(game.state))


@main.command()
@click.argument("position", type=click.Path(dir_okay=False))
@click.argument("action", required=False)
@click.option("--list", "list_only", is_flag=True, help="List the legal actions and their notation.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Also write the new position here.")
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
    from emr_sim.files import write_text
    from emr_sim.game.core import Game
    from emr_sim.game.export import legal_json, resolve_json
    from emr_sim.game.notation import format_action

    if output:
        check_output(output, "the position")
    if advise is not None and (action is not None or output or list_only):
        raise BadInput("--advise takes a position only (no ACTION, --list or --output)")
    game = Game.from_position(position, deck_path)
    if advise is not None:
        from emr_sim.game.advise import advice_json, advice_lines
        from emr_sim.game.advise import advise as advise_on

        table = advise_on(game, advise, seed)
        click.echo(json.dumps(advice_json(table)) if as_json else "\n".join(advice_lines(table)))
        return
    if list_only or action is None:
        if as_json:
            click.echo(json.dumps(legal_json(game)))
            return
        click.echo(game.describe())
        echo_legal(game)
        return
    code = game.action_code(action)
    text = format_action(game.state, game.table, code)
    events = game.apply(code)
    new_position = game.position()
    if output:
        from emr_sim.game.position import PositionError

        try:  # never write a file that resolve would refuse (the loader's checks are the judge)
            Game.from_position(json.loads(json.dumps(new_position)), game.deck)
        except PositionError as err:
            raise BadInput(f"{output}: not written: the new position would be refused: {err}") from None
        write_text(output, json.dumps(new_position, indent=1) + "\n")  # WriteError: exit 3
    if as_json:
        click.echo(json.dumps(resolve_json(game, (code, text), events)))
        return
    for line in game.log_lines(events):
        click.echo(line)
    click.echo("")
    click.echo(game.describe())
    echo_legal(game)


def echo_legal(game) -> None:
    """The pending decision's legal actions, one a line with its code (none: game over)."""
    if game.over:
        return
    click.echo(f"\nlegal actions ({game.phase}, P{game.decider}):")
    for code, text in game.legal():
        click.echo(f"  {code:>4}  {text}")


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
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write it here (default: print it).")
@deck_option
def position_new(heroes, step, output, deck_path) -> None:
    """Write a commented short position (TOML) that loads as it is, to edit by hand."""
    from emr_sim import codes
    from emr_sim.cards import card_table, load_deck
    from emr_sim.files import write_text
    from emr_sim.game.core import parse_heroes
    from emr_sim.game.template import template_text
    from emr_sim.options import O_HEALTH, make_options

    if output:
        check_output(output, "the template")
    pair = None
    if heroes:
        first, second = parse_heroes(heroes)  # ValueError: exit 2
        pair = (codes.HERO_NAMES[first], codes.HERO_NAMES[second])
    opts = make_options()
    text = template_text(card_table(load_deck(deck_path), opts), pair, step, int(opts[O_HEALTH]))
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
    from emr_sim.game.core import Game
    from emr_sim.game.show import show_text

    game = Game.from_position(position_file, deck_path)
    click.echo(show_text(game.state, game.table, game.opts))
    echo_legal(game)


@main.command()
@click.option(
    "-o", "--output", "run_dir", required=True, type=click.Path(file_okay=False), help="Run directory."
)
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
@click.option("--heroes", default=None, help="Masters to include, e.g. crow,wind,earth (default: all 8).")
@click.option("--seed", type=INT64, default=None, help="Run seed (default fixed, printed).")
@click.option("--workers", type=int, default=None, help="Threads (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print every step's table as one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@deck_option
@rule_option
@hero_mode_option
@cluster_option
def ladder(run_dir, rungs, games, heroes, seed, workers, as_json, quiet, deck_path, rules, fury):
    """Play a skill ladder into RUN_DIR: each rung against the one below it.

    A step plays the upper rung (side A) against the lower one over every ordered
    assignment of masters, mirrors included, seats swapped on common seeds; it prints the
    upper rung's score with its paired 95 % interval and Elo difference, per master and
    overall. Running the same command again resumes.
    Example: emr-sim ladder -o runs/ladder --heroes all -n 2000
    """
    skip_blas_probe()
    from emr_sim.report.ladder import format_ladder, ladder_json
    from emr_sim.simulate.ladder import run_ladder

    def estimate(seconds: float, record: dict) -> None:
        steps = len(record["rungs"]) - 1
        note(
            f"ladder of {steps} steps, {steps * record['games_per_step']:,} games: "
            f"estimated {estimate_text(seconds)}"
        )

    if heroes is not None and heroes.strip().lower() == "all":
        heroes = None
    try:
        run = run_ladder(
            run_dir,
            rungs,
            heroes,
            games,
            seed,
            fury,
            deck_path,
            rules_dict(rules, None),
            workers,
            quiet,
            on_estimate=estimate,
            on_note=note,
        )
    except KeyboardInterrupt:
        click.echo(
            f"\ninterrupted: the finished steps and cells are in {run_dir}; run the same command to resume",
            err=True,
        )
        sys.exit(130)
    if as_json:
        click.echo(json.dumps(ladder_json(run), indent=1))
        return
    click.echo(f"{run.run_dir}: {len(run.steps)} steps in {run.seconds:.1f} s")
    click.echo(format_ladder(run))


@main.command()
@click.argument("heroes")
@click.option(
    "-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False), help="Tuning directory."
)
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
@click.option("--seed", type=INT64, default=None, help="Tuning seed (default fixed).")
@click.option("--workers", type=int, default=None, help="Threads (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@deck_option
@rule_option
@hero_mode_option
@cluster_option
def tune(
    heroes,
    out_dir,
    field_spec,
    rounds,
    generations,
    pairs,
    validation_pairs,
    popsize,
    seed,
    workers,
    as_json,
    quiet,
    deck_path,
    rules,
    fury,
):
    """Tune the greedy's parameters of HEROES (a master, a list, or all) with CMA-ES.

    Each master's vector is tuned against the field (every master, mirror included) on
    seat-swapped pairs with common random numbers, then its gain is measured on fresh deals,
    paired, with its 95 % interval. OUT_DIR/book.json is the book (--players book:FILE);
    running the same command again resumes.
    Example: emr-sim tune crow -o runs/tune-crow
    """
    skip_blas_probe()
    from emr_sim.report.tuning import format_result, format_tuning, tuning_json
    from emr_sim.simulate.runner import DEFAULT_SEED
    from emr_sim.tuning.rounds import TunePlan, parse_tune_heroes, run_tuning

    plan = TunePlan(
        parse_tune_heroes(heroes),
        field_spec,
        rounds,
        generations,
        pairs,
        validation_pairs,
        popsize,
        DEFAULT_SEED if seed is None else seed,
    )
    bar = TuneBar(generations, quiet)
    try:
        run = run_tuning(
            out_dir,
            plan,
            fury,
            deck_path,
            rules_dict(rules, None),
            workers,
            on_estimate=lambda s: note(
                f"tuning {', '.join(plan.heroes)}: estimated {s / 60:,.1f} min at most"
            ),
            on_start=bar.start,
            on_generation=bar.step,
            on_result=bar.result_printer(None if as_json else note, format_result),
        )
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted: run the same command to resume from {out_dir}", err=True)
        sys.exit(130)
    finally:
        bar.close()
    if as_json:
        click.echo(json.dumps(tuning_json(run), indent=1))
        return
    click.echo(format_tuning(run))


class TuneBar:
    """A tqdm bar per (round, master) over its generations, with the mean's score."""

    def __init__(self, generations: int, quiet: bool):
        self.generations, self.quiet, self.bar = generations, quiet, None

    def start(self, rnd: int, hero: str) -> None:
        from tqdm import tqdm

        self.close()
        show = not self.quiet and sys.stderr.isatty()
        desc = f"round {rnd}, {hero}"
        self.bar = tqdm(total=self.generations, unit="gen", desc=desc, file=sys.stderr, disable=not show)

    def step(self, entry: dict) -> None:
        if self.bar is not None:
            self.bar.n = entry["generation"]
            self.bar.set_postfix_str(f"mean {100 * entry['mean']:.1f}%")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def result_printer(self, say, describe):
        """on_result: close the master's bar, then say describe(result) (nothing for None)."""

        def printer(result: dict) -> None:
            self.close()
            if say is not None:
                say(describe(result))

        return printer


class OneLineUsage(click.Command):
    """A command whose usage errors (unknown option, bad value, missing argument) are one line
    naming the problem, exit 2, like any other bad input."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as err:
            raise BadInput(f"{ctx.info_name}: {err.format_message()}") from None


@main.command(cls=OneLineUsage)
@click.argument("runs", nargs=-1, required=True, type=click.Path(file_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print every run's metagame as one JSON object.")
@click.option(
    "--boot",
    type=click.IntRange(min=0),
    default=1_000,
    show_default=True,
    help="Bootstrap resamples of each cell's pairs (0: point estimates only).",
)
@click.option("--seed", type=click.IntRange(min=0), default=None, help="Bootstrap seed (default fixed).")
@click.option(
    "--alpha", type=click.FloatRange(min=0, min_open=True), default=None, help="α-Rank's α (default 5)."
)
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
    default="picker",
    show_default=True,
    help="Draft: the first picker takes the first turn (R-OPT-HERO), or it is drawn per game (D-FIRST).",
)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="Also write the metagame as an HTML page."
)
def meta(runs, as_json, boot, seed, alpha, population, bans, first_turn, output):
    """The metagame of finished matrix runs: the game of picking a master (docs/meta.md).

    For each RUN: the Nash equilibrium of blind picks (maximum-entropy), each master's score
    against it, the transitive and cyclic parts of the matrix and its rock-paper-scissors
    triangles, α-Rank, and a draft with bans; intervals from a bootstrap over each cell's pairs.
    Give one run per rung (e.g. greedy, tuned, ismcts:400) to see the meta move with skill.
    Example: emr-sim meta runs/default runs/tuned -o reports/meta.html
    """
    from emr_sim import __version__
    from emr_sim.analysis import meta as M
    from emr_sim.report.meta import Rung, format_meta, meta_json, render_page

    settings = M.Settings(
        boot=boot,
        seed=M.BOOT_SEED if seed is None else seed,
        alpha=M.R.ALPHA if alpha is None else alpha,
        population=M.R.POPULATION if population is None else population,
        bans=bans,
        first_turn=first_turn,
    )
    if output:
        check_output(output, "the metagame page")
    for run_dir in runs:
        M.load_meta_run(run_dir)  # every run checked before the work
    results = [M.analyse_run(run_dir, settings) for run_dir in runs]
    if output:
        from emr_sim.files import write_text

        write_text(output, render_page([Rung(r.info["label"], r) for r in results], __version__))
    if as_json:
        click.echo(json.dumps(meta_json(results), indent=1))
    else:
        click.echo(format_meta(results))
    if output:
        note(f"wrote {output}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
