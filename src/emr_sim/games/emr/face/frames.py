"""A replayed game as frames for a board that steps forward and back (the HTML report's game
viewer): one frame per position, from the deal to the end, every card shown.

    viewer_data(replay(record, deck), ("P0 = crow (greedy)", "P1 = wind (greedy)"))

JSON-ready and compact: the cards once (`cards[id]` = colour, left, right, damage, dragon,
effect), then per frame the players' health, fury, poison and cards, each zone as
[card, blocked, damage tokens, +1 tokens, -1 tokens, zone damage tokens, crow] (card -1: none),
the piles, whose decision comes next, the action that led to the frame and its log lines (in
`emr-sim play`'s words). A frame's board is the state itself (state_to_dict's fields), not a
re-telling of the rules.
"""

from __future__ import annotations

import numpy as np

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.explain import decision_line
from emr_sim.games.emr.face.log import format_events, summary_line
from emr_sim.games.emr.face.notation import format_action
from emr_sim.games.emr.face.position import card_ref
from emr_sim.games.emr.face.saved import Replay

ZONE_FIELDS = (C.P_ZBLOCK, C.P_CDMG, C.P_CPP, C.P_CPM, C.P_ZDMG, C.P_ZCROW)


def card_rows(table: np.ndarray) -> list[list[int] | None]:
    """[colour, left, right, damage, dragon, effect] of every card id (None: no such card)."""
    fields = (C.CF_COLOUR, C.CF_LEFT, C.CF_RIGHT, C.CF_DAMAGE, C.CF_DRAGON, C.CF_EFFECT)
    return [[int(table[c, f]) for f in fields] if table[c, C.CF_VALID] else None for c in range(len(table))]


def _cards(s: np.ndarray, count_at: int) -> list[int]:
    return [int(c) for c in s[count_at + 1 : count_at + 1 + int(s[count_at])]]


def _player(s: np.ndarray, p: int) -> dict:
    b = C.player_base(p)
    zones = [[int(s[b + C.P_ZCARD + z])] + [int(s[b + f + z]) for f in ZONE_FIELDS] for z in range(C.N_ZONES)]
    return {
        "health": int(s[b + C.P_HEALTH]),
        "fury": int(s[b + C.P_FURY]),
        "poison": int(s[b + C.P_POISON]),
        "hand": _cards(s, b + C.P_HAND_N),
        "aside": _cards(s, b + C.P_ASIDE_N),
        "zones": zones,
    }


def frame(s: np.ndarray, table: np.ndarray) -> dict:
    """One position: both players, the piles, the decision pending (or the result)."""
    n = int(s[C.DISC_N])
    over = int(s[C.H_PHASE]) == C.DK_NONE
    return {
        "turn": int(s[C.H_TURN]),
        "players": [_player(s, 0), _player(s, 1)],
        "draw": int(s[C.DRAW_N]),
        "discard": n,
        "top": int(s[C.DISC + n - 1]) if n else -1,
        "next": summary_line(s) if over else decision_line(s, table),
    }


def action_words(player: int, state: np.ndarray, table: np.ndarray, code: int) -> str:
    """An action in words, for people: 'P1 plays blue 2-5 on the left' (the notation's
    'P1: play blue 2-5 left' is what `emr-sim play --moves` reads)."""
    from emr_sim.games.emr.face.actions import action_parts
    from emr_sim.games.emr.face.notation import SIDES

    family, *args = action_parts(code)
    who = f"P{player}"
    if family == "play":
        return f"{who} plays {card_ref(table, args[0])} on the {SIDES[args[1]]}"
    if family == "counter":
        return f"{who} counters with the dragon {card_ref(table, args[0])}, on the {SIDES[args[1]]}"
    if family == "block":
        return f"{who} blocks zone {args[0]}"
    if family == "discard":
        return f"{who} discards {card_ref(table, args[0])}"
    words = {"pass": "passes", "draw": "draws", "yes": "says yes"}
    if family in words:
        return f"{who} {words[family]}"
    return f"{who} chooses: {format_action(state, table, code).replace('p0', 'P0').replace('p1', 'P1')}"


def viewer_data(done: Replay, names: tuple[str, str]) -> dict:
    """Every position of a replayed game, with the action and log lines that led to each."""
    table = done.game.table
    frames = []
    for k, state in enumerate(done.states):
        f = frame(state, table)
        if k == 0:
            f["action"] = "the deal"
        else:
            before = done.states[k - 1]
            f["action"] = action_words(done.deciders[k - 1], before, table, done.record.actions[k - 1])
            f["moved_in"] = int(before[C.H_TURN])  # the turn the move was made in
        f["log"] = format_events(done.steps[k], table)
        frames.append(f)
    heroes = [int(done.states[0][C.player_base(p) + C.P_HERO]) for p in (0, 1)]
    return {
        "names": list(names),
        "heroes": [C.HERO_NAMES[h] if h != C.NO_HERO else None for h in heroes],
        "colours": list(C.COLOUR_NAMES),
        "effects": list(C.EFFECT_NAMES),
        "cards": card_rows(table),
        "frames": frames,
    }
