"""Cells of a hero matrix: win counts, intervals and tests per matchup, and the matrix view.

Every function takes and returns a pandas DataFrame. The input of `cell_table` is a games
frame (emr_sim.simulate.runs.records: one row per game, side-neutral columns); its output, the *cells*
frame, is the input of everything else here and of emr_sim.analysis.ratings/significance.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import binomtest, norm

from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.records import swap_sides
from emr_sim.stats import Z95, wilson

CELL = ["hero_a", "hero_b"]
# cell columns that read the same from either side (carried into `oriented` when present)
SYMMETRIC = [
    "p_value",
    "p_adjusted",
    "significant",
    "pairs",
    "half_width",
    "first_player_win_rate",
    "first_ci_low",
    "first_ci_high",
    "mean_turns",
    "median_turns",
]


def heroes_categorical(values) -> pd.Categorical:
    """Hero names as a categorical over HERO_NAMES (so sorting follows the game's order)."""
    if isinstance(getattr(values, "dtype", None), pd.CategoricalDtype):  # records' columns: recoded
        return pd.Categorical(values, categories=C.HERO_NAMES)  # at once, not name by name
    return pd.Categorical(np.asarray(values, dtype=object), categories=C.HERO_NAMES)


def canonical(games: pd.DataFrame) -> pd.DataFrame:
    """The games with every cell in its canonical orientation: hero_a before hero_b in
    HERO_NAMES order. Games stored the other way round (hero_a after hero_b) are seen from
    the other side (records.swap_sides); hero columns become categoricals over HERO_NAMES.

    `pair` becomes the pair's unit in the canonical cell: 2 x pair for a game stored in the
    canonical orientation, 2 x pair + 1 for one seen from the other side. A run of every
    assignment ("assignments": "every") plays both orientations of a cell on their own deals,
    so pair j of (crow, wind) and pair j of (wind, crow) are two units, not one (and a game
    of each is not the same game twice); a run of one orientation keeps its pairs as they
    were, numbered 0, 2, 4, ..."""
    games = games.copy()
    for col in CELL:
        games[col] = heroes_categorical(games[col])
    flip = (games["hero_a"].cat.codes > games["hero_b"].cat.codes).to_numpy()
    games["pair"] = games["pair"].astype(np.int64) * 2 + flip
    if flip.any():
        games = pd.concat([games[~flip], swap_sides(games[flip])])
        games = games.sort_values([*CELL, "pair", "a_seat"], kind="stable", ignore_index=True)
    return games


def canonical_cells(cells: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Cells in their canonical orientation (hero_a first in HERO_NAMES order), each once, in
    the order first met: the cells `cell_table` makes of games of those cells."""
    out: dict[tuple[str, str], None] = {}
    for a, b in cells:
        out[(a, b) if C.HERO_NAMES.index(a) <= C.HERO_NAMES.index(b) else (b, a)] = None
    return list(out)


def _wilson_columns(successes: pd.Series, n: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    bounds = [
        wilson(int(s), int(m)) if m > 0 else (np.nan, np.nan) for s, m in zip(successes, n, strict=True)
    ]
    arr = np.array(bounds, dtype=float).reshape(-1, 2)
    return arr[:, 0], arr[:, 1]


def binomial_p(successes: pd.Series, n: pd.Series) -> np.ndarray:
    """Two-sided exact binomial p-value of successes out of n against 1/2 (1.0 when n is 0)."""
    return np.array(
        [binomtest(int(s), int(m), 0.5).pvalue if m > 0 else 1.0 for s, m in zip(successes, n, strict=True)],
        dtype=float,
    )


# The counts of a cell table. pandas gives a sum of small integers (the records' int8 columns)
# the small type back whenever the sum fits in it, so 100 wins may come back int8, and
# wins + losses would wrap: counts are int64 from here on, whatever the records' types.
COUNTS = ("wins_a", "wins_b", "draws", "first_wins")


def pair_clustered_ratio(pairs: pd.DataFrame, by: list[str], num: str, den: str) -> pd.DataFrame:
    """Per group of `by`, from one row per pair: pairs, the sums of num and den, rate =
    sum num / sum den and its standard error with the pairs as the units (the ratio
    estimator: se^2 = n / (n - 1) * sum_j (num_j - rate den_j)^2 / (sum den)^2 over the n
    pairs; NaN with one pair)."""
    sums = {num: (num, "sum"), den: (den, "sum")}
    out = pairs.groupby(by, observed=True).agg(pairs=("pair", "size"), **sums)
    out = out.astype({num: np.int64, den: np.int64})  # see COUNTS
    out["rate"] = out[num] / out[den]
    rate = pairs.join(out["rate"], on=by)["rate"]
    r2 = ((pairs[num] - rate * pairs[den]) ** 2).groupby([pairs[k] for k in by], observed=True).sum()
    n = out["pairs"]
    out["se"] = np.sqrt(r2 * n / (n - 1).where(n > 1)) / out[den]
    return out


def first_player_by_pair(games: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Per group of `by`: decided games, first-player wins, rate, pair-clustered se,
    interval and p-value against 1/2."""
    g = games.assign(
        first_won=np.where(games["a_first"] == 1, games["win_a"], games["win_b"]),
        decided=1 - games["draw"],
    )
    pairs = g.groupby([*by, "pair"], observed=True)[["first_won", "decided"]].sum().reset_index()
    pairs = pairs[pairs["decided"] > 0]
    out = pair_clustered_ratio(pairs, by, "first_won", "decided").rename(columns={"first_won": "first_wins"})
    out = out[["pairs", "decided", "first_wins", "rate", "se"]]
    out["ci_low"] = out["rate"] - Z95 * out["se"]
    out["ci_high"] = out["rate"] + Z95 * out["se"]
    gap = (out["rate"] - 0.5).abs()
    out["p_value"] = np.where(
        out["se"] > 0, 2 * norm.sf(gap / out["se"].where(out["se"] > 0)), (gap == 0) * 1.0
    )
    return out.reset_index()


def first_player_overall(games: pd.DataFrame) -> pd.Series:
    """first_player_by_pair over every game of the frame at once: the pairs of all cells are the
    units (a pair is (hero_a, hero_b, pair)), so the interval is not the too narrow game-level
    one (first-player wins within a pair are correlated).

    Caveat: the rate pools the cells as they were played, so a hero with more games (an
    --until-ci run) weighs more; per-cell rates are in cell_table."""
    unit = games.groupby(["hero_a", "hero_b", "pair"], observed=True, sort=False).ngroup()
    out = first_player_by_pair(games.assign(pair=unit.to_numpy(), scope="all"), ["scope"])
    return out.iloc[0].drop("scope")


def cell_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per cell (hero_a, hero_b) of a games frame, in HERO_NAMES order.

    Columns: hero_a, hero_b (categoricals over HERO_NAMES); games, pairs (distinct pair
    indices), wins_a, wins_b, draws; win_rate = wins_a / games (a draw is a game not won)
    with its 95 % Wilson interval ci_low, ci_high and half_width = (ci_high - ci_low) / 2;
    first_player_win_rate = share of the decided games won by whoever took the first turn,
    with its 95 % interval first_ci_low, first_ci_high, pairs as the units (NaN with no
    decided game; first_player_by_pair);
    p_value = two-sided exact binomial test of wins_a among the decided games against 1/2
    (1.0 with no decided game); mean_turns, median_turns (numpy median: the mean of the two
    middle lengths for an even count).

    Games stored with hero_a after hero_b are first seen from the other side, so a cell
    does not depend on the orientation it was played in; a mirror cell (crow, crow) is kept.

    Caveat: the intervals and the test treat the games as independent. The two games of a
    pair share the deal and swap the seats. Measured on a 56,000-game run (all 28 cells,
    greedy players, hero mode): side A's outcomes within a pair are negatively correlated
    in every cell (-0.13 to -0.51, pooled -0.23; the seat on a deal matters), so the
    variance of win_rate over pairs is 0.49-0.87 (mean 0.76) of the binomial one and
    ci_low/ci_high and p_value are conservative (about 15 % too wide). The first player's
    wins are the other way round (the first player of game 1 is the other side in game 2):
    correlation +0.22, variance 1.12-1.51 times binomial, so a Wilson interval over games
    would be about 10 % too narrow: first_ci_low/first_ci_high use the pairs as units.
    """
    g = canonical(games[[*CELL, "pair", "a_seat", "a_first", "win_a", "win_b", "draw", "turns"]])
    first_won = np.where(g["a_first"] == 1, g["win_a"], g["win_b"])
    g = g.assign(first_won=first_won)
    grouped = g.groupby(CELL, observed=True, sort=True)
    cells = grouped.agg(
        games=("win_a", "size"),
        pairs=("pair", "nunique"),
        wins_a=("win_a", "sum"),
        wins_b=("win_b", "sum"),
        draws=("draw", "sum"),
        first_wins=("first_won", "sum"),
        mean_turns=("turns", "mean"),
        median_turns=("turns", "median"),
    ).reset_index()
    cells = cells.astype(dict.fromkeys(COUNTS, np.int64))
    decided = cells["games"] - cells["draws"]
    cells["win_rate"] = cells["wins_a"] / cells["games"]
    cells["ci_low"], cells["ci_high"] = _wilson_columns(cells["wins_a"], cells["games"])
    cells["half_width"] = (cells["ci_high"] - cells["ci_low"]) / 2
    cells["first_player_win_rate"] = cells["first_wins"] / decided.where(decided > 0)
    by_pair = first_player_by_pair(g, CELL).set_index(CELL)  # pairs as units, see the docstring
    cells = cells.join(by_pair[["ci_low", "ci_high"]].add_prefix("first_"), on=CELL)
    cells["p_value"] = binomial_p(cells["wins_a"], decided)
    columns = [
        *CELL,
        "games",
        "pairs",
        "wins_a",
        "wins_b",
        "draws",
        "win_rate",
        "ci_low",
        "ci_high",
        "half_width",
        "first_player_win_rate",
        "first_ci_low",
        "first_ci_high",
        "p_value",
        "mean_turns",
        "median_turns",
    ]
    return cells[columns]


def oriented(cells: pd.DataFrame) -> pd.DataFrame:
    """Every cell seen from both sides: one row per (hero, opponent).

    Columns: hero, opponent (categoricals over HERO_NAMES), games, wins, losses, draws,
    win_rate = wins / games of `hero`, its 95 % Wilson interval ci_low, ci_high, and the
    cell's columns that read the same from either side when present (p_value, and
    p_adjusted / significant after emr_sim.analysis.adjust, pairs, half_width,
    first_player_win_rate and its interval, mean_turns, median_turns). Rows are sorted by hero then
    opponent. A mirror cell appears once (from side A): both rows would be the same key.

    Caveat: the two rows of a cell are one test, not two: adjust p-values on the cells
    frame, not on this one. Intervals as in cell_table (conservative over pairs).
    """
    a = pd.DataFrame(
        {
            "hero": cells["hero_a"].to_numpy(),
            "opponent": cells["hero_b"].to_numpy(),
            "wins": cells["wins_a"].to_numpy(),
            "losses": cells["wins_b"].to_numpy(),
        }
    )
    b = pd.DataFrame(
        {
            "hero": cells["hero_b"].to_numpy(),
            "opponent": cells["hero_a"].to_numpy(),
            "wins": cells["wins_b"].to_numpy(),
            "losses": cells["wins_a"].to_numpy(),
        }
    )
    extra = [c for c in SYMMETRIC if c in cells.columns]
    for side in (a, b):
        side["games"] = cells["games"].to_numpy()
        side["draws"] = cells["draws"].to_numpy()
        for col in extra:
            side[col] = cells[col].to_numpy()
    mirror = (cells["hero_a"].astype(str) == cells["hero_b"].astype(str)).to_numpy()
    out = pd.concat([a, b[~mirror]], ignore_index=True)
    out["hero"] = heroes_categorical(out["hero"])
    out["opponent"] = heroes_categorical(out["opponent"])
    out["win_rate"] = out["wins"] / out["games"]
    out["ci_low"], out["ci_high"] = _wilson_columns(out["wins"], out["games"])
    columns = ["hero", "opponent", "games", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high"]
    out = out[columns + [c for c in extra if c not in columns]]
    return out.sort_values(["hero", "opponent"], ignore_index=True)


def matrix(cells: pd.DataFrame, value: str = "win_rate") -> pd.DataFrame:
    """The hero matrix: a square frame, index = row hero (`hero`), columns = column hero
    (`opponent`), both in HERO_NAMES order over the heroes present; the entry is `value`
    (any column of `oriented`: win_rate, ci_low, ci_high, games, half_width, p_value ...)
    of the row hero against the column hero. The diagonal is NaN, as are cells not played.

    Without draws the win-rate matrix is complementary: M[a, b] + M[b, a] = 1.
    Caveat: entries are per-cell estimates with their own noise (see cell_table); a
    row's mean is emr_sim.analysis.field_means.
    """
    sides = oriented(cells)
    if value not in sides.columns or value in ("hero", "opponent"):
        known = [c for c in sides.columns if c not in ("hero", "opponent")]
        raise ValueError(f"unknown matrix value {value!r}; known: {', '.join(known)}")
    if sides.duplicated(["hero", "opponent"]).any():
        raise ValueError(
            "a cell appears twice (both orientations or twice the same): build cells with cell_table"
        )
    present = [h for h in C.HERO_NAMES if h in set(sides["hero"].astype(str))]
    wide = sides.pivot(index="hero", columns="opponent", values=value)
    wide = wide.reindex(index=present, columns=present).astype(float)
    for h in present:
        wide.loc[h, h] = np.nan
    wide.index = pd.Index(present, name="hero")
    wide.columns = pd.Index(present, name="opponent")
    return wide
