"""What a seat may know (HBC-D-HIDDEN) and states consistent with it.

Hidden: the cards in the other players' hands (except those shown in a battle and taken back,
HBC-D-AFTER), every deck's order, and the attacker's face-down card until the reveal
(HBC-D-COMMIT). Public: coins, discard piles, hand and deck sizes, each master card, the
cards on the table and the dice. Each seat's deck list is public (the seating's entity)."""

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.layout import (
    B_A_SRC,
    B_ATTACKER,
    B_BASE,
    B_CARD,
    B_MASTER,
    COMMIT_OPEN,
    DK_REST,
    DK_SIZE,
    G_CARDS,
    G_DECKS,
    G_RULES,
    GAME_STREAM,
    H_PHASE,
    H_SEATS,
    MASTER_SLOT,
    MAX_DECK,
    NO_CARD,
    P_COMMIT,
    PH_DEFEND,
    RNG_BASE,
    ST_DECK,
    ST_DECK_ID,
    ST_DECK_N,
    ST_DISC,
    ST_DISC_N,
    ST_HAND,
    ST_HAND_N,
    ST_KNOWN,
    STATE_SIZE,
)
from emr_sim.games.hbc.rules.state import seat_at, side_seat
from emr_sim.jit import njit
from emr_sim.rng import below, seed_rng, shuffle_range

UNSEEN_CARDS = DK_SIZE - DK_REST  # the nine cards of a deck besides its master


@njit
def committed_hidden(G, S, seat):
    """Whether the attacker's committed card is face down to `seat` now (HBC-D-COMMIT)."""
    return S[H_PHASE] == PH_DEFEND and seat != S[B_BASE + B_ATTACKER]


@njit
def observe(G, S, seat, obs):
    for k in range(STATE_SIZE):
        obs[k] = S[k]
    for s in range(S[H_SEATS]):
        base = seat_at(s)
        if s != seat:
            for slot in range(S[base + ST_HAND_N]):
                if S[base + ST_KNOWN + slot] == 0:
                    obs[base + ST_HAND + slot] = K.HIDDEN
        for k in range(S[base + ST_DECK_N]):
            obs[base + ST_DECK + k] = K.HIDDEN
    if committed_hidden(G, S, seat):
        src = S[B_BASE + B_A_SRC]
        if G[G_RULES][P_COMMIT] == COMMIT_OPEN:  # the option: the card is shown as it is put out
            if src != MASTER_SLOT:
                slot = seat_at(S[B_BASE + B_ATTACKER]) + ST_HAND + src
                obs[slot] = S[slot]
        else:
            obs[B_BASE + B_A_SRC] = K.HIDDEN
    for k in range(4):
        obs[RNG_BASE + k] = 0


@njit
def drop_card(S, start, m, card):
    """Remove one copy of `card` from S[start:start + m] (the last moved into its place)."""
    for k in range(m):
        if S[start + k] == card:
            S[start + k] = S[start + m - 1]
            S[start + m - 1] = NO_CARD
            return m - 1
    return m


@njit
def unseen_cards(G, S, s, out, start):
    """Seat s's cards that the observation S does not show (its deck list less its discards,
    its visible hand cards and its card on the table), into out[start:start + MAX_DECK];
    how many."""
    DK = G[G_DECKS]
    base = seat_at(s)
    deck = S[base + ST_DECK_ID]
    for k in range(MAX_DECK):
        out[start + k] = DK[deck, DK_REST + k] if k < UNSEEN_CARDS else NO_CARD
    m = UNSEEN_CARDS
    for k in range(S[base + ST_DISC_N]):
        m = drop_card(out, start, m, S[base + ST_DISC + k])
    for slot in range(S[base + ST_HAND_N]):
        if S[base + ST_HAND + slot] != K.HIDDEN:
            m = drop_card(out, start, m, S[base + ST_HAND + slot])
    for side in range(2):
        card = S[B_BASE + B_CARD + side]
        if card != NO_CARD and S[B_BASE + B_MASTER + side] == 0 and side_seat(S, side) == s:
            m = drop_card(out, start, m, card)
    return m


@njit
def determinise(G, obs, seat, rng, S):
    """A state `seat` cannot tell from the real one: each seat's unseen cards shuffled by rng
    into its hidden hand slots and its deck; a face-down attacking card drawn among the
    attacker's characters and master card; the game's generator seeded from rng."""
    for k in range(STATE_SIZE):
        S[k] = obs[k]
    for s in range(S[H_SEATS]):
        base = seat_at(s)
        m = unseen_cards(G, S, s, S, base + ST_DECK)
        shuffle_range(S, base + ST_DECK, m, rng, 0)
        for slot in range(S[base + ST_HAND_N]):
            if S[base + ST_HAND + slot] == K.HIDDEN:
                m -= 1
                S[base + ST_HAND + slot] = S[base + ST_DECK + m]
                S[base + ST_DECK + m] = NO_CARD
    if S[B_BASE + B_A_SRC] == K.HIDDEN:
        S[B_BASE + B_A_SRC] = hidden_source(G, S, rng)
    seed_rng(S, RNG_BASE, rng[0], rng[1], GAME_STREAM)


@njit
def hidden_source(G, S, rng):
    """A face-down attacking card consistent with what is known: one of the attacker's
    character cards or its master card, uniformly."""
    base = seat_at(S[B_BASE + B_ATTACKER])
    choices = 1
    for slot in range(S[base + ST_HAND_N]):
        if is_character(G[G_CARDS], S[base + ST_HAND + slot]):
            choices += 1
    pick = below(rng, 0, choices)
    for slot in range(S[base + ST_HAND_N]):
        if is_character(G[G_CARDS], S[base + ST_HAND + slot]):
            if pick == 0:
                return slot
            pick -= 1
    return MASTER_SLOT
