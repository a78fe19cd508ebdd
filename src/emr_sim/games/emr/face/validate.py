"""A read position checked as a whole: the parts must agree as the rules leave them.

emr_sim.games.emr.face.position reads each field (type, range, card ids); this module checks
what no single field shows: the rules' options against hero mode, each player's heroes,
tokens and set-aside, health against the result, whose turn it is, where each bow may
stand, and whether the pending decision (phase), its decider, the engine's resume step
and the play in progress fit together. The kernels trust the state (no bounds checks
for speed): a position that passes here is one they can continue from, so each check
names a state the rules never produce and that some kernel would mishandle or answer
wrongly. Every refusal is a PositionError naming the JSON path of the field at fault.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.options import O_HERO_MODE, O_RESHUFFLE, O_TURN_CAP, starting_health

HAND_LIMIT = 4  # R-HANDLIMIT (games/emr/rules/turn.py)
MAX_COUNT = 10**6  # tokens, blocks, counters, damage: far above any game, far below overflow
TECH_BITS = 63  # RES_TECH_DONE: the six TECH_* bits
EXTRA_BITS = C.EXTRA_PAIR | C.EXTRA_BUSHIDO | C.EXTRA_WIND


class PositionError(BadInput):
    """A position that cannot be read: the message starts with the JSON path ($. ...)."""


def fail(path: str, problem: str) -> PositionError:
    """A PositionError reading ``$.PATH: PROBLEM`` (``$`` for the whole position)."""
    return PositionError(f"${'.' + path if path else ''}: {problem}")


@dataclass
class Layout:
    """Where the reader found things, so a check can name the JSON path: the index of
    the board entry of each (player, zone)."""

    board_entry: dict[tuple[int, int], int] = field(default_factory=dict)

    def board(self, p: int, z: int) -> str:
        return f"players[{p}].board[{self.board_entry.get((p, z), z)}]"


class Decision(NamedTuple):
    """How a pending decision kind stands in the state: the steps the engine resumes at,
    who decides (ACTIVE, DEFENDER or COUNTER) and whether a play is in progress (None:
    it depends on the step)."""

    steps: tuple[int, ...]
    decider: str
    in_play: bool | None


ACTIVE, DEFENDER, COUNTER = "active", "defender", "counter"
DECISIONS = {
    C.DK_TURN: Decision((C.STEP_ACTION,), ACTIVE, False),
    C.DK_EXTRA: Decision((C.STEP_ACTION,), ACTIVE, False),
    C.DK_TOKEN_MOVE: Decision((C.STEP_TURN_END,), ACTIVE, False),
    C.DK_DEFEND: Decision((C.STEP_DAMAGE,), DEFENDER, True),
    C.DK_BLOCK_MORE: Decision((C.STEP_DAMAGE,), DEFENDER, True),
    C.DK_COUNTER_BACK: Decision((C.STEP_DAMAGE,), COUNTER, True),
    C.DK_EFFECT: Decision((C.STEP_PAIR, C.STEP_TECHNIQUES), ACTIVE, None),
    C.DK_DISCARD: Decision((C.STEP_TURN_END,), ACTIVE, False),
    C.DK_FURY_CHOOSE: Decision((C.STEP_EFFECT,), ACTIVE, True),
    C.DK_CROW: Decision((C.STEP_TECHNIQUES,), ACTIVE, False),
    C.DK_WIND: Decision((C.STEP_TECHNIQUES,), ACTIVE, False),
    C.DK_ILLUSION: Decision((C.STEP_TECHNIQUES,), ACTIVE, False),
    C.DK_BUSHIDO: Decision((C.STEP_DEFENCE, C.STEP_DAMAGE), ACTIVE, True),
    C.DK_EARTH_DRAW: Decision((C.STEP_EARTH,), ACTIVE, True),
    C.DK_EARTH_DISCARD: Decision((C.STEP_TURN_END,), ACTIVE, False),
}
TECHNIQUE_OF = {  # decisions only a furious master of this hero is asked
    C.DK_CROW: C.HERO_CROW,
    C.DK_WIND: C.HERO_WIND,
    C.DK_ILLUSION: C.HERO_ILLUSION,
    C.DK_BUSHIDO: C.HERO_BUSHIDO,
    C.DK_EARTH_DRAW: C.HERO_EARTH,
    C.DK_EARTH_DISCARD: C.HERO_EARTH,
}
HIT_DECISIONS = (C.DK_DEFEND, C.DK_BLOCK_MORE, C.DK_COUNTER_BACK, C.DK_BUSHIDO)
PLAY_FIELDS = (  # (offset, key) of the fields that name the play in progress
    (C.RES_EJECTED, "ejected"),
    (C.RES_PLAYED, "played"),
    (C.RES_PLAYED_ZONE, "played_zone"),
)
IDLE_FIELDS = ((C.RES_BUSHIDO, "bushido"), (C.RES_LAST_COUNTER, "last_counter"))
# resolution counters: (key, offset, highest value)
RES_RANGES = (
    ("ejected_power_plus", C.RES_EJ_PP, MAX_COUNT),
    ("ejected_power_minus", C.RES_EJ_PM, MAX_COUNT),
    ("attack", C.RES_ATTACK, MAX_COUNT),
    ("defence", C.RES_DEFENCE, MAX_COUNT),
    ("damage", C.RES_DAMAGE, MAX_COUNT),
    ("penalty", C.RES_PENALTY, MAX_COUNT),
    ("blocks", C.RES_BLOCKS, MAX_COUNT),
    ("counters", C.RES_COUNTERS, MAX_COUNT),
    ("copy_depth", C.RES_COPY_DEPTH, MAX_COUNT),
    ("extra", C.RES_EXTRA, EXTRA_BITS),
    ("in_extra", C.RES_IN_EXTRA, MAX_COUNT),
    ("techniques_done", C.RES_TECH_DONE, TECH_BITS),
)


pb = C.player_base  # the offset of player p's block, as the kernels call it


def hero_name(hero: int) -> str:
    return C.HERO_NAMES[hero] if 0 <= hero < C.N_HEROES else "no hero"


# ---------------------------------------------------------------- rules, heroes, tokens


def check_hero_mode(s: np.ndarray, opts: np.ndarray) -> None:
    """Hero mode is the rules' fury option; without it no hero, fury, poison, set-aside."""
    on = int(opts[O_HERO_MODE])
    if int(s[C.H_HERO_MODE]) != on:
        word = "on" if on else "off"
        raise fail("hero_mode", f"{bool(s[C.H_HERO_MODE])} disagrees with rules.fury = {word!r} (R-OPT-FURY)")
    if on:
        return
    for p in (0, 1):
        b = pb(p)
        for key, offset, idle in (
            ("hero", C.P_HERO, C.NO_HERO),
            ("fury", C.P_FURY, 0),
            ("poison", C.P_POISON, 0),
        ):
            if int(s[b + offset]) != idle:
                raise fail(f"players[{p}].{key}", "needs hero mode, but rules.fury is 'off' (R-OPT-FURY)")


