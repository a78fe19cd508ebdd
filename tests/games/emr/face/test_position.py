"""Positions as JSON: round trips, card references, strict validation, describe()."""

from __future__ import annotations

import copy
import functools
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.scenario import seeded_steps
from support.state import BOWS, at_decision, hero_options, mid_game_state, pb, small_table

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.face.fields import POSITION_FORMAT, POSITION_VERSION, RES_DEFAULTS, RES_FIELDS
from emr_sim.games.emr.face.load import PositionError, load_position
from emr_sim.games.emr.face.position import (
    card_ref,
    dumps_position,
    save_position,
    state_from_dict,
    state_to_dict,
)
from emr_sim.games.emr.face.show import describe
from emr_sim.games.emr.options import default_options

TABLE = small_table()
SHA = "ab" * 32


@functools.cache
def real_states() -> tuple:
    """Every decision of hero-mode games, each master met (copies of the Game)."""
    states = []
    for seed in range(1, 25):
        heroes = ("crow,wind", "illusion,bushido", "earth,poison", "kungfu,master", "wind,earth")[seed % 5]
        players = (C.PLAYER_GREEDY, C.PLAYER_RANDOM)
        rules = {"fury": "on", "copy_copy": "on"}
        for game, _prng in seeded_steps(seed, players, rules=rules, heroes=heroes):
            states.append(copy.deepcopy(game))
    return tuple(states)


def position(state=None) -> dict:
    """The dict of STATE (default: the mid-game state)."""
    state = mid_game_state() if state is None else state
    return state_to_dict(state, TABLE, hero_options(), SHA)


def round_trip(state: np.ndarray, opts: np.ndarray | None = None) -> None:
    """state -> dict -> JSON text -> dict -> state gives the same arrays."""
    opts = hero_options() if opts is None else opts
    text = json.dumps(state_to_dict(state, TABLE, opts))
    back, back_opts = state_from_dict(json.loads(text), TABLE)
    assert back.dtype == np.int64 and back.shape == (C.STATE_SIZE,)
    assert np.array_equal(back, state), np.flatnonzero(back != state)
    assert np.array_equal(back_opts, opts)


def fails(d: dict, message: str) -> None:
    """Loading D raises PositionError containing MESSAGE."""
    with pytest.raises(PositionError) as info:
        state_from_dict(d, TABLE)
    assert message in str(info.value)


# ---------------------------------------------------------------- round trips


def test_round_trip_mid_game_state():
    round_trip(mid_game_state())


def test_round_trip_default_options():
    game = real_states()[0]
    opts = default_options()
    d = json.loads(json.dumps(state_to_dict(Game.new(seed=3).state, game.table, opts)))
    back, back_opts = state_from_dict(d, game.table)
    assert np.array_equal(back, Game.new(seed=3).state) and np.array_equal(back_opts, opts)


def test_round_trip_every_phase_of_real_games():
    """Each decision kind that hero-mode games reach round-trips (the loader checks it)."""
    seen = set()
    for game in real_states():
        text = json.dumps(state_to_dict(game.state, game.table, game.opts))
        back, opts = state_from_dict(json.loads(text), game.table)
        assert np.array_equal(back, game.state) and np.array_equal(opts, game.opts)
        seen.add(game.phase)
    assert len(seen) >= 12, sorted(seen)


@pytest.mark.parametrize("winner", [0, 1, C.DRAWN_GAME])
def test_round_trip_game_over(winner):
    s = at_decision(C.DK_NONE)
    s[C.H_WINNER] = winner
    if winner != C.DRAWN_GAME:
        s[pb(1 - winner) + C.P_HEALTH] = 0
    round_trip(s)
    expected = {0: 0, 1: 1, C.DRAWN_GAME: "draw"}[winner]
    assert position(s)["winner"] == expected


