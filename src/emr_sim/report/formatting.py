"""How emr_sim writes numbers for people: rates, points, intervals, p-values.

One module for the terminal tables (report.tables, report.summary) and the HTML report,
so a rate reads the same everywhere. A missing value (None or NaN) is written as `missing`.
"""

from __future__ import annotations

import math
import re
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
    """A rate or a difference of rates in percentage points, without the % sign; a value that
    rounds to zero is written without a sign ("0.0", never "-0.0")."""
    if is_missing(x):
        return missing
    value = 100 * float(x)
    if round(value, digits) == 0:
        return f"{0.0:.{digits}f}"
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


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
    """A p-value for a table column: '0.012', '< 0.0001'."""
    if is_missing(p):
        return MISSING
    p = float(p)
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def p_text(p: Number, name: str = "p") -> str:
    """A p-value in a sentence: 'p = 0.012', 'p < 0.0001' (never 'p = < 0.0001')."""
    shown = pvalue(p)
    return f"{name} {shown}" if shown.startswith("<") else f"{name} = {shown}"


def signed(x: Number, digits: int = 1) -> str:
    """A signed plain number ('+2.3', '0.0', '-1.5'): no minus sign on a value that rounds to 0."""
    if is_missing(x):
        return MISSING
    value = float(x)
    if round(value, digits) == 0:
        return f"{0.0:.{digits}f}"
    return f"{value:+.{digits}f}"


# a rule id in brackets at the end of a phrase: " (R-TURN)", " (D-BOW, R-DEFEND)"
RULE_IDS = re.compile(r"\s*\((?:[A-Z]+(?:-[A-Z0-9]+)+)(?:,\s*[A-Z]+(?:-[A-Z0-9]+)+)*\)")


def without_rule_ids(text: str) -> str:
    """Text for people: the bracketed rule ids the program's messages carry taken out (the
    report's glossary says where they are)."""
    return RULE_IDS.sub("", text)
