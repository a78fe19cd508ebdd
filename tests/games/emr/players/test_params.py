"""The greedy's parameter vector (games/emr/players/params.py): a consistent table (and the doc's
copy of it), defaults that are the hand-set greedy, every entry read by the kernels, and
a master's entries changing the games of that master and of no other.

Each change is played as a small seeded matchup (sim.pairs.play_pairs) whose per-game
records are compared with those of the default vector. That the defaults play exactly
the greedy of before is benchmarks/greedy_fingerprint.py's check (every action of 30,000
games) and tests/games/emr/players/test_greedy_equivalence.py's.
"""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_table, load_deck
from emr_sim.games.emr.loops.pairs import RECORD_COLS, aggregate_size, play_pairs
from emr_sim.games.emr.options import O_TURN_CAP, make_options
from emr_sim.games.emr.players import params as P

DOC = pathlib.Path(__file__).resolve().parents[4] / "docs" / "players.md"
G = C.PLAYER_GREEDY
PAIRS = 12
FURY = {"fury": "on"}


def records(rules: dict, heroes: tuple[int, int], weights, seed: int = 3, pairs: int = PAIRS) -> np.ndarray:
    opts = make_options(rules)
    table = card_table(load_deck(), opts)
    agg = np.zeros(aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    rows = np.zeros((2 * pairs, RECORD_COLS), dtype=np.int64)
    sides = np.array([G, G, *heroes], dtype=np.int64)
    play_pairs(table, opts, seed, 0, pairs, sides, agg, rows, weights)
    return rows


def changed(name: str, value: float, sides=(0, 1), rows=None) -> np.ndarray:
    """The default weights with entry `name` set to value on these sides and rows (all)."""
    weights = P.default_weights()
    rows = range(P.WEIGHT_ROWS) if rows is None else rows
    for side in sides:
        for row in rows:
            weights[side, row, P.BY_NAME[name].index] = value
    P.check_weights(weights)
    return weights


def hero(name: str) -> int:
    return C.HERO_NAMES.index(name)


# ---------------------------------------------------------------- the table


def test_table_indices_names_and_constants_agree():
    assert sorted(p.index for p in P.PARAMS) == list(range(P.N_PARAMS))
    assert len(set(P.PARAM_NAMES)) == P.N_PARAMS
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", name) for name in P.PARAM_NAMES)
    constants = {name: value for name, value in vars(P).items() if name.startswith("K_")}
    assert sorted(constants.values()) == list(range(P.N_PARAMS))  # every K_ in the table, once
    assert P.WEIGHT_ROWS == C.N_HEROES + 1 and P.ROW_NO_HERO == C.N_HEROES


@pytest.mark.parametrize("param", P.PARAMS, ids=P.PARAM_NAMES)
def test_defaults_lie_in_their_ranges(param):
    assert param.low <= param.default <= param.high and param.low < param.high
    if param.integer:
        assert (
            param.default == int(param.default)
            and param.low == int(param.low)
            and param.high == int(param.high)
        )
    assert param.heroes is None or (param.heroes and set(param.heroes) <= set(C.HERO_NAMES))
    assert param.doc


def test_default_arrays():
    vec = P.default_vector()
    assert vec.dtype == np.float64 and vec.shape == (P.N_PARAMS,)
    assert [vec[p.index] for p in P.PARAMS] == [p.default for p in P.PARAMS]
    weights = P.default_weights()
    assert weights.shape == (2, P.WEIGHT_ROWS, P.N_PARAMS) and weights.flags.c_contiguous
    assert (weights == vec).all()
    P.check_vector(vec)
    assert P.check_weights(weights) is not None


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("w_pair", -0.1, "w_pair = -0.1 is outside its range 0..3.6"),
        ("w_win", 1e6, "w_win = 1e+06 is outside its range 10..1000"),
        ("wind_reveal_threshold", 1.5, "wind_reveal_threshold = 1.5 must be a whole number"),
        ("bushido_token_blocks", float("nan"), "bushido_token_blocks = nan is outside its range"),
    ],
)
def test_bad_values_are_refused_by_name(name, value, says):
    vec = P.default_vector()
    vec[P.BY_NAME[name].index] = value
    with pytest.raises(ValueError, match=re.escape(says)):
        P.check_vector(vec)
    weights = P.default_weights()
    weights[1, hero("earth"), P.BY_NAME[name].index] = value
    with pytest.raises(ValueError, match=re.escape(f"side B, earth: {says}")):
        P.check_weights(weights)
    with pytest.raises(ValueError, match=re.escape(f"side B, earth: {says}")):
        records({}, (-1, -1), weights)


def test_a_weights_array_of_the_wrong_shape_is_refused():
    with pytest.raises(ValueError, match=r"weights have shape \(2, 9 or 10, 32\), not \(2, 8, 32\)"):
        P.check_weights(np.zeros((2, 8, P.N_PARAMS)))
    with pytest.raises(ValueError, match="a parameter vector has 32 entries"):
        P.check_vector(np.zeros(5))


