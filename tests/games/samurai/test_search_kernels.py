"""Samurai Sword's kernels for the generic search (games/samurai/players/search.py): the hidden
roles drawn by the seat's belief, consistent with its observation and with the exact weights;
the rule-based rollout plays legal actions to the end; action_value leans to the policy."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games.samurai import kernels as k
from emr_sim.games.samurai.players.belief import F_BELIEF, believe
from emr_sim.games.samurai.players.own import own_player
from emr_sim.games.samurai.players.search import POLICY_BONUS, W_LEGAL, WORK_SIZE, determinise
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.value import seat_value
from emr_sim.rng import below, seed_rng
from tests.support.samurai import Table

BELIEF = 0  # own_player's kind of the rule-based player with a belief


def role_field(s: int) -> int:
    return L.SEAT_BASE + s * L.ST_SIZE + L.ST_ROLE


def played_on(n: int, seed: int, steps: int) -> Table:
    """A game of belief players after `steps` decisions (a public record to believe from)."""
    t = Table(n=n, seed=seed)
    rng, legal = np.zeros(4, np.int64), np.zeros(L.MAX_LEGAL, np.int64)
    obs = np.zeros_like(t.S)
    seed_rng(rng, 0, seed, 0, 7)
    for _ in range(steps):
        p = int(k.to_move(t.G, t.S))
        if p == K.NOBODY:
            break
        m = int(k.legal(t.G, t.S, legal))
        k.observe(t.G, t.S, p, obs)
        k.apply(t.G, t.S, own_player(t.G, t.S, obs, p, BELIEF, None, legal, m, rng, None))
    return t


def exact_weights(t: Table, me: int, obs: np.ndarray) -> dict[tuple, float]:
    """Every assignment of the hidden roles that fits the counts, with its chance: the
    product of the seat's belief over the hidden seats, normalised."""
    F = t.G[6]
    believe(t.G, obs, me, F)
    hidden = [s for s in range(t.n) if obs[role_field(s)] == K.HIDDEN]
    pool = []
    for r in range(L.N_ROLES):
        left = int(t.G[4][t.n, r]) - (r == L.SHOGUN) - (r == t.role(me) and r != L.SHOGUN)
        pool += [r] * left
    weights = {
        roles: float(np.prod([F[F_BELIEF + s * L.N_ROLES + r] for s, r in zip(hidden, roles, strict=True)]))
        for roles in set(itertools.permutations(pool))
    }
    total = sum(weights.values())
    return {roles: w / total for roles, w in weights.items()}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("n,seed,steps", [(4, 3, 60), (5, 3, 40), (7, 5, 40), (7, 2, 150)])
def test_the_hidden_roles_are_drawn_by_the_belief_and_fit_the_observation(n, seed, steps):
    t = played_on(n, seed, steps)
    me = next(s for s in range(n) if t.role(s) != L.SHOGUN)
    obs, R, again = np.zeros_like(t.S), np.zeros_like(t.S), np.zeros_like(t.S)
    k.observe(t.G, t.S, me, obs)
    exact = exact_weights(t, me, obs)
    hidden = [s for s in range(n) if obs[role_field(s)] == K.HIDDEN]
    rng = np.zeros(4, np.int64)
    seed_rng(rng, 0, 11, n, 3)
    draws, counts = 4000, dict.fromkeys(exact, 0)
    for _ in range(draws):
        determinise(t.G, obs, me, rng, R)
        k.observe(t.G, R, me, again)
        assert np.array_equal(again, obs), "a drawn state shows the seat something else"
        roles = tuple(int(R[role_field(s)]) for s in hidden)
        assert roles in counts, f"roles {roles} do not fit the counts in play"
        counts[roles] += 1
    assert len(exact) > 1
    for roles, chance in exact.items():
        # 4,000 draws: 4.5 standard errors at most 0.036
        assert abs(counts[roles] / draws - chance) < 0.036, (roles, counts[roles] / draws, chance)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("n", [3, 5, 7])
def test_the_rollout_plays_legal_actions_to_the_end(n):
    rng, legal = np.zeros(4, np.int64), np.zeros(L.MAX_LEGAL, np.int64)
    for deal in range(3):
        t = Table(n=n, seed=9, index=deal)
        seed_rng(rng, 0, 9, deal, 1)
        steps = 0
        while int(k.to_move(t.G, t.S)) != K.NOBODY:
            m = int(k.legal(t.G, t.S, legal))
            action = int(k.rollout(t.G, t.S, legal, m, rng))
            assert action in legal[:m].tolist()
            k.apply(t.G, t.S, action)
            steps += 1
            assert steps < 20_000, "the rollout does not end the game"
        assert t.S[L.H_END] in (L.END_KO, L.END_EXHAUST, L.END_BUSHIDO, L.END_LAST)


@pytest.mark.timeout(300)
def test_action_value_leans_to_the_rule_based_policys_choice():
    t = played_on(5, 4, 0)
    rng, legal, work = np.zeros(4, np.int64), np.zeros(L.MAX_LEGAL, np.int64), np.zeros(WORK_SIZE, np.int64)
    obs, R = np.zeros_like(t.S), np.zeros_like(t.S)
    seed_rng(rng, 0, 4, 0, 2)
    chosen = 0
    for _ in range(300):
        p = int(k.to_move(t.G, t.S))
        if p == K.NOBODY:
            break
        m = int(k.legal(t.G, t.S, legal))
        k.observe(t.G, t.S, p, obs)
        choice = int(own_player(t.G, t.S, obs, p, BELIEF, None, legal, m, rng.copy(), None))
        for a in legal[:m].tolist():
            words = rng.copy()
            value = k.action_value(t.G, obs, p, a, work, rng)
            determinise(t.G, obs, p, words, R)  # the same state action_value drew
            k.apply(t.G, R, a)
            plain = (1.0 - POLICY_BONUS) * seat_value(t.G, R, p)
            assert value == pytest.approx(plain + (POLICY_BONUS if a == choice else 0.0))
            assert 0.0 <= value <= 1.0
        chosen += m > 1
        k.apply(t.G, t.S, legal[below(rng, 0, m)])
    assert chosen > 50 and W_LEGAL + L.MAX_LEGAL == WORK_SIZE


@pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py): a tiny size
@pytest.mark.timeout(300)
def test_a_few_draws_and_a_rollout_game_as_plain_python():
    t = played_on(5, 3, 30)
    me = next(s for s in range(5) if t.role(s) != L.SHOGUN)
    obs, R, again = np.zeros_like(t.S), np.zeros_like(t.S), np.zeros_like(t.S)
    k.observe(t.G, t.S, me, obs)
    fits = exact_weights(t, me, obs)
    rng, legal = np.zeros(4, np.int64), np.zeros(L.MAX_LEGAL, np.int64)
    seed_rng(rng, 0, 1, 1, 1)
    hidden = [s for s in range(5) if obs[role_field(s)] == K.HIDDEN]
    for _ in range(20):
        determinise(t.G, obs, me, rng, R)
        k.observe(t.G, R, me, again)
        assert np.array_equal(again, obs)
        assert tuple(int(R[role_field(s)]) for s in hidden) in fits
    steps = 0
    while int(k.to_move(t.G, R)) != K.NOBODY and steps < 20_000:
        m = int(k.legal(t.G, R, legal))
        action = int(k.rollout(t.G, R, legal, m, rng))
        assert action in legal[:m].tolist()
        k.apply(t.G, R, action)
        steps += 1
    assert int(k.to_move(t.G, R)) == K.NOBODY
