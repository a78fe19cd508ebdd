"""A claim checked on a run's games: holds, contradicted or not resolved, with its interval; and
how far a change moves it, from paired cell deltas (frames in, results out; plays no game).

    holds           the claim's 95 % interval lies wholly on its side
    contradicted    it lies wholly on the other side
    not resolved    it straddles the line (more games, or a closer look, could tell)

"A beats B": A's win rate against B (Wilson interval). "A wins over P %": A's field mean (its
mean win rate over its opponents, emr_sim.analysis.field_means). "The first player wins
under P %": the first player's share of decided games, the pairs as units
(first_player_overall). "A is in the top N": A's rank by field mean, as an interval: each
other master X is above A when the 95 % interval of the gap FM(X) - FM(A) is above 0 (the
variance counts the cell they share once, with its two sides' covariance), below when under
0; the best rank is 1 + the masters surely above, the worst 1 + those not surely below. The
comparisons are not corrected for their number (7 at most): a rank interval is a little
narrower than a simultaneous one.

The margin of a check is how far the claim is on its side (negative: the wrong side): the
rate minus the line, or for "top N" the gap to the competitor, the master at the boundary
(the N-th best other master when A is outside the top N, the (N+1)-th when inside). A change
moves a claim by the change of its margin (move_from_cells: a weighted sum of the paired
cell deltas of emr_sim.analysis.compare.compare_cells, scores with a draw as 1/2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pandas as pd

from emr_sim.analysis.cells import cell_table, first_player_overall, oriented
from emr_sim.analysis.claims.spec import ABOVE, BEATS, FIELD, FIRST, TOP, Claim
from emr_sim.analysis.ratings import field_means
from emr_sim.stats import Z95

HOLDS, CONTRADICTED, NOT_RESOLVED = "holds", "contradicted", "not resolved"


@dataclass
class ClaimCheck:
    """A claim at one rung: status, the statistic with its 95 % interval, the margin."""

    claim: Claim
    status: str
    value: float  # a rate (0..1), or the rank for "top N"
    low: float
    high: float
    margin: float  # on the claim's side when positive
    competitor: str | None = None  # "top N": the master at the boundary
    field: tuple[float, float, float] | None = None  # "top N": A's field mean and interval

    def words(self) -> str:
        if self.claim.kind == TOP:
            rank = f"rank {self.value:g} ({self.low:g}–{self.high:g})"
            fm, lo, hi = self.field or (math.nan,) * 3
            return f"{rank}; field mean {100 * fm:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"
        return f"{100 * self.value:.1f} % [{100 * self.low:.1f}, {100 * self.high:.1f}]"

    def record(self) -> dict:
        return {
            "claim": self.claim.name,
            "says": self.claim.says,
            "status": self.status,
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "margin": self.margin,
            "competitor": self.competitor,
            "field": list(self.field) if self.field else None,
            "words": self.words(),
        }


def number(value: Any) -> float:
    """A value of a frame as a float (pandas types a cell's value as a wide union)."""
    return float(value)


def status_of(low: float, high: float, line: float, above: bool) -> str:
    """HOLDS when [low, high] is on the claim's side of the line, CONTRADICTED when on the other."""
    if (low > line) if above else (high < line):
        return HOLDS
    if (high < line) if above else (low > line):
        return CONTRADICTED
    return NOT_RESOLVED


def present(cells: pd.DataFrame) -> set[str]:
    return set(cells["hero_a"].astype(str)) | set(cells["hero_b"].astype(str))


def check_claim(claim: Claim, games: pd.DataFrame, cells: pd.DataFrame | None = None) -> ClaimCheck:
    """The claim on a games frame (cells: its cell_table, when at hand); ValueError naming a
    master the games do not have."""
    cells = cell_table(games) if cells is None else cells
    missing = [m for m in claim.masters if m not in present(cells)]
    if missing:
        raise ValueError(f"claim {claim.says!r}: {missing[0]} is not among the run's masters")
    if claim.kind == BEATS:
        sides = oriented(cells)
        row = sides[
            (sides["hero"].astype(str) == claim.master) & (sides["opponent"].astype(str) == claim.opponent)
        ]
        if row.empty:
            raise ValueError(
                f"claim {claim.says!r}: the run has no game of {claim.master} against {claim.opponent}"
            )
        r = row.iloc[0]
        rate, low, high = float(r["win_rate"]), float(r["ci_low"]), float(r["ci_high"])
        return ClaimCheck(claim, status_of(low, high, 0.5, True), rate, low, high, rate - 0.5)
    if claim.kind == TOP:
        return check_top(claim, cells)
    if claim.kind == FIELD:
        f = field_means(cells).loc[str(claim.master)]
        rate, low, high = number(f["win_rate"]), number(f["ci_low"]), number(f["ci_high"])
    else:
        first = first_player_overall(games)
        rate, low, high = float(first["rate"]), float(first["ci_low"]), float(first["ci_high"])
    line, above = float(claim.threshold or 0.0), claim.direction == ABOVE
    margin = rate - line if above else line - rate
    return ClaimCheck(claim, status_of(low, high, line, above), rate, low, high, margin)


def field_gap(cells: pd.DataFrame, a: str, x: str) -> tuple[float, float]:
    """FM(a) - FM(x) and its standard error (win rates; each cell's games as multinomial, the
    cell a-x entering both means with its two sides' covariance)."""
    sides = oriented(cells[(cells["hero_a"].astype(str) != cells["hero_b"].astype(str)).to_numpy()])
    sides = sides.assign(hero=sides["hero"].astype(str), opponent=sides["opponent"].astype(str))
    mine, theirs = sides[sides["hero"] == a], sides[sides["hero"] == x]
    ka, kx = len(mine), len(theirs)
    gap = float(mine["win_rate"].mean() - theirs["win_rate"].mean())

    def var(rows: pd.DataFrame) -> float:
        return float((rows["win_rate"] * (1 - rows["win_rate"]) / rows["games"]).sum())

    shared_a, shared_x = mine[mine["opponent"] == x], theirs[theirs["opponent"] == a]
    variance = var(mine[mine["opponent"] != x]) / ka**2 + var(theirs[theirs["opponent"] != a]) / kx**2
    if len(shared_a) and len(shared_x):
        pa, px, n = (
            float(shared_a["win_rate"].iloc[0]),
            float(shared_x["win_rate"].iloc[0]),
            float(shared_a["games"].iloc[0]),
        )
        variance += (pa * (1 - pa) / ka**2 + px * (1 - px) / kx**2 + 2 * pa * px / (ka * kx)) / n
    return gap, math.sqrt(variance)


def check_top(claim: Claim, cells: pd.DataFrame) -> ClaimCheck:
    """'A is in the top N': A's rank interval against the other masters (module docstring)."""
    field = field_means(cells)
    a, top = str(claim.master), int(claim.top or 0)
    others = [str(h) for h in field.index if str(h) != a]
    above = below = 0
    for x in others:
        gap, se = field_gap(cells, a, x)
        above += gap + Z95 * se < 0  # x is surely above a
        below += gap - Z95 * se > 0  # x is surely below a
    best, worst = 1 + above, 1 + len(others) - below
    rank = int(number(field.loc[a, "rank"]))
    ordered = [x for x in field.index.astype(str) if x != a]  # best first
    competitor = ordered[top - 1] if rank > top else ordered[top] if top < len(ordered) else ordered[-1]
    margin = number(field.loc[a, "win_rate"]) - number(field.loc[competitor, "win_rate"])
    status = HOLDS if worst <= top else CONTRADICTED if best > top else NOT_RESOLVED
    fm = (number(field.loc[a, "win_rate"]), number(field.loc[a, "ci_low"]), number(field.loc[a, "ci_high"]))
    return ClaimCheck(claim, status, float(rank), float(best), float(worst), margin, competitor, fm)


def claim_cells(claim: Claim, heroes: list[str], competitor: str | None = None) -> list[tuple[str, str]]:
    """The cells (in the run's order) that a claim's margin depends on: A-B for "beats", A's
    cells for a field mean, A's and the competitor's for "top N", every cell for the first
    player."""
    from emr_sim.simulate.runs.cells import cell_pairs

    cells = cell_pairs(heroes)
    if claim.kind == BEATS:
        return [c for c in cells if set(c) == {claim.master, claim.opponent}]
    if claim.kind == FIELD:
        return [c for c in cells if claim.master in c]
    if claim.kind == TOP:
        return [c for c in cells if claim.master in c or competitor in c]
    return cells


def move_from_cells(claim: Claim, cells: pd.DataFrame, competitor: str | None = None) -> tuple[float, float]:
    """How far a change moves the claim's margin, with its standard error, from the paired
    deltas of a cells frame (hero_a, hero_b, delta, se: compare_cells) of its masters' cells;
    NaN for the first player's claims, which no cell delta gives."""
    if claim.kind == FIRST:
        return math.nan, math.nan
    a, b = str(claim.master), claim.opponent
    ha, hb = cells["hero_a"].astype(str).to_numpy(), cells["hero_b"].astype(str).to_numpy()
    side_a = pd.Series(ha == a).astype(float) - pd.Series(hb == a).astype(float)  # +1 side A, -1 side B
    if claim.kind == BEATS:
        weight = side_a * pd.Series((ha == b) | (hb == b)).astype(float)
    else:
        weight = side_a / max(int((side_a != 0).sum()), 1)
        if claim.kind == TOP:
            side_c = pd.Series(ha == competitor).astype(float) - pd.Series(hb == competitor).astype(float)
            weight = weight - side_c / max(int((side_c != 0).sum()), 1)
        elif claim.direction != ABOVE:
            weight = -weight
    delta = cells["delta"].to_numpy(float)
    se = cells["se"].to_numpy(float)
    w = weight.to_numpy(float)
    return float((w * delta).sum()), float(math.sqrt((w**2 * se**2).sum()))
