"""How balanced a hero matrix is, for the rebalance search (emr_sim.studies.rebalance): the
matrix and each master's field mean from per-cell counts, the goals a designer names, the
penalty of a change and the guards (numbers in, numbers out; plays no game).

A cell's counts (CellCounts) are the sums the paired-game kernel streams (games, side A's wins,
draws, the first player's wins, the four kinds of pair, the histogram of game lengths), so
the search keeps no per-game records. Scores count a draw as half a point; the standard error
of a cell's score takes the pairs as units (a pair is one deal from both seats: AA, split,
BB, or with a draw), which is exact for the pair-clustered variance of the cell's score.

Goals (their `excess` is 0 when the goal is met, in points otherwise):

    field:X    every master's field mean (its mean score over its cells) within 50 ± X points
    target:X   the root-mean-square distance of the cells to a target matrix at most X points
               (cells the designer left empty do not count: intended counters are allowed)
    nash:X     every master's score against the equilibrium mix of the pick game within X
               points of the game's value (1/2): each is in the support of an X-equilibrium

The search aims `margin` points inside the goal, so that a proposal found on its own seeds
keeps to the goal on fresh ones.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from emr_sim.errors import quoted
from emr_sim.stats import Z95, histogram_quantile

POINTS = 100.0  # a score of 0.01 is one point
MAX_COUNT = 10**15  # a count read from a file: above any run's games (sizes.MAX_GAMES is 10**12)
MAX_TURNS = 100_001  # a game's turns at most: the turn cap's highest value (D-DECKOUT's turn_cap), and one
FIELD, TARGET, NASH = "field", "target", "nash"
GOAL_KINDS = (FIELD, TARGET, NASH)
GUARD_WEIGHT = 10.0  # loss per point (first player) or turn (median length) outside a guard
TIE_WEIGHT = 0.01  # loss per point of the masters' rms deviation: the closer of two equal proposals


@dataclass
class CellCounts:
    """One cell's sums (side A is the cell's first master in HERO_NAMES order)."""

    games: int = 0
    wins_a: int = 0
    draws: int = 0
    first_wins: int = 0
    pairs_a: int = 0  # pairs won twice by A
    pairs_split: int = 0
    pairs_b: int = 0
    pairs_drawn: int = 0  # pairs with a draw
    turns: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def __add__(self, other: CellCounts) -> CellCounts:
        size = max(len(self.turns), len(other.turns))
        turns = np.zeros(size, dtype=np.int64)
        turns[: len(self.turns)] += self.turns
        turns[: len(other.turns)] += other.turns
        return CellCounts(
            self.games + other.games,
            self.wins_a + other.wins_a,
            self.draws + other.draws,
            self.first_wins + other.first_wins,
            self.pairs_a + other.pairs_a,
            self.pairs_split + other.pairs_split,
            self.pairs_b + other.pairs_b,
            self.pairs_drawn + other.pairs_drawn,
            turns,
        )

    @property
    def score(self) -> float:
        """Side A's share of the points (a draw half a point); NaN with no game."""
        return (self.wins_a + self.draws / 2) / self.games if self.games else math.nan

    @property
    def pairs(self) -> int:
        return self.pairs_a + self.pairs_split + self.pairs_b + self.pairs_drawn

    @property
    def se(self) -> float:
        """Standard error of `score` with the pairs as units (a pair's score 1, 1/2 or 0; a
        pair with a draw counted 1/2)."""
        n = self.pairs
        if n < 2:
            return math.nan
        values = np.array([1.0, 0.5, 0.0, 0.5])
        counts = np.array([self.pairs_a, self.pairs_split, self.pairs_b, self.pairs_drawn], dtype=float)
        mean = counts @ values / n
        var = counts @ (values - mean) ** 2 / (n - 1)
        return math.sqrt(var / n)

    def record(self) -> dict:
        """A JSON-able form (the turns histogram as [first non-zero length, counts...])."""
        nz = np.flatnonzero(self.turns)
        start = int(nz[0]) if nz.size else 0
        stop = int(nz[-1]) + 1 if nz.size else 0
        return {
            "games": self.games,
            "wins_a": self.wins_a,
            "draws": self.draws,
            "first_wins": self.first_wins,
            "pairs": [self.pairs_a, self.pairs_split, self.pairs_b, self.pairs_drawn],
            "turns_from": start,
            "turns": [int(v) for v in self.turns[start:stop]],
        }

    @staticmethod
    def record_problem(entry: object) -> str | None:
        """What is wrong with a record of `record()`'s form read from a file (None: nothing):
        counts are whole numbers of at least 0 that add up (a pair is two games, a game has
        one result), the turns histogram holds the games."""
        if not isinstance(entry, dict):
            return f"not an object of counts: {quoted(entry)}"
        for key in ("games", "wins_a", "draws", "first_wins", "turns_from"):
            value = entry.get(key)
            if type(value) is not int or not 0 <= value <= MAX_COUNT:
                return f"{key} must be a whole number from 0 to {MAX_COUNT:,}, not {quoted(value)}"
        pairs, turns = entry.get("pairs"), entry.get("turns")
        if not isinstance(pairs, list) or len(pairs) != 4 or any(type(v) is not int or v < 0 for v in pairs):
            return f"pairs must be 4 whole numbers of at least 0, not {quoted(pairs)}"
        if not isinstance(turns, list) or any(type(v) is not int or v < 0 for v in turns):
            return f"turns must be a list of whole numbers of at least 0, not {quoted(turns)}"
        games = entry["games"]
        if entry["turns_from"] + len(turns) > MAX_TURNS:
            return f"turns reach {entry['turns_from'] + len(turns):,}, past the turn cap's {MAX_TURNS:,}"
        if entry["wins_a"] + entry["draws"] > games or entry["first_wins"] > games:
            return f"wins_a {entry['wins_a']} and draws {entry['draws']} (or first_wins) exceed games {games}"
        if 2 * sum(pairs) != games or sum(turns) != games:
            return f"games {games} is not twice the pairs {sum(pairs)} and the sum of turns {sum(turns)}"
        return None

    @classmethod
    def from_record(cls, entry: dict) -> CellCounts:
        turns = np.zeros(int(entry["turns_from"]) + len(entry["turns"]), dtype=np.int64)
        turns[int(entry["turns_from"]) :] = entry["turns"]
        pa, ps, pb, pd = (int(v) for v in entry["pairs"])
        return cls(
            int(entry["games"]),
            int(entry["wins_a"]),
            int(entry["draws"]),
            int(entry["first_wins"]),
            pa,
            ps,
            pb,
            pd,
            turns,
        )


