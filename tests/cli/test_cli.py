"""The emr-sim command line: every command, its output, and its answer to bad input.

Bad input must end with exit code 2 and one line ``emr-sim: error: ...`` on stderr
that names the problem (file, line, field or JSON path), never a traceback. Most
tests use click's CliRunner (with catch_exceptions=False, so a stray exception
fails the test with its traceback); a few run the installed ``emr-sim`` script.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import ERROR_PREFIX, cannot_write, fails, run
from support.scenario import seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.face.core import play as play_game
from emr_sim.games.emr.options import FIXED_DECISIONS, OPTIONS, default_options, describe_options

SUMMARY = re.compile(r"^(P[01] wins|drawn|in play) after \d+ turns? \(health \d+ vs \d+\)$")

# A small valid deck: a comment on line 1, the header on line 2, nine cards on lines 3..11.
SMALL_DECK = """\
# a tiny test deck
colour,left,right,damage,dragon,effect,name
red,1,2,1,0,none,first card
red,3,4,2,yes,none,
blue,2,2,0,no,swap,
blue,5,1,1,0,none,
yellow,4,4,3,0,none,
yellow,1,5,0,0,draw,
green,2,3,1,1,none,
green,5,5,2,0,trap-zone,
green,3,1,1,0,none,
"""


# ---------------------------------------------------------------- helpers


def ok(*args: object) -> str:
    """Run a command that must succeed; its stdout."""
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.stdout


def usage_fails(*args: object, needles: tuple[str, ...] = ()) -> str:
    """A click usage error (bad option value): exit 2, click's message in the one-line form
    (emr_sim.cli.app.usage_line), no traceback."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("emr-sim: error: "), result.stderr
    for needle in needles:
        assert needle in result.stderr, f"{needle!r} not in {result.stderr!r}"
    return result.stderr


def write_json(path: Path, value: object) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def position_at(phase: str, seeds=range(1, 40)) -> dict:
    """The first position with a PHASE decision in greedy-vs-greedy games of SEEDS."""
    for seed in seeds:
        for game, _prng in seeded_steps(seed):
            if game.phase == phase:
                return game.position()
    raise AssertionError(f"no {phase} decision in seeds {seeds}")


def apply_in_process(position_file: Path, action: str) -> tuple[Game, list]:
    game = Game.from_position(position_file)
    events = game.apply(action)
    return game, events


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    """Decks and positions shared by the tests (never modified by them)."""
    d = tmp_path_factory.mktemp("cli")
    out: dict[str, Path] = {}
    out["small_deck"] = d / "small.csv"
    out["small_deck"].write_text(SMALL_DECK, encoding="utf-8")
    lines = SMALL_DECK.splitlines()
    assert lines[4] == "blue,2,2,0,no,swap,"
    lines[4] = "blue,2,9,0,no,swap,"  # line 5: right number out of range
    out["bad_deck"] = d / "bad_line5.csv"
    out["bad_deck"].write_text("\n".join(lines) + "\n", encoding="utf-8")

    start = Game.new(seed=3)
    assert start.phase == "turn"
    out["turn"] = write_json(d / "turn.json", start.position())
    out["effect"] = write_json(d / "effect.json", position_at("effect"))
    out["defend"] = write_json(d / "defend.json", position_at("defend"))
    over = play_game(5, "greedy,greedy")
    assert over.over
    out["over"] = write_json(d / "over.json", over.position())
    return out


@pytest.fixture(scope="module")
def turn_position(files) -> dict:
    return json.loads(files["turn"].read_text())


# ---------------------------------------------------------------- help and version


def test_main_help_lists_the_commands():
    out = ok("--help")
    for command in ("cards", "rules", "play", "resolve"):
        assert command in out
    assert ok("-h") == out


def test_version():
    assert "0.1.0" in ok("--version")


@pytest.mark.parametrize(
    "command,options",
    [
        ("cards", ["--deck"]),
        ("rules", []),
        ("play", ["--seed", "--index", "--players", "--heroes", "--json", "--deck", "--rule", "--fury"]),
        ("resolve", ["POSITION", "ACTION", "--list", "--json", "--output", "-o", "--deck"]),
    ],
)
def test_command_help_mentions_its_options(command, options):
    out = ok(command, "--help")
    assert out.startswith("Usage: ") and command in out.splitlines()[0]
    for option in options:
        assert option in out, option


