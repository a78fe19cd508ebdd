"""The per-card section's figures (emr_sim.analysis.cardstats frames): the improvement when
drawn of every card for every master as a heat map, and each master's most notable cards with
their intervals. Drawn without pyplot, as every report figure (emr_sim.report.plots)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from emr_sim.analysis.cardstats import notable
from emr_sim.report.plots import CMAP, FAVOURED, GRID, NEUTRAL, UNDERDOG, new_figure, styled

POINTS = 100  # a rate difference in percentage points
MIN_SPAN = 0.02  # the colours saturate at the 95th percentile of |improvement|, at least ±2 points
PANEL_COLUMNS = 2


@styled
def improvement_heatmap(stats: pd.DataFrame, masters: list[str]) -> Figure:
    """Masters (rows) x cards (columns, deck order): the improvement when drawn, blue when the
    master wins more with the card in hand; a dot marks a significant row (Benjamini-Hochberg)."""
    wide = stats.pivot(index="hero", columns="card_id", values="improvement").reindex(masters)
    sig = stats.pivot(index="hero", columns="card_id", values="significant").reindex(masters)
    labels = stats.drop_duplicates("card_id").set_index("card_id")["card"].reindex(wide.columns)
    n_cards = wide.shape[1]
    fig, ax = new_figure(max(8.0, 0.11 * n_cards + 1.5), 0.34 * len(masters) + 1.6)
    values = np.abs(wide.to_numpy(dtype=float))
    span = max(MIN_SPAN, float(np.nanpercentile(values, 95))) if np.isfinite(values).any() else MIN_SPAN
    norm = TwoSlopeNorm(vcenter=0.0, vmin=-span, vmax=span)
    image = ax.imshow(
        wide.to_numpy(dtype=float), cmap=CMAP, norm=norm, aspect="auto", interpolation="nearest"
    )
    rows, cols = np.nonzero(sig.fillna(False).to_numpy(dtype=bool))
    ax.scatter(cols, rows, s=6, c="black", marker="o", linewidths=0)
    ax.set_yticks(range(len(masters)), masters)
    ax.set_xticks(range(n_cards), list(labels), rotation=90, fontsize=5.5)
    ax.set_title("Improvement when drawn, every card for every master")
    bar = fig.colorbar(image, ax=ax, shrink=0.9, pad=0.01)
    bar.ax.yaxis.set_major_formatter(lambda v, _pos: f"{POINTS * v:+.0f}")
    bar.set_label("points (GIH − GNS win rate)")
    return fig


@styled
def notable_forest(stats: pd.DataFrame, masters: list[str], top: int) -> Figure:
    """One panel per master: its `top` highest and `top` lowest cards by improvement when drawn,
    each with its 95 % interval (points), significant ones in colour."""
    n_rows = -(-len(masters) // PANEL_COLUMNS)
    fig = Figure(figsize=(10.5, n_rows * (0.22 * 2 * top + 0.9)), dpi=110, layout="constrained")
    axes = fig.subplots(n_rows, PANEL_COLUMNS, squeeze=False)
    for k, ax in enumerate(axes.ravel()):
        if k >= len(masters):
            ax.set_axis_off()
            continue
        rows = notable(stats, masters[k], top)[::-1]
        y = np.arange(len(rows))
        value = POINTS * rows["improvement"].to_numpy(float)
        low = POINTS * rows["improvement_low"].to_numpy(float)
        high = POINTS * rows["improvement_high"].to_numpy(float)
        colour = [
            (FAVOURED if v > 0 else UNDERDOG) if s else NEUTRAL
            for v, s in zip(value, rows["significant"], strict=True)
        ]
        ax.hlines(y, low, high, colors=colour, linewidth=1.6)
        ax.scatter(value, y, c=colour, s=14, zorder=3)
        ax.axvline(0, color=GRID, linewidth=1)
        ax.set_yticks(y, list(rows["card"]), fontsize=8)
        ax.set_title(masters[k], fontsize=10)
        ax.tick_params(axis="x", labelsize=8)
    fig.supxlabel("improvement when drawn (points, 95 % interval); coloured: significant (BH)", fontsize=9)
    return fig
