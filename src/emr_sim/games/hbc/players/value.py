"""HBC's evaluation for players (the contract's evaluate, action_value, rollout): each seat's
value is a soft share of the strengths (points, and the cards in hand by their quality), and
an action's value is that share after the action's expected coin changes, from the exact
battle odds (rules/odds.py, rules/pairs.py). Every function reads the seat's observation
only: hidden cards count by what the seat has not seen."""

import math

from emr_sim.games.hbc.rules.battle import (
    bf,
    has_face,
    roll_loser,
    settle,
    side_dice,
    side_flat,
    side_hit,
    swap_dice,
)
from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.coins import give_coin, is_over, payable, paying
from emr_sim.games.hbc.rules.end import ahead
from emr_sim.games.hbc.rules.flow import apply_move
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_DECLINE,
    A_DEFEND,
    A_DISCARD,
    A_SIDE,
    A_SUPPORT,
    A_WAIT,
    B_A_SRC,
    B_ATTACKER,
    B_BASE,
    B_COIN,
    B_LOSER,
    B_ROLLS,
    B_SWAP_SIDE,
    B_WINDOW,
    CF_DICE,
    CF_HIT,
    COIN_NONE,
    D_SIDE,
    FACES,
    G_CARDS,
    G_COUNTS,
    G_CUMUL,
    G_PAIRS,
    G_QUALITY,
    G_RULES,
    H_MOVER,
    H_PHASE,
    H_SEATS,
    MASTER_SLOT,
    MAX_SEATS,
    N_COIN_KINDS,
    NO_SIDE,
    P_REROLL_CAP,
    PH_ACTION,
    PH_DEFEND,
    PH_DISCARD,
    PH_SUPPORT,
    PH_SWAP,
    ST_MASTER,
    STATE_SIZE,
    THREE,
    W_SCRATCH,
    W_SETTLE,
    W_STATE,
    W_SWAP,
    WIN_1,
    WIN_2,
)
from emr_sim.games.hbc.rules.observe import unseen_cards
from emr_sim.games.hbc.rules.odds import battle_chances, roll_chances, with_rerolls
from emr_sim.games.hbc.rules.pairs import PAIR_LOST, PAIR_WON
from emr_sim.games.hbc.rules.state import coins, hand_card, hand_n, points, seat_at
from emr_sim.jit import njit
from emr_sim.rng import below

BETA = 0.45  # the share's sharpness: a point ahead is worth exp(BETA) times the share
CARD_WEIGHT = 1.5  # points a hand card of quality 1 is worth
Q_SUPPORT = 0.35  # a support card's quality
Q_SCALE = 9.0  # a character's quality: its mean attack value over Q_SCALE, at most 1
RANDOM_ONE_IN = 8  # the rollout policy plays at random one decision in this many


@njit
def card_quality(CT, c):
    """A card's worth in hand, 0..1: a character's mean attack value (dice * (1 + .. + hit) / 6)
    scaled; a support a constant."""
    if not is_character(CT, c):
        return Q_SUPPORT
    h = CT[c, CF_HIT]
    return min(1.0, CT[c, CF_DICE] * h * (h + 1) / (12.0 * Q_SCALE))


@njit
def fill_quality(G, out):
    """G's table of card_quality (face/game.py makes it once per game made)."""
    for c in range(out.shape[0]):
        out[c] = card_quality(G[G_CARDS], c)


@njit
def quality(G, c):
    """card_quality from G's table; a card not seen (HIDDEN) the mean of a typical hand."""
    return 0.5 if c < 0 else G[G_QUALITY][c]


@njit
def strength(G, S, s):
    """Seat s's points and its hand's worth in points."""
    total = float(points(S, s))
    for slot in range(hand_n(S, s)):
        total += CARD_WEIGHT * quality(G, hand_card(S, s, slot))
    return total


@njit
def won_share(G, S, seat):
    """A finished game's share of the win: 1/k for each of k seats nobody is ahead of."""
    n = S[H_SEATS]
    firsts = 0
    mine = True
    for s in range(n):
        top = True
        for t in range(n):
            if t != s and ahead(G, S, t, s):
                top = False
        if top:
            firsts += 1
        elif s == seat:
            mine = False
    return 1.0 / firsts if mine else 0.0


@njit
def share(G, S, seat, s1, d1, s2, d2):
    """Seat's value: exp(BETA * strength) over every seat's, seats s1 and s2 given d1 and d2
    more points (-1: nobody). Strengths stay below 60, so exp needs no shift."""
    if is_over(S):
        return won_share(G, S, seat)
    total = 0.0
    mine = 0.0
    for s in range(S[H_SEATS]):
        w = math.exp(BETA * with_delta(G, S, s, s1, d1, s2, d2))
        total += w
        if s == seat:
            mine = w
    return mine / total


@njit
def with_delta(G, S, s, s1, d1, s2, d2):
    x = strength(G, S, s)
    if s == s1:
        x += d1
    if s == s2:
        x += d2
    return x


@njit
def evaluate(G, S, out):
    for s in range(S[H_SEATS]):
        out[s] = share(G, S, s, -1, 0.0, -1, 0.0)


