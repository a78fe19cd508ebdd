"""Everything `emr-sim report` shows, gathered once before anything is drawn.

Each run directory is read once (emr_sim.simulate.rundir.load_run) and its frames passed on;
the example games of the most lopsided cells are replayed (emr_sim.simulate.example), the
metagame of the run (or of each skill rung) is computed (emr_sim.analysis.meta), and with
technique_pairs the paired technique worth of every master at every rung is played
(emr_sim.studies.technique). emr_sim.report.build renders what this returns: the report
itself plays no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from emr_sim import analysis as A
from emr_sim.analysis.meta import Rung, meta_rungs
from emr_sim.errors import BadInput
from emr_sim.games.emr.lineup.base import SpecError
from emr_sim.simulate.example import ExampleGame, deck_problem, example_game, load_run_deck
from emr_sim.simulate.rundir import RUN_FILE, LoadedRun, load_run, read_run
from emr_sim.simulate.setup import record_specs

ALPHA = 0.05  # the report's level, Holm-corrected over the cells
LOPSIDED = 5  # matchups shown with their drivers and an example game


@dataclass
class ReportData:
    """A report's inputs: the run, the run it is compared with, the skill rungs (the run
    first), the example games of its most lopsided cells, and the technique worth per rung."""

    run: LoadedRun
    other: LoadedRun | None = None
    rungs: list[LoadedRun] = field(default_factory=list)
    examples: dict[tuple[str, str], ExampleGame] = field(default_factory=dict)  # (hero, opponent)
    example_note: str | None = None  # why the example games cannot be replayed
    worth: list[dict] | None = None  # technique_table
    technique_pairs: int = 0
    skill_warnings: list[str] = field(default_factory=list)  # rungs under other rules (check_rungs)
    meta: list[Rung] = field(default_factory=list)  # the metagame of the run, or of each rung
    cards: pd.DataFrame | None = None  # analysis.cardstats.per_card of a run made with --cards
    cards_note: str | None = None  # why a run made with --cards has no per-card statistics
    scans: list = field(default_factory=list)  # emr_sim.studies.scan.effects.ScanEffects
    claims: dict | None = None  # a claims record (emr_sim.studies.claims.study, OUT/claims.json)


def report_cells(games: pd.DataFrame) -> pd.DataFrame:
    """A run's cells as the report shows them: analysis.cell_table, Holm-corrected at ALPHA."""
    return A.adjust(A.cell_table(games), method="holm", alpha=ALPHA)


def check_rungs(paths: Sequence[str | Path]) -> list[str]:
    """BadInput naming both runs and every difference when a rung plays other deals than the
    first (seed, heroes, hero assignments, deck: analysis.skill.rung_differences); read before
    any work. The warnings, one line each, for rungs on the same deals under other rules."""
    from emr_sim.analysis.skill import rung_differences

    (first_path, *others) = paths
    first = read_run(first_path)
    warnings = []
    for path in others:
        other = read_run(path)
        deals, rules = rung_differences(first, other)
        if deals:
            raise BadInput(
                f"{path} cannot be a skill rung of {first_path}: it plays other deals "
                f"({'; '.join(deals + rules)}); the rungs must share --seed, --heroes, the hero "
                "assignments and the deck, and differ in the players"
            )
        if rules:
            warnings.append(
                f"warning: {path} plays the deals of {first_path} under other rules "
                f"({'; '.join(rules)}): a change between these rungs mixes skill with the rules"
            )
    return warnings


def gather(
    run_dir: str | Path,
    compare_dir: str | Path | None = None,
    skill_dirs: Sequence[str | Path] = (),
    technique_pairs: int = 0,
    scan_dirs: Sequence[str | Path] = (),
    claims_path: str | Path | None = None,
) -> ReportData:
    """Read the runs (each once), replay the example games, play the technique worth; read
    the sensitivity scans' effects and the claims record when given."""
    if technique_pairs and not skill_dirs:
        raise BadInput("--technique-pairs is part of the balance-and-skill section: give --skill RUN too")
    if technique_pairs:  # a master's worth keeps both variants' games against its opponents at once
        from emr_sim.games.emr.codes import HERO_NAMES
        from emr_sim.simulate.sizes import check_games, check_memory

        opponents = len(HERO_NAMES) - 1
        try:
            check_games(2 * technique_pairs, f"--technique-pairs {technique_pairs:,}: a cell of")
            check_memory(2 * opponents * 2 * technique_pairs, f"--technique-pairs {technique_pairs:,}")
        except ValueError as err:
            raise BadInput(str(err)) from None
    warnings = check_rungs([run_dir, *skill_dirs]) if skill_dirs else []  # before the work
    claims = read_claims_record(claims_path) if claims_path is not None else None
    scans = [read_scan_effects(d) for d in scan_dirs]
    run = load_run(run_dir)
    data = ReportData(
        run, technique_pairs=technique_pairs, skill_warnings=warnings, scans=scans, claims=claims
    )
    data.other = load_run(compare_dir) if compare_dir is not None else None
    data.rungs = [run, *(load_run(d) for d in skill_dirs)] if skill_dirs else []
    data.examples, data.example_note = lopsided_examples(run)
    data.cards, data.cards_note = card_statistics(run)
    if technique_pairs:
        data.worth = technique_table(data.rungs, technique_pairs)
    data.meta = meta_rungs(data.rungs or [run])
    return data


