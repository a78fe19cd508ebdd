"""A game of the toolkit driven step by step from Python through its kernels (the game
contract), what the OpenSpiel game, the PettingZoo environment and the Python-driven loops
stand on. A position is the game's own state array S: the driver holds the game made at one
table size, its kernels and their scratch, and never a position, so that any number of
positions (an OpenSpiel state and its clones) share one driver.

A deal is the game's own chance: deal `index` of run `seed` (the kernels' init seeds the
game's stream from (seed, index) alone), so a deal played through an adapter with the same
actions is the deal the jitted loops play. The entities of the seats (8MR's masters) are
named, or, for a game whose entities the seating chooses, drawn for each deal from its own
stream (ENTITY_STREAM of (seed, index)); a game that deals them, or has none, gets none.

No library of the rl extra here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Made
from emr_sim.rng import below, seed_rng

ENTITY_STREAM = 100  # the stream of (seed, index) that draws a deal's entities when none are named
MAX_DECISIONS = 100_000  # a bound on any game's length (every game of the toolkit ends long before)
NO_ENTITY = -1


@dataclass(eq=False)
class Driver:
    """A game made at one table size, played from Python. Shared, never copied: a deep copy of
    anything holding it (an OpenSpiel state's clone) holds the same driver."""

    made: Made
    kernels: ModuleType = field(init=False, repr=False)
    G: tuple = field(init=False, repr=False)  # the kernels' constants, with this driver's own scratch
    legal_buf: np.ndarray = field(init=False, repr=False)
    obs_buf: np.ndarray = field(init=False, repr=False)
    res_buf: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        game = self.made.game
        self.kernels = game.face().kernels()
        self.G = self.made.loop_constants()
        self.legal_buf = np.zeros(game.max_legal, dtype=np.int64)
        self.obs_buf = np.zeros(game.state_size, dtype=np.int64)
        self.res_buf = np.zeros((self.made.n_seats, K.RS_SIZE), dtype=np.int64)

    def __deepcopy__(self, memo: dict) -> Driver:
        return self

    @property
    def n_seats(self) -> int:
        return self.made.n_seats

    @property
    def state_size(self) -> int:
        return self.made.game.state_size

    # ------------------------------------------------------------ a deal

    def seating(self, seed: int, index: int, names: tuple[str, ...] = ()) -> np.ndarray:
        """Each seat's entity code: the named ones, else none (a game that deals its entities or
        has none), else drawn uniformly for each seat from the deal's ENTITY_STREAM."""
        game, n = self.made.game, self.n_seats
        if names:
            if len(names) != n:
                raise BadInput(f"entities {quoted('-'.join(names))}: {len(names)} names for {n} seats")
            return np.array([game.entity_index(name) for name in names], dtype=np.int64)
        if game.dealt or not game.entities:
            return np.full(n, NO_ENTITY, dtype=np.int64)
        words = np.zeros(4, dtype=np.int64)
        seed_rng(words, 0, seed, index, ENTITY_STREAM)
        return np.array([below(words, 0, len(game.entities)) for _ in range(n)], dtype=np.int64)

    def start(self, seed: int, index: int, seating: np.ndarray) -> np.ndarray:
        """The first position of deal `index` of run `seed`, the seats' entities `seating`."""
        S = np.zeros(self.state_size, dtype=np.int64)
        self.kernels.init(self.G, S, int(seed), int(index), np.asarray(seating, dtype=np.int64))
        return S

    # ------------------------------------------------------------ positions

    def mover(self, S: np.ndarray) -> int:
        """The seat to decide, or K.NOBODY once the game is over."""
        return int(self.kernels.to_move(self.G, S))

    def legal(self, S: np.ndarray) -> list[int]:
        """The mover's legal actions, in ascending order (the contract gives them in its own)."""
        n = int(self.kernels.legal(self.G, S, self.legal_buf))
        return sorted(self.legal_buf[:n].tolist())

    def apply(self, S: np.ndarray, action: int) -> None:
        self.kernels.apply(self.G, S, int(action))

    def observe(self, S: np.ndarray, seat: int) -> np.ndarray:
        """What `seat` may know of S (K.HIDDEN where it may not): a view of the driver's
        buffer, valid until its next observation."""
        self.kernels.observe(self.G, S, int(seat), self.obs_buf)
        return self.obs_buf

    def determinise(self, S: np.ndarray, seat: int, words: np.ndarray) -> np.ndarray:
        """A position `seat` cannot tell from S, the hidden places filled from what it has not
        seen, drawn from the generator `words` (4 words, emr_sim.rng); the game's stream in it
        seeded from them too."""
        obs = self.observe(S, seat).copy()
        R = np.zeros_like(S)
        self.kernels.determinise(self.G, obs, int(seat), words, R)
        return R

    def results(self, S: np.ndarray) -> np.ndarray:
        """A finished game's results, per seat (K.RS_*): a fresh array."""
        self.kernels.results(self.G, S, self.res_buf)
        return self.res_buf.copy()

    def shares(self, S: np.ndarray) -> list[float]:
        """Each seat's share of the win of a finished game (its return in both adapters)."""
        return win_shares(self.results(S), self.made.game.teams)

    # ------------------------------------------------------------ words

    def action_text(self, S: np.ndarray, action: int) -> str:
        return str(self.made.game.face().action_text(self.made, S, int(action)))

    def outcome_text(self, before: np.ndarray, after: np.ndarray, action: int) -> str:
        return str(self.made.game.face().outcome_text(self.made, before, after, int(action)))

    def describe(self, S: np.ndarray) -> list[str]:
        return [str(line) for line in self.made.game.face().describe(self.made, S)]

    def step_line(self, before: np.ndarray, after: np.ndarray, action: int) -> str:
        """An action in a log, as `emr-sim play --game` writes it."""
        seat = self.mover(before)
        outcome = self.outcome_text(before, after, action)
        return f"seat {seat}: {self.action_text(before, action)}" + (f": {outcome}" if outcome else "")


def win_shares(results: np.ndarray, teams: bool) -> list[float]:
    """A seat's share of the win: 1 for a winner (alone, or of the winning team), 1/k for each
    of k seats sharing first place, 0 for the others. Without teams the shares add up to 1."""
    drawn = int(results[:, K.RS_DRAW].sum())
    shares = []
    for row in results:
        if row[K.RS_WIN]:
            shares.append(1.0)
        elif row[K.RS_DRAW]:
            shares.append(1.0 / drawn)
        else:
            shares.append(0.0)
    return shares
