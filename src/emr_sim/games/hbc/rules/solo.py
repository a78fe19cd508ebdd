"""Solo support cards, the turn's action (b) (HBC-ACTION, HBC-SUPP-SOLO, HBC-D-SOLO): take a
coin of your choice from a player without battle; exchange cards (draw N, then discard N)."""

from emr_sim.games.hbc.rules.card_table import support_window, term_amount
from emr_sim.games.hbc.rules.coins import move_coin
from emr_sim.games.hbc.rules.layout import (
    G_CARDS,
    G_RULES,
    H_NEXT,
    H_PENDING,
    H_SOLO_USED,
    NEXT_ACTION,
    P_SOLO,
    WIN_SOLO,
)
from emr_sim.games.hbc.rules.log import log_played
from emr_sim.games.hbc.rules.state import deck_n, discard, draw, take_from_hand
from emr_sim.jit import njit


@njit
def solo_allowed(G, S):
    """HBC-D-SOLO: any number of solo cards per action (`solo=any`), or one (`solo=one`)."""
    limit = G[G_RULES][P_SOLO]
    return limit == 0 or S[H_SOLO_USED] < limit


@njit
def is_solo(G, c):
    return support_window(G[G_CARDS], c) == WIN_SOLO


@njit
def take_coin(G, S, s, slot, target, kind):
    """A take-a-coin card: single use, discarded; one coin of `kind` from `target`."""
    c = take_from_hand(S, s, slot)
    discard(S, s, c)
    log_played(G, S, s, c)
    S[H_SOLO_USED] += 1
    move_coin(G, S, target, s, kind)


@njit
def exchange(G, S, s, slot):
    """A hand exchange card: single use, discarded; draw N (as many as the deck holds), then
    discard as many (H_PENDING, decided one by one)."""
    c = take_from_hand(S, s, slot)
    discard(S, s, c)
    log_played(G, S, s, c)
    S[H_SOLO_USED] += 1
    drawn = 0
    for _ in range(term_amount(G[G_CARDS], c, 0)):
        if deck_n(S, s) > 0:
            draw(S, s)
            drawn += 1
    S[H_PENDING] = drawn
    S[H_NEXT] = NEXT_ACTION
