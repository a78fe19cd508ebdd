"""The game viewer's frames (emr_sim.games.emr.face.frames): one per position of a replayed game, read
from the states themselves, with the action and the log lines that led to each."""

from __future__ import annotations

import json

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.core import play
from emr_sim.games.emr.face.frames import viewer_data
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.face.saved import GameRecord, replay


def test_every_position_of_a_game_is_a_frame():
    actions: list[int] = []
    game = play(seed=4, players="greedy,tuned", heroes="earth,crow", rules={"fury": "on"}, actions=actions)
    record = GameRecord(4, 0, game.rules(), ("earth", "crow"), game.deck.sha256, ("greedy", "tuned"), actions)
    done = replay(record, load_deck())
    data = viewer_data(done, ("P0 = earth", "P1 = crow"))
    json.dumps(data)  # JSON-ready
    frames = data["frames"]
    assert len(frames) == len(actions) + 1 and data["heroes"] == ["earth", "crow"]
    assert [line for f in frames for line in f["log"]] == game.log_lines()  # the whole log, split by step
    assert frames[0]["action"] == "the deal" and frames[-1]["next"] == summary_line(game.state)
    for k in (0, len(actions) // 2, len(actions)):
        s, f = done.states[k], frames[k]
        assert f["turn"] == int(s[C.H_TURN]) and f["draw"] == int(s[C.DRAW_N])
        for p in (0, 1):
            b = C.player_base(p)
            player = f["players"][p]
            assert player["health"] == int(s[b + C.P_HEALTH])
            assert player["hand"] == [int(c) for c in s[b + C.P_HAND : b + C.P_HAND + int(s[b + C.P_HAND_N])]]
            assert [z[0] for z in player["zones"]] == [int(c) for c in s[b + C.P_ZCARD : b + C.P_ZCARD + 6]]
    verbs = ("draws", "plays", "counters", "blocks", "discards", "passes", "says yes", "chooses:")
    for k in range(1, len(frames)):
        seat = done.deciders[k - 1]
        assert frames[k]["action"].startswith(f"P{seat} "), frames[k]["action"]  # in words
        assert frames[k]["action"].split(" ", 1)[1].startswith(verbs), frames[k]["action"]
        assert frames[k]["moved_in"] == frames[k - 1]["turn"]  # the turn the move was made in
    card = data["cards"][int(done.states[0][C.player_base(0) + C.P_ZCARD + 2])]
    assert data["colours"][card[0]] == "bow" and card[1:3] == [3, 3]
