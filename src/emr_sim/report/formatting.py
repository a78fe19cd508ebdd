"""How emr_sim writes numbers for people: rates, points, intervals, p-values.

One module for the terminal tables (report.tables, report.summary) and the HTML report,
so a rate reads the same everywhere. A missing value (None or NaN) is written as `missing`.
"""

from __future__ import annotations

import math
from typing import Any

# A number as it comes out of a data frame row (numpy or Python scalar, NaN or None when
# missing): pandas' stubs type row values as a wide union, so the formatters take Any.
Number = Any

MISSING = "—"


def is_missing(x: Number) -> bool:
    return x is None or not math.isfinite(float(x))


def pct(x: Number, digits: int = 1, missing: str = MISSING) -> str:
    """A rate as a percentage: 0.5312 -> '53.1%'."""
    return missing if is_missing(x) else f"{100 * float(x):.{digits}f}%"


def points(x: Number, digits: int = 1, sign: bool = False, missing: str = MISSING) -> str:
    """A rate or a difference of rates in percentage points, without the % sign."""
    if is_missing(x):
        return missing
    return f"{100 * float(x):+.{digits}f}" if sign else f"{100 * float(x):.{digits}f}"


def interval(low: Number, high: Number, as_pct: bool = True, sep: str = " – ") -> str:
    """An interval of rates ('51.2% – 53.4%'), or of plain numbers with as_pct=False."""

    def shown(v: Number) -> str:
        return pct(v) if as_pct else f"{float(v):.0f}"

    return f"{shown(low)}{sep}{shown(high)}"


def as_number(x: Number) -> float:
    """A value from a data frame row as a Python float."""
    return float(x)


def as_int(x: Number) -> int:
    """A count from a data frame row as a Python int."""
    return int(x)


def pvalue(p: Number) -> str:
    if is_missing(p):
        return MISSING
    p = float(p)
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"
