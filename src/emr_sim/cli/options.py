"""The options several commands share, as bundles, and the small checks every command makes
before its work (the output's directory, the BLAS probe skipped, an interrupted run's line)."""

from __future__ import annotations

import contextlib
import functools
import math
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from emr_sim.simulate.play.settings import RunSettings

INT64 = click.IntRange(-(2**63), 2**63 - 1)  # seeds and game indices reach the kernels as int64


class FiniteFloat(click.FloatRange):
    """A float option that refuses nan and inf first (as typed: `--alpha inf` ran with numpy's
    warnings, a nan passes every range test), then its range, if it has one."""

    name = "number"

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


FINITE = FiniteFloat()  # every float option of the command line is one of these (tests/cli)
HALF_WIDTH = FiniteFloat(0, 0.5, min_open=True, max_open=True)
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C


def bundle(*decorators: Callable) -> Callable:
    """Several click options as one decorator, in the order given (the order --help lists)."""

    def apply(command: Callable) -> Callable:
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return apply


def json_option(what: str) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help=f"Print {what} as one JSON object.")


seed_option = click.option("--seed", type=INT64, default=None, help="Run seed (default fixed, printed).")
players_option = click.option(
    "--players",
    default="greedy,greedy",
    show_default=True,
    help="Player spec of each side (`emr-sim players`).",
)
workers_option = click.option("--workers", type=int, default=None, help="Threads (default: all cores).")
quiet_option = click.option("--quiet", is_flag=True, help="No progress bar.")
heroes_option = click.option(
    "--heroes", default=None, help="Masters to include, e.g. crow,wind,earth, or all (default: all 8)."
)
output_dir_option = click.option(
    "-o", "--output", "run_dir", required=True, type=click.Path(), help="Run directory."
)
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
    "--fury/--no-fury",
    default=None,
    help="Hero mode: fury and techniques (R-OPT-FURY). Default: on when --heroes names the masters, "
    "else off: a plain game (matrix and the other commands of named masters: on).",
)
# the commands that play named masters (matchup, matrix, ladder, tune): hero mode on by default
hero_mode_option = click.option(
    "--fury/--no-fury", default=True, show_default=True, help="Hero mode (R-OPT-FURY)."
)
variant_option = click.option(
    "--variant",
    default=None,
    metavar="CHANGES",
    help="Changes to the rules and cards, e.g. 'health=9 class:dragons.damage+1' (docs/insight.md).",
)
method_option = click.option(
    "--method",
    type=click.Choice(["holm", "bh"]),
    default="holm",
    show_default=True,
    help="Multiple-testing correction: Holm (family-wise) or bh (Benjamini–Hochberg, false discovery rate).",
)


def cluster_option(command: Callable) -> Callable:
    """--cluster local:N | tcp://HOST:PORT (or EMR_SIM_CLUSTER): the command receives the
    connected Dask cluster (emr_sim.simulate.play.cluster.Cluster) as `cluster`, to hand to the runs
    it starts, and the cluster is closed when the command ends; without it, None (threads)
    and nothing of Dask imported."""

    @functools.wraps(command)
    def run(*args, cluster, **kwargs):
        if not (cluster or os.environ.get("EMR_SIM_CLUSTER")):
            return command(*args, cluster=None, **kwargs)
        from emr_sim.simulate.play.cluster import connect, say_on_stderr

        with connect(cluster, say_on_stderr) as connected:
            return command(*args, cluster=connected, **kwargs)

    return click.option(
        "--cluster",
        default=None,
        metavar="local:N|tcp://HOST:PORT",
        help="Play on a Dask cluster: N local worker processes, or a running scheduler "
        "(default: $EMR_SIM_CLUSTER, else threads). Needs pip install 'emr-sim[cluster]'.",
    )(run)


