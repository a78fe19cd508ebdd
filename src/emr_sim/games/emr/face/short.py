"""Short positions (format version 2): what a rules question needs, the rest filled in.

A designer writes health, boards, hands, tokens, fury, whose turn and the step; the rest
of the deck becomes the draw pile, shuffled by the file's seed. This module expands such
a position into the full state and checks it with the whole-position checks of
emr_sim.games.emr.face.validate, so a short position is refused or accepted exactly as the same
full (version 1) position would be. docs/positions.md is the user's spec; the keys:

    format, version = 2, step ("turn-start" | "turn" | "extra"), active, seed,
    players = [p0, p1]; optional: turn, hero_mode, rules, extra, draw_top, discard_pile
    player: hand, board ({zone: card or {card, blocked, damage_tokens, power_plus,
    power_minus}}); optional: health, hero, fury, set_aside, traps ({zone: count}), crows

Filled in from the step: phase, decider, first (from turn and active), the resume step,
the start-of-turn technique bit (offered already at "turn"/"extra", not yet at
"turn-start"), extra actions owed, poison (held while the poison master is furious) and
fury (from the pair, F-STATE, when the rules check it at every turn's start). A value
that cannot be inferred (fury in an extra action, or under fury_timing=own-turn-end) is
asked for by name; a given value that contradicts what the step implies is refused.
A "turn-start" position is left at the start of the turn (RES_STEP = turn-start, the
turn not yet counted): Game.from_position runs the engine's own turn start on it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label
from emr_sim.games.emr.face import fields as F
from emr_sim.games.emr.face.validate import MAX_COUNT, Layout, PositionError, check_position
from emr_sim.games.emr.options import FURY_TURN_START, O_FURY_TIMING, O_HERO_MODE, starting_health
from emr_sim.games.emr.rules.heroes import fury_colours

STEPS = ("turn-start", "turn", "extra")
TOP_REQUIRED = ("format", "version", "step", "active", "seed", "players")
TOP_OPTIONAL = ("turn", "hero_mode", "rules", "extra", "draw_top", "discard_pile")
PLAYER_REQUIRED = ("hand", "board")
PLAYER_OPTIONAL = ("health", "hero", "fury", "set_aside", "traps", "crows")
CARD_KEYS = ("card",)
CARD_OPTIONAL = ("blocked", "damage_tokens", "power_plus", "power_minus")
BOW_WORD = "bow"
SEED_LIMIT = 2**63
MAX_EXTRA = 2  # D-EXTRA: extra_max is 1 or 2
WHY = {
    "step": f"what comes next: one of {', '.join(STEPS)}",
    "active": "whose turn it is: 0 or 1",
    "seed": "the seed that shuffles the rest of the deck into the draw pile (an integer)",
    "players": "a list of two players (p0, p1)",
    "hand": "the player's hand (a list of cards, [] for none)",
    "board": "the player's board: {zone = card}, two cards side by side",
}
SHORT_PATHS = (  # the whole-position checks name full-form paths: their short-form keys
    (r"^\$\.phase:", "$.step:"),
    (r"^\$\.resolution\.in_extra:", "$.extra:"),
    (r"^\$\.players\[(\d)\]\.zones:", r"$.players[\1].crows:"),
)
_fury_colours = getattr(fury_colours, "py_func", fury_colours)  # the rule itself, run as Python


class ShortLayout(Layout):
    """Names board cards by zone, as a short position writes them."""

    def board(self, p: int, z: int) -> str:
        return f"players[{p}].board.{z}"


@dataclass
class Cards:
    """The deck's cards by label, handed out once each, remembering where."""

    table: np.ndarray
    where: dict[int, str]

    def take(self, value: object, path: str, p: int | None = None) -> int:
        """The card VALUE names (a label, ``bow`` for one of P's bows, an id or ``#id``),
        unused so far; a label several cards share gives the first unused one."""
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise F.fail(path, f"expected a card such as 'red 3-1', not {value!r}")
        if isinstance(value, str) and value.strip().lower() == BOW_WORD:
            return self._bow(path, p)
        ids = self._ids(value, path)
        free = [c for c in ids if c not in self.where]
        if not free:
            shown = card_label(self.table, ids[0])
            raise F.fail(path, f"card {value!r} ({shown}) is also in {self.where[ids[0]]}")
        self.where[free[0]] = path
        return free[0]

    def _ids(self, value: int | str, path: str) -> list[int]:
        text = str(value).strip().lower()
        if text.lstrip("#").isdigit():
            card = int(text.lstrip("#"))
            if not (0 <= card < C.BOW_BASE and self.table[card, C.CF_VALID]):
                raise F.fail(path, f"card {value!r} is not a shot card of this deck")
            return [card]
        key = " ".join(text.split())
        ids = [c for c in range(C.BOW_BASE) if self.table[c, C.CF_VALID] and card_label(self.table, c) == key]
        if not ids:
            raise F.fail(path, f"no card {value!r} in this deck: write a label such as 'red 3-1'")
        return ids

    def _bow(self, path: str, p: int | None) -> int:
        if p is None:
            raise F.fail(path, "a bow stands only on its owner's board (R-BOW)")
        for card in (C.BOW_BASE + 2 * p, C.BOW_BASE + 2 * p + 1):
            if card not in self.where:
                self.where[card] = path
                return card
        raise F.fail(path, f"p{p} has only two bows (R-BOW)")


