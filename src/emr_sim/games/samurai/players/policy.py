"""Samurai Sword's rule-based policy: each legal action scored from the seat's observation
and its belief over the roles (players/belief.py), the best taken.

It attacks likely enemies, the more readily the surer it is and the closer the target is to
a knock-down (an honour taken); it never aims a card at a seat more likely a friend than an
enemy; it puts its Properties down, passes its Bushido on by Geisha, heals when hurt, plays
Battle Cry and Jujutsu when they hurt enemies more than friends; it parries a Weapon that
would knock it down or that hurts, keeping its last Parry against small blows; it discards
what it values least.
"""

from emr_sim.games.samurai.players.belief import p_enemy
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.actions import decode
from emr_sim.games.samurai.rules.combat import harmless, weapon_limit, weapon_wounds
from emr_sim.games.samurai.rules.state import (
    ability,
    effect_count_in_hand,
    effect_of,
    hand_n,
    hp,
    seat_at,
    type_of,
    weapons_in_hand,
)
from emr_sim.jit import njit

NEVER = -1.0e9
KO_BONUS = 3.0  # a knock-down takes an honour: worth three wounds
SURE = 0.5  # aim at a seat only if it is more likely an enemy than not
P_PARRY = 15.0 / 90.0  # a card in hand is a Parry (the published deck)
P_WEAPON = 32.0 / 90.0
TIE = 1.0e-6  # a tie-break between targets


@njit
def keep_value(G, kind, my_role):
    """How much a card in hand is worth keeping (the discard phase, Ieyasu's choice)."""
    effect = effect_of(G, kind)
    if type_of(G, kind) == L.WEAPON:
        return 2.0 * G[2][kind, L.CT_DAMAGE] + 0.3 * G[2][kind, L.CT_RANGE]
    if effect == L.EF_PARRY:
        return 8.0
    if effect == L.EF_BREATHING:
        return 6.0
    if effect == L.EF_DAIMYO:
        return 2.0 if my_role == L.RONIN else 6.0
    if effect == L.EF_TEA:
        return 5.0
    if effect == L.EF_ARMOR or effect == L.EF_FAST_DRAW:
        return 5.0
    if effect == L.EF_BATTLE_CRY or effect == L.EF_JUJUTSU:
        return 4.0
    return 3.5


@njit
def area_gain(G, obs, me, my_role, F, effect):
    """The expected wounds a Battle Cry or Jujutsu deals enemies less those it deals friends."""
    p_card = P_PARRY if effect == L.EF_BATTLE_CRY else P_WEAPON
    gain = 0.0
    for t in range(obs[L.H_SEATS]):
        if t == me or harmless(obs, t) or ability(G, obs, t) == L.AB_WEAPONS_ONLY:
            continue
        hit = (1.0 - p_card) ** hand_n(obs, t)
        bonus = KO_BONUS if hp(obs, t) == 1 else 0.0
        gain += (2.0 * p_enemy(F, my_role, t) - 1.0) * hit * (1.0 + bonus)
    return gain


@njit
def weapon_score(G, obs, me, my_role, F, kind, t):
    enemy = p_enemy(F, my_role, t)
    if enemy <= SURE:
        return NEVER
    wounds = weapon_wounds(G, obs, me, t, kind)
    ko = KO_BONUS if wounds >= hp(obs, t) else 0.0
    return 1.0 + enemy * (min(wounds, hp(obs, t)) + ko) - 0.01 * G[2][kind, L.CT_RANGE]


@njit
def property_score(G, obs, me, my_role, F, kind, t):
    effect = effect_of(G, kind)
    if effect == L.EF_BUSHIDO:
        return 2.0 + p_enemy(F, my_role, t) if p_enemy(F, my_role, t) > SURE and t != me else NEVER
    if effect == L.EF_FOCUS:
        spare = weapons_in_hand(G, obs, me) - (weapon_limit(G, obs, me) - obs[L.H_WEAPONS])
        return 3.0 if spare > 0 else 1.5
    return 3.0


@njit
def geisha_score(G, obs, me, my_role, F, t, option):
    enemy = p_enemy(F, my_role, t)
    if option > 0 and effect_of(G, option - 1) == L.EF_BUSHIDO:
        return 4.0 if enemy <= SURE else NEVER  # a Bushido off oneself or a friend
    if t == me or enemy <= SURE:
        return NEVER
    if option == 0:
        return 1.0 + 0.1 * hand_n(obs, t)
    return 1.5 + enemy