CARD_TOKENS = (("damage_tokens", C.P_CDMG), ("power_plus", C.P_CPP), ("power_minus", C.P_CPM))


def check_player_tokens(s: np.ndarray, p: int, layout: Layout) -> None:
    """Poison only from a poison master, crow tokens only from a crow master (at most 3),
    a set-aside only for Earth, and counts in range."""
    b, other = pb(p), int(s[pb(1 - p) + C.P_HERO])
    if s[b + C.P_POISON] and other != C.HERO_POISON:
        raise fail(
            f"players[{p}].poison", f"only the poison master poisons, and p{1 - p} is {hero_name(other)}"
        )
    crows = [z for z in range(C.N_ZONES) if s[b + C.P_ZCROW + z]]
    if crows and other != C.HERO_CROW:
        raise fail(
            f"players[{p}].zones",
            f"crow tokens come from the crow master, and p{1 - p} is {hero_name(other)}",
        )
    if len(crows) > C.MAX_CROWS:
        raise fail(f"players[{p}].zones", f"{len(crows)} crow tokens; at most {C.MAX_CROWS} (H-CROW)")
    for z in range(C.N_ZONES):
        if s[b + C.P_ZDMG + z] > MAX_COUNT:
            raise fail(
                f"players[{p}].zones", f"zone {z}: {s[b + C.P_ZDMG + z]} damage tokens; at most {MAX_COUNT}"
            )
        for key, offset in (("damage_tokens", C.P_CDMG), ("power_plus", C.P_CPP), ("power_minus", C.P_CPM)):
            if s[b + offset + z] > MAX_COUNT:
                raise fail(
                    f"{layout.board(p, z)}.{key}", f"{s[b + offset + z]} is out of range 0..{MAX_COUNT}"
                )


