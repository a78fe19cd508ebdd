"""HBC's value of the game contract (emr_sim.games.contract) and its Python face: the rules
options (every decision of docs/hbc.md, with its default), making the game from a card
set (face/pool.py), and its actions and positions in words (face/words.py)."""

from __future__ import annotations

import dataclasses
import importlib
from types import ModuleType

import numpy as np

from emr_sim.games.contract import Game, Made, RulesOption, Seats
from emr_sim.games.hbc.face import words
from emr_sim.games.hbc.face.pool import load_set
from emr_sim.games.hbc.face.tables import value_tables
from emr_sim.games.hbc.rules import layout as L
from emr_sim.players.kinds import GENERIC_KINDS

EXAMPLE_DECKS = ("blaze", "den", "edge", "grove", "lair", "tide")  # the example set's decks, by name

OPTIONS = (
    RulesOption("win_points", "13", (), "HBC-WIN", "points that win at the judgement", 1, 40),
    RulesOption("overtime_points", "15", (), "HBC-OVERTIME", "points that win in overtime", 1, 45),
    RulesOption(
        "hand_limit", "3", (), "HBC-HANDLIMIT", "hand cards kept at a turn's end besides the master", 1, 9
    ),
    RulesOption("events", "off", ("off",), "HBC-D-EVENTS", "event cards (none exist outside tournaments)"),
    RulesOption(
        "attribute_cycle", "off", ("off", "on"), "HBC-D-ATTR-CYCLE", "the hidden cycle of attributes"
    ),
    RulesOption(
        "cycle_bonus", "1", (), "HBC-D-ATTR-CYCLE", "attack value of the cycle's advantage (invented)", 1, 6
    ),
    RulesOption("first", "random", ("random", "seat0"), "HBC-D-FIRST", "who plays first"),
    RulesOption("target", "coin", ("coin",), "HBC-D-TARGET", "what an attacker names: a player and one coin"),
    RulesOption(
        "commit", "hidden", ("hidden", "open"), "HBC-D-COMMIT", "the attacking card: face down or shown"
    ),
    RulesOption("after", "hand", ("hand", "discard"), "HBC-D-AFTER", "where a winning card goes"),
    RulesOption(
        "attacker_loss",
        "nothing",
        ("nothing", "coin"),
        "HBC-D-ATTACKER-LOSS",
        "what a losing non-master attacker gives besides its card",
    ),
    RulesOption("three", "pieces", ("pieces", "points"), "HBC-D-THREE", "a master card's 3: coins or points"),
    RulesOption("protect", "target", ("target", "all"), "HBC-D-PROTECT", "what a coin protection saves"),
    RulesOption("windows", "w1-w2-w3", ("w1-w2-w3",), "HBC-D-WINDOWS", "when battle supports are played"),
    RulesOption("reroll_cap", "100", (), "HBC-D-REROLL", "rolls of a battle before it is given up", 1, 1000),
    RulesOption("solo", "any", ("any", "one"), "HBC-D-SOLO", "solo support cards per action"),
    RulesOption(
        "fighters", "characters", ("characters",), "HBC-D-NOT-FIGHTERS", "who fights: never a support"
    ),
    RulesOption("empty_deck", "act", ("act",), "HBC-D-EMPTY-DECK", "a player with an empty deck still acts"),
    RulesOption("judge", "turn", ("turn", "round"), "HBC-D-JUDGE", "when the end is judged"),
    RulesOption("ties", "shared", ("shared", "first-seat"), "HBC-D-TIES", "a tie for most points"),
    RulesOption(
        "overtime_check", "move", ("move", "turn"), "HBC-D-OVERTIME", "when 15 is checked in overtime"
    ),
    RulesOption(
        "hidden", "hands", ("hands",), "HBC-D-HIDDEN", "hidden: hands, deck orders, a committed card"
    ),
    RulesOption(
        "deckbuild", "ten-star", ("ten-star",), "HBC-D-DECKBUILD", "10 cards, at least one star character"
    ),
    RulesOption(
        "restrict", "turn-end", ("turn-end",), "HBC-D-ABILITIES", "when the restriction ability is checked"
    ),
)

GAME = Game(
    name="hbc",
    title="HBC (Hanten Battle Card, seed 004)",
    seats=Seats(fewest=2, most=5, default=4),
    entity="deck",
    entities=EXAMPLE_DECKS,
    dealt=False,
    teams=False,
    options=OPTIONS,
    players=GENERIC_KINDS,  # every generic player (players/): HBC has evaluate, action_value, rollout
    end_names=L.END_NAMES,
    state_size=L.STATE_SIZE,
    max_legal=L.MAX_LEGAL,
    n_actions=L.N_ACTIONS,  # every action code is below it (rules/layout.py): the adapters' action space
    face_module=__name__,
    rules_doc="docs/hbc.md",
    work_size=L.WORK_SIZE,
)


