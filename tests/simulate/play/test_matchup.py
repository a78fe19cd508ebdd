"""`emr-sim matchup` and `emr_sim.simulate.play.matchup(...)`: paired games, the summary, records, the CLI.

Runs are small (a few hundred to a thousand games) so the file stays fast; the
properties checked hold for any size: wins and pairs add up, the interval is Wilson's,
the median and 90th percentile are exact, and the result does not depend on threads
or on how the run is split into chunks.
"""

from __future__ import annotations

import hashlib
import inspect
import io
import json
import math
import subprocess
import sys
from collections import Counter

import numpy as np
import pandas as pd
import pytest
from support.cli import fails, run

from emr_sim.console.progress import progress_bar
from emr_sim.errors import WriteError
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import DeckError, load_deck
from emr_sim.games.emr.loops import pairs as A
from emr_sim.games.emr.options import O_TURN_CAP, describe_options, make_options
from emr_sim.report.summary import format_summary
from emr_sim.simulate.play import runner
from emr_sim.simulate.play.matchup import MatchupResult, matchup, side_labels, summarise
from emr_sim.simulate.play.runner import chunks
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import DEFAULT_SEED, run_setup
from emr_sim.simulate.runs.records import game_frame, write_records
from emr_sim.stats import histogram_quantile, wilson
from emr_sim.version import __version__

TIMING = ("seconds", "games_per_second")
SEED = 11


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.fixture(scope="module")
def base() -> MatchupResult:
    """1,000 games of crow vs illusion, with records."""
    return matchup("crow", "illusion", n=1000, settings=RunSettings(seed=SEED, workers=2), records=True)


# ---------------------------------------------------------------- the summary


def test_summary_keys_and_types(base):
    s = base.summary
    assert s["heroes"] == ["crow", "illusion"]
    assert s["mirror"] is False
    assert isinstance(s["games"], int) and s["games"] == 1000
    assert isinstance(s["pairs"], int) and s["pairs"] == 500
    assert isinstance(s["draws"], int)
    for key in ("wins", "win_rate", "ci95", "hits_per_game", "blocks_per_game", "counters_per_game"):
        assert set(s[key]) == {"crow", "illusion"}, key
    assert all(isinstance(v, int) for v in s["wins"].values())
    assert all(type(v) is float for v in s["win_rate"].values())
    for key in ("first_player_win_rate", "mean_turns", "seconds", "games_per_second"):
        assert type(s[key]) is float, key
    assert isinstance(s["median_turns"], int) and isinstance(s["p90_turns"], int)
    assert s["seconds"] > 0 and s["games_per_second"] > 0
    for side in ("crow", "illusion"):
        assert set(s["damage_taken_per_game"][side]) == set(C.SOURCE_NAMES)
        assert set(s["techniques_per_game"][side]) == set(C.TECH_NAMES)
        assert set(s["effects_per_game"][side]) == set(C.EFFECT_NAMES)
        assert all(type(v) is float for v in s["damage_taken_per_game"][side].values())
    assert set(s["pair_outcomes"]) == {"both crow", "split", "both illusion", "with a draw"}
    json.dumps(s)  # plain JSON types only


def test_run_record(base):
    run = base.summary["run"]
    assert run["seed"] == SEED
    assert run["players"] == ["greedy", "greedy"]
    assert run["fury"] is True
    deck = load_deck()
    assert run["deck_sha256"] == deck.sha256 and len(run["deck_sha256"]) == 64
    assert run["deck"] == "default"
    assert run["rules"] == describe_options(make_options({"fury": "on"}))
    assert run["version"] == __version__


def test_wins_draws_and_pairs_add_up(base):
    s = base.summary
    assert sum(s["wins"].values()) + s["draws"] == s["games"]
    assert sum(s["pair_outcomes"].values()) == s["pairs"] == s["games"] // 2
    assert sum(s["turn_histogram"].values()) == s["games"]
    # the two sides' games in decided pairs: 2 per one-sided pair, 1 each per split pair
    p = s["pair_outcomes"]
    if s["draws"] == 0:
        assert s["wins"]["crow"] == 2 * p["both crow"] + p["split"]
        assert s["wins"]["illusion"] == 2 * p["both illusion"] + p["split"]