def check_hands(s: np.ndarray, p: int) -> None:
    """Earth's set-aside (H-EARTH): Earth's own, during Earth's own turn, and room in hand."""
    b = pb(p)
    aside, hand = int(s[b + C.P_ASIDE_N]), int(s[b + C.P_HAND_N])
    if aside == 0:
        return
    hero = int(s[b + C.P_HERO])
    if hero != C.HERO_EARTH:
        raise fail(
            f"players[{p}].set_aside",
            f"only the earth master sets cards aside, and p{p} is {hero_name(hero)}",
        )
    if s[C.H_PHASE] != C.DK_NONE and int(s[C.H_ACTIVE]) != p:
        raise fail(
            f"players[{p}].set_aside",
            f"set-aside cards join the hand at p{p}'s turn end; it is p{1 - p}'s turn",
        )
    if hand + aside > C.MAX_HAND:
        raise fail(
            f"players[{p}].set_aside", f"{hand} in hand and {aside} set aside; at most {C.MAX_HAND} in all"
        )


# ---------------------------------------------------------------- health, turn, bows


def check_health(s: np.ndarray, opts: np.ndarray) -> None:
    """Health never rises above the start (D-LIFE, or the master's own: R-OPT-HEALTH); at 0 the
    game is over (D-ELIM)."""
    winner = int(s[C.H_WINNER])
    running = s[C.H_PHASE] != C.DK_NONE
    for p in (0, 1):
        h = int(s[pb(p) + C.P_HEALTH])
        start = starting_health(opts, int(s[pb(p) + C.P_HERO]))
        path = f"players[{p}].health"
        if h > start:
            raise fail(path, f"{h} is above the starting health {start} (rules.health; health never rises)")
        if h == 0 and running:
            raise fail(path, "0 in a running game: a player at 0 is out and the game is over (D-ELIM)")
        if not running and (h == 0) != (winner == 1 - p):
            result = "drawn" if winner == C.DRAWN_GAME else f"won by p{winner}"
            raise fail(
                path, f"{h} disagrees with the result (the game is {result}; the loser, only, is at 0)"
            )


def check_turn(s: np.ndarray, opts: np.ndarray) -> None:
    """Turns within the cap, taken in turn from the first player on (R-TURN, D-DECKOUT)."""
    turn, cap = int(s[C.H_TURN]), int(opts[O_TURN_CAP])
    running = s[C.H_PHASE] != C.DK_NONE
    low = 1 if running else 0
    if not low <= turn <= cap:
        raise fail("turn", f"{turn} is out of range {low}..{cap} (rules.turn_cap)")
    if not running:
        return
    first, active = int(s[C.H_FIRST]), int(s[C.H_ACTIVE])
    expected = first if turn % 2 == 1 else 1 - first
    if active != expected:
        raise fail("active", f"p{active} cannot be active in turn {turn} when p{first} played first (R-TURN)")


def bow_owner(card: int) -> int:
    """Player p owns bows BOW_BASE + 2p and BOW_BASE + 2p + 1 (R-BOW)."""
    return (card - C.BOW_BASE) // 2


def check_bows(s: np.ndarray, layout: Layout) -> None:
    """A bow stands on its owner's board, or is ejected by its owner's play."""
    for p in (0, 1):
        for z in range(C.N_ZONES):
            card = int(s[pb(p) + C.P_ZCARD + z])
            if card >= C.BOW_BASE and bow_owner(card) != p:
                raise fail(
                    f"{layout.board(p, z)}.card", f"bow {card} is p{bow_owner(card)}'s (R-BOW), not p{p}'s"
                )
    ejected = int(s[C.RES_EJECTED])
    if ejected >= C.BOW_BASE and s[C.H_PHASE] != C.DK_NONE and bow_owner(ejected) != int(s[C.H_ACTIVE]):
        raise fail(
            "resolution.ejected", f"bow {ejected} is p{bow_owner(ejected)}'s, but p{s[C.H_ACTIVE]} is playing"
        )


# ---------------------------------------------------------------- the pending decision


