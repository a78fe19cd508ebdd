"""The seats' log (layout's ST_PLAYED, ST_AIMED ...): which of its deck's cards each seat
played, which coins its attacks named and how its master card fared. For studies only: no
rule reads it, and all of it is public (cards played are shown, targets are named aloud)."""

from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    B_ATTACKER,
    B_BASE,
    B_COIN,
    B_DEFENDER,
    B_MASTER,
    COIN_NONE,
    D_SIDE,
    DK_MASTER,
    DK_REST,
    DK_SIZE,
    G_DECKS,
    ST_AIMED,
    ST_AIMED_WON,
    ST_DECK_ID,
    ST_MASTER_ATT,
    ST_MASTER_ATT_WON,
    ST_MASTER_DEF,
    ST_MASTER_DEF_WON,
    ST_PLAYED,
)
from emr_sim.games.hbc.rules.state import seat_at
from emr_sim.jit import njit


@njit
def log_played(G, S, s, card):
    """Seat s played `card`: the bits of its deck's copies of it."""
    DK = G[G_DECKS]
    deck = S[seat_at(s) + ST_DECK_ID]
    mask = 0
    for j in range(DK_SIZE - DK_REST + 1):
        if (DK[deck, DK_MASTER] if j == 0 else DK[deck, DK_REST + j - 1]) == card:
            mask |= 1 << j
    S[seat_at(s) + ST_PLAYED] |= mask


@njit
def log_battle(S, loser):
    """A battle's end (a declined one too): the target named, the master cards' fates."""
    a = seat_at(S[B_BASE + B_ATTACKER])
    d = seat_at(S[B_BASE + B_DEFENDER])
    coin = S[B_BASE + B_COIN]
    won = loser == D_SIDE
    if coin != COIN_NONE:
        S[a + ST_AIMED + coin] += 1
        S[a + ST_AIMED_WON + coin] += 1 if won else 0
    if S[B_BASE + B_MASTER + A_SIDE] == 1:
        S[a + ST_MASTER_ATT] += 1
        S[a + ST_MASTER_ATT_WON] += 1 if won else 0
    if S[B_BASE + B_MASTER + D_SIDE] == 1:
        S[d + ST_MASTER_DEF] += 1
        S[d + ST_MASTER_DEF_WON] += 1 if loser == A_SIDE else 0
