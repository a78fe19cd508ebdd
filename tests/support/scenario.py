"""Hand-built positions for rule tests: boards, hands, tokens, then play through Game.

    sc = Scenario()
    sc.board(0, {1: "red 3-1", 2: "blue 4-4"})
    sc.board(1, {2: "yellow 2-3", 3: "green 3-3"}, blocked=[3])
    sc.hand(0, ["yellow 1-5"])
    g = sc.game()                       # player 0 to act (DK_TURN)
    g.apply("play yellow 1-5 left")
    assert g.health(1) == 8 - 1

Every valid shot card not placed goes to the draw pile, in id order, with the
cards of `draw_top` on top (the last one drawn first is draw_top[0]).
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, find_card, load_deck
from emr_sim.games.emr.face.core import Game
from emr_sim.games.emr.options import make_options
from emr_sim.rng import seed_rng

DECK = load_deck()


def pb(p: int) -> int:
    return C.P_BASE + p * C.P_SIZE


class Scenario:
    def __init__(self, rules: dict[str, str] | None = None, deck=None, heroes=(C.NO_HERO, C.NO_HERO)):
        self.deck = deck or DECK
        self.opts = make_options(rules)
        self.table = card_table(self.deck, self.opts)
        self.boards: dict[int, dict[int, int]] = {
            0: {2: C.BOW_BASE, 3: C.BOW_BASE + 1},
            1: {2: C.BOW_BASE + 2, 3: C.BOW_BASE + 3},
        }
        self.blocked: dict[int, list[int]] = {0: [], 1: []}
        self.hands: dict[int, list[int]] = {0: [], 1: []}
        self.asides: dict[int, list[int]] = {0: [], 1: []}
        self.zone_dmg: dict[tuple[int, int], int] = {}
        self.crows: set[tuple[int, int]] = set()
        self.card_tokens: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.healths = [int(self.opts[1]), int(self.opts[1])]
        self.discards: list[int] = []
        self.draw_top: list[int] = []
        self.empty_draw = False
        self.heroes = heroes
        self.fury = [0, 0]
        self.poison = [0, 0]
        self.active = 0

    def card(self, ref: str | int) -> int:
        return ref if isinstance(ref, int) else find_card(self.table, ref)

    def board(self, p: int, cards: dict[int, str | int], blocked: list[int] = ()) -> Scenario:
        self.boards[p] = {z: self.card(c) for z, c in cards.items()}
        self.blocked[p] = list(blocked)
        return self

    def hand(self, p: int, cards: list[str | int]) -> Scenario:
        self.hands[p] = [self.card(c) for c in cards]
        return self

    def aside(self, p: int, cards: list[str | int]) -> Scenario:
        self.asides[p] = [self.card(c) for c in cards]
        return self

    def zone_tokens(self, p: int, zone: int, damage: int = 0, crow: bool = False) -> Scenario:
        self.zone_dmg[(p, zone)] = damage
        if crow:
            self.crows.add((p, zone))
        return self

    def tokens_on_card(self, p: int, zone: int, damage: int = 0, plus: int = 0, minus: int = 0) -> Scenario:
        self.card_tokens[(p, zone)] = (damage, plus, minus)
        return self

    def health(self, p: int, h: int) -> Scenario:
        self.healths[p] = h
        return self

    def discard(self, cards: list[str | int]) -> Scenario:
        self.discards = [self.card(c) for c in cards]
        return self

    def top(self, cards: list[str | int]) -> Scenario:
        """The next cards drawn, first drawn first."""
        self.draw_top = [self.card(c) for c in cards]
        return self

    def no_draw_pile(self) -> Scenario:
        """Every card not placed goes to the discard pile instead."""
        self.empty_draw = True
        return self

    def furious(self, p: int) -> Scenario:
        self.fury[p] = 1
        return self

    def poisoned(self, p: int) -> Scenario:
        self.poison[p] = 1
        return self

    def to_act(self, p: int) -> Scenario:
        """Player p is the active player (default 0)."""
        self.active = p
        return self

    def state(self) -> np.ndarray:
        S = np.zeros(C.STATE_SIZE, dtype=np.int64)
        S[C.H_WINNER] = C.NO_WINNER
        S[C.H_HERO_MODE] = self.opts[0]
        S[C.H_TURN] = 1
        S[C.H_ACTIVE] = self.active
        S[C.H_FIRST] = self.active
        seed_rng(S, C.RNG, 12345, 0, 0)
        placed = set()
        for p in range(2):
            self._fill_player(S, p, placed)
        self._fill_piles(S, placed)
        S[C.RES_PLAYED_ZONE] = -1
        S[C.RES_PLAYED] = C.NO_CARD
        S[C.RES_EJECTED] = C.NO_CARD
        S[C.RES_LAST_COUNTER] = -1
        S[C.RES_WIND] = C.NO_CARD
        S[C.RES_BUSHIDO] = C.NO_CARD
        S[C.RES_STEP] = C.STEP_ACTION
        S[C.H_PHASE] = C.DK_TURN
        S[C.H_DECIDER] = self.active
        return S

    def _fill_player(self, S: np.ndarray, p: int, placed: set) -> None:
        b = pb(p)
        S[b + C.P_HEALTH] = self.healths[p]
        S[b + C.P_HERO] = self.heroes[p]
        S[b + C.P_FURY] = self.fury[p]
        S[b + C.P_POISON] = self.poison[p]
        S[b + C.P_HAND : b + C.P_HAND + C.MAX_HAND] = C.NO_CARD
        S[b + C.P_ASIDE : b + C.P_ASIDE + C.MAX_ASIDE] = C.NO_CARD
        S[b + C.P_ZCARD : b + C.P_ZCARD + C.N_ZONES] = C.NO_CARD
        for k, c in enumerate(self.hands[p]):
            S[b + C.P_HAND + k] = c
        S[b + C.P_HAND_N] = len(self.hands[p])
        for k, c in enumerate(self.asides[p]):
            S[b + C.P_ASIDE + k] = c
        S[b + C.P_ASIDE_N] = len(self.asides[p])
        for z, c in self.boards[p].items():
            S[b + C.P_ZCARD + z] = c
            S[b + C.P_ZBLOCK + z] = 1 if z in self.blocked[p] else 0
        for (q, z), (dmg, plus, minus) in self.card_tokens.items():
            if q == p:
                S[b + C.P_CDMG + z], S[b + C.P_CPP + z], S[b + C.P_CPM + z] = dmg, plus, minus
        for (q, z), dmg in self.zone_dmg.items():
            if q == p:
                S[b + C.P_ZDMG + z] = dmg
        for q, z in self.crows:
            if q == p:
                S[b + C.P_ZCROW + z] = 1
        placed.update(self.hands[p], self.asides[p], self.boards[p].values())

    def _fill_piles(self, S: np.ndarray, placed: set) -> None:
        placed.update(self.discards, self.draw_top)
        rest = [c for c in range(C.MAX_SHOT) if self.table[c, C.CF_VALID] == 1 and c not in placed]
        discards = self.discards + (rest if self.empty_draw else [])
        pile = ([] if self.empty_draw else rest) + list(reversed(self.draw_top))
        S[C.DRAW : C.DRAW + C.MAX_CARDS] = C.NO_CARD
        S[C.DISC : C.DISC + C.MAX_CARDS] = C.NO_CARD
        S[C.DRAW : C.DRAW + len(pile)] = pile
        S[C.DRAW_N] = len(pile)
        S[C.DISC : C.DISC + len(discards)] = discards
        S[C.DISC_N] = len(discards)
        S[C.H_N_SHOT] = int(self.table[: C.MAX_SHOT, C.CF_VALID].sum())

    def game(self, turn_start: bool = False) -> Game:
        """The position as a Game, player `active` to act. With turn_start, the engine
        starts the turn (F-STATE check, start-of-turn techniques) and stops at the first
        decision; its events are in game.events."""
        g = Game(self.state(), self.table, self.opts, self.deck)
        if turn_start:
            from emr_sim.games.emr.face.core import new_events
            from emr_sim.games.emr.loops import engine

            g.state[C.RES_STEP] = C.STEP_TURN_START
            g.state[C.H_TURN] = 0
            g.state[C.H_PHASE] = C.DK_NONE
            ev = new_events()
            engine.advance(g.state, g.table, g.opts, ev)
            g._keep(ev)
        return g


def kinds(events: list[tuple[int, ...]]) -> list[int]:
    """The event kinds in order (compare with codes.E_*)."""
    return [e[0] for e in events]


def damage_events(events: list[tuple[int, ...]]) -> list[tuple[int, int, int]]:
    """(player, amount, source) of each E_DAMAGE."""
    return [(e[1], e[2], e[3]) for e in events if e[0] == C.E_DAMAGE]


def player_rngs(seed: int, index: int = 0) -> np.ndarray:
    """The two player RNG streams of game (seed, index), seeded as game.play() does."""
    from emr_sim.games.emr.loops.engine import PLAYER_STREAM

    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, int(seed), int(index), PLAYER_STREAM + p)
    return prng


def seeded_steps(
    seed: int,
    players: tuple[int, int] = (C.PLAYER_GREEDY, C.PLAYER_GREEDY),
    index: int = 0,
    rules: dict[str, str] | None = None,
    heroes: str | tuple | None = None,
    weights=None,
):
    """Play game (seed, index) step by step as game.play() does (greedy players reading
    `weights` by seat, games/emr/players/params.py; the defaults for None).

    Yields (game, prng) at every decision, before the action is chosen, and once more
    when the game is over; the caller must not change them."""
    game = Game.new(seed, index, rules=rules, heroes=heroes)
    prng = player_rngs(seed, index)
    while not game.over:
        yield game, prng
        game.apply(game.choose(players, prng, weights))
    yield game, prng


# ---------------------------------------------------------------- readers for the hero tests


def at(game: Game, p: int, field: int, zone: int = 0) -> int:
    """One per-player state field of player p (zone: the offset inside the field)."""
    return int(game.state[pb(p) + field + zone])


def board_of(game: Game, p: int) -> dict[int, str | int]:
    """{zone: card label} of player p's board."""
    from emr_sim.games.emr.face.position import card_ref

    cards = {z: at(game, p, C.P_ZCARD, z) for z in range(C.N_ZONES)}
    return {z: card_ref(game.table, c) for z, c in cards.items() if c != C.NO_CARD}


