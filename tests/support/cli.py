"""Shared helpers of the CLI tests: run a command in-process, expect bad-input failure."""

from __future__ import annotations

import re

import click
from click.testing import CliRunner

from emr_sim.cli import main

ERROR_PREFIX = "emr-sim: error: "


def run(*args: object):
    """Invoke the CLI in-process; any exception other than SystemExit propagates."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def fails(*args: object, needles: tuple[str, ...] = ()) -> str:
    """Run a command that must fail on bad input: exit 2, one error line naming the problem."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(ERROR_PREFIX), lines[0]
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


EXIT_CANNOT_WRITE = 3
ESTIMATE = re.compile(r"emr-sim: [\d,]+ games to play: estimated ")  # matrix's line before it plays


def cannot_write(*args: object, needles: tuple[str, ...] = ()) -> str:
    """Run a command whose write fails: exit 3, one error line naming the path and the reason."""
    result = run(*args)
    assert result.exit_code == EXIT_CANNOT_WRITE, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if not ESTIMATE.match(line)]  # said before the work
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(ERROR_PREFIX), lines[0]
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


def every_option() -> list[tuple[str, click.Option]]:
    """(command words, option) of every option of every command, subcommands included
    (`position new`)."""
    found = []
    groups: list[tuple[str, click.Group]] = [("", main)]
    while groups:
        prefix, group = groups.pop()
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                groups.append((f"{prefix}{name} ", command))
                continue
            found += [(f"{prefix}{name}", p) for p in command.params if isinstance(p, click.Option)]
    return found
