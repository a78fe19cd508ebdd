"""Card events (--cards, games/emr/loops/card_events.py): the card sets the pair loop keeps are the ones
the game's own events and states say, tracking changes no game, and the loop that tracks is
the loop that does not (one compiled version)."""

import numpy as np
import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.face.core import Game, new_events
from emr_sim.games.emr.loops import engine, pairs
from emr_sim.games.emr.options import O_TURN_CAP, make_options
from emr_sim.rng import seed_rng
from emr_sim.simulate.runs.records import card_sets

SEED = 4242
EVENTS = C.CARD_EVENT_NAMES


def play(rules: dict, heroes: tuple[int, int], n_pairs: int, columns: int, seed: int = SEED):
    opts = make_options(rules)
    table = card_table(load_deck(), opts)
    sides = np.array([C.PLAYER_GREEDY, C.PLAYER_GREEDY, *heroes], dtype=np.int64)
    agg = np.zeros(pairs.aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * n_pairs, columns), dtype=np.int64)
    pairs.play_pairs(table, opts, seed, 0, n_pairs, sides, agg, rows)
    return agg, rows


def kernel_sets(row: np.ndarray, n_cards: int) -> dict[tuple[int, str], set[int]]:
    """(seat, event) -> cards, decoded from a record row's card words."""
    out = {}
    for seat in range(2):
        for e, event in enumerate(EVENTS):
            at = pairs.RECORD_COLS + (seat * C.N_CARD_EVENTS + e) * C.CARD_WORDS
            words = [np.array([row[at + w]]) for w in range(C.CARD_WORDS)]
            out[seat, event] = set(np.flatnonzero(card_sets(words, n_cards)[0]).tolist())
    return out


def hand(state: np.ndarray, p: int) -> list[int]:
    base = C.P_BASE + p * C.P_SIZE
    return [int(c) for c in state[base + C.P_HAND : base + C.P_HAND + state[base + C.P_HAND_N]]]


def logged_sets(seed, index, rules, heroes, n_cards) -> dict[tuple[int, str], set[int]]:
    """The same sets read from a game replayed step by step in Python (game.core.Game): its
    events and, for the hands, its states (the oracle the kernel's sets must equal)."""
    names = None if heroes[0] < 0 else (C.HERO_NAMES[heroes[0]], C.HERO_NAMES[heroes[1]])
    game = Game.new(seed, index, None, rules, names)
    sets = {(p, e): set() for p in range(2) for e in EVENTS}
    turn_seen = False
    for kind, p, a, *_ in game.events:  # the deal: the draws before the first turn
        turn_seen |= kind == C.E_TURN
        if kind == C.E_DRAW and not turn_seen:
            sets[p, "dealt"].add(a)
    prng = np.zeros((2, 4), dtype=np.int64)
    for p in range(2):
        seed_rng(prng[p], 0, seed, index, engine.PLAYER_STREAM + p)
    weights = engine.seat_weights(None)
    rows = list(game.events)
    while True:
        for kind, p, a, b, c, d in rows:
            named = {
                C.E_DRAW: ("drawn", a),
                C.E_PLAY: ("played", a),
                C.E_EJECT: ("ejected", a),
                C.E_BLOCK: ("blocked", a),
                C.E_COUNTER: ("countered", a),
            }.get(kind)
            if kind == C.E_ATTACK and c == 1:
                named = ("hit", d)
            if kind == C.E_TECHNIQUE and a == C.HERO_EARTH:
                named = ("drawn", b)
            if named is not None:
                sets[p, named[0]].add(named[1])
        if game.over:
            break
        if int(game.state[C.H_PHASE]) == C.DK_TURN:
            sets[game.decider, "held"].update(hand(game.state, game.decider))
        code = game.choose((C.PLAYER_GREEDY, C.PLAYER_GREEDY), prng, weights)
        ev = new_events()
        engine.apply_action(game.state, game.table, game.opts, ev, code)
        rows = game._keep(ev)
    for p in range(2):
        sets[p, "end"].update(hand(game.state, p))
    return {key: {x for x in cards if 0 <= x < n_cards} for key, cards in sets.items()}


CASES = [
    ({"fury": "on"}, (C.HERO_EARTH, C.HERO_MASTER)),  # set-aside draws (H-EARTH), blocks (H-MASTER)
    ({"fury": "on"}, (C.HERO_WIND, C.HERO_BUSHIDO)),
    ({"fury": "off"}, (-1, -1)),
]


@pytest.mark.parametrize("rules,heroes", CASES, ids=["earth-master", "wind-bushido", "no-fury"])
def test_card_sets_are_those_the_game_log_and_states_say(rules, heroes):
    n_cards = load_deck().n_shot
    _agg, rows = play(rules, heroes, 2, pairs.CARD_RECORD_COLS)
    for j in range(2):
        for a_seat in range(2):
            row = rows[2 * j + a_seat]
            seat_heroes = heroes if a_seat == 0 else heroes[::-1]
            expected = logged_sets(SEED, j, rules, seat_heroes, n_cards)
            assert kernel_sets(row, n_cards) == expected, (j, a_seat)


@pytest.mark.nojit  # also run as plain Python (tests/test_nojit.py): one pair
def test_card_sets_hold_together_in_every_game():
    """R-SETUP: two cards dealt each; what was dealt, held, played, countered with or held at
    the end was drawn (in hand at some time); what hit was ejected (R-HIT)."""
    n_cards = load_deck().n_shot
    _agg, rows = play({"fury": "on"}, (C.HERO_EARTH, C.HERO_CROW), 1, pairs.CARD_RECORD_COLS)
    for row in rows:
        sets = kernel_sets(row, n_cards)
        for seat in range(2):
            assert len(sets[seat, "dealt"]) == 2
            for event in ("dealt", "held", "played", "countered", "end"):
                assert sets[seat, event] <= sets[seat, "drawn"], event
            assert sets[seat, "hit"] <= sets[seat, "ejected"]
            assert sets[seat, "played"]  # a greedy game plays cards


def test_tracking_card_events_changes_no_game():
    plain_agg, plain = play({"fury": "on"}, (C.HERO_CROW, C.HERO_ILLUSION), 30, pairs.RECORD_COLS)
    card_agg, tracked = play({"fury": "on"}, (C.HERO_CROW, C.HERO_ILLUSION), 30, pairs.CARD_RECORD_COLS)
    assert np.array_equal(plain_agg, card_agg)
    assert np.array_equal(plain, tracked[:, : pairs.RECORD_COLS])
    assert tracked[:, pairs.RECORD_COLS :].any()


def test_tracking_card_events_uses_the_loop_compiled_without_them():
    play({"fury": "on"}, (C.HERO_CROW, C.HERO_ILLUSION), 1, pairs.RECORD_COLS)
    signatures = getattr(pairs.pair_loop, "signatures", None)
    if signatures is None:
        pytest.skip("plain Python (NUMBA_DISABLE_JIT): nothing is compiled")
    before = list(signatures)  # the greedy loop's, and any other this process compiled
    play({"fury": "on"}, (C.HERO_CROW, C.HERO_ILLUSION), 1, pairs.CARD_RECORD_COLS)
    assert list(pairs.pair_loop.signatures) == before


def test_record_rows_of_another_width_are_refused():
    with pytest.raises(ValueError, match="columns"):
        play({"fury": "on"}, (C.HERO_CROW, C.HERO_ILLUSION), 1, pairs.RECORD_COLS + 1)
