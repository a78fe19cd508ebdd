"""HBC's battle (HBC-BATTLE, HBC-ROLL, HBC-MODS, HBC-RESULT, HBC-TAKE, HBC-MASTER, HBC-BROKE)
with the decisions of docs/hbc.md: targets (HBC-D-TARGET), face-down commitment
(HBC-D-COMMIT), support windows (HBC-D-WINDOWS), re-rolls (HBC-D-REROLL), what happens to the
cards (HBC-D-AFTER, HBC-D-ATTACKER-LOSS) and the coin protection (HBC-D-PROTECT)."""

from emr_sim.games.hbc.rules.card_table import (
    attr_of,
    effect_sum,
    has_effect,
    side_may_play,
    support_window,
    term_amount,
    term_applies,
    term_effect,
)
from emr_sim.games.hbc.rules.coins import move_coin, start_pay
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    AFTER_DISCARD,
    ATT_LOSS_COIN,
    B_A_SRC,
    B_ATT_MOD,
    B_ATTACKER,
    B_BASE,
    B_CARD,
    B_COIN,
    B_DEFENDER,
    B_DICE_MOD,
    B_FACES,
    B_HIT_MOD,
    B_KEEP_CARD,
    B_KEEP_COIN,
    B_LOSER,
    B_MASTER,
    B_NFACES,
    B_ROLLS,
    B_SIDE,
    B_SIZE,
    B_SWAP_SIDE,
    B_VALUE,
    B_WINDOW,
    BEAR,
    CF_DICE,
    CF_HIT,
    COIN_NONE,
    D_SIDE,
    DRAGON,
    EF_ATTACK,
    EF_DICE,
    EF_FOE_ATTACK,
    EF_FOE_DICE,
    EF_FOE_HIT,
    EF_HIT,
    EF_KEEP_CARD,
    EF_KEEP_COIN,
    EF_SWAP,
    FACES,
    FIRE,
    FOREST,
    G_CARDS,
    G_RULES,
    H_MOVER,
    H_PENDING,
    H_PHASE,
    H_STEP,
    MASTER_SLOT,
    MAX_DICE,
    MAX_HIT,
    MAX_TERMS,
    NO_ATTR,
    NO_CARD,
    NO_SIDE,
    P_AFTER,
    P_ATT_LOSS,
    P_CYCLE,
    P_CYCLE_BONUS,
    P_PROTECT,
    P_REROLL_CAP,
    PH_DEFEND,
    PH_SUPPORT,
    PH_SWAP,
    PROTECT_ALL,
    RNG_BASE,
    ST_MASTER,
    STEP_BATTLE,
    SWORD,
    WATER,
    WIN_1,
    WIN_2,
    WIN_3,
)
from emr_sim.games.hbc.rules.log import log_battle, log_played
from emr_sim.games.hbc.rules.state import (
    add_to_hand,
    coins,
    discard,
    hand_card,
    hand_n,
    pieces,
    seat_at,
    side_seat,
    take_from_hand,
)
from emr_sim.jit import njit
from emr_sim.rng import below


@njit
def bf(S, field):
    """A word of the battle block."""
    return S[B_BASE + field]


@njit
def card_on_table(S, side):
    return S[B_BASE + B_CARD + side]


@njit
def beats(a):
    """HBC-ATTR's hidden setting: the attribute `a` is advantaged against (NO_ATTR: none)."""
    if a == FIRE:
        return FOREST
    if a == FOREST:
        return WATER
    if a == WATER:
        return FIRE
    if a == BEAR:
        return SWORD
    if a == SWORD:
        return DRAGON
    if a == DRAGON:
        return BEAR
    return NO_ATTR


@njit
def cycle_bonus(G, mine, foe):
    """HBC-D-ATTR-CYCLE: with `attribute_cycle=on`, the advantaged card's attack value gains
    `cycle_bonus` (an invented size); off by default."""
    P = G[G_RULES]
    if P[P_CYCLE] == 1 and beats(mine) == foe and foe != NO_ATTR:
        return P[P_CYCLE_BONUS]
    return 0


@njit
def clamp(x, low, high):
    return low if x < low else (high if x > high else x)


@njit
def card_dice(G, card, foe, mod):
    """HBC-MODS: a card's dice count in a battle against `foe`: printed, its ability's and the
    foe's changes (those against its attribute), the supports' `mod`; 0..MAX_DICE."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    d = (
        CT[card, CF_DICE]
        + effect_sum(CT, card, EF_DICE, other)
        + effect_sum(CT, foe, EF_FOE_DICE, mine)
        + mod
    )
    return clamp(d, 0, MAX_DICE)


@njit
def card_hit(G, card, foe, mod):
    """HBC-MODS: a card's hit in a battle against `foe`, 0..6."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    h = CT[card, CF_HIT] + effect_sum(CT, card, EF_HIT, other) + effect_sum(CT, foe, EF_FOE_HIT, mine) + mod
    return clamp(h, 0, MAX_HIT)


