"""HBC's set-up and the frame of a turn: HBC-SETUP, HBC-FIRST (HBC-D-FIRST), HBC-DRAW
(HBC-D-EMPTY-DECK), the restriction ability at the turn's end (HBC-D-ABILITIES), HBC-HANDLIMIT,
the judgement (HBC-WIN, HBC-D-JUDGE, HBC-D-TIES) and overtime (HBC-OVERTIME, HBC-D-OVERTIME)."""

from emr_sim.games.hbc.rules.card_table import attr_of, has_effect
from emr_sim.games.hbc.rules.coins import end_game
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    B_BASE,
    B_CARD,
    B_LOSER,
    D_SIDE,
    DK_MASTER,
    DK_REST,
    DK_SIZE,
    EF_RESTRICT,
    END_OVERTIME_POINTS,
    END_OVERTIME_REACH,
    END_THRESHOLD,
    FIRST_SEAT0,
    G_CARDS,
    G_DECKS,
    G_RULES,
    GAME_STREAM,
    H_FIRST,
    H_MOVER,
    H_OVERTIME,
    H_PHASE,
    H_SEATS,
    H_SOLO_USED,
    H_STEP,
    H_TURN_SEAT,
    H_TURNS,
    JUDGE_ROUND,
    MAX_DECK,
    MAX_DISC,
    MAX_HAND,
    N_COIN_KINDS,
    NO_CARD,
    NO_SIDE,
    OT_CHECK_TURN,
    P_FIRST,
    P_JUDGE,
    P_OT_CHECK,
    P_OT_POINTS,
    P_WIN_POINTS,
    PH_ACTION,
    RNG_BASE,
    ST_COINS,
    ST_DECK,
    ST_DECK_ID,
    ST_DECK_N,
    ST_DISC,
    ST_DISC_N,
    ST_HAND,
    ST_MASTER,
    START_COINS,
    STATE_SIZE,
    STEP_DECIDE,
)
from emr_sim.games.hbc.rules.state import (
    deck_n,
    discard,
    draw,
    hand_card,
    hand_n,
    points,
    seat_at,
    take_from_hand,
)
from emr_sim.jit import njit
from emr_sim.rng import below, seed_rng, shuffle_range

HAND_START = 3  # HBC-SETUP: three cards drawn, and the master card


@njit
def deck_of(G, s, entity):
    """The deck seat s plays: its entity, or for a seat without one (-1) deck s."""
    n_decks = G[G_DECKS].shape[0]
    return entity if entity >= 0 else s % n_decks


@njit
def set_up_seat(G, S, s, deck):
    """HBC-SETUP: the master card set aside (public), the other nine shuffled face down as the
    deck, three drawn; HBC-COINS: three 1-point coins, a 2 and a 3 (8 points)."""
    DK = G[G_DECKS]
    base = seat_at(s)
    S[base + ST_DECK_ID] = deck
    S[base + ST_MASTER] = DK[deck, DK_MASTER]
    for k in range(N_COIN_KINDS):
        S[base + ST_COINS + k] = START_COINS[k]
    for k in range(MAX_HAND):
        S[base + ST_HAND + k] = NO_CARD
    for k in range(MAX_DISC):
        S[base + ST_DISC + k] = NO_CARD
    for k in range(MAX_DECK):
        S[base + ST_DECK + k] = DK[deck, DK_REST + k] if k < DK_SIZE - DK_REST else NO_CARD
    S[base + ST_DECK_N] = DK_SIZE - DK_REST
    shuffle_range(S, base + ST_DECK, DK_SIZE - DK_REST, S, RNG_BASE)
    for _ in range(HAND_START):
        draw(S, s)


@njit
def init(G, S, seed, index, seating):
    """HBC-SETUP for every seat, then HBC-FIRST (HBC-D-FIRST: the first player at random,
    rock-paper-scissors; `first=seat0` for seat 0) and the first turn."""
    n = seating.shape[0]
    for k in range(STATE_SIZE):
        S[k] = 0
    S[H_SEATS] = n
    S[B_BASE + B_CARD + A_SIDE] = NO_CARD  # no battle yet
    S[B_BASE + B_CARD + D_SIDE] = NO_CARD
    S[B_BASE + B_LOSER] = NO_SIDE
    seed_rng(S, RNG_BASE, seed, index, GAME_STREAM)
    for s in range(n):
        set_up_seat(G, S, s, deck_of(G, s, seating[s]))
    first = 0 if G[G_RULES][P_FIRST] == FIRST_SEAT0 else below(S, RNG_BASE, n)
    S[H_FIRST] = first
    start_turn(G, S, first)


