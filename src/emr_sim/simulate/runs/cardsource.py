"""Games with their card events (a run made with --cards) and the deck they were played with,
read from a matrix run directory or a matchup's records file, for `emr-sim card-stats`.

A run or records file made without --cards holds no card events: it is refused with one line
that names --cards, as is a records file whose card sets name cards the deck does not have.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from emr_sim.errors import BadInput
from emr_sim.files.read import regular_file_problem
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import Deck, load_deck
from emr_sim.simulate.runs.cellcheck import columns_problem, values_problem
from emr_sim.simulate.runs.records import card_column, has_cards
from emr_sim.simulate.runs.rundir import (
    finished_cells,
    has_card_events,
    load_games,
    read_run,
    repair_command,
    run_cells,
)

RECORD_SUFFIXES = (".parquet", ".csv")


@dataclass
class CardGames:
    """Games with their card sets, where they come from and the deck they were played on."""

    source: Path
    games: pd.DataFrame  # emr_sim.simulate.runs.records schema with CARD_COLUMNS
    deck: Deck
    record: dict | None  # the run record of a run directory; None for a records file
    deck_name: str = "default"  # "default" (the shipped deck) or the deck file as given
    unfinished: str | None = None  # a run with cells not played yet: that said in one line

    @property
    def players(self) -> str:
        if self.record is None:
            return "the records' players"
        return " vs ".join(str(p) for p in self.record.get("players", []))


def run_deck(record: dict, run_dir: Path, deck_path: str | None) -> Deck:
    """The run's deck: --deck when given, else the record's (the shipped one for "default";
    a relative path as given, then inside the run directory), checked by its sha256, with the
    run's card changes applied (a variant's "deck_changes", emr_sim.simulate.whatif.variants)."""
    name = deck_path if deck_path is not None else record.get("deck", "default")
    if name in (None, "default"):
        deck = load_deck(None)
    else:
        path = Path(name)
        if deck_path is None and not path.is_file() and not path.is_absolute() and (run_dir / path).is_file():
            path = run_dir / path
        deck = load_deck(path)
    want = record.get("deck_sha256")
    if want and deck.sha256 != want:
        raise BadInput(
            f"{deck.path}: not the deck of {run_dir} (sha256 {deck.sha256[:12]}…, the run's {want[:12]}…); "
            "give the run's deck with --deck"
        )
    if record.get("deck_changes"):
        from emr_sim.simulate.whatif.variants import changed_deck

        deck = changed_deck(deck, record["deck_changes"])
    return deck


def today_texts(record: dict) -> list[str]:
    """The texts that play the run's players in a new directory (lineup.search.text_in)."""
    from emr_sim.games.emr.lineup.search import text_in
    from emr_sim.simulate.runs.recordspecs import record_specs

    return [text_in(spec) for spec in record_specs(record)]


def from_run(run_dir: Path, deck_path: str | None) -> CardGames:
    record = read_run(run_dir)
    if not has_card_events(record):
        command = repair_command(Path(f"{run_dir}-cards"), record, today_texts(record)) + " --cards"
        raise BadInput(
            f"{run_dir}: made without --cards, its games hold no card events; "
            f"play them with the card events into a new directory: `{command}`"
        )
    deck = run_deck(record, run_dir, deck_path)
    name = deck_path or str(record.get("deck", "default"))
    return CardGames(run_dir, load_games(run_dir), deck, record, name, unfinished_words(run_dir, record))


def unfinished_words(run_dir: Path, record: dict) -> str | None:
    """A line saying that the run is unfinished and what the statistics are then of (None: it
    is finished): a matrix killed after 1 of 6 cells was reported without a word."""
    expected, done = run_cells(record), set(finished_cells(run_dir))
    if len(done) >= len(expected):
        return None
    return (
        f"note: {run_dir} is unfinished: {len(done)} of {len(expected)} cells; these statistics are of "
        f"the finished cells' games only (`{repair_command(run_dir, record)}` plays the rest)"
    )


def read_records(path: Path) -> pd.DataFrame:
    import pyarrow

    try:
        if path.suffix.lower() == ".parquet":
            return pd.read_parquet(path)
        return pd.read_csv(path)
    except (OSError, ValueError, UnicodeDecodeError, pyarrow.ArrowException, pd.errors.ParserError) as err:
        raise BadInput(f"{path}: not a readable records file: {err}") from None


def from_records(path: Path, deck_path: str | None) -> CardGames:
    problem = regular_file_problem(path, "records")  # a FIFO would be waited on forever
    if problem:
        raise BadInput(f"{path}: {problem}")
    if path.suffix.lower() not in RECORD_SUFFIXES:
        raise BadInput(f"{path}: not a run directory nor a records file (.parquet or .csv)")
    games = read_records(path)
    if not has_cards(games):
        raise BadInput(
            f"{path}: records without card events; make them with "
            "`emr-sim matchup HERO_A HERO_B --records FILE --cards`"
        )
    problem = columns_problem(games, cards=True) or values_problem(games)
    if problem:
        raise BadInput(f"{path}: {problem}")
    deck = load_deck(deck_path)
    beyond = highest_card(games)
    if beyond >= deck.n_shot:
        raise BadInput(
            f"{path}: the records name card id {beyond}, the deck {deck.path} has {deck.n_shot} cards "
            f"(ids 0..{deck.n_shot - 1}); give the records' deck with --deck"
        )
    return CardGames(path, games, deck, None, deck_path or "default")


def highest_card(games: pd.DataFrame) -> int:
    """The highest card id in the card sets (-1 for none)."""
    top = -1
    for w in range(C.CARD_WORDS):
        union = 0
        for letter in ("a", "b"):
            for event in C.CARD_EVENT_NAMES:
                values = games[card_column(event, letter, w)].to_numpy(np.int64)
                union |= int(np.bitwise_or.reduce(values)) if len(values) else 0
        if union:
            top = w * C.CARD_BITS + union.bit_length() - 1
    return top


def card_games(source: str | Path, deck_path: str | None = None) -> CardGames:
    """The games of a run directory made with --cards (`emr-sim matrix --cards`) or of a
    records file (`emr-sim matchup --records FILE --cards`), with their deck; BadInput
    naming the problem otherwise."""
    path = Path(source)
    if path.is_dir():
        return from_run(path, deck_path)
    if not path.exists() and not path.is_symlink():
        raise BadInput(f"{path}: no such run directory or records file")
    return from_records(path, deck_path)
