"""The figures of a sensitivity scan: a tornado chart per master (the factors that move its
field mean, largest first, a bar per step with its 95 % interval) and the cells' changes as a
heat map (variants x cells). Drawn as the rest of the report's figures (emr_sim.report.plots:
no pyplot, the report's style)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from emr_sim.report.plots import DPI, GRID, NEUTRAL, styled

UP, DOWN, OTHER = "#2166ac", "#d6604d", "#7f7f7f"  # a step up, a step down, a new value
PANEL_COLUMNS = 2
ROW_INCHES = 0.24


def step_colour(step: str) -> str:
    """Blue for a step up (+1), red for a step down (-1), grey for a value set."""
    return UP if step.startswith("+") else DOWN if step.startswith("-") else OTHER


def _panel(ax, hero: str, rows: pd.DataFrame, steps: dict[str, str]) -> None:
    """One master's tornado: a row per factor (largest first, on top), a bar per step."""
    factors = list(dict.fromkeys(rows["factor"]))
    for k, factor in enumerate(factors):
        mine = rows[rows["factor"] == factor]
        offsets = np.linspace(0.2, -0.2, len(mine)) if len(mine) > 1 else np.zeros(1)
        height = 0.8 / len(mine)
        for dy, r in zip(offsets, mine.itertuples(index=False), strict=True):
            y = len(factors) - 1 - k + dy
            ax.barh(y, 100 * r.delta, height=height, color=step_colour(steps.get(r.variant, "")), alpha=0.85)
            ax.plot([100 * r.ci_low, 100 * r.ci_high], [y, y], color="black", lw=0.9)
    ax.axvline(0, color="#444444", lw=0.8)
    ax.set_yticks(range(len(factors))[::-1], [f[:34] for f in factors])
    ax.set_ylim(-0.7, max(len(factors), 1) - 0.3)
    ax.grid(axis="x", color=GRID, lw=0.6)
    ax.tick_params(axis="y", length=0, labelsize=8)
    ax.set_title(hero, loc="left")
    ax.set_xlabel("change of field mean (points)")


@styled
def tornado_grid(rows: dict[str, pd.DataFrame], steps: dict[str, str]) -> Figure:
    """A tornado chart per master (`rows`: master -> emr_sim.analysis.sensitivity.tornado_rows),
    two panels a row, the same x scale in every panel; blue a step up, red a step down, grey a
    value set; black lines the 95 % intervals."""
    heroes = list(rows)
    n_rows = -(-len(heroes) // PANEL_COLUMNS)
    tallest = max((rows[h]["factor"].nunique() for h in heroes), default=1)
    fig = Figure(figsize=(11, n_rows * (0.9 + ROW_INCHES * tallest)), dpi=DPI, layout="constrained")
    axes = np.atleast_1d(fig.subplots(n_rows, PANEL_COLUMNS, squeeze=False)).ravel()
    values = (
        pd.concat([rows[h][["ci_low", "ci_high", "delta"]] for h in heroes]) if heroes else pd.DataFrame()
    )
    span = 100 * float(np.nanmax(np.abs(values.to_numpy(float)))) if len(values) else 1.0
    span = max(span, 0.5) * 1.08
    for ax, hero in zip(axes, heroes, strict=False):
        _panel(ax, hero, rows[hero], steps)
        ax.set_xlim(-span, span)
    for ax in axes[len(heroes) :]:
        ax.set_visible(False)
    kinds = [
        (UP, "a step up (+1)"),
        (DOWN, "a step down (-1)"),
        (OTHER, "a value set (plain, removed, on/off)"),
    ]
    handles: list[Patch | Line2D] = [Patch(color=colour, alpha=0.85, label=label) for colour, label in kinds]
    handles.append(Line2D([], [], color="black", lw=0.9, label="95 % interval"))
    fig.legend(handles=handles, loc="outside lower center", ncols=len(handles), frameon=False)
    return fig


@styled
def cells_heatmap(matrix: pd.DataFrame) -> Figure:
    """Variants (rows) x cells (columns) of the change of side A's score, in points: blue the
    first-named master gains, red it loses."""
    values = 100 * matrix.to_numpy(float)
    span = max(float(np.nanmax(np.abs(values))) if values.size else 1.0, 0.5)
    fig = Figure(figsize=(12, 1.6 + 0.22 * len(matrix)), dpi=DPI, layout="constrained")
    ax = fig.add_subplot()
    image = ax.imshow(values, aspect="auto", cmap="RdBu", norm=TwoSlopeNorm(0, -span, span))
    ax.set_yticks(range(len(matrix)), [str(v)[:40] for v in matrix.index], fontsize=7.5)
    ax.set_xticks(range(matrix.shape[1]), list(matrix.columns), rotation=70, ha="right", fontsize=7.5)
    ax.tick_params(length=0)
    fig.colorbar(image, ax=ax, label="change of the first-named master's score (points)", shrink=0.8)
    ax.set_title("Change per cell", loc="left", color=NEUTRAL)
    return fig
