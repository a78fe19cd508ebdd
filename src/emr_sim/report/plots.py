"""The report's plots: matplotlib figures drawn without pyplot (no global state, Agg canvas).

Every function takes the frames of emr_sim.analysis (or plain frames of the same shape),
draws onto `ax` when given (and returns its figure) or onto a new figure, and returns the
figure. Figures are matplotlib.figure.Figure objects, never pyplot's: nothing global is
registered or left open, and PNG output goes through the Agg renderer whatever the
session's backend. `data_uri(fig)` turns a figure into an embeddable ``data:image/png;base64,...``.
Win rates are fractions (0..1) in the frames and shown in percent; an interval's
half-width is shown in percentage points ("±0.9" = ±0.9 points).
"""

from __future__ import annotations

import base64
import functools
import io
import textwrap
from typing import Any

import matplotlib
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter, MaxNLocator

__all__ = [
    "data_uri",
    "styled",
    "delta_forest",
    "drivers_bars",
    "first_player_plot",
    "length_plot",
    "matrix_colour",
    "matrix_heatmap",
    "matrix_span",
    "new_figure",
    "ranking_forest",
    "usage_heatmap",
]

DPI = 110
FAVOURED = "#2166ac"  # blue: the row hero / the better side
UNDERDOG = "#b2182b"  # red
NEUTRAL = "#4d4d4d"
GRID = "#d9d9d9"
CMAP = "RdBu"  # the matrix colours: red = the row hero loses, blue = it wins
PERCENT = FuncFormatter(lambda v, _pos: f"{100 * v:.0f}%")
STYLE: Any = {
    "font.size": 9.5,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.labelsize": 9.5,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


def styled(draw):
    """Run a plotting function under the report's style (rc settings are read as artists
    are made, so the whole drawing runs inside the context)."""

    @functools.wraps(draw)
    def wrapper(*args, **kwargs):
        with matplotlib.rc_context(STYLE):
            return draw(*args, **kwargs)

    return wrapper


def new_figure(width: float, height: float) -> tuple[Figure, Axes]:
    """A figure of width x height inches with one axes (constrained layout)."""
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
        ax = fig.add_subplot()
    return fig, ax


TITLE_INCHES_PER_CHAR = 0.1  # a bold 11-point title's mean character width, with room
TITLE_MARGIN = 1.0  # inches of a figure left of its axes (the hero names), where no title goes


def _title(ax: Axes, text: str) -> None:
    """The axes' title at its left, wrapped to the figure's width: a 3-master heatmap's title
    ran past the figure's edge ("…against the colum")."""
    fig = ax.get_figure()
    width = fig.get_figwidth() if isinstance(fig, Figure) else 8.0
    chars = max(20, int((width - TITLE_MARGIN) / TITLE_INCHES_PER_CHAR))
    ax.set_title("\n".join(textwrap.wrap(text, chars)) or text, loc="left")


def _axes(ax: Axes | None, width: float, height: float) -> tuple[Figure, Axes]:
    if ax is not None:
        fig = ax.get_figure()
        assert isinstance(fig, Figure), "an axes of its own figure"
        return fig, ax
    return new_figure(width, height)


def data_uri(fig: Figure, dpi: int = DPI) -> str:
    """The figure as a base64 PNG data URI; the figure's canvas is released afterwards."""
    buf = io.BytesIO()
    with matplotlib.rc_context(STYLE):
        fig.savefig(buf, format="png", dpi=dpi, facecolor="white")
    fig.clear()
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _ink(rgba) -> str:
    """Black or white text, whichever reads on the colour."""
    r, g, b = rgba[:3]
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else "white"


def matrix_span(values: np.ndarray) -> float:
    """Half the range of the matrix colour scale around 50 % (at least 5 points)."""
    return _spread(np.asarray(values, dtype=float) - 0.5, 0.05)


def matrix_colour(value: float, span: float) -> tuple[str, str]:
    """The heatmap's background colour (hex) of a win rate and the text colour that reads on it."""
    rgba = matplotlib.colormaps[CMAP](TwoSlopeNorm(vcenter=0.5, vmin=0.5 - span, vmax=0.5 + span)(value))
    return "#{:02x}{:02x}{:02x}".format(*(round(255 * c) for c in rgba[:3])), _ink(rgba)


def _spread(values: np.ndarray, floor: float) -> float:
    finite = np.abs(values[np.isfinite(values)])
    return max(floor, float(finite.max()) if finite.size else floor)


# ---------------------------------------------------------------- the matrix


@styled
def matrix_heatmap(
    win: pd.DataFrame,
    half: pd.DataFrame,
    significant: pd.DataFrame | None = None,
    ax: Axes | None = None,
    title: str = "Win rate of the row hero against the column hero",
) -> Figure:
    """The hero matrix as a heatmap: win (row hero's win rate, NaN diagonal) coloured around
    50 %, each cell annotated "53%\\n±0.9" (half-width of the 95 % interval, in points);
    cells whose adjusted test is significant (significant, same shape, bool) are framed."""
    k = len(win)
    size = 1.0 + 0.85 * k
    fig, ax = _axes(ax, size + 1.6, size)
    values = win.to_numpy(dtype=float)
    span = matrix_span(values)
    norm = TwoSlopeNorm(vcenter=0.5, vmin=0.5 - span, vmax=0.5 + span)
    cmap = matplotlib.colormaps[CMAP]
    shown = np.ma.masked_invalid(values)
    image = ax.imshow(shown, cmap=cmap, norm=norm, aspect="equal")
    ax.set_facecolor("#f0f0f0")
    heroes = [str(h) for h in win.index]
    ax.set_xticks(range(k), [str(c) for c in win.columns], rotation=30, ha="right")
    ax.set_yticks(range(k), heroes)
    ax.set_xlabel("opponent (column hero)")
    ax.set_ylabel("hero (row)")
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    halves = half.reindex(index=win.index, columns=win.columns).to_numpy(dtype=float)
    sig = None if significant is None else significant.reindex(index=win.index, columns=win.columns)
    fontsize = 9 if k <= 6 else 8
    for i in range(k):
        for j in range(k):
            v = values[i, j]
            if not np.isfinite(v):
                ax.text(j, i, "—", ha="center", va="center", color="#888888", fontsize=fontsize)
                continue
            text = f"{100 * v:.0f}%"
            if np.isfinite(halves[i, j]):
                text += f"\n±{100 * halves[i, j]:.1f}"
            ax.text(j, i, text, ha="center", va="center", color=_ink(cmap(norm(v))), fontsize=fontsize)
            if sig is not None and bool(sig.iat[i, j]):
                ax.add_patch(Rectangle((j - 0.46, i - 0.46), 0.92, 0.92, fill=False, lw=1.4, ec="black"))
    bar = fig.colorbar(image, ax=ax, shrink=0.8, format=PERCENT)
    step = next((t for t in (0.01, 0.02, 0.05, 0.1) if span / t <= 5), 0.1)  # whole percents
    reach = int(np.floor(span / step + 1e-9))
    bar.set_ticks([0.5 + step * n for n in range(-reach, reach + 1)])
    bar.set_label("row hero's win rate")
    _title(ax, title)
    return fig


# ---------------------------------------------------------------- ranking


def _forest(
    ax: Axes,
    labels: list[str],
    centre: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
    reference: float,
    colours: list[str] | None = None,
) -> None:
    """Points with horizontal interval bars, first label on top, a reference line."""
    y = np.arange(len(labels))[::-1]
    colours = colours or [NEUTRAL] * len(labels)
    ax.axvline(reference, color="#999999", lw=1, ls="--", zorder=0)
    for yi, c, lo, hi, col in zip(y, centre, low, high, colours, strict=True):
        ax.plot([lo, hi], [yi, yi], color=col, lw=2.2, solid_capstyle="butt")
        ax.plot([c], [yi], "o", color=col, ms=6.5, mec="white", mew=0.8)
    ax.set_yticks(y, labels)
    ax.set_ylim(-0.7, len(labels) - 0.3)
    ax.grid(axis="x", color=GRID, lw=0.6)
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)


