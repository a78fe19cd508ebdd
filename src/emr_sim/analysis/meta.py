"""The metagame of a hero matrix: the game of picking a master, with intervals (docs/meta.md).

The matrix of a run is a symmetric zero-sum game: each player picks a master, and picking i
against j scores P[i, j] (i's share of the points over the cell's games, a draw half a point; a
mirror pick 0.5). Its antisymmetric payoff A = P - 0.5 is what every analysis here uses:

- the Nash equilibrium of blind picks and the maximum-entropy one (emr_sim.analysis.nash), each
  master's Nash average (its score against the equilibrium mix);
- the Hodge decomposition of A into a transitive part (ratings) and a cyclic part, and the
  rock-paper-scissors triangles (emr_sim.analysis.hodge);
- α-Rank, a second opinion (emr_sim.analysis.alpharank);
- a draft with bans and a counter-pick (emr_sim.analysis.draft).

Intervals come from a bootstrap over each cell's pairs (a pair is one deal played from both
seats; its two games are resampled together, so the intervals respect their correlation), with
a fixed seed: the same run and options give the same numbers. A pair's outcome is one of a few
categories (side A's points in the game it moved first and in the other), so a resample of a
cell is one multinomial draw over them, whatever the number of games.

Frames in, frames and numbers out: plays no game, imports no kernel.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from scipy.stats import norm

from emr_sim.analysis import alpharank as R
from emr_sim.analysis import draft as D
from emr_sim.analysis import hodge as H
from emr_sim.analysis.nash import SUPPORT, nash
from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C

if TYPE_CHECKING:
    from emr_sim.simulate.runs.rundir import LoadedRun

BOOT = 1_000  # bootstrap resamples
# memory a resample holds until the intervals are drawn (its totals, matrices and analysed
# point): 3.5 kB measured for 8 masters (`meta --boot 20000` peaked 63 MB above --boot 2000),
# 1.5 kB for 3; so --boot is checked against the machine's memory before the work
BYTES_PER_RESAMPLE = 4_000
BOOT_SEED = 20261225  # the bootstrap's seed, mixed with the run's identity (run_key)
LEVEL = 0.95
FAMILY = 0.05  # the family-wise error rate of the resolved cells (Bonferroni over the cells)
PICKER, DRAWN = "picker", "drawn"  # who takes the first turn in a drafted game
FIRST_TURNS = (PICKER, DRAWN)
OUTCOME = ["points_first", "games_first", "points_second", "games_second"]  # half-points of side A


@dataclass(frozen=True)
class Settings:
    """What the analysis is asked: resamples and seed; α-Rank's α and population; the draft's
    ban rule (emr_sim.analysis.draft.BANS) and who takes the first turn in a drafted game
    (PICKER: the first picker, as R-OPT-HERO has the first player pick first; DRAWN: drawn per
    game as in the matrix, D-FIRST)."""

    boot: int = BOOT
    seed: int = BOOT_SEED
    alpha: float = R.ALPHA
    population: int = R.POPULATION
    bans: str = D.BOTH
    first_turn: str = PICKER

    def check(self) -> None:
        from emr_sim.simulate.runs.sizes import check_bytes

        if self.boot < 0:
            raise ValueError(f"--boot must be 0 (no intervals) or more resamples, not {self.boot}")
        check_bytes(
            self.boot * BYTES_PER_RESAMPLE,
            f"--boot {self.boot:,}",
            f"{BYTES_PER_RESAMPLE:,} bytes a resample",
            "give fewer resamples (1,000 give intervals to about a point)",
        )
        if not self.alpha > 0:
            raise ValueError(f"--alpha must be positive, not {self.alpha}")
        if self.population < 2:
            raise ValueError(f"--population must be at least 2, not {self.population}")
        if self.bans not in D.BANS:
            raise ValueError(f"unknown ban rule {self.bans!r}; known: {', '.join(D.BANS)}")
        if self.first_turn not in FIRST_TURNS:
            raise ValueError(f"unknown first turn {self.first_turn!r}; known: {', '.join(FIRST_TURNS)}")


# ---------------------------------------------------------------- pair outcomes


@dataclass(frozen=True)
class Outcomes:
    """Every cell's pairs as outcome categories: cells[c] = (i, j), heroes[i] before heroes[j];
    values[c] (K x 4: OUTCOME) and counts[c] (K pairs of each category)."""

    heroes: list[str]
    cells: list[tuple[int, int]]
    values: list[np.ndarray]
    counts: list[np.ndarray]

    def sums(self) -> np.ndarray:
        """The cells' OUTCOME totals (cells x 4)."""
        return np.array([c @ v for c, v in zip(self.counts, self.values, strict=True)], dtype=float)

    def pairs(self) -> np.ndarray:
        return np.array([int(c.sum()) for c in self.counts])