def test_round_trip_after_play_no_resolution():
    s = mid_game_state()
    s[C.H_PHASE], s[C.H_DECIDER], s[C.RES_STEP] = C.DK_TURN, 0, C.STEP_ACTION  # p0's next action
    s[C.RES_EJECTED] = C.NO_CARD  # the ejected bow left the game (D-BOW)
    s[C.RES_PLAYED] = C.NO_CARD
    s[C.RES_PLAYED_ZONE] = -1
    s[C.DISC_N] += 1
    s[C.DISC + s[C.DISC_N] - 1] = 11
    s[C.DRAW_N] -= 1
    s[C.DRAW + 2 : C.DRAW + 5] = (12, 1, C.NO_CARD)  # 11 moved from the draw pile to the discards
    round_trip(s)


def test_round_trip_each_resolution_field():
    """Each RES_* field is written, and real states with it away from its idle value
    (RES_DEFAULTS, else 0) come back unchanged."""
    busy = set()
    for game in real_states():
        d = json.loads(json.dumps(state_to_dict(game.state, game.table, game.opts)))
        assert set(d["resolution"]) == set(RES_FIELDS)
        back, _ = state_from_dict(d, game.table)
        assert np.array_equal(back, game.state)
        busy |= {
            key for key, (off, _kind) in RES_FIELDS.items() if game.state[off] != RES_DEFAULTS.get(key, 0)
        }
    assert len(busy) >= 18, sorted(set(RES_FIELDS) - busy)  # 20 in these games


@given(words=st.lists(st.integers(0, 2**32 - 1), min_size=4, max_size=4))
@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
def test_round_trip_rng_words(words):
    s = mid_game_state()
    s[C.RNG : C.RNG + 4] = words
    round_trip(s)


def test_file_round_trip(tmp_path):
    s, opts = mid_game_state(), hero_options()
    path = tmp_path / "pos.json"
    save_position(path, s, TABLE, opts, SHA)
    back, back_opts = load_position(path, TABLE)
    assert np.array_equal(back, s) and np.array_equal(back_opts, opts)
    back2, _ = load_position(str(path), TABLE, deck_sha256=SHA)
    assert np.array_equal(back2, s)
    assert json.loads(path.read_text())["deck_sha256"] == SHA


def test_load_position_from_dict():
    back, _ = load_position(position(), TABLE)
    assert np.array_equal(back, mid_game_state())


def test_dumps_is_json_with_header_and_one_line_piles():
    text = dumps_position(mid_game_state(), TABLE, hero_options(), SHA)
    d = json.loads(text)
    assert d["format"] == POSITION_FORMAT and d["version"] == POSITION_VERSION
    assert '"draw_pile": ["blue 5-4", "yellow 5-1", "green 3-2", "red 4-1", "blue 4-4"]' in text


# ---------------------------------------------------------------- the structure written


def test_structure_names_phase_step_and_rules():
    d = position()
    assert d["phase"] == "defend" and d["decider"] == 1 and d["active"] == 0
    assert d["winner"] is None and d["hero_mode"] is True and d["turn"] == 7
    assert d["rules"]["fury"] == "on" and d["rules"]["penalty"] == "each"
    res = d["resolution"]
    assert res["step"] == "damage" and res["played"] == "yellow 2-2" and res["ejected"] == 124
    assert res["hit"] is True and res["last_counter"] is None and res["effect"] == "none"
    assert set(res) == set(RES_FIELDS)
    assert d["rng"] == [1, 2**32 - 1, 12345, 0]


def test_structure_players():
    p0, p1 = position()["players"]
    assert p0["health"] == 6 and p0["fury"] is True and p0["hero"] == "earth"
    assert p0["zones"] == [
        {"zone": 0, "damage_tokens": 2, "crow": False},
        {"zone": 5, "damage_tokens": 0, "crow": True},
    ]
    assert p0["set_aside"] == ["yellow 4-2"] and p1["poison"] is False and p1["hero"] == "crow"
    blocked = {"zone": 3, "card": "red 1-5", "blocked": True, "damage_tokens": 1, "power_plus": 0}
    assert p1["board"][1] == blocked | {"power_minus": 0}
    assert p1["board"][0]["power_plus"] == 1 and p1["board"][0]["power_minus"] == 2
    assert p1["zones"] == [{"zone": 1, "damage_tokens": 1, "crow": False}]


