"""A post-game review: each decision of one seat against the advisor's search.

For every decision the seat took with a choice (more than one legal action), the advisor
(`resolve --advise`'s search, emr_sim.games.emr.face.advise) searches the position from that seat's
observation with a stated budget and seed. Its best action is the one it visited most; the
estimated win probability lost is the best action's estimated win rate less the estimate of
the action taken. An action the search visited in fewer than BARELY_SHARE of its iterations
has an estimate built on few games: it is marked "barely visited" (and an action never
visited has none), and such rows are not ranked among the costliest. The estimates are the
search's beliefs under its model of the opponent (see advise.ESTIMATE), not measured rates.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from emr_sim.games.emr.face.advise import advise, advisor_spec
from emr_sim.games.emr.face.saved import Replay

BARELY_SHARE = 0.02  # an estimate from under 2 % of the iterations is "barely visited"
COSTLIEST = 3  # rows shown first


@dataclass
class Decision:
    """One reviewed decision."""

    step: int  # index in the record's actions
    turn: int
    phase: str
    played: str
    played_visits: int
    played_rate: float  # nan when never visited
    best: str
    best_visits: int
    best_rate: float
    choices: int  # legal actions
    barely: bool  # the action taken had too few visits for its estimate to mean much

    @property
    def lost(self) -> float:
        """Estimated win probability lost (nan when the taken action has no estimate)."""
        return self.best_rate - self.played_rate

    @property
    def same(self) -> bool:
        return self.played == self.best


@dataclass
class Review:
    seat: int
    advisor: str  # the advisor's spec text: its budget
    iterations: int
    seed: int
    decisions: list[Decision]

    def costliest(self, n: int = COSTLIEST) -> list[Decision]:
        """The n decisions with the most estimated win probability lost, among those whose
        taken action the search visited enough (ties: earlier first)."""
        ranked = [d for d in self.decisions if not d.barely and not math.isnan(d.lost) and d.lost > 0]
        return sorted(ranked, key=lambda d: (-d.lost, d.step))[:n]

    def lines(self) -> list[str]:
        """The review in words: how it was made, the costliest decisions, then every one."""
        head = [
            f"review of seat P{self.seat}: {len(self.decisions)} decisions with a choice, each searched by "
            f"{self.advisor} ({self.iterations:,} iterations, seed {self.seed})",
            "lost = the best action's estimated win rate less the taken one's (the search's estimates); "
            f"'barely visited' = under {BARELY_SHARE:.0%} of the iterations",
        ]
        top = self.costliest()
        head.append("costliest:" if top else "costliest: none (every choice was the search's or near it)")
        head += ["  " + decision_line(d) for d in top]
        head.append("every decision:")
        return head + ["  " + decision_line(d) for d in self.decisions]


def _pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def decision_line(d: Decision) -> str:
    """One decision: turn, what was played and what the search liked best."""
    played = f"{d.played} ({_pct(d.played_rate)}, {d.played_visits} visits)"
    if d.barely:
        played += " barely visited"
    if d.same:
        return f"turn {d.turn:>3} {d.phase}: {played}: the search's choice too"
    lost = "-" if math.isnan(d.lost) else f"{100 * d.lost:+.1f} points"
    best = f"{d.best} ({_pct(d.best_rate)}, {d.best_visits} visits)"
    return f"turn {d.turn:>3} {d.phase}: {played}; best {best}; lost {lost}"


def review(
    done: Replay, seat: int, advisor: str, seed: int, progress: Callable[[int, int], None] | None = None
) -> Review:
    """Search every decision of SEAT with a choice in a replayed game (progress(k, n) after each)."""
    from emr_sim.games.emr import codes as C

    spec = advisor_spec(advisor, "--advisor")
    iterations = int(spec.params.get("n", 0)) or _default_iterations()
    steps = [
        k for k, who in enumerate(done.deciders) if who == seat and len(done.game_at(k).legal_codes()) > 1
    ]
    decisions = []
    for i, k in enumerate(steps):
        game = done.game_at(k)
        table = advise(game, spec.text, seed)
        rows = table["actions"]
        taken = next(r for r in rows if r["code"] == done.record.actions[k])
        best = rows[0]
        decisions.append(
            Decision(
                step=k,
                turn=int(game.state[C.H_TURN]),
                phase=game.phase,
                played=taken["action"],
                played_visits=taken["visits"],
                played_rate=taken["win_rate"],
                best=best["action"],
                best_visits=best["visits"],
                best_rate=best["win_rate"],
                choices=len(rows),
                barely=taken["visits"] < BARELY_SHARE * iterations,
            )
        )
        if progress:
            progress(i + 1, len(steps))
    return Review(seat, spec.text, iterations, seed, decisions)


def _default_iterations() -> int:
    from emr_sim.games.emr.players.search_params import DEFAULT_ITERATIONS

    return int(DEFAULT_ITERATIONS)
