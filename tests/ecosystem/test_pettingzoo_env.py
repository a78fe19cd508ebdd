"""Every game of the toolkit as a PettingZoo AEC environment (emr_sim.ecosystem.pettingzoo_env):
PettingZoo's own api_test and seed_test at every seat count, the reset and seeding rules, the
log as render, and an illegal action refused."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip(
    "pettingzoo", reason="PettingZoo is not installed (the rl extra: pip install 'emr-sim[rl]')"
)

from pettingzoo.test import api_test, seed_test  # noqa: E402

from emr_sim.ecosystem.pettingzoo_env import GameEnv, env  # noqa: E402
from emr_sim.games import registry  # noqa: E402

CASES = [(g.name, n) for g in registry.games() for n in range(g.seats.fewest, g.seats.most + 1)]
RULES = {"emr": {"fury": "on"}}


def make(name: str, n: int, **kwargs):
    return env(name, seats=n, rules=RULES.get(name, {}), **kwargs)


def play_out(e, rng: np.random.Generator) -> None:
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        legal = np.flatnonzero(obs["action_mask"])
        e.step(None if terminated or truncated else int(legal[rng.integers(len(legal))]))


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_pettingzoos_api_test_and_seed_test_pass(name, n):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on dict observations (as its classic games')
        api_test(make(name, n), num_cycles=1000)
        seed_test(lambda: make(name, n), num_cycles=1000)


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_a_seed_gives_the_same_deals_and_reset_goes_on_to_the_next(name, n):
    first, second = GameEnv(name, n, RULES.get(name)), GameEnv(name, n, RULES.get(name))
    first.reset(seed=9)
    second.reset(seed=9)
    assert np.array_equal(first.S, second.S)
    start = first.S.copy()
    first.reset()  # the next deal of run 9
    second.reset(seed=9, options={"deal": 1})
    assert np.array_equal(first.S, second.S) and not np.array_equal(first.S, start)
    first.reset(seed=9)
    assert np.array_equal(first.S, start)
    space = first.observation_space("seat_0")
    for agent in first.possible_agents:
        obs = first.observe(agent)
        assert space.contains(obs)
        assert obs["action_mask"].any() == (agent == first.agent_selection)


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_the_only_rewards_are_the_seats_shares_of_the_win(name, n):
    e = GameEnv(name, n, RULES.get(name))
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        _, reward, terminated, _, _ = e.last()
        totals[agent] += reward
        if not terminated:
            assert reward == 0.0
        legal = np.flatnonzero(e.observe(agent)["action_mask"])
        e.step(None if terminated else int(legal[rng.integers(len(legal))]))
    assert list(totals.values()) == pytest.approx(e.driver.shares(e.S))
    if not registry.get(name).teams:  # constant-sum; with teams each winner of the team gets 1
        assert sum(totals.values()) == pytest.approx(1.0)


def test_render_gives_the_games_log_lines():
    e = make("toy", 3, render_mode="ansi")
    e.reset(seed=3)
    play_out(e, np.random.default_rng(5))
    lines = e.render().splitlines()
    assert lines[0] == "Card Pig (the toy game of docs/games.md), 3 players, seed 3, deal 0"
    assert lines[-1].startswith("won by seat ")
    moves = [line for line in lines if line.startswith("seat ") and ": " in line and "points" not in line]
    assert moves and all(line.split(": ")[1] in ("draw", "bank", "stash") for line in moves)


def test_render_human_prints_and_no_mode_warns(capsys):
    e = make("toy", 2, render_mode="human")
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    out = capsys.readouterr().out
    assert out.startswith("seat ") and out.count("\n") == 1  # the action's line
    assert out.strip() == e.unwrapped.log_lines()[-1]
    quiet = make("toy", 2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None


def test_an_illegal_action_is_refused_naming_it():
    e = GameEnv("toy", 2)
    e.reset(seed=2)
    with pytest.raises(ValueError, match=r"seat_\d: action 1 is not legal here \(legal: \[0"):
        e.step(1)  # no turn total yet: bank is not legal


def test_a_bad_render_mode_is_refused():
    from emr_sim.errors import BadInput

    with pytest.raises(BadInput, match="render_mode 'rgb_array'"):
        GameEnv("toy", 2, render_mode="rgb_array")
