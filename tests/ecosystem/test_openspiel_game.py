"""Every game of the toolkit as an OpenSpiel game (emr_sim.ecosystem.openspiel_game): OpenSpiel's
own random_sim_test at every seat count, states that pickle and come back the same, returns
per seat, deals that are the engine's, and observations and information states that reveal
only what their seat may know (a determinisation the seat cannot tell from the real state)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (the rl extra: pip install 'emr-sim[rl]')"
)

from emr_sim.ecosystem import openspiel_game as og  # noqa: E402
from emr_sim.ecosystem.recall import chained, seat_start  # noqa: E402
from emr_sim.games import registry  # noqa: E402

CASES = [(g.name, n) for g in registry.games() for n in range(g.seats.fewest, g.seats.most + 1)]
# OpenSpiel's random_sim_test checks every position of its games for every seat (strings,
# tensors, clones): at each game's fewest and most seats, to keep the suite lean
ENDS = [(g.name, n) for g in registry.games() for n in sorted({g.seats.fewest, g.seats.most})]
RULES = {"emr": {"fury": "on"}}  # masters in play: the seats' entities matter
SIMS = {"emr": 2, "samurai": 1}  # games with longer games get fewer; the others 4


def load(name: str, n: int, seed: int = 5):
    return og.load(name, n, RULES.get(name, {}), seed)


def random_state(game, rng: np.random.Generator, steps: int):
    """A state of the next deal after up to `steps` random actions (fewer if it ends)."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.integers(len(actions))])
    return state


def test_every_game_is_registered_by_its_short_name():
    assert set(og.GAMES) == {f"emr_sim_{g.name}" for g in registry.games()}
    assert set(og.GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name,n", ENDS)
@pytest.mark.timeout(300)
def test_openspiels_random_sim_test_passes(name, n):
    game = load(name, n)
    assert game.num_players() == n
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.num_distinct_actions() == registry.get(name).action_codes
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 4), serialize=False, verbose=False)


def test_openspiels_serialisation_by_history_is_refused_for_sampled_chance():
    """Why the random_sim_test above runs without serialisation (docs/ecosystem.md): OpenSpiel
    serialises a game with sampled chance by its RNG state, which a Python game cannot give."""
    with pytest.raises(pyspiel.SpielError, match="RNG"):
        pyspiel.random_sim_test(load("toy", 2), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_a_pickled_state_is_the_same_state(name, n):
    game = load(name, n)
    rng = np.random.default_rng(3)
    for steps in (0, 7, 40, 10_000):
        state = random_state(game, rng, steps)
        back = pickle.loads(pickle.dumps(state))
        assert str(back) == str(state) and back.history() == state.history()
        assert np.array_equal(back.S, state.S)
        for p in range(n):
            assert back.information_state_string(p) == state.information_state_string(p)
        if not state.is_terminal():
            sampler = pyspiel.UniformProbabilitySampler(0, 1)
            resampled = state.resample_from_infostate(state.current_player(), sampler)
            resampled.apply_action(resampled.legal_actions()[0])
            again = pickle.loads(pickle.dumps(resampled))
            assert str(again) == str(resampled)
    game.new_initial_state()
    restored = pickle.loads(pickle.dumps(game))
    assert str(restored) == str(game) and restored.next_deal == game.next_deal


@pytest.mark.parametrize("name,n", CASES)
def test_deal_k_is_the_engines_deal_k_of_the_run(name, n):
    game = og.load(name, n, RULES.get(name, {}), seed=77)
    driver = game.driver
    for k in range(3):
        state = game.new_initial_state()
        expected = driver.start(77, k, driver.seating(77, k))
        assert np.array_equal(state.S, expected)


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_returns_are_each_seats_share_of_the_win(name, n):
    game = load(name, n)
    rng = np.random.default_rng(1)
    for _ in range(5):
        state = random_state(game, rng, 100_000)
        assert state.is_terminal()
        shares = state.returns()
        results = game.driver.results(state.S)
        if registry.get(name).teams:  # general-sum: each winner of the winning team gets 1
            assert sum(shares) >= 1.0 - 1e-9
        else:  # constant-sum
            assert sum(shares) == pytest.approx(1.0)
        for seat in range(n):
            won, drawn = results[seat, 0], results[seat, 1]
            assert shares[seat] == (1.0 if won else 1.0 / int(results[:, 1].sum()) if drawn else 0.0)


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_a_seat_cannot_tell_its_determinisations_from_the_real_state(name, n):
    """Its observation and information state (strings and tensors) are the same in every
    determinisation, while the hidden places differ: they reveal only what it may know."""
    game = load(name, n)
    rng = np.random.default_rng(2)
    hidden_differed = 0
    for steps in (0, 3, 9, 20):
        state = random_state(game, rng, steps)
        if state.is_terminal():
            continue
        for seat in range(n):
            for draw in range(4):
                words = np.array([11 + draw, 7 * seat + 1, steps, 3], dtype=np.int64)
                other = state.resample(seat, words)
                assert other.observation_string(seat) == state.observation_string(seat)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                assert other.observation_tensor(seat) == state.observation_tensor(seat)
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                if seat == state.current_player():  # its own choices: the same
                    assert other.legal_actions() == state.legal_actions()
                hidden_differed += not np.array_equal(other.S, state.S)
    assert hidden_differed > 0


@pytest.mark.parametrize("name,n", CASES)
def test_the_information_state_recalls_every_observation_in_order(name, n):
    """The lazily kept digest is the chain of the seat's observations after every action."""
    game = load(name, n)
    driver = game.driver
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    chains = [chained(seat_start(s), driver.observe(state.S, s)) for s in range(n)]
    steps = 0
    while not state.is_terminal() and steps < 60:
        actions = state.legal_actions()
        state.apply_action(actions[rng.integers(len(actions))])
        chains = [chained(chains[s], driver.observe(state.S, s)) for s in range(n)]
        steps += 1
        if steps % 7 == 0:
            for s in range(n):
                assert state.information_state_string(s).endswith(f"recall {chains[s].hex()}")
    assert state.information_state_string(0) != state.observation_string(0)


def test_an_observation_names_its_pieces():
    game = load("toy", 3)
    observer = game.make_py_observer()
    state = game.new_initial_state()
    observer.set_from(state, 1)
    pieces = observer.dict
    assert list(pieces) == ["seat", "mover", "values", "hidden"]
    assert pieces["seat"].tolist() == [0.0, 1.0, 0.0]
    assert pieces["mover"].sum() == 1.0 and pieces["mover"][state.current_player()] == 1.0
    assert pieces["hidden"].sum() > 0  # the deck's order and the others' stashes
    assert game.observation_tensor_size() == observer.tensor.size
