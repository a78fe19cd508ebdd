"""The gain of a tuned vector over the one it replaces, measured on deals tuning never saw.

Both vectors play the same fresh deals against the same field (emr_sim.tuning.scoring); the
gain is the mean per-pair difference of their scores, with a 95 % interval taking the pair
as the unit (the two vectors' results on one deal are correlated, which the pairing uses).
A gain whose interval lies above 0 is significant; "no significant gain" is a result too.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np

from emr_sim.stats import Z95
from emr_sim.tuning.scoring import Field, deal_seed, score_batch

VALIDATION_WORD = "validation"  # the seeds of a measurement are never those of a generation


@dataclass(frozen=True)
class Gain:
    hero: str
    pairs: int
    before: float  # score of the vector replaced, against the field
    after: float  # score of the tuned vector, on the same deals
    gain: float
    ci_low: float
    ci_high: float

    @property
    def significant(self) -> bool:
        return self.ci_low > 0.0

    def as_dict(self) -> dict:
        return asdict(self) | {"significant": self.significant}


def paired_gain(hero: str, before: np.ndarray, after: np.ndarray) -> Gain:
    """Gain from per-pair half-points of the two vectors on the same deals."""
    diff = (after - before) / 4.0
    n = diff.size
    se = float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
    mean = float(diff.mean())
    return Gain(
        hero,
        int(n),
        float(before.mean() / 4.0),
        float(after.mean() / 4.0),
        mean,
        mean - Z95 * se,
        mean + Z95 * se,
    )


def measure_gain(field: Field, hero: str, old: np.ndarray, new: np.ndarray, seed: int, n_pairs: int) -> Gain:
    """The paired gain of `new` over `old` for `hero` on n_pairs fresh deals per opponent."""
    base = deal_seed(seed, VALIDATION_WORD, hero)
    points = score_batch(field, hero, [old, new], base, n_pairs)
    return paired_gain(hero, points[0], points[1])
