"""A game between a person in one seat and a program in the other (the play app and
`emr-sim play --human` both drive it).

    >>> v = Versus(Setup(seat=0, opponent="greedy", seed=3))   # doctest: +SKIP
    >>> v.human_to_move, v.legal()[:2]                          # doctest: +SKIP
    >>> v.apply(v.legal()[0][0]); v.apply(v.think())            # doctest: +SKIP

The program decides from its own seat's observation only, through the engine's decide (as
in `emr-sim play`), with its RNG stream seeded as `emr-sim play` seeds it: a person who
takes the greedy's choices in a game against the greedy gets `emr-sim play`'s game. The
person sees their seat's observation (`observation()`, D-HIDDEN) and the log with the
opponent's draws unnamed (`log_lines`). `think()` may run in a worker thread (the kernels
release the GIL) while the caller keeps the game: it works on a copy of the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import Deck, load_deck
from emr_sim.games.emr.face.core import Game, hero_mode_rules, new_events
from emr_sim.games.emr.face.saved import HUMAN, GameRecord
from emr_sim.games.emr.lineup.heroes import parse_hero_pair
from emr_sim.games.emr.lineup.spec import PlayerSpec, parse_spec

DEFAULT_OPPONENT = "greedy"
DEFAULT_ADVISOR = "ismcts:5000"  # hints and reviews: 61-84 ms a decision (docs/play.md)


def opponent_spec(text: str | PlayerSpec) -> PlayerSpec:
    """The program to play against: any player spec but one that sees the hidden cards."""
    spec = parse_spec(text)
    if spec.kernel_kind == C.PLAYER_ISMCTS_OPEN:
        raise BadInput(
            f"opponent {spec.text!r} sees your hand and the draw order (D-HIDDEN): "
            "play against an honest player (greedy, tuned, ismcts:N, ...)"
        )
    return spec


@dataclass
class Setup:
    """What a game against a program is: the person's seat, the opponent, the deal, the rules."""

    seat: int = 0
    opponent: str | PlayerSpec = DEFAULT_OPPONENT
    seed: int = 1
    index: int = 0
    heroes: tuple[str, str] | None = None  # seat 0's master, seat 1's
    rules: dict[str, str] = field(default_factory=dict)
    deck: Deck | None = None

    def checked(self) -> Setup:
        """The same set-up with the opponent parsed, the masters and rules checked (BadInput,
        ValueError naming the problem)."""
        from emr_sim.games.emr.options import describe_options, make_options

        if self.seat not in (0, 1):
            raise BadInput(f"seat {self.seat!r}: give 0 or 1")
        parse_hero_pair(self.heroes)
        rules = describe_options(make_options(hero_mode_rules(dict(self.rules), self.heroes)))
        heroes = tuple(self.heroes) if self.heroes else None
        deck = self.deck if self.deck is not None else load_deck()
        return Setup(self.seat, opponent_spec(self.opponent), self.seed, self.index, heroes, rules, deck)  # type: ignore[arg-type]