def check_resolution_ranges(s: np.ndarray) -> None:
    """Counters of the play in range; bit sets only with their known bits."""
    for key, offset, high in RES_RANGES:
        value = int(s[offset])
        if not 0 <= value <= high:
            raise fail(f"resolution.{key}", f"{value} is out of range 0..{high}")


def check_decider(s: np.ndarray, rule: Decision, name: str) -> None:
    """The decider the decision kind names: the active player, the defender, or the
    player who did not make the last counter."""
    active, decider = int(s[C.H_ACTIVE]), int(s[C.H_DECIDER])
    if rule.decider == COUNTER:
        last = int(s[C.RES_LAST_COUNTER])
        if last != 1 - decider:
            raise fail(
                "resolution.last_counter",
                f"a {name!r} decision of p{decider} answers p{1 - decider}'s counter",
            )
        return
    expected = active if rule.decider == ACTIVE else 1 - active
    if decider != expected:
        who = "the active player" if rule.decider == ACTIVE else "the defender"
        raise fail("decider", f"a {name!r} decision is taken by {who}, p{expected}, not p{decider}")


def check_play(s: np.ndarray, rule: Decision, name: str) -> None:
    """A play in progress exactly where the decision needs one (R-PLAY ... R-PAIR)."""
    in_play = rule.in_play
    if in_play is None:  # an effect: of the play (step pair) or of Wind's reveal (techniques)
        in_play = int(s[C.RES_STEP]) == C.STEP_PAIR
    for offset, key in PLAY_FIELDS:
        if (int(s[offset]) != -1) != in_play:
            problem = "needs a play in progress" if in_play else "is decided outside a play"
            raise fail(
                f"resolution.{key}",
                f"{s[offset] if s[offset] != -1 else 'null'}: a {name!r} decision {problem}",
            )
    if in_play and int(s[C.RES_PLAYED]) >= C.BOW_BASE:
        raise fail("resolution.played", "a bow card is never played from a hand (R-BOW)")
    for offset, key in IDLE_FIELDS if not in_play else ():
        if int(s[offset]) != -1:
            raise fail(f"resolution.{key}", f"{s[offset]}: set outside a play")


def cards_available(s: np.ndarray, opts: np.ndarray) -> int:
    """Cards a draw can reach (D-DECKOUT), as rules.core.cards_available counts them."""
    return int(s[C.DRAW_N]) + (int(s[C.DISC_N]) if opts[O_RESHUFFLE] == 1 else 0)


def check_kind(s: np.ndarray, opts: np.ndarray, kind: int, name: str) -> None:
    """What each decision kind needs beyond its step, decider and play."""
    a = int(s[C.H_ACTIVE])
    b = pb(a)
    hand, aside = int(s[b + C.P_HAND_N]), int(s[b + C.P_ASIDE_N])
    if kind in (C.DK_TURN, C.DK_EXTRA):
        if (int(s[C.RES_IN_EXTRA]) > 0) != (kind == C.DK_EXTRA):
            need = "an extra action owed (1 or more)" if kind == C.DK_EXTRA else "no extra action owed (0)"
            raise fail(
                "resolution.in_extra", f"{s[C.RES_IN_EXTRA]}: a {name!r} decision needs {need} (R-EXTRA)"
            )
        if hand == 0 and cards_available(s, opts) == 0:
            raise fail(
                "phase", f"{name!r}: p{a} holds no card and none can be drawn, so p{a} passes (D-DECKOUT)"
            )
    if kind in HIT_DECISIONS and int(s[C.RES_HIT]) != 1:
        raise fail("resolution.hit", f"a {name!r} decision follows a hit (R-HIT)")
    if kind == C.DK_BLOCK_MORE and int(s[C.RES_BLOCKS]) < 1:
        raise fail("resolution.blocks", f"a {name!r} decision follows a first block (R-BLOCK)")
    if kind == C.DK_COUNTER_BACK and int(s[C.RES_COUNTERS]) < 1:
        raise fail("resolution.counters", f"a {name!r} decision follows a counter (R-COUNTER)")
    if kind == C.DK_DISCARD and hand <= HAND_LIMIT:
        raise fail(
            "phase", f"{name!r}: p{a} holds {hand} cards, within the hand limit {HAND_LIMIT} (R-HANDLIMIT)"
        )
    if kind == C.DK_EARTH_DISCARD and (aside == 0 or hand + aside <= HAND_LIMIT):
        raise fail(
            "phase", f"{name!r}: p{a} holds {hand} + {aside} set aside, within the hand limit (H-EARTH)"
        )
    if kind == C.DK_EARTH_DRAW and aside >= C.MAX_ASIDE:
        raise fail(f"players[{a}].set_aside", f"{aside} cards: no room for another (H-EARTH)")
    check_hero_decision(s, kind, name, a)
    check_effect(s, kind, name)