def pair_outcomes(games: pd.DataFrame, heroes: list[str] | None = None) -> Outcomes:
    """The games frame's pairs by cell (mirror cells left out: a mirror pick scores 0.5).
    heroes: the masters of the game (default: those in the frame, in HERO_NAMES order); every
    pair of them must have been played (ValueError naming the cells that are not)."""
    g = games[["hero_a", "hero_b", "pair", "a_first", "win_a", "draw"]]
    a, b = g["hero_a"].astype(str).to_numpy(), g["hero_b"].astype(str).to_numpy()
    present = set(a) | set(b)
    heroes = [h for h in C.HERO_NAMES if h in present] if heroes is None else list(heroes)
    order = {h: k for k, h in enumerate(heroes)}
    unknown = sorted(present - set(order))
    if unknown:
        raise ValueError(f"the games name masters outside the game: {', '.join(unknown)}")
    ia, ib = np.array([order[h] for h in a]), np.array([order[h] for h in b])
    flip = ia > ib
    points = 2 * g["win_a"].to_numpy(np.int64) + g["draw"].to_numpy(np.int64)  # side A's half-points
    frame = pd.DataFrame(
        {
            "i": np.where(flip, ib, ia),
            "j": np.where(flip, ia, ib),
            "unit": g["pair"].to_numpy(np.int64) * 2 + flip,  # both orientations of a cell kept apart
            "first": np.where(flip, 1 - g["a_first"].to_numpy(), g["a_first"].to_numpy()).astype(bool),
            "points": np.where(flip, 2 - points, points),
        }
    )
    frame = frame[frame["i"] != frame["j"]]
    frame = frame.assign(
        points_first=np.where(frame["first"], frame["points"], 0),
        games_first=frame["first"].astype(np.int64),
        points_second=np.where(frame["first"], 0, frame["points"]),
        games_second=(~frame["first"]).astype(np.int64),
    )
    per_pair = frame.groupby(["i", "j", "unit"])[OUTCOME].sum()
    categories = per_pair.groupby(["i", "j", *OUTCOME]).size().rename("n").reset_index()
    wanted = [(i, j) for i in range(len(heroes)) for j in range(i + 1, len(heroes))]
    found = {(int(i), int(j)) for i, j in zip(categories["i"], categories["j"], strict=True)}
    missing = [f"{heroes[i]} vs {heroes[j]}" for i, j in wanted if (i, j) not in found]
    if missing:
        raise ValueError(f"the metagame needs every cell; not played: {', '.join(missing)}")
    values, counts = [], []
    for _, cell in categories.groupby(["i", "j"]):
        values.append(cell[OUTCOME].to_numpy(np.int64))
        counts.append(cell["n"].to_numpy(np.int64))
    return Outcomes(heroes, wanted, values, counts)


def matrices(outcomes: Outcomes, sums: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(P, F) from the cells' OUTCOME totals (shape [..., cells, 4]): P[i, j] = i's score against
    j (diagonal 0.5), F[i, j] = i's score against j in the games i moved first (NaN where no such
    game; diagonal 0.5). Leading axes are kept (a stack of resamples)."""
    n = len(outcomes.heroes)
    lead = sums.shape[:-2]
    P = np.full((*lead, n, n), 0.5)
    F = np.full((*lead, n, n), 0.5)
    pf, gf, ps, gs = (sums[..., k] for k in range(4))
    with np.errstate(invalid="ignore", divide="ignore"):
        score = (pf + ps) / (2 * (gf + gs))
        first = pf / (2 * gf)
        second = ps / (2 * gs)
    for c, (i, j) in enumerate(outcomes.cells):
        P[..., i, j], P[..., j, i] = score[..., c], 1 - score[..., c]
        F[..., i, j], F[..., j, i] = first[..., c], 1 - second[..., c]
    return P, F


def resample(outcomes: Outcomes, boot: int, rng: np.random.Generator) -> np.ndarray:
    """Bootstrap totals (boot x cells x 4): each cell's pairs drawn with replacement."""
    out = np.empty((boot, len(outcomes.cells), len(OUTCOME)))
    for c, (values, counts) in enumerate(zip(outcomes.values, outcomes.counts, strict=True)):
        draws = rng.multinomial(int(counts.sum()), counts / counts.sum(), size=boot)
        out[:, c, :] = draws @ values
    return out


