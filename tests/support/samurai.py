"""Helpers of Samurai Sword's rule tests: a dealt game through the contract, then set by hand."""

from __future__ import annotations

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.games.samurai import kernels as k
from emr_sim.games.samurai.rules import layout as L


class Table:
    """A game at one table size, its state S and constants G, and names for its cards."""

    def __init__(self, n: int = 5, seed: int = 1, index: int = 0, data=None, **rules):
        self.made = registry.get("samurai").make(
            n, {key.replace("_", "-"): str(v) for key, v in rules.items()}, data
        )
        self.G = self.made.loop_constants()
        self.n = n
        self.S = np.zeros(L.STATE_SIZE, dtype=np.int64)
        self.seating = np.full(n, -1, dtype=np.int64)
        k.init(self.G, self.S, seed, index, self.seating)
        self.cards = self.made.extra

    # names
    def kind(self, name: str) -> int:
        return self.cards.card_names.index(name)

    def char(self, name: str) -> int:
        return self.cards.char_names.index(name)

    # seats
    def at(self, s: int, field: int) -> int:
        return int(self.S[L.SEAT_BASE + s * L.ST_SIZE + field])

    def put(self, s: int, field: int, value: int) -> None:
        self.S[L.SEAT_BASE + s * L.ST_SIZE + field] = value

    def role(self, s: int) -> int:
        return self.at(s, L.ST_ROLE)

    def hp(self, s: int) -> int:
        return self.at(s, L.ST_HP)

    def honour(self, s: int) -> int:
        return self.at(s, L.ST_HONOUR)

    def hand(self, s: int) -> dict[str, int]:
        base = L.SEAT_BASE + s * L.ST_SIZE + L.ST_HAND
        return {
            name: int(self.S[base + i]) for i, name in enumerate(self.cards.card_names) if self.S[base + i]
        }

    def in_play(self, s: int) -> dict[str, int]:
        base = L.SEAT_BASE + s * L.ST_SIZE + L.ST_PROPS
        return {
            name: int(self.S[base + i]) for i, name in enumerate(self.cards.card_names) if self.S[base + i]
        }

    def set_hand(self, s: int, **cards: int) -> None:
        """s's hand made exactly these cards (names with _ for spaces); the rest of the
        deck's cards are not tracked (the tests check what moves)."""
        base = L.SEAT_BASE + s * L.ST_SIZE
        self.S[base + L.ST_HAND : base + L.ST_HAND + L.MAX_KINDS] = 0
        for name, count in cards.items():
            self.S[base + L.ST_HAND + self.kind(name.replace("_", " "))] = count
        self.put(s, L.ST_HAND_N, sum(cards.values()))

    def set_props(self, s: int, **cards: int) -> None:
        base = L.SEAT_BASE + s * L.ST_SIZE
        self.S[base + L.ST_PROPS : base + L.ST_PROPS + L.MAX_KINDS] = 0
        for name, count in cards.items():
            self.S[base + L.ST_PROPS + self.kind(name.replace("_", " "))] = count

    def set_char(self, s: int, name: str, hp: int | None = None) -> None:
        c = self.char(name)
        self.put(s, L.ST_CHAR, c)
        health = int(self.cards.CH[c, L.CH_HEALTH])
        self.put(s, L.ST_MAX_HP, health)
        self.put(s, L.ST_HP, health if hp is None else hp)

    def set_roles(self, *roles: int) -> None:
        """Seat s gets roles[s] (weights from the table), the Shogun's seat recorded."""
        for s, role in enumerate(roles):
            self.put(s, L.ST_ROLE, role)
            self.put(s, L.ST_WEIGHT, int(self.cards.WT[self.n, role]))
            if role == L.SHOGUN:
                self.S[L.H_SHOGUN] = s

    def set_pile(self, *names: str) -> None:
        """The draw pile: these cards, the first on top."""
        kinds = [self.kind(nm) for nm in names]
        self.S[L.DRAW_BASE : L.DRAW_BASE + L.MAX_DECK] = 0
        for j, kind in enumerate(reversed(kinds)):
            self.S[L.DRAW_BASE + j] = kind
        self.S[L.H_DRAW_N] = len(kinds)

    def set_discard(self, *names: str) -> None:
        """The discard pile: these cards, the last on top."""
        self.S[L.DISC_BASE : L.DISC_BASE + L.MAX_DECK] = 0
        for j, nm in enumerate(names):
            self.S[L.DISC_BASE + j] = self.kind(nm)
        self.S[L.H_DISC_N] = len(names)

    def turn_of(self, s: int) -> None:
        """s's play phase, no Weapon played yet."""
        self.S[L.H_TURN] = s
        self.S[L.H_DECIDER] = s
        self.S[L.H_PHASE] = L.PH_PLAY
        self.S[L.H_WEAPONS] = 0

    # the contract
    def legal(self) -> list[int]:
        out = np.zeros(L.MAX_LEGAL, dtype=np.int64)
        return out[: k.legal(self.G, self.S, out)].tolist()

    def apply(self, action: int) -> None:
        assert action in self.legal(), (action, self.legal())
        k.apply(self.G, self.S, action)

    def play(self, name: str, target: int = -1, option: int = 0) -> None:
        me = int(self.S[L.H_TURN])
        self.apply(self.action(name, me if target < 0 else target, option))

    def action(self, name: str, target: int, option: int = 0) -> int:
        return self.kind(name) * L.PLAY_STRIDE + target * L.SUB_OPTIONS + option

    def answer(self, name: str | None = None) -> None:
        self.apply(L.A_TAKE if name is None else L.A_RESPOND + self.kind(name))

    def decider(self) -> int:
        return int(k.to_move(self.G, self.S))

    def over(self) -> bool:
        return self.decider() == K.NOBODY

    def results(self) -> np.ndarray:
        out = np.zeros((self.n, K.RS_SIZE), dtype=np.int64)
        k.results(self.G, self.S, out)
        return out

    def observe(self, seat: int) -> np.ndarray:
        obs = np.zeros_like(self.S)
        k.observe(self.G, self.S, seat, obs)
        return obs
