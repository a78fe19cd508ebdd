"""Perfect recall for the information states: each seat's digest of every observation it has
had, in order, from the deal's first position on (blake2b, 16 bytes, chained). Two histories
give a seat the same digest exactly when it saw the same sequence of observations (up to the
hash's collisions), which is what OpenSpiel's information state asks of a game.

The digests are brought up to date only when asked (an information state's text): the
actions since the last one are replayed from the position then, observing every seat after
each, so the playouts of a search, which never ask, cost nothing here. Chance is the state's
own stream, so the replay reaches the same position (checked).

A position made by a determinisation for seat p starts from p's digest: p's own knowledge;
the other seats' digests are derived from it, since p cannot know what they saw.
"""

from __future__ import annotations

import hashlib

import numpy as np

from emr_sim.ecosystem.driver import Driver

DIGEST_BYTES = 16


def chained(digest: bytes, obs: np.ndarray) -> bytes:
    return hashlib.blake2b(digest + obs.tobytes(), digest_size=DIGEST_BYTES).digest()


def seat_start(seat: int) -> bytes:
    return hashlib.blake2b(f"seat {seat}".encode(), digest_size=DIGEST_BYTES).digest()


class Recall:
    """The seats' digests as of the position `at`, and the actions taken since."""

    def __init__(self, digests: list[bytes], at: np.ndarray) -> None:
        self.digests = digests
        self.at = at
        self.pending: list[int] = []

    @classmethod
    def start(cls, driver: Driver, S: np.ndarray) -> Recall:
        """The digests of a deal's first position."""
        digests = [chained(seat_start(s), driver.observe(S, s)) for s in range(driver.n_seats)]
        return cls(digests, S.copy())

    @classmethod
    def seen_by(cls, driver: Driver, origin: Recall, seat: int, S: np.ndarray) -> Recall:
        """The digests of a position determinised for `seat` from a position it recalls as
        `origin` (brought up to date): its own, and the others' derived from it."""
        own = origin.digests[seat]
        digests = [
            own if s == seat else chained(own, np.array([s], dtype=np.int64)) for s in range(driver.n_seats)
        ]
        return cls(digests, S.copy())

    def note(self, action: int) -> None:
        self.pending.append(int(action))

    def catch_up(self, driver: Driver, S: np.ndarray) -> None:
        """Replay the pending actions from `at`, chaining every seat's observation after each."""
        if not self.pending:
            return
        R = self.at.copy()
        for action in self.pending:
            driver.apply(R, action)
            for s in range(driver.n_seats):
                self.digests[s] = chained(self.digests[s], driver.observe(R, s))
        if not np.array_equal(R, S):
            raise RuntimeError("replaying the actions did not reach the position: chance outside the state")
        self.at, self.pending = R, []

    def hexdigest(self, driver: Driver, S: np.ndarray, seat: int) -> str:
        self.catch_up(driver, S)
        return self.digests[seat].hex()
