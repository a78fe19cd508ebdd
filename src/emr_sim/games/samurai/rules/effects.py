"""Samurai Sword: the cards played and their answers: Weapons and Parry (SS-WEAPON, SS-PARRY,
SS-DAMAGE, SS-D-PARRY, SS-D-HANZO), the Properties (SS-PROPERTY), the Actions (SS-ACTION):
Battle Cry and Jujutsu (SS-D-AREA-ORDER), Breathing, Daimyo, Diversion, Geisha
(SS-D-GEISHA), Tea Ceremony; and Nobunaga's card for a wound."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.combat import full_hp, harmless, weapon_wounds, wound
from emr_sim.games.samurai.rules.piles import discard, draw_cards
from emr_sim.games.samurai.rules.state import (
    ability,
    add_to_hand,
    count_played,
    effect_count_in_hand,
    effect_of,
    hand_n,
    left_of,
    n_kinds,
    n_seats,
    over,
    random_hand_card,
    record_public,
    seat_at,
    take_from_hand,
    type_of,
    weapons_in_hand,
)
from emr_sim.jit import njit


@njit
def back_to_play(S):
    """The turn's player decides again (the card and its answers resolved)."""
    S[L.H_PHASE] = L.PH_PLAY
    S[L.H_DECIDER] = S[L.H_TURN]


@njit
def hanzo_may_parry(G, S, t):
    """SS-D-HANZO: Hanzo parries with a Weapon, unless it is his only card."""
    return ability(G, S, t) == L.AB_WEAPON_PARRY and hand_n(S, t) >= 2 and weapons_in_hand(G, S, t) > 0


@njit
def may_answer(G, S, t, effect):
    """Whether t holds an answer to a card of `effect` aimed at it: a Parry (or Hanzo's
    Weapon) against a Weapon or a Battle Cry, a Weapon against a Jujutsu."""
    if effect == L.EF_JUJUTSU:
        return weapons_in_hand(G, S, t) > 0
    return effect_count_in_hand(G, S, t, L.EF_PARRY) > 0 or hanzo_may_parry(G, S, t)


@njit
def answers_with(G, S, t, effect, kind):
    """Whether t may answer a card of `effect` with a card of `kind` from its hand."""
    if S[seat_at(t) + L.ST_HAND + kind] == 0:
        return False
    if effect == L.EF_JUJUTSU:
        return type_of(G, kind) == L.WEAPON
    if effect_of(G, kind) == L.EF_PARRY:
        return True
    return type_of(G, kind) == L.WEAPON and hanzo_may_parry(G, S, t)


@njit
def from_hand_to_discard(S, s, kind):
    take_from_hand(S, s, kind)
    discard(S, kind)


# ---------------------------------------------------------------- Weapons and Parry
@njit
def play_weapon(G, S, m, kind, t):
    """SS-WEAPON: m attacks t with `kind` (discarded after use); t may answer (SS-PARRY)."""
    from_hand_to_discard(S, m, kind)
    S[L.H_WEAPONS] += 1
    record_public(S, L.PUB_ATTACK, m, t)
    S[L.H_PEND_KIND] = kind
    S[L.H_PEND_SRC] = m
    S[L.H_PEND_TGT] = t
    S[L.H_WOUNDS] = weapon_wounds(G, S, m, t, kind)
    if may_answer(G, S, t, L.EF_ATTACK):
        S[L.H_PHASE] = L.PH_PARRY
        S[L.H_DECIDER] = t
    else:
        land_weapon(G, S)


@njit
def land_weapon(G, S):
    """SS-DAMAGE: the unparried Weapon wounds its target; Ushiwaka draws a card per wound
    lost (SS-D-WOUNDS), Tomoe one for a Weapon that wounds."""
    m, t = S[L.H_PEND_SRC], S[L.H_PEND_TGT]
    lost = wound(G, S, m, t, S[L.H_WOUNDS])
    if over(S):
        return
    if lost > 0 and ability(G, S, t) == L.AB_DRAW_ON_WOUND:
        draw_cards(G, S, t, lost)
    if lost > 0 and ability(G, S, m) == L.AB_DRAW_ON_HIT:
        draw_cards(G, S, m, 1)
    if not over(S):
        back_to_play(S)


@njit
def answer_weapon(G, S, action):
    """SS-PARRY, SS-D-PARRY: the target parries with a card (discarded), or takes the Weapon."""
    if action == L.A_TAKE:
        land_weapon(G, S)
        return
    count_played(S, S[L.H_DECIDER], action - L.A_RESPOND)
    from_hand_to_discard(S, S[L.H_DECIDER], action - L.A_RESPOND)
    back_to_play(S)


# ---------------------------------------------------------------- Battle Cry and Jujutsu
@njit
def play_area(G, S, m, kind):
    """Battle Cry, Jujutsu: every other player in turn, clockwise from m's left
    (SS-D-AREA-ORDER), answers or takes 1 wound."""
    from_hand_to_discard(S, m, kind)
    S[L.H_PEND_KIND] = kind
    S[L.H_PEND_SRC] = m
    S[L.H_PEND_TGT] = m
    S[L.H_PEND_LEFT] = n_seats(S) - 1
    next_answer(G, S)


