"""One run set-up for every simulation (matchup, matrix): the settings checked and parsed once,
where they enter, and the run record that says what was played.

    setup = run_setup(RunSettings(seed=None, players="greedy,greedy"), "a matchup")
    record = run_record(setup, heroes=[...], games_per_cell=...)

The settings arrive as one value (emr_sim.simulate.play.settings.RunSettings), made once by the command;
everything below (the runner, the kernels) receives the parsed RunSetup, never the strings.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr.cards import Deck, card_table, load_deck
from emr_sim.games.emr.lineup.base import PYTHON_PLAYER, PlayerSpec
from emr_sim.games.emr.lineup.book import Book
from emr_sim.games.emr.lineup.spec import parse_sides
from emr_sim.games.emr.options import HERO_RANDOM, O_HERO_MODE, O_HERO_SELECT, describe_options, make_options
from emr_sim.games.emr.players.search_params import SEARCH_VERSION
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.version import __version__

if TYPE_CHECKING:
    from emr_sim.simulate.whatif.variants import Variant

DEFAULT_SEED = 20261202  # the run seed when none is given: every run is reproducible


@dataclass(frozen=True)
class RunSetup:
    """What every game of a run shares."""

    deck: Deck
    deck_name: str  # "default", or the deck file as given
    opts: np.ndarray  # emr_sim.games.emr.options layout
    table: np.ndarray  # the card table under those options
    specs: tuple[PlayerSpec, PlayerSpec]  # the player of side A, side B (emr_sim.games.emr.lineup)
    seed: int
    workers: int
    cards: bool = False  # --cards: the games' records hold the card events (games/emr/loops/card_events.py)
    # where the games are played: None, this process's threads; or a Dask cluster
    # (emr_sim.simulate.play.cluster.Cluster) that the command connected and hands down as a value
    cluster: Any = field(default=None, compare=False, repr=False)
    deck_changes: tuple[str, ...] = ()  # card changes of a variant (emr_sim.simulate.whatif.variants)

    @property
    def players(self) -> tuple[int, int]:
        """The kernels' player kind (codes.PLAYER_*) of side A, side B; PYTHON_PLAYER for a
        player the Python-driven loop plays (a set-up only matchup, matrix and ladder make)."""
        a, b = (PYTHON_PLAYER if spec.python else spec.kernel_kind for spec in self.specs)
        return a, b

    @property
    def python(self) -> bool:
        """Whether a side is played from Python (an OpenSpiel player: emr_sim.ecosystem)."""
        return any(spec.python for spec in self.specs)

    def weights(self) -> np.ndarray:
        """The parameters of each side: the greedy's per master, then the search row
        (2, KERNEL_ROWS, N_PARAMS; games/emr/players/search_params.py)."""
        return np.stack([spec.kernel_vectors() for spec in self.specs])

    @property
    def fury(self) -> bool:
        return bool(self.opts[O_HERO_MODE])

    def sides(self, hero_a: int, hero_b: int) -> np.ndarray:
        """The kernels' sides vector: side A's and B's player kinds, then their heroes."""
        return np.array([*self.players, hero_a, hero_b], dtype=np.int64)


THREADS_PER_CORE = 4  # --workers at most this many threads per core (the games are CPU-bound)


def check_workers(workers: int | None) -> int:
    """The threads of a run: --workers, checked (at least 1, at most THREADS_PER_CORE a core,
    refused before any starts), or one a core."""
    cores = os.cpu_count() or 1
    if workers is not None and workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if workers is not None and workers > THREADS_PER_CORE * cores:
        raise ValueError(
            f"--workers {workers:,}: at most {THREADS_PER_CORE * cores} threads on this machine "
            f"({THREADS_PER_CORE} a core, {cores} cores); the games are CPU-bound, one a core is fastest"
        )
    return workers or cores


def run_options(rules: dict[str, str] | None, fury: bool, what: str) -> np.ndarray:
    """The options array of a run whose heroes are named (hero mode set by fury, R-OPT-FURY)."""
    if "fury" in (rules or {}):
        raise ValueError("hero mode is set with --fury/--no-fury (fury=True/False), not the fury rule option")
    opts = make_options({**(rules or {}), "fury": "on" if fury else "off"})
    if opts[O_HERO_SELECT] == HERO_RANDOM:
        raise ValueError(f"{what} names its heroes: hero_select=random (R-OPT-HERO) does not apply")
    return opts


