"""A played game saved as a file (the game record), loaded back and replayed through the engine.

Format ``emr-sim-game``, version 1 (docs/play.md, "Saved games")::

    {
      "format": "emr-sim-game", "version": 1,
      "contents": "full record: ...",         # FULL_RECORD: the seed reveals every hidden card
      "emr_sim": "0.1.0",                     # the version that wrote it
      "seed": 1, "index": 0,                  # the deal: game `index` of run `seed`
      "rules": {"fury": "on", ...},           # options.describe_options
      "heroes": ["crow", "wind"] | null,      # the masters of seat 0 and seat 1
      "deck": "default" | "path/deck.csv",    # where the deck came from (for people)
      "deck_sha256": "<hex>",                 # the deck's bytes: a replay needs the same deck
      "players": ["human", "greedy"],         # seat 0, seat 1: a player spec or "human"
      "actions": [{"seat": 0, "code": 1, "action": "draw"}, ...],
      "result": {"over": true, "winner": 1 | 0 | "draw" | null, "turns": 14}
    }

The deal's seed and index fix every shuffle, so the record holds every hidden card: the
opponent's hand and the draw order. It is for replays and reviews, not for showing to a
player mid-game; `view_dict` is what one seat saw (its log, its own actions, no seed).

Loading is strict: the format and version, every key and type, the rules, masters and
player specs, the deck's sha256 against the deck given, then the replay itself: each action
must be legal where it was taken, by the seat that was to decide, and read as recorded (its
notation), and the result must be the replay's. The first problem raises RecordError whose
message names the file and the JSON path (``game.json: $.actions[12]: ...``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import Deck
from emr_sim.games.emr.face.core import Game, IllegalAction
from emr_sim.games.emr.lineup.heroes import parse_hero_pair
from emr_sim.version import __version__

RECORD_FORMAT = "emr-sim-game"
RECORD_VERSION = 1
VIEW_FORMAT = "emr-sim-game-view"
VIEW_VERSION = 1
FULL_RECORD = (
    "full record: the deal's seed reveals every hidden card (both hands, the draw order); "
    "for replays and reviews, not for a player during the game"
)
VIEW_CONTENTS = "what one seat saw: its own cards, the public board and its log; no seed, no hidden card"
HUMAN = "human"  # a seat played by a person
WHAT = "game record"  # what the reader calls the file in its messages
MAX_RECORD_BYTES = 16_000_000  # a game of 200 turns is well under 100 kB
MAX_ACTIONS = 1_000_000
INT64 = (-(2**63), 2**63 - 1)
KEYS = ("format", "version", "seed", "index", "rules", "heroes", "deck_sha256", "players", "actions")
OPTIONAL = ("contents", "emr_sim", "deck", "result")


class RecordError(BadInput):
    """A game record that cannot be used; the message names the file and the JSON path."""


@dataclass
class GameRecord:
    """One game: the deal, the rules, the deck, the players of each seat and every action."""

    seed: int
    index: int
    rules: dict[str, str]
    heroes: tuple[str, str] | None
    deck_sha256: str
    players: tuple[str, str]  # a player spec's text, or HUMAN
    actions: list[int] = field(default_factory=list)
    deck: str = "default"

    def new_game(self, deck: Deck) -> Game:
        """The game at its first decision."""
        return Game.new(self.seed, self.index, deck, self.rules, self.heroes)

    def to_dict(self, game: Game) -> dict:
        """The record as JSON (GAME: the game replayed to the end of the actions)."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "contents": FULL_RECORD,
            "emr_sim": __version__,
            "seed": self.seed,
            "index": self.index,
            "rules": dict(self.rules),
            "heroes": list(self.heroes) if self.heroes else None,
            "deck": self.deck,
            "deck_sha256": self.deck_sha256,
            "players": list(self.players),
            "actions": actions_json(self.new_game(game.deck), self.actions),
            "result": result_json(game),
        }


def result_json(game: Game) -> dict:
    return {"over": game.over, "winner": game.winner, "turns": int(game.state[C.H_TURN])}


def actions_json(game: Game, codes: list[int]) -> list[dict]:
    """Each action with its seat and notation, replayed from GAME (a fresh game)."""
    out = []
    for code in codes:
        out.append({"seat": game.decider, "code": code, "action": dict(game.legal())[code]})
        game.apply(code)
    return out


