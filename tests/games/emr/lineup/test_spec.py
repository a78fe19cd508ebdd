"""Player specs (emr_sim.games.emr.lineup): the grammar, canonical texts, vectors, errors through the
CLI (exit 2, one line), and run records that stay what they were for plain players.

The tests read the parameter table (emr_sim.games.emr.players.params) instead of naming its entries,
so they hold for any table."""

from __future__ import annotations

import json

import numpy as np
import pytest
from support.cli import fails, run

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.core import parse_players, player_weights
from emr_sim.games.emr.lineup.base import SpecError
from emr_sim.games.emr.lineup.book import write_book
from emr_sim.games.emr.lineup.spec import parse_list, parse_sides, parse_spec, split_top_level
from emr_sim.games.emr.lineup.table import ROW_NAMES
from emr_sim.games.emr.options import describe_options, make_options
from emr_sim.games.emr.players.params import PARAM_NAMES, PARAMS, ROW_NO_HERO, WEIGHT_ROWS, default_vector
from emr_sim.simulate.play.matrix import MatrixPlay, matrix_record, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_record, run_setup
from emr_sim.simulate.runs.rundir import RUN_FILE

EVERYONE = next(p for p in PARAMS if p.heroes is None)  # a parameter every master reads
OWN = next((p for p in PARAMS if p.heroes), None)  # one only some masters read
WHOLE = next((p for p in PARAMS if p.integer), None)  # an integer parameter
REAL = next(p for p in PARAMS if not p.integer)


def inside(p, share: float = 0.5) -> float:
    """A value within the parameter's range, not its default."""
    value = p.low + share * (p.high - p.low)
    value = float(round(value)) if p.integer else value
    return value if value != p.default else (p.low if p.low != p.default else p.high)


def setup(players, **kw):
    return run_setup(
        RunSettings(players=players, fury=True, deck=None, rules=kw, seed=5, workers=1), "a test"
    )


# ---------------------------------------------------------------- grammar


def test_top_level_commas_split_sides_and_commas_inside_parentheses_stay():
    assert split_top_level("greedy(a=1,b=2), random") == ["greedy(a=1,b=2)", "random"]
    assert split_top_level("greedy") == ["greedy"]


def test_plain_players_parse_as_before():
    assert parse_players("greedy,random") == (C.PLAYER_GREEDY, C.PLAYER_RANDOM)
    assert parse_players("greedy") == (C.PLAYER_GREEDY, C.PLAYER_GREEDY)
    assert parse_players(("random", "greedy-notech")) == (C.PLAYER_RANDOM, C.PLAYER_GREEDY_NOTECH)


def test_one_spec_with_parameters_plays_both_sides():
    first, second = PARAMS[0], PARAMS[-1]
    a, b = parse_sides(f"greedy({first.name}={inside(first)},{second.name}={inside(second)})")
    assert a == b and a.kind == "greedy" and list(a.params) == [first.name, second.name]


@pytest.mark.parametrize("kind", ["greedy", "greedy-notech"])
def test_a_parameter_for_every_master_sets_every_row_that_reads_it(kind):
    value = inside(EVERYONE)
    spec = parse_spec(f" {kind}( {EVERYONE.name} = {value} ) ")
    vec = spec.vectors()
    assert spec.kernel_kind == C.PLAYER_NAMES.index(kind)
    assert vec.shape == (WEIGHT_ROWS, len(PARAMS))
    assert np.all(vec[:, EVERYONE.index] == value)
    others = [p.index for p in PARAMS if p != EVERYONE]
    assert np.array_equal(vec[:, others], np.tile(default_vector(), (WEIGHT_ROWS, 1))[:, others])


def test_a_parameter_for_one_master_sets_its_row_only():
    value = inside(EVERYONE)
    vec = parse_spec(f"greedy(earth.{EVERYONE.name}={value})").vectors()
    earth = ROW_NAMES.index("earth")
    assert vec[earth, EVERYONE.index] == value
    rest = [r for r in range(WEIGHT_ROWS) if r != earth]
    assert np.all(vec[rest, EVERYONE.index] == EVERYONE.default)


