"""HBC's actions, their outcomes and positions in words (the logs of `emr-sim play --game hbc`).
Hidden cards (kernel_contract.HIDDEN) are shown as '?'."""

from __future__ import annotations

import numpy as np

from emr_sim.games.contract import Made
from emr_sim.games.hbc.rules import layout as L

HIDDEN = -2  # kernel_contract.HIDDEN


def card_name(made: Made, c: int) -> str:
    if c == HIDDEN:
        return "?"
    if c < 0:
        return "-"
    return made.extra.cards[int(c)].id


def seat_word(S: np.ndarray, s: int, field: int) -> int:
    return int(S[L.SEAT_BASE + s * L.ST_SIZE + field])


def hand_ids(made: Made, S: np.ndarray, s: int) -> list[str]:
    return [card_name(made, seat_word(S, s, L.ST_HAND + k)) for k in range(seat_word(S, s, L.ST_HAND_N))]


def source_name(made: Made, S: np.ndarray, s: int, src: int) -> str:
    if src == L.MASTER_SLOT:
        return f"master {card_name(made, seat_word(S, s, L.ST_MASTER))}"
    return card_name(made, seat_word(S, s, L.ST_HAND + src))


def coin_word(kind: int) -> str:
    return "no coin" if kind == L.COIN_NONE else f"its {kind + 1}-point coin"


def action_text(made: Made, S: np.ndarray, a: int) -> str:
    """An action in words, for the mover of S."""
    a = int(a)
    s = int(S[L.H_MOVER])
    phase = int(S[L.H_PHASE])
    if a == L.A_WAIT:
        return "waits" if phase == L.PH_ACTION else "passes"
    if a == L.A_DECLINE:
        return "puts out no card"
    if a < L.A_ATTACK:
        return f"defends with {source_name(made, S, s, a - L.A_DEFEND)}"
    if a < L.A_SUPPORT:
        code = a - L.A_ATTACK
        coin, target = code % (L.COIN_NONE + 1), (code // (L.COIN_NONE + 1)) % L.MAX_SEATS
        src = code // ((L.COIN_NONE + 1) * L.MAX_SEATS)
        return f"attacks seat {target} for {coin_word(coin)} with {source_name(made, S, s, src)}"
    if a < L.A_TAKE:
        return f"plays {source_name(made, S, s, a - L.A_SUPPORT)}"
    if a < L.A_SWAP:
        code = a - L.A_TAKE
        kind, target = code % L.N_COIN_KINDS, (code // L.N_COIN_KINDS) % L.MAX_SEATS
        slot = code // (L.N_COIN_KINDS * L.MAX_SEATS)
        return f"plays {source_name(made, S, s, slot)}: takes the {kind + 1}-point coin of seat {target}"
    if a < L.A_GIVE:
        code = a - L.A_SWAP
        return f"swaps a die showing {code // L.FACES + 1} for one showing {code % L.FACES + 1}"
    if a < L.A_DISCARD:
        return f"gives a {a - L.A_GIVE + 1}-point coin"
    return f"discards {source_name(made, S, s, a - L.A_DISCARD)}"


def battle_line(made: Made, S: np.ndarray) -> str:
    b = L.B_BASE
    parts = []
    for side, who in ((L.A_SIDE, "attacker"), (L.D_SIDE, "defender")):
        n = int(S[b + L.B_NFACES + side])
        faces = [int(S[b + L.B_FACES + side * L.MAX_DICE + k]) for k in range(n)]
        card = card_name(made, int(S[b + L.B_CARD + side]))
        parts.append(f"{who} {card} rolls {faces} = {int(S[b + L.B_VALUE + side])}")
    return "; ".join(parts)


def outcome_text(made: Made, before: np.ndarray, after: np.ndarray, a: int) -> str:
    """What an action did: the dice of a battle, coins that changed hands."""
    n = int(before[L.H_SEATS])
    moved = [
        f"seat {s} {int(points(after, s)) - int(points(before, s)):+d}"
        for s in range(n)
        if points(after, s) != points(before, s)
    ]
    text = []
    if int(after[L.B_BASE + L.B_ROLLS]) > int(before[L.B_BASE + L.B_ROLLS]) or (
        int(before[L.H_PHASE]) in (L.PH_SUPPORT, L.PH_SWAP, L.PH_DEFEND)
        and int(after[L.B_BASE + L.B_ROLLS]) > 0
    ):
        text.append(battle_line(made, after))
    if moved:
        text.append("points " + ", ".join(moved))
    return "; ".join(text)


def points(S: np.ndarray, s: int) -> int:
    return sum((k + 1) * seat_word(S, s, L.ST_COINS + k) for k in range(L.N_COIN_KINDS))


def describe(made: Made, S: np.ndarray) -> list[str]:
    """Each seat's deck, points, coins, master and hand; the turn."""
    lines = []
    decks = made.extra.decks
    for s in range(int(S[L.H_SEATS])):
        coins = "/".join(str(seat_word(S, s, L.ST_COINS + k)) for k in range(L.N_COIN_KINDS))
        lines.append(
            f"seat {s} ({decks[seat_word(S, s, L.ST_DECK_ID)].name}): {points(S, s)} points "
            f"(1/2/3-point coins {coins}), master {card_name(made, seat_word(S, s, L.ST_MASTER))}, "
            f"hand [{', '.join(hand_ids(made, S, s))}], deck {seat_word(S, s, L.ST_DECK_N)}, "
            f"discards {seat_word(S, s, L.ST_DISC_N)}"
        )
    if int(S[L.H_PHASE]) == L.PH_OVER:
        lines.append(f"over: {L.END_NAMES[int(S[L.H_END])]} after {int(S[L.H_TURNS])} turns")
    else:
        lines.append(f"turn {int(S[L.H_TURNS])}: seat {int(S[L.H_TURN_SEAT])}, "
                     f"{L.PHASE_NAMES[int(S[L.H_PHASE])]} of seat {int(S[L.H_MOVER])}" + (
            " (overtime)" if int(S[L.H_OVERTIME]) else ""))  # fmt: skip
    return lines
