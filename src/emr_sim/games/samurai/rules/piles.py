"""Samurai Sword: the draw pile, the discard pile and exhaustion (SS-EXHAUST, SS-D-EXHAUST)."""

from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.state import add_to_hand, end_game, honour, n_seats, over, seat_at
from emr_sim.jit import njit
from emr_sim.rng import shuffle_range


@njit
def discard(S, kind):
    """A card onto the discard pile (public, in order: Ieyasu may take its top)."""
    S[L.DISC_BASE + S[L.H_DISC_N]] = kind
    S[L.H_DISC_N] += 1


@njit
def exhaust(G, S):
    """SS-EXHAUST: every player loses 1 honour to the box, which may end the game (SS-END);
    then the discard pile, shuffled, becomes the draw pile."""
    S[L.H_EXHAUSTS] += 1
    ended = False
    for s in range(n_seats(S)):
        S[seat_at(s) + L.ST_HONOUR] -= 1
        ended = ended or honour(S, s) <= 0
    count = S[L.H_DISC_N]
    for k in range(count):
        S[L.DRAW_BASE + k] = S[L.DISC_BASE + k]
        S[L.DISC_BASE + k] = 0
    shuffle_range(S, L.DRAW_BASE, count, S, L.RNG_BASE)
    S[L.H_DRAW_N] = count
    S[L.H_DISC_N] = 0
    if ended:
        end_game(S, L.END_EXHAUST)


@njit
def pop_top(G, S):
    """The draw pile's top card (SS-D-EXHAUST: an empty pile the discard pile can refill is
    exhausted first; a pile that becomes empty is exhausted at once unless the option waits
    for the next draw). -1: no card (the pile and the discard pile are empty, or the game
    ended at an exhaustion)."""
    if S[L.H_DRAW_N] == 0:
        if S[L.H_DISC_N] == 0:
            return -1
        exhaust(G, S)
        if over(S):
            return -1
    S[L.H_DRAW_N] -= 1
    kind = S[L.DRAW_BASE + S[L.H_DRAW_N]]
    S[L.DRAW_BASE + S[L.H_DRAW_N]] = 0
    if S[L.H_DRAW_N] == 0 and G[1][L.P_EXHAUST_ON_DRAW] == 0:
        exhaust(G, S)  # the card drawn is kept even if the game ends here
    return kind


@njit
def draw_cards(G, S, s, count):
    """s draws `count` cards, one at a time (an exhaustion may end the game between them)."""
    for _ in range(count):
        if over(S):
            return
        kind = pop_top(G, S)
        if kind >= 0:
            add_to_hand(S, s, kind)


@njit
def take_discard_top(S, s):
    """Ieyasu's first draw: the discard pile's top card into s's hand."""
    S[L.H_DISC_N] -= 1
    kind = S[L.DISC_BASE + S[L.H_DISC_N]]
    S[L.DISC_BASE + S[L.H_DISC_N]] = 0
    add_to_hand(S, s, kind)