def _required(d: dict, path: str, required: tuple, optional: tuple) -> dict:
    """D with every REQUIRED key (a missing one is asked for by name, saying what it is)."""
    for key in required:
        if key not in d:
            where = f"{path}.{key}" if path else key
            raise F.fail(where, f"missing: {WHY.get(key, 'required')}")
    return F.obj(d, path, required, optional)


def _zone(key: object, path: str) -> int:
    """A zone given as a table key ("2") or a number."""
    text = str(key)
    if not text.isdigit() or int(text) >= C.N_ZONES:
        raise F.fail(path, f"{key!r} is not a zone 0..{C.N_ZONES - 1}")
    return int(text)


def _zone_table(value: object, path: str) -> dict[int, object]:
    if not isinstance(value, dict):
        raise F.fail(path, f"expected a table {{zone = ...}}, not {type(value).__name__}")
    return {_zone(k, f"{path}.{k}"): v for k, v in value.items()}


def _board(value: object, path: str, s: np.ndarray, p: int, cards: Cards) -> None:
    """{zone: card | {card, blocked, tokens}}: the two cards of p's board."""
    b = C.player_base(p)
    for z, entry in _zone_table(value, path).items():
        where = f"{path}.{z}"
        e = entry if isinstance(entry, dict) else {"card": entry}
        e = F.obj(e, where, CARD_KEYS, CARD_OPTIONAL)
        s[b + C.P_ZCARD + z] = cards.take(e["card"], where, p)
        for key, f in F.CARD_FIELDS.items():
            raw, at = e.get(key, 0), f"{where}.{key}"
            s[b + f + z] = F.flag(raw, at) if key == "blocked" else F.integer(raw, at, 0, MAX_COUNT)
    zones = [z for z in range(C.N_ZONES) if s[b + C.P_ZCARD + z] != C.NO_CARD]
    if len(zones) != 2 or zones[1] - zones[0] != 1:
        raise F.fail(path, f"a board holds two cards side by side (R-BOARD), not zones {zones}")


def _zone_tokens(d: dict, path: str, s: np.ndarray, b: int) -> None:
    """traps = {zone: damage tokens}, crows = [zones]."""
    for z, count in _zone_table(d.get("traps", {}), f"{path}.traps").items():
        s[b + C.P_ZDMG + z] = F.integer(count, f"{path}.traps.{z}", 0, MAX_COUNT)
    for i, z in enumerate(F.items(d.get("crows", []), f"{path}.crows", C.N_ZONES)):
        s[b + C.P_ZCROW + _zone(z, f"{path}.crows[{i}]")] = 1


def _cards_into(value: object, path: str, s: np.ndarray, count_at: int, limit: int, cards: Cards) -> None:
    listed = F.items(value, path, limit)
    F.put_cards(s, count_at, [cards.take(v, f"{path}[{i}]") for i, v in enumerate(listed)])


