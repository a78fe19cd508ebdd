"""HBC's cards as data (games/hbc/face/pool.py, docs/hbc.md "Cards as data"): the shipped card
sets load, and every kind of bad file is refused in one line naming file, line and field."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from emr_sim.games.hbc.face import pool
from emr_sim.games.hbc.face.pool import PoolError, load_set
from emr_sim.games.hbc.rules import layout as L

HEADER = "id,kind,name,attribute,dice,hit,star,ability,when,note\n"
GOOD = [
    "hero,character,Hero,fire,3,5,yes,attack+3 vs forest,,invented\n",
    "mook,character,Mook,water,2,4,no,,,invented\n",
    "boost,support,Boost,none,,,,dice+1,battle,invented\n",
]
DECK = "master: hero\nhero\n7 mook\n2 boost\n"


def make_set(tmp_path: Path, rows=None, deck=DECK, name="mine") -> Path:
    folder = tmp_path / name
    (folder / "decks").mkdir(parents=True)
    (folder / "pool.csv").write_text(HEADER + "".join(GOOD if rows is None else rows))
    (folder / "decks" / "one.deck").write_text(deck)
    return folder


def refusal(tmp_path, rows=None, deck=DECK) -> PoolError:
    with pytest.raises(PoolError) as err:
        load_set(str(make_set(tmp_path, rows, deck)))
    return err.value


def test_the_shipped_example_and_vanilla_sets_load():
    example = load_set(None)
    assert example.name == "example" and len(example.cards) == 32 and len(example.decks) == 6
    knuckle = example.cards[example.index("knuckle")]
    assert (knuckle.dice, knuckle.hit, knuckle.terms) == (3, 5, ((L.EF_ATTACK, 3, L.FOREST),))
    vanilla = load_set("vanilla")
    assert len(vanilla.cards) == 5 * 6 * 7 and all(not c.terms for c in vanilla.cards)
    assert {(c.dice, c.hit) for c in vanilla.cards} == {(d, h) for d in range(1, 6) for h in range(1, 7)}


def test_the_example_pool_is_labelled_invented_in_the_file_and_the_docs():
    text = (pool.shipped_dir("example") / "pool.csv").read_text()
    assert "INVENTED FOR THE EXAMPLE" in text
    assert all(c.note.startswith("invented") or c.id == "knuckle" for c in load_set(None).cards)
    docs = (Path(__file__).resolve().parents[3] / "docs" / "hbc.md").read_text()
    assert "invented for the example" in docs.lower()


def test_the_vocabulary_covers_every_kind_the_seed_names():
    used = {t[0] for c in load_set(None).cards for t in c.terms}
    assert used == set(range(1, len(L.EFFECT_NAMES)))  # every effect but none is in the example pool


def test_a_deck_is_its_master_and_nine_others(tmp_path):
    cards = load_set(str(make_set(tmp_path)))
    deck = cards.decks[0]
    assert cards.cards[deck.master].id == "hero" and len(deck.rest) == 9
    assert cards.decks_table.shape == (1, L.DK_SIZE) and cards.table.shape == (3, L.CF_SIZE)


@pytest.mark.parametrize(
    "row,field,words",
    [
        ("x,character,X,fire,3,5,yes,attack+3 vs forest;teleport,,\n", "ability", "not a term"),
        ("x,character,X,fire,0,5,yes,,,\n", "dice", "from 1 to 8"),
        ("x,character,X,fire,3,7,yes,,,\n", "hit", "from 1 to 6"),
        ("x,character,X,lava,3,5,yes,,,\n", "attribute", "not one of"),
        ("x,support,X,none,,,,attack+2,solo,\n", "when", "does not fit"),
        ("x,support,X,none,,,,take_coin,battle,\n", "when", "does not fit"),
        ("x,character,X,fire,3,5,yes,keep_card,,\n", "ability", "support's effect"),
        ("x,character,X,fire,3,5,maybe,,,\n", "star", "yes or no"),
        ("x,event,X,fire,3,5,yes,,,\n", "kind", "HBC-D-EVENTS"),
        ("x,character,X,fire,3,5,yes,dice+9,,\n", "ability", "needs an amount"),
        ("hero,character,Again,fire,3,5,yes,,,\n", "id", "already the id of line 2"),
    ],
)
def test_a_bad_pool_line_is_refused_naming_file_line_and_field(tmp_path, row, field, words):
    err = refusal(tmp_path, GOOD + [row])
    assert err.path.endswith("pool.csv") and err.line == 5 and err.field == field
    assert words in str(err) and str(err).startswith(f"{err.path}:5: field '{field}'")


@pytest.mark.parametrize(
    "deck,line,field,words",
    [
        ("master: hero\nhero\n7 mook\n3 boost\n", 4, "card", "card 11: a deck holds 10"),
        ("hero\n6 mook\n2 boost\n", 3, "card", "9 cards"),
        ("master: hero\nhero\n7 mook\n2 nobody\n", 4, "card", "not a card of the pool"),
        ("master: mook\nhero\n7 mook\n2 boost\n", 1, "master", "not a ★ character"),
        ("master: ghost\nhero\n7 mook\n2 boost\n", 1, "master", "not a card of the pool"),
    ],
)
def test_a_bad_deck_is_refused_naming_file_line_and_field(tmp_path, deck, line, field, words):
    err = refusal(tmp_path, deck=deck)
    assert err.path.endswith("one.deck") and (err.line, err.field) == (line, field) and words in str(err)


def test_a_deck_without_a_star_character_is_refused(tmp_path):
    rows = [GOOD[0].replace(",yes,", ",no,"), *GOOD[1:]]
    err = refusal(tmp_path, rows, deck="hero\n7 mook\n2 boost\n")
    assert err.field == "master" and "no ★ character" in str(err) and err.line == 3


def test_the_command_line_refuses_a_bad_pool_in_one_line_with_exit_2_and_writes_nothing(tmp_path):
    folder = make_set(tmp_path, GOOD + ["x,character,X,fire,0,5,yes,,,\n"])
    out = tmp_path / "run"
    cmd = [sys.executable, "-m", "emr_sim.cli", "matrix", "--game", "hbc", "--seats", "2",
           "--deck", str(folder / "pool.csv"), "-o", str(out), "-n", "10"]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and not out.exists()
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pool.csv:5: field 'dice'" in lines[0] and "Traceback" not in done.stderr


def test_a_missing_card_set_is_refused(tmp_path):
    with pytest.raises(PoolError, match="not a card set"):
        load_set(str(tmp_path / "nowhere"))
    folder = make_set(tmp_path)
    shutil.rmtree(folder / "decks")
    with pytest.raises(PoolError, match="no deck files"):
        load_set(str(folder))