def run_setup(settings: RunSettings, what: str, *, python_players: bool = False) -> RunSetup:
    """Check and parse a run's settings (emr_sim.simulate.play.settings), the variant applied;
    `what` ("a matchup") names the run in messages; `python_players`: the run may have a
    player the Python-driven loop plays (OpenSpiel's searches: matchup, matrix, ladder)."""
    version = settings.search_version
    specs = parse_sides(settings.players, SEARCH_VERSION if version is None else version)
    check_python_players(specs, python_players, settings.cluster)
    opts = run_options(settings.rules, settings.fury, what)
    deck = settings.deck
    loaded = deck if isinstance(deck, Deck) else load_deck(deck)
    deck_name = "default" if deck is None else (deck.path if isinstance(deck, Deck) else str(deck))
    setup = RunSetup(
        deck=loaded,
        deck_name=deck_name,
        opts=opts,
        table=card_table(loaded, opts),
        specs=specs,
        seed=DEFAULT_SEED if settings.seed is None else int(settings.seed),
        workers=check_workers(settings.workers),
        cards=bool(settings.cards),
        cluster=settings.cluster,
    )
    return setup if settings.variant is None else variant_setup(setup, settings.rules, settings.variant)


def variant_setup(setup: RunSetup, rules: dict[str, str] | None, variant: str | Variant | None) -> RunSetup:
    """The set-up with the variant applied; ValueError when the variant and --rule set one
    rules option to different values."""
    from emr_sim.games.emr.options import BY_NAME
    from emr_sim.simulate.whatif.variants import apply_variant, parse_variant

    parsed = parse_variant(variant)
    for name, value in parsed.rules.items():
        given = (rules or {}).get(name)
        if given is not None and BY_NAME[name].parse(str(given)) != BY_NAME[name].parse(value):
            raise ValueError(f"--rule {name}={given} and --variant {name}={value} disagree; give one")
    return apply_variant(setup, parsed)


def check_python_players(specs: tuple[PlayerSpec, PlayerSpec], allowed: bool, cluster: Any) -> None:
    """A player the Python-driven loop plays: only where the run allows one (else the spec's
    own SpecError), on this machine's processes, with the rl extra installed (checked in that
    order: what no installation changes first)."""
    python = [spec for spec in specs if spec.python]
    if not python:
        return
    if not allowed:
        python[0].kernel_kind  # noqa: B018  (raises the spec's SpecError: this command cannot play it)
    if cluster is not None:
        raise BadInput(
            f"player {python[0].text!r} plays on this machine's processes (--workers), not on --cluster"
        )
    from emr_sim.extras import RL, check

    check(RL, f"player {python[0].text!r}")


def setup_warnings(setup: RunSetup) -> list[str]:
    """A line for each book tuned on another deck, rules or hero mode than this run's."""
    books = {spec.book.path: spec.book for spec in setup.specs if spec.book is not None}
    return [w for w in (book_warning(b, setup) for b in books.values()) if w]


def run_record(setup: RunSetup, **extra) -> dict:
    """The run record: what was played (seed, players, hero mode, every rules option, the deck
    and its sha256, the version), then the simulation's own keys. `players` holds the specs'
    canonical texts; `player_specs` their full records, only when a spec has parameters or a
    book (so a record of plain players is what it was before specs existed); "cards": true
    only for a run that keeps the card events (--cards); `deck_changes` the card changes of a
    variant (emr_sim.simulate.whatif.variants) after the deck file's, only when there are some."""
    specs = {} if all(s.plain for s in setup.specs) else {"player_specs": [s.record() for s in setup.specs]}
    cards = {"cards": True} if setup.cards else {}
    changes = {"deck_changes": list(setup.deck_changes)} if setup.deck_changes else {}
    return {
        "version": __version__,
        "seed": setup.seed,
        "players": [spec.text for spec in setup.specs],
        **specs,
        "fury": setup.fury,
        "rules": describe_options(setup.opts),
        "deck": setup.deck_name,
        "deck_sha256": setup.deck.sha256,
        **changes,
        **cards,
        **extra,
    }


def book_run(setup: RunSetup) -> dict:
    """The `run` entry of a book tuned on this set-up (lineup.book: a book's `run`)."""
    return {
        "deck": setup.deck_name,
        "deck_sha256": setup.deck.sha256,
        "rules": describe_options(setup.opts),
        "fury": setup.fury,
    }


def book_warning(book: Book, setup: RunSetup) -> str | None:
    """One line when the book was tuned on another deck, rules or hero mode than this run's."""
    if book.run is None:
        return None
    now = book_run(setup)
    differ = []
    if book.run["deck_sha256"] != now["deck_sha256"]:
        differ.append(f"deck {book.run['deck']} (sha256 {book.run['deck_sha256'][:12]}…), not {now['deck']}")
    if book.run["fury"] != now["fury"]:
        differ.append(f"fury {'on' if book.run['fury'] else 'off'}")
    tuned, used = book.run["rules"], now["rules"]
    for name in [*tuned, *[n for n in used if n not in tuned]]:
        if name != "fury" and str(tuned.get(name, "—")) != str(used.get(name, "—")):
            differ.append(f"rule {name}={tuned.get(name, '—')} (this run: {used.get(name, '—')})")
    if not differ:
        return None
    return f"warning: book {book.path} was tuned on {'; '.join(differ)}: its vectors may not suit this run"