@njit
def card_flat(G, card, foe, mod):
    """HBC-MODS: what is added to a card's hits: its ability's and the foe's changes of attack
    value, the supports' `mod`, the attribute cycle's bonus."""
    CT = G[G_CARDS]
    mine = attr_of(CT, card)
    other = attr_of(CT, foe)
    return (
        effect_sum(CT, card, EF_ATTACK, other) + effect_sum(CT, foe, EF_FOE_ATTACK, mine) + mod
        + cycle_bonus(G, mine, other)
    )  # fmt: skip


@njit
def side_dice(G, S, side):
    return card_dice(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_DICE_MOD + side))


@njit
def side_hit(G, S, side):
    return card_hit(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_HIT_MOD + side))


@njit
def side_flat(G, S, side):
    return card_flat(G, card_on_table(S, side), card_on_table(S, 1 - side), bf(S, B_ATT_MOD + side))


@njit
def face_at(S, side, k):
    return S[B_BASE + B_FACES + side * MAX_DICE + k]


@njit
def hits_sum(S, side, hit):
    """HBC-ROLL: the faces of a side's dice at or below its hit, added up; the others miss."""
    total = 0
    for k in range(bf(S, B_NFACES + side)):
        f = face_at(S, side, k)
        if f <= hit:
            total += f
    return total


@njit
def refresh_values(G, S):
    """Each side's attack value from its faces, hit and flat changes (HBC-ROLL, HBC-MODS)."""
    for side in range(2):
        S[B_BASE + B_VALUE + side] = hits_sum(S, side, side_hit(G, S, side)) + side_flat(G, S, side)


@njit
def roll(G, S):
    """HBC-ROLL: both sides roll as many dice as their dice count (HBC-DICE: six-sided)."""
    for side in range(2):
        n = side_dice(G, S, side)
        S[B_BASE + B_NFACES + side] = n
        for k in range(MAX_DICE):
            S[B_BASE + B_FACES + side * MAX_DICE + k] = below(S, RNG_BASE, FACES) + 1 if k < n else 0
    S[B_BASE + B_ROLLS] += 1
    refresh_values(G, S)


@njit
def roll_loser(S):
    """HBC-RESULT: the side with the lower attack value loses; NO_SIDE on a tie."""
    a = bf(S, B_VALUE + A_SIDE)
    d = bf(S, B_VALUE + D_SIDE)
    if a > d:
        return D_SIDE
    if d > a:
        return A_SIDE
    return NO_SIDE


# ---------------------------------------------------------------- the battle's start


@njit
def begin_battle(G, S, attacker, src, target, coin):
    """HBC-ACTION a, HBC-D-TARGET: the attacker names the defender and one of its coins and
    puts a card face down (HBC-D-COMMIT); the defender decides."""
    for k in range(B_SIZE):
        S[B_BASE + k] = 0
    S[B_BASE + B_ATTACKER] = attacker
    S[B_BASE + B_DEFENDER] = target
    S[B_BASE + B_COIN] = coin
    S[B_BASE + B_A_SRC] = src
    S[B_BASE + B_CARD + A_SIDE] = NO_CARD
    S[B_BASE + B_CARD + D_SIDE] = NO_CARD
    S[B_BASE + B_LOSER] = NO_SIDE
    S[H_PHASE] = PH_DEFEND
    S[H_MOVER] = target


@njit
def put_out(G, S, side, src):
    """A side's card from its hand slot `src`, or its master card, onto the table."""
    s = side_seat(S, side)
    if src == MASTER_SLOT:
        S[B_BASE + B_CARD + side] = S[seat_at(s) + ST_MASTER]
        S[B_BASE + B_MASTER + side] = 1
    else:
        S[B_BASE + B_CARD + side] = take_from_hand(S, s, src)
        S[B_BASE + B_MASTER + side] = 0
    log_played(G, S, s, S[B_BASE + B_CARD + side])


@njit
def reveal(G, S, d_src):
    """HBC-BATTLE: both cards turned face up together; window W1 opens (HBC-D-WINDOWS)."""
    put_out(G, S, A_SIDE, bf(S, B_A_SRC))
    put_out(G, S, D_SIDE, d_src)
    start_window(S, WIN_1)
    S[H_STEP] = STEP_BATTLE


