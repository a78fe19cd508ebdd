"""OpenSpiel's own searches as players of any game of the toolkit (docs/ecosystem.md), over its
OpenSpiel adapter (emr_sim.ecosystem.openspiel_game):

- `openspiel-ismcts`: OpenSpiel's Python ISMCTSBot, its worlds drawn by the game's own
  determinisation (set_resampler: what the seat has not seen, dealt to the places it cannot
  see), random rollouts at its leaves (RandomRolloutEvaluator), UCT selection, the most
  visited action.
- `openspiel-mcts`: OpenSpiel's MCTSBot (random rollouts, UCT) on one determinisation of the
  seat's information state a decision: it never sees the real hidden cards.

A bot decides from its seat's information state only, and draws from a generator seeded from
(seed, deal, PEER_STREAM + seat) alone, so a game is the same on any process.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim.extras import RL, missing

try:
    from open_spiel.python.algorithms import ismcts, mcts
except ModuleNotFoundError as err:  # pragma: no cover - the extra is installed where tests run
    raise missing(RL, "OpenSpiel's players") from err

from emr_sim.ecosystem.openspiel_game import SpielState
from emr_sim.rng import seed_rng

PEER_STREAM = 50  # + seat: an OpenSpiel player's generator, from (seed, deal)
WORD = 2**32


@dataclass(frozen=True)
class PeerSettings:
    """An OpenSpiel player: its algorithm (ismcts or mcts), simulations a decision, UCT's
    exploration, random rollouts at a new leaf."""

    algorithm: str
    n: int
    c: float
    rollouts: int


def generator(seed: int, deal: int, seat: int) -> np.random.RandomState:
    """The player of `seat`'s generator in deal `deal` of run `seed`."""
    words = np.zeros(4, dtype=np.int64)
    seed_rng(words, 0, int(seed), int(deal), PEER_STREAM + int(seat))
    return np.random.RandomState(words.astype(np.uint32))


def world_words(rs: np.random.RandomState) -> np.ndarray:
    """4 generator words (emr_sim.rng) for one determinisation, drawn from rs."""
    words = rs.randint(0, WORD, size=4, dtype=np.int64)
    words[0] |= 1  # never all zero
    return words


class Peer:
    """One OpenSpiel player for one deal: step(state) gives its action."""

    def __init__(self, settings: PeerSettings, game, rs: np.random.RandomState) -> None:
        self.settings = settings
        self.rs = rs
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=settings.rollouts, random_state=rs)
        if settings.algorithm == "ismcts":
            self.bot = ismcts.ISMCTSBot(
                game,
                evaluator,
                settings.c,
                settings.n,
                random_state=rs,
                final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            )
            self.bot.set_resampler(self.resample)
        elif settings.algorithm == "mcts":
            self.bot = mcts.MCTSBot(game, settings.c, settings.n, evaluator, random_state=rs, solve=False)
        else:
            raise ValueError(f"no OpenSpiel player {settings.algorithm!r}")

    def resample(self, state: SpielState, player: int) -> SpielState:
        """The game's determinisation, as ISMCTS's resampler."""
        return state.resample(player, world_words(self.rs))

    def step(self, state: SpielState) -> int:
        """The action of the player to move in `state`, from its information state."""
        if self.settings.algorithm == "mcts":
            state = self.resample(state, state.current_player())
        return int(self.bot.step(state))
