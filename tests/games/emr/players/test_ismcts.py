"""The search player (games/emr/players/ismcts.py): determinisations from the observation only, the
settings' path from spec to kernel, determinism, and the tree it grows.

Small sizes only: a few iterations on single positions (the strength goals are measured
in benchmarks/bench_ismcts.py, not here).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from support.scenario import pb, seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, parse_players, play, player_weights
from emr_sim.games.emr.lineup.base import SpecError
from emr_sim.games.emr.lineup.spec import parse_sides, parse_spec
from emr_sim.games.emr.loops import engine
from emr_sim.games.emr.players.determinise import determinise, hidden_slots, unseen_cards
from emr_sim.games.emr.players.observe import observe
from emr_sim.games.emr.players.search_params import KERNEL_ROWS, S_ITERATIONS, SEARCH_ROW
from emr_sim.games.emr.players.tree import F_CODE, F_FIRST, F_NEXT, F_VISITS, ROOT
from emr_sim.simulate.play.settings import RunSettings

GREEDY = (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
SEARCH = (C.PLAYER_ISMCTS, C.PLAYER_GREEDY)


def hidden_cards(S: np.ndarray, seat: int) -> Counter:
    """The cards in the places seat cannot see: the opponent's hand and set-aside, the pile."""
    o = pb(1 - seat)
    places = [
        S[o + C.P_HAND : o + C.P_HAND + S[o + C.P_HAND_N]],
        S[o + C.P_ASIDE : o + C.P_ASIDE + S[o + C.P_ASIDE_N]],
        S[C.DRAW : C.DRAW + S[C.DRAW_N]],
    ]
    return Counter(int(c) for part in places for c in part)


def visible_mask(S: np.ndarray, seat: int) -> np.ndarray:
    """Every entry of the state but the hidden places and the RNG."""
    mask = np.ones(C.STATE_SIZE, dtype=bool)
    o = pb(1 - seat)
    mask[o + C.P_HAND : o + C.P_HAND + S[o + C.P_HAND_N]] = False
    mask[o + C.P_ASIDE : o + C.P_ASIDE + S[o + C.P_ASIDE_N]] = False
    mask[C.DRAW : C.DRAW + S[C.DRAW_N]] = False
    mask[C.RNG : C.RNG + C.RNG_WORDS] = False
    return mask


def determinised(g: Game, seat: int, seed: int) -> tuple[np.ndarray, int]:
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    observe(g.state, seat, obs)
    unseen = np.zeros(C.MAX_CARDS, dtype=np.int64)
    n = unseen_cards(obs, g.table, seat, np.zeros(C.MAX_CARDS, dtype=np.int64), unseen)
    R = np.zeros(C.STATE_SIZE, dtype=np.int64)
    rng = np.array([seed + 1, 2, 3, 4], dtype=np.int64)
    determinise(obs, seat, unseen, n, R, rng)
    return R, n


GAMES = [
    pytest.param(3, None, None, id="plain"),
    pytest.param(4, {"fury": "on"}, "earth,wind", id="earth-wind"),
    pytest.param(5, {"fury": "on", "health": "14"}, "crow,illusion", id="long"),
]


@pytest.mark.parametrize(("seed", "rules", "heroes"), GAMES)
def test_determinisations_deal_the_hidden_cards_and_keep_the_rest(seed, rules, heroes):
    """The unseen cards are exactly the cards in the hidden places (any reshuffle, set-aside,
    Wind reveal: the count matches), and a determinisation deals them there, keeping every
    visible entry, and different arrangements for different draws."""
    checked, differ = 0, 0
    for g, _prng in seeded_steps(seed, GREEDY, rules=rules, heroes=heroes):
        if g.over:
            break
        for seat in (0, 1):
            R, n = determinised(g, seat, checked)
            S = g.state
            assert n == hidden_slots(S, seat) == sum(hidden_cards(S, seat).values())
            assert hidden_cards(R, seat) == hidden_cards(S, seat)
            assert np.array_equal(R[visible_mask(S, seat)], S[visible_mask(S, seat)])
            assert R[C.RNG : C.RNG + C.RNG_WORDS].any()
            R2, _n = determinised(g, seat, checked + 1000)
            differ += not np.array_equal(R, R2)
            checked += 1
    assert checked > 60 and differ > checked // 2


