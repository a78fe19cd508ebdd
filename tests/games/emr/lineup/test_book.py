"""Book files (emr_sim.games.emr.lineup.book): written and read back the same, every malformed part refused
naming the file and JSON path, a warning when used on another deck or rules than tuned on."""

from __future__ import annotations

import copy
import hashlib
import json

import numpy as np
import pytest
from support.cli import fails, run

from emr_sim.games.emr.cards import default_deck_path
from emr_sim.games.emr.lineup.book import (
    BOOK_FORMAT,
    PLACEHOLDER,
    BookError,
    book_dict,
    load_book,
    tuned_path,
    write_book,
)
from emr_sim.games.emr.lineup.spec import parse_spec
from emr_sim.games.emr.lineup.table import ROW_NAMES, uses
from emr_sim.games.emr.players.params import PARAMS, WEIGHT_ROWS, default_vector
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import book_run, book_warning, run_setup, setup_warnings

OWN = next((p for p in PARAMS if p.heroes), None)  # a parameter only some masters read


def some_vectors(seed: int = 1) -> np.ndarray:
    """Every row a different vector within the parameters' ranges."""
    rng = np.random.default_rng(seed)
    out = np.tile(default_vector(), (WEIGHT_ROWS, 1))
    for p in PARAMS:
        values = rng.uniform(p.low, p.high, WEIGHT_ROWS)
        out[:, p.index] = np.round(values) if p.integer else values
    return out


def setup(deck=None, fury=True, **rules):
    return run_setup(
        RunSettings(players="greedy", fury=fury, deck=deck, rules=rules, seed=1, workers=1), "a test"
    )


def good_doc() -> dict:
    return book_dict(some_vectors(), "a test", book_run(setup()), {"crow": 0.02, "wind": None})