# ---------------------------------------------------------------- one matrix


@dataclass(frozen=True)
class Point:
    """Everything computed from one score matrix."""

    nash: np.ndarray  # the maximum-entropy Nash mix
    lp_nash: np.ndarray
    unique: bool
    values: np.ndarray  # score against the Nash mix, 0.5 + (A @ mix)
    ratings: np.ndarray  # Hodge ratings (score units)
    cyclic_share: float
    curls: np.ndarray  # per triangle of hodge.triangles(n)
    alpharank: np.ndarray
    alpharank_limit: np.ndarray
    draft_value: float  # the first picker's value in the draft (NaN when not defined)
    open_value: float  # the same with nothing banned
    draft: D.Draft | None  # the whole solution (the point estimate only)


def analyse_matrix(
    P: np.ndarray, F: np.ndarray, settings: Settings, triples, support: np.ndarray | None = None
) -> Point:
    """Everything of one score matrix P (and F, the first mover's); support: a guess of the Nash
    support (nash). Given a guess (a resample), the draft is solved for its values only."""
    A = P - 0.5
    eq = nash(A, support)
    h = H.hodge(A)
    Q = F if settings.first_turn == PICKER else P
    draft, value, open_value = None, float("nan"), float("nan")
    if draft_problem(len(P), settings, Q) is None:
        open_value = D.open_value(Q)
        if support is None:
            draft = D.solve_draft(Q, settings.bans)
            value = draft.value
        else:
            value = D.draft_value(Q, settings.bans)
    return Point(
        nash=eq.mix,
        lp_nash=eq.lp_mix,
        unique=eq.unique,
        values=0.5 + eq.values(A),
        ratings=h.ratings,
        cyclic_share=h.cyclic_share,
        curls=H.curls(A, triples),
        alpharank=R.alpharank(P, settings.alpha, settings.population),
        alpharank_limit=R.alpharank_limit(P, settings.population),
        draft_value=value,
        open_value=open_value,
        draft=draft,
    )


# ---------------------------------------------------------------- the result


@dataclass
class MetaResult:
    """The metagame of one run. Frames (index: master in HERO_NAMES order unless said):

    masters: nash (maximum-entropy Nash probability) with nash_low, nash_high (95 % bootstrap
        percentile interval), lp_nash (the LP's vertex), support (in the point estimate's
        support), support_prob (share of resamples whose equilibrium has the master in its
        support), value (score against the Nash mix; 0.5 on the support) with value_low,
        value_high, rating (Hodge rating, score units: the transitive part predicts
        0.5 + rating_i - rating_j) with rating_low, rating_high, alpharank with alpharank_low,
        alpharank_high, alpharank_limit (α -> infinity) and limit_prob (share of resamples whose
        limit puts mass on the master), ban_first, ban_second (the draft's optimal ban mixes),
        counter (the second picker's best answer to the master with nothing banned) and
        counter_score (the first picker's score then).
    cells: one row per cell (hero_a before hero_b): score (hero_a's), se (bootstrap), low, high
        (simultaneous interval: Bonferroni over the cells, FAMILY), resolved (the interval
        excludes 0.5), winner.
    triangles: the rock-paper-scissors triangles of the point estimate: cycle (a -> b -> c -> a,
        each beating the next), curl (A[a, b] + A[b, c] + A[c, a] > 0: the cycle's strength, in
        score units) with curl_low, curl_high, the three scores ab, bc, ca with their
        simultaneous intervals, resolved (all three cells resolved), cycle_prob (share of
        resamples in which the triangle is a cycle in the same direction).
    summary: the scalars (see summary_keys)."""

    heroes: list[str]
    settings: Settings
    masters: pd.DataFrame
    cells: pd.DataFrame
    triangles: pd.DataFrame
    summary: dict
    info: dict = field(default_factory=dict)  # the run's description (label, players, games...)