def test_one_master_wins_over_every_master_in_any_order():
    a, b = inside(EVERYONE, 0.25), inside(EVERYONE, 0.75)
    spec = parse_spec(f"greedy(crow.{EVERYONE.name}={b},{EVERYONE.name}={a})")
    vec = spec.vectors()
    assert vec[0, EVERYONE.index] == b and vec[ROW_NO_HERO, EVERYONE.index] == a
    assert spec.text == f"greedy({EVERYONE.name}={a:g},crow.{EVERYONE.name}={b:g})"


@pytest.mark.skipif(OWN is None, reason="the table has no parameter of some masters only")
def test_a_master_parameter_is_refused_for_a_master_that_does_not_read_it():
    assert OWN is not None
    other = next(h for h in C.HERO_NAMES if h not in OWN.heroes)
    with pytest.raises(SpecError, match=f"{other} does not use {OWN.name}"):
        parse_spec(f"greedy({other}.{OWN.name}={inside(OWN)})")


@pytest.mark.parametrize(
    "text",
    [
        "random",
        "greedy",
        "greedy-notech",
        "tuned",
        f"greedy({EVERYONE.name}={inside(EVERYONE)})",
        f"greedy-notech(master.{EVERYONE.name}={inside(EVERYONE)},{REAL.name}={inside(REAL, 0.3)})",
        f"greedy({EVERYONE.name}={inside(EVERYONE, 0.1)},kungfu.{EVERYONE.name}={inside(EVERYONE, 0.9)})",
        f"greedy( {REAL.name} = {REAL.low!r} )",
    ],
)
def test_the_canonical_text_reads_back_the_same_spec(text):
    spec = parse_spec(text)
    again = parse_spec(spec.text)
    assert again == spec and again.text == spec.text
    assert np.array_equal(again.vectors(), spec.vectors())
    assert " " not in spec.text


def test_canonical_text_orders_parameters_by_the_table_and_writes_short_numbers():
    low, high = PARAMS[0], PARAMS[-1]
    spec = parse_spec(f"greedy({high.name}={high.high},{low.name}={low.high})")
    assert spec.text == f"greedy({low.name}={low.high:g},{high.name}={high.high:g})"


def test_book_short_form_is_book_with_path(tmp_path):
    path = tmp_path / "b.json"
    write_book(path, np.tile(default_vector(), (WEIGHT_ROWS, 1)), "a test")
    short, long = parse_spec(f"book:{path}"), parse_spec(f"book( path = {path} )")
    assert short == long and short.text == f"book:{path}"
    assert short.kernel_kind == C.PLAYER_GREEDY and short.book is not None
    assert parse_list(f"random,book:{path},greedy", "rungs") == [
        parse_spec("random"),
        short,
        parse_spec("greedy"),
    ]


@pytest.mark.parametrize(
    "text, needle",
    [
        ("", "empty player spec"),
        ("greedy,", "empty player spec"),
        ("smart", "unknown player 'smart'"),
        ("greedy,random,greedy", "one or two player specs"),
        ("greedy(", "'(' not closed"),
        ("greedy)", "closes no '('"),
        (f"greedy({EVERYONE.name})", f"'{EVERYONE.name}' is not NAME=VALUE"),
        (f"greedy({EVERYONE.name}=)", "is not NAME=VALUE"),
        (f"greedy({EVERYONE.name}=1)x", "nothing may follow"),
        ("greedy(nope=1)", "unknown parameter 'nope'"),
        (f"greedy({EVERYONE.name}=abc)", "is not a number"),
        (f"greedy({EVERYONE.name}=nan)", "not a finite number"),
        (f"greedy({EVERYONE.name}={EVERYONE.high + 1})", "is outside"),
        (f"greedy({EVERYONE.name}=1,{EVERYONE.name}=1)", "given twice"),
        (f"greedy(dragon.{EVERYONE.name}=1)", "unknown master 'dragon'"),
        ("greedy:1", "greedy has no short form"),
        ("random(x=1)", "random takes no parameters"),
        ("tuned(x=1)", "tuned takes no parameters"),
        ("book", "no path"),
        ("book:", "nothing after ':'"),
        ("book(file=x)", "unknown parameter 'file'"),
        ("book:no-such-book.json", "no-such-book.json: no such book file"),
    ],
)
def test_bad_specs_are_refused_naming_the_spec_and_the_problem(text, needle):
    with pytest.raises(SpecError) as err:
        parse_sides(text)
    assert needle in str(err.value) and "\n" not in str(err.value)