def written(tmp_path, doc, name="b.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return path


def test_a_book_reads_back_what_was_written(tmp_path):
    vectors = some_vectors()
    path = write_book(tmp_path / "b.json", vectors, "emr-sim tune (test)", book_run(setup()), {"crow": 0.031})
    book = load_book(path)
    assert np.array_equal(book.vectors, vectors)
    assert book.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert book.made_by == "emr-sim tune (test)" and book.gains == {"crow": 0.031}
    assert book.run == book_run(setup())
    assert json.loads(path.read_text())["format"] == BOOK_FORMAT
    spec = parse_spec(f"book:{path}")
    assert np.array_equal(spec.vectors(), vectors)
    assert spec.record()["book"] == {"path": str(path), "sha256": book.sha256}


def test_the_shipped_book_is_the_tuned_one_made_by_its_script_on_the_default_set_up():
    """`tuned` plays the book scripts/make_tuned_book.py wrote: made on the default deck, rules
    and hero mode (so no warning there), with a measured gain for each master and the tuning."""
    book = load_book(tuned_path())
    assert book.made_by != PLACEHOLDER and book.made_by.startswith("python scripts/make_tuned_book.py")
    assert book_warning(book, setup()) is None
    assert set(book.gains) == set(ROW_NAMES[:-1]) and all(g is not None for g in book.gains.values())
    doc = json.loads(tuned_path().read_text())
    assert {r["hero"] for r in doc["tuning"]["results"]} == set(ROW_NAMES[:-1])
    assert not np.array_equal(book.vectors, np.tile(default_vector(), (WEIGHT_ROWS, 1)))
    assert np.array_equal(parse_spec("tuned").vectors(), book.vectors)


@pytest.mark.skipif(OWN is None, reason="the table has no parameter of some masters only")
def test_a_row_may_leave_out_what_its_master_does_not_read(tmp_path):
    assert OWN is not None
    doc = good_doc()
    row = next(r for r in range(WEIGHT_ROWS) if not uses(OWN, r))
    del doc["masters"][ROW_NAMES[row]][OWN.name]
    assert load_book(written(tmp_path, doc)).vectors[row, OWN.index] == OWN.default


def mutated(change):
    doc = good_doc()
    change(doc)
    return doc


FIRST = PARAMS[0]
WHOLE = next((p for p in PARAMS if p.integer), None)
BAD_DOCS = [
    (lambda d: d.pop("format"), "$.format: missing"),
    (lambda d: d.update(format="emr-sim book 0"), "$.format: 'emr-sim book 0' is not"),
    (lambda d: d.update(made_by=""), "$.made_by: must be a non-empty string"),
    (lambda d: d.update(extra=1), "$.extra: unknown key"),
    (lambda d: d.update(masters=[]), "$.masters: must be an object, not list"),
    (lambda d: d["masters"].pop("wind"), "$.masters.wind: missing"),
    (lambda d: d["masters"].update(dragon={}), "$.masters.dragon: unknown key"),
    (lambda d: d["masters"]["earth"].update(nope=1), "$.masters.earth.nope: unknown parameter"),
    (lambda d: d["masters"]["no_hero"].pop(FIRST.name), f"$.masters.no_hero.{FIRST.name}: missing"),
    (
        lambda d: d["masters"]["crow"].update({FIRST.name: "1"}),
        f"$.masters.crow.{FIRST.name}: must be a number",
    ),
    (
        lambda d: d["masters"]["crow"].update({FIRST.name: True}),
        f"$.masters.crow.{FIRST.name}: must be a number",
    ),
    (
        lambda d: d["masters"]["master"].update({FIRST.name: FIRST.high + 1}),
        f"$.masters.master.{FIRST.name}: {FIRST.high + 1} is outside",
    ),
    (lambda d: d.update(run={"deck": "default"}), "$.run.deck_sha256: missing"),
    (lambda d: d["run"].update(deck_sha256="abc"), "$.run.deck_sha256: must be 64"),
    (lambda d: d["run"].update(fury="yes"), "$.run.fury: must be true or false"),
    (lambda d: d.update(gains={"crow": "big"}), "$.gains.crow: must be a number or null"),
    (lambda d: d.update(gains={"dragon": 0.1}), "$.gains.dragon: unknown key"),
]
if WHOLE is not None:
    BAD_DOCS.append(
        (
            lambda d: d["masters"]["wind"].update({WHOLE.name: WHOLE.low + 0.5}),
            f"$.masters.wind.{WHOLE.name}: {WHOLE.low + 0.5} must be a whole number",
        )
    )


@pytest.mark.parametrize("change, needle", BAD_DOCS)
def test_a_malformed_book_is_refused_naming_file_and_json_path(tmp_path, change, needle):
    path = written(tmp_path, mutated(change))
    with pytest.raises(BookError) as err:
        load_book(path)
    assert str(err.value).startswith(f"{path}: ") and needle in str(err.value)


@pytest.mark.parametrize(
    "text, needle",
    [
        ("{", "not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        ("[]", "$: must be"),
    ],
)
def test_a_book_that_is_not_a_json_object_is_refused(tmp_path, text, needle):
    with pytest.raises(BookError, match="b.json: ") as err:
        load_book(written(tmp_path, text))
    assert needle in str(err.value)


def test_a_bad_book_on_the_command_line_exits_2_with_file_and_path(tmp_path):
    path = written(tmp_path, mutated(lambda d: d["masters"].pop("illusion")))
    fails("play", "--players", f"greedy,book:{path}", needles=(str(path), "$.masters.illusion: missing"))
    fails("matchup", "crow", "wind", "--players", "book:" + str(tmp_path), needles=("a directory",))


def test_write_book_refuses_bad_vectors_and_writes_nothing(tmp_path):
    vectors = some_vectors()
    vectors[3, FIRST.index] = FIRST.high + 1
    with pytest.raises(ValueError, match=f"the {ROW_NAMES[3]} row: {FIRST.name}"):
        write_book(tmp_path / "b.json", vectors, "a test")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- warnings


def book_of(tmp_path, tuned_on):
    return load_book(write_book(tmp_path / "b.json", some_vectors(), "a test", book_run(tuned_on)))


def test_no_warning_on_the_set_up_the_book_was_tuned_on(tmp_path):
    assert book_warning(book_of(tmp_path, setup()), setup()) is None
    untuned = load_book(write_book(tmp_path / "u.json", some_vectors(), "a test", None))
    assert book_warning(untuned, setup(health="9")) is None


def test_a_warning_names_another_deck_rules_and_hero_mode(tmp_path):
    book = book_of(tmp_path, setup())
    deck = tmp_path / "deck.csv"
    deck.write_text("# another deck: the same cards, another file\n" + default_deck_path().read_text())
    assert "deck default" in book_warning(book, setup(deck=deck))
    rules = book_warning(book, setup(health="9"))
    assert "rule health=8 (this run: 9)" in rules and str(book.path) in rules
    assert "fury on" in book_warning(book, setup(fury=False))


def test_setup_warnings_and_the_cli_print_the_warning_on_stderr(tmp_path):
    book = book_of(tmp_path, setup(health="9"))
    assert len(setup_warnings(setup())) == 0
    s = run_setup(
        RunSettings(players=f"book:{book.path}", fury=True, deck=None, rules={}, seed=1, workers=1), "a test"
    )
    assert setup_warnings(s) == [book_warning(book, s)]  # one book on both sides: one warning
    result = run("matchup", "crow", "wind", "-n", 2, "--quiet", "--players", f"book:{book.path},greedy")
    assert result.exit_code == 0, result.output
    assert "rule health=9 (this run: 8)" in result.stderr and "rule health" not in result.stdout


def test_good_doc_is_loadable(tmp_path):
    doc = copy.deepcopy(good_doc())
    assert load_book(written(tmp_path, doc)).gains == {"crow": 0.02, "wind": None}
