"""Samurai Sword: a rough value of a position for players and searches (the contract's
evaluate; players/search.py's action_value builds on seat_value)."""

import math

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.scoring import team_in_play, team_points, winning_team
from emr_sim.games.samurai.rules.state import n_seats, team_of
from emr_sim.jit import njit

TEMPERATURE = 3.0  # points of team score that make e times the chance


@njit
def seat_value(G, S, seat):
    """A finished game: 1 if seat's team won, 0 if not, 0.5 for a draw. Otherwise seat's
    team's share of exp(score / TEMPERATURE) over the teams in play."""
    team = team_of(S, seat)
    if S[L.H_DECIDER] == K.NOBODY:
        winner = winning_team(G, S)
        return 0.5 if winner < 0 else (1.0 if winner == team else 0.0)
    total = 0.0
    mine = 0.0
    for t in range(L.N_TEAMS):
        if team_in_play(S, t):
            v = math.exp(min(team_points(G, S, t), 60) / TEMPERATURE)
            total += v
            if t == team:
                mine = v
    return mine / total


@njit
def evaluate(G, S, out):
    for s in range(n_seats(S)):
        out[s] = seat_value(G, S, s)