# ---------------------------------------------------------------- the stakes of a battle


@njit
def cheapest(S, s, n, keep_kind):
    """The points of the n cheapest coins of seat s (keeping one of keep_kind, -1: none): what
    a master card's loss costs at least (HBC-MASTER, HBC-D-THREE)."""
    total = 0
    left = n
    for k in range(N_COIN_KINDS):
        have = coins(S, s, k) - (1 if k == keep_kind else 0)
        take = min(have, left)
        total += take * (k + 1)
        left -= take
    return float(total)


@njit
def stakes(G, S, a, a_card, a_master, d, coin):
    """What an attack puts at stake, in points: the target coin, the defender's 3 cheapest
    other coins (its master card's loss), the attacker's 3 cheapest coins if it attacks with
    its master card, the attacking card's worth (its loss otherwise)."""
    coin_v = float(coin + 1) if coin != COIN_NONE and coins(S, d, coin) > 0 else 0.0
    three_a = cheapest(S, a, THREE, -1) if a_master else 0.0
    return coin_v, cheapest(S, d, THREE, coin), three_a, CARD_WEIGHT * quality(G, a_card)


@njit
def pair_chances(G, a_card, d_card):
    P = G[G_PAIRS]
    return P[a_card, d_card, PAIR_WON], P[a_card, d_card, PAIR_LOST]


@njit
def gain(G, stake, a_card, a_master, d_card, d_master):
    """(attacker's, defender's) expected gains in points when the defender answers with d_card
    (-1: none, and the target coin goes), from the exact chances of the pair (rules/pairs.py)."""
    coin_v, three_d, three_a, worth_a = stake
    if d_card < 0:
        return coin_v, -coin_v
    won, lost = pair_chances(G, a_card, d_card)
    win_a = coin_v + (three_d if d_master else 0.0)
    win_d = -win_a if d_master else -coin_v - CARD_WEIGHT * quality(G, d_card)
    lose_a = -three_a if a_master else -worth_a
    return won * win_a + lost * lose_a, won * win_d + lost * (three_a if a_master else 0.0)


@njit
def defence_gain(G, S, a, a_card, a_master, d, d_card, d_master, coin):
    return gain(G, stakes(G, S, a, a_card, a_master, d, coin), a_card, a_master, d_card, d_master)


@njit
def attack_gains(G, S, a, a_card, a_master, d, coin, work):
    """The attacker's and the defender's expected gains of an attack, the defender answering
    with its best visible choice (no card, the master card, a card shown before) or, with the
    chance that its hidden hand holds a character, the average of its unseen characters when
    that is better."""
    stake = stakes(G, S, a, a_card, a_master, d, coin)
    best_a, best_d = gain(G, stake, a_card, a_master, -1, False)
    m_a, m_d = gain(G, stake, a_card, a_master, S[seat_at(d) + ST_MASTER], True)
    if m_d > best_d:
        best_a, best_d = m_a, m_d
    hidden = 0
    for slot in range(hand_n(S, d)):
        c = hand_card(S, d, slot)
        if c < 0:
            hidden += 1
        elif is_character(G[G_CARDS], c):
            g_a, g_d = gain(G, stake, a_card, a_master, c, False)
            if g_d > best_d:
                best_a, best_d = g_a, g_d
    if hidden == 0:
        return best_a, best_d
    m = unseen_cards(G, S, d, work, W_SCRATCH)
    chars = 0
    sum_a = 0.0
    sum_d = 0.0
    for k in range(m):
        c = work[W_SCRATCH + k]
        if is_character(G[G_CARDS], c):
            chars += 1
            g_a, g_d = gain(G, stake, a_card, a_master, c, False)
            sum_a += g_a
            sum_d += g_d
    if chars == 0 or sum_d / chars <= best_d:
        return best_a, best_d
    present = 1.0 - none_drawn(m, chars, hidden)
    return (
        present * sum_a / chars + (1.0 - present) * best_a,
        present * sum_d / chars + (1.0 - present) * best_d,
    )


@njit
def none_drawn(m, good, drawn):
    """The chance that `drawn` cards taken from m hold none of `good` of them."""
    p = 1.0
    for k in range(drawn):
        if m - k <= 0:
            return 0.0
        p *= max(0.0, (m - good - k) / (m - k))
    return p


