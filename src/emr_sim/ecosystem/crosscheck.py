"""The adapters against the jitted engine, action by action (docs/ecosystem.md).

Deal j of run `seed` is played by random players in the engine: the game's compiled table
loop (rotation 0: member s in seat s) gives its results, and the jitted kernels stepped with
the game's compiled decision give every position and action on the way (the conformance test
shows the two play the same games). The same deal is then played through the OpenSpiel game
and through the PettingZoo environment with the same actions: after every action the
adapter's position must be the engine's, word for word, its legal actions the engine's, and
at the end its results and returns the engine's. Any difference raises Mismatch naming the
game, deal, step and what differed.

    python scripts/ecosystem_crosscheck.py --games 1000     # every game, every seat count
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim import kernel_contract as K
from emr_sim.ecosystem.driver import Driver, win_shares
from emr_sim.ecosystem.openspiel_game import SpielGame
from emr_sim.ecosystem.pettingzoo_env import GameEnv, agent_name
from emr_sim.games.contract import Made
from emr_sim.loops.table import PLAYER_STREAM
from emr_sim.rng import seed_rng
from emr_sim.simulate.tables.lineup import parse_lineup
from emr_sim.simulate.tables.play import loop_buffers, play_part
from emr_sim.table_layout import TR_HEAD, TS_RESULT, TS_SIZE


class Mismatch(AssertionError):
    """An adapter that left the engine's game."""


@dataclass
class Reference:
    """One deal as the engine plays it: the position after each action, the actions, the
    legal actions before each, the results (per seat, K.RS_*)."""

    seating: np.ndarray
    actions: list[int]
    legal: list[list[int]]
    after: list[np.ndarray]
    results: np.ndarray


def engine_game(made: Made, seed: int, deal: int, seating: np.ndarray) -> Reference:
    """Deal `deal` stepped through the jitted kernels, each seat's random player deciding with
    the game's compiled decision from its own stream (as the table loop's rotation 0)."""
    face = made.game.face()
    kernels, decide = face.kernels(), face.decide_step()
    n = made.n_seats
    lineup = parse_lineup(made.game, "random", n)
    S, obs, legal, prng, res, _, _, work, search = loop_buffers(made, lineup)
    G = made.loop_constants()
    for s in range(n):
        seed_rng(prng[s], 0, seed, deal, PLAYER_STREAM + s)
    kernels.init(G, S, seed, deal, seating)
    ref = Reference(seating, [], [], [], res)
    while (p := int(kernels.to_move(G, S))) != K.NOBODY:
        count = int(kernels.legal(G, S, legal))
        ref.legal.append(sorted(legal[:count].tolist()))
        kind, params = lineup.kinds[p], lineup.params[p]
        action = int(decide(G, S, p, kind, params, obs, legal, count, prng[p], work, search))
        kernels.apply(G, S, action)
        ref.actions.append(action)
        ref.after.append(S.copy())
    kernels.results(G, S, res)
    return ref


def table_results(made: Made, seed: int, deal: int, seating: np.ndarray) -> np.ndarray:
    """The results of deal `deal`, rotation 0, in the game's compiled table loop."""
    n = made.n_seats
    lineup = parse_lineup(made.game, "random", n)
    row = play_part(made, lineup, seed, seating, deal, 1)[0]
    return np.array([row[TR_HEAD + s * TS_SIZE + TS_RESULT : TR_HEAD + (s + 1) * TS_SIZE] for s in range(n)])


def check(condition: bool, where: str, what: str) -> None:
    if not condition:
        raise Mismatch(f"{where}: {what}")


def through_openspiel(game: SpielGame, ref: Reference, deal: int, where: str) -> None:
    state = game.deal(deal, ref.seating)
    for step, action in enumerate(ref.actions):
        check(state.legal_actions() == ref.legal[step], f"{where} step {step}", "OpenSpiel's legal actions")
        state.apply_action(action)
        check(np.array_equal(state.S, ref.after[step]), f"{where} step {step}", "OpenSpiel's position")
    check(state.is_terminal(), where, "OpenSpiel's game not over")
    check(np.array_equal(game.driver.results(state.S), ref.results), where, "OpenSpiel's results")
    check(
        state.returns() == win_shares(ref.results, game.driver.made.game.teams), where, "OpenSpiel's returns"
    )


def through_pettingzoo(env: GameEnv, seed: int, ref: Reference, deal: int, where: str) -> None:
    """The deal through the environment (its seats' entities drawn as the engine's were)."""
    env.reset(seed=seed, options={"deal": deal})
    shares = win_shares(ref.results, env.driver.made.game.teams)
    for step, action in enumerate(ref.actions):
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        check(np.flatnonzero(mask).tolist() == ref.legal[step], f"{where} step {step}", "PettingZoo's mask")
        env.step(action)
        check(np.array_equal(env.S, ref.after[step]), f"{where} step {step}", "PettingZoo's position")
    check(all(env.terminations.values()), where, "PettingZoo's game not over")
    got = [env.rewards[agent_name(s)] for s in range(env.driver.n_seats)]
    check(got == shares, where, "PettingZoo's rewards")
    check(np.array_equal(env.driver.results(env.S), ref.results), where, "PettingZoo's results")


@dataclass
class Checked:
    games: int = 0
    actions: int = 0


def crosscheck(game: str, n_seats: int, rules: dict[str, str], seed: int, deals: range) -> Checked:
    """Every deal of `deals` through the engine and both adapters; Mismatch at the first
    difference."""
    from emr_sim.ecosystem.openspiel_game import load

    spiel = load(game, n_seats, rules, seed)
    env = GameEnv(game, seats=n_seats, rules=rules)
    made = spiel.driver.made
    driver = Driver(made)
    done = Checked()
    for deal in deals:
        where = f"{game} at {n_seats} seats, seed {seed}, deal {deal}"
        seating = driver.seating(seed, deal)
        ref = engine_game(made, seed, deal, seating)
        check(np.array_equal(table_results(made, seed, deal, seating), ref.results), where, "the table loop")
        through_openspiel(spiel, ref, deal, where)
        through_pettingzoo(env, seed, ref, deal, where)
        done.games += 1
        done.actions += len(ref.actions)
    return done
