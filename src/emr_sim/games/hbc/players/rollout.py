"""HBC's rollout policy (the contract's rollout), for searches' playouts."""

from emr_sim.games.hbc.players.evaluate import quality
from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_DECLINE,
    A_DEFEND,
    A_DISCARD,
    A_WAIT,
    B_BASE,
    B_COIN,
    COIN_NONE,
    G_CARDS,
    H_MOVER,
    H_PHASE,
    H_SEATS,
    MASTER_SLOT,
    MAX_SEATS,
    N_COIN_KINDS,
    PH_ACTION,
    PH_DEFEND,
    PH_DISCARD,
    PH_SUPPORT,
)
from emr_sim.games.hbc.rules.state import coins, hand_card, hand_n, points
from emr_sim.jit import njit
from emr_sim.rng import below

BETA = 0.45  # the share's sharpness: a point ahead is worth exp(BETA) times the share
CARD_WEIGHT = 1.5  # points a hand card of quality 1 is worth
Q_SUPPORT = 0.35  # a support card's quality
Q_SCALE = 9.0  # a character's quality: its mean attack value over Q_SCALE, at most 1
RANDOM_ONE_IN = 8  # the rollout policy plays at random one decision in this many


@njit
def rollout(G, S, legal, n, rng):
    """A quick policy for searches' playouts: attack the leader's richest coin with the best
    hand character (or wait without one), defend with the best hand character (or give up a
    1-point coin, else the master card), play the first useful support, give the cheapest coin,
    discard the weakest card; one decision in RANDOM_ONE_IN at random."""
    if n == 1:
        return legal[0]
    if below(rng, 0, RANDOM_ONE_IN) == 0:
        return legal[below(rng, 0, n)]
    phase = S[H_PHASE]
    s = S[H_MOVER]
    if phase == PH_ACTION:
        return rollout_attack(G, S, s, legal, n)
    if phase == PH_DEFEND:
        return rollout_defend(G, S, s, legal, n)
    if phase == PH_SUPPORT:
        return legal[1]
    if phase == PH_DISCARD:
        return weakest_discard(G, S, s, legal, n)
    return legal[0]  # the cheapest coin (PH_PAY lists them cheapest first), the first swap


@njit
def best_slot(G, S, s):
    best = -1
    q = -1.0
    for slot in range(hand_n(S, s)):
        c = hand_card(S, s, slot)
        if is_character(G[G_CARDS], c) and quality(G, c) > q:
            q = quality(G, c)
            best = slot
    return best


@njit
def rollout_attack(G, S, s, legal, n):
    slot = best_slot(G, S, s)
    if slot < 0:
        return A_WAIT
    leader = -1
    for t in range(S[H_SEATS]):
        if t != s and (leader < 0 or points(S, t) > points(S, leader)):
            leader = t
    coin = COIN_NONE
    for k in range(N_COIN_KINDS):
        if coins(S, leader, k) > 0:
            coin = k
    want = A_ATTACK + (slot * MAX_SEATS + leader) * (COIN_NONE + 1) + coin
    for i in range(n):
        if legal[i] == want:
            return want
    return legal[0]


@njit
def rollout_defend(G, S, s, legal, n):
    slot = best_slot(G, S, s)
    want = A_DEFEND + slot
    if slot < 0:
        coin = S[B_BASE + B_COIN]
        want = A_DECLINE if coin == COIN_NONE or coin == 0 else A_DEFEND + MASTER_SLOT
    for i in range(n):
        if legal[i] == want:
            return want
    return legal[0]


@njit
def weakest_discard(G, S, s, legal, n):
    """The discard of the hand's weakest card."""
    best = legal[0]
    q = 2.0
    for i in range(n):
        c = hand_card(S, s, legal[i] - A_DISCARD)
        if quality(G, c) < q:
            q = quality(G, c)
            best = legal[i]
    return best
