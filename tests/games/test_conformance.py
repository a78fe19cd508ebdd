"""The game contract's conformance test (docs/games.md): every registered game, at every seat
count it allows, played through the contract's operations from random positions, with the
checks every game must pass; and the generic table loop against 8MR's own seat-swapped pairs."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.loops.table import PLAYER_STREAM, TR_HEAD, TR_RECORD, TS_RESULT, TS_SIZE, table_buffers
from emr_sim.rng import below, seed_rng
from emr_sim.simulate.tables.play import play_part
from emr_sim.simulate.tables.settings import table_settings

pytestmark = pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py)
MAX_STEPS = 20_000
# 8MR's operations, called one by one from Python, would each compile its rules again (minutes
# of a cold cache): its checks run as plain Python (tests/test_nojit.py), its compiled loop in
# test_a_two_seat_rotation_is_8mrs_seat_swap
PLAIN_ONLY = ("emr",)
CASES = [(g.name, n) for g in registry.games() for n in range(g.seats.fewest, g.seats.most + 1)]


def made_game(name: str, n: int):
    rules = {"fury": "on"} if name == "emr" else {}
    return registry.get(name).make(n, rules)


def entities(game, n: int, deal: int) -> np.ndarray:
    if game.dealt or not game.entities:
        return np.full(n, -1, dtype=np.int64)
    return np.array([(deal + s) % len(game.entities) for s in range(n)], dtype=np.int64)


def check_game(made, deal: int) -> int:
    """One random game through the contract from Python, every invariant checked at each step;
    its number of decisions."""
    game, k = made.game, made.game.face().kernels()
    n = made.n_seats
    bufs = table_buffers(game.state_size, game.max_legal, n, game.work_size)
    S, obs, legal, prng, res, rec, seating, work, _search = bufs
    R = np.zeros_like(S)
    obs2 = np.zeros_like(S)
    G = made.loop_constants()
    seating[:] = entities(game, n, deal)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 0, 99, deal, PLAYER_STREAM)
    k.init(G, S, 99, deal, seating)
    values = np.zeros(n)
    steps = 0
    while (p := int(k.to_move(G, S))) != K.NOBODY:
        assert 0 <= p < n
        count = int(k.legal(G, S, legal))
        assert 1 <= count <= game.max_legal
        assert len(set(legal[:count].tolist())) == count, "legal actions repeat"
        assert np.all((legal[:count] >= 0) & (legal[:count] < game.action_codes)), (
            "an action outside its codes"
        )
        k.observe(G, S, p, obs)
        k.determinise(G, obs, p, rng, R)  # a state p cannot tell from this one ...
        k.observe(G, R, p, obs2)
        assert np.array_equal(obs, obs2), "a determinisation shows the seat something else"
        assert int(k.to_move(G, R)) == p
        assert int(k.legal(G, R, work)) == count and np.array_equal(work[:count], legal[:count])
        k.evaluate(G, S, values)
        assert np.all((values >= 0) & (values <= 1))
        action = legal[below(rng, 0, count)]
        assert 0.0 <= k.action_value(G, obs, p, action, work, rng) <= 1.0
        assert k.rollout(G, S, legal, count, rng) in legal[:count]
        k.apply(G, S, action)
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
    k.results(G, S, res)
    check_results(res, n, game.teams)
    k.record(G, S, rec)
    assert 0 <= rec[K.GR_FIRST] < n and rec[K.GR_TURNS] >= 0
    assert 0 <= rec[K.GR_END] < len(game.end_names)
    return steps


def check_results(res: np.ndarray, n: int, teams: bool) -> None:
    """One sole winner or a tie for first; places agree with wins and draws."""
    wins, draws = res[:, K.RS_WIN], res[:, K.RS_DRAW]
    assert set(wins.tolist()) <= {0, 1} and set(draws.tolist()) <= {0, 1}
    assert not np.any(wins & draws)
    if not teams:
        assert wins.sum() + draws.sum() >= 1 and (wins.sum() == 1) != (draws.sum() >= 2)
    assert np.all(res[wins == 1, K.RS_PLACE] == 0) and np.all(res[draws == 1, K.RS_PLACE] == 0)
    assert np.all((res[:, K.RS_PLACE] >= 0) & (res[:, K.RS_PLACE] < n))


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_every_game_passes_the_contracts_checks(name, n):
    if name in PLAIN_ONLY and not numba.config.DISABLE_JIT:
        pytest.skip(f"{name}'s operations are checked as plain Python (tests/test_nojit.py)")
    made = made_game(name, n)
    games = 10 if name == "emr" else 40
    assert sum(check_game(made, deal) for deal in range(games)) > games


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(300)
def test_the_compiled_table_loop_plays_the_contracts_games(name, n):
    """The generic loop compiled in the game's folder gives, in rotation 0, the game the
    step-by-step Python driver (emr-sim play --game) gives."""
    from emr_sim.simulate.tables.example import play_example

    settings = table_settings(name, n, None, {"fury": "on"} if name == "emr" else {}, seed=11, workers=1)
    rows = play_part(settings.made, settings.lineup, 11, settings.entity_codes(()), 0, 2)
    for deal in range(2):
        example = play_example(settings, 11, deal)
        row = rows[deal * n]  # rotation 0: member s in seat s
        for s in range(n):
            got = row[TR_HEAD + s * TS_SIZE + TS_RESULT : TR_HEAD + (s + 1) * TS_SIZE].tolist()
            assert got == [example["results"][s][name] for name in K.RESULT_NAMES]


@pytest.mark.timeout(300)
def test_a_two_seat_rotation_is_8mrs_seat_swap():
    """8MR behind the contract: the generic table loop with random players plays exactly the
    games of 8MR's own seat-swapped pairs (same deals, winners and lengths)."""
    from emr_sim.games.emr import codes as C
    from emr_sim.games.emr.loops import pairs

    settings = table_settings("emr", 2, "random", {"fury": "on"}, seed=5, workers=1)
    heroes = np.array([0, 6], dtype=np.int64)  # crow (member 0) against illusion
    rows = play_part(settings.made, settings.lineup, 5, heroes, 0, 60)
    G = settings.made.G
    sides = np.array([C.PLAYER_RANDOM, C.PLAYER_RANDOM, 0, 6], dtype=np.int64)
    agg = np.zeros(pairs.aggregate_size(int(G[2][6])), dtype=np.int64)
    recs = np.zeros((120, pairs.RECORD_COLS), dtype=np.int64)
    pairs.play_pairs(G[1], G[2], 5, 0, 60, sides, agg, recs)
    for row, rec in zip(rows, recs, strict=True):
        seat0 = row[TR_HEAD + TS_RESULT : TR_HEAD + TS_SIZE]
        winner = C.DRAWN_GAME if seat0[K.RS_DRAW] else int(seat0[K.RS_PLACE])
        assert winner == rec[C.GR_WINNER]
        assert row[TR_RECORD + K.GR_TURNS] == rec[C.GR_TURNS]


def test_every_game_is_registered_with_a_complete_value():
    for game in registry.games():
        face = game.face()
        for name in ("make", "entry", "kernels", "decide_step", "action_text", "describe", "outcome_text",
                     "loop_constants"):  # fmt: skip
            assert callable(getattr(face, name)), (game.name, name)
        assert game.seats.fewest <= game.seats.default <= game.seats.most
        k = face.kernels()
        assert K.registered(game.name) and k.NAME == game.name
