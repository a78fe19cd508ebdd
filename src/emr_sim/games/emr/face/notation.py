"""A text notation for action codes (docs/notation.md has the full table).

Most forms read the same in every decision: ``pass``, ``draw``, ``yes``,
``play red 3-1 left``, ``counter blue 3-1 right``, ``block zone 3``,
``discard red 3-1``, ``move zone-token 2 right``. Targets (A_TARGET) are named
after what they target, which depends on the pending decision kind
(``state[H_PHASE]``) and, for DK_EFFECT, on the pending effect
(``state[RES_EFFECT]``): ``slide p1 to 1``, ``trap-zone p0 4``,
``remove p1 card-damage 2``, ``swap p0``, ``crow p1 4``, ``illusion to 2``...
``target pP SUB`` is the raw form, accepted everywhere and printed when no
named form fits. Cards are labels when unique in the table, else integer ids;
both are accepted. ``parse_action`` raises :class:`NotationError` for text it
cannot read; it checks the form, not whether the action is legal.
"""

from __future__ import annotations

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import find_card
from emr_sim.games.emr.face.actions import (
    action_parts,
    block_code,
    counter_code,
    discard_code,
    play_code,
    remove_parts,
    remove_sub,
    target_code,
    token_code,
)
from emr_sim.games.emr.face.position import card_ref

SIDES = ("left", "right")  # SIDE_LEFT, SIDE_RIGHT and DIR_LEFT, DIR_RIGHT
TOKEN_KINDS = ("zone-token", "card-token")  # TOKEN_ZONE, TOKEN_CARD
REMOVE_KINDS = ("zone-damage", "card-damage", "power-plus", "power-minus")  # REMOVE_*
PASS_WORDS = ("pass", "take", "decline", "stop", "no")

# target form -> (shape, the sub-codes it covers); shapes: "to" (new left zone),
# "zone" (a zone or the zone of a card), "remove" (kind and zone), "board" (sub 0)
TARGET_FORMS: dict[str, tuple[str, range]] = {
    "slide": ("to", range(C.N_ZONES - 1)),
    "trap-zone": ("zone", range(C.N_ZONES)),
    "trap-card": ("zone", range(C.N_ZONES)),
    "power": ("zone", range(C.N_ZONES)),
    "remove": ("remove", range(C.REMOVE_SUB, C.REMOVE_SUB + len(REMOVE_KINDS) * C.N_ZONES)),
    "swap": ("board", range(1)),
    "draw": ("board", range(1)),
    "copy": ("zone", range(C.N_ZONES)),
    "crow": ("zone", range(C.N_ZONES)),
    "illusion": ("to", range(C.N_ZONES - 1)),
    "bushido": ("zone", range(C.N_ZONES)),
}
HERO_TARGETS = {C.DK_CROW: "crow", C.DK_ILLUSION: "illusion", C.DK_BUSHIDO: "bushido"}


class NotationError(BadInput):
    """Text that is not an action in this notation (the message says why)."""


def target_form(state: np.ndarray) -> str | None:
    """The named target form of the pending decision, or None (raw ``target`` only)."""
    phase = int(state[C.H_PHASE])
    if phase == C.DK_EFFECT:
        effect = int(state[C.RES_EFFECT])
        name = C.EFFECT_NAMES[effect] if 0 <= effect < C.N_EFFECTS else None
        return name if name in TARGET_FORMS else None
    return HERO_TARGETS.get(phase)


# ---------------------------------------------------------------- formatting


def _format_target(state: np.ndarray, player: int, sub: int) -> str:
    """A target in the named form of the pending decision, else ``target pP SUB``."""
    form = target_form(state)
    if form is None or sub not in TARGET_FORMS[form][1]:
        return f"target p{player} {sub}"
    shape = TARGET_FORMS[form][0]
    if form == "illusion" and player == int(state[C.H_DECIDER]):
        return f"illusion to {sub}"
    if shape == "to":
        return f"{form} p{player} to {sub}"
    if shape == "remove":
        parts = remove_parts(sub)
        assert parts is not None, f"{sub} is not a remove target"
        kind, zone = parts
        return f"remove p{player} {REMOVE_KINDS[kind]} {zone}"
    if shape == "board":
        return f"{form} p{player}"
    return f"{form} p{player} {sub}"


def format_action(state: np.ndarray, table: np.ndarray, code: int) -> str:
    """CODE as text in the context of STATE's pending decision."""
    try:
        family, *args = action_parts(code)
    except ValueError as err:
        raise NotationError(str(err)) from None
    if family in ("play", "counter"):
        return f"{family} {card_ref(table, args[0])} {SIDES[args[1]]}"
    if family == "block":
        return f"block zone {args[0]}"
    if family == "discard":
        return f"discard {card_ref(table, args[0])}"
    if family == "token":
        return f"move {TOKEN_KINDS[args[0]]} {args[1]} {SIDES[args[2]]}"
    if family == "target":
        return _format_target(state, *args)
    return family


# ---------------------------------------------------------------- parsing


