"""Monte Carlo head-to-head of two heroes in paired games: the summary designers read.

    >>> from emr_sim import matchup
    >>> result = matchup("crow", "illusion", n=10_000)      # doctest: +SKIP
    >>> result.summary["win_rate"]                           # doctest: +SKIP

Games come in pairs (emr_sim.games.emr.loops.pairs): the same deal twice with the seats swapped, played
by the chunked runner (emr_sim.simulate.play.runner) from one run set-up (emr_sim.simulate.play.setup).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from emr_sim.console.progress import progress_bar
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.heroes import parse_hero_pair
from emr_sim.games.emr.loops import pairs as A
from emr_sim.simulate.play.runner import load_kernels, run_pairs, start_cluster
from emr_sim.simulate.play.settings import DEFAULTS, QUIET, RunHooks, RunSettings
from emr_sim.simulate.play.setup import run_record, run_setup, setup_warnings
from emr_sim.simulate.runs.sizes import check_games, check_memory
from emr_sim.stats import histogram_quantile, wilson

if TYPE_CHECKING:
    import pandas as pd

SOURCE_KEYS = C.SOURCE_NAMES


@dataclass
class MatchupResult:
    summary: dict
    records: pd.DataFrame | None = None  # emr_sim.simulate.runs.records schema, one row per game


def side_labels(hero_a: str, hero_b: str) -> tuple[str, str]:
    """Keys of the two sides: the hero names, or name-1 / name-2 in a mirror match."""
    return (hero_a, hero_b) if hero_a != hero_b else (f"{hero_a}-1", f"{hero_b}-2")


def matchup(
    hero_a: str,
    hero_b: str,
    n: int = 100_000,
    settings: RunSettings = DEFAULTS,
    hooks: RunHooks = QUIET,
    records: bool = False,
) -> MatchupResult:
    """Play about n games (rounded up to pairs) of hero_a against hero_b with the settings
    (emr_sim.simulate.play.settings; a variant is applied); the summary (and, with records=True,
    one row per game as a DataFrame; with settings.cards too, the card events in it:
    emr_sim.games.emr.loops.card_events). hooks.on_note(text) receives the warnings of the
    set-up (a book tuned on another deck or rules). With settings.cluster (a connected
    emr_sim.simulate.play.cluster.Cluster) the pairs play on its workers."""
    if n < 1:
        raise ValueError(f"-n must be at least 1, not {n}")
    check_games(n)
    n_pairs = math.ceil(n / 2)
    cards = settings.cards
    if cards and not records:
        raise ValueError("--cards keeps the card events in the games' records: give --records FILE too")
    if records:
        check_memory(2 * n_pairs, f"keeping the records of -n {n:,}", cards=cards)
    setup = run_setup(settings, "a matchup", python_players=True)
    for warning in setup_warnings(setup) if hooks.on_note else ():
        hooks.note(warning)
    h_a, h_b = parse_hero_pair((hero_a, hero_b), allow_mirror=True)
    sides = setup.sides(h_a, h_b)
    kept = None
    if records:
        from emr_sim.simulate.runs.records import GameColumns  # pandas (0.3 s) only when records are kept

        kept = GameColumns(2 * n_pairs, hero_a, hero_b, cards=cards)
    start_cluster(setup)  # inputs checked: a cluster starts (kept out of the timing)
    load_kernels(setup, sides)  # kept out of the timing
    start = time.perf_counter()
    with progress_bar(2 * n_pairs, hooks.quiet) as bar:
        agg = run_pairs(setup, sides, n_pairs, bar, keep=kept.put if kept else None)
    seconds = time.perf_counter() - start
    summary = summarise(agg, side_labels(hero_a, hero_b), run_record(setup), seconds)
    return MatchupResult(summary, kept.frame() if kept else None)


def per_side(agg: np.ndarray, base: int, labels: tuple[str, str], games: int) -> dict:
    return {labels[s]: float(agg[base + s] / games) for s in range(2)}


def per_side_table(agg, base, width, names, labels, games) -> dict:
    return {
        labels[s]: {names[k]: float(agg[base + s * width + k] / games) for k in range(width)} for s in (0, 1)
    }


def summarise(agg: np.ndarray, labels: tuple[str, str], run: dict, seconds: float) -> dict:
    """The matchup summary from an aggregate vector (emr_sim.games.emr.loops.pairs layout)."""
    games = int(agg[A.AG_GAMES])
    hist = agg[A.AG_HIST :]
    wins = {labels[s]: int(agg[A.AG_WINS + s]) for s in range(2)}
    decided = games - int(agg[A.AG_DRAWS])
    return {
        "heroes": list(labels),
        "games": games,
        "pairs": games // 2,
        "mirror": labels[0].endswith("-1"),
        "wins": wins,
        "draws": int(agg[A.AG_DRAWS]),
        "win_rate": {k: v / games for k, v in wins.items()},
        "ci95": {k: list(wilson(v, games)) for k, v in wins.items()},
        "first_player_win_rate": int(agg[A.AG_FIRST_WINS]) / decided if decided else 0.0,
        "pair_outcomes": {
            f"both {labels[0]}": int(agg[A.AG_PAIR_A]),
            "split": int(agg[A.AG_PAIR_SPLIT]),
            f"both {labels[1]}": int(agg[A.AG_PAIR_B]),
            "with a draw": int(agg[A.AG_PAIR_DRAWN]),
        },
        "mean_turns": int(agg[A.AG_TURNS]) / games,
        "median_turns": histogram_quantile(hist, 0.5),
        "p90_turns": histogram_quantile(hist, 0.9),
        "damage_taken_per_game": per_side_table(agg, A.AG_DAMAGE, C.N_SOURCES, SOURCE_KEYS, labels, games),
        "hits_per_game": per_side(agg, A.AG_HITS, labels, games),
        "blocks_per_game": per_side(agg, A.AG_BLOCKS, labels, games),
        "counters_per_game": per_side(agg, A.AG_COUNTERS, labels, games),
        "extra_actions_per_game": per_side(agg, A.AG_EXTRAS, labels, games),
        "techniques_per_game": per_side_table(agg, A.AG_TECH, C.N_TECH, C.TECH_NAMES, labels, games),
        "effects_per_game": per_side_table(agg, A.AG_EFFECTS, C.N_EFFECTS, C.EFFECT_NAMES, labels, games),
        "turn_histogram": {int(t): int(c) for t, c in enumerate(hist) if c},
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else 0.0,
        "run": run,
    }
