"""What an attack and a defence are worth in expected coins (players/action_value.py): the
stakes of a battle, the exact chances of the pair (rules/pairs.py) and the opponent's likely
answer by what the seat has not seen."""

from emr_sim.games.hbc.players.evaluate import quality, share
from emr_sim.games.hbc.rules.card_table import is_character
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_DECLINE,
    A_DEFEND,
    B_A_SRC,
    B_ATTACKER,
    B_BASE,
    B_COIN,
    COIN_NONE,
    G_CARDS,
    G_PAIRS,
    MASTER_SLOT,
    MAX_SEATS,
    N_COIN_KINDS,
    ST_MASTER,
    THREE,
    W_SCRATCH,
)
from emr_sim.games.hbc.rules.observe import unseen_cards
from emr_sim.games.hbc.rules.pairs import PAIR_LOST, PAIR_WON
from emr_sim.games.hbc.rules.state import coins, hand_card, hand_n, seat_at
from emr_sim.jit import njit

BETA = 0.45  # the share's sharpness: a point ahead is worth exp(BETA) times the share
CARD_WEIGHT = 1.5  # points a hand card of quality 1 is worth
Q_SUPPORT = 0.35  # a support card's quality
Q_SCALE = 9.0  # a character's quality: its mean attack value over Q_SCALE, at most 1
RANDOM_ONE_IN = 8  # the rollout policy plays at random one decision in this many


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