def test_cards_written_as_unique_labels_else_ids():
    d = position()
    assert d["players"][0]["hand"] == ["red 3-1", 14]  # 14 and 15 are both 'red 1-1'
    assert d["discard_pile"][-1] == 15
    assert [e["card"] for e in d["players"][0]["board"]] == [125, "yellow 2-2"]  # bows share 'bow 3-3'
    assert card_ref(TABLE, 0) == "red 3-1" and card_ref(TABLE, 124) == 124 and card_ref(TABLE, -1) is None


def test_loader_accepts_ids_labels_and_hash_ids():
    d = position()
    d["players"][0]["hand"] = [0, "#14"]
    d["players"][1]["hand"] = ["GREEN 5-1", 4, "5"]
    d["players"][0]["board"][1]["card"] = 2
    d["resolution"]["played"] = 2
    back, _ = state_from_dict(d, TABLE)
    assert np.array_equal(back, mid_game_state())


def test_optional_keys_take_defaults():
    d = position()
    for key in ("deck_sha256", "plays", "decisions"):
        del d[key]
    d["resolution"] = {
        key: d["resolution"][key] for key in ("step", "played_zone", "played", "ejected", "hit")
    }
    for p in d["players"]:
        for key in ("fury", "poison", "zones"):
            del p[key]
        for entry in p["board"]:
            del entry["blocked"], entry["damage_tokens"], entry["power_plus"], entry["power_minus"]
    del d["players"][1]["hero"]
    s, _ = state_from_dict(d, TABLE)
    assert s[C.H_PLAYS] == 0 and s[C.RES_LAST_COUNTER] == -1 and s[C.RES_WIND] == C.NO_CARD
    assert s[pb(1) + C.P_HERO] == C.NO_HERO and s[pb(1) + C.P_ZBLOCK + 3] == 0
    assert s[C.RES_EJECTED] == 124 and s[C.H_N_SHOT] == 16


# ---------------------------------------------------------------- validation


def edited(path: str, value) -> dict:
    """The mid-game dict with the value at PATH (dots and [i]) replaced; "DELETE" removes it."""
    d = position()
    keys = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "").split(".")]
    target = d
    for key in keys[:-1]:
        target = target[key]
    if value == "DELETE":
        del target[keys[-1]]
    else:
        target[keys[-1]] = value
    return d


