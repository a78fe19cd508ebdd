"""Samurai Sword's end: SS-SCORE, SS-DAIMYO, SS-FATAL, SS-TIE, SS-LAST and the results by
team (SS-D-RESULTS), the game's record."""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.state import (
    effect_count_in_hand,
    honour,
    n_seats,
    role_of,
    seat_at,
    team_of,
)
from emr_sim.jit import njit

TIE_RANK = (1, 2, 0)  # SS-TIE by team (TEAM_*): Ninja over Shogun and Samurai over Ronin


@njit
def seat_points(G, S, s):
    """SS-SCORE, SS-DAIMYO: honour × the role card's weight, +1 per Daimyo held (not the Ronin)."""
    points = honour(S, s) * S[seat_at(s) + L.ST_WEIGHT]
    if role_of(S, s) != L.RONIN:
        points += effect_count_in_hand(G, S, s, L.EF_DAIMYO)
    return points


@njit
def team_in_play(S, team):
    for s in range(n_seats(S)):
        if team_of(S, s) == team:
            return True
    return False


@njit
def team_points(G, S, team):
    """A team's score: its seats' points, −3 for SS-FATAL (SS-D-FATAL)."""
    total = 0
    for s in range(n_seats(S)):
        if team_of(S, s) == team:
            total += seat_points(G, S, s)
    if S[L.H_FATAL_TEAM] == team:
        total -= 3
    return total


@njit
def beats(G, S, a, b):
    """Team a ranks above team b: by points, SS-TIE breaking ties."""
    pa, pb = team_points(G, S, a), team_points(G, S, b)
    return pa > pb or (pa == pb and TIE_RANK[a] > TIE_RANK[b])


@njit
def team_place(G, S, team):
    """0 for the winning team (SS-LAST's, or the best score), then by rank."""
    if S[L.H_LAST_TEAM] >= 0:
        if team == S[L.H_LAST_TEAM]:
            return 0
        place = 1
        for other in range(L.N_TEAMS):
            if other != team and other != S[L.H_LAST_TEAM] and team_in_play(S, other):
                place += beats(G, S, other, team)
        return place
    place = 0
    for other in range(L.N_TEAMS):
        if other != team and team_in_play(S, other):
            place += beats(G, S, other, team)
    return place


@njit
def results(G, S, out):
    """SS-D-RESULTS: each seat's team wins or not (a draw for all at the cap, SS-D-CAP)."""
    drawn = S[L.H_END] == L.END_CAP
    for s in range(n_seats(S)):
        team = team_of(S, s)
        place = 0 if drawn else team_place(G, S, team)
        out[s, K.RS_WIN] = 1 if place == 0 and not drawn else 0
        out[s, K.RS_DRAW] = 1 if drawn else 0
        out[s, K.RS_PLACE] = place
        out[s, K.RS_TEAM] = team
        out[s, K.RS_POINTS] = seat_points(G, S, s)


@njit
def winning_team(G, S):
    """The team that wins the finished game, -1 for a draw."""
    if S[L.H_END] == L.END_CAP:
        return -1
    for team in range(L.N_TEAMS):
        if team_in_play(S, team) and team_place(G, S, team) == 0:
            return team
    return -1


@njit
def record(G, S, out):
    out[K.GR_TURNS] = S[L.H_TURNS]
    out[K.GR_FIRST] = S[L.H_SHOGUN]
    out[K.GR_END] = S[L.H_END]
