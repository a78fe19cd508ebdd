"""Honest players (docs/players.md, "Players for any game"): every generic player of every game
decides from its seat's observation alone. At every decision of real games, the state is
replaced by another one the deciding seat cannot tell from it (the contract's determinise of
its observation: the hidden cards dealt anew), and the player, with the same generator words,
must take the same action. A player that peeks at the state fails the same check."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim import kernel_contract as K
from emr_sim.games import registry
from emr_sim.loops.table import PLAYER_STREAM
from emr_sim.rng import seed_rng
from emr_sim.simulate.tables.play import loop_buffers
from emr_sim.simulate.tables.settings import table_settings
from emr_sim.simulate.tables.specs import generic_kind

SWAP_STREAM = 77  # the generator of the other states
SEARCH_N = 24  # iterations of the searches checked (each decision is searched twice)


def player_specs(game) -> list[str]:
    """The generic players a game supports, as its table runs name them (a small search); a
    game's own players have their own swap tests (tests/games/NAME/)."""
    generic = [name for name in game.players if generic_kind(name) and name not in game.own_players]
    return [f"{name}(n={SEARCH_N})" if generic_kind(name) == "ismcts" else name for name in generic]


CASES = [
    (g.name, n, spec)
    for g in registry.games()
    for n in sorted({g.seats.fewest, g.seats.most})
    for spec in player_specs(g)
]


def rules_of(name: str) -> dict:
    return {"fury": "on"} if name == "emr" else {}


def swap_check(name: str, n: int, spec: str, deals: int, decide=None) -> tuple[int, int, int]:
    """(decisions, decisions whose action changed, decisions whose other state differed from
    the real one) over `deals` games of `spec` in every seat."""
    settings = table_settings(name, n, spec, rules_of(name), seed=3, workers=1)
    made, lineup = settings.made, settings.lineup
    k, decide = made.game.face().kernels(), decide or made.game.face().decide_step()
    S, obs, legal, prng, _res, _rec, seating, work, search = loop_buffers(made, lineup)
    R, seen, other_legal, drng = (
        np.zeros_like(S),
        np.zeros_like(S),
        np.zeros_like(legal),
        np.zeros(4, np.int64),
    )
    G = made.loop_constants()
    seed_rng(drng, 0, 5, 0, SWAP_STREAM)
    decisions = changed = differed = 0
    for deal in range(deals):
        seating[:] = np.arange(n) % len(made.game.entities) if made.game.entities else -1
        for s in range(n):
            seed_rng(prng[s], 0, 3, deal, PLAYER_STREAM + s)
        k.init(G, S, 3, deal, seating)
        while (p := int(k.to_move(G, S))) != K.NOBODY:
            count = int(k.legal(G, S, legal))
            words = prng[p].copy()
            action = decide(
                G, S, p, lineup.kinds[p], lineup.params[p], obs, legal, count, prng[p], work, search
            )
            k.observe(G, S, p, seen)
            k.determinise(G, seen, p, drng, R)
            differed += not np.array_equal(R, S)
            assert int(k.legal(G, R, other_legal)) == count
            again = decide(
                G, R, p, lineup.kinds[p], lineup.params[p], obs, other_legal, count, words, work, search
            )
            changed += int(again) != int(action)
            decisions += 1
            k.apply(G, S, action)
    return decisions, changed, differed


@pytest.mark.parametrize("name,n,spec", CASES)
@pytest.mark.timeout(600)
def test_a_generic_players_decision_survives_a_swap_of_what_it_cannot_see(name, n, spec):
    decisions, changed, differed = swap_check(name, n, spec, deals=2 if name == "emr" else 6)
    assert decisions > 20 and differed > decisions // 2, "the swaps changed too little to show anything"
    assert changed == 0, f"{spec} changed {changed} of {decisions} decisions when hidden cards were swapped"


def peeking(G, S, seat, kind, params, obs, legal, n, rng, work, search):
    """A player that reads the state: the action indexed by the sum of its words."""
    return legal[int(S.sum()) % n]


@pytest.mark.timeout(120)
def test_a_player_that_peeks_fails_the_swap_check():
    decisions, changed, _ = swap_check("toy", 3, "random", deals=4, decide=peeking)
    assert changed > decisions // 10
