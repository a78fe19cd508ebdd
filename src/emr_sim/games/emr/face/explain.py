"""Whose decision it is and why, in words for a person at the table (the play app, line mode).

    decision_line(state, table, viewer=0)
    -> "turn 5, your turn: draw, or play a card beside your pair (R-TURN)"

Reads only public parts of the state (the decision kind, the play being resolved), so it
is the same for the real state and for a seat's observation.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_label

# decision kind -> what is asked (the decider is "you" or "P1")
WHY = {
    C.DK_TURN: "draw, or play a card beside the pair (R-TURN)",
    C.DK_EXTRA: "an extra action: play, or draw exactly 1 (R-EXTRA)",
    C.DK_TOKEN_MOVE: "after the draw: move one damage token of the board, or pass (R-DRAW)",
    C.DK_BLOCK_MORE: "block with a second card, or stop (R-BLOCK)",
    C.DK_COUNTER_BACK: "counter back, or let the last counter stand (R-COUNTER)",
    C.DK_DISCARD: "more than 4 cards at the end of the turn: discard one (R-HANDLIMIT)",
    C.DK_FURY_CHOOSE: "furious: the played card's effect instead of the ejected card's? (F-CHOOSE)",
    C.DK_CROW: "crow: a crow token on an empty zone of the opponent's board, or pass (H-CROW)",
    C.DK_WIND: "wind: reveal the top card and apply its effect, or pass (H-WIND)",
    C.DK_ILLUSION: "illusion: move the pair to two other zones, or pass (H-ILLUSION)",
    C.DK_BUSHIDO: "bushido: a damage token on a defender's card instead of the damage, or pass (H-BUSHIDO)",
    C.DK_EARTH_DRAW: "earth: draw 1 card to set aside, or pass (H-EARTH)",
    C.DK_EARTH_DISCARD: "earth: discard one of the set-aside cards (H-EARTH)",
}


def _who(p: int, viewer: int | None) -> str:
    return "you" if p == viewer else f"P{p}"


def _card(table: np.ndarray, card: int) -> str:
    return "a card" if card < 0 else card_label(table, card)


def why(state: np.ndarray, table: np.ndarray) -> str:
    """What the pending decision asks, with the play it belongs to."""
    s = state
    phase = int(s[C.H_PHASE])
    if phase == C.DK_DEFEND:
        attacker = int(s[C.H_ACTIVE])
        card = _card(table, int(s[C.RES_EJECTED]))
        damage = int(s[C.RES_DAMAGE])
        return f"P{attacker}'s {card} hits for {damage}: take it, block or dragon counter (R-DEFEND)"
    if phase == C.DK_EFFECT:
        effect = int(s[C.RES_EFFECT])
        name = C.EFFECT_NAMES[effect] if 0 <= effect < C.N_EFFECTS else f"effect {effect}"
        source = int(s[C.RES_EFFECT_SRC])
        of = f" of {_card(table, source)}" if source >= 0 else ""
        return f"the {name} effect{of}: choose its target, or decline (R-EFFECT)"
    return WHY.get(phase, C.DECISION_NAMES[phase] if 0 <= phase < len(C.DECISION_NAMES) else str(phase))


def decision_line(state: np.ndarray, table: np.ndarray, viewer: int | None = None) -> str:
    """Turn, whose decision and why; or the result when the game is over."""
    s = state
    turn = int(s[C.H_TURN])
    if int(s[C.H_PHASE]) == C.DK_NONE:
        winner = int(s[C.H_WINNER])
        if winner == C.DRAWN_GAME:
            return f"turn {turn}: game over, drawn"
        won = "you win" if winner == viewer else f"P{winner} wins"
        return f"turn {turn}: game over, {won}"
    active, decider = int(s[C.H_ACTIVE]), int(s[C.H_DECIDER])
    whose = "your turn" if active == viewer else f"P{active}'s turn"
    return f"turn {turn}, {whose}: {_who(decider, viewer)} to decide: {why(s, table)}"
