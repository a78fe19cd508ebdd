"""Samurai Sword: a seat's belief over the other seats' roles, F[t * N_ROLES + r] = P(seat t
holds role r), in the float scratch of G.

`belief` reads only the seat's observation: its own role, the Shogun (public), the roles in
play at this table size, and the public record of who attacked, harmed, helped or knocked
down whom. Each act is weighed by how likely a player of each role is to aim it at a player
of each role (HOSTILE, HELPFUL), against the current belief about the other player; two
passes. `oracle` (the reference player, which sees every role by design) reads the roles
of the state; `guess` draws one role assignment at random, consistent with the counts.
"""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.state import seat_at, team_of_role
from emr_sim.jit import njit
from emr_sim.rng import below

# HOSTILE[actor][target]: how likely a player of the actor's role is to aim an attack (or a
# Geisha, Diversion, Bushido) at one of the target's role, relative to the others.
HOSTILE = (
    (0.05, 0.10, 1.00, 0.80),  # the Shogun
    (0.05, 0.15, 1.00, 0.80),  # a Samurai
    (1.00, 0.80, 0.25, 0.60),  # a Ninja (who does not know the other Ninja)
    (0.80, 0.70, 0.70, 0.05),  # the Ronin
)
HELPFUL = (
    (0.10, 1.00, 0.30, 0.40),
    (1.00, 0.80, 0.30, 0.40),
    (0.20, 0.30, 0.80, 0.40),
    (0.40, 0.40, 0.40, 0.10),
)
PASSES = 2
F_BELIEF = 0  # F[0 : 28]: the belief
F_NEXT = L.MAX_SEATS * L.N_ROLES  # F[28 : 56]: the next pass's
F_W = 2 * F_NEXT  # F[56 : 60]: one seat's weights
F_AVAIL = F_W + L.N_ROLES  # F[60 : 64]: the roles left to place
SCRATCH_SIZE = F_AVAIL + L.N_ROLES


@njit
def p_role(F, t, r):
    return F[F_BELIEF + t * L.N_ROLES + r]


@njit
def p_enemy(F, my_role, t):
    """The chance that seat t is not on my team (for the Ronin, every seat is)."""
    if my_role == L.RONIN:
        return 1.0
    mine = team_of_role(my_role)
    total = 0.0
    for r in range(L.N_ROLES):
        if team_of_role(r) != mine:
            total += p_role(F, t, r)
    return total


@njit
def roles_left(G, obs, me, F):
    """F_AVAIL: the roles of the seats `me` cannot see (in play, less the Shogun and its own)."""
    n = obs[L.H_SEATS]
    mine = obs[seat_at(me) + L.ST_ROLE]
    total = 0.0
    for r in range(L.N_ROLES):
        left = G[4][n, r] - (1 if r == L.SHOGUN else 0) - (1 if r == mine and r != L.SHOGUN else 0)
        F[F_AVAIL + r] = left
        total += left
    return total


@njit
def role_seen(obs, me, t):
    """Seat t's role as `me` sees it: its own and the Shogun's, else HIDDEN. On an observation
    this is its role field; on a full state (a search's rollout) it hides what `me` may not see."""
    role = obs[seat_at(t) + L.ST_ROLE]
    return role if t == me or role == L.SHOGUN else K.HIDDEN


@njit
def known_or_prior(G, obs, me, F):
    """The belief before any evidence: certain for itself and the Shogun, the counts left
    for the others."""
    total = roles_left(G, obs, me, F)
    for t in range(obs[L.H_SEATS]):
        role = role_seen(obs, me, t)
        for r in range(L.N_ROLES):
            if role != K.HIDDEN:
                F[F_BELIEF + t * L.N_ROLES + r] = 1.0 if r == role else 0.0
            else:
                F[F_BELIEF + t * L.N_ROLES + r] = F[F_AVAIL + r] / total if total > 0 else 0.0


@njit
def weigh(F, b, acts, table, actor_is_t):
    """Multiply the weights F_W of seat t's roles by the likelihood of `acts` acts between t
    and b (t the actor, or the target), b's role as believed; then normalise."""
    if acts == 0:
        return
    total = 0.0
    for r in range(L.N_ROLES):
        lik = 0.0
        for rb in range(L.N_ROLES):
            m = table[r][rb] if actor_is_t else table[rb][r]
            lik += p_role(F, b, rb) * m
        F[F_W + r] *= lik**acts
        total += F[F_W + r]
    if total > 0:
        for r in range(L.N_ROLES):
            F[F_W + r] /= total


@njit
def public_acts(obs, table, a, b):
    return obs[table + a * L.MAX_SEATS + b]


@njit
def update_seat(obs, F, t):
    """One pass for seat t: the prior counts, then every act by t and at t."""
    for r in range(L.N_ROLES):
        F[F_W + r] = F[F_AVAIL + r]
    for b in range(obs[L.H_SEATS]):
        if b == t:
            continue
        hostile = public_acts(obs, L.PUB_ATTACK, t, b) + public_acts(obs, L.PUB_HARM, t, b)
        weigh(F, b, hostile, HOSTILE, True)
        weigh(F, b, public_acts(obs, L.PUB_HELP, t, b), HELPFUL, True)
        received = public_acts(obs, L.PUB_ATTACK, b, t) + public_acts(obs, L.PUB_HARM, b, t)
        weigh(F, b, received, HOSTILE, False)
    total = 0.0
    for r in range(L.N_ROLES):
        total += F[F_W + r]
    for r in range(L.N_ROLES):
        F[F_NEXT + t * L.N_ROLES + r] = F[F_W + r] / total if total > 0 else 0.0


@njit
def believe(G, obs, me, F):
    """The belief of seat `me` from its observation (module doc), or from a full state: it
    reads the roles `me` may see only (role_seen) and the public record."""
    known_or_prior(G, obs, me, F)
    n = obs[L.H_SEATS]
    for _ in range(PASSES):
        for t in range(n):
            if role_seen(obs, me, t) == K.HIDDEN:
                update_seat(obs, F, t)
        for t in range(n):
            if role_seen(obs, me, t) == K.HIDDEN:
                for r in range(L.N_ROLES):
                    F[F_BELIEF + t * L.N_ROLES + r] = F[F_NEXT + t * L.N_ROLES + r]


@njit
def know(S, F):
    """The oracle's belief: every role as the state holds it."""
    for t in range(S[L.H_SEATS]):
        role = S[seat_at(t) + L.ST_ROLE]
        for r in range(L.N_ROLES):
            F[F_BELIEF + t * L.N_ROLES + r] = 1.0 if r == role else 0.0


@njit
def guess(G, obs, me, F, rng):
    """One assignment of the hidden roles, drawn at random consistent with the counts."""
    left = roles_left(G, obs, me, F)
    for t in range(obs[L.H_SEATS]):
        role = obs[seat_at(t) + L.ST_ROLE]
        if role == K.HIDDEN:
            pick = below(rng, 0, int(left))
            role = 0
            while pick >= F[F_AVAIL + role]:
                pick -= int(F[F_AVAIL + role])
                role += 1
            F[F_AVAIL + role] -= 1
            left -= 1
        for r in range(L.N_ROLES):
            F[F_BELIEF + t * L.N_ROLES + r] = 1.0 if r == role else 0.0