@pytest.mark.skipif(WHOLE is None, reason="the table has no integer parameter")
def test_an_integer_parameter_refuses_a_fraction_and_takes_a_whole_float():
    assert WHOLE is not None
    with pytest.raises(SpecError, match="must be a whole number"):
        parse_spec(f"greedy({WHOLE.name}={WHOLE.low + 0.5})")
    whole = parse_spec(f"greedy({WHOLE.name}={float(WHOLE.low)})")
    assert whole.text == f"greedy({WHOLE.name}={int(WHOLE.low)})"


@pytest.mark.parametrize(
    "command",
    [
        ("matchup", "crow", "wind", "-n", "2"),
        ("play",),
        ("matrix", "-n", "2", "--heroes", "crow,wind"),
    ],
)
@pytest.mark.parametrize(
    "players, needle",
    [
        ("greedy(w)", "'w' is not NAME=VALUE"),
        ("greedy,smart", "unknown player 'smart'"),
        ("book:missing.json,greedy", "missing.json: no such book file"),
    ],
)
def test_the_commands_refuse_bad_specs_with_exit_2_before_playing(command, players, needle, tmp_path):
    out = tmp_path / "run"
    extra = ("-o", out) if command[0] == "matrix" else ()
    fails(*command, *extra, "--players", players, needles=(needle,))
    assert not out.exists()


# ---------------------------------------------------------------- run records


# A matrix run.json as the code before specs wrote it (emr-sim matrix -o R --heroes crow,wind
# -n 2 --seed 5), the rules, deck sha256 and version left to the values of this checkout.
BEFORE_SPECS = {
    "format": "emr-sim run 1",
    "seed": 5,
    "players": ["greedy", "greedy"],
    "fury": True,
    "deck": "default",
    "heroes": ["crow", "wind"],
    "games_per_cell": 2,
    "until_ci": None,
    "max_games": None,
}
KEYS_BEFORE_SPECS = ["format", "version", "seed", "players", "fury", "rules", "deck", "deck_sha256"]
KEYS_BEFORE_SPECS += ["heroes", "games_per_cell", "until_ci", "max_games"]


def before_specs_record() -> dict:
    from emr_sim.version import __version__

    rules = describe_options(make_options({"fury": "on"}))
    record = dict(BEFORE_SPECS, version=__version__, rules=rules)
    record["deck_sha256"] = load_deck().sha256
    return {key: record[key] for key in KEYS_BEFORE_SPECS}


def test_plain_players_keep_the_record_of_before_specs():
    record = matrix_record(setup("greedy"), ["crow", "wind"], 2, None, None)
    assert record == before_specs_record() and list(record) == KEYS_BEFORE_SPECS
    assert run_record(setup("greedy,random"))["players"] == ["greedy", "random"]
    assert "player_specs" not in run_record(setup("random,greedy-notech"))


def test_a_spec_with_parameters_is_recorded_in_full():
    value = inside(EVERYONE)
    record = run_record(setup(f"greedy({EVERYONE.name}={value}),greedy"))
    assert record["players"] == [f"greedy({EVERYONE.name}={value:g})", "greedy"]
    side_a, side_b = record["player_specs"]
    assert side_a["kernel"] == "greedy" and side_a["params"] == {EVERYONE.name: value}
    assert {row: v[EVERYONE.name] for row, v in side_a["vectors"].items()} == dict.fromkeys(ROW_NAMES, value)
    assert {k: side_b[k] for k in ("kind", "text", "kernel")} == dict.fromkeys(
        ("kind", "text", "kernel"), "greedy"
    )
    assert "params" not in side_b and "book" not in side_b
    assert side_b["vectors"]["no_hero"] == {p.name: p.default for p in PARAMS}
    json.dumps(record)  # JSON-able


def test_setup_weights_are_the_sides_vectors():
    value = inside(EVERYONE)
    s = setup(f"random,greedy(wind.{EVERYONE.name}={value})")
    weights = s.weights()
    assert weights.shape == (2, WEIGHT_ROWS + 1, len(PARAMS)) and weights.dtype == np.float64
    assert np.all(weights[0, :WEIGHT_ROWS] == default_vector())
    assert not weights[:, WEIGHT_ROWS].any()  # the search row: empty without a search player
    assert weights[1, ROW_NAMES.index("wind"), EVERYONE.index] == value
    assert np.array_equal(weights, player_weights(f"random,greedy(wind.{EVERYONE.name}={value})"))
    assert s.players == (C.PLAYER_RANDOM, C.PLAYER_GREEDY)
    assert list(s.sides(0, 1)) == [C.PLAYER_RANDOM, C.PLAYER_GREEDY, 0, 1]


