"""Golden playthroughs: seeded games as readable text, checked in (tests/games/emr/face/golden/).

An intended rule change regenerates them with `python scripts/regen_golden.py`
and the diff is reviewed like code.
"""

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[4]
spec = importlib.util.spec_from_file_location("regen_golden", ROOT / "scripts" / "regen_golden.py")
regen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(regen)


@pytest.mark.parametrize("name,args", regen.GAMES, ids=[g[0] for g in regen.GAMES])
def test_golden_playthrough_is_unchanged(name, args):
    expected = (regen.GOLDEN / name).read_text()
    assert regen.render(args) == expected, f"{name} changed: run scripts/regen_golden.py if intended"


def test_golden_files_show_whole_games():
    for name, _args in regen.GAMES:
        text = (regen.GOLDEN / name).read_text()
        assert "--- turn 1:" in text
        assert text.rstrip().splitlines()[-1].split()[1] in ("wins", "after")
