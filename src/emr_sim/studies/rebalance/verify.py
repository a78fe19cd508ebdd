"""Verification of a rebalance's proposals on fresh seeds, at several rungs (players).

For each rung (a player spec and games per cell) the base is the "before" run: a run the
designer gives (--before RUN: the same players, rules, deck and hero mode, on the
verification seed; only read) or one played into STUDY/verify/RUNG/base. Each proposal is
played as a matrix run on the same seed into STUDY/verify/RUNG/v-HASH, only in the cells its
changes can reach: its other cells are the before run's games (the same deals played the
same way), so a proposal that moves only Bushido's health plays Bushido's 7 cells, not 28.
Every game of a proposal has its twin in the before run, so each cell's change and each
master's change of field mean are paired (emr_sim.analysis.compare). The runs are normal
matrix run directories: they resume, and `emr-sim report` and `compare` read them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from emr_sim.analysis.balance import POINTS, Balance, balance_of, counts_from_games, field_interval, nash_mix
from emr_sim.errors import BadInput, quoted
from emr_sim.simulate.cells import cell_pairs
from emr_sim.stats import Z95
from emr_sim.studies.rebalance.knobs import reach_of
from emr_sim.studies.rebalance.spec import Spec
from emr_sim.studies.rebalance.study import Proposal

VERIFY_DIR = "verify"
DEFAULT_VERIFY = ("greedy=4000", "tuned=4000", "ismcts:400=100")


@dataclass(frozen=True)
class Rung:
    """A verification rung: the player spec of both sides, games per cell, a before run."""

    player: str
    games: int
    before: Path | None = None

    @property
    def players(self) -> str:
        return f"{self.player},{self.player}"

    @property
    def slug(self) -> str:
        return self.player.replace(":", "-").replace("/", "_")


def parse_rungs(texts: list[str] | tuple[str, ...], befores: list[str] | tuple[str, ...]) -> list[Rung]:
    """--verify PLAYER=GAMES (repeatable) and --before RUN (repeatable: each matched to the
    rung of its players); BadInput naming the problem."""
    from emr_sim.games.emr.lineup.spec import parse_sides
    from emr_sim.games.emr.players.search_params import SEARCH_VERSION
    from emr_sim.simulate.rundir import read_run
    from emr_sim.simulate.searchversion import search_version_of
    from emr_sim.simulate.sizes import check_games, check_memory

    rungs: list[Rung] = []
    for text in texts:
        player, sep, games = str(text).rpartition("=")
        if not sep or not player or not games.isdigit() or int(games) < 2:
            raise BadInput(
                f"--verify {text}: write PLAYER=GAMES (games per cell, at least 2), e.g. tuned=4000"
            )
        one_player(player, f"--verify {text}")
        parse_sides(f"{player},{player}")  # an unknown player: BadInput
        try:  # a verification run keeps a cell's games: checked before the search, not after it
            check_games(int(games), f"--verify {text}:")
            check_memory(int(games), f"a verification cell of --verify {text}")
        except ValueError as err:
            raise BadInput(str(err)) from None
        if any(r.player == player for r in rungs):
            raise BadInput(f"--verify {text}: {player} given twice")
        rungs.append(Rung(player, int(games) + int(games) % 2))
    for run_dir in befores:
        record = read_run(run_dir)
        players = record.get("players", [])
        matches = [r for r in rungs if list(players) == [r.player, r.player]]
        if not matches:
            raise BadInput(
                f"--before {run_dir}: its players {','.join(players)} are no --verify rung's "
                f"({', '.join(r.player for r in rungs) or 'none'})"
            )
        k = rungs.index(matches[0])
        version = search_version_of(record)
        if version is not None and version != SEARCH_VERSION:
            raise BadInput(
                f"--before {run_dir}: its {rungs[k].player} is of search version {version}, the "
                f"--verify rung's of version {SEARCH_VERSION} (docs/players.md): give a run made "
                "since, or none (the verification plays the base)"
            )
        if rungs[k].before is not None:
            raise BadInput(f"--before {run_dir}: a second before run for {rungs[k].player}")
        rungs[k] = Rung(rungs[k].player, rungs[k].games, Path(run_dir))
    return rungs


def one_player(player: str, where: str) -> None:
    """BadInput unless `player` is one player spec (it plays both sides): `--players
    greedy,random` was refused as "not 4: 'greedy,random,greedy,random'"."""
    from emr_sim.games.emr.lineup.spec import split_top_level

    specs = split_top_level(player, "players")
    if len(specs) != 1:
        raise BadInput(
            f"{where}: one player spec, which plays both sides (e.g. tuned), "
            f"not {len(specs)}: {quoted(player)}"
        )


def check_before(spec: Spec, rung: Rung, seed: int) -> None:
    """BadInput when the before run is not the base of this study at this rung on the
    verification seed (seed, rules, deck, hero mode, masters, no card changes)."""
    from emr_sim.games.emr.options import describe_options
    from emr_sim.simulate.rundir import read_run

    assert rung.before is not None
    record = read_run(rung.before)
    wanted = {
        "seed": seed,
        "fury": spec.setup.fury,
        "rules": describe_options(spec.setup.opts),
        "deck_sha256": spec.setup.deck.sha256,
        "deck_changes": None,
    }
    for key, value in wanted.items():
        if record.get(key) != value:
            raise BadInput(
                f"--before {rung.before}: its {key} is {record.get(key)!r}, the study's base on the "
                f"verification seed has {value!r}"
            )
    missing = sorted(set(spec.heroes) - set(record.get("heroes", [])))
    if missing:
        raise BadInput(f"--before {rung.before}: it has no cell of {', '.join(missing)}")


def variant_dir(root: Path, rung: Rung, text: str) -> Path:
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    return root / VERIFY_DIR / rung.slug / f"v-{digest}"


def base_dir(root: Path, rung: Rung) -> Path:
    return root / VERIFY_DIR / rung.slug / "base"


def verify(
    root: Path,
    spec: Spec,
    props: list[Proposal],
    rungs: list[Rung],
    seed: int,
    workers: int,
    cluster=None,
    quiet: bool = True,
    on_estimate: Callable[[str, float, int], None] | None = None,
    on_note: Callable[[str], None] | None = None,
) -> list[dict]:
    """Play (or resume) the verification runs and compare each proposal with the base at each
    rung; a record per rung and proposal (emr_sim.report.rebalance shows them)."""
    from emr_sim.simulate.estimate import run_seconds
    from emr_sim.simulate.setup import run_setup

    if seed == spec.seed:
        raise BadInput(f"--verify-seed {seed} is the search's seed: verification plays fresh seeds")
    for rung in rungs:
        if rung.before is not None:
            check_before(spec, rung, seed)
    on_note = quiet_books(on_note)
    out = []
    for rung in rungs:
        setup = run_setup(
            seed=seed,
            players=rung.players,
            fury=spec.setup.fury,
            deck=spec.deck,
            rules=spec.rules,
            workers=workers,
            what="a verification",
            cluster=cluster,
        )
        plan = [
            (p, reach_of(spec.knobs, spec.knobs.masters(p.values), spec.heroes) if p.variant.changes else [])
            for p in props
        ]
        before_cells = missing_before(spec, rung)
        todo = [unfinished(variant_dir(root, rung, p.variant.text), cells) for p, cells in plan]
        todo.append(unfinished(base_dir(root, rung), before_cells))
        games = sum(len(cells) for cells in todo) * rung.games
        if on_estimate and games:
            on_estimate(f"verification at {rung.player}", run_seconds(setup, spec.heroes, games // 2), games)
        before = play_before(root, spec, rung, seed, before_cells, workers, cluster, quiet, on_note)
        for prop, cells in plan:
            after = play_after(root, spec, rung, seed, prop, cells, workers, cluster, quiet, on_note)
            out.append(compare(spec, rung, prop, before, after, cells))
    return out


def estimate_verification(spec: Spec, rungs: list[Rung], top: int, seed: int, on_estimate) -> None:
    """The verification's games at most (every proposal in every cell, the before run's
    missing cells) and their time, said before the search starts."""
    from emr_sim.simulate.estimate import run_seconds
    from emr_sim.simulate.setup import run_setup

    cells = len(cell_pairs(spec.heroes))
    for rung in rungs:
        games = (top * cells + len(missing_before(spec, rung))) * rung.games
        setup = run_setup(seed=seed, players=rung.players, fury=spec.setup.fury, deck=spec.deck,
                          rules=spec.rules, workers=spec.setup.workers, what="a verification",
                          cluster=spec.setup.cluster)  # fmt: skip
        on_estimate(
            f"verification at {rung.player}, at most", run_seconds(setup, spec.heroes, games // 2), games
        )


def unfinished(run_dir: Path, cells: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The cells of a run directory still to play (all of them before it exists)."""
    from emr_sim.simulate.rundir import RUN_FILE, finished_cells

    done = set(finished_cells(run_dir)) if (run_dir / RUN_FILE).is_file() else set()
    return [c for c in cells if c not in done]


