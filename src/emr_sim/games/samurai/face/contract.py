"""Samurai Sword's value of the game contract and its Python face (emr_sim.games.contract):
the Game value, `make` (the options parsed, the card file loaded), and the words of its logs."""

from __future__ import annotations

import importlib
from types import ModuleType

import numpy as np

from emr_sim.games.contract import Game, Made, RulesOption, Seats
from emr_sim.games.samurai.cards import Cards, load_cards
from emr_sim.games.samurai.players.own import OWN_PLAYERS
from emr_sim.games.samurai.players.search import SCRATCH_SIZE, WORK_SIZE
from emr_sim.games.samurai.rules import layout as L

_DEFAULT = load_cards()

OPTIONS = (
    RulesOption("shogun-hp", "0", ("0", "1"), "SS-D-SHOGUN-HP",
                "resilience the Shogun takes above the card's"),
    RulesOption("exhaust", "empty", ("empty", "draw"), "SS-D-EXHAUST",
                "exhaustion when the pile becomes empty, or when a card must be drawn"),
    RulesOption("bushido-limit", "table", ("table", "player"), "SS-D-BUSHIDO-ONE",
                "one Bushido in play at all, or one per player"),
    RulesOption("ninja4-double", "off", ("off", "on"), "SS-D-WEIGHTS",
                "at 4 players one of the three Ninja cards scores x2"),
    RulesOption("cap", "1000", (), "SS-D-CAP", "turns after which the game is a draw", low=100, high=5000),
    RulesOption("characters", "published", ("published", "vanilla"), "SS-D-CHARS",
                "the published characters, or 12 of resilience 5 without abilities (engine tests)"),
)  # fmt: skip

GAME = Game(
    name=L.NAME,
    title="Samurai Sword (dV Giochi 2012; seed 003)",
    seats=Seats(fewest=L.MIN_SEATS, most=L.MAX_SEATS, default=5),
    entity="character",
    entities=_DEFAULT.char_names,
    dealt=True,
    teams=True,
    options=OPTIONS,
    players=("random", "greedy", "ismcts", *OWN_PLAYERS),  # the generic ones, then its own
    end_names=L.END_NAMES,
    state_size=L.STATE_SIZE,
    max_legal=L.MAX_LEGAL,
    face_module=__name__,
    rules_doc="docs/samurai.md",
    work_size=WORK_SIZE,
    own_players=OWN_PLAYERS,
    sees_all=("oracle",),
    n_actions=L.A_DISCARD + L.MAX_KINDS,  # every action code is below it (rules/layout.py)
)


def kernels() -> ModuleType:
    return importlib.import_module("emr_sim.games.samurai.kernels")


def entry():
    return importlib.import_module("emr_sim.games.samurai.entry").play_chunk


def decide_step():
    return importlib.import_module("emr_sim.games.samurai.entry").decide_step


def options_array(cards: Cards, rules: dict[str, str]) -> np.ndarray:
    P = np.zeros(L.P_SIZE, dtype=np.int64)
    P[L.P_KINDS] = cards.n_kinds
    P[L.P_CHARS] = len(cards.char_names)
    P[L.P_SHOGUN_HP] = int(rules["shogun-hp"])
    P[L.P_EXHAUST_ON_DRAW] = rules["exhaust"] == "draw"
    P[L.P_BUSHIDO_TABLE] = rules["bushido-limit"] == "table"
    P[L.P_NINJA4_DOUBLE] = rules["ninja4-double"] == "on"
    P[L.P_CAP] = int(rules["cap"])
    P[L.P_VANILLA] = rules["characters"] == "vanilla"
    return P


def make(n_seats: int, rules: dict[str, str], data: str | None) -> Made:
    """The game at n_seats with its options and a card file (None: the published one)."""
    from emr_sim.kernel_contract import game_tag

    cards = _DEFAULT if data is None else load_cards(data)
    P = options_array(cards, rules)
    G = (game_tag(L.NAME), P, cards.CT, cards.CH, cards.RT, cards.WT, np.zeros(SCRATCH_SIZE))
    return Made(
        game=GAME, n_seats=n_seats, G=G, rules=rules, data_name=data or "default",
        data_sha256=cards.sha256, extra=cards,
    )  # fmt: skip


def loop_constants(made: Made) -> tuple:
    """G with a scratch of its own for one loop (the players' beliefs)."""
    return (*made.G[:6], np.zeros(SCRATCH_SIZE))


