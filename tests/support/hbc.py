"""Positions of HBC set by hand for the rules tests (tests/games/hbc/): a game made from the
example card set, dealt, then its hands, decks, coins and dice set as a test needs."""

from __future__ import annotations

import numpy as np

from emr_sim.games import registry
from emr_sim.games.hbc import kernels  # noqa: F401  (registers the kernels)
from emr_sim.games.hbc.rules import battle, flow, legal, numbers, state
from emr_sim.games.hbc.rules import layout as L
from emr_sim.games.hbc.rules.turn import init

DECKS = ("blaze", "den", "edge", "grove", "lair", "tide")  # the example set's decks, in code order


def make(n: int = 2, **rules):
    return registry.get("hbc").make(n, {k: str(v) for k, v in rules.items()})


def dealt(made, index: int = 0, decks=None, seed: int = 7) -> np.ndarray:
    S = np.zeros(L.STATE_SIZE, dtype=np.int64)
    n = made.n_seats
    seating = np.array([DECKS.index(d) for d in decks] if decks else [-1] * n, dtype=np.int64)
    init(made.G, S, seed, index, seating)
    return S


def cid(made, card_id: str) -> int:
    return made.extra.index(card_id)


def base(s: int) -> int:
    return L.SEAT_BASE + s * L.ST_SIZE


def field(S, s: int, f: int) -> int:
    return int(S[base(s) + f])


def hand(made, S, s: int) -> list[str]:
    return [made.extra.cards[int(S[base(s) + L.ST_HAND + k])].id for k in range(field(S, s, L.ST_HAND_N))]


def discards(made, S, s: int) -> list[str]:
    return [made.extra.cards[int(S[base(s) + L.ST_DISC + k])].id for k in range(field(S, s, L.ST_DISC_N))]


def set_cards(made, S, s: int, where: str, ids: list[str]) -> None:
    """Seat s's hand, deck or discard pile as the cards `ids` (the deck's top last)."""
    start, count, size = {
        "hand": (L.ST_HAND, L.ST_HAND_N, L.MAX_HAND),
        "deck": (L.ST_DECK, L.ST_DECK_N, L.MAX_DECK),
        "disc": (L.ST_DISC, L.ST_DISC_N, L.MAX_DISC),
    }[where]
    for k in range(size):
        S[base(s) + start + k] = cid(made, ids[k]) if k < len(ids) else L.NO_CARD
        if where == "hand":
            S[base(s) + L.ST_KNOWN + k] = 0
    S[base(s) + count] = len(ids)


def set_coins(S, s: int, ones: int, twos: int, threes: int) -> None:
    S[base(s) + L.ST_COINS : base(s) + L.ST_COINS + 3] = (ones, twos, threes)


def set_master(made, S, s: int, card_id: str) -> None:
    S[base(s) + L.ST_MASTER] = cid(made, card_id)


def points(S, s: int) -> int:
    return int(state.points(S, s))


def turn_of(S, s: int) -> None:
    """Seat s to act (HBC-ACTION), no solo card played yet."""
    S[L.H_TURN_SEAT] = s
    S[L.H_MOVER] = s
    S[L.H_PHASE] = L.PH_ACTION
    S[L.H_STEP] = L.STEP_DECIDE
    S[L.H_SOLO_USED] = 0


def legal_actions(made, S) -> list[int]:
    out = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    return out[: legal.legal(made.G, S, out)].tolist()


def act(made, S, a: int) -> None:
    assert a in legal_actions(made, S), (a, legal_actions(made, S))
    flow.apply(made.G, S, a)


def attack(src: int, target: int, coin: int) -> int:
    return int(legal.attack_code(src, target, coin))


def slot_of(made, S, s: int, card_id: str) -> int:
    return hand(made, S, s).index(card_id)


def start_battle(made, S, a_src: int, target: int, coin: int, d_src: int) -> None:
    """The turn's seat attacks `target` for coin kind `coin` from a_src, the target answers
    with d_src: both revealed, W1 open (the rules not yet run)."""
    attacker = int(S[L.H_TURN_SEAT])
    battle.begin_battle(made.G, S, attacker, a_src, target, coin)
    battle.reveal(made.G, S, d_src)


def set_faces(made, S, faces_a: list[int], faces_d: list[int]) -> None:
    """The roll made with these faces (both sides), as if W1 had passed: W2 opens."""
    b = L.B_BASE
    for side, faces in ((L.A_SIDE, faces_a), (L.D_SIDE, faces_d)):
        S[b + L.B_NFACES + side] = len(faces)
        for k in range(L.MAX_DICE):
            S[b + L.B_FACES + side * L.MAX_DICE + k] = faces[k] if k < len(faces) else 0
    S[b + L.B_ROLLS] = max(1, int(S[b + L.B_ROLLS]))
    numbers.refresh_values(made.G, S)
    numbers.start_window(S, L.WIN_2)


def run(made, S) -> None:
    """The rules from where S stands until a decision (flow.proceed)."""
    flow.proceed(made.G, S)


def value(S, side: int) -> int:
    return int(S[L.B_BASE + L.B_VALUE + side])
