"""The line mode (`emr-sim play --human`, emr_sim.games.emr.face.linemode) driven from stdin: the
position and the numbered legal actions, a number or the notation read, `hint`, `quit`; the
same game engine and save format as the play app."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from support.cli import fails
from support.versus import greedy_choice, greedy_game

from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.core import play
from emr_sim.games.emr.face.linemode import ENDED, OVER, QUIT, Lines, play_lines
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.face.saved import load_record
from emr_sim.games.emr.face.versus import Setup, Versus


def answers_for(v: Versus, as_notation: bool | str = False) -> list[str]:
    """The lines a person types to take the greedy's choices in V's game (a fresh copy of it is
    played here; forced decisions take no line): numbers, the actions' text, or (as_notation
    "listed") the list's lines copied whole, "2. play green 4-1 left"."""
    copy = Versus(v.setup)
    lines = []
    while not copy.over:
        if copy.human_to_move:
            code = greedy_choice(copy)
            legal = copy.legal()
            if len(legal) > 1:
                codes = [c for c, _t in legal]
                number, text = str(codes.index(code) + 1), dict(legal)[code]
                lines.append(
                    f"{number}. {text}" if as_notation == "listed" else text if as_notation else number
                )
            copy.apply(code)
        else:
            copy.apply(copy.think())
    return lines


def drive(v: Versus, lines: list[str], advisor: str | None = None) -> tuple[str, list[str]]:
    feed = iter(lines)
    out: list[str] = []
    ended = play_lines(v, Lines(lambda: next(feed, None), out.append, advisor))
    return ended, out


@pytest.mark.parametrize("as_notation", [False, True, "listed"])
def test_a_whole_game_from_numbers_or_notation(as_notation):
    v = Versus(Setup(seat=0, seed=3))
    ended, out = drive(v, answers_for(v, as_notation))
    assert ended == OVER and v.over
    same = play(seed=3, players="greedy,greedy")
    assert v.game.events == same.events  # the greedy's choices, typed: emr-sim play's game
    log = v.log_lines(v.game.events)  # the person's log: the opponent's draws unnamed
    assert in_order(log, out)  # every log line, in order, between the positions and prompts
    assert sum(line.startswith("> ") for line in out) == len(answers_for(v, as_notation))
    assert out[-1] == summary_line(same.state)
    assert any(line == "P1 draws a card" for line in out)
    assert not any(line.startswith("P1 draws") and line != "P1 draws a card" for line in out)


def in_order(wanted: list[str], lines: list[str]) -> bool:
    """Whether WANTED appear in LINES in this order (others between them)."""
    it = iter(lines)
    return all(any(line == w for line in it) for w in wanted)


def test_the_position_shows_the_persons_hand_and_numbered_actions():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    ended, out = drive(v, ["quit"])
    assert ended == QUIT
    hand = next(line for line in out if line.startswith("your hand: "))
    assert "red 3-4 (dmg 2, trap-card)" in hand
    numbered = [m.group(2) for line in out if (m := re.match(r"^ +(\d+)\. (.*)$", line))]
    assert numbered == [text for _c, text in v.legal()]
    assert "p1  health 8  hand 2" in out  # the opponent's hand as a count
    assert out[-1] == "you quit at turn 1: the game is abandoned"


def test_a_listed_line_whose_number_is_stale_plays_its_text():
    """#36: numbers change meaning between decisions, so a script's piped numbers played other
    moves; a line copied from the list plays its text, whatever number it carries."""
    setup = Setup(seat=0, seed=3, rules={"first_player": "0"})
    legal = Versus(setup).legal()
    assert len(legal) > 1
    text = legal[-1][1]  # not the first action, which "1" alone would play
    _e, by_text = drive(Versus(setup), [text, "quit"])
    _e, by_listed = drive(Versus(setup), [f"1. {text}", "quit"])
    _e, by_number = drive(Versus(setup), ["1", "quit"])
    assert by_listed[by_listed.index(f"> 1. {text}") + 1 :] == by_text[by_text.index(f"> {text}") + 1 :]
    assert by_number[by_number.index("> 1") + 1 :] != by_text[by_text.index(f"> {text}") + 1 :]


