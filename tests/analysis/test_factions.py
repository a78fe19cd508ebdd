"""The statistics of games with hidden teams (emr_sim.analysis.factions) on frames made by hand."""

from __future__ import annotations

import pandas as pd
import pytest

from emr_sim.analysis import factions as F


def seats_frame(rows: list[tuple]) -> pd.DataFrame:
    """(game, team, win, character, order, played X, held X) rows."""
    return pd.DataFrame(rows, columns=["game", "team", "win", "character", "order", "played X", "held X"])


def test_winners_and_the_faction_table_against_the_fair_share():
    seats = seats_frame([
        (0, "A", 1, "c1", 0, 1, 0), (0, "B", 0, "c2", 1, 0, 1),
        (1, "A", 0, "c1", 0, 0, 0), (1, "B", 1, "c2", 1, 2, 0),
        (2, "A", 1, "c2", 0, 1, 1), (2, "B", 0, "c1", 1, 0, 0),
        (3, "A", 0, "c2", 0, 0, 0), (3, "B", 0, "c1", 1, 0, 0),  # a draw
    ])  # fmt: skip
    assert F.winners(seats).tolist() == ["A", "B", "A", "draw"]
    games = pd.DataFrame({"game": range(4), "points A": [6, 2, 4, 3], "points B": [2, 6, -1, 3]})
    table = F.faction_table(seats, games, {"A": 0.6, "B": 0.4}).set_index("team")
    assert table.loc["A", "wins"] == 0.5 and table.loc["B", "wins"] == 0.25 and table.loc["A", "fair"] == 0.5
    assert table.loc["A", "low"] < 0.5 < table.loc["A", "high"] and not table.loc["A", "differs"]
    assert table.loc["A", "points share"] == pytest.approx((6 / 8 + 2 / 8 + 4 / 4 + 3 / 6) / 4)
    assert table.loc["B", "start share"] == 0.4


def test_rate_table_corrects_for_many_comparisons_and_flags_a_real_difference():
    rows = []
    for g in range(400):
        rows.append((g, "A", 1 if g % 10 else 0, "strong", 0, 0, 0))  # wins 90 %
        rows.append((g, "B", 1 if g % 2 else 0, "plain1", 1, 0, 0))  # 50 %
        rows.append((g, "C", 1 if g % 2 == 0 else 0, "plain2", 2, 0, 0))  # 50 %
    table = F.rate_table(seats_frame(rows), "character").set_index("character")
    assert table.loc["strong", "differs"] and table.loc["strong", "win rate"] == pytest.approx(0.9)
    assert (table["p holm"] >= table["p"]).all()
    assert table["win rate"].is_monotonic_decreasing


def test_card_table_compares_players_and_holders_of_a_card_with_the_rest():
    seats = seats_frame([(0, "A", 1, "c", 0, 2, 0), (0, "B", 0, "c", 1, 0, 1), (1, "A", 1, "c", 0, 1, 1),
                         (1, "B", 0, "c", 1, 0, 0)])  # fmt: skip
    row = F.card_table(seats, ("X",)).iloc[0]
    assert row["played per seat-game"] == 0.75 and row["win if played"] == 1.0 and row["win if not"] == 0.0
    assert row["held at the end"] == 0.5 and row["win if held"] == 0.5 and row["held gap"] == 0.0


def test_end_table_shares_and_lengths():
    games = pd.DataFrame({"turns": [10, 20, 30, 40], "end": ["a", "a", "b", "b"]})
    table = F.end_table(games).set_index("end")
    assert (
        table.loc["a", "share"] == 0.5
        and table.loc["b", "mean turns"] == 35
        and table.loc["all", "share"] == 1
    )
