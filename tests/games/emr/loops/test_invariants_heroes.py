"""The invariant harness in hero mode: every hero pair in both seatings (mirrors too),
fury on, 2,000 random-player games each, and greedy games with and without techniques."""

import numpy as np
import pytest
from support.state import seats

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table
from emr_sim.games.emr.loops.invariants import INV_NAMES, run_checked
from emr_sim.games.emr.options import make_options

GAMES_PER_PAIR = 2_000
PAIRS = [(h0, h1) for h0 in range(C.N_HEROES) for h1 in range(C.N_HEROES)]


def check(table, opts, seed, count, kinds, heroes):
    out = np.zeros((count, 3), dtype=np.int64)
    run_checked(table, opts, seed, 0, count, seats(*kinds, *heroes), out)
    bad = np.flatnonzero(out[:, 0])
    names = [C.HERO_NAMES[h] for h in heroes]
    detail = [(int(k), INV_NAMES[out[k, 0]], int(out[k, 1])) for k in bad[:5]]
    assert bad.size == 0, f"{names}: invariant broken in games (index, what, step): {detail}"
    return out


@pytest.fixture(scope="module")
def fury(deck):
    opts = make_options({"fury": "on"})
    return card_table(deck, opts), opts


def test_invariants_hold_for_every_hero_pair_and_seating(fury):
    table, opts = fury
    for k, heroes in enumerate(PAIRS):
        out = check(table, opts, 100 + k, GAMES_PER_PAIR, (C.PLAYER_RANDOM, C.PLAYER_RANDOM), heroes)
        assert (out[:, 1] > 0).all()


def test_invariants_hold_for_greedy_hero_games(fury):
    table, opts = fury
    for k, heroes in enumerate(PAIRS):
        check(table, opts, 500 + k, 100, (C.PLAYER_GREEDY, C.PLAYER_GREEDY_NOTECH), heroes)


@pytest.mark.parametrize(
    "rules",
    [
        {"fury_timing": "own-turn-end", "choose_on_board": "off", "wind_extra": "on"},
        {"poison_after_limit": "off", "bushido_early": "off", "illusion_stay": "off", "extra_max": "2"},
        {"master_bow": "off", "bow_fury": "on", "hero_select": "random"},
    ],
)
def test_invariants_hold_under_hero_options(deck, rules):
    opts = make_options({"fury": "on", **rules})
    table = card_table(deck, opts)
    for k, heroes in enumerate(PAIRS[::3]):
        check(table, opts, 900 + k, 200, (C.PLAYER_RANDOM, C.PLAYER_GREEDY), heroes)
