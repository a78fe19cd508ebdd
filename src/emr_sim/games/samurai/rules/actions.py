"""Samurai Sword: the legal actions of the player who decides, and applying one.

An action is a card kind played (SS-D-KINDS: cards of a kind are alike), encoded
kind * PLAY_STRIDE + target * SUB_OPTIONS + option, or one of the special actions A_*
(rules/layout.py)."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.combat import reaches, weapon_limit
from emr_sim.games.samurai.rules.effects import (
    answer_area,
    answer_weapon,
    answers_with,
    play_card,
    use_nobunaga,
)
from emr_sim.games.samurai.rules.state import (
    ability,
    effect_of,
    hand_n,
    held,
    hp,
    n_kinds,
    n_seats,
    props,
    type_of,
)
from emr_sim.games.samurai.rules.turn import (
    answer_bushido,
    answer_discard,
    answer_ieyasu,
    bushido_kind,
    end_play,
)
from emr_sim.jit import njit


@njit
def encode(kind, target, option):
    return kind * L.PLAY_STRIDE + target * L.SUB_OPTIONS + option


@njit
def decode(action):
    """(kind, target, option) of a card played."""
    return action // L.PLAY_STRIDE, (action % L.PLAY_STRIDE) // L.SUB_OPTIONS, action % L.SUB_OPTIONS


@njit
def push(out, n, action):
    if n < L.MAX_LEGAL:
        out[n] = action
        return n + 1
    return n


@njit
def bushido_in_play(G, S):
    for s in range(n_seats(S)):
        if bushido_kind(G, S, s) >= 0:
            return True
    return False


@njit
def bushido_may_go(G, S, t):
    """SS-D-BUSHIDO-ONE: one Bushido in play at all (or, by the option, one per player)."""
    if G[1][L.P_BUSHIDO_TABLE]:
        return not bushido_in_play(G, S)
    return bushido_kind(G, S, t) < 0


@njit
def legal_plays(G, S, m, out):
    """SS-PLAY: every card of m's hand that can be played, at every target it may take."""
    n = 0
    seats = n_seats(S)
    weapons_left = S[L.H_WEAPONS] < weapon_limit(G, S, m)
    for k in range(n_kinds(G)):
        if held(S, m, k) == 0:
            continue
        effect = effect_of(G, k)
        if type_of(G, k) == L.WEAPON:
            if weapons_left:
                for t in range(seats):
                    if reaches(G, S, m, t, k):
                        n = push(out, n, encode(k, t, 0))
        elif effect == L.EF_BUSHIDO:
            for t in range(seats):
                if bushido_may_go(G, S, t):
                    n = push(out, n, encode(k, t, 0))
        elif type_of(G, k) == L.PROPERTY:
            n = push(out, n, encode(k, m, 0))
        elif effect == L.EF_BREATHING:
            for t in range(seats):
                if t != m:
                    n = push(out, n, encode(k, t, 0))
        elif effect == L.EF_DIVERSION:
            for t in range(seats):
                if t != m and hand_n(S, t) > 0:
                    n = push(out, n, encode(k, t, 0))
        elif effect == L.EF_GEISHA:
            n = legal_geisha(G, S, m, k, out, n)
        elif effect != L.EF_PARRY:  # Battle Cry, Jujutsu, Tea Ceremony, Daimyo
            n = push(out, n, encode(k, m, 0))
    if ability(G, S, m) == L.AB_WOUND_FOR_CARD and hp(S, m) >= 2:
        n = push(out, n, L.A_NOBUNAGA)
    return push(out, n, L.A_END)


@njit
def legal_geisha(G, S, m, k, out, n):
    """SS-D-GEISHA: any Property in play, or a random card of another player's hand."""
    for t in range(n_seats(S)):
        if t != m and hand_n(S, t) > 0:
            n = push(out, n, encode(k, t, 0))
        for p in range(n_kinds(G)):
            if props(S, t, p) > 0:
                n = push(out, n, encode(k, t, p + 1))
    return n


@njit
def legal_answers(G, S, t, effect, out):
    """The cards t may answer with (SS-PARRY, SS-D-HANZO, Jujutsu's Weapon), and A_TAKE."""
    n = 0
    for k in range(n_kinds(G)):
        if answers_with(G, S, t, effect, k):
            n = push(out, n, L.A_RESPOND + k)
    return push(out, n, L.A_TAKE)


@njit
def legal(G, S, out):
    phase = S[L.H_PHASE]
    s = S[L.H_DECIDER]
    if phase == L.PH_PLAY:
        return legal_plays(G, S, s, out)
    if phase == L.PH_PARRY:
        return legal_answers(G, S, s, L.EF_ATTACK, out)
    if phase == L.PH_AREA:
        return legal_answers(G, S, s, effect_of(G, S[L.H_PEND_KIND]), out)
    if phase == L.PH_BUSHIDO:
        return legal_answers(G, S, s, L.EF_JUJUTSU, out)  # a Weapon, or the honour
    if phase == L.PH_IEYASU:
        out[0] = L.A_FROM_DISCARD
        out[1] = L.A_FROM_DECK
        return 2
    n = 0  # PH_DISCARD
    for k in range(n_kinds(G)):
        if held(S, s, k) > 0:
            n = push(out, n, L.A_DISCARD + k)
    return n


@njit
def apply(G, S, action):
    """The decider takes `action` (one of legal's); the game runs on to the next decision."""
    phase = S[L.H_PHASE]
    if phase == L.PH_PLAY:
        if action == L.A_END:
            end_play(G, S)
        elif action == L.A_NOBUNAGA:
            use_nobunaga(G, S, S[L.H_TURN])
        else:
            kind, target, option = decode(action)
            play_card(G, S, kind, target, option)
    elif phase == L.PH_PARRY:
        answer_weapon(G, S, action)
    elif phase == L.PH_AREA:
        answer_area(G, S, action)
    elif phase == L.PH_BUSHIDO:
        answer_bushido(G, S, action)
    elif phase == L.PH_IEYASU:
        answer_ieyasu(G, S, action)
    elif phase == L.PH_DISCARD:
        answer_discard(G, S, action)
