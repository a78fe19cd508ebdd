"""Drawing, the token move, the hand limit and the turn's start and end.

R-TURN, R-DRAW, R-EXTRA, R-HANDLIMIT, D-DECKOUT, D-EXTRA, R-SETUP, D-FIRST.
"""

from emr_sim.games.emr.codes import (
    A_TOKEN,
    BOW_BASE,
    CF_VALID,
    DIR_LEFT,
    DISC,
    DK_NONE,
    DRAW,
    DRAW_N,
    DRAWN_GAME,
    E_DRAW,
    E_DRAWN,
    E_TOKEN_MOVE,
    E_TURN,
    H_ACTIVE,
    H_FIRST,
    H_HERO_MODE,
    H_N_SHOT,
    H_PHASE,
    H_TURN,
    H_WINNER,
    MAX_ASIDE,
    MAX_CARDS,
    MAX_HAND,
    MAX_SHOT,
    N_HEROES,
    N_ZONES,
    NO_CARD,
    NO_HERO,
    NO_WINNER,
    P_ASIDE,
    P_CDMG,
    P_FURY,
    P_HAND,
    P_HEALTH,
    P_HERO,
    P_POISON,
    P_ZCARD,
    P_ZDMG,
    RES_BUSHIDO,
    RES_EJECTED,
    RES_LAST_COUNTER,
    RES_PLAYED,
    RES_PLAYED_ZONE,
    RES_STEP,
    RES_WIND,
    RNG,
    STATE_SIZE,
    STEP_TURN_START,
    TOKEN_CARD,
    TOKEN_ZONE,
)
from emr_sim.games.emr.options import (
    FIRST_RANDOM,
    HERO_RANDOM,
    O_FIRST,
    O_HEALTH,
    O_HEALTH_BY_HERO,
    O_HERO_MODE,
    O_HERO_SELECT,
    O_TURN_CAP,
)
from emr_sim.games.emr.rules.core import emit, hand_add, pb, take_top
from emr_sim.jit import njit, njit_entry, njit_inline
from emr_sim.rng import below, seed_rng, shuffle_range

HAND_LIMIT = 4  # R-HANDLIMIT
SETUP_ZONE = 2  # R-SETUP: the bow cards stand on zones 2 and 3
DEAL = 2  # R-SETUP: cards dealt to each player
GAME_STREAM = 0  # RNG stream of the game itself (players use their own streams)


@njit
def draw_count(hand_n, extra):
    """R-DRAW: 2 cards holding 0-2, 1 holding 3, none holding 4; R-EXTRA: exactly 1."""
    if hand_n >= HAND_LIMIT:
        return 0
    if extra:
        return 1
    return 2 if hand_n <= 2 else 1


@njit
def do_draw(S, T, O, ev, p, n):
    """p draws up to n cards (D-DECKOUT: what there is)."""
    for _ in range(n):
        card = take_top(S, T, O, ev)
        if card == NO_CARD:
            break
        hand_add(S, p, card)
        emit(ev, E_DRAW, p, card, 0, 0, 0)


@njit
def token_move_kind(S, p, z, d):
    """R-DRAW: the A_TOKEN kind of moving a damage token from zone z in direction d, or -1.

    A token on an empty zone goes to an adjacent empty zone; a token on a card to
    the adjacent card."""
    base = pb(p)
    nz = z - 1 if d == DIR_LEFT else z + 1
    if nz < 0 or nz >= N_ZONES:
        return -1
    on_card = S[base + P_ZCARD + z] != NO_CARD
    if S[base + (P_CDMG if on_card else P_ZDMG) + z] == 0:
        return -1
    if (S[base + P_ZCARD + nz] != NO_CARD) != on_card:
        return -1
    return TOKEN_CARD if on_card else TOKEN_ZONE


@njit_inline
def token_moves(S, p, out, n):
    """R-DRAW: append the moves of one damage token of p's board to out[n:]."""
    for z in range(N_ZONES):
        for d in range(2):
            kind = token_move_kind(S, p, z, d)
            if kind >= 0:
                out[n] = A_TOKEN + kind * 12 + z * 2 + d
                n += 1
    return n


@njit_inline
def has_token_move(S, p):
    for z in range(N_ZONES):
        for d in range(2):
            if token_move_kind(S, p, z, d) >= 0:
                return True
    return False


