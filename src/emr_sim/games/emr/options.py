"""Rules options: every D- decision that is a switch, by a fixed name.

Options reach the kernels as one int64 array (``opts``) indexed by the ``O_*``
constants below, never as module constants compiled into the code. Names and
textual values are stable: ``--rule NAME=VALUE`` and run records rely on them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim.games.emr.codes import HERO_NAMES, N_HEROES

O_HERO_MODE = 0  # R-OPT-FURY
O_HEALTH = 1  # D-LIFE
O_BOW_LEFT = 2  # D-BOW
O_BOW_RIGHT = 3  # D-BOW
O_BOW_FURY = 4  # D-BOW
O_FIRST = 5  # D-FIRST
O_TURN_CAP = 6  # D-DECKOUT
O_RESHUFFLE = 7  # D-DECKOUT
O_TRAP_ONCE = 8  # D-TOKENS
O_EXTRA_MAX = 9  # D-EXTRA
O_PAIR_CHECK = 10  # D-PAIR-NOW
O_BLOCK_ZERO = 11  # D-BLOCK
O_PENALTY_EACH = 12  # D-PENALTY
O_COUNTER_STEP = 13  # D-COUNTER
O_SLIDE_WAY = 14  # D-SLIDE
O_COPY_COPY = 15  # D-COPY
O_FURY_TIMING = 16  # D-FURY-TIMING
O_CHOOSE_ON_BOARD = 17  # D-CHOOSE
O_WIND_EXTRA = 18  # D-WIND
O_POISON_AFTER_LIMIT = 19  # D-POISON
O_BUSHIDO_EARLY = 20  # D-BUSHIDO
O_ILLUSION_STAY = 21  # D-ILLUSION
O_MASTER_BOW = 22  # D-BOW: Master of masters may block with a bow card
O_HERO_SELECT = 23  # R-OPT-HERO
O_HEALTH_BY_HERO = 24  # + hero (codes.HERO_NAMES order): R-OPT-HEALTH, 0 = as O_HEALTH
N_OPTIONS = O_HEALTH_BY_HERO + N_HEROES

AS_HEALTH = 0  # a master's own starting health left unset: the health option's

HERO_CHOSEN = 0
HERO_RANDOM = 1

FIRST_RANDOM = -1
PAIR_AFTER_EFFECT = 0
PAIR_ON_PLAY = 1
SLIDE_ENTERED = 0
SLIDE_LANDING = 1
FURY_TURN_START = 0
FURY_OWN_TURN_END = 1


@dataclass(frozen=True)
class Option:
    name: str
    index: int
    rule: str
    default: int
    values: dict[str, int]  # accepted text -> stored int; empty for integers
    low: int
    high: int
    help: str

    def parse(self, text: str) -> int:
        """The stored int for TEXT, or ValueError naming the accepted values."""
        if self.values:
            if text not in self.values:
                raise ValueError(
                    f"rule option {self.name!r}: {text!r} is not one of {', '.join(self.values)}"
                )
            return self.values[text]
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"rule option {self.name!r}: {text!r} is not a whole number") from None
        if not self.low <= value <= self.high:
            raise ValueError(f"rule option {self.name!r}: {value} is outside {self.low}..{self.high}")
        return value

    def show(self, value: int) -> str:
        for text, stored in self.values.items():
            if stored == value:
                return text
        return str(value)


ONOFF = {"on": 1, "off": 0}

OPTIONS: tuple[Option, ...] = (
    Option("fury", O_HERO_MODE, "R-OPT-FURY", 0, ONOFF, 0, 1, "hero mode: fury and the masters' techniques"),
    Option(
        "hero_select",
        O_HERO_SELECT,
        "R-OPT-HERO",
        HERO_CHOSEN,
        {"chosen": HERO_CHOSEN, "random": HERO_RANDOM},
        0,
        1,
        "heroes as chosen (two different ones), or drawn at random per game",
    ),
    Option("health", O_HEALTH, "D-LIFE", 8, {}, 1, 99, "starting health of each player"),
    Option("bow_left", O_BOW_LEFT, "D-BOW", 3, {}, 1, 5, "left number of the bow cards"),
    Option("bow_right", O_BOW_RIGHT, "D-BOW", 3, {}, 1, 5, "right number of the bow cards"),
    Option(
        "bow_fury",
        O_BOW_FURY,
        "D-BOW",
        0,
        ONOFF,
        0,
        1,
        "the two bow cards count as a same-colour pair for fury",
    ),
    Option(
        "master_bow", O_MASTER_BOW, "D-BOW", 1, ONOFF, 0, 1, "Master of masters may block with a bow card"
    ),
    Option(
        "first_player",
        O_FIRST,
        "D-FIRST",
        FIRST_RANDOM,
        {"random": FIRST_RANDOM, "0": 0, "1": 1},
        -1,
        1,
        "who takes the first turn: random per game, or seat 0 or 1",
    ),
    Option("turn_cap", O_TURN_CAP, "D-DECKOUT", 200, {}, 1, 100000, "turns after which the game is a draw"),
    Option(
        "reshuffle",
        O_RESHUFFLE,
        "D-DECKOUT",
        1,
        ONOFF,
        0,
        1,
        "shuffle the discard pile into an empty draw pile",
    ),
    Option(
        "trap_once",
        O_TRAP_ONCE,
        "D-TOKENS",
        1,
        ONOFF,
        0,
        1,
        "a damage token is removed once it deals its damage",
    ),
    Option("extra_max", O_EXTRA_MAX, "D-EXTRA", 1, {}, 1, 2, "extra actions one play can give at most"),
    Option(
        "pair_check",
        O_PAIR_CHECK,
        "D-PAIR-NOW",
        PAIR_AFTER_EFFECT,
        {"after-effect": PAIR_AFTER_EFFECT, "on-play": PAIR_ON_PLAY},
        0,
        1,
        "read the pair for R-PAIR after the effect (default) or as played",
    ),
    Option("block_zero", O_BLOCK_ZERO, "D-BLOCK", 0, ONOFF, 0, 1, "offer blocking against 0-damage hits"),
    Option(
        "penalty",
        O_PENALTY_EACH,
        "D-PENALTY",
        0,
        {"once": 0, "each": 1},
        0,
        1,
        "+2 once, or +2 for each blocked card of the attacking colour",
    ),
    Option(
        "counter_step",
        O_COUNTER_STEP,
        "D-COUNTER",
        1,
        ONOFF,
        0,
        1,
        "a counter card steps on the tokens of its zone",
    ),
    Option(
        "slide_tokens",
        O_SLIDE_WAY,
        "D-SLIDE",
        SLIDE_ENTERED,
        {"entered": SLIDE_ENTERED, "landing": SLIDE_LANDING},
        0,
        1,
        "a slide meets the tokens of every zone a card enters, or only where the cards land",
    ),
    Option("copy_copy", O_COPY_COPY, "D-COPY", 0, ONOFF, 0, 1, "a copy may copy another copy card"),
    Option(
        "fury_timing",
        O_FURY_TIMING,
        "D-FURY-TIMING",
        FURY_TURN_START,
        {"turn-start": FURY_TURN_START, "own-turn-end": FURY_OWN_TURN_END},
        0,
        1,
        "when fury is checked: every turn start [002], or the end of your own turn [000]",
    ),
    Option(
        "choose_on_board",
        O_CHOOSE_ON_BOARD,
        "D-CHOOSE",
        1,
        ONOFF,
        0,
        1,
        "F-CHOOSE only while the played card is still on your board",
    ),
    Option(
        "wind_extra",
        O_WIND_EXTRA,
        "D-WIND",
        0,
        ONOFF,
        0,
        1,
        "a swap revealed by Wind can give an extra action",
    ),
    Option(
        "poison_after_limit",
        O_POISON_AFTER_LIMIT,
        "D-POISON",
        1,
        ONOFF,
        0,
        1,
        "the poison check comes after the hand limit discards",
    ),
    Option(
        "bushido_early",
        O_BUSHIDO_EARLY,
        "D-BUSHIDO",
        1,
        ONOFF,
        0,
        1,
        "Bushido chooses before the defender answers, who then may only take it or counter",
    ),
    Option(
        "illusion_stay",
        O_ILLUSION_STAY,
        "D-ILLUSION",
        1,
        ONOFF,
        0,
        1,
        "Illusion may land where its cards stand",
    ),
)

# R-OPT-HEALTH: a master's own starting health, for balance studies; unset (0), the health
# option's. Run records and positions leave unset ones out (describe_options), so a run made
# before these options existed is described as it was.
PER_MASTER_HEALTH: tuple[Option, ...] = tuple(
    Option(
        f"health.{hero}",
        O_HEALTH_BY_HERO + k,
        "R-OPT-HEALTH",
        AS_HEALTH,
        {},
        0,
        99,
        f"starting health of {hero} in hero mode (0: the health option's)",
    )
    for k, hero in enumerate(HERO_NAMES)
)
OPTIONS = (*OPTIONS, *PER_MASTER_HEALTH)

BY_NAME = {o.name: o for o in OPTIONS}

# D- decisions that are not switches, and why (listed in docs/rules.md).
FIXED_DECISIONS = {
    "D-DECK": "a deck file (--deck FILE), not a switch",
    "D-BOARD": "a blocked card keeps its column and numbers; the rules need it",
    "D-STEP-ORDER": "zone tokens, card tokens, crow, Earth: a fixed order",
    "D-ELIM": "a player at 0 health is out at once",
    "D-HIDDEN": "the information model the players are held to",
    "D-CROW": "crow tokens go on the opponent's board, one per zone",
    "D-EARTH": "set-aside cards are not in hand; their number is public",
}


def default_options() -> np.ndarray:
    """The default rules options as the int64 array the kernels take."""
    opts = np.zeros(N_OPTIONS, dtype=np.int64)
    for o in OPTIONS:
        opts[o.index] = o.default
    return opts


def make_options(rules: dict[str, str] | None = None, **named: int) -> np.ndarray:
    """Options from ``{"name": "text"}`` pairs (as ``--rule``) and ints by name."""
    opts = default_options()
    for name, text in (rules or {}).items():
        if name not in BY_NAME:
            raise ValueError(f"unknown rule option {name!r}; known: {', '.join(BY_NAME)}")
        opts[BY_NAME[name].index] = BY_NAME[name].parse(str(text))
    for name, value in named.items():
        if name not in BY_NAME:
            raise ValueError(f"unknown rule option {name!r}; known: {', '.join(BY_NAME)}")
        opts[BY_NAME[name].index] = BY_NAME[name].parse(str(value)) if isinstance(value, str) else int(value)
    return opts


def parse_rule(text: str) -> tuple[str, str]:
    """Split ``NAME=VALUE`` with a clear error."""
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise ValueError(f"rule option {text!r} is not of the form NAME=VALUE")
    if name not in BY_NAME:
        raise ValueError(f"unknown rule option {name!r}; known: {', '.join(BY_NAME)}")
    return name, value


def describe_options(opts: np.ndarray) -> dict[str, str]:
    """``{name: text value}`` for a run record or a position file; a master's own starting
    health only when it is set (R-OPT-HEALTH), so records of runs without it stay as they were."""
    return {
        o.name: o.show(int(opts[o.index]))
        for o in OPTIONS
        if o.rule != "R-OPT-HEALTH" or int(opts[o.index]) != o.default
    }


def starting_health(opts: np.ndarray, hero: int) -> int:
    """The health a player of this master (codes.NO_HERO: none) starts with: its own
    (R-OPT-HEALTH) when set, else the health option's (D-LIFE)."""
    own = int(opts[O_HEALTH_BY_HERO + hero]) if 0 <= hero < N_HEROES else AS_HEALTH
    return own if own != AS_HEALTH else int(opts[O_HEALTH])


def options_from_dict(values: dict[str, str]) -> np.ndarray:
    """The inverse of describe_options (missing names keep their defaults)."""
    return make_options({k: str(v) for k, v in values.items()})
