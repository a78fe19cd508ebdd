"""HBC's exact battle odds, by convolution: no sampling (docs/hbc.md, "Battle odds").

HBC-ROLL: a card rolls `dice` six-sided dice (HBC-DICE); a face above its hit misses, the
others add up to its attack value. One die's value is 0 with (6 - hit) faces and f with one
face for each f in 1..hit; n dice are the n-fold convolution of that. COUNTS[n, h, v] is the
number of the 6**n equally likely face sequences of n dice at hit h whose hits add up to v,
CUMUL[n, h, v] those adding up to v or less: whole numbers, exact (6**12 < 2**53).

HBC-RESULT with HBC-D-REROLL: a roll of the two sides is won, lost or tied; a tie is rolled
again under the same conditions, at most `cap` rolls in all, after which the battle is given
up. With p, q, t the chances of one roll (won, lost, tied), the battle is won with chance
p (1 + t + ... + t**(cap-1)) = p (1 - t**cap) / (1 - t) and given up with t**cap.
"""

from emr_sim.games.hbc.rules.layout import FACES, MAX_DICE, MAX_HIT, MAX_SUM
from emr_sim.jit import njit


@njit
def fill_counts(counts, cumul):
    """COUNTS and CUMUL (shape (MAX_DICE + 1, MAX_HIT + 1, MAX_SUM + 1), int64) by
    convolving one die's values n times, for every hit 0..6 (0: every face misses)."""
    for h in range(MAX_HIT + 1):
        for v in range(MAX_SUM + 1):
            counts[0, h, v] = 0
        counts[0, h, 0] = 1
        for n in range(1, MAX_DICE + 1):
            for v in range(MAX_SUM + 1):
                ways = counts[n - 1, h, v] * (FACES - h)  # this die misses
                for f in range(1, h + 1):  # this die hits with face f
                    if v - f >= 0:
                        ways += counts[n - 1, h, v - f]
                counts[n, h, v] = ways
        for n in range(MAX_DICE + 1):
            total = 0
            for v in range(MAX_SUM + 1):
                total += counts[n, h, v]
                cumul[n, h, v] = total


@njit
def sequences(n):
    """6**n, the face sequences of n dice."""
    total = 1
    for _ in range(n):
        total *= FACES
    return total


@njit
def at_most(cumul, n, h, v):
    """How many face sequences of n dice at hit h add up to v or less."""
    if v < 0:
        return 0
    if v > MAX_SUM:
        v = MAX_SUM
    return cumul[n, h, v]


@njit
def roll_counts(counts, cumul, dice_a, hit_a, flat_a, dice_d, hit_d, flat_d):
    """One roll of both sides, exactly: (won, lost) counts out of 6**(dice_a + dice_d); the
    rest are ties. A side's attack value is its hits plus its flat change (HBC-MODS)."""
    won = 0
    lost = 0
    all_d = sequences(dice_d)
    shift = flat_a - flat_d
    for x in range(FACES * dice_a + 1):
        ways = counts[dice_a, hit_a, x]
        if ways == 0:
            continue
        won += ways * at_most(cumul, dice_d, hit_d, x + shift - 1)
        lost += ways * (all_d - at_most(cumul, dice_d, hit_d, x + shift))
    return won, lost


@njit
def roll_chances(counts, cumul, dice_a, hit_a, flat_a, dice_d, hit_d, flat_d):
    """One roll's chances: (won, lost, tied)."""
    won, lost = roll_counts(counts, cumul, dice_a, hit_a, flat_a, dice_d, hit_d, flat_d)
    total = sequences(dice_a + dice_d)
    p = won / total
    q = lost / total
    return p, q, max(0.0, 1.0 - p - q)


@njit
def with_rerolls(p, q, t, cap):
    """A battle's chances from one roll's (p won, q lost, t tied), ties rolled again up to
    `cap` rolls in all (HBC-D-REROLL): (won, lost, given up)."""
    if cap <= 0:
        return 0.0, 0.0, 1.0
    given_up = t**cap
    if t >= 1.0:
        return 0.0, 0.0, 1.0
    series = (1.0 - given_up) / (1.0 - t)
    return p * series, q * series, given_up


@njit
def battle_chances(counts, cumul, dice_a, hit_a, flat_a, dice_d, hit_d, flat_d, cap):
    """The attacker's chances to win, lose, or have the battle given up, exactly."""
    p, q, t = roll_chances(counts, cumul, dice_a, hit_a, flat_a, dice_d, hit_d, flat_d)
    return with_rerolls(p, q, t, cap)
