"""The greedy player's parameters: every weight and threshold its choices read.

The kernels read a float64 vector `W` of N_PARAMS entries at the K_* indices below
(integer entries are stored as floats and read with int()). A run passes a `weights`
array of shape (2, WEIGHT_ROWS, N_PARAMS): side (A = 0, B = 1), then the row of the
master that side's seat plays (codes.HERO_NAMES order; ROW_NO_HERO with fury off), so
that each side can be tuned per master. The defaults reproduce the hand-set greedy
exactly (benchmarks/greedy_fingerprint.py checks every action of 30,000 games).

Weights are in units of one health point. This module imports only numpy, emr_sim.games.emr.codes
and the search settings' layout (search_params.py: the kernels' extra row), so that the
kernels can read its constants (docs/players.md lists them,
tests/games/emr/players/test_params.py checks that list against PARAMS).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from emr_sim.games.emr.codes import HERO_NAMES, N_HEROES
from emr_sim.games.emr.players import search_params
from emr_sim.games.emr.players.search_params import KERNEL_ROWS, SEARCH_ROW, check_search_row

# the general evaluation (games/emr/players/evaluate.py, games/emr/players/greedy.py)
K_PAIR = 0
K_EFFECT = 1
K_DRAW_CARD = 2
K_BLOCK_COST = 3
K_COUNTER_COST = 4
K_TOKEN = 5
K_POWER = 6
K_KEEP_DRAGON = 7
K_HIT_BONUS = 8
K_THREAT = 9
K_THREAT_DEALT = 10
K_WIN = 11
K_THREAT_DRAWS = 12
K_DISCARD_DAMAGE = 13
K_DISCARD_DRAGON = 14
K_DISCARD_EFFECT = 15
K_EFFECT_MARGIN = 16
K_TOKEN_MOVE_MARGIN = 17
K_COUNTER_BACK = 18
K_POISON_FULL_HAND = 19
# the masters (games/emr/players/hero_policy.py, and Kung-fu's fury in games/emr/players/greedy.py)
K_FURY_MARGIN = 20
K_KUNGFU_FURY = 21
K_KUNGFU_EXPOSED = 22
K_CROW_BASE = 23
K_CROW_EFFECT = 24
K_WIND_THRESHOLD = 25
K_BUSHIDO_BLOCKS = 26
K_BUSHIDO_DAMAGE = 27
K_BUSHIDO_KILL_COUNTER = 28
K_EARTH_DRAW_LIMIT = 29
K_UNBLOCK = 30
K_ILLUSION_MARGIN = 31
N_PARAMS = 32

WEIGHT_ROWS = N_HEROES + 1  # a row per master, then:
ROW_NO_HERO = N_HEROES  # the row read with fury off (no master)
assert search_params.WEIGHT_ROWS == WEIGHT_ROWS and search_params.N_PARAMS_ROW == N_PARAMS

EVERY_MASTER = HERO_NAMES  # read only with fury on, by every master
NOT_POISON = tuple(h for h in HERO_NAMES if h != "poison")  # who may hold the poison marker
HELD_MAX = 33.0  # more cards than hand (16) and set-aside (16) slots hold together


class Param(NamedTuple):
    """One entry of the vector: its name in specs, index, default, allowed range, whether it
    is a whole number, the masters whose policy reads it (None: every player), meaning."""

    name: str
    index: int
    default: float
    low: float
    high: float
    integer: bool
    heroes: tuple[str, ...] | None
    doc: str


def _weight(name: str, index: int, default: float, heroes: tuple[str, ...] | None, doc: str) -> Param:
    """A weight, allowed from 0 to three times its default."""
    return Param(name, index, default, 0.0, round(3.0 * default, 12), False, heroes, doc)


def _margin(name: str, index: int, default: float, heroes: tuple[str, ...] | None, doc: str) -> Param:
    """How much an action must beat the alternative of doing nothing (negative: acting is
    preferred even when it scores a little worse)."""
    return Param(name, index, default, -1.0, 1.0, False, heroes, doc)


PARAMS: tuple[Param, ...] = (
    _weight("w_pair", K_PAIR, 1.2, None, "a play that makes a pair (R-PAIR): an extra action"),
    _weight(
        "w_effect", K_EFFECT, 0.4, None, "an effect the ejected card will apply (in plays and in a defence)"
    ),
    _weight("w_draw_card", K_DRAW_CARD, 0.45, None, "one more card in hand (a draw, E-DRAW)"),
    _weight("w_block_cost", K_BLOCK_COST, 0.6, None, "a card blocked with: penalty risk, no pairs"),
    _weight("w_counter_cost", K_COUNTER_COST, 0.3, None, "a dragon spent from hand on a counter"),
    _weight("w_token", K_TOKEN, 0.35, None, "a damage token beside a pair or on a card (board value)"),
    _weight("w_power", K_POWER, 0.25, None, "a power token (board value)"),
    _weight(
        "w_keep_dragon", K_KEEP_DRAGON, 0.25, None, "cost of playing a dragon while a board dragon is ready"
    ),
    _weight("w_hit_bonus", K_HIT_BONUS, 0.2, None, "added to the damage a hit is expected to deal"),
    _weight("w_threat", K_THREAT, 1.0, None, "the opponent's expected damage against the defence left"),
    _weight("w_threat_dealt", K_THREAT_DEALT, 1.0, None, "my expected damage against the opponent's defence"),
    Param("w_win", K_WIN, 100.0, 10.0, 1000.0, False, None, "a won (or lost) game, against any board term"),
    Param(
        "threat_draw_cards",
        K_THREAT_DRAWS,
        1.0,
        0.0,
        3.0,
        True,
        None,
        "cards a player is assumed to draw before playing, on top of its hand, in threats",
    ),
    _weight("discard_damage", K_DISCARD_DAMAGE, 1.0, None, "a card's damage, when choosing what to discard"),
    _weight("discard_dragon", K_DISCARD_DRAGON, 0.6, None, "a dragon, when choosing what to discard"),
    _weight(
        "discard_effect", K_DISCARD_EFFECT, 0.4, None, "an effect on a card, when choosing what to discard"
    ),
    _margin("effect_margin", K_EFFECT_MARGIN, 1e-6, None, "an effect target must beat declining by this"),
    _margin(
        "token_move_margin",
        K_TOKEN_MOVE_MARGIN,
        1e-6,
        None,
        "a token move (R-DRAW) must beat passing by this",
    ),
    Param(
        "counter_back",
        K_COUNTER_BACK,
        1.0,
        0.0,
        1.0,
        True,
        None,
        "1: counter back whenever possible; 0: never",
    ),
    _weight(
        "w_poison_full_hand",
        K_POISON_FULL_HAND,
        1.0,
        NOT_POISON,
        "a draw that ends the turn with 4 cards while holding the poison marker (H-POISON)",
    ),
    _margin(
        "fury_choose_margin",
        K_FURY_MARGIN,
        1e-9,
        EVERY_MASTER,
        "F-CHOOSE: the played card's effect must beat the ejected card's by this",
    ),
    _weight(
        "w_kungfu_fury", K_KUNGFU_FURY, 0.4, ("kungfu",), "Kung-fu's fury to come: +1 on the next turns' hits"
    ),
    _weight(
        "w_kungfu_exposed",
        K_KUNGFU_EXPOSED,
        0.5,
        ("kungfu",),
        "share of the threat left that a furious Kung-fu can no longer block or counter",
    ),
    Param(
        "crow_base",
        K_CROW_BASE,
        0.1,
        -2.0,
        2.0,
        False,
        ("crow",),
        "a crow token beside the opponent's pair, before its threat and effect (placed when the sum > 0)",
    ),
    _weight("crow_effect", K_CROW_EFFECT, 1.0, ("crow",), "a crow token in front of a card with an effect"),
    Param(
        "wind_reveal_threshold",
        K_WIND_THRESHOLD,
        1.0,
        0.0,
        99.0,
        True,
        ("wind",),
        "Wind reveals while its health is above this (a dragon deals 1)",
    ),
    Param(
        "bushido_token_blocks",
        K_BUSHIDO_BLOCKS,
        1.0,
        0.0,
        7.0,
        True,
        ("bushido",),
        "Bushido takes the token when the defender could block this many cards or more",
    ),
    Param(
        "bushido_token_damage",
        K_BUSHIDO_DAMAGE,
        1.0,
        0.0,
        20.0,
        True,
        ("bushido",),
        "Bushido takes the token when the hit deals this much or less",
    ),
    Param(
        "bushido_kill_counter",
        K_BUSHIDO_KILL_COUNTER,
        0.0,
        -1.0,
        1.0,
        False,
        ("bushido",),
        "Bushido deals a killing hit when the defender's counter chance is at most this",
    ),
    Param(
        "earth_draw_limit",
        K_EARTH_DRAW_LIMIT,
        HELD_MAX,
        0.0,
        HELD_MAX,
        True,
        ("earth",),
        "Earth draws while it holds fewer cards than this, hand and set-aside (33: always)",
    ),
    _weight(
        "w_unblock", K_UNBLOCK, 0.6, ("illusion",), "a blocked card brought back to attack state by a jump"
    ),
    _margin("illusion_margin", K_ILLUSION_MARGIN, 1e-6, ("illusion",), "a jump must beat staying by this"),
)
PARAM_NAMES = tuple(p.name for p in PARAMS)
BY_NAME = {p.name: p for p in PARAMS}


def default_vector() -> np.ndarray:
    """The defaults, float64, indexed by K_*."""
    vec = np.zeros(N_PARAMS, dtype=np.float64)
    for p in PARAMS:
        vec[p.index] = p.default
    return vec


def default_weights() -> np.ndarray:
    """The kernels' weights array (2 sides, WEIGHT_ROWS, N_PARAMS), the defaults everywhere."""
    return np.ascontiguousarray(np.broadcast_to(default_vector(), (2, WEIGHT_ROWS, N_PARAMS)))