def zones_with(game: Game, p: int, field: int) -> dict[int, int]:
    """{zone: value} of the zones of player p where a per-zone field (P_ZCROW, P_ZDMG,
    P_ZBLOCK, P_CDMG, ...) is not 0."""
    return {z: at(game, p, field, z) for z in range(C.N_ZONES) if at(game, p, field, z)}


def cards_of(game: Game, p: int, kind: str = "hand") -> list[str | int]:
    """Labels of player p's hand ("hand") or Earth's set-aside cards ("aside")."""
    from emr_sim.games.emr.face.position import card_ref

    n_at, first = (C.P_HAND_N, C.P_HAND) if kind == "hand" else (C.P_ASIDE_N, C.P_ASIDE)
    n = at(game, p, n_at)
    return [card_ref(game.table, at(game, p, first, k)) for k in range(n)]


def pile_of(game: Game, which: str = "discard") -> list[str | int]:
    """Labels of the discard pile (oldest first) or the draw pile (top last)."""
    from emr_sim.games.emr.face.position import card_ref

    n_at, first = (C.DISC_N, C.DISC) if which == "discard" else (C.DRAW_N, C.DRAW)
    return [card_ref(game.table, int(game.state[first + k])) for k in range(int(game.state[n_at]))]


def legal_texts(game: Game) -> set[str]:
    return {text for _code, text in game.legal()}


