"""HBC's evaluation (the contract's evaluate): each seat's value is a soft share of the
strengths, its points and the cards in its hand by their quality; a finished game's value is
its share of the win. Read from a state or a seat's observation alike (hidden cards count by
the mean quality)."""

import math

from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.coins import is_over
from emr_sim.games.hbc.rules.end import ahead
from emr_sim.games.hbc.rules.layout import (
    CF_DICE,
    CF_HIT,
    G_CARDS,
    G_QUALITY,
    H_SEATS,
)
from emr_sim.games.hbc.rules.state import hand_card, hand_n, points
from emr_sim.jit import njit

BETA = 0.45  # the share's sharpness: a point ahead is worth exp(BETA) times the share
CARD_WEIGHT = 1.5  # points a hand card of quality 1 is worth
Q_SUPPORT = 0.35  # a support card's quality
Q_SCALE = 9.0  # a character's quality: its mean attack value over Q_SCALE, at most 1
RANDOM_ONE_IN = 8  # the rollout policy plays at random one decision in this many


@njit
def card_quality(CT, c):
    """A card's worth in hand, 0..1: a character's mean attack value (dice * (1 + .. + hit) / 6)
    scaled; a support a constant."""
    if not is_character(CT, c):
        return Q_SUPPORT
    h = CT[c, CF_HIT]
    return min(1.0, CT[c, CF_DICE] * h * (h + 1) / (12.0 * Q_SCALE))


@njit
def fill_quality(G, out):
    """G's table of card_quality (face/game.py makes it once per game made)."""
    for c in range(out.shape[0]):
        out[c] = card_quality(G[G_CARDS], c)


@njit
def quality(G, c):
    """card_quality from G's table; a card not seen (HIDDEN) the mean of a typical hand."""
    return 0.5 if c < 0 else G[G_QUALITY][c]


@njit
def strength(G, S, s):
    """Seat s's points and its hand's worth in points."""
    total = float(points(S, s))
    for slot in range(hand_n(S, s)):
        total += CARD_WEIGHT * quality(G, hand_card(S, s, slot))
    return total


@njit
def won_share(G, S, seat):
    """A finished game's share of the win: 1/k for each of k seats nobody is ahead of."""
    n = S[H_SEATS]
    firsts = 0
    mine = True
    for s in range(n):
        top = True
        for t in range(n):
            if t != s and ahead(G, S, t, s):
                top = False
        if top:
            firsts += 1
        elif s == seat:
            mine = False
    return 1.0 / firsts if mine else 0.0


@njit
def share(G, S, seat, s1, d1, s2, d2):
    """Seat's value: exp(BETA * strength) over every seat's, seats s1 and s2 given d1 and d2
    more points (-1: nobody). Strengths stay below 60, so exp needs no shift."""
    if is_over(S):
        return won_share(G, S, seat)
    total = 0.0
    mine = 0.0
    for s in range(S[H_SEATS]):
        w = math.exp(BETA * with_delta(G, S, s, s1, d1, s2, d2))
        total += w
        if s == seat:
            mine = w
    return mine / total


@njit
def with_delta(G, S, s, s1, d1, s2, d2):
    x = strength(G, S, s)
    if s == s1:
        x += d1
    if s == s2:
        x += d2
    return x


@njit
def evaluate(G, S, out):
    for s in range(S[H_SEATS]):
        out[s] = share(G, S, s, -1, 0.0, -1, 0.0)


# ---------------------------------------------------------------- the stakes of a battle