def _side_colour(values: np.ndarray, reference: float, low: np.ndarray, high: np.ndarray) -> list[str]:
    """Blue when the interval is above the reference, red when below, grey when it covers it."""
    return [
        FAVOURED if lo > reference else UNDERDOG if hi < reference else NEUTRAL
        for lo, hi in zip(low, high, strict=True)
    ]


@styled
def ranking_forest(bt: pd.DataFrame | None, field: pd.DataFrame) -> Figure:
    """Two panels, heroes in Bradley–Terry order: the rating (Elo points, 0 = average hero)
    with its 95 % interval, and the field mean win rate with its 95 % interval. Without
    ratings (bt None: the model could not be fitted) only the field mean, in its order."""
    heroes = [str(h) for h in (bt.index if bt is not None else field.index)]
    if bt is None:
        fig = Figure(figsize=(6, 0.9 + 0.42 * len(heroes)), dpi=DPI, layout="constrained")
        right = fig.add_subplot()
    else:
        fig = Figure(figsize=(10, 0.9 + 0.42 * len(heroes)), dpi=DPI, layout="constrained")
        left, right = fig.subplots(1, 2)
        lo, hi = bt["rating_low"].to_numpy(float), bt["rating_high"].to_numpy(float)
        rating = bt["rating"].to_numpy(float)
        _forest(left, heroes, rating, lo, hi, 0.0, _side_colour(rating, 0.0, lo, hi))
        left.set_xlabel("rating (Elo points; 0 = the average master)")
        left.set_title("Bradley–Terry rating", loc="left")
    f = field.reindex(heroes)
    flo, fhi = f["ci_low"].to_numpy(float), f["ci_high"].to_numpy(float)
    _forest(
        right,
        heroes,
        f["win_rate"].to_numpy(float),
        flo,
        fhi,
        0.5,
        _side_colour(f["win_rate"].to_numpy(float), 0.5, flo, fhi),
    )
    right.xaxis.set_major_formatter(PERCENT)
    right.set_xlabel("mean win rate over its opponents")
    right.set_title("Field mean win rate", loc="left")
    return fig


