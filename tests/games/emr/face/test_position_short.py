"""Short positions (format version 2, emr_sim.games.emr.face.short) and the docs' five rules questions.

The five examples of docs/positions.md live in docs/examples/; each is run here with the
command its third line gives, and its answer checked against what the docs say.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.face.short import STEPS
from emr_sim.games.emr.face.template import template_text
from emr_sim.games.emr.face.validate import PositionError
from emr_sim.games.emr.options import make_options

ROOT = Path(__file__).resolve().parents[4]
EXAMPLES = ROOT / "docs" / "examples"
V1_FILES = sorted((Path(__file__).parent / "data" / "v1").glob("*.json"))
MAX_EXAMPLE_LINES = 25
TIMEOUT = 300  # a child may compile the kernels once


def cli(*args: str | Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    command = [sys.executable, "-m", "emr_sim.cli", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT, env=env)


def base() -> dict:
    """A short position: p0 to play, boards as at the start, p0 holds red 1-2."""
    return {
        "format": "emr-sim-position",
        "version": 2,
        "step": "turn",
        "active": 0,
        "seed": 1,
        "players": [
            {"hand": ["red 1-2"], "board": {"2": "bow", "3": "bow"}},
            {"hand": [], "board": {"2": "bow", "3": "bow"}},
        ],
    }


def heroes(d: dict, a: str = "crow", b: str = "wind") -> dict:
    d["players"][0]["hero"], d["players"][1]["hero"] = a, b
    return d


# ---------------------------------------------------------------- version 1 still loads


@pytest.mark.parametrize("path", V1_FILES, ids=lambda p: p.stem)
def test_v1_files_saved_before_version_2_load_and_save_unchanged(path):
    assert len(V1_FILES) >= 8
    saved = json.loads(path.read_text())
    assert saved["version"] == 1
    game = Game.from_position(path)
    assert game.position() == saved  # the same state, written the same way


# ---------------------------------------------------------------- the short form


def test_short_position_fills_in_the_rest():
    game = Game.from_position(base())
    s = game.state
    assert (game.phase, game.decider, int(s[C.H_TURN]), int(s[C.H_FIRST])) == ("turn", 0, 1, 0)
    assert game.health(0) == game.health(1) == 8
    assert int(s[C.DRAW_N]) == 99 and int(s[C.DISC_N]) == 0  # every card not named: the draw pile
    assert int(s[C.RES_TECH_DONE]) == C.TECH_START and int(s[C.RES_IN_EXTRA]) == 0
    bows = [int(s[C.P_BASE + p * C.P_SIZE + C.P_ZCARD + z]) for p in (0, 1) for z in (2, 3)]
    assert bows == [C.BOW_BASE, C.BOW_BASE + 1, C.BOW_BASE + 2, C.BOW_BASE + 3]  # "bow": the player's own
    assert [text for _c, text in game.legal()] == ["draw", "play red 1-2 left", "play red 1-2 right"]


def test_seed_orders_the_draw_pile_and_draw_top_goes_on_top():
    a, b, c = base(), base(), base()
    b["seed"] = 2
    c["draw_top"] = ["blue 5-5", "green 1-1"]
    piles = [Game.from_position(d).position()["draw_pile"] for d in (a, b, c)]
    assert piles[0] != piles[1] and sorted(piles[0]) == sorted(piles[1])
    assert piles[2][-2:] == ["green 1-1", "blue 5-5"]  # stored bottom first: blue 5-5 is drawn first
    assert Game.from_position(copy.deepcopy(a)).position() == Game.from_position(a).position()


def test_board_entries_tokens_and_zone_tokens():
    d = heroes(base())
    d["players"][0]["board"] = {"1": {"card": "red 3-1", "blocked": True, "damage_tokens": 2}, "2": "bow"}
    d["players"][0]["traps"] = {"4": 1}
    d["players"][0]["crows"] = [5]
    d["players"][1]["hero"], d["players"][0]["hero"] = "crow", "wind"
    p0 = Game.from_position(d).position()["players"][0]
    assert p0["board"][0] | {"power_plus": 0} == {
        "zone": 1,
        "card": "red 3-1",
        "blocked": True,
        "damage_tokens": 2,
        "power_plus": 0,
        "power_minus": 0,
    }
    trap, crow = {"zone": 4, "damage_tokens": 1, "crow": False}, {"zone": 5, "damage_tokens": 0, "crow": True}
    assert p0["zones"] == [trap, crow]


def test_fury_and_poison_follow_from_the_pair():
    d = heroes(base(), "poison", "wind")
    d["players"][0]["board"] = {"2": "red 3-1", "3": "red 4-4"}
    game = Game.from_position(d)
    p0, p1 = game.position()["players"]
    assert (p0["fury"], p1["fury"], p1["poison"], p0["poison"]) == (True, False, True, False)


def test_turn_start_lets_the_engine_start_the_turn():
    d = heroes(base(), "crow", "wind")
    d["step"], d["turn"] = "turn-start", 3
    d["players"][0]["board"] = {"0": "blue 3-3", "1": "blue 2-2"}
    game = Game.from_position(d)
    assert (game.phase, game.decider, int(game.state[C.H_TURN])) == ("crow", 0, 3)  # H-CROW before acting
    assert [e[0] for e in game.events] == [C.E_TURN]
    d["step"] = "turn"  # the start-of-turn technique is past
    assert Game.from_position(d).phase == "turn"


def test_extra_step_owes_extra_actions():
    d = base()
    d["step"], d["extra"] = "extra", 1
    game = Game.from_position(d)
    assert game.phase == "extra" and int(game.state[C.RES_IN_EXTRA]) == 1


def test_a_shared_label_gives_any_unused_card(tmp_path):
    deck = tmp_path / "twins.csv"
    rows = [f"{colour},{a},{b},1,0,none," for colour in ("red", "blue") for a in (1, 2) for b in (1, 2)]
    deck.write_text("colour,left,right,damage,dragon,effect,name\n" + "\n".join(rows + rows) + "\n")
    d = base()
    d["players"][0]["hand"] = ["red 1-1", "red 1-1"]
    game = Game.from_position(d, deck)
    hand = game.state[C.P_BASE + C.P_HAND : C.P_BASE + C.P_HAND + 2]
    assert len(set(hand.tolist())) == 2


def test_json_file_and_toml_file_read_the_same(tmp_path):
    as_json = tmp_path / "q.json"
    as_json.write_text(json.dumps(base()))
    as_toml = tmp_path / "q.toml"
    as_toml.write_text(template_text(Game.new().table, None, "turn", 8))
    assert Game.from_position(as_json).phase == Game.from_position(as_toml).phase == "turn"


# ---------------------------------------------------------------- refusals name the field


def _drop(path: tuple):
    def edit(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return edit


def _set(path: tuple, value):
    def edit(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _extra_without_fury(d):
    heroes(d)
    d["step"] = "extra"


def _fury_against_the_board(d):
    heroes(d)
    d["players"][0]["fury"] = True  # two bows: no fury (D-BOW)


REFUSALS = [
    (_drop(("active",)), "$.active: missing: whose turn"),
    (_drop(("seed",)), "$.seed: missing"),
    (_drop(("step",)), "$.step: missing"),
    (_drop(("players", 0, "hand")), "$.players[0].hand: missing"),
    (_drop(("players", 1, "board")), "$.players[1].board: missing"),
    (_extra_without_fury, "$.players[0].fury: missing: fury does not follow from the board"),
    (_fury_against_the_board, "$.players[0].fury: True contradicts the board"),
    (_set(("players", 0, "hero"), "crow"), None),  # accepted: a hero turns hero mode on
    (lambda d: heroes(d).update(hero_mode=False), "$.players[0].hero: a master needs hero mode"),
    (lambda d: heroes(d).update(rules={"fury": "off"}), "$.rules.fury: 'off' contradicts hero_mode"),
    (_set(("players", 1, "hand"), ["red 1-2"]), "$.players[1].hand[0]: card 'red 1-2' (red 1-2) is also in"),
    (_set(("players", 0, "board"), {"2": "bow", "3": "bow", "4": "bow"}), "$.players[0].board.4: p0 has"),
    (_set(("players", 0, "board"), {"1": "bow", "3": "bow"}), "$.players[0].board: a board holds two cards"),
    (_set(("players", 0, "board"), {"7": "bow", "3": "bow"}), "$.players[0].board.7: '7' is not a zone"),
    (_set(("players", 0, "helth"), 3), "$.players[0]: unknown key 'helth'"),
    (_set(("players", 0, "health"), 9), "$.players[0].health: 9 is above the starting health"),
    (_set(("players", 0, "hand"), ["purple 1-1"]), "$.players[0].hand[0]: no card 'purple 1-1'"),
    (_set(("extra",), 1), "$.extra: extra actions are owed only at step 'extra'"),
    (_set(("step",), "defend"), "$.step: 'defend' is not a step"),
    (_set(("players", 1, "crows"), [4]), "$.players[1].crows: crow tokens come from the crow master"),
    (_set(("players", 0, "fury"), True), "$.players[0].fury: needs hero mode"),
    (_set(("draw_top",), ["red 1-2"]), "$.draw_top[0]: card 'red 1-2' (red 1-2) is also in players[0].hand"),
    (_set(("version",), 3), "$.version: version 3 is not supported"),
]


@pytest.mark.parametrize("edit,message", REFUSALS)
def test_missing_or_contradictory_fields_are_named(edit, message):
    d = base()
    edit(d)
    if message is None:
        assert Game.from_position(d).phase == "turn"
        return
    with pytest.raises(PositionError) as err:
        Game.from_position(d)
    assert str(err.value).startswith(message), str(err.value)


def test_the_command_line_refuses_with_exit_2_naming_file_and_field(tmp_path):
    d = base()
    del d["players"][0]["hand"]
    path = tmp_path / "q.json"
    path.write_text(json.dumps(d))
    broken = tmp_path / "broken.toml"
    broken.write_text('format = "emr-sim-position"\nversion = = 2\n')
    for args, needle in (
        (("resolve", path), f"{path}: $.players[0].hand: missing"),
        (("position", "show", path), f"{path}: $.players[0].hand: missing"),
        (("resolve", broken, "--list"), f"{broken}: not TOML: "),
    ):
        run = cli(*args)
        assert run.returncode == 2 and run.stdout == "", run
        assert run.stderr.startswith(f"emr-sim: error: {needle}") and "Traceback" not in run.stderr
        assert len(run.stderr.splitlines()) == 1


# ---------------------------------------------------------------- position new / show


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("pair", [None, ("crow", "earth")])
def test_every_template_loads_as_it_is(step, pair):
    text = template_text(Game.new().table, pair, step, int(make_options()[1]))
    game = Game.from_position(tomllib.loads(text))
    assert game.phase == ("extra" if step == "extra" else "turn") and game.decider == 0
    assert bool(game.state[C.H_HERO_MODE]) == (pair is not None)


def test_position_new_and_show(tmp_path):
    path = tmp_path / "q.toml"
    run = cli("position", "new", "--heroes", "crow,illusion", "--step", "turn-start", "-o", path)
    assert run.returncode == 0 and run.stdout == "", run.stderr
    assert 'hero = "crow"' in path.read_text() and "# traps = { 4 = 1 }" in path.read_text()
    shown = cli("position", "show", path)
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    head = ["turn 1, p0's turn: p0 decides 'turn'", "rules: fury=on", "p0 (crow): health 8, not furious"]
    assert lines[:3] == head
    assert "  zone 2: bow 3-3 (dmg 0)" in lines and "draw pile: 96 cards" in shown.stdout
    assert "legal actions (turn, P0):" in lines and "discard pile (oldest first): none" in lines
    assert cli("position", "new", "--heroes", "crow,crow").returncode == 2


# ---------------------------------------------------------------- the docs' five questions


def example_command(path: Path) -> list[str]:
    """The ``emr-sim resolve ...`` line of an example (its third line, a comment)."""
    line = path.read_text().splitlines()[2]
    match = re.fullmatch(r"# emr-sim (resolve \S+) ?(.*)", line)
    assert match, f"{path.name}: line 3 is not the command: {line!r}"
    words = match.group(1).split()
    action = match.group(2).strip('"')
    return [*words, action] if action else words


def answer(name: str) -> dict:
    path = EXAMPLES / f"{name}.toml"
    assert len(path.read_text().splitlines()) < MAX_EXAMPLE_LINES
    command = example_command(path)
    assert command[1] == f"docs/examples/{name}.toml"
    assert f"emr-sim {' '.join(command[:2])} " in (ROOT / "docs" / "positions.md").read_text()
    run = cli(*command, "--json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def kinds(data: dict) -> list[str]:
    return [e["kind"] for e in data["events"]]


def test_example_combat_the_trap_comes_first_and_p1_wins():
    data = answer("combat-trap-or-hit")
    assert data["winner"] == 1 and data["health"] == [0, 2] and data["legal"] == []
    assert kinds(data) == ["play", "eject", "step", "damage", "defeated", "win"]  # no attack: D-ELIM


def test_example_effect_a_miss_still_applies_the_effect():
    data = answer("effect-after-a-miss")
    assert [e for e in data["events"] if e["kind"] == "attack"][0]["c"] == 0  # a miss
    assert (data["phase"], data["decider"], data["health"]) == ("effect", 0, [8, 8])
    texts = [text for _code, text in data["legal"]]
    assert "pass" in texts and "trap-zone p1 4" in texts


def test_example_fury_waits_for_the_next_turn_start():
    data = answer("fury-waits-for-the-check")
    assert kinds(data) == ["play", "eject", "attack", "turn", "fury"]  # furious after turn 2 starts
    assert data["events"][-1]["player"] == 0 and data["events"][-1]["a"] == 1
    assert data["position"]["players"][0]["fury"] is True and data["position"]["turn"] == 2


def test_example_technique_kungfu_adds_one():
    data = answer("technique-kungfu-bonus")
    damage = [e for e in data["events"] if e["kind"] == "damage"]
    assert [(e["player"], e["a"]) for e in damage] == [(1, 3)]  # red 5-5's 2, plus 1 (H-KUNGFU)
    assert data["health"] == [8, 5]


def test_example_turn_an_extra_draw_brings_one_card():
    data = answer("turn-extra-draw")
    assert kinds(data).count("draw") == 1
    assert len(data["position"]["players"][0]["hand"]) == 2 and data["position"]["turn"] == 2


def test_a_game_ended_by_step_1_shows_no_hit_check():
    game = Game.from_position(tomllib.loads((EXAMPLES / "combat-trap-or-hit.toml").read_text()))
    game.apply("play green 2-5 right")
    assert game.winner == 1
    assert "  resolving: red 5-5 ejected, before the hit check" in game.describe().splitlines()