Cells = dict[tuple[str, str], CellCounts]


@dataclass(frozen=True)
class Balance:
    """A matrix's balance figures: P (scores, diagonal 1/2), its standard errors, each
    master's field mean and se, the first player's share of decided games, the median length."""

    heroes: list[str]
    P: np.ndarray
    se: np.ndarray
    field: np.ndarray
    field_se: np.ndarray
    first: float
    median_turns: int
    games: int

    def deviations(self) -> np.ndarray:
        """Each master's field mean minus 50 %, in points."""
        return POINTS * (self.field - 0.5)

    def record(self) -> dict:
        return {
            "field": {h: round(float(v), 6) for h, v in zip(self.heroes, self.field, strict=True)},
            "field_se": {h: round(float(v), 6) for h, v in zip(self.heroes, self.field_se, strict=True)},
            "first": round(self.first, 6),
            "median_turns": self.median_turns,
            "games": self.games,
        }


def balance_of(cells: Cells, heroes: list[str]) -> Balance:
    """The balance figures of every cell of the heroes (each unordered pair once, side A the
    first in `heroes` order; ValueError naming a cell that is missing)."""
    n = len(heroes)
    P, se = np.full((n, n), 0.5), np.zeros((n, n))
    first = decided = games = 0
    turns = np.zeros(1, dtype=np.int64)
    for i in range(n):
        for j in range(i + 1, n):
            counts = cells.get((heroes[i], heroes[j]))
            if counts is None or not counts.games:
                raise ValueError(f"cell {heroes[i]} vs {heroes[j]} has no game")
            P[i, j], P[j, i] = counts.score, 1 - counts.score
            se[i, j] = se[j, i] = counts.se if math.isfinite(counts.se) else 0.5 / math.sqrt(counts.games)
            first += counts.first_wins
            decided += counts.games - counts.draws
            games += counts.games
            turns = (CellCounts(turns=turns) + CellCounts(turns=counts.turns)).turns
    mask = ~np.eye(n, dtype=bool)
    field_mean = np.array([P[i][mask[i]].mean() for i in range(n)])
    field_se = np.array([math.sqrt(float((se[i][mask[i]] ** 2).sum())) / (n - 1) for i in range(n)])
    return Balance(
        list(heroes),
        P,
        se,
        field_mean,
        field_se,
        first / decided if decided else math.nan,
        histogram_quantile(turns, 0.5),
        games,
    )