# ---------------------------------------------------------------- first player


@styled
def first_player_plot(cells: pd.DataFrame, ax: Axes | None = None) -> Figure:
    """Per cell: the share of decided games won by whoever took the first turn, with its
    95 % interval; 50 % = no first-player advantage."""
    labels = [
        f"{a} – {b}" for a, b in zip(cells["hero_a"].astype(str), cells["hero_b"].astype(str), strict=True)
    ]
    fig, ax = _axes(ax, 7.5, 0.9 + 0.26 * len(labels))
    rate = cells["first_player_win_rate"].to_numpy(float)
    lo, hi = cells["first_ci_low"].to_numpy(float), cells["first_ci_high"].to_numpy(float)
    _forest(ax, labels, rate, lo, hi, 0.5, _side_colour(rate, 0.5, lo, hi))
    ax.xaxis.set_major_formatter(PERCENT)
    ax.set_xlabel("games won by the player who took the first turn (decided games, 95 % interval)")
    ax.set_title("First-player win rate per cell", loc="left")
    return fig


# ---------------------------------------------------------------- game length


@styled
def length_plot(stats: dict[str, dict], all_turns: np.ndarray) -> Figure:
    """Game length in turns, two panels. Left: a box per hero from precomputed quantiles,
    stats[hero] = {"q": {5: .., 25: .., 50: .., 75: .., 95: ..}, "mean": ..} over the games
    the hero played (box = quartiles, line = median, whiskers = 5th-95th percentile, white
    dot = mean), longest median on top. Right: the histogram of all games' lengths."""
    heroes = list(stats)
    fig = Figure(figsize=(10, 1.3 + 0.42 * max(len(heroes), 5)), dpi=DPI, layout="constrained")
    left, right = fig.subplots(1, 2, width_ratios=[3, 2])
    order = sorted(heroes, key=lambda h: (stats[h]["q"][50], stats[h]["mean"]))
    boxes = [
        {
            "label": h,
            "med": stats[h]["q"][50],
            "q1": stats[h]["q"][25],
            "q3": stats[h]["q"][75],
            "whislo": stats[h]["q"][5],
            "whishi": stats[h]["q"][95],
            "mean": stats[h]["mean"],
            "fliers": [],
        }
        for h in order
    ]
    if boxes:
        drawn = left.bxp(
            boxes,
            orientation="horizontal",
            showmeans=True,
            patch_artist=True,
            widths=0.6,
            medianprops={"color": "black", "lw": 1.5},
            meanprops={"marker": "o", "mfc": "white", "mec": "black", "ms": 5},
        )
        for patch in drawn["boxes"]:
            patch.set_facecolor("#9ecae1")
            patch.set_edgecolor("#3182bd")
    left.set_xlabel("game length (turns)")
    left.grid(axis="x", color=GRID, lw=0.6)
    left.tick_params(axis="y", length=0)
    left.spines["left"].set_visible(False)
    left.set_title("By master (games the master played)", loc="left")
    turns = np.asarray(all_turns, dtype=np.int64)
    if turns.size:
        low, high = int(turns.min()), int(turns.max())
        width = max(1, int(np.ceil((high - low + 1) / 60)))
        bins = np.arange(low, high + width + 1, width)
        right.hist(
            turns, bins=bins, weights=np.full(turns.size, 1 / turns.size), color="#6baed6", ec="white", lw=0.3
        )
        right.axvline(
            float(np.median(turns)), color="black", lw=1.2, ls="--", label=f"median {np.median(turns):g}"
        )
        right.legend(frameon=False, loc="upper right")
        unit = "turn" if width == 1 else f"{width} turns"
        right.set_ylabel(f"share of games per {unit}")
    right.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{100 * v:.1f}%"))
    right.set_xlabel("game length (turns)")
    right.grid(axis="y", color=GRID, lw=0.6)
    right.set_title(f"All {turns.size:,} games", loc="left")
    return fig


