"""`emr-sim resolve POSITION --advise ismcts:N`: the search's table for the pending decision
(emr_sim.games.emr.face.advise), small N only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import fails, run

from emr_sim.games.emr.face.core import Game


@pytest.fixture(scope="module")
def position(tmp_path_factory) -> Path:
    g = Game.new(seed=3)
    for _ in range(2):
        g.apply(g.legal_codes()[0])
    assert g.phase == "turn" and len(g.legal_codes()) >= 3
    path = tmp_path_factory.mktemp("advise") / "turn.json"
    path.write_text(json.dumps(g.position()), encoding="utf-8")
    return path


def advise_json(position: Path, spec: str, *more: str) -> dict:
    result = run("resolve", position, "--advise", spec, "--json", *more)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_advice_lists_every_legal_action_with_the_iterations_spent(position):
    table = advise_json(position, "ismcts(n=30,leaf=eval)")
    legal = Game.from_position(position).legal()
    assert sorted(r["code"] for r in table["actions"]) == sorted(code for code, _text in legal)
    visits = [r["visits"] for r in table["actions"]]
    assert sum(visits) == 30 and visits == sorted(visits, reverse=True)
    assert all(0.0 <= r["win_rate"] <= 1.0 for r in table["actions"] if r["visits"])
    assert table["decider"] == 0 and table["phase"] == "turn" and "win rate" in table["estimate"]


def test_advice_is_seeded(position):
    a = advise_json(position, "ismcts:12", "--seed", "5")
    assert a == advise_json(position, "ismcts:12", "--seed", "5")
    assert a["seed"] == 5 and a["player"] == "ismcts:12"


def test_advice_prints_a_table(position):
    result = run("resolve", position, "--advise", "ismcts:8")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("ismcts:8 for P0 (turn), seed 1")
    assert "visits" in lines[1] and "win rate" in lines[1] and "estimated win rate" in lines[-1]
    assert sum(int(line.split()[1]) for line in lines[2:-1]) == 8


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--advise", "greedy"), "give an ismcts player"),
        (("--advise", "ismcts:0"), "outside 1..50000"),
        (("draw", "--advise", "ismcts:5"), "--advise takes a position only"),
    ],
)
def test_bad_advice_requests_are_named(position, args, needle):
    fails("resolve", position, *args, needles=(needle,))