# ---------------------------------------------------------------- the pick game


def nash_mix(P: np.ndarray) -> np.ndarray:
    """The maximum-entropy equilibrium mix of the symmetric zero-sum pick game with scores P
    (P + P.T = 1; emr_sim.analysis.nash, the metagame's: unique, and unmoved by a copy of a
    master)."""
    from emr_sim.analysis.nash import nash

    A = np.asarray(P, dtype=float) - 0.5
    return nash((A - A.T) / 2).mix  # exactly antisymmetric (P's halves are 1 - each other)


def nash_gaps(P: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(mix, gaps): the equilibrium mix and each master's shortfall against it in points,
    50 - its score against the mix (0 for the masters in the support)."""
    mix = nash_mix(P)
    return mix, np.maximum(POINTS * (0.5 - np.asarray(P) @ mix), 0.0)


# ---------------------------------------------------------------- goals


@dataclass(frozen=True)
class Goal:
    """What the designer asks: a kind of GOAL_KINDS and its tolerance in points; for TARGET the
    target matrix (NaN where the designer left a cell empty), in the heroes' order."""

    kind: str
    tolerance: float
    target: np.ndarray | None = None

    @property
    def text(self) -> str:
        return f"{self.kind}:{self.tolerance:g}"

    def misses(self, b: Balance) -> np.ndarray:
        """Per master (field, nash) or per cell given (target): how far each is from the goal,
        in points (|deviation|, the shortfall against the equilibrium, or |cell - target|)."""
        if self.kind == FIELD:
            return np.abs(b.deviations())
        if self.kind == NASH:
            return nash_gaps(b.P)[1]
        assert self.target is not None
        upper = np.triu(np.ones_like(b.P, dtype=bool), 1) & np.isfinite(self.target)
        return POINTS * np.abs(b.P - self.target)[upper]

    def distance(self, b: Balance) -> float:
        """The goal's figure, in points: the largest miss (field, nash) or the rms (target)."""
        misses = self.misses(b)
        if self.kind == TARGET:
            return float(np.sqrt(np.mean(misses**2))) if misses.size else 0.0
        return float(misses.max())

    def met(self, b: Balance) -> bool:
        return self.distance(b) <= self.tolerance

    def excess(self, b: Balance, margin: float) -> float:
        """0 when the goal is met `margin` points inside its tolerance, else how far it is
        missed: the root of the summed squares of the misses beyond (tolerance - margin) for
        field and nash (every master counts), the rms beyond it for target."""
        aim = max(self.tolerance - margin, 0.0)
        if self.kind == TARGET:
            return max(self.distance(b) - aim, 0.0)
        beyond = np.maximum(self.misses(b) - aim, 0.0)
        return float(np.sqrt((beyond**2).sum()))


def check_target(target: np.ndarray, heroes: list[str], where: str) -> np.ndarray:
    """A target matrix (rows and columns in `heroes` order; NaN = no target) checked and made
    whole: each value in 0..1, the diagonal ignored, a cell given from both sides adding up to 1;
    ValueError naming the cell otherwise. The upper triangle then holds every target given."""
    target = np.array(target, dtype=float)
    n = len(heroes)
    if target.shape != (n, n):
        raise ValueError(
            f"{where}: a target matrix of shape {target.shape[0]}x{target.shape[1]}; "
            f"the study's {n} masters need {n}x{n}"
        )
    for i in range(n):
        target[i, i] = np.nan
        for j in range(n):
            value = target[i, j]
            if np.isfinite(value) and not 0 <= value <= 1:
                raise ValueError(
                    f"{where}: {heroes[i]} vs {heroes[j]} is {value:g}, not a win rate from 0 to 1"
                )
    for i in range(n):
        for j in range(i + 1, n):
            up, down = target[i, j], target[j, i]
            if np.isfinite(up) and np.isfinite(down) and abs(up + down - 1) > 1e-6:
                raise ValueError(
                    f"{where}: {heroes[i]} vs {heroes[j]} is {up:g} but {heroes[j]} vs {heroes[i]} is "
                    f"{down:g}; the two sides of a cell add up to 1"
                )
            if not np.isfinite(up) and np.isfinite(down):
                target[i, j] = 1 - down
            target[j, i] = 1 - target[i, j] if np.isfinite(target[i, j]) else np.nan
    if not np.isfinite(target[np.triu_indices(n, 1)]).any():
        raise ValueError(f"{where}: the target matrix gives no cell")
    return target


# ---------------------------------------------------------------- guards and the loss


@dataclass(frozen=True)
class Guards:
    """Bounds a proposal must keep: the first player's share of decided games (0..1) and the
    median game length in turns; None: no bound."""

    first: tuple[float, float] | None = None
    turns: tuple[float, float] | None = None

    def violation(self, b: Balance) -> float:
        """How far outside the bounds: points for the first player, turns for the length."""
        out = 0.0
        if self.first is not None and math.isfinite(b.first):
            low, high = self.first
            out += POINTS * max(low - b.first, b.first - high, 0.0)
        if self.turns is not None:
            low, high = self.turns
            out += max(low - b.median_turns, b.median_turns - high, 0.0)
        return out


@dataclass(frozen=True)
class Penalty:
    """The price of a change, in points of the goal: `count` per change, `size` per unit of
    size (a numeric knob's steps from its base beyond the first, e.g. health 8 -> 10 is one
    unit; a categorical change has none)."""

    count: float = 0.25
    size: float = 0.25

    def of(self, sizes: list[int]) -> float:
        return self.count * len(sizes) + self.size * sum(max(s - 1, 0) for s in sizes)


def loss(goal: Goal, b: Balance, sizes: list[int], penalty: Penalty, guards: Guards, margin: float) -> float:
    """What the search minimises: the goal's excess, the penalty of the changes, GUARD_WEIGHT
    per unit outside the guards, and TIE_WEIGHT per point of the masters' rms deviation."""
    rms = float(np.sqrt(np.mean(b.deviations() ** 2)))
    return goal.excess(b, margin) + penalty.of(sizes) + GUARD_WEIGHT * guards.violation(b) + TIE_WEIGHT * rms


def field_interval(b: Balance) -> tuple[np.ndarray, np.ndarray]:
    """95 % interval of each master's field mean (normal, from field_se)."""
    return b.field - Z95 * b.field_se, b.field + Z95 * b.field_se


def with_scores(b: Balance, P: np.ndarray) -> Balance:
    """The balance figures with the scores P instead (clipped to 0..1; the same standard
    errors, first player and length): what a model predicts."""
    P = np.clip(np.asarray(P, dtype=float), 0.0, 1.0)
    n = len(b.heroes)
    mask = ~np.eye(n, dtype=bool)
    field_mean = np.array([P[i][mask[i]].mean() for i in range(n)])
    return Balance(b.heroes, P, b.se, field_mean, b.field_se, b.first, b.median_turns, b.games)


def counts_from_games(games) -> Cells:
    """The counts of each cell of a games frame (emr_sim.simulate.runs.records), seen from the
    cell's first master in HERO_NAMES order (as a cell's counts of the search are)."""
    from emr_sim.analysis.cells import canonical

    cols = ["hero_a", "hero_b", "pair", "a_seat", "a_first", "win_a", "win_b", "draw", "turns"]
    g = canonical(games[cols])
    g = g.assign(first_won=np.where(g["a_first"] == 1, g["win_a"], g["win_b"]).astype(np.int64))
    out: Cells = {}
    for (a, b), cell in g.groupby(["hero_a", "hero_b"], observed=True, sort=True):
        per_pair = cell.groupby("pair").agg(wins=("win_a", "sum"), draws=("draw", "sum"))
        drawn = per_pair["draws"] > 0
        wins = per_pair["wins"][~drawn]
        out[(str(a), str(b))] = CellCounts(
            games=len(cell),
            wins_a=int(cell["win_a"].sum()),
            draws=int(cell["draw"].sum()),
            first_wins=int(cell["first_won"].sum()),
            pairs_a=int((wins == 2).sum()),
            pairs_split=int((wins == 1).sum()),
            pairs_b=int((wins == 0).sum()),
            pairs_drawn=int(drawn.sum()),
            turns=np.bincount(cell["turns"].to_numpy(np.int64)),
        )
    return out
