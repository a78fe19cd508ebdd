"""State readers and common positions of the rules scenario tests (tests/games/emr/rules/)."""

from __future__ import annotations

import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import find_card
from emr_sim.games.emr.face.position import card_ref
from support.scenario import Scenario


def pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


def field(g, p: int, name: int, z: int) -> int:
    return int(g.state[pb(p) + name + z])


def zcard(g, p: int, z: int) -> int:
    return field(g, p, C.P_ZCARD, z)


def board(g, p: int) -> dict[int, str]:
    """{zone: card label} of player p's board."""
    return {z: card_ref(g.table, zcard(g, p, z)) for z in range(C.N_ZONES) if zcard(g, p, z) != C.NO_CARD}


def blocked(g, p: int) -> list[int]:
    return [z for z in range(C.N_ZONES) if field(g, p, C.P_ZBLOCK, z) == 1]


def zdmg(g, p: int, z: int) -> int:
    return field(g, p, C.P_ZDMG, z)


def cdmg(g, p: int, z: int) -> int:
    return field(g, p, C.P_CDMG, z)


def hand(g, p: int) -> list[str]:
    n = int(g.state[pb(p) + C.P_HAND_N])
    return [card_ref(g.table, int(g.state[pb(p) + C.P_HAND + k])) for k in range(n)]


def hand_n(g, p: int) -> int:
    return int(g.state[pb(p) + C.P_HAND_N])


def discard_pile(g) -> list[str]:
    n = int(g.state[C.DISC_N])
    return [card_ref(g.table, int(g.state[C.DISC + k])) for k in range(n)]


def cid(g, label: str) -> int:
    return find_card(g.table, label)


def texts(g) -> set[str]:
    return {text for _code, text in g.legal()}


def of_kind(events, kind: int) -> list[tuple[int, ...]]:
    return [e for e in events if e[0] == kind]


def pending(g) -> tuple[str, int]:
    return g.phase, g.decider


def active(g) -> int:
    return int(g.state[C.H_ACTIVE])


def placed_cards(S) -> list[int]:
    """Every card id on the boards, in the hands and in the piles."""
    out = []
    for p in range(2):
        out += [int(c) for c in S[pb(p) + C.P_ZCARD : pb(p) + C.P_ZCARD + C.N_ZONES] if c != C.NO_CARD]
        out += [int(c) for c in S[pb(p) + C.P_HAND : pb(p) + C.P_HAND + int(S[pb(p) + C.P_HAND_N])]]
    out += [int(c) for c in S[C.DRAW : C.DRAW + int(S[C.DRAW_N])]]
    out += [int(c) for c in S[C.DISC : C.DISC + int(S[C.DISC_N])]]
    return out


@pytest.fixture(autouse=True)  # active in the modules that import it
def _scenarios_hold_each_card_once(monkeypatch):
    """A hand-built position must not put one card in two places (Scenario does not check)."""
    build = Scenario.game

    def checked(self):
        g = build(self)
        ids = placed_cards(g.state)
        twice = sorted({card_ref(g.table, c) for c in ids if ids.count(c) > 1})
        assert not twice, f"scenario places these cards twice: {twice}"
        return g

    monkeypatch.setattr(Scenario, "game", checked)


# ---------------------------------------------------------------- common positions

# Player 0's pair is EJECTED on zone 2 and blue 1-4 on zone 3; playing green 2-5 on the
# right ejects EJECTED with an attack of 4 + 2 = 6 (a hit on the bows' 6); green 1-3
# gives 4 + 1 = 5 (a miss). Neither makes a pair.
PAIR_RIGHT = "blue 1-4"
HIT_CARD = "green 2-5"
MISS_CARD = "green 1-3"
# Defender boards of defence 6 (outer 3 + 3).
RED_RED = {2: "red 3-3", 3: "red 2-3"}  # both red, no dragon
RED_BLUE = {2: "red 3-3", 3: "blue 2-3"}  # one red, no dragon


def attack(ejected: str, defender: dict | None = None, defender_blocked=(), rules=None, **kw) -> Scenario:
    """Player 0 about to eject `ejected` (zone 2) by playing HIT_CARD or MISS_CARD on the right."""
    sc = Scenario(rules=rules)
    sc.board(0, {2: ejected, 3: PAIR_RIGHT})
    sc.hand(0, [HIT_CARD, MISS_CARD])
    if defender is not None:
        sc.board(1, defender, blocked=list(defender_blocked))
    return sc


PAIR_POS = {2: "red 3-3", 3: "red 5-2"}  # yellow 2-3 played right makes 2/2
