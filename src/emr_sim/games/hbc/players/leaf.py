"""HBC's evaluation (the contract's evaluate, the search's judgement of a position): each seat's
soft share (players/evaluate.share) with what is under way counted by its expectation, so that
a position in the middle of a battle is not judged as if nothing were at stake:

- a battle whose defender has not answered: the defender's best answer (none, its master
  card or a hand character) to the committed card by the expected coin changes of the exact
  chances of the pair (players/stakes.gain);
- a battle in its support windows: the exact chances from where it stands (the next roll's
  with re-rolls, the roll made, or the loser known), the target coin, a master card's 3
  cheapest coins and the cards on the table coming back to their owners' hands or not;
- coins still owed (a master card's loss): the payer's cheapest coins, given.

A finished game: the win. Read from a state (the search's determinisations) or an
observation alike: a face-down card not shown counts as no battle."""

from emr_sim.games.hbc.players.evaluate import CARD_WEIGHT, quality, share
from emr_sim.games.hbc.players.stakes import cheapest, gain, stakes
from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.coins import is_over
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    B_A_SRC,
    B_ATTACKER,
    B_BASE,
    B_CARD,
    B_COIN,
    B_DEFENDER,
    B_LOSER,
    B_MASTER,
    B_ROLLS,
    B_WINDOW,
    COIN_NONE,
    D_SIDE,
    G_CARDS,
    G_COUNTS,
    G_CUMUL,
    G_RULES,
    H_PAYEE,
    H_PAYER,
    H_PENDING,
    H_PHASE,
    H_RESERVED,
    H_SEATS,
    MASTER_SLOT,
    NO_CARD,
    P_REROLL_CAP,
    PH_DEFEND,
    PH_PAY,
    PH_SUPPORT,
    PH_SWAP,
    ST_MASTER,
    THREE,
    WIN_1,
    WIN_2,
)
from emr_sim.games.hbc.rules.numbers import bf, roll_loser, side_dice, side_flat, side_hit
from emr_sim.games.hbc.rules.odds import battle_chances, roll_chances, with_rerolls
from emr_sim.games.hbc.rules.state import coins, hand_card, hand_n, seat_at
from emr_sim.jit import njit


@njit
def evaluate(G, S, out):
    """out[s]: each seat's value of S, what is under way counted by its expectation."""
    s1, d1, s2, d2 = under_way(G, S)
    for s in range(S[H_SEATS]):
        out[s] = share(G, S, s, s1, d1, s2, d2)


@njit
def under_way(G, S):
    """(seat, points, seat, points): what the battle or the payment under way is worth to the
    two seats in it, in expected points (-1, 0.0: nobody)."""
    if is_over(S):
        return -1, 0.0, -1, 0.0
    phase = S[H_PHASE]
    if phase == PH_DEFEND and S[B_BASE + B_A_SRC] >= 0:
        return unanswered(G, S)
    if phase == PH_SUPPORT or phase == PH_SWAP:
        return on_table(G, S)
    if phase == PH_PAY:
        owed = cheapest(S, S[H_PAYER], S[H_PENDING], S[H_RESERVED])
        return S[H_PAYER], -owed, S[H_PAYEE], owed
    return -1, 0.0, -1, 0.0


@njit
def unanswered(G, S):
    """An attack the defender has not answered: its best answer by its expected gain."""
    a = S[B_BASE + B_ATTACKER]
    d = S[B_BASE + B_DEFENDER]
    coin = S[B_BASE + B_COIN]
    src = S[B_BASE + B_A_SRC]
    a_master = src == MASTER_SLOT
    a_card = S[seat_at(a) + ST_MASTER] if a_master else hand_card(S, a, src)
    if a_card < 0:
        return -1, 0.0, -1, 0.0
    stake = stakes(G, S, a, a_card, a_master, d, coin)
    best_a, best_d = gain(G, stake, a_card, a_master, -1, False)
    g_a, g_d = gain(G, stake, a_card, a_master, S[seat_at(d) + ST_MASTER], True)
    if g_d > best_d:
        best_a, best_d = g_a, g_d
    for slot in range(hand_n(S, d)):
        c = hand_card(S, d, slot)
        if c >= 0 and is_character(G[G_CARDS], c):
            g_a, g_d = gain(G, stake, a_card, a_master, c, False)
            if g_d > best_d:
                best_a, best_d = g_a, g_d
    return a, best_a, d, best_d


@njit
def chances(G, S):
    """(attacker wins, attacker loses) of the battle on the table from where it stands."""
    w = bf(S, B_WINDOW)
    if w == WIN_1 or w == WIN_2:
        loser = roll_loser(S) if w == WIN_2 else -1
        if w == WIN_2 and loser == D_SIDE:
            return 1.0, 0.0
        if w == WIN_2 and loser == A_SIDE:
            return 0.0, 1.0
        left = G[G_RULES][P_REROLL_CAP] - bf(S, B_ROLLS)
        a = (side_dice(G, S, A_SIDE), side_hit(G, S, A_SIDE), side_flat(G, S, A_SIDE))
        f = (side_dice(G, S, D_SIDE), side_hit(G, S, D_SIDE), side_flat(G, S, D_SIDE))
        if w == WIN_1:
            won, lost, _ = battle_chances(G[G_COUNTS], G[G_CUMUL], a[0], a[1], a[2], f[0], f[1], f[2], left)
            return won, lost
        p, q, t = roll_chances(G[G_COUNTS], G[G_CUMUL], a[0], a[1], a[2], f[0], f[1], f[2])
        won, lost, _ = with_rerolls(p, q, t, left)
        return won, lost
    loser = bf(S, B_LOSER)
    return (1.0 if loser == D_SIDE else 0.0), (1.0 if loser == A_SIDE else 0.0)


@njit
def on_table(G, S):
    """A battle in its windows: the coins at stake by its chances, and the cards on the table
    (out of their hands) back with their owners unless they lose (a master card always)."""
    a = S[B_BASE + B_ATTACKER]
    d = S[B_BASE + B_DEFENDER]
    coin = S[B_BASE + B_COIN]
    a_card = S[B_BASE + B_CARD + A_SIDE]
    d_card = S[B_BASE + B_CARD + D_SIDE]
    a_master = S[B_BASE + B_MASTER + A_SIDE] == 1
    d_master = S[B_BASE + B_MASTER + D_SIDE] == 1
    won, lost = chances(G, S)
    rest = 1.0 - won - lost
    coin_v = float(coin + 1) if coin != COIN_NONE and coins(S, d, coin) > 0 else 0.0
    three_d = cheapest(S, d, THREE, coin) if d_master else 0.0
    three_a = cheapest(S, a, THREE, -1) if a_master else 0.0
    worth_a = 0.0 if a_master or a_card == NO_CARD else CARD_WEIGHT * quality(G, a_card)
    worth_d = 0.0 if d_master or d_card == NO_CARD else CARD_WEIGHT * quality(G, d_card)
    g_a = won * (coin_v + three_d + worth_a) - lost * three_a + rest * worth_a
    g_d = -won * (coin_v + three_d) + lost * (three_a + worth_d) + rest * worth_d
    return a, g_a, d, g_d
