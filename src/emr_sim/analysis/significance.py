"""Multiple testing: a matrix has 28 cells, so some p-values below 0.05 are expected by chance."""

from __future__ import annotations

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

METHODS = {"holm": "holm", "bh": "fdr_bh"}  # our name -> statsmodels' name


def adjust(cells: pd.DataFrame, method: str = "holm", alpha: float = 0.05) -> pd.DataFrame:
    """The frame with p_adjusted and significant (bool) added, from its p_value column.

    method "holm" (Holm–Bonferroni) controls the family-wise error rate: the chance of any
    false "unbalanced" call among all rows is at most alpha, under any dependence.
    method "bh" (Benjamini–Hochberg) controls the false discovery rate: on average at most
    a share alpha of the significant rows are false; valid for independent or positively
    dependent tests (the cells of a matrix are independent runs).
    significant = p_adjusted <= alpha. Rows with a NaN p_value get NaN and False.

    Caveat: the family is the rows given: adjust the 28 cells of a run once (not the
    `oriented` frame, which holds every test twice, and not a subset chosen after looking).
    """
    if method not in METHODS:
        raise ValueError(f"unknown adjustment method {method!r}; known: {', '.join(METHODS)}")
    out = cells.copy()
    p = out["p_value"].to_numpy(dtype=float)
    ok = ~np.isnan(p)
    adjusted = np.full(len(p), np.nan)
    if ok.any():
        adjusted[ok] = multipletests(p[ok], alpha=alpha, method=METHODS[method])[1]
    out["p_adjusted"] = adjusted
    out["significant"] = np.nan_to_num(adjusted, nan=np.inf) <= alpha
    return out
