"""A hostile but realistic user's refusals (#23, #36): exit 2 or 3, one error line, nothing on
stdout, nothing written or removed."""

from __future__ import annotations

import os
from pathlib import Path

from emr_sim.errors import LINE_LIMIT
from support.cli import ERROR_PREFIX, ESTIMATE, run

LONG_LINE = len(ERROR_PREFIX) + LINE_LIMIT + 40  # a cut message and its "(N more characters)"


def tree(root: Path) -> dict[str, bytes | None]:
    """Every path under root, with the bytes of its regular files (None for anything else)."""
    return {
        str(p.relative_to(root)): (p.read_bytes() if p.is_file() and not p.is_symlink() else None)
        for p in sorted(root.rglob("*"))
    }


def refused(where: Path, *args: object, code: int = 2, needles: tuple[str, ...] = (), env=None) -> str:
    """Run a command that must be refused: exit `code`, one error line on stderr (a line of the
    estimate before it allowed), nothing on stdout, nothing written under `where`."""
    before = tree(where)
    result = run_env(env, *args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if not ESTIMATE.match(line)]
    assert len(lines) == 1 and lines[0].startswith(ERROR_PREFIX), result.stderr
    assert len(lines[0]) <= LONG_LINE, len(lines[0])
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    assert tree(where) == before  # nothing written, nothing removed
    return lines[0]


def run_env(env: dict | None, *args: object):
    if not env:
        return run(*args)
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return run(*args)
    finally:
        for k, v in saved.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)
