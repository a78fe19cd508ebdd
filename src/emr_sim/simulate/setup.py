"""One run set-up for every simulation (matchup, matrix): the settings checked and parsed once,
where they enter, and the run record that says what was played.

    setup = run_setup(seed=None, players="greedy,greedy", fury=True, deck=None, rules={},
                      workers=None, what="a matchup")
    record = run_record(setup, heroes=[...], games_per_cell=...)

Everything below (the runner, the kernels) receives the parsed RunSetup, never the strings.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from emr_sim import __version__
from emr_sim.cards import Deck, card_table, load_deck
from emr_sim.options import HERO_RANDOM, O_HERO_MODE, O_HERO_SELECT, describe_options, make_options
from emr_sim.simulate.runner import DEFAULT_SEED
from emr_sim.specs import PlayerSpec, parse_sides


@dataclass(frozen=True)
class RunSetup:
    """What every game of a run shares."""

    deck: Deck
    deck_name: str  # "default", or the deck file as given
    opts: np.ndarray  # emr_sim.options layout
    table: np.ndarray  # the card table under those options
    specs: tuple[PlayerSpec, PlayerSpec]  # the player of side A, side B (emr_sim.specs)
    seed: int
    workers: int
    cards: bool = False  # --cards: the games' records hold the card events (sim/card_events.py)

    @property
    def players(self) -> tuple[int, int]:
        """The kernels' player kind (codes.PLAYER_*) of side A, side B."""
        return self.specs[0].kernel_kind, self.specs[1].kernel_kind

    def weights(self) -> np.ndarray:
        """The parameters of each side: the greedy's per master, then the search row
        (2, KERNEL_ROWS, N_PARAMS; players/search_params.py)."""
        return np.stack([spec.kernel_vectors() for spec in self.specs])

    @property
    def fury(self) -> bool:
        return bool(self.opts[O_HERO_MODE])

    def sides(self, hero_a: int, hero_b: int) -> np.ndarray:
        """The kernels' sides vector: side A's and B's player kinds, then their heroes."""
        return np.array([*self.players, hero_a, hero_b], dtype=np.int64)


def check_workers(workers: int | None) -> int:
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    return workers or os.cpu_count() or 1


def run_options(rules: dict[str, str] | None, fury: bool, what: str) -> np.ndarray:
    """The options array of a run whose heroes are named (hero mode set by fury, R-OPT-FURY)."""
    if "fury" in (rules or {}):
        raise ValueError("hero mode is set with --fury/--no-fury (fury=True/False), not the fury rule option")
    opts = make_options({**(rules or {}), "fury": "on" if fury else "off"})
    if opts[O_HERO_SELECT] == HERO_RANDOM:
        raise ValueError(f"{what} names its heroes: hero_select=random (R-OPT-HERO) does not apply")
    return opts


def run_setup(
    *,
    seed: int | None,
    players: str | tuple | list,
    fury: bool,
    deck: Deck | str | Path | None,
    rules: dict[str, str] | None,
    workers: int | None,
    what: str,
    cards: bool = False,
) -> RunSetup:
    """Check and parse a run's settings; `what` ("a matchup") names the run in messages;
    `cards`: keep the card events in the records (--cards)."""
    opts = run_options(rules, fury, what)
    loaded = deck if isinstance(deck, Deck) else load_deck(deck)
    deck_name = "default" if deck is None else (deck.path if isinstance(deck, Deck) else str(deck))
    return RunSetup(
        deck=loaded,
        deck_name=deck_name,
        opts=opts,
        table=card_table(loaded, opts),
        specs=parse_sides(players),
        seed=DEFAULT_SEED if seed is None else int(seed),
        workers=check_workers(workers),
        cards=bool(cards),
    )


def setup_warnings(setup: RunSetup) -> list[str]:
    """A line for each book tuned on another deck, rules or hero mode than this run's."""
    from emr_sim.book import book_warnings

    books = {spec.book.path: spec.book for spec in setup.specs if spec.book is not None}
    return [w for w in (book_warnings(b, setup) for b in books.values()) if w]


def run_record(setup: RunSetup, **extra) -> dict:
    """The run record: what was played (seed, players, hero mode, every rules option, the deck
    and its sha256, the version), then the simulation's own keys. `players` holds the specs'
    canonical texts; `player_specs` their full records, only when a spec has parameters or a
    book (so a record of plain players is what it was before specs existed); "cards": true
    only for a run that keeps the card events (--cards)."""
    specs = {} if all(s.plain for s in setup.specs) else {"player_specs": [s.record() for s in setup.specs]}
    cards = {"cards": True} if setup.cards else {}
    return {
        "version": __version__,
        "seed": setup.seed,
        "players": [spec.text for spec in setup.specs],
        **specs,
        "fury": setup.fury,
        "rules": describe_options(setup.opts),
        "deck": setup.deck_name,
        "deck_sha256": setup.deck.sha256,
        **cards,
        **extra,
    }


# The keys of a run record in words, for record_differences.
RECORD_WORDS = {
    "version": "emr-sim version",
    "seed": "seed",
    "players": "players (side A, side B)",
    "player_specs": "player parameters and books",
    "fury": "hero mode (fury)",
    "deck": "deck",
    "deck_sha256": "deck sha256",
    "heroes": "heroes",
    "games_per_cell": "games per cell",
    "until_ci": "until interval ±",
    "max_games": "max games per cell",
    "assignments": "hero assignments",
    "cards": "card events (--cards)",
}


@dataclass(frozen=True)
class Difference:
    """One entry that differs between two run records: its key, in words, both values."""

    key: str
    what: str
    before: object
    after: object

    def words(self) -> str:
        name = self.key.removeprefix("rule ")
        return f"{name} {shown(self.key, self.before)} → {shown(self.key, self.after)}"


def shown(key: str, value) -> str:
    """A run-record value as people read it."""
    if key == "fury":
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "—" if value is None else str(value)


def record_differences(a: dict, b: dict, keys=tuple(RECORD_WORDS)) -> list[Difference]:
    """What differs between two run records: the keys (those given, in that order), then the
    rules option by option (the fury option only when the hero mode itself is not listed)."""
    out = [Difference(k, RECORD_WORDS[k], a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
    ra, rb = a.get("rules") or {}, b.get("rules") or {}
    for name in [*ra, *[n for n in rb if n not in ra]]:
        if name == "fury" and "fury" in keys:
            continue  # the hero mode is a key of its own
        if str(ra.get(name)) != str(rb.get(name)):
            out.append(Difference(f"rule {name}", f"rule {name}", ra.get(name, "—"), rb.get(name, "—")))
    return out