def card_statistics(run: LoadedRun) -> tuple[pd.DataFrame | None, str | None]:
    """The per-card statistics of a run made with --cards (analysis.cardstats.per_card on the
    run's deck), or (None, why not) when its deck cannot be read; (None, None) for another run."""
    from emr_sim.analysis.cardstats import per_card
    from emr_sim.simulate.cardsource import run_deck
    from emr_sim.simulate.rundir import has_card_events

    if not has_card_events(run.record):
        return None, None
    try:
        deck = run_deck(run.record, run.path, None)
    except ValueError as err:  # BadInput, DeckError: the section says so, the report is written
        return None, f"the per-card statistics need the run's deck: {err}"
    return per_card(run.games, deck), None


def lopsided_examples(run: LoadedRun) -> tuple[dict[tuple[str, str], ExampleGame], str | None]:
    """The typical game of each of the LOPSIDED most lopsided cells, by (favoured hero,
    opponent); or no games and why they cannot be replayed (a deck that changed, say)."""
    deck, note = deck_problem(run.record, run.path)
    if note is not None:
        return {}, note
    try:
        specs = record_specs(run.record, run.path / RUN_FILE)  # a book's vectors: in the record
    except SpecError as err:
        return {}, f"the example games cannot be replayed: {err}"
    games = run.games
    ha, hb = games["hero_a"].astype(str), games["hero_b"].astype(str)
    out = {}
    for r in A.lopsided(report_cells(games), k=LOPSIDED).itertuples(index=False):
        hero, opp = str(r.hero), str(r.opponent)
        stored, favoured = games[((ha == hero) & (hb == opp)).to_numpy()], "a"
        if stored.empty:
            stored, favoured = games[((ha == opp) & (hb == hero)).to_numpy()], "b"
        out[(hero, opp)] = example_game(run.record, stored, favoured, deck, specs)
    return out, None


def technique_table(rungs: list[LoadedRun], pairs: int, workers: int | None = None) -> list[dict]:
    """The paired technique worth of every master at every rung (side A's player against
    side B's), on the run's seed, deck and rules, `pairs` deals per opponent: a row per rung,
    {"rung": k, "na": why not (a player with no technique-free twin) or None, "cells": [the
    worth Series of each master]}."""
    from emr_sim.games.emr.lineup.spec import without_technique
    from emr_sim.studies.technique import technique_worth

    heroes = rungs[0].heroes
    table: list[dict] = []
    for k, run in enumerate(rungs):
        rec = run.record
        player, against = record_specs(rec, run.path / RUN_FILE)  # as played: no book file read
        try:
            without_technique(player)
        except SpecError as err:
            table.append({"rung": k, "na": str(err), "cells": []})
            continue
        deck = load_run_deck(rec, run.path)
        rules = {name: str(v) for name, v in (rec.get("rules") or {}).items() if name != "fury"}
        settings = dict(field=against, opponents=heroes, seed=rec["seed"], fury=bool(rec.get("fury")))
        cells = [
            technique_worth(player, m, pairs, **settings, deck=deck, rules=rules, workers=workers)
            for m in heroes
        ]
        table.append({"rung": k, "na": None, "cells": cells})
    return table


def read_scan_effects(scan_dir: str | Path):
    """A sensitivity scan's effects (emr_sim.studies.scan.effects.scan_effects)."""
    from emr_sim.studies.scan.effects import scan_effects

    return scan_effects(scan_dir)


def read_claims_record(path: str | Path) -> dict:
    """The claims record of `emr-sim claims ... -o DIR` (DIR or DIR/claims.json)."""
    from emr_sim.studies.claims.study import read_claims_record as read

    return read(path)
