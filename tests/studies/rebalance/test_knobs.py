"""The knobs of a rebalance (emr_sim.studies.rebalance.knobs): parsed in the variant grammar
with a range or a list, checked against the base set-up, turned into variants; bad knobs
refused with one line naming them."""

import pytest

from emr_sim.errors import BadInput
from emr_sim.simulate.setup import run_setup
from emr_sim.simulate.variants import apply_variant
from emr_sim.studies.rebalance.knobs import KEEP, fixed_cells, parse_knobs, reach_of

HEROES = ["crow", "wind", "bushido"]


@pytest.fixture(scope="module")
def setup():
    return run_setup(
        seed=1, players="greedy,greedy", fury=True, deck=None, rules={}, workers=1, what="a test"
    )


def test_health_of_every_master_is_a_free_numeric_knob_each(setup):
    knobs = parse_knobs(["health.*=7..9"], setup, HEROES)
    assert [k.name for k in knobs] == ["health.crow", "health.wind", "health.bushido"]
    k = knobs.knobs[0]
    assert (k.choices, k.base, k.numeric, k.free, k.master) == (("7", "8", "9"), "8", True, True, "crow")
    assert k.text == "health.crow=7..9"


def test_rules_options_take_their_listed_values_and_the_base_is_always_a_choice(setup):
    knobs = parse_knobs(["trap_once", "penalty=each", "bow_left=4..5", "wind_extra=on"], setup, HEROES)
    trap, penalty, bow, wind = knobs.knobs
    assert trap.choices == ("on", "off") and trap.base == "on" and trap.master is None and not trap.free
    assert penalty.choices == ("each", "once") and penalty.base == "once"
    assert bow.choices == ("3", "4", "5")  # the base 3 added
    assert wind.master == "wind"  # an option only Wind uses reaches Wind's cells only


def test_card_and_class_knobs(setup):
    knobs = parse_knobs(
        [
            "class:dragons.dragon=0|1",
            "class:red-dmg1.damage=-1..+1",
            "card:red-3-4.damage=0..3",
            "class:red.effect=none",
        ],
        setup,
        HEROES,
    )
    dragons, red_step, card, red_effect = knobs.knobs
    assert dragons.base == "1" and dragons.choices == ("0", "1")
    assert red_step.step and red_step.base == "+0" and set(red_step.choices) == {"-1", "+0", "+1"}
    assert card.numeric and card.choices == ("0", "1", "2", "3")
    assert red_effect.base == KEEP and red_effect.choices == ("none", KEEP)  # red cards' effects differ


def test_a_candidates_variant_sizes_and_reach(setup):
    knobs = parse_knobs(["health.*=6..10", "trap_once", "class:dragons.dragon=0|1"], setup, HEROES)
    values = {**knobs.base_values(), "health.bushido": "10", "health.wind": "7"}
    variant = knobs.variant(values)
    assert variant.text == "health.wind=7 health.bushido=10"
    assert knobs.sizes(values) == [1, 2] and knobs.counted(values) == 0
    assert knobs.masters(values) == {"wind", "bushido"}
    assert reach_of(knobs, knobs.masters(values), HEROES) == [
        ("crow", "wind"),
        ("crow", "bushido"),
        ("wind", "bushido"),
    ]
    assert reach_of(knobs, {"bushido"}, HEROES) == [("crow", "bushido"), ("wind", "bushido")]
    moved = {**values, "class:dragons.dragon": "0"}
    assert knobs.masters(moved) is None and knobs.counted(moved) == 1
    assert knobs.values_of(knobs.variant(moved)) == moved
    applied = apply_variant(setup, knobs.variant(moved))
    assert applied.deck_changes == ("class:dragons.dragon=0",)
    assert fixed_cells(parse_knobs(["health.crow=7..9"], setup, HEROES), HEROES) == [("wind", "bushido")]


@pytest.mark.parametrize(
    ("knob", "message"),
    [
        ("helth=7..9", "--knob helth=7..9: unknown rules option 'helth'"),
        ("health.bushido=0..9", "--knob health.bushido=0..9: 0..9 is out of range: health.bushido is 1..99"),
        ("health.bushido=5..120", "120 is out of range: health.bushido is 1..99"),
        ("bow_left.bushido=2..4", "bow_left has no per-master setting"),
        ("health.earth=7..9", "earth is not among the study's masters (crow, wind, bushido)"),
        ("health.crow=8", "leaves nothing to change (its only value is the base, 8)"),
        ("trap_once=maybe", "'maybe' is not one of on, off"),
        ("health", "health is a number: give its range"),
        ("fury=on|off", "the hero mode is --fury/--no-fury"),
        ("class:dmg3.damage=-1..+1", "would have damage 4: out of range 0..3"),
        ("card:red-3-4.damage=0..5", "0..5 is out of range: damage is 0..3"),
        ("class:reds.damage=0..1", "unknown card class 'reds'"),
        ("class:red.colour=0..1", "unknown card attribute 'colour'"),
        ("health.crow=9..7", "the range 9..7 is empty"),
        # #36: ranges bounded before they are expanded (1..10**26 ran for minutes)
        ("health.*=1..99999999999999999999999999", "99999999999999999999999999 is out of range: health.crow"),
        ("health.bushido=1..10000000", "1..10000000 is out of range: health.bushido is 1..99"),
        ("class:red.damage=-1..+99999999999999999999", "is out of range: a damage step is -3..3"),
    ],
)
@pytest.mark.timeout(10)
def test_bad_knobs_are_refused_with_one_line_naming_them(setup, knob, message):
    with pytest.raises(BadInput, match=None) as err:
        parse_knobs([knob], setup, HEROES)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_knob_given_twice_and_no_knob_are_refused(setup):
    with pytest.raises(BadInput, match="--knob health.crow: given twice"):
        parse_knobs(["health.*=7..9", "health.crow=6..8"], setup, HEROES)
    with pytest.raises(BadInput, match="no knob"):
        parse_knobs([], setup, HEROES)
