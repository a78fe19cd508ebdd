"""Card Pig, the toy game of docs/games.md: its whole rules as kernels of the game contract.

2-4 players race to TARGET points (the `target` option). The deck holds the cards 1..6, four
of each, and WOLVES wolf cards (the `wolves` option). TOY-DEAL: the deck is shuffled, each
player gets one card face down (its stash) and a first player is drawn. On a turn the mover
may draw (TOY-DRAW: the top card's value joins its turn total; a wolf ends the turn with
nothing, TOY-WOLF), play its stash if it is a number (TOY-STASH: its value joins the turn
total, safely), or bank a turn total above 0 (TOY-BANK: it joins the mover's score and the
turn passes to the left). A bank that reaches the target ends the game (TOY-END); so does
drawing the deck's last card, the mover banking what it holds (TOY-DECKOUT). The highest
score wins; equal scores share their place (TOY-END).

Hidden: the deck's order (from everyone) and each stash (from the other players); the
revealed cards are counted in the open (DISC), so a player can count what is left.
"""

import math

from emr_sim import kernel_contract as K
from emr_sim.jit import njit
from emr_sim.rng import below, seed_rng, shuffle_range

NAME = "toy"
MAX_SEATS = 4
MAX_VALUE = 6  # cards 1..6, four of each
MAX_COPIES = 8  # the `copies` option's largest: each value 1..6 at most this many times
MAX_WOLVES = 16
WOLF = 0  # a wolf card's value
NO_CARD = -1

# the constants G = (tag, P): P's fields
P_TARGET = 0
P_WOLVES = 1
P_COPIES = 2
P_SIZE = 3

# the state
H_SEATS = 0
H_MOVER = 1  # K.NOBODY once the game is over
H_TOTAL = 2  # the mover's turn total
H_TURNS = 3
H_FIRST = 4
H_DECK_N = 5
H_END = 6
SEAT_BASE = 7  # per seat: its score, its stash
ST_SCORE = 0
ST_STASH = 1
ST_SIZE = 2
DISC_BASE = SEAT_BASE + MAX_SEATS * ST_SIZE  # revealed cards, counted by value 0..MAX_VALUE
DECK_BASE = DISC_BASE + MAX_VALUE + 1  # the deck, its top at DECK_BASE + deck_n - 1
MAX_DECK = MAX_COPIES * MAX_VALUE + MAX_WOLVES
RNG_BASE = DECK_BASE + MAX_DECK
STATE_SIZE = RNG_BASE + 4

A_DRAW = 0
A_BANK = 1
A_STASH = 2
MAX_LEGAL = 3
ACTION_NAMES = ("draw", "bank", "stash")

END_TARGET = 0
END_DECKOUT = 1
END_NAMES = ("target", "deck out")
GAME_STREAM = 0


@njit
def seat_at(s):
    return SEAT_BASE + s * ST_SIZE


@njit
def deck_size(P):
    return P[P_COPIES] * MAX_VALUE + P[P_WOLVES]


@njit
def init(G, S, seed, index, seating):
    """TOY-DEAL (the seating's entities are unused: the toy game has none)."""
    P = G[1]
    n = seating.shape[0]
    S[:] = 0
    for k in range(MAX_DECK):
        S[DECK_BASE + k] = NO_CARD
    S[H_SEATS] = n
    seed_rng(S, RNG_BASE, seed, index, GAME_STREAM)
    size = deck_size(P)
    k = 0
    for v in range(1, MAX_VALUE + 1):
        for _ in range(P[P_COPIES]):
            S[DECK_BASE + k] = v
            k += 1
    for _ in range(P[P_WOLVES]):
        S[DECK_BASE + k] = WOLF
        k += 1
    shuffle_range(S, DECK_BASE, size, S, RNG_BASE)
    S[H_DECK_N] = size
    for s in range(n):
        S[seat_at(s) + ST_STASH] = take_top(S)
    S[H_FIRST] = below(S, RNG_BASE, n)
    S[H_MOVER] = S[H_FIRST]


@njit
def take_top(S):
    """The deck's top card, its slot emptied (an observation shows empty slots as they are)."""
    S[H_DECK_N] -= 1
    card = S[DECK_BASE + S[H_DECK_N]]
    S[DECK_BASE + S[H_DECK_N]] = NO_CARD
    return card


@njit
def legal(G, S, out):
    n = 0
    if S[H_DECK_N] > 0:
        out[n] = A_DRAW
        n += 1
    if S[H_TOTAL] > 0:
        out[n] = A_BANK
        n += 1
    if S[seat_at(S[H_MOVER]) + ST_STASH] > WOLF:
        out[n] = A_STASH
        n += 1
    return n  # the deck is never empty at a decision (TOY-DECKOUT ends the game): n >= 1