@pytest.mark.parametrize("n,games", [(1, 2), (2, 2), (7, 8), (8, 8)])
def test_games_are_rounded_up_to_pairs(n, games):
    s = matchup("crow", "wind", n=n, settings=RunSettings(seed=SEED, workers=1)).summary
    assert s["games"] == games and s["pairs"] == games // 2
    assert sum(s["pair_outcomes"].values()) == games // 2


def test_win_rate_and_ci95_are_wilson(base):
    s = base.summary
    for side, wins in s["wins"].items():
        assert s["win_rate"][side] == wins / s["games"]
        low, high = s["ci95"][side]
        assert (low, high) == pytest.approx(wilson(wins, s["games"]), abs=0)
        assert low < s["win_rate"][side] < high
        # half-width of a 95 % interval on 1,000 games is about 3 points
        assert 0.02 < high - low < 0.07


def test_wilson_known_values():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(10, 10)[1] == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("size", [1, 2, 5, 10, 11, 999, 1000])
def test_histogram_quantile_is_numpy_inverted_cdf(size):
    values = np.random.default_rng(size).integers(0, 40, size)
    hist = np.bincount(values, minlength=41)
    for q in (0.1, 0.25, 0.5, 0.9, 0.99, 1.0):
        assert histogram_quantile(hist, q) == np.quantile(values, q, method="inverted_cdf"), q
    assert histogram_quantile(np.zeros(5, np.int64), 0.5) == 0


def test_histogram_quantile_is_not_numpy_lower():
    # 5 values: 'lower' takes index floor(4 * 0.9) = 3, the inverted CDF the 5th value
    values = np.array([1, 2, 3, 4, 5])
    assert histogram_quantile(np.bincount(values), 0.9) == 5
    assert np.quantile(values, 0.9, method="lower") == 4
    # an even count: the lower middle value, where numpy.median averages the two
    values = np.array([1, 2, 3, 4])
    assert histogram_quantile(np.bincount(values), 0.5) == 2 and np.median(values) == 2.5


def test_game_length_statistics_match_the_records(base):
    s, turns = base.summary, base.records["turns"].to_numpy()
    assert s["median_turns"] == np.quantile(turns, 0.5, method="inverted_cdf")
    assert s["p90_turns"] == np.quantile(turns, 0.9, method="inverted_cdf")
    assert s["mean_turns"] == pytest.approx(turns.mean(), rel=1e-12)
    assert s["turn_histogram"] == dict(Counter(turns.tolist()))
    assert abs(s["median_turns"] - np.median(turns)) <= 1


# ---------------------------------------------------------------- records


def test_records_are_the_one_records_schema(base):
    """matchup(records=True) and a matrix cell share emr_sim.simulate.runs.records' columns."""
    from emr_sim.simulate.play.matrix import CellSpec, play_cell_pairs

    spec = CellSpec(
        run_setup(RunSettings(players="greedy", fury=True, deck=None, rules={}, seed=SEED, workers=1), "x"), 4
    )
    cell = play_cell_pairs(spec, "crow", "illusion", 0, 2, progress_bar(4, True))
    assert list(base.records.columns) == list(cell.columns)
    assert (base.records.dtypes == cell.dtypes).all()


