"""Tests of the deck loader, the default deck (D-DECK), bow cards (R-BOW, D-BOW) and labels."""

from __future__ import annotations

import hashlib
import importlib.util
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emr_sim.games.emr.cards import (
    Deck,
    DeckError,
    card_label,
    card_table,
    card_text,
    deck_summary,
    default_deck_path,
    find_card,
    format_cards_table,
    load_deck,
)
from emr_sim.games.emr.codes import (
    BOW_BASE,
    CF_COLOUR,
    CF_DAMAGE,
    CF_DRAGON,
    CF_EFFECT,
    CF_LEFT,
    CF_RIGHT,
    CF_SIZE,
    CF_VALID,
    COLOUR_BOW,
    COLOUR_NAMES,
    EFFECT_NAMES,
    EFFECT_NONE,
    HIDDEN,
    MAX_CARDS,
    MAX_SHOT,
    NO_CARD,
)
from emr_sim.games.emr.options import O_BOW_LEFT, O_BOW_RIGHT, default_options, make_options

HEADER = "colour,left,right,damage,dragon,effect,name\n"
GOOD_ROWS = [
    "red,3,1,1,0,none,first",
    "blue,4,4,0,1,none,",
    "yellow,5,1,0,no,swap,",
    "green,5,1,2,yes,none,",
    "red,2,5,0,1,none,",
    "blue,5,4,0,0,swap,",
    "yellow,4,2,1,0,trap-zone,",
    "green,1,5,3,0,slide,last",
]


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


@pytest.fixture(scope="module")
def table(deck: Deck) -> np.ndarray:
    return card_table(deck, default_options())


