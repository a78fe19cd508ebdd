"""Samurai Sword's players (games/samurai/players/, docs/samurai.md): the honest ones decide
from their seat's observation alone (the hidden-information swap test), the reference player
that sees every role is named so and does not, and the rule-based player beats random."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.loops.table import PLAYER_STREAM, table_buffers
from emr_sim.rng import seed_rng
from emr_sim.simulate.tables.frames import long_frame, rows_frame
from emr_sim.simulate.tables.play import play_deals
from emr_sim.simulate.tables.settings import table_settings

GAME = registry.get("samurai")
HONEST = [p for p in GAME.players if p not in GAME.sees_all]


def swap_check(n: int, spec: str, deals: int) -> tuple[int, int, int]:
    """(decisions, decisions whose action changed, other states that differed from the real
    one): at every decision the state is replaced by one the seat cannot tell from it (its
    observation determinised: the hidden roles and hands dealt anew), and the player, with
    the same generator words, decides again."""
    settings = table_settings("samurai", n, spec, {}, seed=3, workers=1)
    made, lineup = settings.made, settings.lineup
    k, decide = GAME.face().kernels(), GAME.face().decide_step()
    S, obs, legal, prng, _res, _rec, seating, work, search = table_buffers(
        L_STATE, GAME.max_legal, n, GAME.work_size
    )
    R, seen, other, drng = np.zeros_like(S), np.zeros_like(S), np.zeros_like(legal), np.zeros(4, np.int64)
    G = made.loop_constants()
    seed_rng(drng, 0, 5, 0, 77)
    decisions = changed = differed = 0
    for deal in range(deals):
        seating[:] = -1
        for s in range(n):
            seed_rng(prng[s], 0, 3, deal, PLAYER_STREAM + s)
        k.init(G, S, 3, deal, seating)
        while (p := int(k.to_move(G, S))) != K.NOBODY:
            count = int(k.legal(G, S, legal))
            words = prng[p].copy()
            kind, row = lineup.kinds[p], lineup.params[p]
            action = decide(G, S, p, kind, row, obs, legal, count, prng[p], work, search)
            k.observe(G, S, p, seen)
            k.determinise(G, seen, p, drng, R)
            differed += not np.array_equal(R, S)
            assert int(k.legal(G, R, other)) == count and np.array_equal(other[:count], legal[:count])
            again = decide(G, R, p, kind, row, obs, other, count, words, work, search)
            changed += int(again) != int(action)
            decisions += 1
            k.apply(G, S, action)
    return decisions, changed, differed


L_STATE = GAME.state_size


@pytest.mark.timeout(300)
@pytest.mark.parametrize("n", [3, 5, 7])
@pytest.mark.parametrize("spec", HONEST)
def test_an_honest_players_decision_survives_a_swap_of_what_it_cannot_see(n, spec):
    decisions, changed, differed = swap_check(n, spec, deals=4)
    assert decisions > 100 and differed > decisions // 2, "the swaps changed too little to show anything"
    assert changed == 0, f"{spec} changed {changed} of {decisions} decisions when hidden cards moved"


@pytest.mark.timeout(300)
def test_the_oracle_sees_every_role_by_design_and_is_named_so():
    assert GAME.sees_all == ("oracle",)
    decisions, changed, _ = swap_check(5, "oracle", deals=4)
    assert changed > decisions // 50, "a player that reads the roles must notice them swapped"


def member_win_rate(n: int, players: str, deals: int, seed: int) -> tuple[float, float, float]:
    """Member 0's share of the wins (its team's) with its 95 % interval over deals."""
    s = table_settings("samurai", n, players, {}, seed=seed, workers=2)
    rows = play_deals(s, s.entity_codes(()), deals)
    seats = long_frame(rows_frame(rows, n).assign(cell=""), n, list(s.lineup.specs), GAME.entities)
    mine = seats[seats["member"] == 0].groupby("deal")["share"].mean().to_numpy()
    half = 1.96 * mine.std(ddof=1) / np.sqrt(len(mine))
    return float(mine.mean()), float(mine.mean() - half), float(mine.mean() + half)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("n", [4, 5, 7])
def test_the_belief_players_team_wins_more_often_than_a_random_players(n):
    """One belief player among random ones, against the same seat of an all-random table:
    the lower end of its interval above the random baseline's upper end."""
    belief = member_win_rate(n, ",".join(["belief"] + ["random"] * (n - 1)), 1200, seed=11)
    baseline = member_win_rate(n, "random", 1200, seed=11)
    assert belief[1] > baseline[2], (belief, baseline)


def decisions_of(n: int, kinds: tuple[str, str], deals: int) -> tuple[int, int]:
    """(decisions, decisions where the two own players differ) along games of the first."""
    from emr_sim.players.kinds import OWN_KINDS

    made, k, decide = GAME.make(n), GAME.face().kernels(), GAME.face().decide_step()
    S, obs, legal, prng, _res, _rec, seating, work, search = table_buffers(
        L_STATE, GAME.max_legal, n, GAME.work_size
    )
    G, params = made.loop_constants(), np.zeros(8)
    a_kind, b_kind = (OWN_KINDS + GAME.own_players.index(kind) for kind in kinds)
    total = differ = 0
    for deal in range(deals):
        k.init(G, S, 1, deal, seating)
        for s in range(n):
            seed_rng(prng[s], 0, 1, deal, PLAYER_STREAM + s)
        while (p := int(k.to_move(G, S))) != K.NOBODY:
            count = int(k.legal(G, S, legal))
            words = prng[p].copy()
            a = decide(G, S, p, a_kind, params, obs, legal, count, prng[p], work, search)
            b = decide(G, S, p, b_kind, params, obs, legal, count, words, work, search)
            total, differ = total + 1, differ + int(a != b)
            k.apply(G, S, a)
    return total, differ


@pytest.mark.timeout(300)
def test_at_three_players_every_role_is_known_and_the_belief_plays_as_the_oracle():
    total, differ = decisions_of(3, ("belief", "oracle"), deals=10)
    assert total > 500 and differ == 0


@pytest.mark.timeout(300)
def test_the_belief_is_a_distribution_moved_by_the_public_record():
    from emr_sim.games.samurai.players.belief import F_BELIEF, believe
    from emr_sim.games.samurai.rules import layout as L

    made = GAME.make(5)
    k = GAME.face().kernels()
    S = np.zeros(L_STATE, dtype=np.int64)
    k.init(made.G, S, 1, 0, np.full(5, -1, dtype=np.int64))
    shogun = int(S[L.H_SHOGUN])
    me, suspect = (shogun + 1) % 5, (shogun + 2) % 5
    obs = np.zeros_like(S)
    k.observe(made.G, S, me, obs)
    F = np.zeros(64)
    believe(made.G, obs, me, F)
    prior = F[F_BELIEF : F_BELIEF + 20].reshape(5, 4).copy()
    assert np.allclose(prior.sum(axis=1), 1.0)
    obs[L.PUB_ATTACK + suspect * L.MAX_SEATS + shogun] = 3  # the suspect attacked the Shogun 3 times
    believe(made.G, obs, me, F)
    after = F[F_BELIEF : F_BELIEF + 20].reshape(5, 4)
    assert np.allclose(after.sum(axis=1), 1.0)
    assert after[suspect, L.NINJA] > prior[suspect, L.NINJA] + 0.1
    assert after[suspect, L.SAMURAI] < prior[suspect, L.SAMURAI]
