"""Samurai Sword: a turn's phases (SS-TURN: SS-RECOVER, SS-DRAW, SS-PLAY, SS-DISCARD), Bushido
at the end of the recover phase (SS-D-BUSHIDO-FLIP), Ieyasu's draw and the turn order."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.combat import full_hp, three_player_shogun
from emr_sim.games.samurai.rules.piles import discard, draw_cards, pop_top, take_discard_top
from emr_sim.games.samurai.rules.state import (
    ability,
    count_played,
    effect_of,
    end_game,
    hand_n,
    hp,
    left_of,
    n_kinds,
    over,
    props,
    seat_at,
    take_from_hand,
    type_of,
    weapons_in_hand,
)
from emr_sim.jit import njit


@njit
def start_turn(G, S, s):
    """s's turn: SS-RECOVER, Bushido, then SS-DRAW (SS-D-CAP: a draw past the cap)."""
    S[L.H_TURN] = s
    S[L.H_TURNS] += 1
    S[L.H_WEAPONS] = 0
    if S[L.H_TURNS] > G[1][L.P_CAP]:
        end_game(S, L.END_CAP)
        return
    if hp(S, s) == 0:  # SS-RECOVER
        S[seat_at(s) + L.ST_HP] = full_hp(G, S, s)
    if bushido_kind(G, S, s) >= 0:
        turn_up_for_bushido(G, S, s)
        if over(S) or S[L.H_PHASE] == L.PH_BUSHIDO:
            return
    begin_draw(G, S, s)


@njit
def bushido_kind(G, S, s):
    """The kind of the Bushido in front of s, or -1."""
    for k in range(n_kinds(G)):
        if props(S, s, k) > 0 and effect_of(G, k) == L.EF_BUSHIDO:
            return k
    return -1


@njit
def turn_up_for_bushido(G, S, s):
    """SS-D-BUSHIDO-FLIP: the pile's top is turned up and discarded. A Weapon: s discards a
    Weapon (s decides, if it holds one) or loses 1 honour; anything else passes Bushido on."""
    kind = pop_top(G, S)
    if over(S):
        return
    if kind >= 0:
        discard(S, kind)
    if kind < 0 or type_of(G, kind) != L.WEAPON:
        pass_bushido(G, S, s)
    elif weapons_in_hand(G, S, s) > 0:
        S[L.H_PHASE] = L.PH_BUSHIDO
        S[L.H_DECIDER] = s
    else:
        bushido_costs_honour(G, S, s)


@njit
def pass_bushido(G, S, s):
    """Bushido to the player on s's left (SS-D-BUSHIDO-ONE's `player` option: the next one
    without a Bushido)."""
    kind = bushido_kind(G, S, s)
    S[seat_at(s) + L.ST_PROPS + kind] -= 1
    t = left_of(S, s)
    if G[1][L.P_BUSHIDO_TABLE] == 0:
        while bushido_kind(G, S, t) >= 0:
            t = left_of(S, t)
    S[seat_at(t) + L.ST_PROPS + kind] += 1


@njit
def bushido_costs_honour(G, S, s):
    """1 honour to the box and Bushido discarded; the 3-player Shogun loses none (SS-3P)."""
    kind = bushido_kind(G, S, s)
    S[seat_at(s) + L.ST_PROPS + kind] -= 1
    discard(S, kind)
    if three_player_shogun(S, s):
        return
    S[seat_at(s) + L.ST_HONOUR] -= 1
    if S[seat_at(s) + L.ST_HONOUR] <= 0:
        end_game(S, L.END_BUSHIDO)


@njit
def answer_bushido(G, S, action):
    s = S[L.H_DECIDER]
    if action == L.A_TAKE:
        bushido_costs_honour(G, S, s)
        if over(S):
            return
    else:
        kind = action - L.A_RESPOND
        count_played(S, s, kind)
        take_from_hand(S, s, kind)
        discard(S, kind)
        pass_bushido(G, S, s)
    begin_draw(G, S, s)


@njit
def draw_count(G, S, s):
    """SS-DRAW: 2 cards; Hideyoshi 1 more; the 3-player Shogun 1 more (SS-3P)."""
    count = 2
    if ability(G, S, s) == L.AB_EXTRA_DRAW:
        count += 1
    if three_player_shogun(S, s):
        count += 1
    return count


@njit
def begin_draw(G, S, s):
    count = draw_count(G, S, s)
    if ability(G, S, s) == L.AB_DRAW_DISCARD and S[L.H_DISC_N] > 0:
        S[L.H_TO_DRAW] = count
        S[L.H_PHASE] = L.PH_IEYASU
        S[L.H_DECIDER] = s
        return
    draw_cards(G, S, s, count)
    start_play(S, s)


@njit
def answer_ieyasu(G, S, action):
    s = S[L.H_DECIDER]
    count = S[L.H_TO_DRAW]
    if action == L.A_FROM_DISCARD:
        take_discard_top(S, s)
        count -= 1
    draw_cards(G, S, s, count)
    start_play(S, s)


@njit
def start_play(S, s):
    if over(S):
        return
    S[L.H_PHASE] = L.PH_PLAY
    S[L.H_DECIDER] = s


@njit
def end_play(G, S):
    """The play phase ends: SS-DISCARD (the holder chooses, SS-D-HAND), then the next turn."""
    s = S[L.H_TURN]
    if hand_n(S, s) > L.HAND_LIMIT:
        S[L.H_PHASE] = L.PH_DISCARD
        S[L.H_DECIDER] = s
        return
    start_turn(G, S, left_of(S, s))


@njit
def answer_discard(G, S, action):
    s = S[L.H_TURN]
    kind = action - L.A_DISCARD
    take_from_hand(S, s, kind)
    discard(S, kind)
    if hand_n(S, s) <= L.HAND_LIMIT:
        start_turn(G, S, left_of(S, s))