def write(tmp_path: Path, text: str, name: str = "deck.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def shot_rows(deck: Deck, colour: str) -> np.ndarray:
    rows = deck.table[: deck.n_shot]
    return rows[rows[:, CF_COLOUR] == COLOUR_NAMES.index(colour)]


def features(rows: np.ndarray) -> Counter:
    return Counter(map(tuple, rows[:, [CF_DAMAGE, CF_DRAGON, CF_EFFECT]].tolist()))


# ---------------------------------------------------------------- the default deck (D-DECK)


def test_d_deck_default_has_100_shot_cards_25_per_colour(deck: Deck):
    assert deck.n_shot == 100
    assert len(deck.names) == len(deck.source_lines) == 100
    counts = Counter(deck.table[:100, CF_COLOUR].tolist())
    assert counts == {0: 25, 1: 25, 2: 25, 3: 25}
    assert deck.table[:100, CF_VALID].all()
    assert not deck.table[100:].any()


@pytest.mark.parametrize("colour", COLOUR_NAMES[:4])
def test_d_deck_every_number_pair_once_per_colour(deck: Deck, colour: str):
    rows = shot_rows(deck, colour)
    pairs = sorted(map(tuple, rows[:, [CF_LEFT, CF_RIGHT]].tolist()))
    assert pairs == [(a, b) for a in range(1, 6) for b in range(1, 6)]


def test_d_deck_same_mix_in_every_colour(deck: Deck):
    mixes = [features(shot_rows(deck, c)) for c in COLOUR_NAMES[:4]]
    assert all(m == mixes[0] for m in mixes)
    for column in (CF_DAMAGE, CF_DRAGON, CF_EFFECT):
        per_colour = [Counter(shot_rows(deck, c)[:, column].tolist()) for c in COLOUR_NAMES[:4]]
        assert all(m == per_colour[0] for m in per_colour)


def test_d_deck_chosen_mix(deck: Deck):
    rows = shot_rows(deck, "red")
    assert Counter(rows[:, CF_DAMAGE].tolist()) == {0: 6, 1: 10, 2: 7, 3: 2}
    assert rows[:, CF_DRAGON].sum() == 5
    effects = Counter(EFFECT_NAMES[e] for e in rows[:, CF_EFFECT].tolist())
    assert set(effects) == set(EFFECT_NAMES)
    assert effects["trap-zone"] == effects["trap-card"] == 2
    assert effects["none"] == 15


def test_d_deck_features_on_different_numbers_per_colour(deck: Deck):
    layouts = {
        c: {
            (int(r[CF_LEFT]), int(r[CF_RIGHT])): (int(r[CF_DRAGON]), int(r[CF_EFFECT]))
            for r in shot_rows(deck, c)
        }
        for c in COLOUR_NAMES[:4]
    }
    assert len({tuple(sorted(v.items())) for v in layouts.values()}) == 4


def test_d_deck_dragon_or_effect_never_both(deck: Deck):
    rows = deck.table[: deck.n_shot]
    assert not np.any((rows[:, CF_DRAGON] == 1) & (rows[:, CF_EFFECT] != EFFECT_NONE))


def test_d_deck_effect_cards_mostly_low_damage(deck: Deck):
    rows = deck.table[: deck.n_shot]
    effect_damage = rows[rows[:, CF_EFFECT] != EFFECT_NONE][:, CF_DAMAGE]
    assert effect_damage.max() <= 2
    assert (effect_damage <= 1).mean() >= 0.75


def matches(deck: Deck, colour, left, right, damage=None, dragon=None, effect=None) -> bool:
    """True when some shot card fits every given feature (None = any)."""
    for row in deck.table[: deck.n_shot]:
        wanted = (
            (colour, COLOUR_NAMES[row[CF_COLOUR]]),
            (left, row[CF_LEFT]),
            (right, row[CF_RIGHT]),
            (damage, row[CF_DAMAGE]),
            (dragon, row[CF_DRAGON]),
        )
        if all(w is None or w == got for w, got in wanted) and _effect_fits(effect, row[CF_EFFECT]):
            return True
    return False


def _effect_fits(effect, code) -> bool:
    if effect is None:
        return True
    if effect == "any":
        return code != EFFECT_NONE
    if effect == "trap":
        return EFFECT_NAMES[code] in ("trap-zone", "trap-card")
    return EFFECT_NAMES[code] == effect


SOURCE_CARDS = [
    pytest.param(dict(colour="red", left=3, right=1, damage=1), id="red 3-1 damage 1"),
    pytest.param(dict(colour="blue", left=4, right=4, damage=0, dragon=1), id="blue 4-4 damage 0 dragon"),
    pytest.param(dict(colour="blue", left=3, right=3, damage=2), id="blue 3-3 damage 2"),
    pytest.param(dict(colour="yellow", left=3, right=1), id="yellow 3-1"),
    pytest.param(dict(colour=None, left=1, right=5), id="a 1-5"),
    pytest.param(dict(colour="blue", left=4, right=5), id="blue 4-5"),
    pytest.param(dict(colour="blue", left=1, right=1), id="blue 1-1"),
    pytest.param(dict(colour=None, left=3, right=1), id="a 3-1"),
    pytest.param(dict(colour="blue", left=3, right=1, dragon=1), id="blue 3-1 dragon"),
    pytest.param(dict(colour="red", left=2, right=5, dragon=1), id="red 2-5 dragon"),
    pytest.param(dict(colour="green", left=5, right=1, dragon=1), id="green 5-1 dragon"),
    pytest.param(dict(colour="yellow", left=4, right=2, effect="trap"), id="yellow 4-2 trap"),
    pytest.param(dict(colour="yellow", left=5, right=1, effect="swap"), id="yellow 5-1 swap"),
    pytest.param(dict(colour="blue", left=5, right=4, effect="swap"), id="blue 5-4 swap"),
    pytest.param(dict(colour="yellow", left=3, right=2, effect="any"), id="yellow 3-2 with an effect"),
    pytest.param(dict(colour="yellow", left=None, right=None, damage=2), id="a yellow card of damage 2"),
    pytest.param(dict(colour="red", left=None, right=None, damage=1), id="a red card of damage 1"),
    pytest.param(dict(colour=None, left=None, right=None, effect="slide"), id="a card with slide"),
    pytest.param(dict(colour=None, left=2, right=4), id="a 2-4"),
    pytest.param(dict(colour=None, left=5, right=1), id="a 5-1"),
]


@pytest.mark.parametrize("card", SOURCE_CARDS)
def test_d_deck_contains_source_card(deck: Deck, card: dict):
    assert matches(deck, **card)


def test_d_deck_default_path_and_digest(deck: Deck):
    assert Path(deck.path) == default_deck_path()
    assert deck.sha256 == hashlib.sha256(default_deck_path().read_bytes()).hexdigest()
    lines = default_deck_path().read_text(encoding="utf-8").splitlines()
    for card_id in (0, 57, 99):
        fields = lines[deck.source_lines[card_id] - 1].split(",")
        assert card_label(deck.table, card_id) == f"{fields[0]} {fields[1]}-{fields[2]}"


def test_d_deck_generator_script_reproduces_the_file():
    script = Path(__file__).resolve().parents[3] / "scripts" / "make_default_deck.py"
    spec = importlib.util.spec_from_file_location("make_default_deck", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.deck_text() == default_deck_path().read_text(encoding="utf-8")


def test_d_deck_table_is_read_only(deck: Deck):
    with pytest.raises(ValueError):
        deck.table[0, CF_DAMAGE] = 3


# ---------------------------------------------------------------- cards (R-CARD)


def test_r_card_fields_in_range(deck: Deck):
    rows = deck.table[: deck.n_shot]
    assert rows.dtype == np.int64 and deck.table.shape == (MAX_CARDS, CF_SIZE)
    assert set(rows[:, CF_COLOUR].tolist()) <= {0, 1, 2, 3}
    assert rows[:, [CF_LEFT, CF_RIGHT]].min() >= 1 and rows[:, [CF_LEFT, CF_RIGHT]].max() <= 5
    assert rows[:, CF_DAMAGE].min() >= 0 and rows[:, CF_DAMAGE].max() <= 3
    assert set(rows[:, CF_DRAGON].tolist()) == {0, 1}


def test_r_card_numbers_kept_as_printed(tmp_path: Path):
    deck = load_deck(write(tmp_path, HEADER + "\n".join(GOOD_ROWS) + "\n"))
    assert deck.table[0, CF_LEFT] == 3 and deck.table[0, CF_RIGHT] == 1
    assert card_label(deck.table, 0) == "red 3-1"


def test_r_card_text_labels(table: np.ndarray):
    assert card_text(table, find_card(table, "red 3-1")) == "red 3-1 (dmg 1)"
    assert card_text(table, find_card(table, "blue 4-4")) == "blue 4-4 (dmg 0, dragon)"
    assert card_text(table, find_card(table, "yellow 5-1")) == "yellow 5-1 (dmg 0, swap)"
    assert card_label(table, HIDDEN) == "hidden" and card_label(table, NO_CARD) == "none"


# ---------------------------------------------------------------- bow cards (R-BOW, D-BOW)


def test_r_bow_four_bow_cards_outside_the_four_colours(deck: Deck, table: np.ndarray):
    bows = table[BOW_BASE : BOW_BASE + 4]
    assert (bows[:, CF_COLOUR] == COLOUR_BOW).all() and (bows[:, CF_VALID] == 1).all()
    assert not deck.table[BOW_BASE:].any()  # the loader leaves the bow rows empty
    assert np.array_equal(table[: deck.n_shot], deck.table[: deck.n_shot])
    assert not table[deck.n_shot : BOW_BASE].any()


def test_d_bow_default_3_3_no_damage_dragon_or_effect(table: np.ndarray):
    bows = table[BOW_BASE : BOW_BASE + 4]
    assert (bows[:, CF_LEFT] == 3).all() and (bows[:, CF_RIGHT] == 3).all()
    assert not bows[:, [CF_DAMAGE, CF_DRAGON, CF_EFFECT]].any()
    assert card_label(table, BOW_BASE) == "bow 3-3"
    assert card_text(table, BOW_BASE + 3) == "bow 3-3 (dmg 0)"


def test_d_bow_numbers_from_options(deck: Deck):
    opts = make_options(bow_left=2, bow_right=5)
    assert opts[O_BOW_LEFT] == 2 and opts[O_BOW_RIGHT] == 5
    table = card_table(deck, opts)
    assert card_label(table, BOW_BASE + 1) == "bow 2-5"
    original = int(deck.table[0, CF_DAMAGE])
    table[0, CF_DAMAGE] = original + 1  # a writable copy: the deck is untouched
    assert deck.table[0, CF_DAMAGE] == original


# ---------------------------------------------------------------- find_card


def test_find_card_by_label_and_id(table: np.ndarray):
    card_id = find_card(table, "  RED   3-1 ")
    assert card_label(table, card_id) == "red 3-1"
    assert find_card(table, str(card_id)) == card_id
    assert find_card(table, "yellow 5-1 (dmg 0, swap)") == find_card(table, "yellow 5-1")
    assert find_card(table, "124") == BOW_BASE


@pytest.mark.parametrize(
    ("text", "message"),
    [("purple 3-1", "no card"), ("red 6-1", "no card"), ("110", "no card with id"), ("bow 3-3", "ambiguous")],
)
def test_find_card_errors(table: np.ndarray, text: str, message: str):
    with pytest.raises(ValueError, match=message):
        find_card(table, text)


# ---------------------------------------------------------------- text tables


def test_format_cards_table(deck: Deck):
    text = format_cards_table(deck)
    lines = text.splitlines()
    assert lines[0].split() == ["id", "colour", "card", "damage", "dragon", "effect", "name"]
    assert len(lines) == 2 + 100 + 1 + 4
    for colour in COLOUR_NAMES[:4]:
        assert f"{colour}: 25 cards, damage 0/1/2/3 = 6/10/7/2, 5 dragons" in text
    assert "[000] counter example: red 2-5 dragon" in text


def test_deck_summary(deck: Deck):
    frame = deck_summary(deck)
    assert list(frame.columns) == ["id", "colour", "left", "right", "damage", "dragon", "effect", "name"]
    assert len(frame) == 100
    assert frame.groupby("colour").size().to_dict() == {c: 25 for c in COLOUR_NAMES[:4]}
    assert frame["dragon"].sum() == 20


# ---------------------------------------------------------------- loading other files


def test_load_custom_deck_with_comments_blank_lines_and_words(tmp_path: Path):
    text = "# my deck\n\n" + "effect,dragon,damage,right,left,colour,name\n"
    text += "\n".join(",".join(reversed(r.split(",")[:6])) + ",x" for r in GOOD_ROWS) + "\n\n# end\n"
    deck = load_deck(write(tmp_path, text))
    assert deck.n_shot == 8
    assert deck.source_lines == tuple(range(4, 12))
    assert card_text(deck.table, 2) == "yellow 5-1 (dmg 0, swap)"
    assert card_text(deck.table, 3) == "green 5-1 (dmg 2, dragon)"


def test_load_without_name_column(tmp_path: Path):
    text = HEADER.replace(",name", "") + "\n".join(r.rsplit(",", 1)[0] for r in GOOD_ROWS) + "\n"
    deck = load_deck(write(tmp_path, text))
    assert deck.names == ("",) * 8


def error_for(tmp_path: Path, text: str) -> DeckError:
    with pytest.raises(DeckError) as info:
        load_deck(write(tmp_path, text))
    return info.value


@pytest.mark.parametrize(
    ("row", "field", "words"),
    [
        ("red,7,1,1,0,none,", "left", "'7' is not a number from 1 to 5"),
        ("red,3,x,1,0,none,", "right", "'x' is not a number from 1 to 5"),
        ("red,3,1,4,0,none,", "damage", "'4' is not a number from 0 to 3"),
        ("red,3,1,-1,0,none,", "damage", "not a number from 0 to 3"),
        ("purple,3,1,1,0,none,", "colour", "'purple' is not one of red, blue, yellow, green"),
        ("bow,3,3,0,0,none,", "colour", "bow cards are not in the deck file"),
        ("red,3,1,1,maybe,none,", "dragon", "not one of 0, 1, yes, no"),
        ("red,3,1,1,0,fireball,", "effect", "'fireball' is not one of none, slide"),
    ],
)
def test_bad_field_names_file_line_and_field(tmp_path: Path, row: str, field: str, words: str):
    text = (
        "# comment\n"
        + HEADER
        + "\n".join(GOOD_ROWS[:3])
        + "\n"
        + row
        + "\n"
        + "\n".join(GOOD_ROWS[3:])
        + "\n"
    )
    error = error_for(tmp_path, text)
    assert f"deck.csv:6: field {field!r}: " in str(error)
    assert words in str(error)
    assert (error.line, error.field) == (6, field)


def test_bad_missing_column(tmp_path: Path):
    text = "colour,left,right,dragon,effect,name\n" + "red,3,1,0,none,\n" * 8
    error = error_for(tmp_path, text)
    assert "deck.csv:1: field 'damage': missing column" in str(error)


def test_bad_unknown_column(tmp_path: Path):
    text = HEADER.strip() + ",power\n" + "\n".join(r + ",1" for r in GOOD_ROWS) + "\n"
    error = error_for(tmp_path, text)
    assert "deck.csv:1: field 'power': unknown column" in str(error)


def test_bad_no_header(tmp_path: Path):
    error = error_for(tmp_path, "\n".join(GOOD_ROWS) + "\n")
    assert "deck.csv:1: field 'red': unknown column" in str(error)
    assert "deck.csv:2: empty deck file" in str(error_for(tmp_path, "# nothing\n\n"))


def test_bad_field_count(tmp_path: Path):
    text = HEADER + "\n".join(GOOD_ROWS) + "\nred,3,1\n"
    assert "deck.csv:10: 3 fields, but the header has 7 columns" in str(error_for(tmp_path, text))


def test_bad_too_few_cards(tmp_path: Path):
    text = HEADER + "\n".join(GOOD_ROWS[:5]) + "\n"
    error = error_for(tmp_path, text)
    assert "deck.csv:6: 5 cards; a deck needs at least 8" in str(error)


def test_bad_too_many_cards(tmp_path: Path):
    text = HEADER + "red,3,1,1,0,none,\n" * (MAX_SHOT + 1)
    assert f"deck.csv:{MAX_SHOT + 2}: more than {MAX_SHOT} shot cards" in str(error_for(tmp_path, text))
    assert load_deck(write(tmp_path, HEADER + "red,3,1,1,0,none,\n" * MAX_SHOT)).n_shot == MAX_SHOT


def test_bad_missing_file(tmp_path: Path):
    with pytest.raises(DeckError, match=r"nowhere\.csv: deck file not found"):
        load_deck(tmp_path / "nowhere.csv")


def test_bad_not_utf8(tmp_path: Path):
    path = tmp_path / "deck.csv"
    path.write_bytes(HEADER.encode() + b"red,3,1,1,0,none,\xff\n")
    with pytest.raises(DeckError, match=r"deck\.csv:2: not UTF-8"):
        load_deck(path)


def test_deck_error_is_value_error():
    error = DeckError("d.csv", 3, "left", "'9' is not a number from 1 to 5")
    assert isinstance(error, ValueError)
    assert str(error) == "d.csv:3: field 'left': '9' is not a number from 1 to 5"


# ---------------------------------------------------------------- property: valid rows round-trip

card_rows = st.tuples(
    st.sampled_from(COLOUR_NAMES[:4]),
    st.integers(1, 5),
    st.integers(1, 5),
    st.integers(0, 3),
    st.booleans(),
    st.sampled_from(EFFECT_NAMES),
    st.text(alphabet="abcdefghij -[]:", max_size=12),
)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(card_rows, min_size=8, max_size=MAX_SHOT))
def test_valid_rows_round_trip(tmp_path_factory, rows):
    lines = [f"{c},{a},{b},{d},{'yes' if g else 0},{e},{n}" for c, a, b, d, g, e, n in rows]
    deck = load_deck(write(tmp_path_factory.mktemp("rt"), HEADER + "\n".join(lines) + "\n"))
    assert deck.n_shot == len(rows)
    expected = [
        [COLOUR_NAMES.index(c), a, b, d, int(g), EFFECT_NAMES.index(e), 1] for c, a, b, d, g, e, _ in rows
    ]
    assert deck.table[: len(rows)].tolist() == expected
    assert not deck.table[len(rows) :].any()
    assert deck.names == tuple(n.strip() for *_, n in rows)
    for card_id in range(len(rows)):
        assert card_label(deck.table, card_id) == f"{rows[card_id][0]} {rows[card_id][1]}-{rows[card_id][2]}"
