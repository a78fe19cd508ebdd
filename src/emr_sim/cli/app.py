"""The `emr-sim` group: exit codes, the one-line error form, and the notes on stderr.

Bad input (unknown names, malformed files, illegal actions, a damaged run directory) ends with
a one-line message on stderr and exit code 2, never a traceback; a file that cannot be written
(permission, full disk, file-size limit, a directory in the way) ends with one line naming the
path and the reason, and exit code 3. A Dask scheduler (--cluster) that goes away mid-run ends
with one line and exit code 4; the finished cells are kept. click's own usage errors (an
unknown option, a missing argument, a value of the wrong type) end in the same one-line form,
exit code 2, with the command's --help named.
"""

from __future__ import annotations

import click

EXIT_BAD_INPUT = 2
EXIT_CANNOT_WRITE = 3
EXIT_CLUSTER_LOST = 4  # the Dask scheduler of --cluster went away mid-run (docs/cluster.md)


class BadInputExit(click.ClickException):
    """The package's bad input (emr_sim.errors.BadInput and friends) as the command line ends
    it: one line on stderr, exit code 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file=None) -> None:
        from emr_sim.errors import one_line

        click.echo(f"emr-sim: error: {one_line(self.format_message())}", err=True)


class CannotWriteExit(BadInputExit):
    exit_code = EXIT_CANNOT_WRITE


class ClusterLostExit(BadInputExit):
    exit_code = EXIT_CLUSTER_LOST


def usage_line(err: click.UsageError) -> str:
    """click's usage error as one line: the command, the problem, where the help is."""
    text = err.format_message().strip().rstrip(".")
    text = text[:1].lower() + text[1:]
    if err.ctx is None:
        return text
    path = err.ctx.command_path
    command = path.partition(" ")[2]  # without the program's name, which the line starts with
    return f"{command + ': ' if command else ''}{text} (see `{path} --help`)"


class Cli(click.Group):
    """Turns the package's input errors and click's usage errors into exit 2 with one line,
    its write failures (emr_sim.errors.WriteError) into exit 3, a lost cluster into exit 4."""

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        try:  # the group's own options: `emr-sim --bogus`
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `emr-sim` alone prints the help
        except click.UsageError as err:
            raise BadInputExit(usage_line(err)) from None

    def invoke(self, ctx: click.Context):
        from emr_sim.errors import INPUT_ERRORS, ClusterLost, WriteError

        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as err:  # a command's options and arguments, an unknown command
            raise BadInputExit(usage_line(err)) from None
        except INPUT_ERRORS as err:
            raise BadInputExit(str(err)) from None
        except WriteError as err:
            raise CannotWriteExit(str(err)) from None
        except ClusterLost as err:
            raise ClusterLostExit(str(err)) from None


def note(text: str) -> None:
    """A line on stderr that the user should see even with --quiet or --json."""
    click.echo(f"emr-sim: {text}", err=True)


@click.group(name="emr-sim", cls=Cli, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="emr-sim")
def main() -> None:
    """Simulate 8 Masters' Revenge exactly and fast, for balance studies.

    Start with `emr-sim play --seed 1` to watch one game, `emr-sim cards` to see
    the deck, and `emr-sim rules` for the rules options.
    """
    from emr_sim.console import compiling

    compiling.enable()  # a first run says that it compiles (the Python API stays quiet)
