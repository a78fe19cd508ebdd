"""Coins changing hands (HBC-TAKE, HBC-MASTER, HBC-D-THREE, HBC-BROKE) and overtime's 15
(HBC-OVERTIME, HBC-D-OVERTIME: checked at every coin move, a win at once)."""

from emr_sim import kernel_contract as K
from emr_sim.games.hbc.rules.layout import (
    END_OVERTIME_REACH,
    G_RULES,
    H_END,
    H_MOVER,
    H_OVERTIME,
    H_PAYEE,
    H_PAYER,
    H_PENDING,
    H_PHASE,
    H_RESERVED,
    H_STEP,
    N_COIN_KINDS,
    OT_CHECK_MOVE,
    P_OT_CHECK,
    P_OT_POINTS,
    P_THREE,
    PH_OVER,
    STEP_OVER,
    THREE,
    THREE_PIECES,
)
from emr_sim.games.hbc.rules.state import coins, points, shift_coin
from emr_sim.jit import njit


@njit
def end_game(S, code):
    S[H_END] = code
    S[H_PHASE] = PH_OVER
    S[H_MOVER] = K.NOBODY
    S[H_STEP] = STEP_OVER


@njit
def is_over(S):
    return S[H_PHASE] == PH_OVER  # the phase: a step set after the game's end changes nothing


@njit
def move_coin(G, S, frm, to, kind):
    """HBC-TAKE: a coin from seat frm to seat to; in overtime a seat that reaches 15 wins at
    once (HBC-D-OVERTIME, rules option `overtime_check=move`)."""
    shift_coin(S, frm, to, kind)
    P = G[G_RULES]
    if S[H_OVERTIME] == 1 and P[P_OT_CHECK] == OT_CHECK_MOVE and points(S, to) >= P[P_OT_POINTS]:
        end_game(S, END_OVERTIME_REACH)


@njit
def start_pay(S, payer, payee, reserved):
    """HBC-MASTER: `payer` gives `payee` 3 coins of its own choice (HBC-D-THREE: 3 pieces, or
    3 points with `three=points`), keeping one coin of kind `reserved` (-1: none) out of them
    (HBC-D-PROTECT). HBC-BROKE: with no coins, nothing."""
    S[H_PAYER] = payer
    S[H_PAYEE] = payee
    S[H_PENDING] = THREE
    S[H_RESERVED] = reserved


@njit
def payable(S, kind):
    """Coins of `kind` the payer may give."""
    n = coins(S, S[H_PAYER], kind)
    return n - 1 if kind == S[H_RESERVED] and n > 0 else n


@njit
def payable_value(S, G):
    """What the payer may still give: pieces, or points with `three=points`."""
    total = 0
    for k in range(N_COIN_KINDS):
        total += payable(S, k) * (1 if G[G_RULES][P_THREE] == THREE_PIECES else k + 1)
    return total


@njit
def paying(G, S):
    """Whether coins are still owed and can be given."""
    return S[H_PENDING] > 0 and payable_value(S, G) > 0


@njit
def automatic_coin(G, S):
    """The coin to give when there is no choice (one kind left, or everything goes), else -1."""
    kinds = 0
    first = -1
    for k in range(N_COIN_KINDS):
        if payable(S, k) > 0:
            kinds += 1
            if first < 0:
                first = k
    if kinds == 1 or payable_value(S, G) <= S[H_PENDING]:
        return first
    return -1


@njit
def give_coin(G, S, kind):
    """The payer gives one coin of `kind` (HBC-D-THREE)."""
    S[H_PENDING] -= 1 if G[G_RULES][P_THREE] == THREE_PIECES else kind + 1
    move_coin(G, S, S[H_PAYER], S[H_PAYEE], kind)