@njit
def action_score(G, obs, me, my_role, F, kind, t, option):
    """The score of playing a card of `kind` at t (0: ending the play phase)."""
    effect = effect_of(G, kind)
    if type_of(G, kind) == L.WEAPON:
        return weapon_score(G, obs, me, my_role, F, kind, t)
    if type_of(G, kind) == L.PROPERTY:
        return property_score(G, obs, me, my_role, F, kind, t)
    if effect == L.EF_GEISHA:
        return geisha_score(G, obs, me, my_role, F, t, option)
    if effect == L.EF_BREATHING:
        hurt = obs[seat_at(me) + L.ST_MAX_HP] - hp(obs, me)
        if hurt == 0:
            return NEVER
        return hurt + (3.0 if hp(obs, me) <= 2 else 0.0) + 0.5 * (1.0 - p_enemy(F, my_role, t))
    if effect == L.EF_DIVERSION:
        enemy = p_enemy(F, my_role, t)
        return 1.5 + enemy + 0.1 * hand_n(obs, t) if enemy > SURE else NEVER
    if effect == L.EF_TEA:
        return 2.5
    if effect == L.EF_DAIMYO:
        if my_role == L.RONIN:
            return 2.5
        return NEVER if obs[L.H_EXHAUSTS] >= 1 else 2.0
    if effect == L.EF_BATTLE_CRY or effect == L.EF_JUJUTSU:
        gain = area_gain(G, obs, me, my_role, F, effect)
        return 1.0 + gain if gain > 0.3 else NEVER
    return NEVER


@njit
def choose_play(G, obs, me, F, legal, n):
    my_role = obs[seat_at(me) + L.ST_ROLE]
    best = legal[n - 1]
    best_score = 0.0  # A_END
    for j in range(n):
        a = legal[j]
        if a == L.A_END:
            continue
        if a == L.A_NOBUNAGA:
            score = 0.5 if hp(obs, me) >= 3 and hand_n(obs, me) <= 4 else NEVER
        else:
            kind, t, option = decode(a)
            # ties go to the seat nearest on the left: by seat number they would favour
            # some table positions over others
            order = (t - me + obs[L.H_SEATS]) % obs[L.H_SEATS]
            score = action_score(G, obs, me, my_role, F, kind, t, option) - TIE * order
        if score > best_score:
            best, best_score = a, score
    return best


@njit
def weakest_answer(G, obs, me, legal, n, prefer_parry):
    """The answer to give: a Parry if any (when preferred), else the weakest Weapon."""
    best = L.A_TAKE
    best_value = 1.0e9
    my_role = obs[seat_at(me) + L.ST_ROLE]
    for j in range(n):
        a = legal[j]
        if a == L.A_TAKE:
            continue
        kind = a - L.A_RESPOND
        value = keep_value(G, kind, my_role)
        if prefer_parry and effect_of(G, kind) == L.EF_PARRY:
            value -= 100.0
        if value < best_value:
            best, best_value = a, value
    return best


@njit
def choose_answer(G, obs, me, legal, n):
    """A Weapon at me (PH_PARRY), a Battle Cry or Jujutsu (PH_AREA), Bushido (PH_BUSHIDO)."""
    phase = obs[L.H_PHASE]
    if n == 1:
        return legal[0]
    if phase == L.PH_BUSHIDO:
        if obs[L.H_SEATS] == 3 and obs[seat_at(me) + L.ST_ROLE] == L.SHOGUN:
            return L.A_TAKE  # SS-3P: the Shogun loses no honour to Bushido
        return weakest_answer(G, obs, me, legal, n, False)
    wounds = obs[L.H_WOUNDS] if phase == L.PH_PARRY else 1
    parries = effect_count_in_hand(G, obs, me, L.EF_PARRY)
    if phase == L.PH_AREA and effect_of(G, obs[L.H_PEND_KIND]) == L.EF_JUJUTSU:
        if hp(obs, me) <= 1 or weapons_in_hand(G, obs, me) >= 2:
            return weakest_answer(G, obs, me, legal, n, False)
        return L.A_TAKE
    if wounds >= hp(obs, me) or parries >= 2 or (phase == L.PH_PARRY and wounds >= 2):
        return weakest_answer(G, obs, me, legal, n, True)
    return L.A_TAKE


@njit
def choose_discard(G, obs, me, legal, n):
    my_role = obs[seat_at(me) + L.ST_ROLE]
    best = legal[0]
    best_value = 1.0e9
    for j in range(n):
        value = keep_value(G, legal[j] - L.A_DISCARD, my_role)
        if value < best_value:
            best, best_value = legal[j], value
    return best


@njit
def choose_ieyasu(G, obs, me):
    top = obs[L.DISC_BASE + obs[L.H_DISC_N] - 1]
    good = keep_value(G, top, obs[seat_at(me) + L.ST_ROLE]) >= 5.0
    return L.A_FROM_DISCARD if good else L.A_FROM_DECK


@njit
def decide(G, obs, me, F, legal, n):
    """The policy's action among legal[:n], F the seat's belief."""
    phase = obs[L.H_PHASE]
    if phase == L.PH_PLAY:
        return choose_play(G, obs, me, F, legal, n)
    if phase == L.PH_DISCARD:
        return choose_discard(G, obs, me, legal, n)
    if phase == L.PH_IEYASU:
        return choose_ieyasu(G, obs, me)
    return choose_answer(G, obs, me, legal, n)
