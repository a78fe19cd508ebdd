"""A battle's numbers: each side's dice count, hit and attack value change (HBC-MODS: the
cards' abilities against the other's attribute, the supports' changes, the attribute cycle of
HBC-D-ATTR-CYCLE), the roll (HBC-ROLL, HBC-DICE) and who lost it (HBC-RESULT)."""

from emr_sim.games.hbc.rules.card_table import (
    attr_of,
    effect_sum,
)
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    B_ATT_MOD,
    B_BASE,
    B_CARD,
    B_DICE_MOD,
    B_FACES,
    B_HIT_MOD,
    B_NFACES,
    B_ROLLS,
    B_SIDE,
    B_VALUE,
    B_WINDOW,
    BEAR,
    CF_DICE,
    CF_HIT,
    D_SIDE,
    DRAGON,
    EF_ATTACK,
    EF_DICE,
    EF_FOE_ATTACK,
    EF_FOE_DICE,
    EF_FOE_HIT,
    EF_HIT,
    FACES,
    FIRE,
    FOREST,
    G_CARDS,
    G_RULES,
    MAX_DICE,
    MAX_HIT,
    NO_ATTR,
    NO_SIDE,
    P_CYCLE,
    P_CYCLE_BONUS,
    RNG_BASE,
    SWORD,
    WATER,
)
from emr_sim.jit import njit
from emr_sim.rng import below


@njit
def bf(S, field):
    """A word of the battle block."""
    return S[B_BASE + field]


@njit
def card_on_table(S, side):
    return S[B_BASE + B_CARD + side]


@njit
def beats(a):
    """HBC-ATTR's hidden setting: the attribute `a` is advantaged against (NO_ATTR: none)."""
    if a == FIRE:
        return FOREST
    if a == FOREST:
        return WATER
    if a == WATER:
        return FIRE
    if a == BEAR:
        return SWORD
    if a == SWORD:
        return DRAGON
    if a == DRAGON:
        return BEAR
    return NO_ATTR


@njit
def cycle_bonus(G, mine, foe):
    """HBC-D-ATTR-CYCLE: with `attribute_cycle=on`, the advantaged card's attack value gains
    `cycle_bonus` (an invented size); off by default."""
    P = G[G_RULES]
    if P[P_CYCLE] == 1 and beats(mine) == foe and foe != NO_ATTR:
        return P[P_CYCLE_BONUS]
    return 0


@njit
def clamp(x, low, high):
    return low if x < low else (high if x > high else x)


@njit
def card_dice(G, card, foe, mod):
    """HBC-MODS: a card's dice count in a battle against `foe`: printed, its ability's and the
    foe's changes (those against its attribute), the supports' `mod`; 0..MAX_DICE."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    d = (
        CT[card, CF_DICE]
        + effect_sum(CT, card, EF_DICE, other)
        + effect_sum(CT, foe, EF_FOE_DICE, mine)
        + mod
    )
    return clamp(d, 0, MAX_DICE)


@njit
def card_hit(G, card, foe, mod):
    """HBC-MODS: a card's hit in a battle against `foe`, 0..6."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    h = CT[card, CF_HIT] + effect_sum(CT, card, EF_HIT, other) + effect_sum(CT, foe, EF_FOE_HIT, mine) + mod
    return clamp(h, 0, MAX_HIT)


@njit
def card_flat(G, card, foe, mod):
    """HBC-MODS: what is added to a card's hits: its ability's and the foe's changes of attack
    value, the supports' `mod`, the attribute cycle's bonus."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    return (
        effect_sum(CT, card, EF_ATTACK, other) + effect_sum(CT, foe, EF_FOE_ATTACK, mine) + mod
        + cycle_bonus(G, mine, other)
    )  # fmt: skip


@njit
def side_dice(G, S, side):
    return card_dice(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_DICE_MOD + side))


@njit
def side_hit(G, S, side):
    return card_hit(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_HIT_MOD + side))


@njit
def side_flat(G, S, side):
    return card_flat(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_ATT_MOD + side))


@njit
def face_at(S, side, k):
    return S[B_BASE + B_FACES + side * MAX_DICE + k]


@njit
def hits_sum(S, side, hit):
    """HBC-ROLL: the faces of a side's dice at or below its hit, added up; the others miss."""
    total = 0
    for k in range(bf(S, B_NFACES + side)):
        f = face_at(S, side, k)
        if f <= hit:
            total += f
    return total


@njit
def refresh_values(G, S):
    """Each side's attack value from its faces, hit and flat changes (HBC-ROLL, HBC-MODS)."""
    for side in range(2):
        S[B_BASE + B_VALUE + side] = hits_sum(S, side, side_hit(G, S, side)) + side_flat(G, S, side)


@njit
def roll(G, S):
    """HBC-ROLL: both sides roll as many dice as their dice count (HBC-DICE: six-sided)."""
    for side in range(2):
        n = side_dice(G, S, side)
        S[B_BASE + B_NFACES + side] = n
        for k in range(MAX_DICE):
            S[B_BASE + B_FACES + side * MAX_DICE + k] = below(S, RNG_BASE, FACES) + 1 if k < n else 0
    S[B_BASE + B_ROLLS] += 1
    refresh_values(G, S)


@njit
def roll_loser(S):
    """HBC-RESULT: the side with the lower attack value loses; NO_SIDE on a tie."""
    a = bf(S, B_VALUE + A_SIDE)
    d = bf(S, B_VALUE + D_SIDE)
    if a > d:
        return D_SIDE
    if d > a:
        return A_SIDE
    return NO_SIDE


# ---------------------------------------------------------------- the battle's start


@njit
def first_face(S, side, face):
    for k in range(bf(S, B_NFACES + side)):
        if face_at(S, side, k) == face:
            return k
    return -1


@njit
def has_face(S, side, face):
    return first_face(S, side, face) >= 0


# ---------------------------------------------------------------- the windows, rolls, result


@njit
def start_window(S, w):
    S[B_BASE + B_WINDOW] = w
    S[B_BASE + B_SIDE] = A_SIDE


# ---------------------------------------------------------------- supports in windows
