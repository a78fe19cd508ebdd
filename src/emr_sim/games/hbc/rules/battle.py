"""HBC's battle from the attack to its consequences (HBC-BATTLE, HBC-RESULT, HBC-TAKE,
HBC-MASTER, HBC-BROKE; its numbers and rolls in rules/numbers.py, its supports in
rules/supports.py) with the decisions of docs/hbc.md: targets (HBC-D-TARGET), face-down commitment
(HBC-D-COMMIT), support windows (HBC-D-WINDOWS), re-rolls (HBC-D-REROLL), what happens to the
cards (HBC-D-AFTER, HBC-D-ATTACKER-LOSS) and the coin protection (HBC-D-PROTECT)."""

from emr_sim.games.hbc.rules.coins import move_coin, start_pay
from emr_sim.games.hbc.rules.layout import (
    A_SIDE,
    ATT_LOSS_COIN,
    B_A_SRC,
    B_ATTACKER,
    B_BASE,
    B_CARD,
    B_COIN,
    B_DEFENDER,
    B_KEEP_COIN,
    B_LOSER,
    B_MASTER,
    B_ROLLS,
    B_SIDE,
    B_SIZE,
    B_WINDOW,
    COIN_NONE,
    D_SIDE,
    G_RULES,
    H_MOVER,
    H_PENDING,
    H_PHASE,
    H_STEP,
    MASTER_SLOT,
    NO_CARD,
    NO_SIDE,
    P_ATT_LOSS,
    P_PROTECT,
    P_REROLL_CAP,
    PH_DEFEND,
    PH_SUPPORT,
    PROTECT_ALL,
    ST_MASTER,
    STEP_BATTLE,
    WIN_1,
    WIN_2,
    WIN_3,
)
from emr_sim.games.hbc.rules.log import log_battle, log_played
from emr_sim.games.hbc.rules.numbers import bf, card_on_table, roll, roll_loser, start_window
from emr_sim.games.hbc.rules.state import (
    add_to_hand,
    coins,
    discard,
    seat_at,
    side_seat,
    take_from_hand,
)
from emr_sim.games.hbc.rules.supports import side_has_play, side_loses_card
from emr_sim.jit import njit


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