def quiet_books(on_note: Callable[[str], None] | None) -> Callable[[str], None] | None:
    """The runs' notes without the book warnings: the command said once that the book plays on
    changed rules and deck (every proposal would say it again)."""
    if on_note is None:
        return None
    say = on_note

    def note(text: str) -> None:
        if not text.startswith("warning: book "):
            say(text)

    return note


def missing_before(spec: Spec, rung: Rung) -> list[tuple[str, str]]:
    """The cells of the study the before run lacks (all of them when none is given)."""
    from emr_sim.simulate.rundir import finished_cells

    cells = cell_pairs(spec.heroes)
    if rung.before is None:
        return cells
    have = set(finished_cells(rung.before))
    return [c for c in cells if c not in have]


def play_before(root, spec, rung, seed, cells, workers, cluster, quiet, on_note):
    """The before games of every cell: the given run's, and those it lacks played on its seed."""
    import pandas as pd

    from emr_sim.simulate.rundir import finished_cells, load_cell, read_run

    frames = []
    if rung.before is not None:
        record = read_run(rung.before)
        have = set(finished_cells(rung.before)) - set(cells)  # a cell it finished since: played here too
        frames += [load_cell(rung.before, a, b, record) for a, b in cell_pairs(spec.heroes) if (a, b) in have]
    if cells:
        frames.append(
            play_cells(base_dir(root, rung), spec, rung, seed, cells, None, workers, cluster, quiet, on_note)
        )
    return pd.concat(frames, ignore_index=True)