def _player(value: object, p: int, s: np.ndarray, opts: np.ndarray, cards: Cards) -> dict:
    """One player's block; returns the player's dict (fury is settled later)."""
    path = f"players[{p}]"
    if not isinstance(value, dict):
        raise F.fail(path, f"expected a table, not {type(value).__name__}")
    d = _required(value, path, PLAYER_REQUIRED, PLAYER_OPTIONAL)
    b = C.player_base(p)
    hero = d.get("hero")
    s[b + C.P_HERO] = C.NO_HERO if hero is None else F.named(hero, f"{path}.hero", C.HERO_NAMES, "a hero")
    start = starting_health(opts, int(s[b + C.P_HERO]))  # R-OPT-HEALTH, else D-LIFE
    s[b + C.P_HEALTH] = F.integer(d.get("health", start), f"{path}.health", 0)
    _board(d["board"], f"{path}.board", s, p, cards)
    _cards_into(d["hand"], f"{path}.hand", s, b + C.P_HAND_N, C.MAX_HAND, cards)
    _cards_into(d.get("set_aside", []), f"{path}.set_aside", s, b + C.P_ASIDE_N, C.MAX_ASIDE, cards)
    _zone_tokens(d, path, s, b)
    return d


def _hero_mode(d: dict, players: list[dict]) -> tuple[int, dict]:
    """The one switch (hero_mode; on when a hero is named) and the rules it implies."""
    named = [p for p in (0, 1) if players[p].get("hero") is not None]
    mode = d.get("hero_mode")
    on = F.flag(mode, "hero_mode") if mode is not None else int(bool(named))
    if not on and named:
        raise F.fail(f"players[{named[0]}].hero", "a master needs hero mode, and hero_mode is false")
    rules = d.get("rules", {})
    if not isinstance(rules, dict):
        raise F.fail("rules", f"expected a table, not {type(rules).__name__}")
    given = rules.get("fury")
    if given is not None and str(given) != ("on" if on else "off"):
        problem = f"{given!r} contradicts hero_mode = {bool(on)}; hero mode is set by hero_mode alone"
        raise F.fail("rules.fury", problem)
    return on, rules | {"fury": "on" if on else "off"}


def _fury(s: np.ndarray, table: np.ndarray, opts: np.ndarray, p: int, given: object, step: str) -> int:
    """p's fury: from the pair (F-STATE) where the rules checked it at this turn's start,
    else as given; a missing value that cannot be inferred is asked for by name."""
    path = f"players[{p}].fury"
    if not opts[O_HERO_MODE]:
        return 0 if given is None else F.flag(given, path)  # validate refuses fury without hero mode
    b = C.player_base(p)
    left, right = (int(c) for c in s[b + C.P_ZCARD : b + C.P_ZCARD + C.N_ZONES] if c != C.NO_CARD)
    pair = bool(_fury_colours(table, opts, left, right))
    inferred = step in ("turn-start", "turn") and opts[O_FURY_TIMING] == FURY_TURN_START
    if not inferred:
        if given is None:
            why = "in an extra action the pair may have changed since the turn's start"
            if opts[O_FURY_TIMING] != FURY_TURN_START:
                why = "rules.fury_timing = 'own-turn-end' does not check it at the turn's start"
            problem = f"missing: fury does not follow from the board here: {why}; give true or false"
            raise F.fail(path, problem)
        return F.flag(given, path)
    if given is not None and F.flag(given, path) != int(pair):
        colours = "one colour" if pair else "two colours"
        problem = f"{given!r} contradicts the board: its pair is {colours} at the turn's check (F-STATE)"
        raise F.fail(path, problem)
    return int(pair)


