"""Variants (emr_sim.simulate.whatif.variants): one grammar for rules and card changes, applied to a
run's set-up without changing the deal, kept in the run record."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.cli import fails

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import SHOT_COLOURS, load_deck
from emr_sim.games.emr.options import O_HEALTH, OPTIONS
from emr_sim.simulate.play.example import load_run_deck, play_command
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.play.setup import run_setup
from emr_sim.simulate.runs.rundir import RUN_FILE, load_games, repair_command
from emr_sim.simulate.whatif.deckchanges import CLASSES, class_members
from emr_sim.simulate.whatif.variants import (
    CARD,
    CLASS,
    MASTER,
    NOT_VARIANTS,
    RULE,
    Change,
    Variant,
    VariantError,
    apply_variant,
    changed_deck,
    parse_change,
    parse_variant,
    variant_slug,
)

# ---------------------------------------------------------------- the grammar round trip

OPTION_VALUES = [
    (o.name, o.show(v))
    for o in OPTIONS
    if o.name not in NOT_VARIANTS
    for v in (list(o.values.values()) or [o.low, o.default, o.high])
]
CARD_REFS = st.one_of(
    st.tuples(st.sampled_from(SHOT_COLOURS), st.integers(1, 5), st.integers(1, 5)).map(
        lambda t: f"{t[0]}-{t[1]}-{t[2]}"
    ),
    st.integers(0, 99).map(str),
)
ATTRIBUTE_CHANGES = st.one_of(
    st.tuples(st.just("damage"), st.just("="), st.integers(0, 3).map(str)),
    st.tuples(st.just("damage"), st.sampled_from("+-"), st.integers(1, 3).map(str)),
    st.tuples(st.just("dragon"), st.just("="), st.sampled_from(["0", "1"])),
    st.tuples(st.just("effect"), st.just("="), st.sampled_from(C.EFFECT_NAMES)),
)
RULE_CHANGES = st.sampled_from(OPTION_VALUES).map(lambda nv: Change(RULE, nv[0], "", "=", nv[1]))
PER_MASTER = {o.name.split(".")[0] for o in OPTIONS if "." in o.name}  # health (R-OPT-HEALTH)
MASTER_CHANGES = st.tuples(
    st.sampled_from([(n, v) for n, v in OPTION_VALUES if "." not in n and n not in PER_MASTER]),
    st.sampled_from(C.HERO_NAMES),
).map(lambda t: Change(MASTER, t[0][0], t[1], "=", t[0][1]))
DECK_CHANGES = st.builds(
    lambda kind_target, attr: Change(kind_target[0], kind_target[1], *attr),
    st.one_of(
        CARD_REFS.map(lambda ref: (CARD, ref)), st.sampled_from(CLASSES).map(lambda name: (CLASS, name))
    ),
    ATTRIBUTE_CHANGES,
)
CHANGES = st.one_of(RULE_CHANGES, MASTER_CHANGES, DECK_CHANGES)


@given(CHANGES)
@settings(max_examples=300, deadline=None)
def test_a_change_reads_back_from_its_text(change):
    assert parse_change(change.text) == change
    assert parse_change(change.text.upper()).text == change.text  # names are not case-sensitive


@given(st.lists(CHANGES, max_size=6), st.sampled_from([" ", ", ", ",", "\n  "]))
@settings(max_examples=100, deadline=None)
def test_a_variant_reads_back_from_its_text_whatever_the_separators(changes, separator):
    variant = Variant(tuple(changes))
    assert parse_variant(variant.text) == variant
    assert parse_variant(separator.join(c.text for c in changes)) == variant
    assert parse_variant([c.text for c in changes]) == variant  # a list, as in a run record


def test_values_are_written_in_one_canonical_form():
    variant = parse_variant("Health=09 penalty=each card:RED-3-4.dragon=yes class:dragons.dragon=no")
    assert variant.text == "health=9 penalty=each card:red-3-4.dragon=1 class:dragons.dragon=0"
    assert variant.rules == {"health": "9", "penalty": "each"}
    assert variant.deck_changes == ("card:red-3-4.dragon=1", "class:dragons.dragon=0")
    assert variant_slug(variant) == "health=9__penalty=each__card_red-3-4.dragon=1__class_dragons.dragon=0"


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("card:red-9-9.damage=1", "out of range 1..5"),
        ("card:purple-1-1.damage=1", "unknown colour 'purple'"),
        ("class:heroes.damage=1", "unknown card class 'heroes'"),
        ("class:red.damage=4", "out of range: damage is 0..3"),
        ("class:red.damage+4", "a damage step"),
        ("card:red-1-1.effect=boom", "unknown effect 'boom'"),
        ("card:red-1-1.dragon+1", "set with '='"),
        ("card:red-1-1.colour=blue", "unknown card attribute 'colour'"),
        ("health=0", "outside 1..99"),
        ("helth=9", "unknown rules option 'helth'"),
        ("health.zebra=9", "unknown master 'zebra'"),
        ("fury=off", "--fury/--no-fury"),
        ("hero_select=random", "change the deal"),
        ("card:red-3-4", "not a card change"),
        ("health", "not a change"),
    ],
)
def test_a_change_that_cannot_be_read_is_named_with_its_problem(text, needle):
    with pytest.raises(VariantError, match="variant change") as err:
        parse_change(text)
    assert needle in str(err.value)
    assert isinstance(err.value, BadInput)  # exit 2 on the command line


# ---------------------------------------------------------------- applying


@pytest.fixture(scope="module")
def base():
    return run_setup(
        RunSettings(players="greedy", fury=True, deck=None, rules={}, seed=3, workers=1), "a test"
    )


def test_class_changes_touch_their_class_only_and_keep_the_cards(base):
    setup = apply_variant(base, "class:red-dmg2.damage-1 class:dragons.dragon=0 health=9")
    before, after = base.table, setup.table
    red2 = class_members(before, base.deck.n_shot, "red-dmg2")
    assert len(red2) == 7  # the default deck's mix: 6/10/7/2 per colour (docs/deck.md)
    assert (after[red2, C.CF_DAMAGE] == 1).all()
    assert after[:, C.CF_DRAGON].sum() == 0
    changed_rows = np.flatnonzero((after != before).any(axis=1))
    dragons = class_members(before, base.deck.n_shot, "dragons")
    assert set(changed_rows) == set(red2) | set(dragons)
    for field in (C.CF_COLOUR, C.CF_LEFT, C.CF_RIGHT, C.CF_VALID):  # the same cards, same order
        assert (after[:, field] == before[:, field]).all()
    assert int(setup.opts[O_HEALTH]) == 9
    assert setup.deck_changes == ("class:red-dmg2.damage-1", "class:dragons.dragon=0")
    assert base.deck_changes == () and (base.deck.table == load_deck().table).all()  # base untouched


def test_a_single_card_by_label_or_id_and_changes_in_order(base):
    setup = apply_variant(base, "card:red-3-4.damage=3 card:red-3-4.damage-1 card:0.effect=none")
    red34 = 13  # default deck: red cards 0..24 in (left, right) order
    assert (base.table[red34, C.CF_LEFT], base.table[red34, C.CF_RIGHT]) == (3, 4)
    assert setup.table[red34, C.CF_DAMAGE] == 2
    assert setup.table[0, C.CF_EFFECT] == C.EFFECT_NONE != base.table[0, C.CF_EFFECT]


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("card:red-1-5.damage+1", "red 1-5 (id 4) would have damage 4"),
        ("class:dmg3.damage+1", "would have damage 4"),
        ("card:130.damage=1", "no card with id 130"),
        ("card:124.damage=1", "no card with id 124"),  # the bows are not in the deck (R-BOW)
        ("bow_left.bushido=2", "bow_left has no per-master setting; those played: health.MASTER"),
    ],
)
def test_a_change_that_cannot_be_applied_is_named(base, text, needle):
    with pytest.raises(VariantError, match="variant change") as err:
        apply_variant(base, text)
    assert needle in str(err.value)


def test_a_masters_own_health_is_a_rules_option_of_the_variant(base):
    change = parse_change("Health.Bushido=9")
    assert (change.kind, change.target, change.text) == (RULE, "health.bushido", "health.bushido=9")
    setup = apply_variant(base, "health.bushido=9")
    from emr_sim.games.emr.options import starting_health

    assert starting_health(setup.opts, C.HERO_NAMES.index("bushido")) == 9
    assert starting_health(setup.opts, C.HERO_NAMES.index("crow")) == 8


def test_a_class_with_no_card_in_a_custom_deck_is_refused(tmp_path, base):
    deck = tmp_path / "nodragon.csv"
    rows = [f"{c},{left},{right},1,0,none" for c in ("red", "blue") for left in (1, 2) for right in (1, 2, 3)]
    deck.write_text("colour,left,right,damage,dragon,effect\n" + "\n".join(rows) + "\n")
    with pytest.raises(VariantError, match="class 'dragons' has no card in this deck"):
        changed_deck(load_deck(deck), "class:dragons.damage+1")
    with pytest.raises(VariantError, match="no card 'green 1 1'|no card 'green 1-1'"):
        changed_deck(load_deck(deck), "card:green-1-1.damage=0")


def test_a_variant_deals_the_same_cards(base):
    """The deck keeps its size and order, so game k of a variant starts from the same deal."""
    from emr_sim.games.emr.face.core import Game

    variant = changed_deck(base.deck, "class:all.damage=0 class:effects.effect=none")
    for index in range(5):
        a = Game.new(seed=9, index=index, deck=base.deck, heroes="crow,earth")
        b = Game.new(seed=9, index=index, deck=variant, heroes="crow,earth")
        assert (a.state[C.DRAW : C.DRAW + C.MAX_CARDS] == b.state[C.DRAW : C.DRAW + C.MAX_CARDS]).all()
        for p in range(2):
            hand = C.P_BASE + p * C.P_SIZE + C.P_HAND
            assert (a.state[hand : hand + C.MAX_HAND] == b.state[hand : hand + C.MAX_HAND]).all()


# ---------------------------------------------------------------- in a run directory


@pytest.mark.timeout(300)
def test_a_variant_run_records_its_changes_and_pairs_with_the_base(tmp_path):
    heroes, games = "crow,wind", 40
    base_dir, variant_dir = tmp_path / "base", tmp_path / "variant"
    run_matrix(base_dir, RunSettings(seed=4, workers=1), MatrixPlay(heroes=heroes, games=games))
    text = "health=9 class:dragons.damage+1"
    run = run_matrix(
        variant_dir, RunSettings(variant=text, seed=4, workers=1), MatrixPlay(heroes=heroes, games=games)
    )
    record = json.loads((variant_dir / RUN_FILE).read_text())
    assert record["deck_changes"] == ["class:dragons.damage+1"] and record["rules"]["health"] == "9"
    assert record["deck"] == "default" and run.record["deck_changes"] == record["deck_changes"]
    assert "deck_changes" not in json.loads((base_dir / RUN_FILE).read_text())  # old records unchanged
    assert "--variant class:dragons.damage+1" in repair_command(variant_dir, record)
    # the same command resumes; another variant is refused before anything is written
    assert (
        run_matrix(
            variant_dir, RunSettings(variant=text, seed=4, workers=1), MatrixPlay(heroes=heroes, games=games)
        ).played
        == []
    )
    with pytest.raises(BadInput, match="deck_changes"):
        run_matrix(
            variant_dir,
            RunSettings(variant="health=9 class:dragons.dragon=0", seed=4, workers=1),
            MatrixPlay(heroes=heroes, games=games),
        )
    with pytest.raises(ValueError, match="disagree"):
        run_matrix(
            tmp_path / "x",
            RunSettings(rules={"health": "7"}, variant=text, seed=4),
            MatrixPlay(heroes=heroes, games=games),
        )
    # the report replays its games on the changed deck, and says how
    deck = load_run_deck(record, variant_dir)
    assert deck is not None and (deck.table[:, C.CF_DAMAGE] != load_deck().table[:, C.CF_DAMAGE]).any()
    assert "--variant class:dragons.damage+1" in play_command(record, "crow", "wind", 0, 0)
    before, after = load_games(base_dir), load_games(variant_dir)
    assert len(before) == len(after) == games
    assert (before["pair"].to_numpy() == after["pair"].to_numpy()).all()


def test_the_command_line_refuses_a_bad_variant_with_one_line(tmp_path):
    out = tmp_path / "run"
    fails(
        "matrix",
        "-o",
        out,
        "--heroes",
        "crow,wind",
        "-n",
        2,
        "--variant",
        "class:nope.damage=1",
        needles=("unknown card class 'nope'",),
    )
    fails(
        "matrix",
        "-o",
        out,
        "--heroes",
        "crow,wind",
        "-n",
        2,
        "--variant",
        "card:red-1-5.damage+1",
        needles=("red 1-5 (id 4) would have damage 4",),
    )
    fails("play", "--variant", "card:red-1-1.damage=7", needles=("out of range",))
    assert not out.exists()