@njit
def attack_value(G, obs, seat, a, work):
    code = a - A_ATTACK
    coin = code % (COIN_NONE + 1)
    d = (code // (COIN_NONE + 1)) % MAX_SEATS
    src = code // ((COIN_NONE + 1) * MAX_SEATS)
    master = src == MASTER_SLOT
    card = obs[seat_at(seat) + ST_MASTER] if master else hand_card(obs, seat, src)
    gain_a, gain_d = attack_gains(G, obs, seat, card, master, d, coin, work)
    if not master:
        gain_a += CARD_WEIGHT * quality(G, card)  # the card leaves the hand only if it loses
    return share(G, obs, seat, seat, gain_a, d, gain_d)


@njit
def defend_value(G, obs, seat, a, work):
    """The defender's value of a choice, the face-down attacking card by what it may be: the
    attacker's master card, a character shown before, or an unseen one."""
    att = obs[B_BASE + B_ATTACKER]
    coin = obs[B_BASE + B_COIN]
    master = a == A_DEFEND + MASTER_SLOT
    d_card = -1
    if a != A_DECLINE:
        d_card = obs[seat_at(seat) + ST_MASTER] if master else hand_card(obs, seat, a - A_DEFEND)
    src = obs[B_BASE + B_A_SRC]
    if src >= 0:
        a_master = src == MASTER_SLOT
        a_card = obs[seat_at(att) + ST_MASTER] if a_master else hand_card(obs, att, src)
        if a_card >= 0:
            g_a, g_d = defence_gain(G, obs, att, a_card, a_master, seat, d_card, master, coin)
            return defended_share(G, obs, seat, att, g_a, g_d, d_card, master)
    total_a = 0.0
    total_d = 0.0
    weight = 1.0
    total_a, total_d = defence_gain(
        G, obs, att, obs[seat_at(att) + ST_MASTER], True, seat, d_card, master, coin
    )
    hidden = 0
    for slot in range(hand_n(obs, att)):
        c = hand_card(obs, att, slot)
        if c < 0:
            hidden += 1
        elif is_character(G[G_CARDS], c):
            g_a, g_d = defence_gain(G, obs, att, c, False, seat, d_card, master, coin)
            total_a += g_a
            total_d += g_d
            weight += 1.0
    if hidden > 0:
        m = unseen_cards(G, obs, att, work, W_SCRATCH)
        chars = 0
        for k in range(m):
            if is_character(G[G_CARDS], work[W_SCRATCH + k]):
                chars += 1
        if chars > 0:
            each = hidden * chars / (m * chars)  # the hidden slots' expected characters, spread
            for k in range(m):
                c = work[W_SCRATCH + k]
                if is_character(G[G_CARDS], c):
                    g_a, g_d = defence_gain(G, obs, att, c, False, seat, d_card, master, coin)
                    total_a += each * g_a
                    total_d += each * g_d
                    weight += each
    return defended_share(G, obs, seat, att, total_a / weight, total_d / weight, d_card, master)


@njit
def defended_share(G, obs, seat, att, g_a, g_d, d_card, master):
    if d_card >= 0 and not master:
        g_d += CARD_WEIGHT * quality(G, d_card)  # the card leaves the hand only if it loses
    return share(G, obs, seat, att, g_a, seat, g_d)


# ---------------------------------------------------------------- a battle under way


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


@njit
def rollout(G, S, legal, n, rng):
    """A quick policy for searches' playouts: attack the leader's richest coin with the best
    hand character (or wait without one), defend with the best hand character (or give up a
    1-point coin, else the master card), play the first useful support, give the cheapest coin,
    discard the weakest card; one decision in RANDOM_ONE_IN at random."""
    if n == 1:
        return legal[0]
    if below(rng, 0, RANDOM_ONE_IN) == 0:
        return legal[below(rng, 0, n)]
    phase = S[H_PHASE]
    s = S[H_MOVER]
    if phase == PH_ACTION:
        return rollout_attack(G, S, s, legal, n)
    if phase == PH_DEFEND:
        return rollout_defend(G, S, s, legal, n)
    if phase == PH_SUPPORT:
        return legal[1]
    if phase == PH_DISCARD:
        return weakest_discard(G, S, s, legal, n)
    return legal[0]  # the cheapest coin (PH_PAY lists them cheapest first), the first swap


@njit
def best_slot(G, S, s):
    best = -1
    q = -1.0
    for slot in range(hand_n(S, s)):
        c = hand_card(S, s, slot)
        if is_character(G[G_CARDS], c) and quality(G, c) > q:
            q = quality(G, c)
            best = slot
    return best


@njit
def rollout_attack(G, S, s, legal, n):
    slot = best_slot(G, S, s)
    if slot < 0:
        return A_WAIT
    leader = -1
    for t in range(S[H_SEATS]):
        if t != s and (leader < 0 or points(S, t) > points(S, leader)):
            leader = t
    coin = COIN_NONE
    for k in range(N_COIN_KINDS):
        if coins(S, leader, k) > 0:
            coin = k
    want = A_ATTACK + (slot * MAX_SEATS + leader) * (COIN_NONE + 1) + coin
    for i in range(n):
        if legal[i] == want:
            return want
    return legal[0]


@njit
def rollout_defend(G, S, s, legal, n):
    slot = best_slot(G, S, s)
    want = A_DEFEND + slot
    if slot < 0:
        coin = S[B_BASE + B_COIN]
        want = A_DECLINE if coin == COIN_NONE or coin == 0 else A_DEFEND + MASTER_SLOT
    for i in range(n):
        if legal[i] == want:
            return want
    return legal[0]


@njit
def weakest_discard(G, S, s, legal, n):
    """The discard of the hand's weakest card."""
    best = legal[0]
    q = 2.0
    for i in range(n):
        c = hand_card(S, s, legal[i] - A_DISCARD)
        if quality(G, c) < q:
            q = quality(G, c)
            best = legal[i]
    return best
