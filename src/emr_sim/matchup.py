"""Monte Carlo head-to-head of two heroes in paired games: the summary designers read.

    >>> from emr_sim.matchup import matchup
    >>> result = matchup("crow", "illusion", n=10_000)      # doctest: +SKIP
    >>> result.summary["win_rate"]                           # doctest: +SKIP

`emr_sim.matchup` is this module and is also callable as the function (a module cannot
be replaced by a function of the same name reliably: whichever import runs first would
win), so `import emr_sim; emr_sim.matchup("crow", "illusion")` works too.

Games come in pairs (emr_sim.aggregate): the same deal twice with the seats swapped.
Pairs are split into chunks played on threads (the kernels release the GIL); each chunk
adds into its own integer aggregate and the aggregates are summed, so the result does
not depend on the number of workers or on how a run is split.
"""

from __future__ import annotations

import math
import os
import sys
import time
import types
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from emr_sim import __version__
from emr_sim import codes as C
from emr_sim.cards import Deck, card_table, load_deck
from emr_sim.options import HERO_RANDOM, O_HERO_SELECT, O_TURN_CAP, describe_options, make_options
from emr_sim.stats import histogram_quantile, wilson

if TYPE_CHECKING:
    import pandas as pd  # imported where a frame is built: it takes 0.3 s to import

DEFAULT_SEED = 20261202
CHUNK_PAIRS = 500  # pairs per task: small enough for a smooth progress bar
SOURCE_KEYS = C.SOURCE_NAMES


@dataclass
class MatchupResult:
    summary: dict
    records: pd.DataFrame | None = None


def side_labels(hero_a: str, hero_b: str) -> tuple[str, str]:
    """Keys of the two sides: the hero names, or name-1 / name-2 in a mirror match."""
    return (hero_a, hero_b) if hero_a != hero_b else (f"{hero_a}-1", f"{hero_b}-2")


def parse_sides(hero_a: str, hero_b: str, players: str | tuple) -> np.ndarray:
    from emr_sim.game import parse_heroes, parse_players

    h_a, h_b = parse_heroes((hero_a, hero_b), allow_mirror=True)
    k_a, k_b = parse_players(players)
    return np.array([k_a, k_b, h_a, h_b], dtype=np.int64)


def chunks(n_pairs: int, size: int | None = None) -> list[tuple[int, int]]:
    """(first pair, count) of each task; size defaults to CHUNK_PAIRS, read at call time."""
    size = size or CHUNK_PAIRS
    return [(first, min(size, n_pairs - first)) for first in range(0, n_pairs, size)]


def load_kernels(table, opts, seed, sides) -> None:
    """Load (or compile) the paired-game kernel by playing no pairs; instant once loaded."""
    from emr_sim.aggregate import RECORD_COLS, aggregate_size, play_pairs

    agg = np.zeros(aggregate_size(int(opts[O_TURN_CAP])), dtype=np.int64)
    play_pairs(table, opts, seed, 0, 0, sides, agg, np.zeros((0, RECORD_COLS), dtype=np.int64))


def run_pairs(table, opts, seed, n_pairs, sides, workers, keep_records, progress, first_pair=0):
    """Play pairs first_pair .. first_pair + n_pairs - 1 on `workers` threads;
    (aggregate, records array or None; records row 2k + s is game s of the k-th pair played)."""
    from emr_sim.aggregate import RECORD_COLS, aggregate_size, play_pairs

    size = aggregate_size(int(opts[O_TURN_CAP]))
    records = np.zeros((2 * n_pairs if keep_records else 0, RECORD_COLS), dtype=np.int64)
    load_kernels(table, opts, seed, sides)  # once, before the threads start

    def task(first: int, count: int) -> tuple[np.ndarray, int]:
        agg = np.zeros(size, dtype=np.int64)
        rows = records[2 * first : 2 * (first + count)] if keep_records else records[:0]
        play_pairs(table, opts, seed, first_pair + first, count, sides, agg, rows)
        return agg, 2 * count

    total = np.zeros(size, dtype=np.int64)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(task, first, count) for first, count in chunks(n_pairs)]
        try:
            for future in as_completed(futures):
                agg, games = future.result()
                total += agg
                progress.update(games)
        except BaseException:  # Ctrl-C: drop the chunks not started, end soon
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return total, (records if keep_records else None)


