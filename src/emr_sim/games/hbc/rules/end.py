"""A finished game's results and record (HBC-WIN, HBC-OVERTIME, HBC-D-TIES)."""

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.rules.layout import G_RULES, H_END, H_FIRST, H_SEATS, H_TURNS, P_TIES, TIES_FIRST_SEAT
from emr_sim.games.hbc.rules.state import points
from emr_sim.jit import njit


@njit
def ahead(G, S, s, t):
    """Whether seat s places ahead of seat t: more points; with `ties=first-seat`, equal points
    and s nearer the first player in turn order."""
    ps = points(S, s)
    pt = points(S, t)
    if ps != pt:
        return ps > pt
    if G[G_RULES][P_TIES] != TIES_FIRST_SEAT:
        return False
    n = S[H_SEATS]
    return (s - S[H_FIRST] + n) % n < (t - S[H_FIRST] + n) % n


@njit
def results(G, S, out):
    """HBC-WIN and HBC-OVERTIME: whichever way the game ended, the player with most points wins
    (13 or more at the judgement, 15 in overtime, else most); HBC-D-TIES: a tie for most is a
    shared win. Places by points, ties sharing theirs."""
    n = S[H_SEATS]
    firsts = 0
    for s in range(n):
        above = 0
        for t in range(n):
            if t != s and ahead(G, S, t, s):
                above += 1
        out[s, K.RS_PLACE] = above
        out[s, K.RS_TEAM] = -1
        out[s, K.RS_POINTS] = points(S, s)
        if above == 0:
            firsts += 1
    for s in range(n):
        first = out[s, K.RS_PLACE] == 0
        out[s, K.RS_WIN] = 1 if first and firsts == 1 else 0
        out[s, K.RS_DRAW] = 1 if first and firsts > 1 else 0


@njit
def record(G, S, out):
    out[K.GR_TURNS] = S[H_TURNS]
    out[K.GR_FIRST] = S[H_FIRST]
    out[K.GR_END] = S[H_END]
