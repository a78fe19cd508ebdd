"""Samurai Sword: distance, Weapons, harmless players, damage, knock-downs and the special
victory (SS-DISTANCE, SS-WEAPON, SS-HARMLESS, SS-DAMAGE, SS-KO, SS-LAST, SS-D-RANGE)."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.state import (
    ability,
    effect_count_in_play,
    end_game,
    hand_n,
    hp,
    n_seats,
    record_public,
    role_of,
    seat_at,
    team_of,
    teammates,
)
from emr_sim.jit import njit


@njit
def harmless(S, s):
    """SS-HARMLESS: no resilience left, or no card in hand (read now: SS-D-HARMLESS-NOW)."""
    return hp(S, s) == 0 or hand_n(S, s) == 0


@njit
def steps_clockwise(S, a, b):
    """Seats from a to b going clockwise, counting b and every player between who is not
    harmless (SS-HARMLESS: the harmless are skipped)."""
    n = n_seats(S)
    steps = 1
    t = (a + 1) % n
    while t != b:
        if not harmless(S, t):
            steps += 1
        t = (t + 1) % n
    return steps


@njit
def distance(S, a, b):
    """SS-DISTANCE: the shorter way round, neighbours at 1."""
    cw = steps_clockwise(S, a, b)
    n = n_seats(S)
    ccw = 1
    t = (a - 1 + n) % n
    while t != b:
        if not harmless(S, t):
            ccw += 1
        t = (t - 1 + n) % n
    return min(cw, ccw)


@njit
def difficulty(G, S, a, b):
    """SS-D-RANGE: the distance, +1 per Armor in front of b, +1 against Benkei."""
    extra = effect_count_in_play(G, S, b, L.EF_ARMOR)
    if ability(G, S, b) == L.AB_HARDER_TO_HIT:
        extra += 1
    return distance(S, a, b) + extra


@njit
def reaches(G, S, a, b, kind):
    """SS-D-RANGE: a's Weapon `kind` may target b: another player, not harmless, whose
    difficulty is within the range (Kojiro: any difficulty)."""
    if a == b or harmless(S, b):
        return False
    if ability(G, S, a) == L.AB_ANY_RANGE:
        return True
    return difficulty(G, S, a, b) <= G[2][kind, L.CT_RANGE]


@njit
def three_player_shogun(S, s):
    """SS-3P: the Shogun of a 3-player game."""
    return n_seats(S) == 3 and role_of(S, s) == L.SHOGUN


@njit
def weapon_limit(G, S, s):
    """SS-WEAPON-LIMIT: 1 a turn, +1 per Focus, +1 for Goemon; the 3-player Shogun 2 (SS-3P)."""
    limit = 1 + effect_count_in_play(G, S, s, L.EF_FOCUS)
    if ability(G, S, s) == L.AB_EXTRA_WEAPON:
        limit += 1
    if three_player_shogun(S, s):
        limit += 1
    return limit


@njit
def weapon_wounds(G, S, a, b, kind):
    """SS-WEAPON: the Weapon's damage, +1 for Musashi, +1 per Fast Draw of the attacker;
    Ginchiyo takes 1 less, at least 1."""
    wounds = G[2][kind, L.CT_DAMAGE] + effect_count_in_play(G, S, a, L.EF_FAST_DRAW)
    if ability(G, S, a) == L.AB_EXTRA_WOUND:
        wounds += 1
    if ability(G, S, b) == L.AB_LESS_WOUNDS:
        wounds = max(1, wounds - 1)
    return wounds


@njit
def standing(S):
    """How many players still have resilience (SS-LAST)."""
    count = 0
    for s in range(n_seats(S)):
        if hp(S, s) > 0:
            count += 1
    return count


@njit
def last_standing(S):
    for s in range(n_seats(S)):
        if hp(S, s) > 0:
            return s
    return -1


@njit
def knock_down(G, S, src, tgt):
    """tgt's resilience has just reached 0 by src's card. SS-LAST first (SS-D-LAST-ORDER):
    one player left with resilience wins for their team at once, unless a teammate's
    knock-down made it so (then SS-KO's transfer and a normal score with SS-FATAL). Then
    SS-KO: 1 honour from tgt to src (SS-D-KO-CREDIT); honour 0 ends the game (SS-END), a
    transfer between teammates costing their team 3 points (SS-FATAL, SS-D-FATAL)."""
    last = n_seats(S) > 3 and standing(S) == 1  # SS-3P: no special victory at 3 players
    if last and not teammates(S, src, tgt):
        S[L.H_LAST_TEAM] = team_of(S, last_standing(S))
        end_game(S, L.END_LAST)
        return
    if src >= 0 and src != tgt:
        S[seat_at(tgt) + L.ST_HONOUR] -= 1
        S[seat_at(src) + L.ST_HONOUR] += 1
        record_public(S, L.PUB_KO, src, tgt)
        if S[seat_at(tgt) + L.ST_HONOUR] <= 0:
            if teammates(S, src, tgt):
                S[L.H_FATAL_TEAM] = team_of(S, src)
            end_game(S, L.END_KO)
            return
    if last:
        S[L.H_FATAL_TEAM] = team_of(S, src)
        end_game(S, L.END_LAST)


@njit
def wound(G, S, src, tgt, wounds):
    """SS-DAMAGE: tgt loses `wounds` resilience, the excess ignored; at 0 it is knocked down
    (knock_down). The resilience actually lost."""
    lost = min(wounds, hp(S, tgt))
    S[seat_at(tgt) + L.ST_HP] -= lost
    if lost > 0 and hp(S, tgt) == 0:
        knock_down(G, S, src, tgt)
    return lost


@njit
def full_hp(G, S, s):
    """SS-RECOVER's full resilience: the character's (SS-D-SHOGUN-HP: +option for the Shogun)."""
    return S[seat_at(s) + L.ST_MAX_HP]


@njit
def shogun_bonus(G, role):
    return G[1][L.P_SHOGUN_HP] if role == L.SHOGUN else 0