def check_vector(vec: np.ndarray) -> None:
    """ValueError naming the first entry out of its range or not whole where it must be."""
    if np.shape(vec) != (N_PARAMS,):
        raise ValueError(f"a parameter vector has {N_PARAMS} entries, not shape {np.shape(vec)}")
    for p in PARAMS:
        value = float(vec[p.index])
        if not p.low <= value <= p.high:  # also refuses NaN
            raise ValueError(f"{p.name} = {value:g} is outside its range {p.low:g}..{p.high:g}")
        if p.integer and value != int(value):
            raise ValueError(f"{p.name} = {value:g} must be a whole number")


def check_weights(weights: np.ndarray) -> np.ndarray:
    """`weights` as the kernels take it: a C-contiguous float64 (2, KERNEL_ROWS, N_PARAMS)
    array (games/emr/players/search_params.py: the greedy's rows, then the search row). Given with
    WEIGHT_ROWS rows, the search row is added empty (no search player). Every vector is
    checked; ValueError naming side, row and entry otherwise."""
    arr = np.ascontiguousarray(weights, dtype=np.float64)
    if arr.ndim == 3 and arr.shape[0] == 2 and arr.shape[1:] == (WEIGHT_ROWS, N_PARAMS):
        arr = np.concatenate([arr, np.zeros((2, 1, N_PARAMS))], axis=1)
    if arr.shape != (2, KERNEL_ROWS, N_PARAMS):
        raise ValueError(
            f"weights have shape (2, {WEIGHT_ROWS} or {KERNEL_ROWS}, {N_PARAMS}), not {arr.shape}"
        )
    greedy = arr[:, :WEIGHT_ROWS]
    for side, row in zip(*np.nonzero(~_in_range(greedy).all(axis=2)), strict=True):  # checked at once
        master = HERO_NAMES[row] if row < N_HEROES else "no master"
        try:
            check_vector(arr[side, row])
        except ValueError as err:
            raise ValueError(f"side {'AB'[side]}, {master}: {err}") from None
    for side in range(2):
        try:
            check_search_row(arr[side, SEARCH_ROW])
        except ValueError as err:
            raise ValueError(f"side {'AB'[side]}: {err}") from None
    return arr


def _in_range(arr: np.ndarray) -> np.ndarray:
    """Which entries of the last axis lie in their range and are whole where they must be."""
    low = np.array([p.low for p in sorted(PARAMS, key=lambda p: p.index)])
    high = np.array([p.high for p in sorted(PARAMS, key=lambda p: p.index)])
    whole = np.array([p.integer for p in sorted(PARAMS, key=lambda p: p.index)])
    with np.errstate(invalid="ignore"):
        return (arr >= low) & (arr <= high) & (~whole | (arr == np.floor(arr)))


def markdown_table() -> str:
    """docs/players.md's table of the parameters (tests/games/emr/players/test_params.py checks that
    the doc holds exactly this)."""
    lines = [
        "| name | default | range | whole | masters | what it weighs or decides |",
        "|---|---|---|---|---|---|",
    ]
    for p in PARAMS:
        masters = (
            "all"
            if p.heroes is None
            else ("all masters" if p.heroes == EVERY_MASTER else ", ".join(p.heroes))
        )
        whole = "yes" if p.integer else "no"
        lines.append(
            f"| `{p.name}` | {p.default:g} | {p.low:g} .. {p.high:g} | {whole} | {masters} | {p.doc} |"
        )
    return "\n".join(lines)
