"""What a master's own technique is worth to a player, measured paired on the same deals.

For a player P and master M: M played by P against every other master of the field, and the
same games with M played by P's technique-free twin (emr_sim.games.emr.lineup.spec.without_technique: the
greedy-notech kernel with P's vectors), on the same seeds, so each deal is played twice, once
with and once without the technique. The difference of the twin games' scores is what the
technique did on that deal; the seat-swapped pairs of a cell are the units of its interval
(emr_sim.analysis.compare_heroes). This replaces two independent runs compared with Wilson
intervals, which are about twice as wide for the same games.

The deals are those of a matrix run on the same seed: cell (a, b), a before b in HERO_NAMES
order, on cell_seed(seed, a, b), pairs 0 .. pairs - 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import Deck
from emr_sim.games.emr.lineup.base import PlayerSpec
from emr_sim.games.emr.lineup.spec import parse_spec, without_technique

__all__ = ["technique_worth", "worth_cost"]

NUMBERS = ["score_before", "score_after", "delta", "se", "ci_low", "ci_high", "p_value"]  # of compare_heroes


def worth_cost(pairs: int, opponents: int) -> int:
    """Games technique_worth plays for one master: both variants, every opponent, each pair twice."""
    return 2 * opponents * 2 * pairs


def technique_worth(
    player: str | PlayerSpec,
    master: str,
    pairs: int,
    *,
    field: str | PlayerSpec | None = None,
    opponents: Sequence[str] | None = None,
    seed: int | None = None,
    fury: bool = True,
    deck: Deck | str | Path | None = None,
    rules: dict[str, str] | None = None,
    workers: int | None = None,
) -> pd.Series:
    """The worth of `master`'s technique to `player`, against the field (`field`, default
    the same player) over `opponents` (default every other master), `pairs` deals each.

    Returns a Series: master, player, without (the twin's spec text), opponents, pairs,
    games (per variant), score_with, score_without (M's field mean score, a draw 1/2),
    delta = score_with - score_without, se, ci_low, ci_high (95 %, the pair as the unit),
    p_value. SpecError when the player has no technique-free twin (random, or a -notech
    kind). Kung-fu's and Poison's techniques fire on their own (no decision to skip): their
    delta is 0 with a zero-width interval.
    """
    from emr_sim import analysis as A

    spec = parse_spec(player)
    twin = without_technique(spec)
    against = spec if field is None else parse_spec(field)
    others = [o for o in (opponents or C.HERO_NAMES) if o != master]
    if pairs < 1 or not others:
        raise ValueError(f"technique worth needs at least one pair and one opponent of {master}")
    with_games: list[pd.DataFrame] = []
    without_games: list[pd.DataFrame] = []
    for other in others:
        for own, games in ((spec, with_games), (twin, without_games)):
            games.append(_cell(own, against, master, other, pairs, seed, fury, deck, rules, workers))
    heroes = A.compare_heroes(pd.concat(without_games), pd.concat(with_games))
    before, after, delta, se, low, high, p = heroes.loc[[master], NUMBERS].to_numpy(dtype=float)[0]
    out: dict[str, object] = {
        "master": master,
        "player": spec.text,
        "without": twin.text,
        "opponents": len(others),
        "pairs": pairs,
        "games": 2 * pairs * len(others),
        "score_with": after,
        "score_without": before,
        "delta": delta,
        "se": se,
        "ci_low": low,
        "ci_high": high,
        "p_value": p,
    }
    return pd.Series(out)


def _cell(own, against, master, other, pairs, seed, fury, deck, rules, workers) -> pd.DataFrame:
    """The games of cell (master, other) in its matrix orientation, master played by `own`."""
    from emr_sim.console.progress import progress_bar
    from emr_sim.simulate.play.matrix import CellSpec, play_cell_pairs
    from emr_sim.simulate.play.settings import RunSettings
    from emr_sim.simulate.play.setup import run_setup

    first = C.HERO_NAMES.index(master) < C.HERO_NAMES.index(other)
    hero_a, hero_b = (master, other) if first else (other, master)
    players = (own, against) if first else (against, own)
    settings = RunSettings(seed=seed, players=players, fury=fury, deck=deck, rules=rules, workers=workers)
    setup = run_setup(settings, "technique worth")
    with progress_bar(2 * pairs, quiet=True) as bar:
        return play_cell_pairs(CellSpec(setup, 2 * pairs), hero_a, hero_b, 0, pairs, bar)