def analyse_meta(
    games: pd.DataFrame, settings: Settings | None = None, heroes: list[str] | None = None, key: int = 0
) -> MetaResult:
    """The metagame of a games frame of a complete matrix. key: mixed into the bootstrap's seed
    (run_key: a run's own stream, so two runs' resamples are independent)."""
    settings = settings or Settings()
    settings.check()
    outcomes = pair_outcomes(games, heroes)
    triples = H.triangles(len(outcomes.heroes))
    P, F = matrices(outcomes, outcomes.sums())
    point = analyse_matrix(P, F, settings, triples)
    rng = np.random.default_rng([settings.seed, key])
    Ps, Fs = _stack(outcomes, settings.boot, rng)
    guess = point.nash > SUPPORT
    boots = [analyse_matrix(p, f, settings, triples, guess) for p, f in zip(Ps, Fs, strict=True)]
    cells = _cells(outcomes, P, Ps)
    return MetaResult(
        heroes=outcomes.heroes,
        settings=settings,
        masters=_masters(outcomes.heroes, point, boots),
        cells=cells,
        triangles=_triangles(outcomes.heroes, P, Ps, boots, triples, cells),
        summary=_summary(outcomes, P, F, Ps, point, boots, cells, settings),
    )


def _stack(outcomes: Outcomes, boot: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    n = len(outcomes.heroes)
    if boot == 0:
        return np.empty((0, n, n)), np.empty((0, n, n))
    return matrices(outcomes, resample(outcomes, boot, rng))


def _interval(samples: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """95 % percentile interval along axis 0 (NaN without resamples)."""
    if len(samples) == 0:
        nan = np.full(np.shape(samples)[1:], np.nan)
        return nan, nan
    tail = (1 - LEVEL) / 2
    return np.quantile(samples, tail, axis=0), np.quantile(samples, 1 - tail, axis=0)


def _stacked(boots: list[Point], name: str, n: int) -> np.ndarray:
    if not boots:
        return np.empty((0, n))
    return np.array([getattr(b, name) for b in boots])


def _share(flags: np.ndarray) -> np.ndarray:
    """The share of resamples (axis 0) that are True (NaN without resamples)."""
    return flags.mean(axis=0) if len(flags) else np.full(flags.shape[1:], np.nan)


MASTER_MEASURES = (("nash", "nash"), ("values", "value"), ("ratings", "rating"), ("alpharank", "alpharank"))


def _masters(heroes: list[str], point: Point, boots: list[Point]) -> pd.DataFrame:
    n = len(heroes)
    out = pd.DataFrame(index=pd.Index(heroes, name="hero"))
    for name, column in MASTER_MEASURES:
        out[column] = getattr(point, name)
        out[f"{column}_low"], out[f"{column}_high"] = _interval(_stacked(boots, name, n))
    out["lp_nash"] = point.lp_nash
    out["support"] = point.nash > SUPPORT
    out["support_prob"] = _share(_stacked(boots, "nash", n) > SUPPORT)
    out["alpharank_limit"] = point.alpharank_limit
    out["limit_prob"] = _share(_stacked(boots, "alpharank_limit", n) > SUPPORT)
    draft = point.draft
    out["ban_first"] = draft.ban_first if draft else np.nan
    out["ban_second"] = draft.ban_second if draft else np.nan
    out["counter"] = [heroes[k] for k in draft.counter] if draft else None
    out["counter_score"] = draft.worst if draft else np.nan
    return out


def simultaneous_z(cells: int) -> float:
    """The normal quantile of a two-sided interval at level 1 - FAMILY / cells (Bonferroni)."""
    return float(norm.ppf(1 - FAMILY / (2 * cells)))


def _cells(outcomes: Outcomes, P: np.ndarray, Ps: np.ndarray) -> pd.DataFrame:
    heroes = outcomes.heroes
    i, j = np.array(outcomes.cells).T
    out = pd.DataFrame({"hero_a": [heroes[k] for k in i], "hero_b": [heroes[k] for k in j]})
    out["pairs"] = outcomes.pairs()
    out["score"] = P[i, j]
    out["se"] = Ps[:, i, j].std(axis=0, ddof=1) if len(Ps) > 1 else np.nan
    z = simultaneous_z(len(out))
    out["low"], out["high"] = out["score"] - z * out["se"], out["score"] + z * out["se"]
    out["resolved"] = (out["low"] > 0.5) | (out["high"] < 0.5)
    out["winner"] = np.where(
        out["score"] > 0.5, out["hero_a"], np.where(out["score"] < 0.5, out["hero_b"], "")
    )
    return out


def _oriented(cells: pd.DataFrame) -> dict[tuple[str, str], tuple[float, float, float, bool]]:
    """(score, low, high, resolved) of every ordered pair of masters."""
    out = {}
    columns = ("hero_a", "hero_b", "score", "low", "high", "resolved")
    for a, b, score, low, high, resolved in zip(*(cells[c].to_numpy() for c in columns), strict=True):
        out[(str(a), str(b))] = (float(score), float(low), float(high), bool(resolved))
        out[(str(b), str(a))] = (1 - float(score), 1 - float(high), 1 - float(low), bool(resolved))
    return out


TRIANGLE_COLUMNS = [
    "a", "b", "c", "curl", "curl_low", "curl_high", "ab", "ab_low", "ab_high",
    "bc", "bc_low", "bc_high", "ca", "ca_low", "ca_high", "resolved", "cycle_prob",
]  # fmt: skip


def _triangles(heroes, P, Ps, boots, triples, cells) -> pd.DataFrame:
    A, As = P - 0.5, Ps - 0.5
    sides = _oriented(cells)
    rows = []
    for t, triple in enumerate(triples):
        cycle = H.cyclic_direction(A, triple)
        if cycle is None:
            continue
        a, b, c = cycle
        sign = 1.0 if cycle == triple else -1.0  # curls() runs i -> j -> k
        curl_samples = sign * np.array([bt.curls[t] for bt in boots]) if boots else np.empty(0)
        low, high = _interval(curl_samples[:, None])
        names = heroes[a], heroes[b], heroes[c]
        row = {"a": names[0], "b": names[1], "c": names[2], "curl": A[a, b] + A[b, c] + A[c, a]}
        row |= {"curl_low": float(low[0]), "curl_high": float(high[0])}
        resolved = True
        for key, (x, y) in zip(("ab", "bc", "ca"), ((0, 1), (1, 2), (2, 0)), strict=True):
            score, lo, hi, res = sides[(names[x], names[y])]
            row |= {key: score, f"{key}_low": lo, f"{key}_high": hi}
            resolved &= res
        row["resolved"] = resolved
        along = (As[:, a, b] > 0) & (As[:, b, c] > 0) & (As[:, c, a] > 0)
        row["cycle_prob"] = float(along.mean()) if len(As) else np.nan
        rows.append(row)
    out = pd.DataFrame(rows, columns=TRIANGLE_COLUMNS)
    return out.sort_values("curl", ascending=False, kind="stable", ignore_index=True)


def _summary(
    outcomes: Outcomes, P, F, Ps, point: Point, boots: list[Point], cells: pd.DataFrame, settings: Settings
) -> dict:
    n = len(outcomes.heroes)
    A = P - 0.5
    total = float(np.sum(A**2))
    variance = Ps.var(axis=0, ddof=1) if len(Ps) > 1 else np.full((n, n), np.nan)
    shares = np.array([b.cyclic_share for b in boots])
    share_low, share_high = _interval(shares[:, None]) if len(shares) else (np.array([np.nan]),) * 2
    out = {
        "masters": n,
        "cells": len(outcomes.cells),
        "pairs_min": int(outcomes.pairs().min()),
        "pairs_max": int(outcomes.pairs().max()),
        "unique": bool(point.unique),
        "support": [h for h, x in zip(outcomes.heroes, point.nash, strict=True) if x > SUPPORT],
        "unique_share": float(np.mean([b.unique for b in boots])) if boots else float("nan"),
        "cyclic_share": point.cyclic_share,
        "cyclic_low": float(share_low[0]),
        "cyclic_high": float(share_high[0]),
        "transitive_share": 1 - point.cyclic_share,
        "noise_share": H.cyclic_noise(variance) / total if total > 0 else float("nan"),
        "triangles": len(point.curls),
        "resolved_cells": int(cells["resolved"].sum()),
        "z": simultaneous_z(len(cells)),
    }
    Q = F if settings.first_turn == PICKER else P
    out["draft_problem"] = draft_problem(n, settings, Q)
    return out | _draft_summary(outcomes.heroes, point, boots)


def draft_problem(n: int, settings: Settings, Q: np.ndarray) -> str | None:
    """Why the draft is not defined here, or None."""
    need = D.MIN_MASTERS[settings.bans]
    if n < need:
        return f"a draft with --bans {settings.bans} needs at least {need} masters, not {n}"
    if not np.all(np.isfinite(Q)):
        return "a cell has no game in which one side moved first: --first-turn drawn reads whole cells"
    return None


def _draft_summary(heroes: list[str], point: Point, boots: list[Point]) -> dict:
    d = point.draft
    if d is None:
        return {"draft": None}
    values = np.array([[b.draft_value, b.open_value] for b in boots]).reshape(-1, 2)
    low, high = _interval(values)
    return {
        "draft": {
            "value": d.value,
            "value_low": float(low[0]),
            "value_high": float(high[0]),
            "open_value": d.open_value,
            "open_low": float(low[1]),
            "open_high": float(high[1]),
            "open_pick": heroes[d.open_pick],
            "open_counter": heroes[int(d.counter[d.open_pick])],
            "ban_first": heroes[int(np.argmax(d.ban_first))],
            "ban_second": heroes[int(np.argmax(d.ban_second))],
        }
    }


# ---------------------------------------------------------------- runs on disk


def run_key(record: dict) -> int:
    """A run's own bootstrap stream: a checksum of what it played (players, seed, heroes)."""
    what = json.dumps([record.get("players"), record.get("seed"), record.get("heroes")], sort_keys=True)
    return zlib.crc32(what.encode("utf-8"))


def players_problem(record: dict, needs: str = "the metagame needs") -> str | None:
    """Why a run's pick game is not symmetric (two different players), or None; `needs`: who
    needs it ("the claims need": a claim about masters read on a greedy-against-random run
    would measure the players, not the masters)."""
    players = record.get("players") or []
    if len(players) == 2 and players[0] != players[1]:
        return (
            f"side A plays {players[0]} and side B {players[1]}: {needs} one player on "
            "both sides (a symmetric game)"
        )
    return None


def meta_problem(run: LoadedRun) -> str | None:
    """Why a run read once (emr_sim.simulate.runs.rundir.load_run) has no metagame, or None: two
    different players, or a cell not played yet (named, with the command that plays it)."""
    from emr_sim.simulate.runs.rundir import repair_command

    problem = players_problem(run.record)
    if problem:
        return problem
    g = run.games
    done = set(zip(g["hero_a"].astype(str), g["hero_b"].astype(str), strict=True))
    missing = [f"{a} vs {b}" for a, b in run.expected_cells if a != b and not {(a, b), (b, a)} & done]
    if missing:
        return (
            f"not a finished matrix: {len(missing)} of {len(run.expected_cells)} cells not played "
            f"({', '.join(missing)}); the metagame needs every cell: "
            f"`{repair_command(run.path, run.record)}` plays them"
        )
    return None


def check_run(run: LoadedRun) -> LoadedRun:
    """The run, or BadInput naming it and its meta_problem."""
    problem = meta_problem(run)
    if problem:
        raise BadInput(f"{run.path}: {problem}")
    return run


def describe(run: LoadedRun) -> dict:
    """A run as the renderers name it: label (the directory's name), run_dir, players, games, seed."""
    players = run.record.get("players") or ["?"]
    return {
        "label": run.path.resolve().name or str(run.path),
        "run_dir": str(run.path),
        "players": str(players[0]),
        "games": len(run.games),
        "seed": run.record.get("seed"),
    }


def analyse_run(run: LoadedRun, settings: Settings | None = None) -> MetaResult:
    """The metagame of a finished run (check_run) on its own bootstrap stream (run_key), with
    info describing it."""
    check_run(run)
    result = analyse_meta(run.games, settings, heroes=None, key=run_key(run.record))
    result.info = describe(run)
    return result


@dataclass(frozen=True)
class Rung:
    """One run's metagame in a report: its label and result, or why it has none."""

    label: str
    result: MetaResult | None
    reason: str | None = None


def meta_rungs(runs: list[LoadedRun], settings: Settings | None = None) -> list[Rung]:
    """The metagame of each run, a run without one (meta_problem) saying why: the report's."""
    out = []
    for run in runs:
        label = run.path.resolve().name or str(run.path)
        problem = meta_problem(run)
        out.append(Rung(label, None, problem) if problem else Rung(label, analyse_run(run, settings)))
    return out


__all__ = [
    "BOOT",
    "BOOT_SEED",
    "MetaResult",
    "Outcomes",
    "Rung",
    "Settings",
    "analyse_meta",
    "analyse_run",
    "check_run",
    "describe",
    "matrices",
    "meta_problem",
    "meta_rungs",
    "pair_outcomes",
    "players_problem",
    "resample",
    "run_key",
]
