"""Heatmaps of a dice x hit table (a game's battle odds, `emr-sim odds --table`): matplotlib
figures drawn without pyplot, from a frame with columns dice, hit and the values shown."""

from __future__ import annotations

import math

import pandas as pd
from matplotlib.figure import Figure

PANELS = (
    ("die_in_attack_value", "one more die = + attack value"),
    ("die_in_hit", "one more die = + hit"),
)


def worth_heatmap(frame: pd.DataFrame, title: str) -> Figure:
    """One panel per column of PANELS: dice count down, hit across, each cell annotated (a cell
    beyond what the other change can reach is marked '>')."""
    fig = Figure(figsize=(10, 4.2), dpi=110)
    for k, (column, label) in enumerate(PANELS):
        ax = fig.add_subplot(1, len(PANELS), k + 1)
        grid = frame.pivot(index="dice", columns="hit", values=column)
        image = ax.imshow(grid.to_numpy(dtype=float), cmap="viridis", aspect="auto")
        ax.set_xticks(range(len(grid.columns)), [str(c) for c in grid.columns])
        ax.set_yticks(range(len(grid.index)), [str(i) for i in grid.index])
        ax.set_xlabel("hit")
        ax.set_ylabel("dice count")
        ax.set_title(label, fontsize=10)
        for i, dice in enumerate(grid.index):
            for j, hit in enumerate(grid.columns):
                value = float(grid.loc[dice, hit])
                beyond = math.isnan(value)  # more than any change of this kind can give
                ax.text(j, i, ">" if beyond else f"{value:.2f}", ha="center", va="center",
                        color="black" if beyond else "white", fontsize=8)  # fmt: skip
        fig.colorbar(image, ax=ax, shrink=0.8)
    fig.suptitle(title, fontsize=11)
    fig.tight_layout()
    return fig
