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


PART_CARDS = 34  # cards per heat-map figure: each label stays readable (>= 9 px) at full width
HEATMAP_WIDTH = 10.1  # inches at the report's 110 dpi: about 1,110 px, the page's width at 1400 px
LABEL_POINTS = 8  # tick labels: 8 pt = about 12 px at 110 dpi


def colour_span(stats: pd.DataFrame) -> float:
    """Half the colour scale: the largest |improvement| of any row (at least MIN_SPAN), so the
    scale covers every value shown."""
    values = np.abs(stats["improvement"].to_numpy(dtype=float))
    values = values[np.isfinite(values)]
    return max(MIN_SPAN, float(values.max())) if values.size else MIN_SPAN


def marked_rows(stats: pd.DataFrame) -> tuple[pd.Series, str]:
    """Which rows to mark and what a mark says: the significant rows when they are fewer than
    half, else the rows that are not (a mark on most cells separates nothing)."""
    sig = stats["significant"].astype(bool)
    if sig.sum() * 2 <= len(sig):
        return sig, "significant"
    return ~sig, "not significant"


@styled
def improvement_heatmap(stats: pd.DataFrame, masters: list[str], cards: list[int], span: float) -> Figure:
    """Masters (rows) x the given cards (columns, deck order): the improvement when drawn, blue
    when the master wins more with the card in hand, on a colour scale of ±span; a dot marks
    the rows of marked_rows (the minority: significant or not)."""
    part = stats[stats["card_id"].isin(cards)]
    wide = part.pivot(index="hero", columns="card_id", values="improvement").reindex(
        index=masters, columns=cards
    )
    mark, _what = marked_rows(stats)
    marks = part.assign(mark=mark[part.index]).pivot(index="hero", columns="card_id", values="mark")
    marks = marks.reindex(index=masters, columns=cards)
    labels = stats.drop_duplicates("card_id").set_index("card_id")["card"].reindex(cards)
    fig, ax = new_figure(HEATMAP_WIDTH, 0.3 * len(masters) + 1.5)
    norm = TwoSlopeNorm(vcenter=0.0, vmin=-span, vmax=span)
    image = ax.imshow(
        wide.to_numpy(dtype=float), cmap=CMAP, norm=norm, aspect="auto", interpolation="nearest"
    )
    rows, cols = np.nonzero(marks.fillna(False).to_numpy(dtype=bool))
    ax.scatter(cols, rows, s=9, c="black", marker="o", linewidths=0)
    ax.set_yticks(range(len(masters)), masters, fontsize=LABEL_POINTS + 1)
    ax.set_xticks(range(len(cards)), list(labels), rotation=90, fontsize=LABEL_POINTS)
    ax.set_title(f"Improvement when drawn: cards {labels.iloc[0]} to {labels.iloc[-1]}", fontsize=10)
    bar = fig.colorbar(image, ax=ax, shrink=0.9, pad=0.01)
    bar.ax.yaxis.set_major_formatter(lambda v, _pos: f"{POINTS * v:+.0f}" if round(POINTS * v) else "0")
    bar.ax.tick_params(labelsize=LABEL_POINTS)
    bar.set_label("points", fontsize=LABEL_POINTS)
    return fig


def heatmap_parts(stats: pd.DataFrame, masters: list[str]) -> list[Figure]:
    """The heat map of every card, split into figures of at most PART_CARDS cards (deck order),
    all on one colour scale that covers every value."""
    cards = sorted(int(c) for c in stats["card_id"].unique())
    n_parts = -(-len(cards) // PART_CARDS)
    size = -(-len(cards) // n_parts)
    span = colour_span(stats)
    return [
        improvement_heatmap(stats, masters, cards[k : k + size], span) for k in range(0, len(cards), size)
    ]


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
