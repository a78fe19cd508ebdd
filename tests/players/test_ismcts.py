"""The search player (players/ismcts.py): determinisations from the observation only, the
settings' path from spec to kernel, determinism, and the tree it grows.

Small sizes only: a few iterations on single positions (the strength goals are measured
in benchmarks/bench_ismcts.py, not here).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from support.scenario import pb, seeded_steps

from emr_sim import codes as C
from emr_sim.game.core import Game, play, player_weights
from emr_sim.lineup.base import SpecError
from emr_sim.lineup.spec import parse_spec
from emr_sim.loops import engine
from emr_sim.players.determinise import determinise, hidden_slots, unseen_cards
from emr_sim.players.observe import observe
from emr_sim.players.search_params import KERNEL_ROWS, S_ITERATIONS, SEARCH_ROW
from emr_sim.players.tree import F_CODE, F_FIRST, F_NEXT, F_VISITS, ROOT

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


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ismcts:0", "outside 1..50000"),
        ("ismcts:2.5", "whole number"),
        ("ismcts(c=-1)", "outside 0..10"),
        ("ismcts(leaf=deep)", "give one of eval, random, greedy, tuned"),
        ("ismcts(leaf=eval,depth=3)", "depth is for rollouts"),
        ("ismcts(width=3)", "unknown parameter 'width'"),
        ("ismcts:", "nothing after ':'"),
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


def root_visits(search: tuple, legal: list[int]) -> dict[int, int]:
    nodes = search[0]
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


def test_a_searcher_plays_the_same_games_on_any_number_of_threads():
    """Each decision's search draws from the seat's own stream: the aggregate of a run does
    not depend on the threads (chunks run in any order)."""
    from emr_sim.simulate.matchup import matchup
    from emr_sim.simulate.runner import SEARCH_CHUNK_PAIRS

    n = 2 * (2 * SEARCH_CHUNK_PAIRS + 3)  # three chunks, the last one short
    runs = [matchup("crow", "earth", n=n, seed=4, players="ismcts:2,greedy", workers=w) for w in (1, 2)]
    timeless = [{k: v for k, v in r.summary.items() if "second" not in k} for r in runs]
    assert timeless[0] == timeless[1] and timeless[0]["wins"]


def test_the_jitted_loop_plays_the_step_loop_games():
    table, opts = Game.new().table, Game.new().opts
    seats = np.array([C.PLAYER_ISMCTS, C.PLAYER_GREEDY, C.NO_HERO, C.NO_HERO], dtype=np.int64)
    out = engine.results_array(3)
    engine.play_many(table, opts, 9, 0, 3, seats, out, player_weights("ismcts(n=3,leaf=random),greedy"))
    for k in range(3):
        g = play(9, "ismcts(n=3,leaf=random),greedy", index=k)
        assert out[k, C.GR_WINNER] == g.state[C.H_WINNER] and out[k, C.GR_DECISIONS] == g.state[C.H_DECISIONS]


def test_a_search_row_left_empty_plays_the_default_search():
    """Weights given without search settings (the greedy's rows only, or None) leave the
    search row empty: the seat searches with the defaults, not with 0 iterations."""
    from emr_sim.players.search_params import DEFAULT_ITERATIONS

    g = Game.new(11)
    for _ in range(3):
        g.apply(g.legal_codes()[0])
    prng = np.array([[5, 6, 7, 8], [1, 2, 3, 4]], dtype=np.int64)
    chosen = g.choose(SEARCH, prng.copy())
    assert sum(root_visits(g._search, g.legal_codes()).values()) == DEFAULT_ITERATIONS
    assert chosen == g.choose(SEARCH, prng.copy(), player_weights("ismcts,greedy"))