class Versus:
    """The game, the person's seat, the program and every action taken."""

    def __init__(self, setup: Setup, game: Game | None = None, actions: list[int] | None = None) -> None:
        from emr_sim.games.emr.loops import engine
        from emr_sim.rng import seed_rng

        self.setup = setup = setup.checked()
        assert isinstance(setup.opponent, PlayerSpec) and setup.deck is not None
        self.seat = setup.seat
        self.spec: PlayerSpec = setup.opponent
        self.game = game or Game.new(setup.seed, setup.index, setup.deck, setup.rules, setup.heroes)
        self.steps: list[list[tuple[int, ...]]] = [
            list(self.game.events)
        ]  # events of the deal, then each action's
        self.actions: list[int] = []
        kind = self.spec.kernel_kind
        self.kinds = (kind, kind)
        self.weights = engine.seat_weights(np.stack([self.spec.kernel_vectors()] * 2))
        self.prng = np.zeros((2, 4), dtype=np.int64)
        for p in range(2):  # as emr_sim.games.emr.face.core.play seeds them
            seed_rng(self.prng[p], 0, int(setup.seed), int(setup.index), engine.PLAYER_STREAM + p)
        self._thinker = Game(self.game.state.copy(), self.game.table, self.game.opts, self.game.deck)
        for code in actions or []:
            self.apply(code)

    # ------------------------------------------------------------ reading
    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def human_to_move(self) -> bool:
        return not self.game.over and self.game.decider == self.seat

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    def legal(self) -> list[tuple[int, str]]:
        return self.game.legal()

    def observation(self) -> np.ndarray:
        """What the person's seat may see (D-HIDDEN): the state with the opponent's hand and
        set-aside cards and the draw order masked."""
        return observation(self.game.state, self.seat)

    def log_lines(self, rows: list[tuple[int, ...]] | None = None) -> list[str]:
        """The log in `emr-sim play`'s words as the person's seat sees it."""
        return self.game.log_lines(rows, viewer=self.seat)

    def players(self) -> tuple[str, str]:
        names = [HUMAN, HUMAN]
        names[self.opponent] = self.spec.text
        return names[0], names[1]

    def record(self) -> GameRecord:
        s = self.setup
        assert s.deck is not None
        deck_name = "default" if s.deck.path == str(_default_deck_path()) else s.deck.path
        return GameRecord(
            seed=int(s.seed),
            index=int(s.index),
            rules=dict(s.rules),
            heroes=s.heroes,
            deck_sha256=s.deck.sha256,
            players=self.players(),
            actions=list(self.actions),
            deck=deck_name,
        )

    # ------------------------------------------------------------ acting
    def apply(self, action: int | str) -> list[tuple[int, ...]]:
        """Apply a legal action of whoever decides (IllegalAction otherwise); its events."""
        code = self.game.action_code(action)
        self._thinker.note(code, self.game.state)  # a program that keeps its tree walks it along
        events = self.game.apply(code)
        self.actions.append(code)
        self.steps.append(events)
        return events

    def think(self) -> int:
        """The program's action in the pending decision (it must be the program's). Works on a
        copy of the state and the program's own RNG, so the caller may read the game meanwhile;
        one think at a time."""
        if self.game.over or self.game.decider != self.opponent:
            raise BadInput("it is not the program's decision")
        np.copyto(self._thinker.state, self.game.state)
        return self._thinker.choose(self.kinds, self.prng, self.weights)

    def forced(self) -> int | None:
        """The one legal action of the person's decision when there is no choice, else None."""
        legal = self.game.legal_codes() if self.human_to_move else []
        return legal[0] if len(legal) == 1 else None

    def preview(self, code: int) -> list[tuple[int, ...]]:
        """The public first events of a play or counter, from the action applied to a copy:
        what the table shows at once (the card played and the card ejected, the tokens stepped
        on and their damage, a crow's cancel, the hit check), up to the hit check or the first
        event of another kind (a decision comes, or something hidden such as a draw)."""
        from emr_sim.games.emr.face.actions import action_family
        from emr_sim.games.emr.loops import engine

        if action_family(code) not in ("play", "counter"):
            return []
        state = self.game.state.copy()
        ev = new_events()
        engine.apply_action(state, self.game.table, self.game.opts, ev, int(code))
        rows = [tuple(int(x) for x in ev[r]) for r in range(1, int(ev[0, 0]) + 1)]
        shown = []
        for row in rows:
            if row[0] not in PREVIEWED or (row[0] == C.E_DAMAGE and row[3] != C.SRC_TRAP):
                break
            shown.append(row)
            if row[0] == C.E_ATTACK:
                break
        return shown


# the events a preview shows: public, and before any decision or hidden card
PREVIEWED = (
    C.E_PLAY,
    C.E_EJECT,
    C.E_COUNTER,
    C.E_STEP,
    C.E_DAMAGE,
    C.E_CROW_CANCEL,
    C.E_DEFEATED,
    C.E_WIN,
    C.E_ATTACK,
)


def observation(state: np.ndarray, seat: int) -> np.ndarray:
    """SEAT's observation of STATE, by the players' own kernel (games/emr/players/observe.py)."""
    from emr_sim.games.emr.players.observe import observe

    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    observe(state, seat, obs)
    return obs


def _default_deck_path():
    from emr_sim.games.emr.cards import default_deck_path

    return default_deck_path()


def setup_from_options(
    seed: int,
    index: int,
    heroes: str | None,
    deck_path: str | None,
    rules: dict[str, str],
    seat: int | None,
    opponent: str | None,
    advisor: str | None,
) -> tuple[Setup, str]:
    """(checked Setup, advisor spec text) from the command line's words (None: the default);
    BadInput or ValueError naming a bad one, before any kernel runs."""
    from emr_sim.games.emr.face.advise import advisor_spec

    masters = None
    if heroes:
        first, second = parse_hero_pair(heroes)
        masters = (C.HERO_NAMES[first], C.HERO_NAMES[second])
    spec = advisor_spec(advisor or DEFAULT_ADVISOR, "--advisor")
    setup = Setup(seat or 0, opponent or DEFAULT_OPPONENT, seed, index, masters, rules, load_deck(deck_path))
    return setup.checked(), spec.text
