"""Card events of the real game (`--cards`): which shot cards each seat drew, held, played,
attacked, hit, blocked and countered with (codes.py CE_*), as per-game card sets.

The game loop (games/emr/loops/engine.py) calls these with its card buffer: CE_SIZE words while
tracking, none when it is off, so a loop without tracking does nothing here but test the
buffer's size (one compiled loop for both). They read the events the loop already tallies
for the game's record (engine.tally) and the state after them, never a trial move of the
greedy or the search, which play on copies with buffers of their own.
"""

from emr_sim.games.emr.codes import (
    CARD_BITS,
    CARD_WORDS,
    CE_BLOCKED,
    CE_COUNTERED,
    CE_DEALT,
    CE_DRAWN,
    CE_EJECTED,
    CE_END,
    CE_HELD,
    CE_HIT,
    CE_PLAYED,
    DK_TURN,
    E_ATTACK,
    E_BLOCK,
    E_COUNTER,
    E_DRAW,
    E_EJECT,
    E_PLAY,
    E_TECHNIQUE,
    EV_A,
    EV_B,
    EV_C,
    EV_D,
    EV_KIND,
    EV_PLAYER,
    H_DECIDER,
    H_PHASE,
    HERO_EARTH,
    MAX_SHOT,
    N_CARD_EVENTS,
    P_HAND,
    P_HAND_N,
)
from emr_sim.games.emr.rules.core import pb
from emr_sim.jit import njit


@njit
def mark(cards, p, event, card):
    """Add shot card `card` to seat p's set of `event` (a bow card, NO_CARD: nothing)."""
    if 0 <= card < MAX_SHOT and 0 <= p < 2:
        k = (p * N_CARD_EVENTS + event) * CARD_WORDS + card // CARD_BITS
        cards[k] |= 1 << (card % CARD_BITS)


@njit
def mark_hand(S, cards, p, event):
    """Every card in seat p's hand into its set of `event`."""
    base = pb(p)
    for k in range(S[base + P_HAND_N]):
        mark(cards, p, event, S[base + P_HAND + k])


@njit
def start_cards(S, cards):
    """A new game (after games/emr/rules/turn.new_game): empty sets, the deal as CE_DEALT (R-SETUP)."""
    for k in range(cards.shape[0]):
        cards[k] = 0
    if cards.shape[0] > 0:
        for p in range(2):
            mark_hand(S, cards, p, CE_DEALT)


@njit
def tally_cards(S, ev, cards):
    """This step's events into the card sets; then, when a turn's action is pending (R-TURN),
    the decider's hand as CE_HELD. The deal's draws count as CE_DRAWN, as do E-DRAW's and
    H-EARTH's cards set aside (they join the hand: D-EARTH)."""
    for r in range(1, ev[0, 0] + 1):
        kind = ev[r, EV_KIND]
        p = ev[r, EV_PLAYER]
        if kind == E_DRAW:
            mark(cards, p, CE_DRAWN, ev[r, EV_A])
        elif kind == E_PLAY:
            mark(cards, p, CE_PLAYED, ev[r, EV_A])
        elif kind == E_EJECT:
            mark(cards, p, CE_EJECTED, ev[r, EV_A])
        elif kind == E_ATTACK and ev[r, EV_C] == 1:  # R-HIT: the ejected card hits
            mark(cards, p, CE_HIT, ev[r, EV_D])
        elif kind == E_BLOCK:
            mark(cards, p, CE_BLOCKED, ev[r, EV_A])
        elif kind == E_COUNTER:
            mark(cards, p, CE_COUNTERED, ev[r, EV_A])
        elif kind == E_TECHNIQUE and ev[r, EV_A] == HERO_EARTH:
            mark(cards, p, CE_DRAWN, ev[r, EV_B])
    if S[H_PHASE] == DK_TURN:
        mark_hand(S, cards, S[H_DECIDER], CE_HELD)


@njit
def end_cards(S, cards):
    """At the game's end: both hands as CE_END (nothing when tracking is off)."""
    if cards.shape[0] > 0:
        for p in range(2):
            mark_hand(S, cards, p, CE_END)