@njit
def next_answer(G, S):
    """The area card's next responder: the harmless and Chiyome are passed by (SS-HARMLESS,
    SS-D-HARMLESS-NOW); a player with an answer decides; one without takes the wound."""
    m = S[L.H_PEND_SRC]
    effect = effect_of(G, S[L.H_PEND_KIND])
    while S[L.H_PEND_LEFT] > 0:
        t = left_of(S, S[L.H_PEND_TGT])
        S[L.H_PEND_TGT] = t
        S[L.H_PEND_LEFT] -= 1
        if harmless(S, t) or ability(G, S, t) == L.AB_WEAPONS_ONLY:
            continue
        if may_answer(G, S, t, effect):
            S[L.H_PHASE] = L.PH_AREA
            S[L.H_DECIDER] = t
            return
        wound(G, S, m, t, 1)
        if over(S):
            return
    back_to_play(S)


@njit
def answer_area(G, S, action):
    t = S[L.H_DECIDER]
    if action == L.A_TAKE:
        wound(G, S, S[L.H_PEND_SRC], t, 1)
        if over(S):
            return
    else:
        count_played(S, t, action - L.A_RESPOND)
        from_hand_to_discard(S, t, action - L.A_RESPOND)
    next_answer(G, S)


# ---------------------------------------------------------------- the other cards
@njit
def play_property(G, S, m, kind, t):
    """SS-PROPERTY: the card stays in front of t (m itself, or anyone for Bushido)."""
    take_from_hand(S, m, kind)
    S[seat_at(t) + L.ST_PROPS + kind] += 1
    if t != m:
        record_public(S, L.PUB_HARM, m, t)


@njit
def play_breathing(G, S, m, kind, t):
    """Breathing: m heals fully; t, another player, draws 1 card."""
    from_hand_to_discard(S, m, kind)
    S[seat_at(m) + L.ST_HP] = full_hp(G, S, m)
    record_public(S, L.PUB_HELP, m, t)
    draw_cards(G, S, t, 1)


@njit
def play_diversion(G, S, m, kind, t):
    """Diversion: a random card of t's hand into m's."""
    from_hand_to_discard(S, m, kind)
    record_public(S, L.PUB_HARM, m, t)
    taken = random_hand_card(S, t, S, L.RNG_BASE, n_kinds(G))
    take_from_hand(S, t, taken)
    add_to_hand(S, m, taken)


@njit
def play_geisha(G, S, m, kind, t, option):
    """Geisha (SS-D-GEISHA): option 0, a random card of t's hand discarded; option p + 1,
    the Property of kind p in front of t discarded."""
    from_hand_to_discard(S, m, kind)
    if t != m:
        record_public(S, L.PUB_HARM, m, t)
    if option == 0:
        from_hand_to_discard(S, t, random_hand_card(S, t, S, L.RNG_BASE, n_kinds(G)))
    else:
        S[seat_at(t) + L.ST_PROPS + option - 1] -= 1
        discard(S, option - 1)


@njit
def play_tea(G, S, m, kind):
    """Tea Ceremony: m draws 3, then each other player 1, clockwise (SS-D-AREA-ORDER)."""
    from_hand_to_discard(S, m, kind)
    draw_cards(G, S, m, 3)
    t = left_of(S, m)
    while t != m:
        draw_cards(G, S, t, 1)
        t = left_of(S, t)


@njit
def play_daimyo(G, S, m, kind):
    """Daimyo played: draw 2 cards (held to the end instead, it scores: SS-DAIMYO)."""
    from_hand_to_discard(S, m, kind)
    draw_cards(G, S, m, 2)


@njit
def use_nobunaga(G, S, m):
    """Nobunaga: 1 resilience (never the last) for 1 card."""
    S[seat_at(m) + L.ST_HP] -= 1
    draw_cards(G, S, m, 1)


@njit
def play_card(G, S, kind, t, option):
    """The turn's player plays a card of `kind` (SS-PLAY), at t, with the Geisha's option."""
    m = S[L.H_TURN]
    effect = effect_of(G, kind)
    count_played(S, m, kind)
    if type_of(G, kind) == L.WEAPON:
        play_weapon(G, S, m, kind, t)
        return
    if type_of(G, kind) == L.PROPERTY:
        play_property(G, S, m, kind, t)
    elif effect == L.EF_BATTLE_CRY or effect == L.EF_JUJUTSU:
        play_area(G, S, m, kind)
        return
    elif effect == L.EF_BREATHING:
        play_breathing(G, S, m, kind, t)
    elif effect == L.EF_DIVERSION:
        play_diversion(G, S, m, kind, t)
    elif effect == L.EF_GEISHA:
        play_geisha(G, S, m, kind, t, option)
    elif effect == L.EF_TEA:
        play_tea(G, S, m, kind)
    elif effect == L.EF_DAIMYO:
        play_daimyo(G, S, m, kind)
    if not over(S):
        back_to_play(S)
