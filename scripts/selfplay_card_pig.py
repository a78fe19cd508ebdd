"""A worked example (docs/selfplay.md): a tabular Q-learning agent trained by self-play on the
PettingZoo environment of Card Pig (the toy game of docs/games.md, 2 seats), then played
against a random player, a greedy and OpenSpiel's IS-MCTS, on seat-swapped deals through the
OpenSpiel adapter. CPU only, numpy and the rl extra; docs/selfplay.md gives its times.

    python scripts/selfplay_card_pig.py [--episodes 100000] [--games 1000] [--search 100] [--seed 1]
    python scripts/selfplay_card_pig.py --references [--games 1000]   # the opponents among themselves

The agent sees what its seat may know, through the environment's observation tensor: it reads
five numbers from it (its score, the other's, the turn total, its stash's value if it can
still play it, the wolves seen) by the toy game's state layout (games/toy/kernels.py), and
keeps one value per (those numbers, action). Both seats share the table and learn from every
game: Q(s, a) moves towards the value of the seat's next decision (or its share of the win at
the end), epsilon-greedy exploration decaying to EPSILON_END.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import defaultdict

import numpy as np

from emr_sim.ecosystem.observation import Layout
from emr_sim.ecosystem.openspiel_game import load
from emr_sim.ecosystem.peers import Peer, PeerSettings, generator
from emr_sim.ecosystem.pettingzoo_env import GameEnv
from emr_sim.games.toy import kernels as toy

SEATS = 2
ALPHA = 0.1
EPSILON_START, EPSILON_END = 0.3, 0.02
Z95 = 1.959964


class Agent:
    """A table of action values over five numbers read from the observation tensor."""

    def __init__(self, layout: Layout, actions: int) -> None:
        self.layout = layout
        self.q: dict[tuple, np.ndarray] = defaultdict(lambda: np.zeros(actions))

    def features(self, tensor: np.ndarray, seat: int) -> tuple[int, ...]:
        """(own score, other's score, turn total, playable stash value or 0, wolves seen)."""
        values = self.layout.views(tensor)["values"]
        own = toy.SEAT_BASE + seat * toy.ST_SIZE
        other = toy.SEAT_BASE + (1 - seat) * toy.ST_SIZE
        stash = int(values[own + toy.ST_STASH])
        return (
            int(values[own + toy.ST_SCORE]),
            int(values[other + toy.ST_SCORE]),
            int(values[toy.H_TOTAL]),
            stash if stash > toy.WOLF else 0,
            int(values[toy.DISC_BASE + toy.WOLF]),
        )

    def best(self, key: tuple, legal: np.ndarray) -> int:
        values = self.q[key][legal]
        return int(legal[int(np.argmax(values))])

    def act(self, tensor: np.ndarray, seat: int, legal: np.ndarray) -> int:
        return self.best(self.features(tensor, seat), legal)


def train(agent: Agent, episodes: int, seed: int) -> float:
    """Self-play Q-learning on the PettingZoo environment; the seconds it took."""
    env = GameEnv("toy", seats=SEATS)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.perf_counter()
    for episode in range(episodes):
        epsilon = EPSILON_START + (EPSILON_END - EPSILON_START) * episode / max(episodes - 1, 1)
        env.reset()  # the next deal of the run
        last: dict[str, tuple[tuple, int]] = {}
        for agent_name in env.agent_iter():
            obs, reward, done, _, _ = env.last()
            seat = env.possible_agents.index(agent_name)
            key = agent.features(obs["observation"], seat)
            legal = np.flatnonzero(obs["action_mask"])
            if agent_name in last:  # the seat's previous decision learns from where it led
                before, action = last[agent_name]
                target = reward if done else float(agent.q[key][legal].max())
                agent.q[before][action] += ALPHA * (target - agent.q[before][action])
            if done:
                env.step(None)
                continue
            action = int(rng.choice(legal)) if rng.random() < epsilon else agent.best(key, legal)
            last[agent_name] = (key, action)
            env.step(action)
    return time.perf_counter() - start


def greedy(state, seat: int) -> int:
    """The generic greedy's question (the contract's action_value: a draw by its exact
    expectation over the cards the seat has not seen): the best value after one action."""
    driver = state.driver
    obs = driver.observe(state.S, seat).copy()
    work = np.zeros_like(obs)
    words = np.array([1, 2, 3, 4], dtype=np.int64)
    values = [driver.kernels.action_value(driver.G, obs, seat, a, work, words) for a in state.legal_actions()]
    return state.legal_actions()[int(np.argmax(values))]


def play(player: str, opponent: str, games: int, search: int, seed: int, agent: Agent | None = None):
    """`player`'s mean share of the win against `opponent` (each "agent", "random", "greedy" or
    "search") over seat-swapped deals, and its 95 % interval (a deal's two games are one unit)."""
    game = load("toy", SEATS, seed=seed)
    rng = np.random.default_rng(seed)
    pairs = []
    for deal in range(games // 2):
        shares = []
        for player_seat in range(SEATS):
            state = game.deal(deal)
            kinds = {player_seat: player, 1 - player_seat: opponent}
            peers = {
                seat: Peer(PeerSettings("ismcts", search, 2.0, 1), game, generator(seed, deal, seat))
                for seat, kind in kinds.items()
                if kind == "search"
            }
            while not state.is_terminal():
                seat = state.current_player()
                legal = np.array(state.legal_actions())
                kind = kinds[seat]
                if kind == "agent":
                    action = agent.act(np.array(state.observation_tensor(seat)), seat, legal)
                elif kind == "random":
                    action = int(rng.choice(legal))
                elif kind == "greedy":
                    action = greedy(state, seat)
                else:
                    action = peers[seat].step(state)
                state.apply_action(action)
            shares.append(state.returns()[player_seat])
        pairs.append(sum(shares) / 2)
    mean = float(np.mean(pairs))
    half = Z95 * float(np.std(pairs, ddof=1)) / math.sqrt(len(pairs))
    return mean, half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1000, help="games against each opponent (pairs x 2)")
    parser.add_argument("--search", type=int, default=100, help="OpenSpiel IS-MCTS simulations a decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--references", action="store_true", help="only the opponents against each other")
    args = parser.parse_args()
    search = f"openspiel-ismcts:{args.search}"
    if args.references:
        print(f"{'player':<28} {'opponent':<28} {'share of the win':>18}   ({args.games:,} games each)")
        for player, opponent in (("greedy", "random"), ("search", "random"), ("search", "greedy")):
            mean, half = play(player, opponent, args.games, args.search, args.seed + 1)
            names = [search if k == "search" else k for k in (player, opponent)]
            print(f"{names[0]:<28} {names[1]:<28} {f'{mean:.1%} ± {half:.1%}':>18}")
        return
    layout = Layout(SEATS, toy.STATE_SIZE)
    agent = Agent(layout, GameEnv("toy", seats=SEATS).action_spaces["seat_0"].n)
    untrained = Agent(layout, agent.q.default_factory().size)
    seconds = train(agent, args.episodes, args.seed)
    print(f"trained on {args.episodes:,} self-play games in {seconds:.0f} s: {len(agent.q):,} states seen")
    print(f"{'opponent':<28} {'untrained agent':>20} {'trained agent':>20}   ({args.games:,} games each)")
    for opponent in ("random", "greedy", "search"):
        name = search if opponent == "search" else opponent
        before = play("agent", opponent, args.games, args.search, args.seed + 1, untrained)
        after = play("agent", opponent, args.games, args.search, args.seed + 1, agent)
        cells = [f"{m:.1%} ± {h:.1%}" for m, h in (before, after)]
        print(f"{name:<28} {cells[0]:>20} {cells[1]:>20}")


if __name__ == "__main__":
    main()
