"""Hints: the advisor's search (`resolve --advise`, emr_sim.games.emr.face.advise) for the pending
decision, its top actions with visits and estimated win rates."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

TOP = 5  # actions shown


def hint_text(table: dict) -> Text:
    """The advisor's table, most visited first."""
    out = Text()
    out.append(f"hint: {table['player']}, seed {table['seed']}\n", style="bold")
    out.append(f"{'visits':>6} {'win':>5} action\n", style="dim")
    for row in table["actions"][:TOP]:
        rate = "-" if row["visits"] == 0 else f"{100 * row['win_rate']:.1f}%"
        out.append(f"{row['visits']:>6} {rate:>5} {row['action']}\n")
    out.append("(the search's estimates, not measured rates)", style="dim")
    return out


class HintPane(Static):
    """Shows a hint, "searching", or nothing."""

    def clear_hint(self) -> None:
        self.update("H: hint from the search")

    def searching(self, advisor: str) -> None:
        self.update(Text(f"the advisor ({advisor}) is searching...", style="italic"))

    def show(self, table: dict) -> None:
        self.update(hint_text(table))
