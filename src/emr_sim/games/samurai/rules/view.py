"""Samurai Sword: what a seat may know (SS-D-HIDDEN, SS-SILENCE) and a full state consistent
with it (the contract's observe and determinise)."""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.state import n_kinds, seat_at
from emr_sim.jit import njit
from emr_sim.rng import below, seed_rng, shuffle_range


@njit
def observe(G, S, seat, obs):
    """All but the other seats' roles (the Shogun's is public) and role cards, their hands
    (their sizes are public), the draw pile's order, the Ninja card removed and the
    generator."""
    for k in range(L.STATE_SIZE):
        obs[k] = S[k]
    for s in range(S[L.H_SEATS]):
        if s == seat:
            continue
        base = seat_at(s)
        if S[base + L.ST_ROLE] != L.SHOGUN:
            obs[base + L.ST_ROLE] = K.HIDDEN
            obs[base + L.ST_WEIGHT] = K.HIDDEN
        for k in range(L.MAX_KINDS):
            obs[base + L.ST_HAND + k] = K.HIDDEN
    for k in range(S[L.H_DRAW_N]):
        obs[L.DRAW_BASE + k] = K.HIDDEN
    obs[L.H_REMOVED] = K.HIDDEN
    for k in range(4):
        obs[L.RNG_BASE + k] = 0


@njit
def unseen_count(G, obs, seat, kind):
    """Cards of `kind` the seat cannot place: the deck's count less its own hand, every
    Property in play and the discard pile (the others' hands and the draw pile hold them)."""
    count = G[2][kind, L.CT_COUNT] - obs[seat_at(seat) + L.ST_HAND + kind]
    for s in range(obs[L.H_SEATS]):
        count -= obs[seat_at(s) + L.ST_PROPS + kind]
    for k in range(obs[L.H_DISC_N]):
        if obs[L.DISC_BASE + k] == kind:
            count -= 1
    return count


@njit
def roles_pool(G, S, seat):
    """The roles the seat cannot place (in play, less the Shogun's and its own) written into
    the draw pile's room (refilled by determinise_cards); their number."""
    n = S[L.H_SEATS]
    RT = G[4]
    k = 0
    for role in range(L.N_ROLES):
        left = RT[n, role] - (1 if role == L.SHOGUN else 0)
        if role == S[seat_at(seat) + L.ST_ROLE] and role != L.SHOGUN:
            left -= 1
        for _ in range(left):
            S[L.DRAW_BASE + k] = role
            k += 1
    return k


@njit
def deal_weights(G, S, seat, rng):
    """The hidden seats' weights (ST_WEIGHT still hidden) for the roles placed there, the
    Ninja cards' weights not held by the seat shuffled over the Ninja (SS-D-WEIGHTS' option),
    and the removed card's (SS-SETUP-ROLES)."""
    n = S[L.H_SEATS]
    RT, WT = G[4], G[5]
    cards = L.DRAW_BASE + L.MAX_SEATS  # the Ninja cards' weights not held by the seat
    m = 0
    double = G[1][L.P_NINJA4_DOUBLE] and n == 4
    own_ninja = S[seat_at(seat) + L.ST_ROLE] == L.NINJA
    skipped = False
    for j in range(3):
        w = (1 if j < 2 else 2) if double else WT[n, L.NINJA]
        if own_ninja and not skipped and w == S[seat_at(seat) + L.ST_WEIGHT]:
            skipped = True
            continue
        S[cards + m] = w
        m += 1
    shuffle_range(S, cards, m, rng, 0)
    ninja = 0
    for s in range(n):
        base = seat_at(s)
        if S[base + L.ST_WEIGHT] == K.HIDDEN:
            role = S[base + L.ST_ROLE]
            S[base + L.ST_WEIGHT] = WT[n, role]
            if role == L.NINJA:
                S[base + L.ST_WEIGHT] = S[cards + ninja]
                ninja += 1
    S[L.H_REMOVED] = S[cards + ninja] if RT[n, L.RT_REMOVED] > 0 else 0


@njit
def determinise_roles(G, S, seat, rng):
    """The hidden roles: the roles in play less the Shogun's and the seat's own, shuffled
    over the hidden seats; then their weights (deal_weights)."""
    k = roles_pool(G, S, seat)
    shuffle_range(S, L.DRAW_BASE, k, rng, 0)
    j = 0
    for s in range(S[L.H_SEATS]):
        base = seat_at(s)
        if S[base + L.ST_ROLE] == K.HIDDEN:
            S[base + L.ST_ROLE] = S[L.DRAW_BASE + j]
            j += 1
    deal_weights(G, S, seat, rng)


@njit
def determinise_cards(G, S, obs, seat, rng):
    """The hidden cards: every card the seat has not seen, shuffled, dealt to the other
    hands at their sizes; the rest, in that shuffled order, is the draw pile."""
    k = 0
    for kind in range(n_kinds(G)):
        for _ in range(unseen_count(G, obs, seat, kind)):
            S[L.DRAW_BASE + k] = kind
            k += 1
    for j in range(k, L.MAX_DECK):
        S[L.DRAW_BASE + j] = 0
    shuffle_range(S, L.DRAW_BASE, k, rng, 0)
    for s in range(S[L.H_SEATS]):
        if s == seat:
            continue
        base = seat_at(s)
        for kind in range(L.MAX_KINDS):
            S[base + L.ST_HAND + kind] = 0
        for _ in range(S[base + L.ST_HAND_N]):
            k -= 1
            S[base + L.ST_HAND + S[L.DRAW_BASE + k]] += 1
            S[L.DRAW_BASE + k] = 0


@njit
def determinise(G, obs, seat, rng, S):
    """A full state the seat cannot tell from the real one (its observation of it is obs)."""
    for k in range(L.STATE_SIZE):
        S[k] = obs[k]
    determinise_roles(G, S, seat, rng)
    determinise_cards(G, S, obs, seat, rng)
    seed_rng(S, L.RNG_BASE, rng[0], rng[1] ^ below(rng, 0, 1 << 30), L.GAME_STREAM)