def test_spec_settings_reach_the_kernel_row():
    spec = parse_spec("ismcts(n=7,c=1.5,leaf=greedy,depth=4)")
    assert spec.kernel_kind == C.PLAYER_ISMCTS
    assert parse_spec(spec.text) == spec
    vec = spec.kernel_vectors()
    assert vec.shape == (KERNEL_ROWS, vec.shape[1])
    assert list(vec[SEARCH_ROW, :4]) == [7, 1.5, 2, 4]
    weights = player_weights("ismcts:9,greedy")
    assert weights[0, SEARCH_ROW, S_ITERATIONS] == 9 and not weights[1, SEARCH_ROW].any()
    assert parse_spec("ismcts(n=9)").text == "ismcts:9" == parse_spec("ismcts:9").text
    assert "ismcts" in parse_spec("ismcts:5").record()["kernel"]


def test_stop_reuse_and_width_reach_the_kernel_row_and_the_record():
    """The stopping margin, reuse and width are settings of their own; a default spec's row
    is the row it was before they existed (0 in their places), and the record carries the
    search's version (search_params.SEARCH_VERSION)."""
    from emr_sim.games.emr.players.search_params import S_REUSE, S_STOP, S_WIDTH, SEARCH_VERSION

    spec = parse_spec("ismcts(n=50,width=4,reuse=1,stop=0.5)")
    assert spec.text == "ismcts(n=50,stop=0.5,reuse=1,width=4)" and parse_spec(spec.text) == spec
    row = spec.kernel_vectors()[SEARCH_ROW]
    assert row[S_STOP] == 0.5 and row[S_REUSE] == 1 and row[S_WIDTH] == 4
    plain = parse_spec("ismcts:400", search_version=1).kernel_vectors()[SEARCH_ROW]  # before issue 35
    assert plain[S_STOP] == 0 and plain[S_REUSE] == 0 and plain[S_WIDTH] == 0
    assert np.array_equal(
        plain, parse_spec("ismcts(n=400,stop=1,reuse=0,width=0)", 1).kernel_vectors()[SEARCH_ROW]
    )
    assert spec.record()["search_version"] == SEARCH_VERSION
    assert parse_spec("ismcts:5").record()["search_version"] == SEARCH_VERSION
    assert "search_version" not in parse_spec("greedy").record()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ismcts:0", "outside 1..50000"),
        ("ismcts:2.5", "whole number"),
        ("ismcts(c=-1)", "outside 0..10"),
        ("ismcts(leaf=deep)", "give one of eval, random, greedy, tuned"),
        ("ismcts(leaf=eval,depth=3)", "depth is for rollouts"),
        ("ismcts(breadth=3)", "unknown parameter 'breadth'"),
        ("ismcts(width=65)", "outside 0..64"),
        ("ismcts(width=2.5)", "whole number"),
        ("ismcts:", "nothing after ':'"),
        ("ismcts(stop=0)", "outside 0.05..1"),
        ("ismcts(stop=1.5)", "outside 0.05..1"),
        ("ismcts(reuse=2)", "outside 0..1"),
        ("ismcts(reuse=0.5)", "whole number"),
    ],
)
def test_bad_ismcts_specs_are_named(text, problem):
    with pytest.raises(SpecError, match=problem):
        parse_spec(text)


def test_defaults_still_play_the_greedy_game():
    """The search row added to the kernels' weights changes nothing for the greedy."""
    ref = play(6, "greedy,greedy")
    g = play(6, "greedy,greedy", weights=player_weights("greedy,greedy"))
    assert g.events == ref.events


def root_visits(search: tuple, legal: list[int], seat: int = 0) -> dict[int, int]:
    """{code: visits} of the root's children in seat's pool of the search's buffers."""
    nodes = search[seat][0]
    out, ch = {}, nodes[ROOT, F_FIRST]
    while ch >= 0:
        out[int(nodes[ch, F_CODE])] = int(nodes[ch, F_VISITS])
        ch = nodes[ch, F_NEXT]
    assert set(out) <= set(legal)
    return out


@pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py): 4 iterations, one position
def test_the_tree_counts_every_iteration_once_at_the_root():
    g = Game.new(11)
    for _ in range(3):
        g.apply(g.legal_codes()[0])
    assert len(g.legal_codes()) >= 4
    weights = engine.seat_weights(player_weights("ismcts:4,greedy"))
    prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
    chosen = g.choose(SEARCH, prng.copy(), weights)
    visits = root_visits(g._search, g.legal_codes())
    assert sum(visits.values()) == 4 and len(visits) == 4  # one new root child per iteration
    assert chosen in visits
    assert chosen == g.choose(SEARCH, prng.copy(), weights)  # the same RNG: the same search


def test_games_with_a_searcher_replay_identically():
    a, b = play(8, "ismcts:3,greedy"), play(8, "ismcts:3,greedy")
    assert a.events == b.events and a.over
    other = play(8, "ismcts(n=3,leaf=eval),ismcts(n=2,leaf=greedy,depth=2)")
    assert other.over


@pytest.mark.parametrize(
    "players",
    ["ismcts:2,greedy", "ismcts(n=6,reuse=1,prior=1,widen=1),ismcts(n=4,stop=0.5,reuse=1,width=4)"],
)
def test_a_searcher_plays_the_same_games_on_any_number_of_threads(players):
    """Each decision's search draws from the seat's own stream, and a kept tree is given up
    at each new game: the aggregate of a run does not depend on the threads (chunks run in
    any order)."""
    from emr_sim.simulate.play.matchup import matchup
    from emr_sim.simulate.play.runner import SEARCH_CHUNK_PAIRS

    n = 2 * (2 * SEARCH_CHUNK_PAIRS + 3)  # three chunks, the last one short
    runs = [
        matchup("crow", "earth", n=n, settings=RunSettings(players=players, seed=4, workers=w))
        for w in (1, 2)
    ]
    timeless = [{k: v for k, v in r.summary.items() if "second" not in k} for r in runs]
    assert timeless[0] == timeless[1] and timeless[0]["wins"]


@pytest.mark.parametrize(
    "players",
    [
        "ismcts(n=3,leaf=random),greedy",
        "ismcts(n=12,reuse=1),ismcts(n=8,reuse=1,leaf=eval,prior=1,widen=0.5)",
    ],
)
def test_the_jitted_loop_plays_the_step_loop_games(players):
    """play() steps through a game with Game.choose and Game's own search buffers, noting
    each action for a seat that keeps its tree: the games of the jitted loop."""
    table, opts = Game.new().table, Game.new().opts
    kinds = parse_players(players)
    seats = np.array([kinds[0], kinds[1], C.NO_HERO, C.NO_HERO], dtype=np.int64)
    out = engine.results_array(3)
    engine.play_many(table, opts, 9, 0, 3, seats, out, player_weights(players))
    for k in range(3):
        g = play(9, players, index=k)
        assert out[k, C.GR_WINNER] == g.state[C.H_WINNER] and out[k, C.GR_DECISIONS] == g.state[C.H_DECISIONS]


def test_reuse_keeps_the_tree_of_the_actions_taken():
    """With reuse, most of a seat's searches start from the node its last choice and the
    actions since lead to, with visits already there (games/emr/players/reuse.py)."""
    from emr_sim.games.emr.players.reuse import K_CHOSEN, K_ENTRY, walk
    from emr_sim.games.emr.players.tree import NONE

    players = "ismcts(n=60,reuse=1),ismcts(n=60,reuse=1)"
    kinds, weights = parse_players(players), engine.seat_weights(player_weights(players))
    kept, fresh, with_visits = 0, 0, 0
    for g, _prng in seeded_steps(14, kinds, rules={"fury": "on"}, heroes="crow,earth", weights=weights):
        if g.over:
            break
        p, legal = g.decider, g.legal_codes()
        if len(legal) < 2 or g._search is None:
            continue
        nodes, keep = g._search[p][0], g._search[p][12]
        node = walk(nodes, g._search[2], keep[K_CHOSEN], keep[K_ENTRY]) if keep[K_CHOSEN] != NONE else NONE
        if node == NONE:
            fresh += 1
            continue
        kept += 1
        nodes, ch, prior = g._search[p][0], nodes[node, F_FIRST], 0
        while ch >= 0:
            prior += nodes[ch, F_VISITS] if nodes[ch, F_CODE] in legal else 0
            ch = nodes[ch, F_NEXT]
        with_visits += prior > 0
    assert kept > 2 * fresh and with_visits > kept // 2


