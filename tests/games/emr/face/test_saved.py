"""Saved games (emr_sim.games.emr.face.saved): a record replays to the same game through the engine;
a damaged, foreign or tampered record is refused with the file and the JSON path; the view
export holds what one seat saw and no seed."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support.versus import greedy_game

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.saved import (
    FULL_RECORD,
    RECORD_FORMAT,
    RecordError,
    dumps_record,
    load_record,
    record_from_dict,
    view_dict,
)


@pytest.fixture(scope="module")
def played():
    return greedy_game(seed=3, seat=1, heroes=("crow", "wind"))


@pytest.fixture
def saved(played, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(dumps_record(played.record(), played.game), encoding="utf-8")
    return path


def test_a_saved_game_replays_to_the_same_game(played, saved):
    d = json.loads(saved.read_text())
    assert d["format"] == RECORD_FORMAT and d["version"] == 1
    assert d["contents"] == FULL_RECORD and "reveals every hidden card" in d["contents"]
    assert d["players"] == ["greedy", "human"] and d["heroes"] == ["crow", "wind"]
    assert d["deck_sha256"] == load_deck().sha256 and d["seed"] == 3 and d["index"] == 0
    assert [a["code"] for a in d["actions"]] == played.actions
    assert d["result"] == {
        "over": True,
        "winner": played.game.winner,
        "turns": int(played.game.state[C.H_TURN]),
    }
    done = load_record(saved, load_deck())
    assert np.array_equal(done.game.state, played.game.state)
    assert done.game.events == played.game.events
    assert len(done.states) == len(played.actions) + 1
    assert done.deciders == [a["seat"] for a in d["actions"]]
    assert done.steps[1:] == played.steps[1:]


def test_the_states_of_a_replay_are_the_positions_before_each_action(played, saved):
    done = load_record(saved, load_deck())
    k = len(played.actions) // 2
    game = done.game_at(k)
    for code in played.actions[k:]:
        game.apply(code)
    assert np.array_equal(game.state, played.game.state)


def mutate(saved, change):
    d = json.loads(saved.read_text())
    change(d)
    saved.write_text(json.dumps(d))
    return saved


def set_key(key, value):
    return lambda d: d.__setitem__(key, value)


def set_action(k, field, value):
    return lambda d: d["actions"][k].__setitem__(field, value)


@pytest.mark.parametrize(
    "change,needle",
    [
        (
            set_key("format", "emr-sim-position"),
            "$.format: 'emr-sim-position' is not 'emr-sim-game' (a position",
        ),
        (set_key("format", "emr-sim-game-view"), "a view export holds no seed"),
        (set_key("version", 2), "$.version: version 2 is not supported"),
        (lambda d: d.pop("seed"), "missing key 'seed'"),
        (set_key("extra", 1), "$.extra: unknown key"),
        (set_key("seed", "3"), "$.seed: expected an integer"),
        (set_key("rules", {"health": "nine"}), "$.rules:"),
        (set_key("heroes", ["crow", "crow"]), "$.heroes: heroes: the second player may not pick"),
        (set_key("players", ["greedy", "nope"]), "$.players[1]: unknown player 'nope'"),
        (set_key("deck_sha256", "0" * 64), "$.deck_sha256: recorded with deck 000000000000"),
        (set_action(0, "code", 9999), "$.actions[0]:"),
        (lambda d: d["actions"][2].update(seat=1 - d["actions"][2]["seat"]), "$.actions[2].seat: seat"),
        (set_action(2, "action", "pass"), "$.actions[2].action: code"),
        (lambda d: d["actions"].append(d["actions"][0]), "$.actions[%LAST%]:"),
        (lambda d: d["result"].__setitem__("winner", "draw"), "$.result: the replay ends"),
        (lambda d: d["actions"].pop(), "$.result: the replay ends"),
    ],
)
def test_a_damaged_or_tampered_record_is_refused_with_its_path(saved, played, change, needle):
    mutate(saved, change)
    needle = needle.replace("%LAST%", str(len(played.actions)))
    with pytest.raises(RecordError) as err:
        load_record(saved, load_deck())
    assert str(err.value).startswith(f"{saved}: ")
    assert needle in str(err.value), str(err.value)


@pytest.mark.parametrize(
    "text,needle",
    [
        ("{", "not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ("\xff", "not UTF-8 text"),
        ("", "not JSON"),
        ("[" * 100 + "]" * 100, "nested more than 64 levels"),
    ],
)
def test_a_file_that_is_not_a_record_is_refused(tmp_path, text, needle):
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(RecordError, match=needle):
        load_record(path, load_deck())


def test_a_number_too_long_to_be_a_seed_is_refused_by_its_path(saved):
    saved.write_text(saved.read_text().replace('"seed": 3', '"seed": 1' + "0" * 40))
    with pytest.raises(RecordError, match=r"\$\.seed: expected an integer, not a 41-digit number"):
        load_record(saved, load_deck())


def test_a_missing_file_a_directory_or_a_pipe_is_refused(tmp_path):
    import os

    with pytest.raises(RecordError, match="no such game record file"):
        load_record(tmp_path / "none.json", load_deck())
    with pytest.raises(RecordError, match="a directory, not a game record file"):
        load_record(tmp_path, load_deck())
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(RecordError, match="a named pipe"):
        load_record(tmp_path / "pipe", load_deck())


def test_an_unfinished_game_is_saved_and_replayed(played):
    record = played.record()
    record.actions = record.actions[:10]
    game = record.new_game(load_deck())
    for code in record.actions:
        game.apply(code)
    d = json.loads(dumps_record(record, game))
    assert d["result"]["over"] is False and d["result"]["winner"] is None
    done = record_from_dict(d, load_deck())
    assert np.array_equal(done.game.state, game.state)


def test_the_view_holds_what_the_seat_saw_and_no_seed(played, saved):
    done = load_record(saved, load_deck())
    seat = 1  # the person's
    view = view_dict(done, seat)
    text = json.dumps(view)
    assert view["format"] == "emr-sim-game-view" and view["seat"] == seat
    assert "seed" not in view and "index" not in view and "rng" not in text
    assert view["log"] == played.log_lines(played.game.events)  # the person's own log, masked
    opponent_draws = [line for line in view["log"] if line.startswith("P0 draws")]
    assert opponent_draws and all(
        line.startswith("P0 draws a card") or "nothing" in line for line in opponent_draws
    )
    full_log = played.game.log_lines()  # all cards named: the view's lines differ exactly there
    assert any("P0 draws" in a and a != b for a, b in zip(full_log, view["log"], strict=True))
    assert [a["action"] for a in view["own_actions"]] == [
        a["action"] for a in json.loads(saved.read_text())["actions"] if a["seat"] == seat
    ]