def _header(d: dict, s: np.ndarray, opts: np.ndarray) -> str:
    """Step, active player, turn, first player, extra actions; returns the step."""
    step = F.named(d["step"], "step", STEPS, "a step")
    active = F.seat(d["active"], "active")
    turn = F.integer(d.get("turn", 1), "turn", 1)
    s[C.H_ACTIVE] = s[C.H_DECIDER] = active
    s[C.H_TURN] = turn
    s[C.H_FIRST] = active if turn % 2 == 1 else 1 - active
    s[C.H_HERO_MODE] = opts[O_HERO_MODE]
    s[C.H_WINNER] = C.NO_WINNER
    extra = STEPS[step] == "extra"
    if "extra" in d and not extra:
        raise F.fail("extra", f"extra actions are owed only at step 'extra', not {STEPS[step]!r}")
    s[C.H_PHASE] = C.DK_EXTRA if extra else C.DK_TURN
    s[C.RES_IN_EXTRA] = F.integer(d.get("extra", 1), "extra", 1, MAX_EXTRA) if extra else 0
    s[C.RES_STEP] = C.STEP_ACTION
    s[C.RES_TECH_DONE] = C.TECH_START  # the start-of-turn technique was offered
    for key, off in (("played_zone", C.RES_PLAYED_ZONE), ("last_counter", C.RES_LAST_COUNTER)):
        s[off] = F.RES_DEFAULTS[key]
    for key in ("played", "ejected", "effect_source", "effect_owner", "wind", "bushido"):
        s[F.RES_FIELDS[key][0]] = -1
    return STEPS[step]


def _piles(d: dict, s: np.ndarray, table: np.ndarray, cards: Cards, seed: int) -> None:
    """Discard pile as given; the draw pile: every card not placed, shuffled by SEED, with
    draw_top on top (draw_top[0] is drawn first). The game's random words come from SEED."""
    _cards_into(d.get("discard_pile", []), "discard_pile", s, C.DISC_N, C.MAX_CARDS, cards)
    top = [cards.take(v, f"draw_top[{i}]") for i, v in enumerate(F.items(d.get("draw_top", []), "draw_top"))]
    rest = [c for c in range(C.BOW_BASE) if table[c, C.CF_VALID] and c not in cards.where]
    rng = np.random.Generator(np.random.PCG64(seed))
    order = [rest[k] for k in rng.permutation(len(rest))]
    F.put_cards(s, C.DRAW_N, order + top[::-1])  # the pile is stored bottom first
    s[C.RNG : C.RNG + C.RNG_WORDS] = rng.integers(1, F.RNG_LIMIT, size=C.RNG_WORDS)


def _check_whole(s: np.ndarray, opts: np.ndarray) -> None:
    """validate.check_position, its paths renamed to the short form's keys."""
    try:
        check_position(s, opts, ShortLayout())
    except PositionError as err:
        text = str(err)
        for full, short in SHORT_PATHS:
            text = re.sub(full, short, text)
        raise PositionError(text) from None


def state_from_short(d: dict, table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(state, opts) of a short position dict; PositionError naming the field at fault.

    A "turn-start" state resumes at the turn start (Game.from_position advances it)."""
    d = _required(d, "", TOP_REQUIRED, TOP_OPTIONAL)
    if d["format"] != F.POSITION_FORMAT:
        raise F.fail("format", f"{d['format']!r} is not {F.POSITION_FORMAT!r}")
    raw_players = F.items(d["players"], "players")
    if len(raw_players) != 2:
        raise F.fail("players", f"expected 2 players (p0, p1), not {len(raw_players)}")
    on, rules = _hero_mode(d, [p if isinstance(p, dict) else {} for p in raw_players])
    opts = F.read_rules(rules)
    s = F.empty_state(table)
    seed = F.integer(d["seed"], "seed", -SEED_LIMIT, SEED_LIMIT - 1) % SEED_LIMIT
    step = _header(d, s, opts)
    cards = Cards(table, {})
    players = [_player(raw_players[p], p, s, opts, cards) for p in (0, 1)]
    _piles(d, s, table, cards, seed)
    for p in (0, 1):
        s[C.player_base(p) + C.P_FURY] = _fury(s, table, opts, p, players[p].get("fury"), step)
    for p in (0, 1):  # H-POISON: the opponent holds the marker while the poison master is furious
        s[C.player_base(1 - p) + C.P_POISON] = int(
            s[C.player_base(p) + C.P_HERO] == C.HERO_POISON and s[C.player_base(p) + C.P_FURY]
        )
    _check_whole(s, opts)
    if step == "turn-start":  # the turn not counted yet; the engine starts it
        s[C.H_TURN] -= 1
        s[C.RES_STEP] = C.STEP_TURN_START
        s[C.RES_TECH_DONE] = 0
    return s, opts