def progress_bar(games: int, quiet: bool):
    """A tqdm bar on stderr with games/s and time left, shown after a second, on a terminal."""
    from tqdm import tqdm

    show = not quiet and sys.stderr.isatty()
    return tqdm(total=games, unit="game", file=sys.stderr, disable=not show, delay=1.0, smoothing=0.1)


def matchup(
    hero_a: str,
    hero_b: str,
    n: int = 100_000,
    seed: int = DEFAULT_SEED,
    players: str | tuple = "greedy,greedy",
    fury: bool = True,
    deck: Deck | str | Path | None = None,
    rules: dict[str, str] | None = None,
    workers: int | None = None,
    records: bool = False,
    quiet: bool = True,
) -> MatchupResult:
    """Play about n games (rounded up to pairs) of hero_a against hero_b; the summary
    (and, with records=True, one row per game as a DataFrame)."""
    if n < 1:
        raise ValueError(f"-n must be at least 1, not {n}")
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if "fury" in (rules or {}):
        raise ValueError("hero mode is set with --fury/--no-fury (fury=True/False), not the fury rule option")
    deck = deck if isinstance(deck, Deck) else load_deck(deck)
    opts = make_options({**(rules or {}), "fury": "on" if fury else "off"})
    if opts[O_HERO_SELECT] == HERO_RANDOM:
        raise ValueError("a matchup names its two heroes: hero_select=random (R-OPT-HERO) does not apply")
    table = card_table(deck, opts)
    sides = parse_sides(hero_a, hero_b, players)
    workers = workers or os.cpu_count() or 1
    n_pairs = math.ceil(n / 2)
    load_kernels(table, opts, seed, sides)  # kept out of the timing
    start = time.perf_counter()
    with progress_bar(2 * n_pairs, quiet) as bar:
        agg, rows = run_pairs(table, opts, seed, n_pairs, sides, workers, records, bar)
    seconds = time.perf_counter() - start
    run = run_record(seed, players, opts, deck, workers)
    summary = summarise(agg, side_labels(hero_a, hero_b), run, seconds)
    frame = records_frame(rows, side_labels(hero_a, hero_b)) if records else None
    return MatchupResult(summary, frame)


def run_record(seed, players, opts, deck, workers) -> dict:
    from emr_sim.game import parse_players

    kinds = parse_players(players)
    return {
        "seed": int(seed),
        "players": [C.PLAYER_NAMES[k] for k in kinds],
        "fury": bool(opts[0]),
        "deck_sha256": deck.sha256,
        "deck": deck.path,
        "rules": describe_options(opts),
        "version": __version__,
    }


def per_side(agg: np.ndarray, base: int, labels: tuple[str, str], games: int) -> dict:
    return {labels[s]: float(agg[base + s] / games) for s in range(2)}


def per_side_table(agg, base, width, names, labels, games) -> dict:
    return {
        labels[s]: {names[k]: float(agg[base + s * width + k] / games) for k in range(width)} for s in (0, 1)
    }


def summarise(agg: np.ndarray, labels: tuple[str, str], run: dict, seconds: float) -> dict:
    """The matchup summary from an aggregate vector (emr_sim.aggregate layout)."""
    from emr_sim import aggregate as A

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


RECORD_FIELDS = {
    "turns": C.GR_TURNS,
    "plays": C.GR_PLAYS,
    "decisions": C.GR_DECISIONS,
}
SIDE_FIELDS = {"health": C.GR_HEALTH, "hits": C.GR_HITS, "blocks": C.GR_BLOCKS, "counters": C.GR_COUNTERS}


def records_frame(rows: np.ndarray, labels: tuple[str, str]) -> pd.DataFrame:
    """One row per game: pair, side A's seat, winner, first player, length, per-side counts."""
    from emr_sim.aggregate import RECORD_COLS

    a_seat = rows[:, RECORD_COLS - 1]
    winner = rows[:, C.GR_WINNER]
    side_of = np.where(winner == C.DRAWN_GAME, -1, np.where(winner == a_seat, 0, 1))
    names = np.array(["draw", labels[0], labels[1]])
    first = np.where(rows[:, C.GR_FIRST] == a_seat, 0, 1)
    frame = {
        "pair": np.arange(len(rows)) // 2,
        "a_seat": a_seat,
        "winner": names[side_of + 1],
        "first": np.array(labels)[first],
    }
    frame |= {key: rows[:, off] for key, off in RECORD_FIELDS.items()}
    for key, off in SIDE_FIELDS.items():
        for s, label in enumerate(labels):
            seat = a_seat if s == 0 else 1 - a_seat
            frame[f"{key}_{label}"] = rows[np.arange(len(rows)), off + seat]
    for src, name in enumerate(C.SOURCE_NAMES):
        for s, label in enumerate(labels):
            seat = a_seat if s == 0 else 1 - a_seat
            frame[f"damage_{name}_{label}"] = rows[
                np.arange(len(rows)), C.GR_DAMAGE + seat * C.N_SOURCES + src
            ]
    import pandas as pd

    return pd.DataFrame(frame)