BAD_VALUES = [
    ("format", "emr-sim-game", "format: 'emr-sim-game' is not 'emr-sim-position'"),
    ("version", 2, "version: version 2 is not supported"),
    ("version", "1", "version: expected an integer"),
    ("rng", "DELETE", "$: missing key 'rng'"),
    ("phase", "thinking", "phase: 'thinking' is not a decision kind"),
    ("decider", 2, "decider: 2 is out of range 0..1"),
    ("turn", "7", "turn: expected an integer, not '7'"),
    ("turn", -1, "turn: -1 is out of range 0.."),
    ("winner", "p0", "winner: 'p0' is not null, 0, 1 or 'draw'"),
    ("winner", 1, "winner: must be given exactly when the phase is 'over'"),
    ("hero_mode", "yes", "hero_mode: expected true or false"),
    ("rules", {"fury": "maybe"}, "rules: rule option 'fury': 'maybe' is not one of on, off"),
    ("rules", {"colour": "on"}, "rules: unknown rule option 'colour'"),
    ("rules", {"fury": None}, "rules.fury: expected text"),
    ("players", [], "players: expected 2 players, not 0"),
    ("players[0].health", -1, "players[0].health: -1 is out of range 0.."),
    ("players[0].health", 6.5, "players[0].health: expected an integer"),
    ("players[1].hero", "ninja", "players[1].hero: 'ninja' is not a hero"),
    ("players[0].fury", 3.0, "players[0].fury: expected true or false"),
    ("players[1].hand", "red 3-1", "players[1].hand: expected a list, not str"),
    ("players[1].hand[2]", "red 9-9", "players[1].hand[2]: card 'red 9-9' is unknown"),
    ("players[1].hand[2]", 99, "players[1].hand[2]: card 99 is unknown"),
    ("players[1].hand[2]", "red 1-1", "players[1].hand[2]: card 'red 1-1' is ambiguous"),
    ("players[1].hand[2]", True, "players[1].hand[2]: expected a card label or id"),
    ("players[1].board[1].card", "red 9-9", "$.players[1].board[1].card: card 'red 9-9' is unknown"),
    ("players[0].board[1].zone", 6, "players[0].board[1].zone: 6 is out of range 0..5"),
    ("players[0].board[1].zone", 3, "$.players[0].board[1].zone: zone 3 holds two cards"),
    ("players[0].board[1].zone", 5, "players[0].board: the two cards must stand in adjacent zones"),
    ("players[0].board[1]", "DELETE", "$.players[0].board: a board holds exactly 2 cards"),
    ("players[0].board[1].colour", "red", "players[0].board[1]: unknown key 'colour'"),
    ("players[0].board[1].blocked", "no", "$.players[0].board[1].blocked: expected true or false"),
    ("players[0].board[1].power_plus", -1, "$.players[0].board[1].power_plus: -1 is out of range"),
    ("players[0].zones[0].zone", 9, "players[0].zones[0].zone: 9 is out of range 0..5"),
    ("players[0].zones[0].crow", 2.5, "$.players[0].zones[0].crow: expected true or false"),
    ("players[0].zones[1].zone", 0, "$.players[0].zones[1].zone: zone 0 is listed twice"),
    ("players[1].cards", [], "players[1]: unknown key 'cards'"),
    ("players[1].hand", [3, 4, 5, 0], "players[1].hand: card 0 (red 3-1) is also in players[0].hand"),
    ("discard_pile", [7, 13, 15, 9], "discard_pile: card 9 (blue 5-4) is also in draw_pile"),
    ("draw_pile", [9, 10, 11, 12], "$: shot cards found nowhere: 1 (blue 4-4)"),
    ("players[0].hand", [0, 14, 127], "players[0].hand: bow card 127 (bow 3-3) may only stand on a board"),
    ("draw_pile", [9, 10, 11, 12, 1, 127], "draw_pile: bow card 127"),
    ("resolution.step", "lunch", "resolution.step: 'lunch' is not a step"),
    ("resolution.effect", "fireball", "resolution.effect: 'fireball' is not an effect"),
    ("resolution.played_zone", 6, "resolution.played_zone: 6 is out of range 0..5"),
    ("resolution.ejected", 1, "resolution.ejected: card 1 (blue 4-4) is also in draw_pile"),
    ("resolution.ejected", "red 9-9", "resolution.ejected: card 'red 9-9' is unknown"),
    ("resolution.hit", "yes", "resolution.hit: expected true or false"),
    ("resolution.attack", None, "resolution.attack: expected an integer"),
    ("resolution.mood", 1, "resolution: unknown key 'mood'"),
    ("resolution", [], "resolution: expected an object"),
    ("rng", [1, 2, 3], "rng: expected 4 words, not 3"),
    ("plays", 2**70, "plays: 1180591620717411303424 is too large"),
    ("rng[1]", 2**32, "rng[1]: 4294967296 is out of range 0..4294967295"),
    ("deck_sha256", 5, "deck_sha256: expected text or null"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_VALUES, ids=[b[0] for b in BAD_VALUES])
def test_validation_names_the_path(path, value, message):
    fails(edited(path, value), message)


def test_unknown_top_level_key():
    d = position()
    d["comment"] = "hello"
    fails(d, "$: unknown key 'comment'")


def test_not_an_object():
    fails([], "$: expected a JSON object, not list")


def test_game_over_keeps_the_board_rule():
    """R-BOARD holds in every state the rules produce, the last one too."""
    d = edited("players[0].board[1]", "DELETE")
    d["phase"], d["winner"] = "over", 1
    d["players"][0]["health"] = 0
    d["discard_pile"].append("yellow 2-2")
    fails(d, "$.players[0].board: a board holds exactly 2 cards, not 1")


def test_bow_missing_from_board_is_allowed():
    s = mid_game_state()
    assert s[pb(1) + C.P_ZCARD + 2] == BOWS[2] and BOWS[3] not in s  # 127 left the game (D-BOW)
    round_trip(s)


def test_wind_card_may_be_held_by_the_reveal():
    """H-WIND: the revealed card may be out of every pile while its effect resolves."""
    d = position()
    d["phase"], d["decider"] = "effect", 0  # p0 revealed a swap at the start of the turn
    d["players"][0]["set_aside"] = []
    d["discard_pile"].append("yellow 4-2")
    d["draw_pile"].remove("blue 4-4")
    res = d["resolution"]
    res |= {"step": "techniques", "played": None, "played_zone": None, "ejected": None, "hit": False}
    res |= {"effect": "swap", "effect_source": "blue 4-4", "effect_owner": 0, "wind": "blue 4-4"}
    s, _ = state_from_dict(d, TABLE)
    assert s[C.RES_WIND] == 1 and s[C.DRAW_N] == 4
    round_trip(s)


def test_deck_mismatch_is_refused():
    with pytest.raises(PositionError, match="deck_sha256: recorded with deck abababababab"):
        load_position(position(), TABLE, deck_sha256="cd" * 32)


def test_unreadable_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(PositionError, match="not JSON"):
        load_position(bad, TABLE)
    with pytest.raises(PositionError, match="missing.json: no such position file"):
        load_position(tmp_path / "missing.json", TABLE)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 200)
    | st.integers()
    | st.sampled_from(["red 3-1", "bow 3-3", "x", "over"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["zone", "card", "a"]), inner)
    ),
    max_leaves=6,
)