def test_a_search_row_left_empty_plays_the_default_search():
    """Weights given without search settings (the greedy's rows only, or None) leave the
    search row empty: the seat searches with the defaults, not with 0 iterations."""
    from emr_sim.games.emr.players.search_params import DEFAULT_ITERATIONS

    g = Game.new(11)
    for _ in range(3):
        g.apply(g.legal_codes()[0])
    prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
    chosen = g.choose(SEARCH, prng.copy())
    visits = root_visits(g._search, g.legal_codes())
    assert DEFAULT_ITERATIONS // 4 < sum(visits.values()) <= DEFAULT_ITERATIONS
    kernel_defaults = parse_sides("ismcts,greedy", search_version=1)  # version 2 guides the tree
    assert chosen == g.choose(SEARCH, prng.copy(), player_weights(kernel_defaults))
    assert visits == root_visits(g._search, g.legal_codes())


def searched_positions(seed: int, count: int):
    """Decisions with 3+ legal actions of a seeded greedy game, fury on."""
    for g, _prng in seeded_steps(seed, GREEDY, rules={"fury": "on"}, heroes="crow,earth"):
        if g.over or count == 0:
            return
        if len(g.legal_codes()) >= 3:
            count -= 1
            yield g


def test_a_player_s_search_stops_early_with_the_whole_budget_s_choice():
    """choose_ismcts stops once the most visited root action leads by more than the
    iterations left: its action is the most visited of the whole budget's tree (same RNG)."""
    from emr_sim.games.emr.players.ismcts import run_search
    from emr_sim.games.emr.players.reuse import plant_root

    weights = engine.seat_weights(player_weights("ismcts:300,ismcts:300"))
    stopped_early = 0
    for g in searched_positions(12, 6):
        me = g.decider
        prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
        chosen = g.choose((C.PLAYER_ISMCTS, C.PLAYER_ISMCTS), prng.copy(), weights)
        settled = sum(root_visits(g._search, g.legal_codes(), me).values())
        obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
        observe(g.state, me, obs)
        search = engine.new_search()
        seat, legal = search[0], np.array(g.legal_codes(), dtype=np.int64)
        plant_root(seat[0], seat[1], seat[12], search[2], g.state[C.H_PHASE], me, False, 0)
        run_search(
            obs,
            g.table,
            g.opts,
            me,
            prng[me].copy(),
            seat,
            ROOT,
            legal,
            len(legal),
            weights[me],
            False,
            False,
        )
        full = root_visits(search, g.legal_codes())
        assert sum(full.values()) == 300
        best = max(full.values())
        assert chosen == next(code for code in g.legal_codes() if full.get(code, 0) == best)
        stopped_early += settled < 300
    assert stopped_early >= 2


def test_width_gives_a_narrow_decision_fewer_iterations():
    """width=w: a decision of m < w legal actions gets n * m / w iterations (ismcts.budget),
    others all n; the advisor, like stop, ignores it."""
    from emr_sim.games.emr.players.ismcts import budget

    row = parse_spec("ismcts(n=400,width=4)").kernel_vectors()[SEARCH_ROW]
    assert [budget(row, 400, m) for m in (2, 3, 4, 9)] == [200, 300, 400, 400]
    plain = parse_spec("ismcts:400").kernel_vectors()[SEARCH_ROW]
    assert [budget(plain, 400, m) for m in (2, 9)] == [400, 400]
    g = Game.new(11)
    for _ in range(3):
        g.apply(g.legal_codes()[0])
    m = len(g.legal_codes())
    assert 2 <= m < 16
    weights = engine.seat_weights(player_weights("ismcts(n=80,width=16),greedy"))
    g.choose(SEARCH, np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64), weights)
    assert m <= sum(root_visits(g._search, g.legal_codes()).values()) <= 80 * m // 16


