"""The adapters against the jitted engine (emr_sim.ecosystem.crosscheck): random games played
through the OpenSpiel game and the PettingZoo environment with the engine's seed and actions
reach the engine's positions after every action and its results. The suite plays 20 deals
of every game and seat count; scripts/ecosystem_crosscheck.py plays 1,000 (docs/ecosystem.md)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (the rl extra: pip install 'emr-sim[rl]')")

from emr_sim.ecosystem import crosscheck as X  # noqa: E402
from emr_sim.games import registry  # noqa: E402

CASES = [(g.name, n) for g in registry.games() for n in range(g.seats.fewest, g.seats.most + 1)]
RULES = {"emr": {"fury": "on"}}
DEALS = 20  # a case; scripts/ecosystem_crosscheck.py plays 1,000


@pytest.mark.parametrize("name,n", CASES)
@pytest.mark.timeout(600)
def test_every_action_of_random_deals_is_the_engines(name, n):
    done = X.crosscheck(name, n, RULES.get(name, {}), seed=2026, deals=range(DEALS))
    assert done.games == DEALS and done.actions > 10 * DEALS


def test_a_difference_is_caught_and_named():
    """The check can fail: an adapter position one word off is a Mismatch naming the step."""
    from emr_sim.ecosystem.openspiel_game import load

    game = load("toy", 2, seed=3)
    made = game.driver.made
    seating = game.driver.seating(3, 0)
    ref = X.engine_game(made, 3, 0, seating)
    ref.after[2] = ref.after[2].copy()
    ref.after[2][0] += 1
    with pytest.raises(X.Mismatch, match="step 2: OpenSpiel's position"):
        X.through_openspiel(game, ref, 0, "toy deal 0")
    ref = X.engine_game(made, 3, 0, seating)
    ref.results = np.array(ref.results)
    ref.results[0, 0] ^= 1
    with pytest.raises(X.Mismatch, match="OpenSpiel's results"):
        X.through_openspiel(game, ref, 0, "toy deal 0")
