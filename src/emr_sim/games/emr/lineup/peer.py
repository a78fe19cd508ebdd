"""The OpenSpiel players' specs (emr_sim.games.emr.lineup.spec parses the grammar): OpenSpiel's
own searches, in Python, over the game's OpenSpiel adapter (emr_sim.ecosystem.peers plays
them, docs/ecosystem.md):

    openspiel-ismcts:N                 OpenSpiel's ISMCTSBot, N simulations a decision; the
    openspiel-ismcts(n=N,c=C,rollouts=R)   same; c: UCT's exploration, rollouts: random
                                       rollouts per leaf (its RandomRolloutEvaluator)
    openspiel-mcts(n=N,c=C,rollouts=R) OpenSpiel's MCTSBot on one determinisation of the
                                       seat's information state a decision

Both decide from their seat's information state only: ISMCTS samples its worlds with the
game's own determinisation (its resampler), MCTS searches one such world. They are played by
a Python-driven loop (matchup, matrix, ladder), never by the compiled ones, and need the rl
extra there (simulate.play.setup.check_python_players: one line and exit 2 without it); a spec is
read without it (a run record, a report).
"""

from __future__ import annotations

import numpy as np

from emr_sim.errors import quoted
from emr_sim.games.emr.lineup.base import PEER_PREFIX, PlayerSpec, SpecError, made
from emr_sim.games.emr.lineup.table import out_of_range, shown
from emr_sim.games.emr.players.params import WEIGHT_ROWS, default_vector

ALGORITHMS = ("ismcts", "mcts")
DEFAULTS: dict[str, float] = {"n": 400, "c": 2.0, "rollouts": 1}
ORDER = ("n", "c", "rollouts")
RANGES = {"n": (1, 1_000_000), "c": (0.0, 100.0), "rollouts": (1, 100)}
WHOLE = ("n", "rollouts")
DOCS = (
    ("n", "simulations a decision, 1..1000000 (the short form openspiel-ismcts:N)"),
    ("c", "UCT's exploration constant, 0..100 (returns are shares of the win, 0..1)"),
    ("rollouts", "random rollouts to the end at each new leaf, 1..100"),
)


def algorithm(name: str, spec: str) -> str:
    """The algorithm of an `openspiel-...` kind; SpecError for one OpenSpiel players do not have."""
    algo = name[len(PEER_PREFIX) :]
    if algo not in ALGORITHMS:
        raise SpecError(
            f"player {quoted(spec)}: unknown OpenSpiel algorithm {quoted(algo)}; "
            f"known: {', '.join(PEER_PREFIX + a for a in ALGORITHMS)}"
        )
    return algo


def build_peer(kind: str, args: list[tuple[str, str]], spec: str) -> PlayerSpec:
    """The spec of an OpenSpiel player from its (name, value text) pairs; SpecError naming the
    bad one."""
    algorithm(kind, spec)
    given: dict[str, float] = {}
    for name, text in args:
        if name not in DEFAULTS:
            raise SpecError(
                f"player {quoted(spec)}: unknown parameter {quoted(name)}; {kind} takes {', '.join(ORDER)}"
            )
        given[name] = value_of(name, text, spec)
    params = {name: given[name] for name in ORDER if name in given}
    vectors = np.tile(default_vector(), (WEIGHT_ROWS, 1))  # unused: no greedy in it
    return made(kind, dict(params), None, canonical(kind, params), vectors)


def value_of(name: str, text: str, spec: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise SpecError(f"player {quoted(spec)}: {name}={quoted(text)} is not a number") from None
    low, high = RANGES[name]
    problem = out_of_range(value, low, high, integer=name in WHOLE)
    if problem:
        raise SpecError(f"player {quoted(spec)}: {name}={text} {problem}")
    return int(value) if name in WHOLE else value


def settings(spec: PlayerSpec) -> dict[str, float]:
    """Every setting of an OpenSpiel player's spec, the defaults filled in."""
    return {**DEFAULTS, **{k: float(v) for k, v in spec.params.items()}}


def canonical(kind: str, params: dict[str, float]) -> str:
    """KIND:N when only n is given, else every given parameter in ORDER."""
    if not params:
        return kind
    if set(params) == {"n"}:
        return f"{kind}:{int(params['n'])}"
    return f"{kind}({','.join(f'{n}={shown(v)}' for n, v in params.items())})"