# the game and the table, chosen the same way in every command that plays or reads a game
game_option = click.option(
    "--game",
    default=None,
    metavar="NAME",
    help="The game (`emr-sim games`). Default: emr, 8 Masters' Revenge.",
)
seats_option = click.option(
    "--seats", type=click.IntRange(1, 8), default=None, help="Players at the table (default: the game's)."
)
table_options = bundle(game_option, seats_option)


def other_game(game: str | None, seats: int | None) -> bool:
    """Whether --game/--seats name a game other than 8MR (whose commands keep their own path);
    --seats for 8MR is checked here (it seats 2)."""
    from emr_sim.games.registry import DEFAULT_GAME, get

    chosen = get(game)
    if chosen.name != DEFAULT_GAME:
        return True
    if seats is not None:
        chosen.seats.check(seats, chosen.name)
    return False


# what every command that plays named masters takes about the game itself
game_options = bundle(deck_option, rule_option, hero_mode_option)
cards_option = click.option(
    "--cards",
    is_flag=True,
    help="Keep which cards each side drew, played, hit with ... in every game's record "
    "(for `emr-sim card-stats`; docs/insight.md).",
)

# a game against a program (play --human, tui): None means the default of emr_sim.games.emr.face.versus
seat_option = click.option("--seat", type=click.IntRange(0, 1), default=None, help="Your seat (default 0).")
opponent_option = click.option(
    "--opponent", default=None, help="The program you play: a player spec (default greedy)."
)
advisor_option = click.option(
    "--advisor", default=None, help="The search of hints and reviews (default ismcts:5000)."
)
versus_options = bundle(seat_option, opponent_option, advisor_option)


def rules_dict(rules: tuple[str, ...], fury: bool | None = None) -> dict[str, str]:
    """--rule NAME=VALUE options as a dict (fury set too when --fury/--no-fury was given)."""
    from emr_sim.games.emr.options import parse_rule

    out = dict(parse_rule(r) for r in rules)
    if fury is not None:
        out["fury"] = "on" if fury else "off"
    return out


def run_settings(
    *,
    seed: int | None = None,
    players: str = "greedy,greedy",
    fury: bool = True,
    deck_path: str | None = None,
    rules: tuple[str, ...] = (),
    workers: int | None = None,
    cluster=None,
    variant: str | None = None,
    cards: bool = False,
) -> RunSettings:
    """The one settings value of a playing command's shared options (--seed --players --fury
    --deck --rule --workers --cluster --variant --cards), made once and handed down to the run
    (emr_sim.simulate.play.settings); --rule parsed here, every other value checked by the run."""
    from emr_sim.simulate.play.settings import RunSettings

    return RunSettings(
        players=players,
        fury=fury,
        deck=deck_path,
        rules=rules_dict(rules),
        variant=variant,
        seed=seed,
        workers=workers,
        cluster=cluster,
        cards=cards,
    )


def check_output(path: str, what: str) -> None:
    """Before the work: exit 2 when the output's directory does not exist, exit 3 when a
    directory is in the way or no file can be created there (so no work is lost to a refused
    write): emr_sim.files.outdir.check_output_file."""
    from emr_sim.files.outdir import check_output_file

    check_output_file(path, what)


@contextlib.contextmanager
def resumable(what: str, where: str) -> Iterator[None]:
    """Ctrl-C in a run that resumes: one line saying what is kept, exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted: {what} {where}; run the same command to resume", err=True)
        sys.exit(EXIT_INTERRUPTED)


def estimate_text(seconds: float, until_ci: float | None = None, cluster=None) -> str:
    """'95 s on these threads' (or cluster workers; minutes from 10 on), 'at least' with --until-ci."""
    where = "threads" if cluster is None else "cluster workers"
    least = "at least " if until_ci is not None and seconds >= 1 else ""
    span = f"{seconds:,.0f} s" if seconds < 600 else f"{seconds / 60:,.0f} min"
    span = "under 1 s" if seconds < 1 else span
    more = " (--until-ci adds batches until the intervals are narrow enough)" if until_ci is not None else ""
    return f"{least}{span} on these {where}{more}"


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
