"""The chances of every pair of characters of a card pool in a battle without supports: the
rules' own numbers (HBC-MODS: card_dice, card_hit, card_flat, abilities against attributes,
the attribute cycle) and exact odds (rules/odds.py), computed once per game made. The players
read a battle's chances here in one look-up."""

from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.layout import G_CARDS, G_COUNTS, G_CUMUL, G_RULES, P_REROLL_CAP
from emr_sim.games.hbc.rules.numbers import card_dice, card_flat, card_hit
from emr_sim.games.hbc.rules.odds import battle_chances
from emr_sim.jit import njit

PAIR_WON = 0
PAIR_LOST = 1


@njit
def fill_pairs(G, pairs):
    """pairs[i, j] = (won, lost) for character i attacking character j, ties rolled again up
    to the cap (HBC-D-REROLL)."""
    CT = G[G_CARDS]
    counts = G[G_COUNTS]
    cumul = G[G_CUMUL]
    cap = G[G_RULES][P_REROLL_CAP]
    n = CT.shape[0]
    for i in range(n):
        for j in range(n):
            if not (is_character(CT, i) and is_character(CT, j)):
                continue
            won, lost, _ = battle_chances(
                counts, cumul,
                card_dice(G, i, j, 0), card_hit(G, i, j, 0), card_flat(G, i, j, 0),
                card_dice(G, j, i, 0), card_hit(G, j, i, 0), card_flat(G, j, i, 0), cap,
            )  # fmt: skip
            pairs[i, j, PAIR_WON] = won
            pairs[i, j, PAIR_LOST] = lost