def test_bad_lines_are_answered_and_asked_again():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    ended, out = drive(v, ["99", "block zone 9", "fly away", "", "draw", "quit"], advisor=None)
    assert ended == QUIT
    assert "not an action here: 99: give a number 1..5" in " ".join(out)
    assert any(line.startswith("not an action here: expected a zone 0..5") for line in out)
    assert any(line.startswith("not an action here: unknown action 'fly away'") for line in out)
    assert "P0 draws" in " ".join(out) and len(v.actions) >= 1 and v.game.legal()[0]


def test_a_hint_is_the_advisors_table():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    ended, out = drive(v, ["hint", "quit"], advisor="ismcts:200")
    k = next(i for i, line in enumerate(out) if line.startswith("hint: ismcts:200, seed 1"))
    from emr_sim.games.emr.face.advise import advise

    table = advise(Versus(Setup(seat=0, seed=3, rules={"first_player": "0"})).game, "ismcts:200", 1)
    best = table["actions"][0]
    assert out[k + 1].split() == [
        str(best["visits"]),
        f"{100 * best['win_rate']:.1f}%",
        *best["action"].split(),
    ]


def test_the_end_of_the_input_ends_the_game():
    v = Versus(Setup(seat=0, seed=3, rules={"first_player": "0"}))
    ended, out = drive(v, ["1"])
    assert ended == ENDED and not v.over
    assert out[-1].startswith("the input ended at turn")


# ---------------------------------------------------------------- the command line


def test_play_human_from_stdin_saves_a_record_that_replays(tmp_path):
    v = Versus(Setup(seat=1, seed=6))
    lines = answers_for(v)
    path = tmp_path / "g.json"
    result = run_with_input(lines, "play", "--human", "--seat", "1", "--seed", "6", "--save", path)
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[0] == "you are P1, against greedy (P0); seed 6, game 0"
    assert f"> {lines[0]}" in out  # a transcript: stdin is not a terminal
    same = greedy_game(seed=6, seat=1)
    assert out[-2] == summary_line(same.game.state)
    assert out[-1] == f"saved the game to {path}"
    done = load_record(path, load_deck())
    assert np.array_equal(done.game.state, same.game.state)
    assert json.loads(path.read_text())["players"] == ["greedy", "human"]


def run_with_input(lines: list[str], *args):
    from click.testing import CliRunner

    from emr_sim.cli import main

    text = "".join(f"{line}\n" for line in lines)
    return CliRunner().invoke(main, [str(a) for a in args], input=text, catch_exceptions=False)


def test_play_human_without_enough_input_exits_2():
    result = run_with_input(["1"], "play", "--human", "--seed", "3")
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith("emr-sim: error: the input ended before the game did")
    )


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--opponent", "nope"], "unknown player 'nope'"),
        (["--opponent", "ismcts-open:5"], "sees your hand"),
        (["--heroes", "crow,nope"], "unknown hero 'nope'"),
        (["--advisor", "greedy"], "--advisor 'greedy': give an ismcts player"),
        (["--players", "random"], "--human plays against --opponent"),
        (["--json"], "--human plays against --opponent"),
        (["--rule", "health=0"], "health"),
        (["--save", "/nonexistent-dir/g.json"], "no such directory"),
    ],
)
def test_play_human_refuses_bad_options(args, needle):
    fails("play", "--human", *args, needles=(needle,))


def test_human_options_need_human():
    fails("play", "--opponent", "tuned", needles=("go with --human",))


def test_quit_saves_the_abandoned_game(tmp_path):
    path = tmp_path / "q.json"
    result = run_with_input(["1", "quit"], "play", "--human", "--seed", "3", "--save", path)
    assert result.exit_code == 0
    d = json.loads(path.read_text())
    assert d["result"]["over"] is False and len(d["actions"]) >= 1
    assert load_record(path, load_deck()).record.actions == [a["code"] for a in d["actions"]]
