"""Card Pig's value of the game contract and its Python face (emr_sim.games.contract)."""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from emr_sim.games.contract import Game, Made, RulesOption, Seats

# Mirrors of kernels.py's layout for the face (the kernels module is imported only to play);
# tests/games/toy/test_toy_rules.py checks that they agree.
STATE_SIZE = 90
MAX_LEGAL = 3
ACTION_NAMES = ("draw", "bank", "stash")
END_NAMES = ("target", "deck out")
TARGETS = tuple(str(t) for t in range(15, 65, 5))  # the `target` option's choices
WOLVES = tuple(str(w) for w in range(4, 17))  # the `wolves` option's choices

GAME = Game(
    name="toy",
    title="Card Pig (the toy game of docs/games.md)",
    seats=Seats(fewest=2, most=4, default=3),
    entity="",
    entities=(),
    dealt=True,
    teams=False,
    options=(
        RulesOption("target", "40", TARGETS, "TOY-END", "points that end the game"),
        RulesOption("wolves", "6", WOLVES, "TOY-WOLF", "wolf cards in the deck"),
        RulesOption("copies", "8", ("4", "6", "8"), "TOY-DEAL", "cards of each value 1-6 in the deck"),
    ),
    players=("random", "greedy", "ismcts"),  # the generic players (players/)
    end_names=END_NAMES,
    state_size=STATE_SIZE,
    max_legal=MAX_LEGAL,
    face_module=__name__,
    rules_doc="docs/games.md",
    n_actions=len(ACTION_NAMES),
)


def kernels() -> ModuleType:
    return importlib.import_module("emr_sim.games.toy.kernels")


def entry():
    return importlib.import_module("emr_sim.games.toy.entry").play_chunk


def decide_step():
    return importlib.import_module("emr_sim.games.toy.entry").decide_step


def make(n_seats: int, rules: dict[str, str], data: str | None) -> Made:
    if data is not None:
        from emr_sim.errors import BadInput

        raise BadInput(f"--deck {data!r}: the toy game has no card data to choose")
    k = kernels()
    from emr_sim.kernel_contract import game_tag

    params = np.zeros(k.P_SIZE, dtype=np.int64)
    params[k.P_TARGET] = int(rules["target"])
    params[k.P_WOLVES] = int(rules["wolves"])
    params[k.P_COPIES] = int(rules["copies"])
    return Made(game=GAME, n_seats=n_seats, G=(game_tag("toy"), params), rules=rules)


def loop_constants(made: Made) -> tuple:
    return made.G  # no scratch in G: one value for every loop


def action_text(made: Made, S: np.ndarray, action: int) -> str:
    return ACTION_NAMES[int(action)]


def describe(made: Made, S: np.ndarray) -> list[str]:
    """The scores, the stashes and the turn, in words (hidden values shown as '?')."""
    k = kernels()
    n = int(S[k.H_SEATS])
    parts = []
    for s in range(n):
        base = k.SEAT_BASE + s * k.ST_SIZE
        stash = int(S[base + k.ST_STASH])
        shown = (
            "-" if stash == k.NO_CARD else "?" if stash < 0 else ("wolf" if stash == k.WOLF else str(stash))
        )
        parts.append(f"seat {s}: {int(S[base + k.ST_SCORE])} points, stash {shown}")
    mover = int(S[k.H_MOVER])
    turn = "over" if mover < 0 else f"seat {mover} to move, turn total {int(S[k.H_TOTAL])}"
    return ["; ".join(parts), f"{int(S[k.H_DECK_N])} cards in the deck; {turn}"]


def outcome_text(made: Made, before: np.ndarray, after: np.ndarray, action: int) -> str:
    """What an action did, for the log: the card drawn or played, the bank, the turn total."""
    k = kernels()
    seat = int(before[k.H_MOVER])
    base = k.SEAT_BASE + seat * k.ST_SIZE
    if action == k.A_BANK:
        return f"banks {int(before[k.H_TOTAL])}: {int(after[base + k.ST_SCORE])} points"
    if action == k.A_STASH:
        return f"plays its stash {int(before[base + k.ST_STASH])}: turn total {int(after[k.H_TOTAL])}"
    drawn = int(before[k.DECK_BASE + before[k.H_DECK_N] - 1])
    if drawn == k.WOLF:
        return "draws a wolf: the turn total is lost"
    if int(after[k.H_MOVER]) == k.K.NOBODY and int(after[k.H_DECK_N]) == 0:
        banked = int(after[base + k.ST_SCORE]) - int(before[base + k.ST_SCORE])
        return f"draws {drawn}, the deck's last card: banks {banked}"
    return f"draws {drawn}: turn total {int(after[k.H_TOTAL])}"