@njit
def decline(G, S):
    """HBC-BATTLE, HBC-D-COMMIT: the defender puts out no card: the attacker wins at once and
    takes the target coin; no master penalty; the attacker's card stays in its hand."""
    S[B_BASE + B_LOSER] = D_SIDE
    log_battle(S, D_SIDE)
    S[H_PENDING] = 0
    coin = bf(S, B_COIN)
    defender = bf(S, B_DEFENDER)
    if coin != COIN_NONE and coins(S, defender, coin) > 0:
        move_coin(G, S, defender, bf(S, B_ATTACKER), coin)


@njit
def start_window(S, w):
    S[B_BASE + B_WINDOW] = w
    S[B_BASE + B_SIDE] = A_SIDE


# ---------------------------------------------------------------- supports in windows


@njit
def conditions_hold(G, S, side, c):
    """Whether a support's terms apply against the opposing card (`vs ATTR`)."""
    CT = G[G_CARDS]
    foe = attr_of(CT, card_on_table(S, 1 - side))
    for k in range(MAX_TERMS):
        if term_effect(CT, c, k) != 0 and not term_applies(CT, c, k, foe):
            return False
    return True


@njit
def dice_differ(S):
    """Whether some die of one side shows another face than some die of the other."""
    for i in range(bf(S, B_NFACES + A_SIDE)):
        for j in range(bf(S, B_NFACES + D_SIDE)):
            if face_at(S, A_SIDE, i) != face_at(S, D_SIDE, j):
                return True
    return False


@njit
def side_loses_card(G, S, side):
    """Whether a side's card would be discarded now: a non-master card that lost (HBC-RESULT),
    or any non-master card with `after=discard` (HBC-D-AFTER)."""
    if bf(S, B_MASTER + side) == 1 or bf(S, B_KEEP_CARD + side) == 1:
        return False
    return bf(S, B_LOSER) == side or (G[G_RULES][P_AFTER] == AFTER_DISCARD and bf(S, B_LOSER) != NO_SIDE)


@njit
def side_loses_coins(G, S, side):
    """Whether a coin protection (HBC-D-PROTECT) would save this side anything now."""
    if bf(S, B_LOSER) != side or bf(S, B_KEEP_COIN + side) == 1:
        return False
    s = side_seat(S, side)
    if pieces(S, s) == 0:
        return False  # HBC-BROKE: nothing to lose
    protect_all = G[G_RULES][P_PROTECT] == PROTECT_ALL
    if side == D_SIDE:
        return bf(S, B_COIN) != COIN_NONE or (protect_all and bf(S, B_MASTER + side) == 1)
    master = bf(S, B_MASTER + side) == 1
    return (master and protect_all) or (not master and G[G_RULES][P_ATT_LOSS] == ATT_LOSS_COIN)


@njit
def useful_support(G, S, side, c):
    """Whether support card c may be played by `side` in the current window, to some effect."""
    CT = G[G_CARDS]
    w = bf(S, B_WINDOW)
    if support_window(CT, c) != w or not side_may_play(CT, c, side):
        return False
    if w == WIN_3:
        if has_effect(CT, c, EF_KEEP_CARD):
            return side_loses_card(G, S, side)
        return side_loses_coins(G, S, side)
    if has_effect(CT, c, EF_SWAP):
        return dice_differ(S)
    return conditions_hold(G, S, side, c)


@njit
def side_has_play(G, S, side):
    s = side_seat(S, side)
    for slot in range(hand_n(S, s)):
        if useful_support(G, S, side, hand_card(S, s, slot)):
            return True
    return False


@njit
def play_support(G, S, side, slot):
    """HBC-SUPP-BATTLE: a support from the hand, its effect at once; single use, discarded."""
    s = side_seat(S, side)
    c = take_from_hand(S, s, slot)
    discard(S, s, c)
    log_played(G, S, s, c)
    CT = G[G_CARDS]
    for k in range(MAX_TERMS):
        effect = term_effect(CT, c, k)
        amount = term_amount(CT, c, k)
        if effect == EF_DICE:
            S[B_BASE + B_DICE_MOD + side] += amount
        elif effect == EF_HIT:
            S[B_BASE + B_HIT_MOD + side] += amount
        elif effect == EF_ATTACK:
            S[B_BASE + B_ATT_MOD + side] += amount
        elif effect == EF_FOE_DICE:
            S[B_BASE + B_DICE_MOD + 1 - side] += amount
        elif effect == EF_FOE_HIT:
            S[B_BASE + B_HIT_MOD + 1 - side] += amount
        elif effect == EF_FOE_ATTACK:
            S[B_BASE + B_ATT_MOD + 1 - side] += amount
        elif effect == EF_KEEP_CARD:
            S[B_BASE + B_KEEP_CARD + side] = 1
        elif effect == EF_KEEP_COIN:
            S[B_BASE + B_KEEP_COIN + side] = 1
        elif effect == EF_SWAP:
            S[B_BASE + B_SWAP_SIDE] = side
            S[H_PHASE] = PH_SWAP
            S[H_MOVER] = s
    if bf(S, B_WINDOW) == WIN_2:
        refresh_values(G, S)