def test_unknown_command_is_a_usage_error():
    usage_fails("shuffle", needles=("no such command 'shuffle'", "emr-sim --help"))


# ---------------------------------------------------------------- cards


def card_rows(out: str) -> list[str]:
    """The table rows between the dashed line and the blank line."""
    lines = out.splitlines()
    assert lines[0].split() == ["id", "colour", "card", "damage", "dragon", "effect", "name"]
    assert set(lines[1]) == {"-"}
    end = lines.index("")
    return lines[2:end]


def test_cards_prints_the_default_deck_and_colour_summaries():
    out = ok("cards")
    rows = card_rows(out)
    assert len(rows) == 100
    assert [int(r.split()[0]) for r in rows] == list(range(100))
    assert out.endswith("\n") and not out.endswith("\n\n")
    summary = out.splitlines()[-4:]
    for colour, line in zip(("red", "blue", "yellow", "green"), summary, strict=True):
        assert line.startswith(f"{colour}: 25 cards, damage 0/1/2/3 = "), line
        assert "dragons" in line and "effects:" in line


def test_cards_with_a_custom_deck(files):
    out = ok("cards", "--deck", files["small_deck"])
    rows = card_rows(out)
    assert len(rows) == 9
    assert rows[0].split()[:3] == ["0", "red", "1-2"]
    assert rows[0].endswith("first card")
    assert "swap" in rows[2] and "yes" in rows[1]
    summary = out.splitlines()[-4:]
    assert summary[0].startswith("red: 2 cards")
    assert summary[3].startswith("green: 3 cards")
    assert "trap-zone 1" in summary[3]


def test_cards_missing_deck_file(tmp_path):
    missing = tmp_path / "nope.csv"
    fails("cards", "--deck", missing, needles=(str(missing), "not found"))


def test_cards_malformed_deck_names_file_line_and_field(files):
    line = fails("cards", "--deck", files["bad_deck"])
    assert f"{files['bad_deck']}:5:" in line
    assert "'right'" in line and "'9'" in line and "1 to 5" in line


@pytest.mark.parametrize(
    "text,needles",
    [
        ("", ("empty deck file",)),
        ("colour,left\nred,1\n", (":1:", "'right'", "missing column")),
        ("colour,left,right,damage,dragon,effect,cost\n", (":1:", "'cost'", "unknown column")),
        (SMALL_DECK.replace("green,3,1,1,0,none,", "green,3,1,1,0,none"), (":11:", "fields")),
        (SMALL_DECK.replace("yellow,4,4", "purple,4,4"), (":7:", "'colour'", "purple")),
        (SMALL_DECK.replace("yes", "maybe"), (":4:", "'dragon'")),
        (SMALL_DECK.replace("trap-zone", "fireball"), (":10:", "'effect'", "fireball")),
        (SMALL_DECK.replace("red,1,2,1", "bow,1,2,1"), (":3:", "D-BOW")),
        ("\n".join(SMALL_DECK.splitlines()[:6]) + "\n", ("4 cards", "at least 8")),
    ],
)
def test_cards_other_deck_errors(tmp_path, text, needles):
    path = tmp_path / "deck.csv"
    path.write_text(text, encoding="utf-8")
    fails("cards", "--deck", path, needles=(str(path), *needles))