def events_of(events: list[tuple[int, ...]], kind: int) -> list[tuple[int, ...]]:
    return [e for e in events if e[0] == kind]


def cards_placed_twice(game: Game) -> list[int]:
    """Card ids found in two places (boards, hands, set-aside, piles, a Wind reveal)."""
    S = game.state
    ids: list[int] = []
    for p in range(2):
        ids += [c for c in (at(game, p, C.P_ZCARD, z) for z in range(C.N_ZONES)) if c != C.NO_CARD]
        ids += [at(game, p, C.P_HAND, k) for k in range(at(game, p, C.P_HAND_N))]
        ids += [at(game, p, C.P_ASIDE, k) for k in range(at(game, p, C.P_ASIDE_N))]
    ids += [int(c) for c in S[C.DRAW : C.DRAW + int(S[C.DRAW_N])]]
    ids += [int(c) for c in S[C.DISC : C.DISC + int(S[C.DISC_N])]]
    return sorted({c for c in ids if ids.count(c) > 1})


def start(sc: Scenario, turn_start: bool = False) -> Game:
    """sc.game(turn_start), checked to hold each card once."""
    game = sc.game(turn_start=turn_start)
    twice = cards_placed_twice(game)
    assert not twice, f"scenario places these card ids twice: {twice}"
    return game