def dumps_record(record: GameRecord, game: Game) -> str:
    """The record as JSON text, one action a line."""
    d = record.to_dict(game)
    actions = d.pop("actions")
    head = json.dumps(d, indent=1)[:-2]  # without the closing "\n}"
    rows = ",\n".join("  " + json.dumps(a) for a in actions)
    return f'{head},\n "actions": [\n{rows}\n ]\n}}\n'


# ---------------------------------------------------------------- replaying


@dataclass
class Replay:
    """A record replayed: the state before each action (and the final one) and the events of
    each step (steps[0]: the deal up to the first decision)."""

    record: GameRecord
    game: Game  # at the end of the actions
    states: list[np.ndarray]  # states[k]: before action k; states[-1]: after the last
    steps: list[list[tuple[int, ...]]]  # steps[0]: the deal; steps[k + 1]: action k's events
    deciders: list[int]  # the seat that took action k

    def game_at(self, k: int) -> Game:
        """A game in the position before action k (k = len(actions): the end)."""
        return Game(self.states[k].copy(), self.game.table, self.game.opts, self.game.deck)

    def events_until(self, k: int) -> list[tuple[int, ...]]:
        """Every event from the deal up to the position before action k."""
        return [row for step in self.steps[: k + 1] for row in step]


def replay(record: GameRecord, deck: Deck, where: str = "") -> Replay:
    """Play the record's actions again through the engine; RecordError at the first action
    that is not legal where it was taken."""
    game = record.new_game(deck)
    states, steps, deciders = [game.state.copy()], [list(game.events)], []
    for k, code in enumerate(record.actions):
        seat = game.decider
        try:
            events = game.apply(code)
        except IllegalAction as err:
            raise RecordError(f"{where}$.actions[{k}]: {err}") from None
        deciders.append(seat)
        states.append(game.state.copy())
        steps.append(events)
    return Replay(record, game, states, steps, deciders)


# ---------------------------------------------------------------- loading


def read_record_file(path: str | Path) -> object:
    """The parsed JSON of a record file (a regular file, capped, its nesting bounded: the one
    input reader, emr_sim.files.read); RecordError naming the file if unreadable."""
    from emr_sim.files.read import InputFileError, parse_json, read_input

    try:
        return parse_json(read_input(path, WHAT, MAX_RECORD_BYTES), path, WHAT)
    except InputFileError as err:
        raise RecordError(str(err)) from None


def _fail(path: str, problem: str) -> RecordError:
    return RecordError(f"$.{path}: {problem}" if path else f"$: {problem}")


def _int(value: object, path: str, low: int = INT64[0], high: int = INT64[1]) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, f"expected an integer, not {value!r}")
    if not low <= value <= high:
        raise _fail(path, f"{value} is out of range {low}..{high}")
    return value


def _check_format(d: dict) -> None:
    fmt = d.get("format")
    if fmt != RECORD_FORMAT:
        hint = {
            "emr-sim-position": " (a position: `emr-sim resolve` reads it)",
            VIEW_FORMAT: " (a view export holds no seed: it cannot be replayed)",
        }.get(str(fmt), "")
        raise _fail("format", f"{fmt!r} is not {RECORD_FORMAT!r}{hint}")
    version = _int(d.get("version"), "version")
    if version != RECORD_VERSION:
        raise _fail("version", f"version {version} is not supported (this build reads {RECORD_VERSION})")


def _keys(d: dict) -> None:
    missing = [k for k in KEYS if k not in d]
    if missing:
        raise _fail("", f"missing key {missing[0]!r}")
    unknown = [k for k in d if k not in KEYS + OPTIONAL]
    if unknown:
        raise _fail(unknown[0], "unknown key")


def _rules(value: object) -> dict[str, str]:
    from emr_sim.games.emr.options import describe_options, make_options

    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise _fail("rules", "expected an object of option names and texts")
    try:
        return describe_options(make_options(value))
    except ValueError as err:
        raise _fail("rules", str(err)) from None


def _heroes(value: object, rules: dict[str, str]) -> tuple[str, str] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        raise _fail("heroes", f"expected two masters or null, not {value!r}")
    try:
        parse_hero_pair(value)
    except ValueError as err:
        raise _fail("heroes", str(err)) from None
    if rules.get("fury") != "on":
        raise _fail("heroes", "masters play in hero mode only, but rules.fury is off")
    return value[0], value[1]


