"""8 Masters' Revenge's value of the game contract (emr_sim.games.contract) and the face the
generic layers call. 8MR's own commands keep their own paths (matchup, matrix, positions,
the play app ...); this is what a layer that works on any game sees of it."""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from emr_sim.games.contract import Game, Made, RulesOption, Seats
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.options import OPTIONS

GAME = Game(
    name="emr",
    title="8 Masters' Revenge",
    seats=Seats(fewest=2, most=2, default=2),
    entity="master",
    entities=C.HERO_NAMES,
    dealt=False,
    teams=False,
    options=tuple(
        RulesOption(o.name, o.show(o.default), tuple(o.values), o.rule, o.help, o.low, o.high)
        for o in OPTIONS
    ),
    # the generic players of its table runs; its own commands' greedy and ismcts are its own
    # (docs/players.md), so the generic ones are named generic-greedy and generic-ismcts here
    players=("random", "generic-greedy", "generic-ismcts"),
    end_names=("decided", "turn cap"),
    state_size=C.STATE_SIZE,
    max_legal=C.MAX_LEGAL,
    face_module=__name__,
    rules_doc="docs/rules.md",
    n_actions=C.N_ACTIONS,
)


def kernels() -> ModuleType:
    return importlib.import_module("emr_sim.games.emr.loops.contract")


def entry():
    return importlib.import_module("emr_sim.games.emr.loops.table_entry").play_chunk


def decide_step():
    return importlib.import_module("emr_sim.games.emr.loops.table_entry").decide_step


def make(n_seats: int, rules: dict[str, str], data: str | None) -> Made:
    from emr_sim.games.emr.cards import card_table, load_deck
    from emr_sim.games.emr.options import make_options
    from emr_sim.kernel_contract import game_tag

    deck = load_deck(data)
    opts = make_options(rules)
    table = card_table(deck, opts)
    G = (game_tag("emr"), table, opts, *kernels().scratch(table))
    return Made(GAME, n_seats, G, rules, "default" if data is None else data, deck.sha256)


def loop_constants(made: Made) -> tuple:
    """A fresh event buffer, card lists and greedy scratch for each loop (G[3:] is scratch)."""
    return (*made.G[:3], *kernels().scratch(made.G[1]))


def action_text(made: Made, S: np.ndarray, action: int) -> str:
    from emr_sim.games.emr.face.notation import format_action

    return format_action(S, made.G[1], int(action))


def describe(made: Made, S: np.ndarray) -> list[str]:
    from emr_sim.games.emr.face.show import show_text

    return show_text(S, made.G[1], made.G[2]).splitlines()


def outcome_text(made: Made, before: np.ndarray, after: np.ndarray, action: int) -> str:
    """The health of both players after the action (8MR's own log, face/log.py, tells more)."""
    health = [int(after[C.P_BASE + p * C.P_SIZE + C.P_HEALTH]) for p in (0, 1)]
    return f"health {health[0]}-{health[1]}"
