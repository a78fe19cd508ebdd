"""What every kind of player spec shares: the kinds, the parsed spec (PlayerSpec), its error.

emr_sim.games.emr.lineup.spec parses the grammar into these; emr_sim.games.emr.lineup.search builds the ismcts
kinds' specs. Plain Python: the kernels see only spec.kernel_kind and spec.kernel_vectors()
(the greedy's vectors, then the search settings' row: games/emr/players/search_params.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.lineup.book import TUNED_NAME, Book
from emr_sim.games.emr.lineup.table import PARAMS, ROW_NAMES
from emr_sim.games.emr.players.search_params import N_PARAMS_ROW


class SpecError(BadInput):
    """A player spec that cannot be used (exit 2); the message names the spec."""


@dataclass(frozen=True)
class Kind:
    """A kind of player: its kernel, which parameters it takes, its short form's parameter."""

    name: str
    kernel: int  # codes.PLAYER_*
    takes: str  # NO_PARAMS, GREEDY_PARAMS or BOOK_PARAMS
    main: str | None  # the parameter of the short form kind:VALUE
    doc: str
    metavar: str = "VALUE"  # how the listing names the short form's value

    @property
    def form(self) -> str:
        return self.name if self.main is None else f"{self.name}:{self.metavar}"


NO_PARAMS, GREEDY_PARAMS, BOOK_PARAMS, SEARCH_PARAMS, PEER_PARAMS = "none", "greedy", "book", "search", "peer"
PYTHON_PLAYER = -1  # not a kernel: a player the Python-driven loop plays (emr_sim.ecosystem.peers)
PYTHON_NAME = "python"  # ... as run records name its kernel
PEER_PREFIX = "openspiel-"  # OpenSpiel's searches (lineup.peer)
KINDS = {
    k.name: k
    for k in (
        Kind("random", C.PLAYER_RANDOM, NO_PARAMS, None, "a uniform choice among the legal actions"),
        Kind("greedy", C.PLAYER_GREEDY, GREEDY_PARAMS, None, "the best immediate outcome (docs/players.md)"),
        Kind(
            "greedy-notech",
            C.PLAYER_GREEDY_NOTECH,
            GREEDY_PARAMS,
            None,
            "greedy that never uses its master's own technique",
        ),
        Kind(
            "book",
            C.PLAYER_GREEDY,
            BOOK_PARAMS,
            "path",
            "greedy with a book file's vectors per master",
            "FILE",
        ),
        Kind("tuned", C.PLAYER_GREEDY, NO_PARAMS, None, f"greedy with the shipped book ({TUNED_NAME})"),
        Kind(
            "book-notech",
            C.PLAYER_GREEDY_NOTECH,
            BOOK_PARAMS,
            "path",
            "book's vectors, never the master's own technique",
            "FILE",
        ),
        Kind(
            "tuned-notech", C.PLAYER_GREEDY_NOTECH, NO_PARAMS, None, "tuned, never the master's own technique"
        ),
        Kind(
            "ismcts",
            C.PLAYER_ISMCTS,
            SEARCH_PARAMS,
            "n",
            "information-set Monte Carlo tree search, N iterations a decision",
            "N",
        ),
        Kind(
            "ismcts-open",
            C.PLAYER_ISMCTS_OPEN,
            SEARCH_PARAMS,
            "n",
            "the same search seeing the hidden cards: a ceiling, never for balance figures",
            "N",
        ),
        Kind(
            PEER_PREFIX + "ismcts",
            PYTHON_PLAYER,
            PEER_PARAMS,
            "n",
            "OpenSpiel's IS-MCTS (Python, the rl extra), N simulations a decision",
            "N",
        ),
        Kind(
            PEER_PREFIX + "mcts",
            PYTHON_PLAYER,
            PEER_PARAMS,
            "n",
            "OpenSpiel's MCTS on one determinisation a decision (Python, the rl extra)",
            "N",
        ),
    )
}
NOTECH = {"greedy": "greedy-notech", "book": "book-notech", "tuned": "tuned-notech"}  # without_technique
PLAIN_KINDS = ("random", "greedy", "greedy-notech")  # with no parameters: records as before specs


@dataclass(frozen=True)
class PlayerSpec:
    """One parsed player: kind, parameters as given (canonical order), its book, its text."""

    kind: str
    params: Mapping[str, float | str]
    book: Book | None
    text: str  # canonical: parse_spec(text) gives this spec again
    weights: np.ndarray = field(repr=False, compare=False)  # (WEIGHT_ROWS, N_PARAMS), read-only
    search: np.ndarray | None = field(default=None, repr=False, compare=False)  # search_params row
    # the search version its text was read in (search_params.SEARCH_VERSION; a run record's
    # own for its players): the same text in two versions is two players. None: no search
    search_version: int | None = None

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    @property
    def kernel_kind(self) -> int:
        """The codes.PLAYER_* the kernels play (book, tuned and greedy(...) are greedy kernels);
        SpecError for a player no kernel plays (an OpenSpiel player: `python`)."""
        if self.python:
            raise SpecError(
                f"player {self.text!r} is played from Python (OpenSpiel's search): matchup, matrix and "
                "ladder play it, this command plays compiled players only"
            )
        return KINDS[self.kind].kernel

    @property
    def python(self) -> bool:
        """Whether a Python-driven loop plays it (emr_sim.ecosystem.peers), not the kernels."""
        return KINDS[self.kind].kernel == PYTHON_PLAYER

    @property
    def plain(self) -> bool:
        """A kind without parameters or book: what `--players` named before specs existed."""
        return self.kind in PLAIN_KINDS and not self.params

    def vectors(self) -> np.ndarray:
        """The parameter vector of each master (row ROW_NO_HERO: fury off), a fresh array."""
        return np.array(self.weights, dtype=np.float64)

    def kernel_vectors(self) -> np.ndarray:
        """vectors() and the search settings' row (zeros but for ismcts): (KERNEL_ROWS,
        N_PARAMS), what the kernels read for this player's seat."""
        row = np.zeros((1, N_PARAMS_ROW)) if self.search is None else self.search[None, :]
        return np.concatenate([self.vectors(), row])

    def record(self) -> dict:
        """The spec in full for a run record: the vectors by name, and the book's path and
        sha256, so a record says what was played even if the book file changes."""
        kernel = PYTHON_NAME if self.python else C.PLAYER_NAMES[self.kernel_kind]
        out: dict = {"kind": self.kind, "text": self.text, "kernel": kernel}
        if self.params:
            out["params"] = dict(self.params)
        if self.book is not None:
            out["book"] = {"path": self.book.path, "sha256": self.book.sha256}
        if KINDS[self.kind].takes not in (NO_PARAMS, PEER_PARAMS) or self.book is not None:
            out["vectors"] = vectors_by_name(self.weights)
        if self.search is not None:
            out["search"] = [float(x) for x in self.search]  # games/emr/players/search_params.py: S_*
            out["search_version"] = self.search_version
        return out


def vectors_by_name(weights: np.ndarray) -> dict[str, dict[str, float]]:
    return {row: {p.name: float(weights[r, p.index]) for p in PARAMS} for r, row in enumerate(ROW_NAMES)}


def made(
    kind: str,
    params: dict,
    book: Book | None,
    text: str,
    weights: np.ndarray,
    search: np.ndarray | None = None,
    search_version: int | None = None,
) -> PlayerSpec:
    weights = np.array(weights, dtype=np.float64)
    weights.flags.writeable = False
    if search is not None:
        search = np.array(search, dtype=np.float64)
        search.flags.writeable = False
    return PlayerSpec(kind, params, book, text, weights, search, search_version)