def _word(words: list[str], index: int, choices: tuple[str, ...], what: str) -> int:
    """The index in CHOICES of words[index]."""
    if index >= len(words) or words[index] not in choices:
        got = words[index] if index < len(words) else "nothing"
        raise NotationError(f"expected {what} ({' or '.join(choices)}), not {quoted(got)}")
    return choices.index(words[index])


def _number(text: str, what: str, limit: int) -> int:
    """A whole number 0..limit-1."""
    if not text.isdigit() or int(text) >= limit:
        raise NotationError(f"expected {what} 0..{limit - 1}, not {quoted(text)}")
    return int(text)


def _player(text: str) -> int:
    """``p0`` or ``p1``."""
    if text not in ("p0", "p1"):
        raise NotationError(f"expected a player p0 or p1, not {quoted(text)}")
    return int(text[1])


def _card(table: np.ndarray, words: list[str]) -> int:
    """A card from its label or id (several words)."""
    if not words:
        raise NotationError("a card is missing (a label such as 'red 3-1', or an id)")
    try:
        return find_card(table, " ".join(words))
    except ValueError as err:
        raise NotationError(str(err)) from None


def _arity(words: list[str], count: int, form: str) -> None:
    """NotationError unless WORDS has COUNT words (FORM is the expected text)."""
    if len(words) != count:
        raise NotationError(f"expected {quoted(form)}, not {quoted(' '.join(words))}")


def _parse_card_side(table: np.ndarray, words: list[str], encode) -> int:
    """``play CARD left|right`` / ``counter CARD left|right``."""
    if len(words) < 3 or words[-1] not in SIDES:
        raise NotationError(f"expected '{words[0]} CARD left|right', not {quoted(' '.join(words))}")
    return encode(_card(table, words[1:-1]), SIDES.index(words[-1]))


def _parse_block(words: list[str]) -> int:
    """``block zone Z`` (or ``block Z``)."""
    rest = words[2:] if len(words) > 1 and words[1] == "zone" else words[1:]
    _arity(rest, 1, "block zone Z")
    return block_code(_number(rest[0], "a zone", C.N_ZONES))


def _parse_move(words: list[str]) -> int:
    """``move zone-token|card-token Z left|right``."""
    _arity(words, 4, "move zone-token|card-token Z left|right")
    kind = _word(words, 1, TOKEN_KINDS, "a token kind")
    return token_code(kind, _number(words[2], "a zone", C.N_ZONES), _word(words, 3, SIDES, "a direction"))


def _parse_raw_target(words: list[str]) -> int:
    """``target pP SUB``."""
    _arity(words, 3, "target pP SUB")
    return target_code(_player(words[1]), _number(words[2], "a target sub-code", C.TARGET_SPAN))


def _target_sub(form: str, rest: list[str]) -> int:
    """The sub-code of a named target from the words after the player."""
    shape = TARGET_FORMS[form][0]
    if shape == "to":
        _arity(rest, 2, f"{form} pP to Z")
        _word(rest, 0, ("to",), "'to'")
        return _number(rest[1], "a new left zone", C.N_ZONES - 1)
    if shape == "remove":
        _arity(rest, 2, "remove pP KIND Z")
        kind = _word(rest, 0, REMOVE_KINDS, "a token kind")
        return remove_sub(kind, _number(rest[1], "a zone", C.N_ZONES))
    if shape == "board":
        _arity(rest, 0, f"{form} pP")
        return 0
    _arity(rest, 1, f"{form} pP Z")
    return _number(rest[0], "a zone", C.N_ZONES)


def _parse_named_target(state: np.ndarray, words: list[str]) -> int:
    """A named target; it must be the form of the pending decision."""
    form = words[0]
    pending = target_form(state)
    if form != pending:
        expected = f"'{pending}' targets" if pending else "no named target (use 'target pP SUB')"
        phase = C.DECISION_NAMES[int(state[C.H_PHASE])]
        raise NotationError(
            f"{quoted(form)} does not fit the pending decision {quoted(phase)}: it takes {expected}"
        )
    if form == "illusion" and len(words) > 1 and words[1] == "to":
        return target_code(int(state[C.H_DECIDER]), _target_sub(form, words[1:]))
    if len(words) < 2:
        raise NotationError(f"{quoted(form)} needs a player p0 or p1")
    return target_code(_player(words[1]), _target_sub(form, words[2:]))


def parse_action(state: np.ndarray, table: np.ndarray, text: str) -> int:
    """The action code of TEXT in the context of STATE's pending decision."""
    words = str(text).lower().split()
    if not words:
        raise NotationError("empty action text")
    verb = words[0]
    if len(words) == 1 and verb in PASS_WORDS + ("draw", "yes"):
        return {"draw": C.A_DRAW, "yes": C.A_YES}.get(verb, C.A_PASS)
    if verb == "play":
        return _parse_card_side(table, words, play_code)
    if verb == "counter":
        return _parse_card_side(table, words, counter_code)
    if verb == "discard":
        return discard_code(_card(table, words[1:]))
    parsers = {"block": _parse_block, "move": _parse_move, "target": _parse_raw_target}
    if verb in parsers:
        return parsers[verb](words)
    if verb in TARGET_FORMS:
        return _parse_named_target(state, words)
    raise NotationError(f"unknown action {quoted(text)}: see docs/notation.md")