def test_records_frame_rows_and_sides(base):
    s, f = base.summary, base.records
    assert len(f) == 2 * s["pairs"]
    assert (f["hero_a"] == "crow").all() and (f["hero_b"] == "illusion").all()
    assert (f["pair"].to_numpy() == np.arange(len(f)) // 2).all()
    assert (f["a_seat"].to_numpy() == np.tile([0, 1], s["pairs"])).all()
    assert f["win_a"].sum() == s["wins"]["crow"]
    assert f["win_b"].sum() == s["wins"]["illusion"]
    assert f["draw"].sum() == s["draws"]
    assert (f["win_a"] + f["win_b"] + f["draw"] == 1).all()
    decided = f[f["draw"] == 0]
    first_won = (decided["win_a"] == decided["a_first"]).mean()
    assert first_won == pytest.approx(s["first_player_win_rate"])
    for side, letter in (("crow", "a"), ("illusion", "b")):
        assert f[f"hits_{letter}"].mean() == pytest.approx(s["hits_per_game"][side])
        assert f[f"blocks_{letter}"].mean() == pytest.approx(s["blocks_per_game"][side])
        assert f[f"counters_{letter}"].mean() == pytest.approx(s["counters_per_game"][side])
        for src in C.SOURCE_NAMES:
            expected = s["damage_taken_per_game"][side][src]
            assert f[f"damage_{src}_{letter}"].mean() == pytest.approx(expected), (side, src)
        # the winner ends above 0 health
        assert (decided.loc[decided[f"win_{letter}"] == 1, f"health_{letter}"] > 0).all()


def test_pairs_replay_the_same_deal_with_seats_swapped(base):
    # same deal, same first-player draw: the first SEAT is the same, so the first SIDE swaps
    f = base.records
    assert (f.groupby("pair")["a_first"].nunique() == 2).all()


def test_pair_outcomes_match_the_records(base):
    f = base.records
    outcome = np.where(f["draw"] == 1, "draw", np.where(f["win_a"] == 1, "crow", "illusion"))
    by_pair = pd.Series(outcome).groupby(f["pair"]).agg(tuple)
    expected = Counter()
    for a, b in by_pair:
        if "draw" in (a, b):
            expected["with a draw"] += 1
        elif a == b:
            expected[f"both {a}"] += 1
        else:
            expected["split"] += 1
    assert {k: v for k, v in base.summary["pair_outcomes"].items() if v} == dict(expected)


def test_records_off_by_default():
    result = matchup("crow", "illusion", n=4, settings=RunSettings(seed=SEED, workers=1))
    assert result.records is None


@pytest.mark.parametrize("name", ["games.csv", "games.parquet", "GAMES.PARQUET"])
def test_write_records_round_trip(base, tmp_path, name):
    path = tmp_path / name
    write_records(base.records, str(path))
    expected = base.records
    if name.lower().endswith(".parquet"):
        back = pd.read_parquet(path)
    else:  # CSV keeps no categories: compare the hero names as text
        names = {"hero_a": str, "hero_b": str}
        back, expected = pd.read_csv(path).astype(names), expected.astype(names)
    pd.testing.assert_frame_equal(back, expected, check_dtype=False)
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left


def test_write_records_to_a_missing_directory_writes_nothing(base, tmp_path):
    with pytest.raises(WriteError, match="nope"):
        write_records(base.records, str(tmp_path / "nope" / "games.csv"))
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- reproducibility


def test_same_seed_same_result_other_seed_differs(base):
    again = matchup("crow", "illusion", n=1000, settings=RunSettings(seed=SEED, workers=2), records=True)
    assert untimed(again.summary) == untimed(base.summary)
    pd.testing.assert_frame_equal(again.records, base.records)
    other = matchup("crow", "illusion", n=1000, settings=RunSettings(seed=SEED + 1, workers=2), records=True)
    assert other.summary["turn_histogram"] != base.summary["turn_histogram"]
    assert not other.records["turns"].equals(base.records["turns"])


def test_a_shorter_run_is_the_beginning_of_a_longer_one(base):
    short = matchup("crow", "illusion", n=200, settings=RunSettings(seed=SEED, workers=1), records=True)
    pd.testing.assert_frame_equal(short.records, base.records.iloc[:200])


@pytest.mark.parametrize("workers", [1, 3])
def test_result_does_not_depend_on_workers(base, monkeypatch, workers):
    monkeypatch.setattr(runner, "CHUNK_PAIRS", 37)  # many chunks, finishing out of order
    result = matchup(
        "crow", "illusion", n=1000, settings=RunSettings(seed=SEED, workers=workers), records=True
    )
    assert untimed(result.summary) == untimed(base.summary)
    pd.testing.assert_frame_equal(result.records, base.records)


@pytest.mark.parametrize("size", [1, 7, 250, 10_000])
def test_result_does_not_depend_on_chunk_size(base, monkeypatch, size):
    monkeypatch.setattr(runner, "CHUNK_PAIRS", size)
    assert next(chunks(500)) == (0, min(size, 500))  # the patched size is used
    result = matchup("crow", "illusion", n=1000, settings=RunSettings(seed=SEED, workers=2), records=True)
    assert untimed(result.summary) == untimed(base.summary)
    pd.testing.assert_frame_equal(result.records, base.records)


def test_chunks_cover_every_pair_once():
    for n_pairs, size in [(1, 500), (500, 500), (501, 500), (1000, 37), (10, 3)]:
        parts = list(chunks(n_pairs, size))
        assert parts[0][0] == 0 and all(0 < count <= size for _, count in parts)
        covered = [first + k for first, count in parts for k in range(count)]
        assert covered == list(range(n_pairs))


def test_a_run_split_in_two_and_summed_equals_the_whole(base):
    setup = run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules={}, seed=SEED, workers=1), "a test"
    )
    opts, table = setup.opts, setup.table
    sides = setup.sides(C.HERO_NAMES.index("crow"), C.HERO_NAMES.index("illusion"))
    size = A.aggregate_size(int(opts[O_TURN_CAP]))
    n_pairs, k = 500, 173
    whole = np.zeros(size, np.int64)
    rows = np.zeros((2 * n_pairs, A.RECORD_COLS), np.int64)
    A.play_pairs(table, opts, SEED, 0, n_pairs, sides, whole, rows)
    first, second = np.zeros(size, np.int64), np.zeros(size, np.int64)
    rows1 = np.zeros((2 * k, A.RECORD_COLS), np.int64)
    rows2 = np.zeros((2 * (n_pairs - k), A.RECORD_COLS), np.int64)
    A.play_pairs(table, opts, SEED, 0, k, sides, first, rows1)
    A.play_pairs(table, opts, SEED, k, n_pairs - k, sides, second, rows2)
    assert (first + second == whole).all()
    assert (np.vstack([rows1, rows2]) == rows).all()
    assert first[A.AG_GAMES] == 2 * k and second[A.AG_GAMES] == 2 * (n_pairs - k)
    # and the matchup function's summary is the summary of that aggregate
    labels = side_labels("crow", "illusion")
    merged = summarise(first + second, labels, base.summary["run"], 1.0)
    assert untimed(merged) == untimed(base.summary)
    pd.testing.assert_frame_equal(game_frame(rows, "crow", "illusion"), base.records)