# ---------------------------------------------------------------- words
def card_name(made: Made, kind: int) -> str:
    names = made.extra.card_names
    return names[kind] if 0 <= kind < len(names) else f"card {kind}"


def action_text(made: Made, S: np.ndarray, action: int) -> str:
    from emr_sim.games.samurai.rules.actions import decode

    a = int(action)
    if a == L.A_END:
        return "ends the play phase"
    if a == L.A_NOBUNAGA:
        return "gives 1 resilience for a card (Nobunaga)"
    if a == L.A_TAKE:
        return {L.PH_BUSHIDO: "keeps its Weapons and loses 1 honour to Bushido"}.get(
            int(S[L.H_PHASE]), "takes it"
        )
    if a == L.A_FROM_DECK:
        return "draws from the deck"
    if a == L.A_FROM_DISCARD:
        return "takes the discard pile's top card (Ieyasu)"
    if a >= L.A_DISCARD:
        return f"discards {card_name(made, a - L.A_DISCARD)}"
    if a >= L.A_RESPOND:
        return f"answers with {card_name(made, a - L.A_RESPOND)}"
    kind, target, option = decode(a)
    text = f"plays {card_name(made, kind)}"
    if target != int(S[L.H_TURN]) or kind_type(made, kind) == L.WEAPON:
        text += f" at seat {target}"
    if option > 0:
        text += f" on its {card_name(made, option - 1)}"
    return text


def kind_type(made: Made, kind: int) -> int:
    return int(made.extra.CT[kind, L.CT_TYPE])


def outcome_text(made: Made, before: np.ndarray, after: np.ndarray, action: int) -> str:
    """What changed: resilience and honour by seat, exhaustions, the end."""
    parts = []
    for s in range(int(before[L.H_SEATS])):
        base = L.SEAT_BASE + s * L.ST_SIZE
        for field, what in ((L.ST_HP, "resilience"), (L.ST_HONOUR, "honour")):
            diff = int(after[base + field]) - int(before[base + field])
            if diff:
                parts.append(f"seat {s} {diff:+d} {what} ({int(after[base + field])})")
    if after[L.H_EXHAUSTS] > before[L.H_EXHAUSTS]:
        parts.append("the draw pile is exhausted: every player loses 1 honour")
    if after[L.H_TURNS] > before[L.H_TURNS] and after[L.H_END] == L.END_NONE:
        parts.append(f"turn {int(after[L.H_TURNS])}: seat {int(after[L.H_TURN])}")
    if after[L.H_END] != L.END_NONE:
        parts.append(f"the game ends: {L.END_NAMES[int(after[L.H_END])]}")
    return "; ".join(parts)


def describe(made: Made, S: np.ndarray) -> list[str]:
    """Each seat (role shown if known to the reader of S, else '?'), then the piles."""
    cards = made.extra
    lines = []
    for s in range(int(S[L.H_SEATS])):
        base = L.SEAT_BASE + s * L.ST_SIZE
        role = int(S[base + L.ST_ROLE])
        role_text = L.ROLE_NAMES[role] if 0 <= role < L.N_ROLES else "?"
        char = cards.char_names[int(S[base + L.ST_CHAR])]
        hand = _card_list(cards, S, base + L.ST_HAND)
        shown = f"{int(S[base + L.ST_HAND_N])} cards" + (f" [{hand}]" if hand is not None else " [?]")
        in_play = _card_list(cards, S, base + L.ST_PROPS) or "-"
        resilience = f"{int(S[base + L.ST_HP])}/{int(S[base + L.ST_MAX_HP])}"
        lines.append(
            f"seat {s}: {role_text} {char}, resilience {resilience}, "
            f"honour {int(S[base + L.ST_HONOUR])}, {shown}, in play: {in_play}"
        )
    lines.append(
        f"draw pile {int(S[L.H_DRAW_N])}, discard pile {int(S[L.H_DISC_N])}, "
        f"exhaustions {int(S[L.H_EXHAUSTS])}, turn {int(S[L.H_TURNS])}"
    )
    return lines


def _card_list(cards: Cards, S: np.ndarray, offset: int) -> str | None:
    counts = S[offset : offset + cards.n_kinds]
    if np.any(counts < 0):
        return None
    return ", ".join(
        f"{cards.card_names[k]}" + (f" x{int(c)}" if c > 1 else "") for k, c in enumerate(counts) if c > 0
    )