@njit
def apply(G, S, action):
    base = seat_at(S[H_MOVER])
    if action == A_DRAW:
        card = take_top(S)
        S[DISC_BASE + card] += 1
        if card == WOLF:  # TOY-WOLF
            S[H_TOTAL] = 0
        else:  # TOY-DRAW
            S[H_TOTAL] += card
        if S[H_DECK_N] == 0:  # TOY-DECKOUT: the mover banks what it holds, the game ends
            bank(G, S, base, True)
        elif card == WOLF:
            pass_turn(S)
    elif action == A_STASH:  # TOY-STASH
        card = S[base + ST_STASH]
        S[DISC_BASE + card] += 1
        S[base + ST_STASH] = NO_CARD
        S[H_TOTAL] += card
    else:  # TOY-BANK
        bank(G, S, base, False)


@njit
def bank(G, S, base, deck_out):
    """TOY-BANK, then TOY-END: a score at the target, or the deck's end, ends the game."""
    S[base + ST_SCORE] += S[H_TOTAL]
    S[H_TOTAL] = 0
    if S[base + ST_SCORE] >= G[1][P_TARGET] or deck_out:
        S[H_END] = END_TARGET if S[base + ST_SCORE] >= G[1][P_TARGET] else END_DECKOUT
        S[H_MOVER] = K.NOBODY
        S[H_TURNS] += 1
    else:
        pass_turn(S)


@njit
def pass_turn(S):
    S[H_TURNS] += 1
    S[H_MOVER] = (S[H_MOVER] + 1) % S[H_SEATS]


@njit
def to_move(G, S):
    return S[H_MOVER]


@njit
def results(G, S, out):
    """TOY-END: places by score, equal scores sharing theirs."""
    n = S[H_SEATS]
    best = 0
    for s in range(n):
        best = max(best, S[seat_at(s) + ST_SCORE])
    tied = 0
    for s in range(n):
        if S[seat_at(s) + ST_SCORE] == best:
            tied += 1
    for s in range(n):
        score = S[seat_at(s) + ST_SCORE]
        above = 0
        for t in range(n):
            if S[seat_at(t) + ST_SCORE] > score:
                above += 1
        out[s, K.RS_PLACE] = above
        out[s, K.RS_WIN] = 1 if above == 0 and tied == 1 else 0
        out[s, K.RS_DRAW] = 1 if above == 0 and tied > 1 else 0
        out[s, K.RS_TEAM] = -1
        out[s, K.RS_POINTS] = score


@njit
def record(G, S, out):
    out[K.GR_TURNS] = S[H_TURNS]
    out[K.GR_FIRST] = S[H_FIRST]
    out[K.GR_END] = S[H_END]


@njit
def observe(G, S, seat, obs):
    """What `seat` may know: all but the deck's order, the other stashes and the generator."""
    for k in range(STATE_SIZE):
        obs[k] = S[k]
    for k in range(S[H_DECK_N]):
        obs[DECK_BASE + k] = K.HIDDEN
    for s in range(S[H_SEATS]):
        if s != seat and S[seat_at(s) + ST_STASH] != NO_CARD:
            obs[seat_at(s) + ST_STASH] = K.HIDDEN
    for k in range(4):
        obs[RNG_BASE + k] = 0


@njit
def unseen(G, obs, seat, v):
    """How many cards of value v `seat` has not seen: the deck's make-up less the revealed
    cards and its own stash."""
    count = (G[1][P_WOLVES] if v == WOLF else G[1][P_COPIES]) - obs[DISC_BASE + v]
    return count - 1 if obs[seat_at(seat) + ST_STASH] == v else count


@njit
def determinise(G, obs, seat, rng, S):
    """A state consistent with seat's observation: the unseen cards, shuffled by rng, dealt to
    the hidden stashes and the deck."""
    for k in range(STATE_SIZE):
        S[k] = obs[k]
    k = 0
    for v in range(MAX_VALUE + 1):
        for _ in range(unseen(G, obs, seat, v)):
            S[DECK_BASE + k] = v
            k += 1
    shuffle_range(S, DECK_BASE, k, rng, 0)
    for s in range(S[H_SEATS]):
        if obs[seat_at(s) + ST_STASH] == K.HIDDEN:
            k -= 1
            S[seat_at(s) + ST_STASH] = S[DECK_BASE + k]
            S[DECK_BASE + k] = NO_CARD
    seed_rng(S, RNG_BASE, rng[0], rng[1], GAME_STREAM)