# ---------------------------------------------------------------- variants


def test_mirror_match_is_flagged_and_symmetric():
    result = matchup("crow", "crow", n=200, settings=RunSettings(seed=SEED, workers=2), records=True)
    s = result.summary
    assert s["mirror"] is True
    assert s["heroes"] == ["crow-1", "crow-2"]
    assert set(s["wins"]) == set(s["ci95"]) == {"crow-1", "crow-2"}
    assert (result.records["hero_a"] == "crow").all() and (result.records["hero_b"] == "crow").all()
    # both sides play the same policy for the same hero, so the swapped game is the same game:
    # every decided pair is split, and the first-player win rate is the only asymmetry
    assert s["pair_outcomes"]["split"] + s["pair_outcomes"]["with a draw"] == s["pairs"]
    assert s["wins"]["crow-1"] == s["wins"]["crow-2"]
    assert "mirror match" in format_summary(s)


def test_fury_off():
    result = matchup("crow", "illusion", n=200, settings=RunSettings(fury=False, seed=SEED, workers=2))
    s = result.summary
    assert s["run"]["fury"] is False and s["run"]["rules"]["fury"] == "off"
    assert sum(s["wins"].values()) + s["draws"] == s["games"] == 200
    for side in s["heroes"]:
        assert all(v == 0 for v in s["techniques_per_game"][side].values())
    on = matchup("crow", "illusion", n=200, settings=RunSettings(fury=True, seed=SEED, workers=2)).summary
    assert any(v > 0 for v in on["techniques_per_game"]["crow"].values())
    assert "hero mode off" in format_summary(s)