def play_after(root, spec, rung, seed, prop: Proposal, cells, workers, cluster, quiet, on_note):
    """The proposal's games in the cells its changes reach (None when it changes nothing)."""
    if not cells:
        return None
    out = variant_dir(root, rung, prop.variant.text)
    return play_cells(out, spec, rung, seed, cells, prop.variant, workers, cluster, quiet, on_note)


def play_cells(out, spec, rung, seed, cells, variant, workers, cluster, quiet, on_note):
    """The games of `cells` at the rung, played into run directory `out` (resumed when
    there), with the variant's changes when one is given, as one frame."""
    import pandas as pd

    from emr_sim.simulate.matrix import run_matrix
    from emr_sim.simulate.rundir import load_cell, read_run

    run = run_matrix(
        out,
        heroes=spec.heroes,
        games=rung.games,
        seed=seed,
        players=rung.players,
        fury=spec.setup.fury,
        deck=spec.deck,
        rules=spec.rules,
        workers=workers,
        quiet=quiet,
        on_note=on_note,
        cluster=cluster,
        variant=variant,
        only=cells,
    )
    record = read_run(run.run_dir)
    return pd.concat([load_cell(run.run_dir, a, b, record) for a, b in cells], ignore_index=True)


def compare(spec: Spec, rung: Rung, prop: Proposal, before, after, cells) -> dict:
    """The record of one proposal at one rung: before and after balance (every cell: the
    proposal's own games where it changes them, the before run's elsewhere), each master's
    paired change of field mean, the goal before and after."""
    from emr_sim.analysis.compare import compare_cells

    before_counts = counts_from_games(before)
    after_counts = dict(before_counts)
    deltas = {}
    if after is not None:
        after_counts.update(counts_from_games(after))
        paired = compare_cells(_subset(before, cells), after)
        for a, b, d, se in zip(
            paired["hero_a"], paired["hero_b"], paired["delta"], paired["se"], strict=True
        ):
            deltas[(str(a), str(b))] = (float(d), float(se))
    b0 = balance_of(before_counts, spec.heroes)
    b1 = balance_of(after_counts, spec.heroes)
    return {
        "rung": rung.player,
        "games": rung.games,
        "proposal": prop.rank,
        "variant": prop.variant.text,
        "cells_played": [f"{a} vs {b}" for a, b in cells],
        "before_run": str(rung.before) if rung.before is not None else None,
        "before": balance_entry(spec, b0),
        "after": balance_entry(spec, b1),
        "change": master_changes(spec.heroes, deltas),
        "cells": {f"{a} vs {b}": {"delta": d, "se": se} for (a, b), (d, se) in deltas.items()},
    }


def _subset(games, cells):
    keys = games["hero_a"].astype(str) + " " + games["hero_b"].astype(str)
    wanted = {f"{a} {b}" for a, b in cells} | {f"{b} {a}" for a, b in cells}
    return games[keys.isin(wanted).to_numpy()]


def balance_entry(spec: Spec, b: Balance) -> dict:
    """A balance as the report shows it: field means with 95 % intervals, the matrix with
    each cell's interval, the goal's figure, the first player, the median length, the
    equilibrium mix of the pick game."""
    low, high = field_interval(b)
    goal = spec.goal
    inside = bool(
        np.all(np.abs(low - 0.5) * POINTS <= goal.tolerance)
        and np.all(np.abs(high - 0.5) * POINTS <= goal.tolerance)
    )
    return {
        **b.record(),
        "field_low": dict(zip(b.heroes, low.round(6).tolist(), strict=True)),
        "field_high": dict(zip(b.heroes, high.round(6).tolist(), strict=True)),
        "matrix": b.P.round(6).tolist(),
        "matrix_half": (Z95 * b.se).round(6).tolist(),
        "goal_distance": round(goal.distance(b), 4),
        "goal_met": goal.met(b),
        "goal_resolved": inside if goal.kind == "field" else None,
        "nash": dict(zip(b.heroes, nash_mix(b.P).round(6).tolist(), strict=True)),
    }


def master_changes(heroes: list[str], deltas: dict) -> dict:
    """Each master's paired change of field mean: the sum of its changed cells' deltas (seen
    from it) over its n - 1 cells, with a 95 % interval (the cells' deltas are independent)."""
    n = len(heroes)
    out = {}
    for h in heroes:
        total = var = 0.0
        for (a, b), (d, se) in deltas.items():
            if h in (a, b):
                total += d if h == a else -d
                var += se**2 if np.isfinite(se) else 0.0
        mean, half = total / (n - 1), Z95 * np.sqrt(var) / (n - 1)
        out[h] = {"delta": round(mean, 6), "low": round(mean - half, 6), "high": round(mean + half, 6)}
    return out