SPREAD_BASE = 1.0  # the evaluation's spread of points at an empty deck ...
SPREAD_PER_CARD = 0.6  # ... growing with the square root of the cards left (seat_value)


@njit
def stash_worth(G, S, viewer, s):
    """What seat s's stash adds to its points: its value if a number; a stash hidden from the
    viewer, the mean of the cards the viewer has not seen (wolves at 0)."""
    stash = S[seat_at(s) + ST_STASH]
    if stash > WOLF:
        return float(stash)
    if stash != K.HIDDEN:
        return 0.0
    cards, points = 0, 0
    for v in range(MAX_VALUE + 1):
        count = unseen(G, S, viewer, v)
        cards += count
        points += count * v
    return points / cards if cards > 0 else 0.0


@njit
def points(G, S, viewer, s):
    """Seat s's points as the viewer sees them: its score, the turn total if it is the mover
    (it may bank it now), and its stash (safe points to come)."""
    held = S[H_TOTAL] if s == S[H_MOVER] else 0
    return S[seat_at(s) + ST_SCORE] + held + stash_worth(G, S, viewer, s)


@njit
def final_value(S, seat):
    """A finished game's share of the win for seat (TOY-END)."""
    n = S[H_SEATS]
    best = 0
    for s in range(n):
        best = max(best, S[seat_at(s) + ST_SCORE])
    tied = 0
    for s in range(n):
        tied += S[seat_at(s) + ST_SCORE] == best
    return 1.0 / tied if S[seat_at(seat) + ST_SCORE] == best else 0.0


@njit
def seat_value(G, S, seat):
    """Seat's value (a rough chance of winning): a finished game's share of the win; 1 to a
    mover that can reach the target at once (its stash and a bank) and 0 to the others; else
    a softmax of everyone's points, the spread wider the more cards are left to draw."""
    n = S[H_SEATS]
    mover = S[H_MOVER]
    if mover == K.NOBODY:
        return final_value(S, seat)
    base = seat_at(mover)
    stash = S[base + ST_STASH] if S[base + ST_STASH] > WOLF else 0
    if S[base + ST_SCORE] + S[H_TOTAL] + stash >= G[1][P_TARGET]:
        return 1.0 if seat == mover else 0.0
    spread = SPREAD_BASE + SPREAD_PER_CARD * math.sqrt(S[H_DECK_N])
    top = -1e9
    for s in range(n):
        top = max(top, points(G, S, seat, s))
    total = 0.0
    mine = 0.0
    for s in range(n):
        w = math.exp((points(G, S, seat, s) - top) / spread)
        total += w
        if s == seat:
            mine = w
    return mine / total


@njit
def evaluate(G, S, out):
    for s in range(S[H_SEATS]):
        out[s] = seat_value(G, S, s)


@njit
def action_value(G, obs, seat, action, work, rng):
    """Seat's value after `action`, a draw's chance by its exact expectation over the cards
    seat has not seen (the deck's top is any of them, equally likely)."""
    if action != A_DRAW:
        for k in range(STATE_SIZE):
            work[k] = obs[k]
        apply(G, work, action)
        return seat_value(G, work, seat)
    total = 0
    for v in range(MAX_VALUE + 1):
        total += unseen(G, obs, seat, v)
    value = 0.0
    for v in range(MAX_VALUE + 1):
        count = unseen(G, obs, seat, v)
        if count > 0:
            for k in range(STATE_SIZE):
                work[k] = obs[k]
            work[DECK_BASE + work[H_DECK_N] - 1] = v
            apply(G, work, A_DRAW)
            value += count / total * seat_value(G, work, seat)
    return value


HOLD_AT = 12  # the rollout policy banks a turn total of this much


@njit
def rollout(G, S, legal, n, rng):
    """The rollout policy: bank at HOLD_AT or at the target (playing the stash first), else
    draw; one decision in eight at random."""
    if below(rng, 0, 8) == 0:
        return legal[below(rng, 0, n)]
    base = seat_at(S[H_MOVER])
    done = S[H_TOTAL] >= HOLD_AT or S[base + ST_SCORE] + S[H_TOTAL] >= G[1][P_TARGET]
    if done or S[H_DECK_N] == 0:
        if S[base + ST_STASH] > WOLF:
            return A_STASH
        return A_BANK if S[H_TOTAL] > 0 else A_DRAW
    return A_DRAW


K.register(
    NAME,
    init=init,
    legal=legal,
    apply=apply,
    to_move=to_move,
    results=results,
    observe=observe,
    determinise=determinise,
    evaluate=evaluate,
    action_value=action_value,
    rollout=rollout,
    record=record,
)