def test_rules_options_reach_the_games():
    s = matchup(
        "wind", "earth", n=200, settings=RunSettings(rules={"turn_cap": "15"}, seed=SEED, workers=2)
    ).summary
    assert s["run"]["rules"]["turn_cap"] == "15"
    assert s["draws"] > 0
    assert max(s["turn_histogram"]) <= 15 and s["p90_turns"] <= 15
    assert sum(s["wins"].values()) + s["draws"] == s["games"]
    decided = s["games"] - s["draws"]
    assert 0 <= s["first_player_win_rate"] * decided <= decided
    assert s["pair_outcomes"]["with a draw"] >= math.ceil(s["draws"] / 2)


def test_players_and_deck_are_recorded(tmp_path):
    deck_file = tmp_path / "deck.csv"
    deck_file.write_bytes(open(load_deck().path, "rb").read())
    s = matchup(
        "crow",
        "master",
        n=20,
        settings=RunSettings(players="random,greedy", deck=deck_file, seed=SEED, workers=1),
    ).summary
    assert s["run"]["players"] == ["random", "greedy"]
    assert s["run"]["deck"] == str(deck_file)
    assert s["run"]["deck_sha256"] == hashlib.sha256(deck_file.read_bytes()).hexdigest()
    assert s["wins"]["master"] > s["wins"]["crow"]  # greedy beats random


# ---------------------------------------------------------------- bad input (Python API)


@pytest.mark.parametrize(
    "kwargs,needle",
    [
        ({"hero_a": "crowe"}, "unknown hero 'crowe'"),
        ({"players": "greedy,smart"}, "unknown player 'smart'"),
        ({"rules": {"nope": "1"}}, "unknown rule option 'nope'"),
        ({"rules": {"health": "abc"}}, "health"),
        ({"rules": {"fury": "off"}}, "--fury/--no-fury"),
        ({"rules": {"hero_select": "random"}}, "hero_select=random"),
        ({"n": 0}, "at least 1"),
        ({"workers": 0}, "--workers must be at least 1"),
        ({"workers": -2}, "--workers must be at least 1"),
    ],
)
def test_api_bad_input_raises_value_error(kwargs, needle):
    args = {"hero_a": "crow", "hero_b": "wind", "n": 2, "workers": 1} | kwargs
    hero_a, hero_b, n = args.pop("hero_a"), args.pop("hero_b"), args.pop("n")
    with pytest.raises(ValueError) as err:
        matchup(hero_a, hero_b, n, RunSettings(**args))
    assert needle in str(err.value)


def test_api_missing_deck(tmp_path):
    with pytest.raises(DeckError, match="not found"):
        matchup("crow", "wind", n=2, settings=RunSettings(deck=tmp_path / "missing.csv"))


# ---------------------------------------------------------------- the package top, progress


def test_matchup_from_the_package_top_is_the_function():
    import emr_sim

    expected = untimed(matchup("crow", "wind", n=6, settings=RunSettings(seed=3, workers=1)).summary)
    assert untimed(emr_sim.matchup("crow", "wind", n=6, seed=3, workers=1).summary) == expected
    from emr_sim import matchup as top

    assert top is emr_sim.matchup and inspect.isfunction(top)
    with pytest.raises(AttributeError):
        emr_sim.no_such_name  # noqa: B018


