"""D-HIDDEN: the players decide from public information and their own cards only.

Seeded games are played step by step as game.play() plays them. At every decision a
copy of the state is made in which cards are exchanged between the hand of the
decider's OPPONENT and the draw pile (the draw pile is reshuffled too, and the game's
RNG words changed): a position the decider cannot tell apart from the real one. The
observation (emr_sim.games.emr.players.observe.observe), the legal actions and the decision
(Game.choose with an identical copy of the players' RNG) must all be identical, with
the default parameter vector and with others (games/emr/players/params.py).
"""

from __future__ import annotations

import copy
from collections import Counter

import numpy as np
import pytest
from support.scenario import pb, seeded_steps

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.core import Game, parse_players, play, player_weights
from emr_sim.games.emr.players.observe import observe
from emr_sim.games.emr.players.params import PARAMS, default_weights

GREEDY = (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
RANDOM = (C.PLAYER_RANDOM, C.PLAYER_RANDOM)
MIXED = (C.PLAYER_GREEDY, C.PLAYER_RANDOM)


def tuned_weights(seed: int) -> np.ndarray:
    """A non-default weights array: every entry of every side and master drawn inside its
    range (whole numbers where it must be), the two sides different."""
    rng = np.random.default_rng(seed)
    weights = default_weights()
    for p in PARAMS:
        values = rng.uniform(p.low, p.high, weights.shape[:2])
        weights[:, :, p.index] = np.round(values) if p.integer else values
    return weights


TUNED = tuned_weights(2026)
FURY = {"fury": "on"}

GAMES = (
    [pytest.param(seed, GREEDY, None, None, None, id=f"greedy-{seed}") for seed in range(5)]
    + [pytest.param(seed, RANDOM, None, None, None, id=f"random-{seed}") for seed in range(3)]
    + [
        pytest.param(7, MIXED, None, None, None, id="mixed-7"),
        pytest.param(8, (C.PLAYER_RANDOM, C.PLAYER_GREEDY), None, None, None, id="mixed-8"),
        pytest.param(9, GREEDY, FURY, "kungfu,master", None, id="fury-9"),
        pytest.param(10, GREEDY, {"health": "12", "copy_copy": "on"}, None, None, id="long-10"),
        pytest.param(11, GREEDY, None, None, TUNED, id="tuned-11"),
        pytest.param(12, GREEDY, FURY, "crow,bushido", TUNED, id="tuned-fury-12"),
        pytest.param(13, GREEDY, FURY, "wind,illusion", TUNED, id="tuned-fury-13"),
        pytest.param(14, GREEDY, FURY, "earth,poison", TUNED, id="tuned-fury-14"),
    ]
)


def slots(S: np.ndarray, count_at: int, first: int) -> slice:
    return slice(first, first + int(S[count_at]))


def opponent_hand(S: np.ndarray, decider: int) -> slice:
    b = pb(1 - decider)
    return slots(S, b + C.P_HAND_N, b + C.P_HAND)


def draw_pile(S: np.ndarray) -> slice:
    return slots(S, C.DRAW_N, C.DRAW)


def indistinguishable(S: np.ndarray, decider: int, rng: np.random.Generator) -> np.ndarray:
    """A copy of S with 1+ cards exchanged between the opponent's hand and the draw pile,
    the draw pile reshuffled and the game RNG changed (card accounting kept)."""
    S2 = S.copy()
    hand, pile = opponent_hand(S2, decider), draw_pile(S2)
    h, d = S2[hand].copy(), S2[pile].copy()
    k = min(len(h), len(d))
    if k > 0:
        n = int(rng.integers(1, k + 1))
        hi, di = rng.choice(len(h), n, replace=False), rng.choice(len(d), n, replace=False)
        h[hi], d[di] = d[di].copy(), h[hi].copy()
    rng.shuffle(d)
    S2[hand], S2[pile] = h, d
    S2[C.RNG : C.RNG + C.RNG_WORDS] = rng.integers(1, 2**32, C.RNG_WORDS)
    # same cards in the same places but for these two, same counts
    assert Counter(S2[hand].tolist() + S2[pile].tolist()) == Counter(S[hand].tolist() + S[pile].tolist())
    mask = np.ones(C.STATE_SIZE, dtype=bool)
    mask[hand] = mask[pile] = False
    mask[C.RNG : C.RNG + C.RNG_WORDS] = False
    assert np.array_equal(S2[mask], S[mask])
    return S2


def observation(S: np.ndarray, seat: int) -> np.ndarray:
    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    observe(S, seat, obs)
    return obs


def expected_observation(S: np.ndarray, seat: int) -> np.ndarray:
    """S with exactly the hidden parts masked (D-HIDDEN)."""
    want = S.copy()
    b = pb(1 - seat)
    want[slots(S, b + C.P_HAND_N, b + C.P_HAND)] = C.HIDDEN
    want[slots(S, b + C.P_ASIDE_N, b + C.P_ASIDE)] = C.HIDDEN
    want[draw_pile(S)] = C.HIDDEN
    want[C.RNG : C.RNG + C.RNG_WORDS] = 0
    return want


@pytest.mark.parametrize(("seed", "players", "rules", "heroes", "weights"), GAMES)
def test_d_hidden_decisions_ignore_opponent_hand_and_draw_pile(seed, players, rules, heroes, weights):
    rng = np.random.default_rng(1000 + seed)
    checked, exchanged, tuned, phases = 0, 0, 0, Counter()
    for g, prng in seeded_steps(seed, players, rules=rules, heroes=heroes, weights=weights):
        if g.over:
            break
        S, p = g.state, g.decider
        S2 = indistinguishable(S, p, rng)
        twin = Game(S2, g.table, g.opts, g.deck)
        obs = observation(S, p)
        assert np.array_equal(obs, observation(S2, p)), np.flatnonzero(obs != observation(S2, p))
        assert twin.legal_codes() == g.legal_codes()
        pa, pb_ = prng.copy(), prng.copy()
        chosen = g.choose(players, pa, weights)
        assert chosen == twin.choose(players, pb_, weights), (g.phase, g.describe())
        tuned += weights is not None and chosen != g.choose(players, prng.copy())
        assert np.array_equal(pa, pb_)
        assert np.array_equal(twin.state, S2)  # choosing changes no state
        checked += 1
        if not np.array_equal(S2[opponent_hand(S, p)], S[opponent_hand(S, p)]):
            exchanged += 1
            # the exchange is real: the opponent, who sees its own hand, could tell
            assert not np.array_equal(observation(S, 1 - p), observation(S2, 1 - p))
        phases[g.phase] += 1
    assert checked >= 20 and exchanged >= checked // 2
    assert weights is None or tuned > 0  # the tuned vector does change decisions
    assert phases["turn"] > 5 and len(phases) >= 3, phases


@pytest.mark.parametrize("seed", range(3))
def test_d_hidden_observation_masks_exactly_the_hidden_parts(seed):
    checked = 0
    for g, _prng in seeded_steps(seed, GREEDY):
        S = g.state
        for seat in (0, 1):
            obs = observation(S, seat)
            assert np.array_equal(obs, expected_observation(S, seat))
            o = pb(1 - seat)
            n_opp, n_draw = int(S[o + C.P_HAND_N]), int(S[C.DRAW_N])
            assert (obs[o + C.P_HAND : o + C.P_HAND + n_opp] == C.HIDDEN).all()
            assert (obs[C.DRAW : C.DRAW + n_draw] == C.HIDDEN).all()
            assert (obs[C.RNG : C.RNG + C.RNG_WORDS] == 0).all()
            # counts stay public; own hand, boards, discard pile and health are shown
            assert obs[o + C.P_HAND_N] == n_opp and obs[C.DRAW_N] == n_draw
            assert obs[o + C.P_ASIDE_N] == S[o + C.P_ASIDE_N]
            own = pb(seat)
            assert np.array_equal(obs[own : own + C.P_SIZE], S[own : own + C.P_SIZE])
            assert np.array_equal(obs[C.DISC_N : C.DISC + C.MAX_CARDS], S[C.DISC_N : C.DISC + C.MAX_CARDS])
            for field in (C.P_HEALTH, C.P_FURY, C.P_POISON):
                assert obs[o + field] == S[o + field]
            lo = o + C.P_ZCARD
            assert np.array_equal(obs[lo : o + C.P_SIZE], S[lo : o + C.P_SIZE])  # board, tokens
            if n_opp:
                assert (S[o + C.P_HAND : o + C.P_HAND + n_opp] >= 0).all()  # really masked
            checked += 1
    assert checked > 50


def test_d_hidden_observation_masks_set_aside_cards():
    g = Game.new(0)
    S = g.state.copy()
    b = pb(1)
    S[b + C.P_ASIDE_N] = 2
    S[b + C.P_ASIDE : b + C.P_ASIDE + 2] = (S[C.DRAW + 5], S[C.DRAW + 6])
    obs = observation(S, 0)
    assert list(obs[b + C.P_ASIDE : b + C.P_ASIDE + 2]) == [C.HIDDEN, C.HIDDEN]
    assert obs[b + C.P_ASIDE_N] == 2
    assert np.array_equal(obs, expected_observation(S, 0))


@pytest.mark.parametrize("seed", range(3))
def test_d_hidden_stepped_games_are_the_games_play_plays(seed):
    for players, names in ((GREEDY, "greedy,greedy"), (RANDOM, "random,random")):
        g = None
        for g, _prng in seeded_steps(seed, players):  # noqa: B007 (the last one is kept)
            pass
        ref = play(seed, names)
        assert g.over and np.array_equal(g.state, ref.state)
        assert g.events == ref.events


SEARCHERS = [
    pytest.param(20, "ismcts:4,ismcts(n=3,leaf=eval)", None, None, id="ismcts-random-eval"),
    pytest.param(21, "ismcts(n=3,leaf=greedy,depth=4),greedy", FURY, "earth,wind", id="ismcts-greedy-fury"),
    pytest.param(22, "random,ismcts(n=4,leaf=tuned,depth=2)", FURY, "crow,illusion", id="ismcts-tuned-fury"),
    pytest.param(
        24,
        "ismcts(n=12,reuse=1),ismcts(n=8,stop=0.5,reuse=1,width=4)",
        FURY,
        "earth,kungfu",
        id="ismcts-reuse",
    ),
    pytest.param(
        25, "ismcts(n=10,prior=1,widen=0.5,reuse=1),greedy", FURY, "poison,master", id="ismcts-prior"
    ),
]


@pytest.mark.parametrize(("seed", "players", "rules", "heroes"), SEARCHERS)
def test_d_hidden_search_decisions_ignore_opponent_hand_and_draw_pile(seed, players, rules, heroes):
    """The search player (games/emr/players/ismcts.py) deals its determinisations from its observation
    only: the same observation and RNG give the same decision, whatever the hidden cards. A
    searcher that keeps its tree (games/emr/players/reuse.py) decides from its observation and what
    it kept: the twin gets a copy of the search's buffers (tree and the actions noted)."""
    kinds, weights = parse_players(players), player_weights(players)
    rng = np.random.default_rng(2000 + seed)
    searched, exchanged = 0, 0
    for g, prng in seeded_steps(seed, kinds, rules=rules, heroes=heroes, weights=weights):
        if g.over:
            break
        p = g.decider
        if kinds[p] != C.PLAYER_ISMCTS or len(g.legal_codes()) < 2:
            continue
        S2 = indistinguishable(g.state, p, rng)
        twin = Game(S2, g.table, g.opts, g.deck)
        kept = copy.deepcopy(g._search)  # the game's own choice below starts from these again
        twin._search = copy.deepcopy(kept)
        pa, pb_ = prng.copy(), prng.copy()
        assert g.choose(kinds, pa, weights) == twin.choose(kinds, pb_, weights), (g.phase, g.describe())
        g._search = kept
        assert np.array_equal(pa, pb_) and np.array_equal(twin.state, S2)
        searched += 1
        exchanged += not np.array_equal(S2[opponent_hand(g.state, p)], g.state[opponent_hand(g.state, p)])
    assert searched >= 15 and exchanged >= searched // 2


def test_d_hidden_the_open_searcher_does_see_the_hidden_cards():
    """ismcts-open (perfect information, a ceiling only) searches the state itself: the same
    exchanges do change some of its decisions, so the test above would catch a search that
    read the hidden cards."""
    kinds, weights = parse_players("ismcts-open:4,greedy"), player_weights("ismcts-open:4,greedy")
    rng = np.random.default_rng(3000)
    changed = 0
    for g, prng in seeded_steps(23, kinds, weights=weights):
        if g.over:
            break
        if g.decider != 0 or len(g.legal_codes()) < 2:
            continue
        twin = Game(indistinguishable(g.state, 0, rng), g.table, g.opts, g.deck)
        changed += g.choose(kinds, prng.copy(), weights) != twin.choose(kinds, prng.copy(), weights)
    assert changed > 0


@pytest.mark.parametrize(("seed", "players", "rules", "heroes", "weights"), GAMES[:1] + GAMES[-6:])
def test_d_hidden_the_greedy_chooses_the_same_on_the_state_as_on_the_observation(
    seed, players, rules, heroes, weights
):
    """The search's greedy rollouts (games/emr/players/leaf.py) let the greedy choose on the
    determinised state itself rather than on its decider's observation: it reads nothing
    the decider cannot see, so both give the same action at every decision."""
    from emr_sim.games.emr.players.evaluate import deck_totals, new_scratch
    from emr_sim.games.emr.players.greedy import choose_greedy
    from emr_sim.games.emr.players.leaf import weight_row
    from emr_sim.games.emr.players.params import default_weights
    from emr_sim.games.emr.rules.legal import legal_actions

    vectors = default_weights() if weights is None else weights
    scratch = new_scratch()
    legal = np.zeros(C.MAX_LEGAL, dtype=np.int64)
    checked = 0
    for g, _prng in seeded_steps(seed, GREEDY, rules=rules, heroes=heroes, weights=weights):
        if g.over:
            break
        S, p = g.state, g.decider
        n = legal_actions(S, g.table, g.opts, legal)
        W = vectors[p, weight_row(S, p)]
        deck_totals(g.table, scratch[0])
        on_state = choose_greedy(S.copy(), g.table, g.opts, p, legal, n, scratch, True, W)
        deck_totals(g.table, scratch[0])
        on_obs = choose_greedy(observation(S, p), g.table, g.opts, p, legal, n, scratch, True, W)
        assert on_state == on_obs, (g.phase, g.describe())
        checked += n > 1
    assert checked >= 20


@pytest.mark.parametrize(("rules", "reshuffles"), [(None, 0), ({"fury": "on", "health": "20"}, 1)])
def test_d_hidden_observe_step_writes_the_observation(rules, reshuffles):
    """The game loop's observe_step (writing only what changed since the buffer's last
    observation of the same game) gives observe's array at every decision, for either
    seat, through reshuffles of the draw pile, game after game on one buffer."""
    from emr_sim.games.emr.players.observe import blank_observation, observe_step

    obs = np.zeros(C.STATE_SIZE, dtype=np.int64)
    checked, reshuffled = 0, 0
    for seed in range(4):
        blank_observation(obs)  # as engine.game_loop does at the start of each game
        for g, _prng in seeded_steps(30 + seed, GREEDY, rules=rules, heroes="earth,wind" if rules else None):
            for seat in (g.decider, 1 - g.decider) if not g.over else ():
                observe_step(g.state, seat, obs)
                assert np.array_equal(obs, observation(g.state, seat)), (seat, g.describe())
                checked += 1
            reshuffled = max(reshuffled, int(g.state[C.H_RESHUFFLES]))
    assert checked > 400 and reshuffled >= reshuffles
