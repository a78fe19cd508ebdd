"""A rebalance shown (emr_sim.report.rebalance): the deck file of a proposal loads back as the
changed deck, the diff names every knob moved and every card changed, the rules lines parse."""

import numpy as np

from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.codes import CF_DAMAGE, CF_DRAGON
from emr_sim.games.emr.options import parse_rule
from emr_sim.report.rebalance import card_changes, deck_csv, proposal_diff, rules_lines
from emr_sim.simulate.setup import run_setup
from emr_sim.simulate.variants import changed_deck, parse_variant
from emr_sim.studies.rebalance.knobs import parse_knobs

HEROES = ["crow", "wind", "bushido"]


def base_setup():
    return run_setup(
        seed=1, players="greedy,greedy", fury=True, deck=None, rules={}, workers=1, what="a test"
    )


def test_a_proposals_deck_file_loads_back_as_the_changed_deck(tmp_path):
    setup = base_setup()
    variant = parse_variant("class:dragons.dragon=0 class:red-dmg1.damage+1")
    after = changed_deck(setup.deck, variant)
    path = tmp_path / "deck.csv"
    path.write_text(deck_csv(after, ["a test deck"]))
    loaded = load_deck(path)
    assert loaded.n_shot == setup.deck.n_shot
    assert np.array_equal(loaded.table, after.table)
    assert int(loaded.table[: loaded.n_shot, CF_DRAGON].sum()) == 0
    unchanged = tmp_path / "same.csv"
    unchanged.write_text(deck_csv(setup.deck, []))
    assert np.array_equal(load_deck(unchanged).table, setup.deck.table)


def test_the_diff_names_each_knob_moved_and_each_card_changed():
    setup = base_setup()
    knobs = parse_knobs(["health.*=7..9", "trap_once", "class:red-dmg1.damage=-1..+1"], setup, HEROES)
    values = {**knobs.base_values(), "health.bushido": "9", "trap_once": "off", "class:red-dmg1.damage": "+1"}
    variant = knobs.variant(values)
    after = changed_deck(setup.deck, variant)
    lines = proposal_diff(knobs, values, setup.deck, after)
    text = "\n".join(lines)
    assert "health.bushido" in text and "8 -> 9" in text and "trap_once" in text and "on -> off" in text
    assert "class:red-dmg1.damage+1" in text
    red_ones = [c for c in range(setup.deck.n_shot) if setup.deck.table[c, CF_DAMAGE] == 1 and c < 25]
    assert f"  {len(card_changes(setup.deck, after))} card(s) change:" in lines
    assert len(card_changes(setup.deck, after)) == len(red_ones) and "damage 1 -> 2" in text
    assert rules_lines(variant) == ["--rule health.bushido=9", "--rule trap_once=off"]
    for line in rules_lines(variant):
        parse_rule(line.removeprefix("--rule "))
    assert proposal_diff(knobs, knobs.base_values(), setup.deck, setup.deck) == [
        "no change: the base already meets the goal"
    ]
