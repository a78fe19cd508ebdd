"""Small statistics helpers shared by the matchup summary and the analysis layer."""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def normal_sf(x):
    """The standard normal's upper tail P(Z > x), of a number or elementwise of an array (the
    standard library's erfc: no scipy.stats to import for a p-value)."""
    tail = np.vectorize(lambda v: 0.5 * math.erfc(v / math.sqrt(2.0)), otypes=[float])(x)
    return float(tail) if np.ndim(tail) == 0 else tail


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


def wilson_bounds(successes, n, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """wilson() for arrays of counts: (low, high), NaN where n is 0."""
    s = np.asarray(successes, dtype=float)
    m = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = s / m
        denom = 1 + z * z / m
        centre = (p + z * z / (2 * m)) / denom
        half = z * np.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / denom
    empty = m <= 0
    low = np.where(empty, np.nan, np.maximum(0.0, centre - half))
    high = np.where(empty, np.nan, np.minimum(1.0, centre + half))
    return low, high


def newcombe_difference(s1, n1, s2, n2, z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """95 % interval of p1 - p2 for two independent proportions s1/n1 and s2/n2, from their
    Wilson intervals (Newcombe 1998, method 10, the hybrid score interval); NaN where a
    sample is empty."""
    l1, u1 = wilson_bounds(s1, n1, z)
    l2, u2 = wilson_bounds(s2, n2, z)
    with np.errstate(divide="ignore", invalid="ignore"):
        p1 = np.asarray(s1, dtype=float) / np.asarray(n1, dtype=float)
        p2 = np.asarray(s2, dtype=float) / np.asarray(n2, dtype=float)
    d = p1 - p2
    return d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def two_proportion_p(s1, n1, s2, n2) -> np.ndarray:
    """Two-sided p-value of the pooled z-test that s1/n1 and s2/n2 are equal; NaN where a
    sample is empty, 1.0 where every game or none was won."""
    from scipy.stats import norm

    s1, n1, s2, n2 = (np.asarray(x, dtype=float) for x in (s1, n1, s2, n2))
    with np.errstate(divide="ignore", invalid="ignore"):
        pooled = (s1 + s2) / (n1 + n2)
        se = np.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
        z = (s1 / n1 - s2 / n2) / se
        p = 2 * norm.sf(np.abs(z))
    p = np.where(se == 0, 1.0, p)
    return np.where((n1 <= 0) | (n2 <= 0), np.nan, p)