def test_prior_and_widen_reach_the_kernel_row_and_leave_the_default_row_as_it_was():
    """... the default row of search version 1 (version 2's `ismcts:N` has both on)."""
    from emr_sim.games.emr.players.search_params import S_PRIOR, S_WIDEN

    spec = parse_spec("ismcts(n=50,widen=0.5,prior=1)")
    assert spec.text == "ismcts(n=50,prior=1,widen=0.5)" and parse_spec(spec.text) == spec
    row = spec.kernel_vectors()[SEARCH_ROW]
    assert row[S_PRIOR] == 1 and row[S_WIDEN] == 0.5
    plain = parse_spec("ismcts:50", search_version=1).kernel_vectors()[SEARCH_ROW]
    assert plain[S_PRIOR] == 0 and plain[S_WIDEN] == 0
    explicit = parse_spec("ismcts(n=50,prior=0,widen=0)", search_version=1)
    assert np.array_equal(plain, explicit.kernel_vectors()[SEARCH_ROW])
    guided = parse_spec("ismcts:50").kernel_vectors()[SEARCH_ROW]
    assert guided[S_PRIOR] == 1 and guided[S_WIDEN] == 1
    for text, problem in (
        ("ismcts(prior=2)", "outside 0..1"),
        ("ismcts(prior=0.5)", "whole number"),
        ("ismcts(widen=-1)", "outside 0..100"),
        ("ismcts(widen=101)", "outside 0..100"),
        ("ismcts(widen=wide)", "is not a number"),
    ):
        with pytest.raises(SpecError, match=problem):
            parse_spec(text)


def first_root_child(g: Game, players: str) -> int:
    """The one root child of a one-iteration search by seat 0 of `players` at g."""
    weights = engine.seat_weights(player_weights(players))
    g.choose(SEARCH, np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64), weights)
    (code,) = root_visits(g._search, g.legal_codes())
    return code


def test_prior_tries_the_greedy_s_action_first():
    """prior=1: a decision's first new child is the greedy's choice there (on the searcher's
    determinisation, which at the root holds all it sees); without it, a random one."""
    greedy_weights = player_weights("greedy,greedy")
    prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
    differs, checked = 0, 0
    for g in searched_positions(15, 8):
        if g.decider != 0:
            continue
        greedy = g.choose(GREEDY, prng.copy(), greedy_weights)
        assert first_root_child(g, "ismcts(n=1,prior=1),greedy") == greedy
        differs += first_root_child(g, "ismcts(n=1,prior=0),greedy") != greedy
        checked += 1
    assert checked >= 3 and differs >= 1


def tree_shape(search: tuple, seat: int) -> tuple[int, float]:
    """(the root's children, the mean children of the other nodes that have any)."""
    from emr_sim.games.emr.players.reuse import K_SIZE

    nodes, size = search[seat][0], search[seat][12][K_SIZE]
    children = np.zeros(size, dtype=np.int64)
    for k in range(size):
        ch = nodes[k, F_FIRST]
        while ch >= 0:
            children[k] += 1
            ch = nodes[ch, F_NEXT]
    below = children[1:][children[1:] > 0]
    return int(children[ROOT]), float(below.mean())


def test_widen_grows_a_narrower_deeper_tree_below_the_root_only():
    """widen=k: below the root a decision of v visits adds an action only while it has
    fewer than 1 + k * sqrt(v) children legal there: the same iterations, fewer children
    a node below the root; the root still tries every legal action."""
    g = next(searched_positions(16, 1))
    prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
    shapes = {}
    for spec in ("ismcts(n=300,widen=0)", "ismcts(n=300,widen=0.1)"):
        players = f"{spec},{spec}"
        weights = engine.seat_weights(player_weights(players))
        g._search = None
        g.choose((C.PLAYER_ISMCTS, C.PLAYER_ISMCTS), prng.copy(), weights)
        shapes[players] = tree_shape(g._search, g.decider)
    (wide_root, wide), (narrow_root, narrow) = shapes.values()
    assert wide_root == narrow_root == len(g.legal_codes())
    assert narrow < wide
