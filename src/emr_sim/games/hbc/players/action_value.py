"""HBC's action_value (the contract's; the generic greedy's question): seat's value after an
action, from its observation: attacks and defences by their expected coin changes
(players/stakes.py), supports and dice swaps by the battle's exact chances after them and its
consequences by the rules' own settle, coins given and cards discarded by the position after."""

from emr_sim.games.hbc.players.evaluate import share
from emr_sim.games.hbc.players.stakes import attack_value, defend_value
from emr_sim.games.hbc.rules.battle import settle
from emr_sim.games.hbc.rules.coins import give_coin, is_over, payable, paying
from emr_sim.games.hbc.rules.flow import apply_move
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_SIDE,
    A_SUPPORT,
    A_WAIT,
    B_BASE,
    B_LOSER,
    B_ROLLS,
    B_SWAP_SIDE,
    B_WINDOW,
    D_SIDE,
    FACES,
    G_COUNTS,
    G_CUMUL,
    G_RULES,
    H_PHASE,
    N_COIN_KINDS,
    NO_SIDE,
    P_REROLL_CAP,
    PH_ACTION,
    PH_DEFEND,
    PH_SUPPORT,
    PH_SWAP,
    STATE_SIZE,
    W_SETTLE,
    W_STATE,
    W_SWAP,
    WIN_1,
    WIN_2,
)
from emr_sim.games.hbc.rules.numbers import bf, has_face, roll_loser, side_dice, side_flat, side_hit
from emr_sim.games.hbc.rules.odds import battle_chances, roll_chances, with_rerolls
from emr_sim.games.hbc.rules.supports import swap_dice
from emr_sim.jit import njit

BETA = 0.45  # the share's sharpness: a point ahead is worth exp(BETA) times the share
CARD_WEIGHT = 1.5  # points a hand card of quality 1 is worth
Q_SUPPORT = 0.35  # a support card's quality
Q_SCALE = 9.0  # a character's quality: its mean attack value over Q_SCALE, at most 1
RANDOM_ONE_IN = 8  # the rollout policy plays at random one decision in this many


@njit
def settled_share(G, W, seat, loser, work):
    """Seat's value after the battle of W ends with `loser` (the rules' own settle; the coins
    owed given cheapest first)."""
    R = work[W_SETTLE : W_SETTLE + STATE_SIZE]
    for k in range(STATE_SIZE):
        R[k] = W[k]
    R[B_BASE + B_LOSER] = loser
    settle(G, R)
    while paying(G, R) and not is_over(R):
        for k in range(N_COIN_KINDS):
            if payable(R, k) > 0:
                give_coin(G, R, k)
                break
    return share(G, R, seat, -1, 0.0, -1, 0.0)


@njit
def battle_value(G, W, seat, work):
    """Seat's value of the battle of W from where it stands: the next roll's exact chances (W1),
    or the roll made (W2), ties rolled again up to the cap; the loser known (W3)."""
    w = bf(W, B_WINDOW)
    left = G[G_RULES][P_REROLL_CAP] - bf(W, B_ROLLS)
    dice = (side_dice(G, W, A_SIDE), side_hit(G, W, A_SIDE), side_flat(G, W, A_SIDE))
    foe = (side_dice(G, W, D_SIDE), side_hit(G, W, D_SIDE), side_flat(G, W, D_SIDE))
    if w == WIN_1:
        won, lost, _ = battle_chances(
            G[G_COUNTS], G[G_CUMUL], dice[0], dice[1], dice[2], foe[0], foe[1], foe[2], left
        )
    elif w == WIN_2:
        loser = roll_loser(W)
        if loser == D_SIDE:
            won, lost = 1.0, 0.0
        elif loser == A_SIDE:
            won, lost = 0.0, 1.0
        else:
            p, q, t = roll_chances(G[G_COUNTS], G[G_CUMUL], dice[0], dice[1], dice[2], foe[0], foe[1], foe[2])
            won, lost, _ = with_rerolls(p, q, t, left)
    else:
        loser = bf(W, B_LOSER)
        won = 1.0 if loser == D_SIDE else 0.0
        lost = 1.0 if loser == A_SIDE else 0.0
    value = won * settled_share(G, W, seat, D_SIDE, work) + lost * settled_share(G, W, seat, A_SIDE, work)
    rest = 1.0 - won - lost
    if rest > 0.0:
        value += rest * settled_share(G, W, seat, NO_SIDE, work)
    return value


@njit
def action_value(G, obs, seat, a, work, rng):
    """Seat's value after action a, from its observation: attacks and defences by their
    expected coin changes (exact odds, hidden cards by what seat has not seen); supports and
    dice swaps by the battle's exact chances after them; coins given and cards discarded by
    the position after them."""
    phase = obs[H_PHASE]
    if phase == PH_ACTION and A_ATTACK <= a < A_SUPPORT:
        return attack_value(G, obs, seat, a, work)
    if phase == PH_DEFEND:
        return defend_value(G, obs, seat, a, work)
    if phase == PH_ACTION and a == A_WAIT:
        return share(G, obs, seat, -1, 0.0, -1, 0.0)
    W = work[W_STATE : W_STATE + STATE_SIZE]
    for k in range(STATE_SIZE):
        W[k] = obs[k]
    apply_move(G, W, a)
    if phase == PH_SUPPORT and W[H_PHASE] == PH_SWAP:
        return best_swap_value(G, W, seat, work)
    if phase == PH_SUPPORT or phase == PH_SWAP:
        return battle_value(G, W, seat, work)
    return share(G, W, seat, -1, 0.0, -1, 0.0)


@njit
def best_swap_value(G, W, seat, work):
    """A dice swap card's value: the best of the swaps it allows, for seat."""
    X = work[W_SWAP : W_SWAP + STATE_SIZE]
    best = 0.0
    side = W[B_BASE + B_SWAP_SIDE]
    for mine in range(1, FACES + 1):
        for theirs in range(1, FACES + 1):
            if mine != theirs and has_face(W, side, mine) and has_face(W, 1 - side, theirs):
                for k in range(STATE_SIZE):
                    X[k] = W[k]
                swap_dice(G, X, mine, theirs)
                best = max(best, battle_value(G, X, seat, work))
    return best


# ---------------------------------------------------------------- the rollout policy
