"""Regenerate the golden playthroughs in tests/games/emr/face/golden/ after an intended rule change.

    python scripts/regen_golden.py

Each golden file is the readable log of one seeded game (`emr-sim play`); the
test tests/games/emr/face/test_golden.py fails on any difference, so a rule change shows up
as a reviewable diff of these files.
"""

import pathlib
import sys

from click.testing import CliRunner

from emr_sim.cli import main

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "tests" / "games" / "emr" / "face" / "golden"
# (file name, command line)
GAMES = (
    ("seed1_greedy_random.txt", ["play", "--seed", "1", "--players", "greedy,random"]),
    ("seed2_greedy_greedy.txt", ["play", "--seed", "2", "--players", "greedy,greedy"]),
    ("seed3_random_random.txt", ["play", "--seed", "3", "--index", "5", "--players", "random,random"]),
    ("seed3_heroes_crow_illusion.txt", ["play", "--seed", "3", "--heroes", "crow,illusion"]),
    ("seed4_heroes_bushido_earth.txt", ["play", "--seed", "4", "--heroes", "bushido,earth"]),
)


def render(args: list[str]) -> str:
    result = CliRunner().invoke(main, args)
    if result.exit_code != 0:
        raise SystemExit(f"emr-sim {' '.join(args)} failed: {result.output}")
    return f"$ emr-sim {' '.join(args)}\n{result.stdout}"


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, args in GAMES:
        (GOLDEN / name).write_text(render(args))
        print(f"wrote {GOLDEN / name}", file=sys.stderr)
