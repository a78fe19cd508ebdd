"""Small statistics helpers shared by the matchup summary and the analysis layer."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (0..1); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def histogram_quantile(hist: np.ndarray, q: float) -> int:
    """The exact q-quantile of integer values given as a histogram (index = value): the smallest
    value with at least q of the values at or below it (numpy's method="inverted_cdf"; the
    median of an even count is the lower middle value)."""
    total = int(hist.sum())
    if total == 0:
        return 0
    rank = max(1, math.ceil(q * total))
    return int(np.searchsorted(np.cumsum(hist), rank))
