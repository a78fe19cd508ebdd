"""docs/play.md stays true: the hand-played game of docs/examples replays to the end the page
tells, and the page's line-mode transcript is what `emr-sim play --human` prints."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from emr_sim.cli import main
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.saved import load_record

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "play.md"
GAME = ROOT / "docs" / "examples" / "played-crow-vs-wind.json"


def test_the_hand_played_game_replays_as_the_page_says():
    done = load_record(GAME, load_deck())
    record = done.record
    assert (record.seed, record.heroes, record.players) == (5, ("crow", "wind"), ("human", "greedy"))
    assert done.game.over and done.game.winner == 0
    assert len(record.actions) == 90 and int(done.game.state[C.H_TURN]) == 43
    with_choice = [
        k for k, who in enumerate(done.deciders) if who == 0 and len(done.game_at(k).legal_codes()) > 1
    ]
    assert len(with_choice) == 39
    assert done.game.log_lines()[-1] == "P0 wins"
    assert (done.game.health(0), done.game.health(1)) == (3, 0)
    page = PAGE.read_text(encoding="utf-8")
    assert "43 turns, 90 actions, 39 decisions of yours with a choice" in page


def test_the_line_mode_transcript_is_what_the_command_prints():
    page = PAGE.read_text(encoding="utf-8")
    block = re.search(r"```text\n\$ printf '(.*?)' \| emr-sim play (.*?)\n(.*?)```", page, re.DOTALL)
    assert block, "the transcript block of docs/play.md"
    typed, args, shown = block.groups()
    text = typed.encode().decode("unicode_escape")
    result = CliRunner().invoke(main, ["play", *args.split()], input=text, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip("\n").splitlines() == shown.rstrip("\n").splitlines()