def test_a_run_directory_written_before_specs_resumes(tmp_path):
    run_dir = tmp_path / "old"
    run_dir.mkdir()
    (run_dir / RUN_FILE).write_text(json.dumps(before_specs_record() | {"cells": {}}, indent=1) + "\n")
    done = run_matrix(
        run_dir,
        RunSettings(players="greedy,greedy", seed=5, workers=1),
        MatrixPlay(heroes="crow,wind", games=2),
    )
    assert done.played == [("crow", "wind")]
    on_disk = json.loads((run_dir / RUN_FILE).read_text())
    assert list(on_disk) == [*KEYS_BEFORE_SPECS, "cells"]
    assert run_matrix(
        run_dir, RunSettings(players="greedy", seed=5, workers=1), MatrixPlay(heroes="crow,wind", games=2)
    ).skipped == [("crow", "wind")]


def test_a_book_changed_since_the_run_is_refused_on_resume(tmp_path):
    book = tmp_path / "b.json"
    vectors = np.tile(default_vector(), (WEIGHT_ROWS, 1))
    write_book(book, vectors, "first")
    run_matrix(
        tmp_path / "run",
        RunSettings(players=f"book:{book}", seed=5, workers=1),
        MatrixPlay(heroes="crow,wind", games=2),
    )
    write_book(book, vectors, "second")  # same vectors, another file: another sha256
    changed = r"side A's book '.*b\.jso.*changed since the run \(sha256 "  # a long path is cut short
    with pytest.raises(ValueError, match=changed) as err:
        run_matrix(
            tmp_path / "run",
            RunSettings(players=f"book:{book}", seed=5, workers=1),
            MatrixPlay(heroes="crow,wind", games=2),
        )
    assert len(str(err.value)) < 700  # said in words, not as the specs' records in full (#23)


# ---------------------------------------------------------------- the listing


def test_players_lists_every_kind_and_parameter():
    result = run("players")
    assert result.exit_code == 0, result.output
    for word in ("random", "greedy-notech", "book:FILE", "tuned", "ismcts:N", "leaf", *PARAM_NAMES):
        assert word in result.stdout
    listed = json.loads(run("players", "--json").stdout)
    assert [p["name"] for p in listed["parameters"]] == list(PARAM_NAMES)
    assert [k["name"] for k in listed["kinds"]] == [
        "random",
        "greedy",
        "greedy-notech",
        "book",
        "tuned",
        "book-notech",
        "tuned-notech",
        "ismcts",
        "ismcts-open",
        "openspiel-ismcts",
        "openspiel-mcts",
    ]
    assert [k["kernel"] for k in listed["kinds"][-2:]] == ["python", "python"]
    assert [p["name"] for p in listed["openspiel_parameters"]] == ["n", "c", "rollouts"]
    assert "openspiel-ismcts:N" in result.stdout and "rollouts" in result.stdout
    assert listed["rows"] == list(ROW_NAMES)
    assert [p["name"] for p in listed["search_parameters"]] == [
        "n",
        "c",
        "leaf",
        "depth",
        "stop",
        "reuse",
        "width",
        "prior",
        "widen",
    ]


def test_play_accepts_a_spec_with_parameters_and_names_it():
    spec = f"greedy({EVERYONE.name}={inside(EVERYONE)})"
    result = run("play", "--seed", 3, "--players", f"{spec},random", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"] == [parse_spec(spec).text, "random"]


def test_a_matchup_with_specs_records_them(tmp_path):
    spec = f"greedy-notech({EVERYONE.name}={inside(EVERYONE)})"
    result = run("matchup", "crow", "wind", "-n", 2, "--players", f"random,{spec}", "--json", "--quiet")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)["run"]
    assert record["players"] == ["random", parse_spec(spec).text]
    assert record["player_specs"][1]["kernel"] == "greedy-notech"