@njit
def start_turn(G, S, s):
    """HBC-DRAW: the turn's player draws one card (none from an empty deck,
    HBC-D-EMPTY-DECK), then chooses its action (HBC-ACTION)."""
    S[H_TURN_SEAT] = s
    S[H_TURNS] += 1
    S[H_SOLO_USED] = 0
    draw(S, s)
    S[H_PHASE] = PH_ACTION
    S[H_MOVER] = s
    S[H_STEP] = STEP_DECIDE


@njit
def restrict(G, S, s):
    """HBC-D-ABILITIES: at the end of its turn, a player holding a card with the restriction
    (no hand cards of another attribute, HBC-ABILITY) discards the cards that break it. The
    master card's restriction keeps its attribute only; a hand card's restriction against the
    master's attribute (which never leaves) discards the restricting card itself."""
    CT = G[G_CARDS]
    master = S[seat_at(s) + ST_MASTER]
    if has_effect(CT, master, EF_RESTRICT):
        keep_attribute(S, s, CT, attr_of(CT, master))
    slot = 0
    while slot < hand_n(S, s):
        c = hand_card(S, s, slot)
        if has_effect(CT, c, EF_RESTRICT):
            if attr_of(CT, c) != attr_of(CT, master):
                discard(S, s, take_from_hand(S, s, slot))
                continue
            keep_attribute(S, s, CT, attr_of(CT, c))
        slot += 1


@njit
def keep_attribute(S, s, CT, attr):
    slot = 0
    while slot < hand_n(S, s):
        c = hand_card(S, s, slot)
        if attr_of(CT, c) != attr:
            discard(S, s, take_from_hand(S, s, slot))
        else:
            slot += 1


@njit
def decks_empty(S):
    for s in range(S[H_SEATS]):
        if deck_n(S, s) > 0:
            return False
    return True


@njit
def best_points(S):
    best = 0
    for s in range(S[H_SEATS]):
        best = max(best, points(S, s))
    return best


@njit
def judge(G, S):
    """The end of a turn: HBC-D-JUDGE (checked at the end of each turn, or with
    `judge=round` at the end of a round), HBC-WIN (every deck empty: 13 points or more wins),
    HBC-OVERTIME (nobody has 13: discards shuffled into new decks; overtime ends when the decks
    are empty again, most points winning; 15 wins at once, HBC-D-OVERTIME). Then the next turn."""
    P = G[G_RULES]
    n = S[H_SEATS]
    nxt = (S[H_TURN_SEAT] + 1) % n
    if S[H_OVERTIME] == 1 and P[P_OT_CHECK] == OT_CHECK_TURN and best_points(S) >= P[P_OT_POINTS]:
        end_game(S, END_OVERTIME_REACH)
        return
    round_end = nxt == S[H_FIRST] or P[P_JUDGE] != JUDGE_ROUND
    if round_end and decks_empty(S):
        if S[H_OVERTIME] == 1:
            end_game(S, END_OVERTIME_POINTS)
            return
        if best_points(S) >= P[P_WIN_POINTS]:
            end_game(S, END_THRESHOLD)
            return
        start_overtime(S)
        if decks_empty(S):  # nothing was discarded: overtime cannot be played
            end_game(S, END_OVERTIME_POINTS)
            return
    start_turn(G, S, nxt)


@njit
def start_overtime(S):
    """HBC-OVERTIME: each player shuffles its discard pile into a new deck."""
    S[H_OVERTIME] = 1
    for s in range(S[H_SEATS]):
        base = seat_at(s)
        m = S[base + ST_DISC_N]
        for k in range(m):
            S[base + ST_DECK + k] = S[base + ST_DISC + k]
            S[base + ST_DISC + k] = NO_CARD
        S[base + ST_DECK_N] = m
        S[base + ST_DISC_N] = 0
        shuffle_range(S, base + ST_DECK, m, S, RNG_BASE)