def check_hero_decision(s: np.ndarray, kind: int, name: str, a: int) -> None:
    """Fury's choice and the techniques are offered to a furious player (F-STATE), the
    techniques only to their master."""
    b = pb(a)
    hero, furious = int(s[b + C.P_HERO]), bool(s[b + C.P_FURY])
    needs_fury = kind == C.DK_FURY_CHOOSE or (kind in TECHNIQUE_OF and kind != C.DK_EARTH_DISCARD)
    if needs_fury and not furious:
        raise fail("phase", f"{name!r} is offered to a furious player, and p{a} is not (F-STATE)")
    if kind in TECHNIQUE_OF and hero != TECHNIQUE_OF[kind]:
        master = C.HERO_NAMES[TECHNIQUE_OF[kind]]
        raise fail("phase", f"{name!r} is the {master} master's decision, and p{a} is {hero_name(hero)}")


def check_effect(s: np.ndarray, kind: int, name: str) -> None:
    """A pending effect exactly in an effect decision, owned by the decider; Wind's
    revealed card held only while its effect waits at the turn's start (H-WIND)."""
    effect, wind = int(s[C.RES_EFFECT]), int(s[C.RES_WIND])
    if (effect != C.EFFECT_NONE) != (kind == C.DK_EFFECT):
        shown = C.EFFECT_NAMES[effect] if 0 <= effect < C.N_EFFECTS else effect
        problem = "needs a pending effect" if kind == C.DK_EFFECT else "has no pending effect"
        raise fail("resolution.effect", f"{shown!r}: a {name!r} decision {problem} (R-EFFECT)")
    if kind == C.DK_EFFECT:
        if int(s[C.RES_EFFECT_OWNER]) != int(s[C.H_DECIDER]):
            raise fail("resolution.effect_owner", f"the effect's owner decides its target: p{s[C.H_DECIDER]}")
        if int(s[C.RES_EFFECT_SRC]) == -1:
            raise fail("resolution.effect_source", "a pending effect is read from a card")
    at_start = kind == C.DK_EFFECT and int(s[C.RES_STEP]) == C.STEP_TECHNIQUES
    if (wind != -1) != at_start:
        problem = "is only held while its effect waits at the turn's start" if wind != -1 else "is needed"
        raise fail("resolution.wind", f"Wind's revealed card {problem} (H-WIND)")


def check_decision(s: np.ndarray, opts: np.ndarray) -> None:
    """Phase, resume step, decider and play in progress agree (games/emr/rules/flow.py)."""
    kind = int(s[C.H_PHASE])
    name = C.DECISION_NAMES[kind]
    rule = DECISIONS[kind]
    step = int(s[C.RES_STEP])
    if step not in rule.steps:
        expected = " or ".join(repr(STEP_NAMES[k]) for k in rule.steps)
        raise fail("resolution.step", f"{STEP_NAMES[step]!r}: a {name!r} decision resumes at {expected}")
    check_decider(s, rule, name)
    check_play(s, rule, name)
    check_kind(s, opts, kind, name)


STEP_NAMES = (
    "turn-start",
    "techniques",
    "action",
    "after-draw",
    "earth",
    "hit",
    "damage",
    "effect",
    "pair",
    "turn-end",
    "defence",
)


def check_position(s: np.ndarray, opts: np.ndarray, layout: Layout) -> None:
    """Every whole-position check; the first that fails raises PositionError."""
    check_hero_mode(s, opts)
    for p in (0, 1):
        check_player_tokens(s, p, layout)
        check_hands(s, p)
    check_health(s, opts)
    check_turn(s, opts)
    check_bows(s, layout)
    check_resolution_ranges(s)
    if s[C.H_PHASE] != C.DK_NONE:
        check_decision(s, opts)
