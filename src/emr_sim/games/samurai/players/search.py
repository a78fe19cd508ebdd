"""Samurai Sword's kernels for the generic search (the contract's determinise and rollout):
the hidden roles drawn by the seat's belief, and the rule-based policy as the rollout.

`determinise` deals a state the seat cannot tell from the real one, as rules/view.py's does,
but draws the hidden roles with probability proportional to the product over the hidden
seats of the seat's belief (players/belief.py) that each holds the role given it, among the
assignments that fit the counts in play: exactly, by summing the weights of the completions
(a table over the seats left and the roles left to place). The belief is computed from the
observation alone, so the draw stays honest; every assignment the counts allow keeps a
chance above zero (the belief's likelihoods are positive).

`action_value` (the generic greedy's judgement, and the search's prior) is the seat's team's
value (rules/value.py seat_value) after the action in one such state, weighed 1 - POLICY_BONUS,
plus POLICY_BONUS if the rule-based policy, with the seat's belief, would take that action
(a value in 0..1): a new node of the search starts from the rule-based player's choice.

`rollout` plays the rule-based policy (players/policy.py) for the seat to move, with the
belief that seat would have in the state given (players/belief.py reads only the roles it
may see and the public record): the game as the `belief` players play it.
"""

from emr_sim import kernel_contract as K
from emr_sim.games.samurai.players.belief import SCRATCH_SIZE as BELIEF_SIZE
from emr_sim.games.samurai.players.belief import believe, p_role
from emr_sim.games.samurai.players.policy import decide
from emr_sim.games.samurai.rules import layout as L
from emr_sim.games.samurai.rules.actions import apply, legal
from emr_sim.games.samurai.rules.state import seat_at
from emr_sim.games.samurai.rules.value import seat_value
from emr_sim.games.samurai.rules.view import deal_weights, determinise_cards
from emr_sim.jit import njit
from emr_sim.rng import below, next32, seed_rng

# the draw's scratch in G[6], after the belief's
F_COUNT = BELIEF_SIZE  # [N_ROLES]: the roles left to place
F_STRIDE = F_COUNT + L.N_ROLES  # [N_ROLES]: the counts' mixed-radix strides
F_SEATS = F_STRIDE + L.N_ROLES  # [MAX_SEATS]: the hidden seats, in seat order
F_PICK = F_SEATS + L.MAX_SEATS  # [N_ROLES]: one seat's weights in the draw
ROOM = 64  # count vectors a table row holds (the most at 3-7 seats: 36)
F_Z = F_PICK + L.N_ROLES  # [(MAX_SEATS + 1) * ROOM]: Z[i, c], the completions' weight
SCRATCH_SIZE = F_Z + (L.MAX_SEATS + 1) * ROOM
TWO32 = 4294967296.0
POLICY_BONUS = 0.25  # action_value's weight on the rule-based policy's choice
# action_value's scratch (Game.work_size): a determinised state, then its legal actions
W_STATE = 0
W_LEGAL = L.STATE_SIZE
WORK_SIZE = W_LEGAL + L.MAX_LEGAL


@njit
def hidden_seats(obs, F):
    """F_SEATS: the seats whose role the observation hides; their number."""
    m = 0
    for s in range(obs[L.H_SEATS]):
        if obs[seat_at(s) + L.ST_ROLE] == K.HIDDEN:
            F[F_SEATS + m] = s
            m += 1
    return m


@njit
def role_counts(G, obs, me, F):
    """F_COUNT and F_STRIDE: the roles left to place and the strides of their index;
    the number of count vectors (at most ROOM)."""
    n = obs[L.H_SEATS]
    mine = obs[seat_at(me) + L.ST_ROLE]
    size = 1
    for r in range(L.N_ROLES):
        left = G[4][n, r] - (1 if r == L.SHOGUN else 0) - (1 if r == mine and r != L.SHOGUN else 0)
        F[F_COUNT + r] = left
        F[F_STRIDE + r] = size
        size *= left + 1
    return size


