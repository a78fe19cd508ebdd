"""Samurai Sword: a rough value of a position for players and searches (the contract's
evaluate, action_value and rollout)."""

import math

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.actions import apply, decode
from emr_sim.games.samurai.rules.scoring import team_in_play, team_points, winning_team
from emr_sim.games.samurai.rules.state import n_seats, team_of, type_of
from emr_sim.games.samurai.rules.view import determinise
from emr_sim.jit import njit
from emr_sim.rng import below

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


@njit
def action_value(G, obs, seat, action, work, rng):
    """seat's value after `action`, in one state drawn consistent with its observation."""
    determinise(G, obs, seat, rng, work)
    apply(G, work, action)
    return seat_value(G, work, seat)


@njit
def rollout(G, S, legal, n, rng):
    """The rollout policy (it reads the state it is given: a search's determinised one):
    answer every Weapon and area card with a card; attack a player of another team; play
    Properties; else end the phase. One decision in eight at random."""
    if below(rng, 0, 8) == 0:
        return legal[below(rng, 0, n)]
    phase = S[L.H_PHASE]
    if phase != L.PH_PLAY:
        return legal[0]  # an answer, the discard pile's top (Ieyasu), a card to discard
    me = S[L.H_TURN]
    for j in range(n):
        a = legal[j]
        if a >= L.A_END:
            continue
        kind, target, _ = decode(a)
        if type_of(G, kind) == L.WEAPON and team_of(S, target) != team_of(S, me):
            return a
        if type_of(G, kind) == L.PROPERTY and target == me:
            return a
    return legal[n - 1]  # A_END (or Nobunaga's card, one before it)
