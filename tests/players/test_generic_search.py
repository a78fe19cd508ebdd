"""The generic players' kernels (players/greedy.py, ismcts.py, tree.py): the greedy's choice is
the best action_value; the search's node pool matches children to legal actions of any codes;
a finished game's values share a first place between seats or teams; the early stop changes
no decision; and each player plays better than the one below it on the toy game."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.loops.table import PLAYER_STREAM, TR_HEAD, TS_MEMBER, TS_RESULT, TS_SIZE
from emr_sim.players.ismcts import B_INFO, I_ITERATIONS, I_SEARCHES, result_values
from emr_sim.players.kinds import PLAYER_GREEDY, PLAYER_ISMCTS, SP_STOP
from emr_sim.players.tree import F_ACTION, N_FIELDS, NONE, add_child, init_node, match_children
from emr_sim.rng import seed_rng
from emr_sim.simulate.tables.play import loop_buffers, play_deals
from emr_sim.simulate.tables.settings import table_settings

NEVER = 1e12  # a stopping margin no lead reaches before the last iteration


def test_children_match_legal_actions_of_any_codes_and_deciders():
    nodes, value = np.zeros((8, N_FIELDS), np.int64), np.zeros(8)
    init_node(nodes, value, 0, -1, 0)
    for k, (code, decider) in enumerate([(10**9, 1), (7, 1), (7, 2), (123456, 1)], start=1):
        add_child(nodes, value, 0, k, code, decider)
    table = (np.zeros(8, np.int64), np.zeros(8, np.int64), np.zeros(8, np.int64), np.zeros(1, np.int64))
    legal, child_of = np.array([7, 5, 10**9], np.int64), np.zeros(3, np.int64)
    untried = match_children(nodes, 0, 1, legal, 3, table, child_of)
    assert untried == 1 and child_of[1] == NONE
    assert nodes[child_of[0], F_ACTION] == 7 and child_of[0] == 2  # decider 1's 7, not decider 2's
    assert nodes[child_of[2], F_ACTION] == 10**9
    assert match_children(nodes, 0, 2, legal, 3, table, child_of) == 2 and child_of[0] == 3


@pytest.mark.parametrize(
    "wins,draws,teams,values",
    [
        ([1, 0, 0], [0, 0, 0], [-1, -1, -1], [1, 0, 0]),
        ([0, 0, 0], [1, 1, 0], [-1, -1, -1], [0.5, 0.5, 0]),
        ([1, 0, 1, 0], [0, 0, 0, 0], [0, 1, 0, 1], [1, 0, 1, 0]),  # a team's win is each member's
        ([0, 0, 0, 0], [1, 1, 1, 1], [0, 1, 0, 1], [0.5, 0.5, 0.5, 0.5]),  # two teams share first
    ],
)
def test_a_finished_games_values_share_first_place_between_seats_or_teams(wins, draws, teams, values):
    res = np.zeros((len(wins), K.RS_SIZE), np.int64)
    res[:, K.RS_WIN], res[:, K.RS_DRAW], res[:, K.RS_TEAM] = wins, draws, teams
    out = np.zeros(len(wins))
    result_values(res, out)
    assert out.tolist() == values


def decisions(name: str, n: int, spec: str, deals: int, stop: float | None = None) -> tuple[list[int], int]:
    """Every action of `spec` in every seat over `deals` games, and the iterations searched."""
    rules = {"fury": "on"} if name == "emr" else {}
    settings = table_settings(name, n, spec, rules, seed=9, workers=1)
    made, lineup = settings.made, settings.lineup
    params = lineup.params.copy()
    if stop is not None:
        params[:, SP_STOP] = stop
    k, decide = made.game.face().kernels(), made.game.face().decide_step()
    S, obs, legal, prng, _res, _rec, seating, work, search = loop_buffers(made, lineup)
    G, actions = made.loop_constants(), []
    for deal in range(deals):
        seating[:] = np.arange(n) if made.game.entities else -1
        for s in range(n):
            seed_rng(prng[s], 0, 9, deal, PLAYER_STREAM + s)
        k.init(G, S, 9, deal, seating)
        while (p := int(k.to_move(G, S))) != K.NOBODY:
            count = int(k.legal(G, S, legal))
            action = decide(G, S, p, lineup.kinds[p], params[p], obs, legal, count, prng[p], work, search)
            actions.append(int(action))
            k.apply(G, S, action)
    return actions, int(search[B_INFO][I_ITERATIONS]) if search is not None else 0


@pytest.mark.parametrize(
    "name,n,spec,deals",
    [
        ("toy", 3, "ismcts(n=200)", 6),
        ("toy", 2, "ismcts(n=300,prior=0,depth=3)", 6),
        ("emr", 2, "generic-ismcts(n=60,depth=2)", 1),
    ],
)
@pytest.mark.timeout(600)
def test_the_early_stop_changes_no_decision_and_saves_iterations(name, n, spec, deals):
    stopped, fewer = decisions(name, n, spec, deals)
    whole, every = decisions(name, n, spec, deals, stop=NEVER)
    assert stopped == whole
    assert fewer < every


def test_the_greedy_takes_the_best_action_value_and_the_search_counts_its_work():
    settings = table_settings("toy", 2, "greedy,ismcts(n=50)", seed=1, workers=1)
    made, lineup = settings.made, settings.lineup
    k, decide = made.game.face().kernels(), made.game.face().decide_step()
    S, obs, legal, prng, _res, _rec, seating, work, search = loop_buffers(made, lineup)
    G = made.loop_constants()
    seating[:] = -1
    k.init(G, S, 1, 0, seating)
    p = int(k.to_move(G, S))
    S[k.seat_at(p) + k.ST_STASH] = 3  # a number to play
    count = int(k.legal(G, S, legal))
    k.observe(G, S, p, obs)
    scores = [k.action_value(G, obs, p, a, work, prng[p]) for a in legal[:count]]
    chosen = decide(G, S, p, PLAYER_GREEDY, lineup.params[0], obs, legal, count, prng[p], work, search)
    assert count == 2 and chosen == legal[int(np.argmax(scores))]
    decide(G, S, p, PLAYER_ISMCTS, lineup.params[1], obs, legal, count, prng[p], work, search)
    assert search[B_INFO][I_SEARCHES] == 1 and 2 <= search[B_INFO][I_ITERATIONS] <= 50


def first_member_share(players: str, n: int, deals: int) -> float:
    settings = table_settings("toy", n, players, seed=5, workers=1)
    rows = play_deals(settings, settings.entity_codes(()), deals)
    won = 0.0
    for row in rows:
        bases = [TR_HEAD + s * TS_SIZE for s in range(n)]
        mine = next(b for b in bases if row[b + TS_MEMBER] == 0) + TS_RESULT
        sharing = sum(row[b + TS_RESULT + K.RS_DRAW] for b in bases)
        won += 1.0 if row[mine + K.RS_WIN] else (1.0 / sharing if row[mine + K.RS_DRAW] else 0.0)
    return won / len(rows)


@pytest.mark.timeout(300)
def test_the_greedy_beats_random_and_the_search_beats_the_greedy_on_the_toy_game():
    """Measured figures are in docs/players.md (benchmarks/generic_players.py); here, seeded
    runs big enough that a player no better than the one below would fail."""
    assert first_member_share("greedy,random", 2, 1000) > 0.85  # 2,000 games; random vs random: 1/2
    assert first_member_share("ismcts(n=200),greedy", 2, 300) > 0.55  # 600 games; the greedy vs itself: 1/2