def _leaf_paths(value, prefix=()):
    """Every path (tuple of keys) into VALUE's containers."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for key, child in items:
        yield (*prefix, key)
        yield from _leaf_paths(child, (*prefix, key))


PATHS = list(_leaf_paths(position()))


@given(index=st.integers(0, len(PATHS) - 1), value=JSON_VALUES)
@settings(max_examples=300, deadline=None)
def test_any_corruption_gives_position_error_or_a_valid_state(index, value):
    """Replacing any one value never raises anything but PositionError."""
    d = copy.deepcopy(position())
    *parents, last = PATHS[index]
    target = d
    for key in parents:
        target = target[key]
    target[last] = value
    try:
        s, _ = state_from_dict(d, TABLE)
    except PositionError:
        return
    assert s.shape == (C.STATE_SIZE,)


# ---------------------------------------------------------------- describe


def test_describe_shows_health_boards_and_decision():
    text = describe(mid_game_state(), TABLE)
    assert "turn 7, p0 active: p1 to decide 'defend'" in text
    assert "p0  health 6  hand 2  set-aside 1  hero earth  FURY" in text
    assert "p1  health 5  hand 3  hero crow" in text
    assert "3:red 1-5 blocked x1" in text and "2:bow 3-3 +1 -2" in text
    assert "0:. trap2" in text and "5:. crow" in text and "1:. trap1" in text
    assert "resolving: bow 3-3 ejected, attack 5 vs defence 5, hit, damage 1" in text
    assert "draw pile 5, discard pile 3, top red 1-1" in text


def test_describe_names_the_pending_effect():
    text = describe(at_decision(C.DK_EFFECT, C.EFFECT_SLIDE, decider=0), TABLE)
    assert "p0 to decide 'effect: slide'" in text


def test_describe_game_over():
    s = at_decision(C.DK_NONE)
    s[C.H_WINNER] = C.DRAWN_GAME
    assert describe(s, TABLE).startswith("turn 7: game over, drawn")