def _players(value: object) -> tuple[str, str]:
    from emr_sim.games.emr.lineup.spec import parse_spec

    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
        raise _fail("players", f"expected two player specs (or {HUMAN!r}), not {value!r}")
    for seat, text in enumerate(value):
        if text != HUMAN:
            try:
                parse_spec(text)
            except BadInput as err:
                raise _fail(f"players[{seat}]", str(err)) from None
    return value[0], value[1]


def _actions(value: object) -> list[tuple[int, int, str]]:
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise _fail("actions", f"expected a list of at most {MAX_ACTIONS:,} actions")
    out = []
    for k, item in enumerate(value):
        where = f"actions[{k}]"
        if not isinstance(item, dict) or set(item) != {"seat", "code", "action"}:
            raise _fail(where, 'expected {"seat": S, "code": N, "action": TEXT}')
        if not isinstance(item["action"], str):
            raise _fail(f"{where}.action", f"expected text, not {item['action']!r}")
        out.append(
            (_int(item["seat"], f"{where}.seat", 0, 1), _int(item["code"], f"{where}.code"), item["action"])
        )
    return out


def record_from_dict(d: object, deck: Deck, where: str = "") -> Replay:
    """A record dict checked and replayed; RecordError (prefixed with WHERE) if invalid."""
    try:
        if not isinstance(d, dict):
            raise _fail("", f"expected a JSON object, not {type(d).__name__}")
        _check_format(d)
        _keys(d)
        rules = _rules(d["rules"])
        sha = d["deck_sha256"]
        if not isinstance(sha, str):
            raise _fail("deck_sha256", f"expected text, not {sha!r}")
        if sha != deck.sha256:
            named = d.get("deck", "another deck")
            raise _fail(
                "deck_sha256",
                f"recorded with deck {sha[:12]}... ({named}), not this deck {deck.sha256[:12]}...; "
                "give that deck with --deck",
            )
        record = GameRecord(
            seed=_int(d["seed"], "seed"),
            index=_int(d["index"], "index"),
            rules=rules,
            heroes=_heroes(d["heroes"], rules),
            deck_sha256=sha,
            players=_players(d["players"]),
            deck=str(d.get("deck", "default")),
        )
        actions = _actions(d["actions"])
        record.actions = [code for _seat, code, _text in actions]
        done = replay(record, deck)
        _check_actions(done, actions)
        _check_result(done, d.get("result"))
        return done
    except RecordError as err:
        raise RecordError(f"{where}{err}") from None


def _check_actions(done: Replay, actions: list[tuple[int, int, str]]) -> None:
    """Each action by the seat that was to decide, and read as recorded."""
    for k, (seat, code, text) in enumerate(actions):
        if done.deciders[k] != seat:
            raise _fail(
                f"actions[{k}].seat", f"seat {seat} took it, but seat {done.deciders[k]} was to decide"
            )
        shown = dict(done.game_at(k).legal())[code]
        if shown != text:
            raise _fail(f"actions[{k}].action", f"code {code} reads {shown!r} here, not {text!r}")


def _check_result(done: Replay, result: object) -> None:
    if result is None:
        return
    replayed = result_json(done.game)
    if result != replayed:
        raise _fail("result", f"the replay ends {replayed}, not {result}")


def load_record(path: str | Path, deck: Deck) -> Replay:
    """A record file checked and replayed (RecordError naming the file and path if invalid)."""
    return record_from_dict(read_record_file(path), deck, where=f"{path}: ")


# ---------------------------------------------------------------- one seat's view


def view_dict(done: Replay, seat: int) -> dict:
    """What SEAT saw: the players, rules and masters, its own actions and its log (the
    opponent's draws unnamed, D-HIDDEN); no seed, no index, no hidden card."""
    from emr_sim.games.emr.face.log import format_events

    record = done.record
    own = [{"action": text, "turn": turn} for text, turn, who in _action_texts(done) if who == seat]
    return {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "contents": VIEW_CONTENTS,
        "emr_sim": __version__,
        "seat": seat,
        "players": list(record.players),
        "rules": dict(record.rules),
        "heroes": list(record.heroes) if record.heroes else None,
        "deck_sha256": record.deck_sha256,
        "own_actions": own,
        "log": format_events(done.events_until(len(record.actions)), done.game.table, seat),
        "result": result_json(done.game),
    }


def _action_texts(done: Replay) -> list[tuple[str, int, int]]:
    """(notation, turn, seat) of every action."""
    out = []
    for k, code in enumerate(done.record.actions):
        before = done.game_at(k)
        out.append((dict(before.legal())[code], int(before.state[C.H_TURN]), done.deciders[k]))
    return out
