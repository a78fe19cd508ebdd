"""A seat's observation as the ecosystem reads it: one flat float32 tensor with named pieces,
and an exact text. Both are made from the game contract's `observe` alone (what the seat may
know, the rest K.HIDDEN), so they reveal nothing the seat may not know, in every game alike.

The tensor's pieces, in order (docs/ecosystem.md):

    seat     n_seats   1 at the observing seat
    mover    n_seats   1 at the seat to decide (all 0 once the game is over)
    values   S words   the observation's words, a hidden word as 0
    hidden   S words   1 where the word is hidden from the seat

The words are the game's own state layout (its kernels' constants name them): whole numbers,
exactly representable in float32 up to VALUE_LIMIT (a larger one is refused, not rounded).
The text is the same information, every word written out, hidden ones as '?', so that two
observations have the same text exactly when they are the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from emr_sim import kernel_contract as K

VALUE_LIMIT = 2**24  # float32 holds every whole number of this size exactly
PIECES = ("seat", "mover", "values", "hidden")


@dataclass(frozen=True)
class Layout:
    """The tensor of one game at one table size."""

    n_seats: int
    state_size: int

    def sizes(self) -> tuple[int, ...]:
        return self.n_seats, self.n_seats, self.state_size, self.state_size

    @property
    def size(self) -> int:
        return sum(self.sizes())

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each piece's (start, end) in the flat tensor."""
        out, at = {}, 0
        for name, size in zip(PIECES, self.sizes(), strict=True):
            out[name] = (at, at + size)
            at += size
        return out

    def views(self, tensor: np.ndarray) -> dict[str, np.ndarray]:
        """The named pieces of a flat tensor (views: no copy)."""
        return {name: tensor[a:b] for name, (a, b) in self.offsets().items()}

    def encode(self, obs: np.ndarray, seat: int, mover: int, out: np.ndarray) -> np.ndarray:
        """Write the tensor of `seat`'s observation `obs` (mover: the seat to decide, K.NOBODY
        when over) into `out` (float32, self.size)."""
        if obs.size and (obs.max() > VALUE_LIMIT or obs.min() < -VALUE_LIMIT):
            raise ValueError(f"an observation word beyond float32's exact range (±{VALUE_LIMIT})")
        n, size = self.n_seats, self.state_size
        hidden = obs == K.HIDDEN
        out[: 2 * n] = 0.0
        out[seat] = 1.0
        if mover != K.NOBODY:
            out[n + mover] = 1.0
        values = out[2 * n : 2 * n + size]
        values[:] = obs
        values[hidden] = 0.0
        out[2 * n + size :] = hidden
        return out


class Words(dict):
    """Each word's text, made once (a search asks for thousands of observations a decision)."""

    def __missing__(self, word: int) -> str:
        self[word] = shown = "?" if word == K.HIDDEN else str(word)
        return shown


WORDS = Words()


def text(obs: np.ndarray, seat: int, mover: int) -> str:
    """The observation as exact text: who observes, who decides, then every word ('?' hidden)."""
    words = " ".join(map(WORDS.__getitem__, obs.tolist()))
    decides = "over" if mover == K.NOBODY else f"seat {mover} to decide"
    return f"seat {seat} observes; {decides}; {words}"