def test_package_import_stays_light():
    code = (
        "import sys, emr_sim, emr_sim.cli; "
        "heavy = [m for m in ('numpy', 'pandas', 'numba', 'emr_sim.simulate.play.matchup') "
        "if m in sys.modules]; "
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_not_quiet(monkeypatch):
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with progress_bar(10, quiet=False) as bar:
        assert bar.disable
    monkeypatch.setattr(sys, "stderr", FakeTerminal())
    with progress_bar(10, quiet=True) as bar:
        assert bar.disable
    with progress_bar(10, quiet=False) as bar:
        assert not bar.disable


# ---------------------------------------------------------------- the command line


def ok(*args: object):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result


def test_cli_help_lists_the_options():
    out = ok("matchup", "--help").stdout
    for option in ("-n", "--seed", "--players", "--workers", "--records", "--json", "--quiet"):
        assert option in out
    for option in ("--deck", "--rule", "--fury", "--no-fury"):
        assert option in out
    assert "matchup" in ok("--help").stdout


def test_cli_table(base):
    out = ok("matchup", "crow", "illusion", "-n", 1000, "--seed", SEED, "--workers", 2).stdout
    for needle in ("crow", "illusion", "win rate", "95% interval", "median", "90th percentile"):
        assert needle in out, needle
    assert f"seed {SEED}" in out and "1,000 games in 500 seat-swapped pairs" in out
    s = base.summary
    assert f"{s['wins']['crow']:,}" in out and f"median {s['median_turns']}," in out
    header = out.splitlines()[1]
    wins = next(line for line in out.splitlines() if line.startswith("wins"))
    assert len(header) == len(wins)  # hero names above their columns


def test_cli_default_seed_is_fixed_and_printed():
    out = ok("matchup", "crow", "illusion", "-n", 2, "--workers", 1).stdout
    assert f"seed {DEFAULT_SEED}" in out.splitlines()[0]


def test_cli_json_has_every_key(base):
    result = ok("matchup", "crow", "illusion", "-n", 1000, "--seed", SEED, "--workers", 2, "--json")
    s = json.loads(result.stdout)
    for key in (
        "heroes",
        "games",
        "wins",
        "draws",
        "win_rate",
        "ci95",
        "first_player_win_rate",
        "mean_turns",
        "median_turns",
        "p90_turns",
        "pair_outcomes",
        "seconds",
        "games_per_second",
        "run",
    ):
        assert key in s, key
    for key in ("seed", "players", "fury", "deck_sha256", "rules", "version"):
        assert key in s["run"], key
    assert s["ci95"]["crow"] == list(base.summary["ci95"]["crow"])
    expected = json.loads(json.dumps(untimed(base.summary)))
    assert untimed(s) == expected  # the CLI runs the same games as the API


def test_cli_json_rounds_up_and_options(tmp_path):
    args = ("matchup", "earth", "earth", "-n", 7, "--seed", 5, "--json", "--quiet", "--workers", 3)
    s = json.loads(ok(*args, "--players", "random", "--no-fury", "--rule", "health=4").stdout)
    assert s["games"] == 8 and s["mirror"] is True and s["heroes"] == ["earth-1", "earth-2"]
    assert s["run"]["seed"] == 5 and s["run"]["players"] == ["random", "random"]
    assert s["run"]["fury"] is False and s["run"]["rules"]["health"] == "4"
    deck_file = tmp_path / "deck.csv"
    deck_file.write_bytes(open(load_deck().path, "rb").read())
    s = json.loads(ok("matchup", "crow", "wind", "-n", 2, "--json", "--deck", deck_file).stdout)
    assert s["run"]["deck"] == str(deck_file) and s["run"]["deck_sha256"] == load_deck().sha256


def test_cli_quiet_writes_nothing_on_stderr():
    result = ok("matchup", "crow", "illusion", "-n", 20, "--quiet")
    assert result.stderr == ""
    result = ok("matchup", "crow", "illusion", "-n", 20)  # not a terminal: no bar either
    assert result.stderr == ""


@pytest.mark.parametrize("name", ["out.csv", "out.parquet"])
def test_cli_records(tmp_path, name):
    path = tmp_path / name
    ok("matchup", "crow", "illusion", "-n", 100, "--seed", SEED, "--records", path, "--quiet")
    frame = pd.read_csv(path) if name.endswith(".csv") else pd.read_parquet(path)
    api = matchup("crow", "illusion", n=100, settings=RunSettings(seed=SEED, workers=1), records=True).records
    if name.endswith(".csv"):  # CSV keeps no categories: compare the hero names as text
        frame, api = (f.astype({"hero_a": str, "hero_b": str}) for f in (frame, api))
    pd.testing.assert_frame_equal(frame, api, check_dtype=False)
    assert len(frame) == 100


@pytest.mark.parametrize(
    "args,needles",
    [
        (("crowe", "illusion"), ("unknown hero 'crowe'", "known: crow")),
        (("crow", "illusion", "--players", "greedy,smart"), ("unknown player 'smart'",)),
        (("crow", "illusion", "--rule", "nope=1"), ("unknown rule option 'nope'",)),
        (("crow", "illusion", "--rule", "health"), ("NAME=VALUE",)),
        (("crow", "illusion", "--rule", "health=0"), ("health",)),
        (("crow", "illusion", "--rule", "fury=off"), ("--no-fury",)),
        (("crow", "illusion", "--rule", "hero_select=random"), ("hero_select=random",)),
        (("crow", "illusion", "-n", 0), ("-n must be at least 1",)),
        (("crow", "illusion", "-n", -5), ("-n must be at least 1",)),
        (("crow", "illusion", "--workers", 0), ("--workers must be at least 1",)),
        (("crow", "illusion", "--deck", "no/such/deck.csv"), ("no/such/deck.csv", "not found")),
    ],
)
def test_cli_bad_input(args, needles):
    fails("matchup", *args, needles=needles)


def test_cli_bad_deck_file(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("colour,left,right,damage,dragon,effect,name\nred,1,9,0,0,none,\n", encoding="utf-8")
    fails("matchup", "crow", "wind", "-n", 2, "--deck", bad, needles=(str(bad),))


def test_cli_records_in_a_missing_directory(tmp_path):
    target = tmp_path / "missing" / "out.csv"
    fails("matchup", "crow", "wind", "-n", 2, "--records", target, needles=(str(target), "no such directory"))
    assert list(tmp_path.iterdir()) == []


def test_player_spec_weights_reach_the_games_of_a_matchup_and_of_play():
    """A greedy with other parameters plays other games: the vector of a spec reaches the
    kernels of `matchup` (run_pairs) and of `play`, and the default spec plays as `greedy`."""
    from emr_sim.games.emr.face.core import play
    from emr_sim.games.emr.players.params import BY_NAME

    default = BY_NAME["w_pair"].default
    base = matchup("crow", "illusion", n=200, settings=RunSettings(seed=SEED), records=True).records
    same = matchup(
        "crow",
        "illusion",
        n=200,
        settings=RunSettings(players=f"greedy(w_pair={default})", seed=SEED),
        records=True,
    )
    other = matchup(
        "crow",
        "illusion",
        n=200,
        settings=RunSettings(players="greedy(w_pair=0),greedy", seed=SEED),
        records=True,
    )
    pd.testing.assert_frame_equal(base, same.records)
    assert not base[["turns", "win_a", "health_a", "health_b"]].equals(
        other.records[["turns", "win_a", "health_a", "health_b"]]
    )
    g0 = play(3, "greedy,greedy", 0, heroes="crow,illusion")
    g1 = play(3, "greedy(w_pair=0),greedy(w_pair=0)", 0, heroes="crow,illusion")
    assert g0.log_lines() != g1.log_lines()