@njit_inline
def move_token(S, p, code, sign):
    """Move the token of A_TOKEN `code` on p's board (sign -1: move it back).
    Returns (kind, from zone, to zone)."""
    rel = code - A_TOKEN
    kind = rel // 12
    z = (rel % 12) // 2
    nz = z - 1 if rel % 2 == 0 else z + 1
    field = pb(p) + (P_CDMG if kind == TOKEN_CARD else P_ZDMG)
    S[field + z] -= sign
    S[field + nz] += sign
    return kind, z, nz


@njit_inline
def do_token_move(S, ev, p, code):
    """R-DRAW: move one damage token of p's board."""
    kind, z, nz = move_token(S, p, code, 1)
    emit(ev, E_TOKEN_MOVE, p, kind, z, nz, 0)


@njit_inline
def start_turn(S, T, O, ev):
    """Count the turn; at the turn cap the game is drawn (D-DECKOUT). Returns False then."""
    if S[H_TURN] >= O[O_TURN_CAP]:
        S[H_WINNER] = DRAWN_GAME
        S[H_PHASE] = DK_NONE
        emit(ev, E_DRAWN, -1, S[H_TURN], 0, 0, 0)
        return False
    S[H_TURN] += 1
    emit(ev, E_TURN, S[H_ACTIVE], S[H_TURN], 0, 0, 0)
    return True


@njit
def clear_resolution(S):
    """No play in progress."""
    S[RES_PLAYED_ZONE] = -1
    S[RES_PLAYED] = NO_CARD
    S[RES_EJECTED] = NO_CARD
    S[RES_LAST_COUNTER] = -1
    S[RES_WIND] = NO_CARD
    S[RES_BUSHIDO] = NO_CARD


@njit
def start_health(O, hero):
    """R-OPT-HEALTH: a master's own starting health when set (not 0), else D-LIFE's."""
    if hero != NO_HERO and O[O_HEALTH_BY_HERO + hero] != 0:
        return O[O_HEALTH_BY_HERO + hero]
    return O[O_HEALTH]


@njit_entry
def new_game(S, T, O, ev, seed, index, hero0, hero1):
    """R-SETUP: a fresh game in S from (seed, game index); the engine then advances it."""
    for k in range(STATE_SIZE):
        S[k] = 0
    S[H_WINNER] = NO_WINNER
    S[H_HERO_MODE] = O[O_HERO_MODE]
    seed_rng(S, RNG, seed, index, GAME_STREAM)
    if O[O_HERO_MODE] == 1 and O[O_HERO_SELECT] == HERO_RANDOM:  # R-OPT-HERO: two different heroes
        hero0 = below(S, RNG, N_HEROES)
        hero1 = below(S, RNG, N_HEROES - 1)
        if hero1 >= hero0:
            hero1 += 1
    for p in range(2):
        base = pb(p)
        hero = (hero0 if p == 0 else hero1) if O[O_HERO_MODE] == 1 else NO_HERO
        S[base + P_HERO] = hero
        S[base + P_HEALTH] = start_health(O, hero)
        S[base + P_FURY] = 0
        S[base + P_POISON] = 0
        for k in range(MAX_HAND):
            S[base + P_HAND + k] = NO_CARD
        for k in range(MAX_ASIDE):
            S[base + P_ASIDE + k] = NO_CARD
        for z in range(N_ZONES):
            S[base + P_ZCARD + z] = NO_CARD
        S[base + P_ZCARD + SETUP_ZONE] = BOW_BASE + 2 * p
        S[base + P_ZCARD + SETUP_ZONE + 1] = BOW_BASE + 2 * p + 1
    for k in range(MAX_CARDS):
        S[DRAW + k] = NO_CARD
        S[DISC + k] = NO_CARD
    n = 0
    for c in range(MAX_SHOT):
        if T[c, CF_VALID] == 1:
            S[DRAW + n] = c
            n += 1
    S[DRAW_N] = n
    S[H_N_SHOT] = n
    shuffle_range(S, DRAW, n, S, RNG)
    first = O[O_FIRST]
    if first == FIRST_RANDOM:
        first = below(S, RNG, 2)
    S[H_FIRST] = first
    S[H_ACTIVE] = first
    for p in (first, 1 - first):
        do_draw(S, T, O, ev, p, DEAL)
    clear_resolution(S)
    S[RES_STEP] = STEP_TURN_START