def kernels() -> ModuleType:
    return importlib.import_module("emr_sim.games.hbc.kernels")


def entry():
    return importlib.import_module("emr_sim.games.hbc.entry").play_chunk


def logged_entry():
    """The compiled loop of studies: the table loop's rows and each seat's log (study_entry.py)."""
    return importlib.import_module("emr_sim.games.hbc.study_entry").play_logged


def decide_step():
    return importlib.import_module("emr_sim.games.hbc.entry").decide_step


def rules_array(rules: dict[str, str]) -> np.ndarray:
    """The kernels' P (layout.P_*) from the parsed options."""
    P = np.zeros(L.P_SIZE, dtype=np.int64)
    P[L.P_WIN_POINTS] = int(rules["win_points"])
    P[L.P_OT_POINTS] = int(rules["overtime_points"])
    P[L.P_HAND_KEEP] = int(rules["hand_limit"])
    P[L.P_CYCLE] = int(rules["attribute_cycle"] == "on")
    P[L.P_CYCLE_BONUS] = int(rules["cycle_bonus"])
    P[L.P_FIRST] = L.FIRST_SEAT0 if rules["first"] == "seat0" else L.FIRST_RANDOM
    P[L.P_COMMIT] = L.COMMIT_OPEN if rules["commit"] == "open" else L.COMMIT_HIDDEN
    P[L.P_AFTER] = L.AFTER_DISCARD if rules["after"] == "discard" else L.AFTER_HAND
    P[L.P_ATT_LOSS] = L.ATT_LOSS_COIN if rules["attacker_loss"] == "coin" else L.ATT_LOSS_NOTHING
    P[L.P_THREE] = L.THREE_POINTS if rules["three"] == "points" else L.THREE_PIECES
    P[L.P_PROTECT] = L.PROTECT_ALL if rules["protect"] == "all" else L.PROTECT_TARGET
    P[L.P_REROLL_CAP] = int(rules["reroll_cap"])
    P[L.P_SOLO] = 1 if rules["solo"] == "one" else 0
    P[L.P_JUDGE] = L.JUDGE_ROUND if rules["judge"] == "round" else L.JUDGE_TURN
    P[L.P_TIES] = L.TIES_FIRST_SEAT if rules["ties"] == "first-seat" else L.TIES_SHARED
    P[L.P_OT_CHECK] = L.OT_CHECK_TURN if rules["overtime_check"] == "turn" else L.OT_CHECK_MOVE
    return P


def constants(cards, rules: dict[str, str]) -> tuple:
    """G: (tag, CT, P, DK, COUNTS, CUMUL, PAIRS, QUALITY) (layout.G_*)."""
    from emr_sim.games.hbc.players.evaluate import fill_quality
    from emr_sim.games.hbc.rules.pairs import fill_pairs
    from emr_sim.kernel_contract import game_tag

    counts, cumul = value_tables()
    n = len(cards.cards)
    pairs = np.zeros((n, n, 2), dtype=np.float64)
    worth = np.zeros(n, dtype=np.float64)
    G = (game_tag("hbc"), cards.table, rules_array(rules), cards.decks_table, counts, cumul, pairs, worth)
    assert G[L.G_TAG] is not None and G[L.G_PAIRS] is pairs and G[L.G_QUALITY] is worth  # layout's G_*
    fill_pairs(G, pairs)
    fill_quality(G, worth)
    return G


def make(n_seats: int, rules: dict[str, str], data: str | None) -> Made:
    """HBC at n_seats from a card set (None: the example set, face/pool.py), every file
    checked before anything is played."""
    cards = load_set(data)
    game = dataclasses.replace(GAME, entities=cards.deck_names)
    return Made(
        game=game, n_seats=n_seats, G=constants(cards, rules), rules=rules,
        data_name="default" if data is None else data, data_sha256=cards.sha256, extra=cards,
    )  # fmt: skip


def entity_names(data: str | None) -> tuple[str, ...]:
    """The decks of a card set, by name (the entities of a run made with `--deck data`)."""
    return load_set(data).deck_names


def loop_constants(made: Made) -> tuple:
    return made.G  # no scratch in G: one value for every loop


action_text = words.action_text
outcome_text = words.outcome_text
describe = words.describe


def battle_odds(made: Made, attacker: str, defender: str, cap: int | None = None) -> dict:
    """`emr-sim odds`: one battle's exact chances (face/odds.py)."""
    from emr_sim.games.hbc.face.odds import odds_report

    return odds_report(made, attacker, defender, cap)


def battle_odds_text(report: dict) -> str:
    from emr_sim.games.hbc.face.odds import odds_text

    return odds_text(report)


def die_worth_table(made: Made, cap: int | None = None):
    """`emr-sim odds --table`: one more die's worth over dice count 1-5 x hit 1-6."""
    from emr_sim.games.hbc.face.odds import worth_table

    return worth_table(int(made.G[L.G_RULES][L.P_REROLL_CAP]) if cap is None else cap)