def test_cards_deck_that_is_not_utf8(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_bytes(b"colour,left\xff\n")
    fails("cards", "--deck", path, needles=(str(path), "UTF-8"))


def test_cards_deck_that_is_a_directory(tmp_path):
    usage_fails("cards", "--deck", tmp_path, needles=("--deck", "directory"))


# ---------------------------------------------------------------- rules


def test_rules_lists_every_option():
    out = ok("rules")
    starts = {line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")}
    for option in OPTIONS:
        assert option.name in starts, option.name
        assert option.rule in out
    for rule_id in FIXED_DECISIONS:
        assert rule_id in out


# ---------------------------------------------------------------- play


def test_play_prints_a_log_ending_with_the_summary():
    out = ok("play", "--seed", "5")
    lines = out.splitlines()
    assert lines[0] == "seed 5, game 0: greedy vs greedy"
    assert "--- turn 1:" in out
    assert SUMMARY.match(lines[-1]), lines[-1]
    game = play_game(5, "greedy,greedy")
    assert lines[1:-1] == game.log_lines()
    if game.winner in (0, 1):
        assert lines[-1].startswith(f"P{game.winner} wins after {int(game.state[C.H_TURN])} turn")


def test_play_is_deterministic():
    assert ok("play", "--seed", "5") == ok("play", "--seed", "5")
    assert ok("play", "--seed", "5", "--json") == ok("play", "--seed", "5", "--json")
    assert ok("play", "--seed", "5") != ok("play", "--seed", "6")
    assert ok("play", "--seed", "5") != ok("play", "--seed", "5", "--index", "1")


def test_play_default_seed_is_1():
    assert ok("play") == ok("play", "--seed", "1", "--index", "0")


def test_play_with_random_and_greedy_players():
    out = ok("play", "--seed", "5", "--players", "random,greedy")
    assert out.splitlines()[0] == "seed 5, game 0: random vs greedy"
    assert SUMMARY.match(out.splitlines()[-1])
    data = json.loads(ok("play", "--seed", "5", "--players", "random,greedy", "--json"))
    assert data["players"] == ["random", "greedy"]


def test_play_with_one_player_name_seats_it_twice():
    out = ok("play", "--seed", "5", "--players", "random")
    assert out.splitlines()[0] == "seed 5, game 0: random vs random"
    assert out == ok("play", "--seed", "5", "--players", "random,random")
    data = json.loads(ok("play", "--seed", "5", "--players", " random , greedy ", "--json"))
    assert data["players"] == ["random", "greedy"]


def test_play_penalty_each():
    out = ok("play", "--seed", "5", "--rule", "penalty=each")
    assert SUMMARY.match(out.splitlines()[-1])
    data = json.loads(ok("play", "--seed", "5", "--rule", "penalty=each", "--json"))
    assert data["rules"]["penalty"] == "each"


def test_play_repeated_rules_are_all_applied():
    data = json.loads(ok("play", "--seed", "2", "--rule", "health=5", "--rule", "penalty=each", "--json"))
    assert data["rules"]["health"] == "5"
    assert data["rules"]["penalty"] == "each"
    assert max(data["health"]) <= 5


def test_play_turn_cap_ends_in_a_draw():
    out = ok("play", "--seed", "5", "--rule", "turn_cap=3")
    lines = out.splitlines()
    assert "the game is drawn at the turn cap (3 turns)" in lines
    assert lines[-1].startswith("drawn after 3 turns (health ")
    assert SUMMARY.match(lines[-1])
    data = json.loads(ok("play", "--seed", "5", "--rule", "turn_cap=3", "--json"))
    assert data["winner"] == "draw"
    assert data["turns"] == 3
    assert data["rules"]["turn_cap"] == "3"


def test_play_json_has_every_key():
    data = json.loads(ok("play", "--seed", "5", "--json"))
    for key in (
        "seed",
        "index",
        "players",
        "rules",
        "winner",
        "turns",
        "health",
        "events",
        "log",
        "deck_sha256",
    ):
        assert key in data, key
    assert data["seed"] == 5 and data["index"] == 0
    assert data["players"] == ["greedy", "greedy"]
    assert data["deck_sha256"] == load_deck().sha256
    assert data["rules"] == describe_options(default_options())  # R-OPT-HEALTH unset: left out
    game = play_game(5, "greedy,greedy")
    assert data["winner"] == game.winner
    assert data["turns"] == int(game.state[C.H_TURN])
    assert data["health"] == [game.health(0), game.health(1)]
    assert data["log"] == game.log_lines()
    assert len(data["events"]) == len(game.events)
    assert all({"kind", "player"} <= set(e) for e in data["events"])
    assert data["events"][-1]["kind"] == "win"
    text = ok("play", "--seed", "5").splitlines()
    assert text[1:-1] == data["log"]


def test_play_with_a_custom_deck(files):
    data = json.loads(ok("play", "--seed", "2", "--deck", files["small_deck"], "--json"))
    assert data["deck_sha256"] == hashlib.sha256(files["small_deck"].read_bytes()).hexdigest()
    assert data["winner"] in (0, 1, "draw")
    labels = {"red 1-2", "red 3-4", "blue 2-2", "blue 5-1", "yellow 4-4", "yellow 1-5", "green 2-3"}
    drawn = {m.group(1) for line in data["log"] for m in [re.search(r"draws (\w+ \d-\d)", line)] if m}
    assert drawn and drawn <= labels | {"green 5-5", "green 3-1"}
    out = ok("play", "--seed", "2", "--deck", files["small_deck"])
    assert SUMMARY.match(out.splitlines()[-1])


def test_play_hero_mode_with_fury():
    out = ok("play", "--seed", "5", "--fury", "--heroes", "crow,wind")
    assert SUMMARY.match(out.splitlines()[-1])
    data = json.loads(ok("play", "--seed", "5", "--fury", "--heroes", "crow,wind", "--json"))
    assert data["rules"]["fury"] == "on"


def test_play_heroes_turn_hero_mode_on():
    with_fury = ok("play", "--seed", "5", "--fury", "--heroes", "crow,wind")
    assert ok("play", "--seed", "5", "--heroes", "crow,wind") == with_fury
    data = json.loads(ok("play", "--seed", "5", "--heroes", "crow,wind", "--json"))
    assert data["rules"]["fury"] == "on"


def test_play_fury_without_heroes():
    data = json.loads(ok("play", "--seed", "5", "--fury", "--json"))
    assert data["rules"]["fury"] == "on"
    data = json.loads(ok("play", "--seed", "5", "--fury", "--rule", "hero_select=random", "--json"))
    assert data["rules"]["hero_select"] == "random"


# ---------------------------------------------------------------- play: bad input


def test_play_unknown_rule_option():
    fails("play", "--rule", "nope=1", needles=("unknown rule option 'nope'", "penalty", "turn_cap"))


def test_play_bad_rule_value():
    fails("play", "--rule", "penalty=twice", needles=("'penalty'", "'twice'", "once", "each"))


@pytest.mark.parametrize(
    "value,needles",
    [
        ("turn_cap=0", ("'turn_cap'", "outside 1..100000")),
        ("turn_cap=x", ("'turn_cap'", "not a whole number")),
        ("health=", ("'health='", "NAME=VALUE")),
    ],
)
def test_play_bad_rule_numbers(value, needles):
    fails("play", "--rule", value, needles=needles)


@pytest.mark.parametrize("value", ["penalty", "=3", ""])
def test_play_malformed_rule(value):
    fails("play", "--rule", value, needles=(f"rule option {value!r}", "NAME=VALUE"))


def test_play_unknown_player():
    fails("play", "--players", "greedy,smart", needles=("unknown player 'smart'", "random", "greedy"))


def test_play_three_players():
    fails("play", "--players", "greedy,greedy,random", needles=("players:", "one or two"))


def test_play_unknown_hero():
    fails("play", "--heroes", "crow,nobody", needles=("unknown hero 'nobody'", "crow", "illusion"))


def test_play_one_hero():
    fails("play", "--heroes", "crow", needles=("heroes:", "two of"))


def test_play_mirror_heroes():
    fails("play", "--heroes", "crow,crow", needles=("same hero", "crow", "R-OPT-HERO"))


@pytest.mark.parametrize("off", [("--no-fury",), ("--rule", "fury=off")])
def test_play_heroes_with_hero_mode_off(off):
    fails("play", "--heroes", "crow,wind", *off, needles=("--heroes", "hero mode"))


def test_play_heroes_with_random_hero_select():
    fails(
        "play", "--heroes", "crow,wind", "--rule", "hero_select=random", needles=("--heroes", "hero_select")
    )


def test_play_missing_deck_file(tmp_path):
    missing = tmp_path / "missing.csv"
    fails("play", "--deck", missing, needles=(str(missing), "not found"))


def test_play_malformed_deck(files):
    line = fails("play", "--deck", files["bad_deck"])
    assert f"{files['bad_deck']}:5: field 'right'" in line


@pytest.mark.parametrize("option", ["--seed", "--index"])
@pytest.mark.parametrize("value", ["99999999999999999999999", "-99999999999999999999999", "many"])
def test_play_seed_and_index_out_of_range(option, value):
    usage_fails("play", option, value, needles=(option,))


def test_play_accepts_negative_and_large_seeds():
    for seed in ("-1", str(2**63 - 1), str(-(2**63))):
        out = ok("play", "--seed", seed, "--rule", "turn_cap=2")
        assert out.splitlines()[0].startswith(f"seed {seed}, game 0")


# ---------------------------------------------------------------- resolve: listing


def test_resolve_list(files, turn_position):
    game = Game.from_position(files["turn"])
    out = ok("resolve", files["turn"], "--list")
    assert out.startswith(game.describe())
    assert f"legal actions (turn, P{game.decider}):" in out
    for code, text in game.legal():
        assert re.search(rf"^\s+{code}\s+{re.escape(text)}$", out, re.M), text
    assert "draw" in [text for _, text in game.legal()]
    assert ok("resolve", files["turn"]) == out  # no ACTION: the same listing


def test_resolve_list_json(files):
    data = json.loads(ok("resolve", files["turn"], "--list", "--json"))
    game = Game.from_position(files["turn"])
    assert data == {
        "format": "emr-sim-resolve",
        "version": 1,
        "phase": "turn",
        "decider": game.decider,
        "winner": None,
        "health": [8, 8],
        "legal": [list(x) for x in game.legal()],
    }


def test_resolve_list_of_a_finished_game(files):
    data = json.loads(ok("resolve", files["over"], "--list", "--json"))
    assert data["phase"] == "over" and data["legal"] == []
    assert "game over" in ok("resolve", files["over"], "--list")


# ---------------------------------------------------------------- resolve: applying


def resolved_text(game: Game, events: list) -> str:
    """What `resolve POSITION ACTION` prints: the events, the new position and its legal
    actions (none once the game is over)."""
    out = "\n".join(game.log_lines(events)) + "\n\n" + game.describe() + "\n"
    if not game.over:
        out += f"\nlegal actions ({game.phase}, P{game.decider}):\n"
        out += "".join(f"  {code:>4}  {text}\n" for code, text in game.legal())
    return out


def test_resolve_action_text(files):
    game, events = apply_in_process(files["turn"], "draw")
    out = ok("resolve", files["turn"], "draw")
    assert out == resolved_text(game, events)
    assert "P0 draws" in out or "P1 draws" in out


def test_resolve_action_code_is_the_same_as_its_text(files):
    assert ok("resolve", files["turn"], str(C.A_DRAW)) == ok("resolve", files["turn"], "draw")
    game = Game.from_position(files["turn"])
    code, text = game.legal()[1]
    assert ok("resolve", files["turn"], str(code)) == ok("resolve", files["turn"], text)
    assert ok("resolve", files["turn"], text.upper()) == ok("resolve", files["turn"], text)


def test_resolve_action_json(files):
    game = Game.from_position(files["turn"])
    code, text = game.legal()[-1]
    assert text.startswith("play ")
    events = game.apply(text)
    data = json.loads(ok("resolve", files["turn"], text, "--json"))
    pending = {"format", "version", "phase", "decider", "winner", "health", "legal"}
    assert set(data) == pending | {"action", "events", "log", "position"}
    assert (data["format"], data["version"]) == ("emr-sim-resolve", 1)
    assert data["action"] == {"code": code, "text": text}
    kinds = {v: k[2:].lower() for k, v in vars(C).items() if k.startswith("E_")}
    assert [(e["kind"], e["player"], e["a"], e["b"], e["c"], e["d"]) for e in data["events"]] == [
        (kinds[e[0]], *e[1:]) for e in events
    ]
    assert data["legal"] == [list(x) for x in game.legal()] and data["phase"] == game.phase
    assert data["log"] == game.log_lines(events)
    assert data["position"] == game.position()
    assert Game.from_position(data["position"]).state.tolist() == game.state.tolist()


def test_resolve_writes_the_new_position_and_it_continues(files, tmp_path):
    out_file = tmp_path / "next.json"
    out = ok("resolve", files["turn"], "draw", "-o", out_file)
    game, _events = apply_in_process(files["turn"], "draw")
    assert out == resolved_text(game, _events)
    written = json.loads(out_file.read_text())
    assert written == game.position()
    again = Game.from_position(out_file)
    assert again.state.tolist() == game.state.tolist()
    assert again.phase == game.phase and again.decider == game.decider
    # the written position continues: list it, then apply its first legal action
    listing = json.loads(ok("resolve", out_file, "--list", "--json"))
    assert listing["legal"] == [list(x) for x in game.legal()]
    code, text = game.legal()[0]
    events = game.apply(code)
    out_file2 = tmp_path / "after.json"
    data = json.loads(ok("resolve", out_file, text, "--json", "--output", out_file2))
    assert data["log"] == game.log_lines(events)
    assert json.loads(out_file2.read_text()) == game.position()
    assert {p.name for p in tmp_path.iterdir()} == {"next.json", "after.json"}  # no temporary files left


def test_resolve_output_may_replace_its_input(files, tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(files["turn"].read_text())
    ok("resolve", path, "draw", "-o", path)
    game, _ = apply_in_process(files["turn"], "draw")
    assert json.loads(path.read_text()) == game.position()
    assert {p.name for p in tmp_path.iterdir()} == {"pos.json"}


def test_resolve_effect_decision(files):
    game = Game.from_position(files["effect"])
    assert game.phase == "effect"
    out = ok("resolve", files["effect"], "--list")
    assert f"legal actions (effect, P{game.decider}):" in out
    assert "to decide 'effect: " in out
    legal = game.legal()
    assert legal[0][1] == "pass"
    for _code, text in legal:
        expected, events = apply_in_process(files["effect"], text)
        data = json.loads(ok("resolve", files["effect"], text, "--json"))
        assert data["log"] == expected.log_lines(events)
        assert data["position"] == expected.position()


def test_resolve_effect_target_of_the_wrong_kind(files):
    game = Game.from_position(files["effect"])
    pending = C.EFFECT_NAMES[int(game.state[C.RES_EFFECT])]
    other = "crow" if pending != "crow" else "swap"
    fails("resolve", files["effect"], f"{other} p0 1", needles=(f"'{other}'", "does not fit", "effect"))


def test_resolve_defend_decision(files, tmp_path):
    game = Game.from_position(files["defend"])
    assert game.phase == "defend"
    out = ok("resolve", files["defend"])
    assert f"legal actions (defend, P{game.decider}):" in out
    assert "resolving: " in out
    texts = [text for _code, text in game.legal()]
    assert "pass" in texts
    for text in texts:
        expected, events = apply_in_process(files["defend"], text)
        out_file = tmp_path / "after.json"
        printed = ok("resolve", files["defend"], text, "-o", out_file)
        assert printed == resolved_text(expected, events)
        assert Game.from_position(out_file).state.tolist() == expected.state.tolist()


def test_resolve_position_recorded_with_a_custom_deck(files, tmp_path):
    game = Game.new(seed=4, deck=files["small_deck"])
    path = write_json(tmp_path / "small.json", game.position())
    data = json.loads(ok("resolve", path, "--list", "--json", "--deck", files["small_deck"]))
    assert data["legal"] == [list(x) for x in game.legal()]
    data = json.loads(ok("resolve", path, "draw", "--json", "--deck", files["small_deck"]))
    assert data["position"]["deck_sha256"] == game.deck.sha256
    # the same position with the default deck: refused, naming the deck hash
    fails("resolve", path, "--list", needles=("deck_sha256", "recorded with deck"))


# ---------------------------------------------------------------- resolve: bad positions


def test_resolve_missing_position_file(tmp_path):
    missing = tmp_path / "missing.json"
    fails("resolve", missing, "--list", needles=(str(missing), "no such position file"))
    fails("resolve", missing, "draw", needles=(str(missing), "no such position file"))


def test_resolve_position_that_is_a_directory(tmp_path):
    usage_fails("resolve", tmp_path, "--list", needles=("POSITION", "directory"))


@pytest.mark.parametrize(
    "content",
    ["{nope", "", "not json at all", "[" * 100_000 + "]" * 100_000],
    ids=["broken", "empty", "text", "deeply-nested"],
)
def test_resolve_position_not_json(tmp_path, content):
    path = tmp_path / "pos.json"
    path.write_text(content, encoding="utf-8")
    problem = "nested more than" if content.startswith("[[") else "not JSON"
    fails("resolve", path, "--list", needles=(str(path), problem))


def test_resolve_position_not_utf8(tmp_path):
    path = tmp_path / "pos.json"
    path.write_bytes(b"\xff\xfe{}")
    fails("resolve", path, "--list", needles=(str(path), "not UTF-8 text"))


def test_resolve_position_not_an_object(tmp_path):
    path = write_json(tmp_path / "pos.json", [1, 2])
    fails("resolve", path, "--list", needles=("position", "JSON object", "list"))


def mutated(position: dict, change) -> dict:
    d = copy.deepcopy(position)
    change(d)
    return d


def _drop_first_hand_card(d):
    d["players"][0]["hand"].pop(0)


def _set(path: tuple, value):
    def change(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(path: tuple):
    def change(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _duplicate_card(d):
    d["discard_pile"].append(d["draw_pile"][0])


BAD_POSITIONS = [
    (
        "wrong-format",
        _set(("format",), "chess-position"),
        ("format:", "'chess-position'", "emr-sim-position"),
    ),
    ("wrong-version", _set(("version",), 7), ("version:", "7", "not supported")),
    ("unknown-key", _set(("extra",), 1), ("$: unknown key 'extra'",)),
    ("missing-key", _delete(("players",)), ("$: missing key 'players'",)),
    ("unknown-phase", _set(("phase",), "lunch"), ("phase:", "'lunch'")),
    ("bad-health", _set(("players", 1, "health"), "x"), ("players[1].health:", "integer", "'x'")),
    ("unknown-card", _set(("players", 1, "hand", 0), "purple 9-9"), ("players[1].hand[0]:", "'purple 9-9'")),
    ("card-missing", _drop_first_hand_card, ("$: shot cards found nowhere",)),
    (
        "board-card-key-missing",
        _delete(("players", 0, "board", 0, "card")),
        ("players[0].board[0]:", "'card'"),
    ),
    ("card-twice", _duplicate_card, ("discard_pile:", "is also in draw_pile")),
    ("bad-rng", _set(("rng",), [1, 2, 3]), ("rng:", "4 words")),
    ("bad-rule-value", _set(("rules", "penalty"), "twice"), ("rules:", "'penalty'", "'twice'")),
    ("unknown-rule", _set(("rules", "nope"), "1"), ("rules:", "'nope'")),
    ("rules-not-object", _set(("rules",), "fast"), ("rules:", "expected an object")),
    ("bad-winner", _set(("winner",), 0), ("winner:", "phase is 'over'")),
]


@pytest.mark.parametrize("change,needles", [b[1:] for b in BAD_POSITIONS], ids=[b[0] for b in BAD_POSITIONS])
def test_resolve_invalid_position(tmp_path, turn_position, change, needles):
    path = write_json(tmp_path / "pos.json", mutated(turn_position, change))
    fails("resolve", path, "--list", needles=needles)
    out_file = tmp_path / "out.json"
    fails("resolve", path, "draw", "-o", out_file, needles=needles)
    assert not out_file.exists()


def test_resolve_card_missing_names_the_card(tmp_path, turn_position):
    card = turn_position["players"][0]["hand"][0]
    path = write_json(tmp_path / "pos.json", mutated(turn_position, _drop_first_hand_card))
    fails("resolve", path, "--list", needles=("$: shot cards found nowhere", f"({card})"))


def test_resolve_missing_deck_file(files, tmp_path):
    missing = tmp_path / "missing.csv"
    fails("resolve", files["turn"], "--list", "--deck", missing, needles=(str(missing), "not found"))


# ---------------------------------------------------------------- resolve: bad actions


def test_resolve_illegal_action_lists_the_legal_ones(files):
    game = Game.from_position(files["turn"])
    line = fails("resolve", files["turn"], "pass", needles=("'pass'", "not legal", "turn decision", "legal:"))
    for _code, text in game.legal():
        assert text in line


def test_resolve_illegal_action_code(files):
    fails("resolve", files["turn"], "99999", needles=("'99999'", "not legal", "legal: draw"))
    fails("resolve", files["turn"], "--", "-5", needles=("'-5'", "not legal"))


def test_resolve_illegal_action_in_a_defend_decision(files):
    fails("resolve", files["defend"], "draw", needles=("'draw'", "defend decision", "legal: pass"))


def test_resolve_action_in_a_finished_game(files):
    fails("resolve", files["over"], "draw", needles=("game is over",))


@pytest.mark.parametrize(
    "action,needles",
    [
        ("fly away", ("unknown action 'fly away'", "docs/notation.md")),
        ("", ("empty action text",)),
        ("play red 9-9 left", ("no card 'red 9-9'",)),
        ("play red 3-4 upward", ("left|right",)),
        ("block zone 9", ("zone", "'9'")),
        ("move sideways 1 left", ("token kind",)),
        ("target p7 1", ("p0 or p1", "'p7'")),
    ],
)
def test_resolve_unparsable_action(files, action, needles):
    fails("resolve", files["turn"], action, needles=needles)


def test_resolve_illegal_action_writes_no_output(files, tmp_path):
    out_file = tmp_path / "out.json"
    fails("resolve", files["turn"], "pass", "-o", out_file, needles=("not legal",))
    fails("resolve", files["turn"], "fly away", "-o", out_file, needles=("unknown action",))
    assert not out_file.exists()
    assert list(tmp_path.iterdir()) == []


def test_resolve_illegal_action_keeps_an_existing_output(files, tmp_path):
    out_file = tmp_path / "out.json"
    out_file.write_text("keep me")
    fails("resolve", files["turn"], "pass", "-o", out_file)
    assert out_file.read_text() == "keep me"
    assert list(tmp_path.iterdir()) == [out_file]


def test_resolve_output_into_a_missing_directory(files, tmp_path):
    out_file = tmp_path / "no" / "such" / "dir" / "out.json"
    fails("resolve", files["turn"], "draw", "-o", out_file, needles=(str(out_file), "cannot write"))
    assert list(tmp_path.iterdir()) == []


def test_resolve_output_that_is_a_directory(files, tmp_path):
    cannot_write("resolve", files["turn"], "draw", "-o", tmp_path, needles=("a directory is in the way",))


# ---------------------------------------------------------------- the installed script


def emr_sim_script() -> str:
    local = Path(sys.executable).with_name("emr-sim")
    if local.exists():
        return str(local)
    found = shutil.which("emr-sim")
    if found is None:
        pytest.skip("the emr-sim script is not installed")
    return found


def test_installed_script_runs():
    out = subprocess.run(
        [emr_sim_script(), "play", "--seed", "5", "--rule", "turn_cap=3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith("drawn after 3 turns")


@pytest.mark.parametrize(
    "args,needles",
    [
        (["play", "--rule", "nope=1"], ("unknown rule option 'nope'",)),
        (["cards", "--deck", "{bad_deck}"], ("{bad_deck}:5: field 'right'",)),
        (["resolve", "{missing}", "--list"], ("{missing}", "no such position file")),
        (["resolve", "{turn}", "pass", "-o", "{out}"], ("not legal", "legal: draw")),
    ],
    ids=["unknown-rule", "bad-deck", "missing-position", "illegal-action"],
)
def test_installed_script_bad_input(files, tmp_path, args, needles):
    names = {
        "bad_deck": str(files["bad_deck"]),
        "missing": str(tmp_path / "missing.json"),
        "turn": str(files["turn"]),
        "out": str(tmp_path / "out.json"),
    }
    out = subprocess.run(
        [emr_sim_script(), *(a.format(**names) for a in args)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(ERROR_PREFIX), out.stderr
    for needle in needles:
        assert needle.format(**names) in lines[0]
    assert not (tmp_path / "out.json").exists()
