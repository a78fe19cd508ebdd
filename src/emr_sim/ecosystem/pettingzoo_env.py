"""Every game of the toolkit as a PettingZoo AEC environment (docs/ecosystem.md):

    from emr_sim.ecosystem.pettingzoo_env import env
    e = env("toy", seats=3)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents `seat_0` .. `seat_{n-1}`, one a seat; turn-based (no parallel API). An agent's
observation is a dict: `observation`, the float32 tensor of emr_sim.ecosystem.observation
(what its seat may know: seat, mover, values, hidden), and `action_mask`, int8 over the
game's action codes (1 for each legal action of the agent to move, all 0 for the others).
Its action space is Discrete(Game.action_codes). The only reward comes at the end: each
seat's share of the win (emr_sim.ecosystem.driver.win_shares). Games end, never truncate.

reset(seed=s) starts deal 0 of run s; reset() the next deal of the same run (the first
reset without a seed: the project's default seed); options={"deal": j} deal j. The same seed
and actions give the same game as the jitted engine's deal. render() gives the log lines of
the game so far (`emr-sim play --game`'s: the whole position, for people), made when asked
by replaying the deal's actions (a step costs no words); "human" prints each action's line
as it is taken.
"""

from __future__ import annotations

import numpy as np

from emr_sim.extras import RL, missing

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as err:  # pragma: no cover - the extra is installed where tests run
    raise missing(RL, "the PettingZoo environments") from err

from emr_sim import kernel_contract as K
from emr_sim.ecosystem.driver import Driver
from emr_sim.ecosystem.observation import VALUE_LIMIT, Layout
from emr_sim.errors import BadInput
from emr_sim.games import registry
from emr_sim.simulate.tables.settings import DEFAULT_SEED

RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class GameEnv(AECEnv):
    """One game of the toolkit at one table size, as an AEC environment."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "emr_sim_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "toy",
        seats: int | None = None,
        rules: dict[str, str] | None = None,
        data: str | None = None,
        entities: tuple[str, ...] = (),
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadInput(f"render_mode {render_mode!r}: one of {', '.join(RENDER_MODES)}")
        chosen = registry.get(game)
        self.driver = Driver(chosen.make(seats, rules or {}, data))
        n = self.driver.n_seats
        self.metadata = {**self.metadata, "name": f"emr_sim_{game}_v0"}
        self.layout = Layout(n, chosen.state_size)
        self.entities = tuple(entities)
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(n)]
        codes = chosen.action_codes
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-VALUE_LIMIT, VALUE_LIMIT, (self.layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (codes,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(codes) for a in self.possible_agents}
        self.run_seed = DEFAULT_SEED
        self.next_deal = 0
        self.deal_index = -1
        self.S = np.zeros(chosen.state_size, dtype=np.int64)
        self.start = self.S.copy()  # the deal's first position: the log replays from it
        self.actions: list[int] = []

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.run_seed, self.next_deal = int(seed), 0
        deal = (options or {}).get("deal")
        self.deal_index = self.next_deal if deal is None else int(deal)
        self.next_deal = self.deal_index + 1
        driver = self.driver
        seating = driver.seating(self.run_seed, self.deal_index, self.entities)
        self.S = driver.start(self.run_seed, self.deal_index, seating)
        self.start = self.S.copy()
        self.actions = []
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = agent_name(driver.mover(self.S))

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        driver, seat = self.driver, self.possible_agents.index(agent)
        mover = driver.mover(self.S)
        tensor = np.empty(self.layout.size, dtype=np.float32)
        self.layout.encode(driver.observe(self.S, seat), seat, mover, tensor)
        mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        if seat == mover:
            mask[driver.legal(self.S)] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        driver = self.driver
        legal = driver.legal(self.S)
        if action is None or int(action) not in legal:
            raise ValueError(f"{agent}: action {action!r} is not legal here (legal: {legal})")
        before = self.S.copy() if self.render_mode == "human" else None
        driver.apply(self.S, int(action))
        self.actions.append(int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        mover = driver.mover(self.S)
        if mover == K.NOBODY:
            self.finish()
        else:
            self.agent_selection = agent_name(mover)
        self._accumulate_rewards()
        if before is not None:  # human: the action's line as it is taken
            print(driver.step_line(before, self.S, int(action)))

    def finish(self) -> None:
        """The game is over: every seat's share of the win, and every agent done."""
        shares = self.driver.shares(self.S)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = shares[seat]
        self.terminations = dict.fromkeys(self.agents, True)

    def log_lines(self) -> list[str]:
        """The game so far in words: its deal, the position, each action with its outcome, and
        at the end the position and who won (the deal replayed from its first position)."""
        driver = self.driver
        title = driver.made.game.title
        lines = [f"{title}, {driver.n_seats} players, seed {self.run_seed}, deal {self.deal_index}"]
        R = self.start.copy()
        lines += driver.describe(R)
        for action in self.actions:
            before = R.copy()
            driver.apply(R, action)
            lines.append(driver.step_line(before, R, action))
        if driver.mover(R) == K.NOBODY:
            shares = driver.shares(R)
            lines += driver.describe(R)
            lines.append("won by seat " + " and ".join(str(s) for s, share in enumerate(shares) if share > 0))
        return lines

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi' or 'human'")
            return None
        return "\n".join(self.log_lines())

    def close(self) -> None:
        """Nothing to release (no window, no file)."""


def env(game: str = "toy", **kwargs) -> AECEnv:
    """The environment of `game` with PettingZoo's order checks (OrderEnforcingWrapper)."""
    return wrappers.OrderEnforcingWrapper(GameEnv(game, **kwargs))
