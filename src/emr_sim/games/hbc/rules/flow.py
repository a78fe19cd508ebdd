"""HBC's apply and the steps of the rules between two decisions (layout's STEP_*): an action
is applied, then `proceed` runs the rules (the battle's windows and rolls, its consequences,
the coins owed, the turn's end, the judgement, the next turn) until a seat must decide or the
game is over. A decision with nothing to choose (no support to play, one kind of coin left)
is taken by the rules and never asked."""

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.rules.battle import begin_battle, decline, reveal, run_battle, settle
from emr_sim.games.hbc.rules.coins import automatic_coin, give_coin, is_over, paying
from emr_sim.games.hbc.rules.layout import (
    A_ATTACK,
    A_DECLINE,
    A_DEFEND,
    A_DISCARD,
    A_GIVE,
    A_SUPPORT,
    A_SWAP,
    A_TAKE,
    A_WAIT,
    B_BASE,
    B_SIDE,
    COIN_NONE,
    FACES,
    G_RULES,
    H_MOVER,
    H_NEXT,
    H_PAYER,
    H_PENDING,
    H_PHASE,
    H_SOLO_USED,
    H_STEP,
    H_TURN_SEAT,
    MAX_SEATS,
    N_COIN_KINDS,
    NEXT_ACTION,
    NEXT_END_TURN,
    P_HAND_KEEP,
    PH_ACTION,
    PH_DEFEND,
    PH_DISCARD,
    PH_PAY,
    PH_SUPPORT,
    PH_SWAP,
    STEP_ACTION,
    STEP_BATTLE,
    STEP_DECIDE,
    STEP_END_TURN,
    STEP_HANDLIMIT,
    STEP_JUDGE,
    STEP_PAY,
    STEP_SETTLE,
)
from emr_sim.games.hbc.rules.legal import any_solo_play, first_copy
from emr_sim.games.hbc.rules.numbers import bf
from emr_sim.games.hbc.rules.solo import exchange, take_coin
from emr_sim.games.hbc.rules.state import discard, hand_n, take_from_hand
from emr_sim.games.hbc.rules.supports import play_support, swap_dice
from emr_sim.games.hbc.rules.turn import judge, restrict
from emr_sim.jit import njit


@njit
def to_move(G, S):
    return K.NOBODY if is_over(S) else S[H_MOVER]


@njit
def decide(S, phase, seat):
    S[H_PHASE] = phase
    S[H_MOVER] = seat
    S[H_STEP] = STEP_DECIDE


@njit
def same_cards(S, s):
    """Whether every hand card of seat s is the same card (a discard without a choice)."""
    for slot in range(1, hand_n(S, s)):
        if first_copy(S, s, slot):
            return False
    return True


@njit
def hand_limit(G, S):
    """HBC-HANDLIMIT: at the end of its turn a player with more than 3 cards besides the master
    card discards cards of its choice down to 3 (4 with the master card, never discarded)."""
    s = S[H_TURN_SEAT]
    if hand_n(S, s) <= G[G_RULES][P_HAND_KEEP]:
        S[H_STEP] = STEP_JUDGE
    elif same_cards(S, s):
        discard(S, s, take_from_hand(S, s, 0))
    else:
        S[H_NEXT] = NEXT_END_TURN
        decide(S, PH_DISCARD, s)


@njit
def pay_step(G, S):
    if not paying(G, S):
        S[H_STEP] = STEP_END_TURN
        return
    kind = automatic_coin(G, S)
    if kind >= 0:
        give_coin(G, S, kind)
    else:
        decide(S, PH_PAY, S[H_PAYER])


@njit
def proceed(G, S):
    """The rules from S[H_STEP] on, until a decision or the game's end."""
    while not is_over(S):
        step = S[H_STEP]
        if step == STEP_DECIDE:
            return
        if step == STEP_ACTION:
            s = S[H_TURN_SEAT]
            if S[H_SOLO_USED] > 0 and not any_solo_play(G, S, s):
                S[H_STEP] = STEP_END_TURN
            else:
                decide(S, PH_ACTION, s)
        elif step == STEP_BATTLE:
            S[H_STEP] = STEP_SETTLE if run_battle(G, S) else STEP_DECIDE
        elif step == STEP_SETTLE:
            settle(G, S)
            S[H_STEP] = STEP_PAY
        elif step == STEP_PAY:
            pay_step(G, S)
        elif step == STEP_END_TURN:
            restrict(G, S, S[H_TURN_SEAT])
            S[H_STEP] = STEP_HANDLIMIT
        elif step == STEP_HANDLIMIT:
            hand_limit(G, S)
        else:
            judge(G, S)


@njit
def apply_action(G, S, s, a):
    """HBC-ACTION: wait, attack (source, target, coin), or a solo card."""
    if a == A_WAIT:
        S[H_STEP] = STEP_END_TURN
    elif a < A_SUPPORT:
        code = a - A_ATTACK
        coin = code % (COIN_NONE + 1)
        target = (code // (COIN_NONE + 1)) % MAX_SEATS
        src = code // ((COIN_NONE + 1) * MAX_SEATS)
        begin_battle(G, S, s, src, target, coin)
        S[H_STEP] = STEP_DECIDE
    elif a < A_TAKE:
        exchange(G, S, s, a - A_SUPPORT)
        if S[H_PENDING] > 0:
            decide(S, PH_DISCARD, s)
        else:
            S[H_STEP] = STEP_ACTION
    else:
        code = a - A_TAKE
        kind = code % N_COIN_KINDS
        target = (code // N_COIN_KINDS) % MAX_SEATS
        take_coin(G, S, s, code // (N_COIN_KINDS * MAX_SEATS), target, kind)
        S[H_STEP] = STEP_ACTION


@njit
def apply_discard(G, S, s, slot):
    discard(S, s, take_from_hand(S, s, slot))
    if S[H_NEXT] == NEXT_ACTION:
        S[H_PENDING] -= 1
        S[H_STEP] = STEP_DECIDE if S[H_PENDING] > 0 else STEP_ACTION
    else:
        S[H_STEP] = STEP_HANDLIMIT


@njit
def apply_move(G, S, a):
    """The mover's action, without what follows."""
    s = S[H_MOVER]
    phase = S[H_PHASE]
    if phase == PH_ACTION:
        apply_action(G, S, s, a)
    elif phase == PH_DEFEND:
        if a == A_DECLINE:
            decline(G, S)
            S[H_STEP] = STEP_PAY
        else:
            reveal(G, S, a - A_DEFEND)
    elif phase == PH_SUPPORT:
        if a == A_WAIT:
            S[B_BASE + B_SIDE] = bf(S, B_SIDE) + 1
        else:
            play_support(G, S, bf(S, B_SIDE), a - A_SUPPORT)
        S[H_STEP] = STEP_DECIDE if S[H_PHASE] == PH_SWAP else STEP_BATTLE
    elif phase == PH_SWAP:
        code = a - A_SWAP
        swap_dice(G, S, code // FACES + 1, code % FACES + 1)
        S[H_STEP] = STEP_BATTLE
    elif phase == PH_PAY:
        give_coin(G, S, a - A_GIVE)
        if not is_over(S):
            S[H_STEP] = STEP_PAY
    elif phase == PH_DISCARD:
        apply_discard(G, S, s, a - A_DISCARD)


@njit
def apply(G, S, a):
    apply_move(G, S, a)
    proceed(G, S)