@njit
def swap_dice(G, S, mine, theirs):
    """A dice swap (HBC-SUPP-BATTLE): one die of the swapping side showing `mine` and one of
    the other side's showing `theirs` change places; the values are counted again."""
    side = bf(S, B_SWAP_SIDE)
    i = first_face(S, side, mine)
    j = first_face(S, 1 - side, theirs)
    S[B_BASE + B_FACES + side * MAX_DICE + i] = theirs
    S[B_BASE + B_FACES + (1 - side) * MAX_DICE + j] = mine
    refresh_values(G, S)


@njit
def first_face(S, side, face):
    for k in range(bf(S, B_NFACES + side)):
        if face_at(S, side, k) == face:
            return k
    return -1


@njit
def has_face(S, side, face):
    return first_face(S, side, face) >= 0


# ---------------------------------------------------------------- the windows, rolls, result


@njit
def run_battle(G, S):
    """The battle from where it stands until a side must decide (False) or the result is in
    and W3 is over (True). HBC-D-WINDOWS: W1 (dice count, hit), the roll, W2 (attack value,
    swaps), the comparison; a tie rolls again and opens W2 again, up to `reroll_cap` rolls
    (HBC-D-REROLL); then W3 (keep the card, keep the coins). In each window the attacker
    plays any number of supports, then the defender."""
    while True:
        side = bf(S, B_SIDE)
        if side <= D_SIDE:
            if side_has_play(G, S, side):
                S[H_PHASE] = PH_SUPPORT
                S[H_MOVER] = side_seat(S, side)
                return False
            S[B_BASE + B_SIDE] = side + 1
            continue
        w = bf(S, B_WINDOW)
        if w == WIN_1:
            roll(G, S)
            start_window(S, WIN_2)
        elif w == WIN_2:
            loser = roll_loser(S)
            if loser != NO_SIDE:
                S[B_BASE + B_LOSER] = loser
                start_window(S, WIN_3)
            elif bf(S, B_ROLLS) >= G[G_RULES][P_REROLL_CAP]:
                S[B_BASE + B_LOSER] = NO_SIDE  # given up: both cards back, no coin moves
                return True
            else:
                roll(G, S)  # HBC-RESULT: a tie is rolled again under the same conditions
                start_window(S, WIN_2)
        else:
            return True


@njit
def settle(G, S):
    """The battle's consequences. HBC-RESULT, HBC-D-AFTER: a losing non-master card is
    discarded, every other card goes back to its owner's hand, shown. HBC-TAKE: a losing
    defender gives the target coin. HBC-MASTER: a losing master card costs 3 coins more
    (defending) or 3 coins (attacking), HBC-D-PROTECT saving the target coin only by default.
    HBC-D-ATTACKER-LOSS: a losing non-master attacker costs no coin by default."""
    for side in range(2):
        card = card_on_table(S, side)
        if card == NO_CARD or bf(S, B_MASTER + side) == 1:
            continue
        s = side_seat(S, side)
        if side_loses_card(G, S, side):
            discard(S, s, card)
        else:
            add_to_hand(S, s, card, 1)
        S[B_BASE + B_CARD + side] = NO_CARD
    loser = bf(S, B_LOSER)
    log_battle(S, loser)
    S[H_PENDING] = 0
    if loser == NO_SIDE:
        return
    attacker = bf(S, B_ATTACKER)
    defender = bf(S, B_DEFENDER)
    protect_all = G[G_RULES][P_PROTECT] == PROTECT_ALL
    if loser == D_SIDE:
        kept = bf(S, B_KEEP_COIN + D_SIDE) == 1
        coin = bf(S, B_COIN)
        if coin != COIN_NONE and not kept and coins(S, defender, coin) > 0:
            move_coin(G, S, defender, attacker, coin)
        if bf(S, B_MASTER + D_SIDE) == 1 and not (kept and protect_all):
            start_pay(S, defender, attacker, coin if kept and coin != COIN_NONE else -1)
    else:
        kept = bf(S, B_KEEP_COIN + A_SIDE) == 1
        if bf(S, B_MASTER + A_SIDE) == 1:
            if not (kept and protect_all):
                start_pay(S, attacker, defender, -1)
        elif G[G_RULES][P_ATT_LOSS] == ATT_LOSS_COIN and not kept:
            coin = bf(S, B_COIN)
            if coin != COIN_NONE and coins(S, attacker, coin) > 0:
                move_coin(G, S, attacker, defender, coin)