@njit
def completions(F, m, size):
    """Z[i, c]: the summed weight of every way to give seats i.. of F_SEATS the roles of count
    index c (the belief's product); Z[m, 0] = 1."""
    for c in range(size):
        F[F_Z + m * ROOM + c] = 1.0 if c == 0 else 0.0
    for i in range(m - 1, -1, -1):
        t = int(F[F_SEATS + i])
        for c in range(size):
            total = 0.0
            for r in range(L.N_ROLES):
                if (c // int(F[F_STRIDE + r])) % int(F[F_COUNT + r] + 1) > 0:
                    total += p_role(F, t, r) * F[F_Z + (i + 1) * ROOM + c - int(F[F_STRIDE + r])]
            F[F_Z + i * ROOM + c] = total


@njit
def pick_role(F, i, c, rng):
    """Seat i's role, drawn by its weight times its completions' (c: the counts left)."""
    t = int(F[F_SEATS + i])
    total = 0.0
    for r in range(L.N_ROLES):
        w = 0.0
        if (c // int(F[F_STRIDE + r])) % int(F[F_COUNT + r] + 1) > 0:
            w = p_role(F, t, r) * F[F_Z + (i + 1) * ROOM + c - int(F[F_STRIDE + r])]
        F[F_PICK + r] = w
        total += w
    x = next32(rng, 0) / TWO32 * total
    last = -1
    for r in range(L.N_ROLES):
        if F[F_PICK + r] > 0.0:
            last = r
            if x < F[F_PICK + r]:
                return r
            x -= F[F_PICK + r]
    return last  # rounding: the last role of weight above zero


@njit
def uniform_belief(F, m):
    """A belief that weighs every fitting assignment alike (when the belief's own weights
    vanish in floating point)."""
    for i in range(m):
        t = int(F[F_SEATS + i])
        for r in range(L.N_ROLES):
            F[t * L.N_ROLES + r] = 1.0


@njit
def draw_roles(G, obs, me, rng, S):
    """The hidden seats' roles in S, drawn by `me`'s belief among the assignments that fit
    the counts (module doc)."""
    F = G[6]
    believe(G, obs, me, F)
    m = hidden_seats(obs, F)
    size = role_counts(G, obs, me, F)
    full = size - 1  # every count at its most: the index of the roles left
    completions(F, m, size)
    if not F[F_Z + full] > 0.0:
        uniform_belief(F, m)
        completions(F, m, size)
    c = full
    for i in range(m):
        r = pick_role(F, i, c, rng)
        S[seat_at(int(F[F_SEATS + i])) + L.ST_ROLE] = r
        c -= int(F[F_STRIDE + r])


@njit
def determinise(G, obs, seat, rng, S):
    """A full state the seat cannot tell from the real one (its observation of it is obs),
    the hidden roles drawn by its belief (module doc)."""
    for k in range(L.STATE_SIZE):
        S[k] = obs[k]
    draw_roles(G, obs, seat, rng, S)
    deal_weights(G, S, seat, rng)
    determinise_cards(G, S, obs, seat, rng)
    seed_rng(S, L.RNG_BASE, rng[0], rng[1] ^ below(rng, 0, 1 << 30), L.GAME_STREAM)


@njit
def rollout(G, S, legal, n, rng):
    """The rule-based policy of the seat to move, with the belief it would hold in S."""
    me = S[L.H_DECIDER]
    F = G[6]
    if S[L.H_PHASE] == L.PH_PLAY:  # beliefs matter only where a card is aimed
        believe(G, S, me, F)
    return decide(G, S, me, F, legal, n)


@njit
def policy_choice(G, obs, seat, R, buf):
    """The rule-based policy's action for `seat` (obs: its observation; R: a state drawn from
    it, whose legal actions are the real ones) with its belief."""
    n = legal(G, R, buf)
    F = G[6]
    if obs[L.H_PHASE] == L.PH_PLAY:
        believe(G, obs, seat, F)
    return decide(G, obs, seat, F, buf, n)


@njit
def action_value(G, obs, seat, action, work, rng):
    """seat's value after `action` in one state drawn from its observation, leaning
    POLICY_BONUS towards the rule-based policy's choice (module doc)."""
    R = work[W_STATE : W_STATE + L.STATE_SIZE]
    determinise(G, obs, seat, rng, R)
    choice = policy_choice(G, obs, seat, R, work[W_LEGAL : W_LEGAL + L.MAX_LEGAL])
    bonus = POLICY_BONUS if choice == action else 0.0
    apply(G, R, action)
    return (1.0 - POLICY_BONUS) * seat_value(G, R, seat) + bonus