def test_the_doc_lists_exactly_the_parameters_with_their_defaults():
    text = DOC.read_text()
    table = text.split("<!-- params table -->\n", 1)[1].split("\n<!-- end params table -->", 1)[0]
    assert table == P.markdown_table(), (
        "regenerate: python -c 'from emr_sim.games.emr.players.params import markdown_table'"
    )
    listed = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", table, re.M))
    assert list(listed) == list(P.PARAM_NAMES)
    assert [float(v) for v in listed.values()] == [p.default for p in P.PARAMS]


# ---------------------------------------------------------------- the kernels read them


def test_default_weights_are_the_same_games_as_none():
    for rules, heroes in (({}, (-1, -1)), (FURY, (hero("crow"), hero("bushido")))):
        assert np.array_equal(records(rules, heroes, None), records(rules, heroes, P.default_weights()))


def test_w_pair_changes_the_games_without_masters():
    base = records({}, (-1, -1), None)
    assert not np.array_equal(base, records({}, (-1, -1), changed("w_pair", 0.0)))
    # side A alone, on the row read with fury off: A's games change ...
    assert not np.array_equal(base, records({}, (-1, -1), changed("w_pair", 0.0, (0,), (P.ROW_NO_HERO,))))
    # ... and with fury on nobody reads that row
    fury = (hero("crow"), hero("wind"))
    assert np.array_equal(
        records(FURY, fury, None), records(FURY, fury, changed("w_pair", 0.0, rows=(P.ROW_NO_HERO,)))
    )


@pytest.mark.parametrize(
    ("name", "value", "master", "other"),
    [
        ("wind_reveal_threshold", 99.0, "wind", "crow"),  # never reveal
        ("bushido_token_damage", 20.0, "bushido", "earth"),  # always the token
        ("bushido_token_blocks", 7.0, "bushido", "illusion"),  # the token only for a 1-damage hit
        ("earth_draw_limit", 0.0, "earth", "kungfu"),  # never draw
        ("crow_base", -2.0, "crow", "poison"),  # a token only in front of an effect
        ("w_unblock", 0.0, "illusion", "master"),
        ("illusion_margin", 1.0, "illusion", "earth"),  # a jump must gain a health point
        ("w_kungfu_fury", 1.2, "kungfu", "wind"),
    ],
)
def test_a_masters_parameter_changes_its_games_only(name, value, master, other):
    """Set on every row: games with the master change, games between two others do not."""
    weights = changed(name, value)
    with_it = (hero(master), hero(other))
    assert not np.array_equal(records(FURY, with_it, None), records(FURY, with_it, weights))
    without = (hero(other), hero("master" if other != "master" and master != "master" else "crow"))
    assert master not in (C.HERO_NAMES[without[0]], C.HERO_NAMES[without[1]])
    assert np.array_equal(records(FURY, without, None), records(FURY, without, weights))


def test_each_seat_reads_its_own_masters_row():
    """Wind's threshold on side A's wind row: A as wind changes; B as wind does not."""
    weights = changed("wind_reveal_threshold", 99.0, sides=(0,), rows=(hero("wind"),))
    a_wind = (hero("wind"), hero("crow"))
    assert not np.array_equal(records(FURY, a_wind, None), records(FURY, a_wind, weights))
    b_wind = (hero("crow"), hero("wind"))
    assert np.array_equal(records(FURY, b_wind, None), records(FURY, b_wind, weights))


# where an entry is read often enough for a short matchup to show it: a master's own
# entries in its games (against Poison, whose marker the other holds, or Crow), the
# general ones with fury off, and the discards in Earth's games (a greedy hand without
# set-aside cards seldom reaches the hand limit)
EARTH_GAMES = ("discard_damage", "discard_dragon", "discard_effect")
MORE_PAIRS = {"w_win": 1500}  # a game's worth rarely changes a choice: 8 games in 3000 at 10


def matchup_reading(param: P.Param) -> tuple[dict, tuple[int, int]]:
    if param.name in EARTH_GAMES:
        return FURY, (hero("earth"), hero("bushido"))
    if param.heroes is None:
        return {}, (-1, -1)
    first = param.heroes[0]
    return FURY, (hero(first), hero("poison" if first != "poison" else "crow"))


@pytest.mark.parametrize("param", P.PARAMS, ids=P.PARAM_NAMES)
def test_every_entry_is_read_by_the_kernels(param):
    """One end of its range or the other changes some game of a short matchup."""
    rules, heroes = matchup_reading(param)
    pairs = MORE_PAIRS.get(param.name, 150)
    base = records(rules, heroes, None, 3, pairs)
    ends = (param.low, param.high)
    assert any(
        not np.array_equal(base, records(rules, heroes, changed(param.name, v), 3, pairs)) for v in ends
    )