def write_records(frame: pd.DataFrame, path: str) -> None:
    """Parquet for *.parquet, else CSV; written whole or not at all."""
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        if target.suffix.lower() == ".parquet":
            frame.to_parquet(tmp, index=False)
        else:
            frame.to_csv(tmp, index=False)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def format_summary(s: dict) -> str:
    """The summary as a readable table for the terminal."""
    a, b = s["heroes"]
    lines = [
        f"{a} vs {b}: {s['games']:,} games in {s['pairs']:,} seat-swapped pairs, seed {s['run']['seed']}"
    ]
    if s["mirror"]:
        lines.append(
            "mirror match: outside the game's hero selection rule (R-OPT-HERO), a first-player check"
        )
    if not s["run"]["fury"]:
        lines.append("hero mode off (--no-fury): no fury and no techniques, the heroes are names only")
    lines.append(f"{'':<24}{a:>16}{b:>16}")
    rows = [
        ("wins", s["wins"], "{:,}"),
        ("win rate", s["win_rate"], "{:.1%}"),
        ("hits / game", s["hits_per_game"], "{:.2f}"),
        ("blocks / game", s["blocks_per_game"], "{:.2f}"),
        ("dragon counters / game", s["counters_per_game"], "{:.2f}"),
        ("extra actions / game", s["extra_actions_per_game"], "{:.2f}"),
    ]
    for name, values, fmt in rows:
        lines.append(f"{name:<24}{fmt.format(values[a]):>16}{fmt.format(values[b]):>16}")
    ci = [f"[{lo:.1%}, {hi:.1%}]" for lo, hi in (s["ci95"][a], s["ci95"][b])]
    lines.append(f"{'95% interval (Wilson)':<24}{ci[0]:>16}{ci[1]:>16}")
    lines.append("damage taken / game, by source:")
    for src in SOURCE_KEYS:
        da, db = s["damage_taken_per_game"][a][src], s["damage_taken_per_game"][b][src]
        lines.append(f"  {src:<22}{da:>16.2f}{db:>16.2f}")
    lines.append("techniques used / game:")
    used = [t for t in C.TECH_NAMES if s["techniques_per_game"][a][t] or s["techniques_per_game"][b][t]]
    for tech in used:
        ta, tb = s["techniques_per_game"][a][tech], s["techniques_per_game"][b][tech]
        lines.append(f"  {tech:<22}{ta:>16.2f}{tb:>16.2f}")
    if not used:
        lines.append("  none")
    lines.append("effects applied / game:")
    for eff in C.EFFECT_NAMES[1:]:
        ea, eb = s["effects_per_game"][a][eff], s["effects_per_game"][b][eff]
        lines.append(f"  {eff:<22}{ea:>16.2f}{eb:>16.2f}")
    pairs = ", ".join(f"{k} {v:,}" for k, v in s["pair_outcomes"].items())
    lines.append(f"pairs: {pairs}")
    lines.append(
        f"draws: {s['draws']:,}   first player wins {s['first_player_win_rate']:.1%} of decided games"
    )
    lines.append(
        f"game length in turns: mean {s['mean_turns']:.1f}, median {s['median_turns']}, "
        f"90th percentile {s['p90_turns']}"
    )
    lines.append(f"{s['seconds']:.1f} s, {s['games_per_second']:,.0f} games/s")
    return "\n".join(lines)


class _CallableModule(types.ModuleType):
    """This module, callable as `matchup(...)`: `emr_sim.matchup(...)` is the Python API."""

    def __call__(self, *args, **kwargs) -> MatchupResult:
        return matchup(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