# ---------------------------------------------------------------- usage


@styled
def usage_heatmap(
    usage: pd.DataFrame,
    title: str,
    unit: str = "per game",
    ax: Axes | None = None,
    fmt: str = "{:.1f}",
) -> Figure:
    """A hero x item table of mean counts (e.g. technique or effect uses per game) as a
    heatmap with the numbers written in (a column of zeros says the item is never used)."""
    table = usage
    rows, cols = table.shape
    fig, ax = _axes(ax, max(5.0, 1.8 + 0.85 * cols), 1.0 + 0.42 * max(rows, 1))
    values = table.to_numpy(dtype=float)
    cmap = matplotlib.colormaps["Blues"]
    top = float(np.nanmax(values)) if values.size and np.isfinite(values).any() else 1.0
    image = ax.imshow(values, cmap=cmap, vmin=0, vmax=top or 1.0, aspect="auto")
    ax.set_xticks(range(cols), [str(c) for c in table.columns], rotation=30, ha="right")
    ax.set_yticks(range(rows), [str(r) for r in table.index])
    ax.tick_params(length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    for i in range(rows):
        for j in range(cols):
            v = values[i, j]
            if np.isfinite(v):
                ax.text(
                    j,
                    i,
                    fmt.format(v),
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=_ink(cmap(v / (top or 1))),
                )
    bar = fig.colorbar(image, ax=ax, shrink=0.9)
    bar.set_label(unit)
    _title(ax, title)
    return fig


# ---------------------------------------------------------------- lopsided matchups


@styled
def drivers_bars(
    drivers: pd.DataFrame,
    favoured: str,
    underdog: str,
    value: str = "std_difference",
    ax: Axes | None = None,
) -> Figure:
    """What separates the two sides of a matchup: one bar per measure (index) of `value`,
    the favoured side minus the underdog (by default the standardised difference: the
    difference of the means per game over the pooled per-game standard deviation), in the
    frame's order, first on top. Blue = more for the favoured side."""
    fig, ax = _axes(ax, 6.2, 0.9 + 0.3 * max(len(drivers), 1))
    y = np.arange(len(drivers))[::-1]
    diff = drivers[value].to_numpy(float)
    ax.barh(y, diff, color=[FAVOURED if v > 0 else UNDERDOG for v in diff], height=0.65)
    ax.axvline(0, color="#666666", lw=0.8)
    ax.set_yticks(y, [str(i) for i in drivers.index])
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="x", color=GRID, lw=0.6)
    span = _spread(diff, 0.1)
    ax.set_xlim(-1.1 * span, 1.1 * span)
    what = "standardised difference" if value == "std_difference" else "difference"
    ax.set_xlabel(f"{what}, {favoured} minus {underdog} (per game)")
    ax.set_title(f"{favoured} vs {underdog}: what differs", loc="left")
    return fig


# ---------------------------------------------------------------- comparison


@styled
def delta_forest(
    deltas: pd.DataFrame,
    labels: list[str],
    title: str,
    xlabel: str = "change in win rate (points, run B minus run A, 95 % interval)",
    ax: Axes | None = None,
) -> Figure:
    """Changes with their 95 % intervals (columns delta, ci_low, ci_high, and significant
    when present), in points. With `significant`: blue / red and a filled dot for a change
    up / down that is significant after adjustment, grey and an open dot for the others;
    without it the colour says whether the interval excludes 0."""
    n = len(deltas)
    fig, ax = _axes(ax, 8, 0.9 + 0.27 * max(n, 1))
    d = 100 * deltas["delta"].to_numpy(float)
    lo, hi = 100 * deltas["ci_low"].to_numpy(float), 100 * deltas["ci_high"].to_numpy(float)
    if "significant" in deltas.columns:
        sig = deltas["significant"].fillna(False).to_numpy(bool)
        colours = [(FAVOURED if v > 0 else UNDERDOG) if s else NEUTRAL for v, s in zip(d, sig, strict=True)]
        _forest(ax, labels, d, lo, hi, 0.0, colours)
        y = np.arange(n)[::-1]
        ax.plot(d[~sig], y[~sig], "o", ms=6.5, mfc="white", mec=NEUTRAL, mew=1.2, ls="none")
    else:
        _forest(ax, labels, d, lo, hi, 0.0, _side_colour(d, 0.0, lo, hi))
    span = _spread(np.concatenate([lo, hi]), 1.0)
    ax.set_xlim(-1.08 * span, 1.08 * span)
    ax.xaxis.set_major_locator(MaxNLocator(9, symmetric=True))
    ax.set_xlabel(xlabel)
    ax.set_title(title, loc="left")
    return fig
