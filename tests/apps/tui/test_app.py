"""The play app driven by Textual's pilot: keys pressed, the board, the log and the status
read back. A whole game against the greedy, a hint, the review, a save and its replay, an
abandoned search, the set-up form's refusals, a terminal too small."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import numpy as np
import pytest
from support.versus import greedy_choice, greedy_game

from emr_sim.apps.tui.actions import KEYS
from emr_sim.apps.tui.app import PlayApp
from emr_sim.apps.tui.dialogs import AskPath, TooSmall
from emr_sim.apps.tui.game import BoardView, GameScreen
from emr_sim.apps.tui.hints import HintPane
from emr_sim.apps.tui.replay import ReplayScreen
from emr_sim.apps.tui.review import ReviewScreen
from emr_sim.apps.tui.setup import SetupScreen
from emr_sim.games.emr.cards import load_deck
from emr_sim.games.emr.face.advise import advise
from emr_sim.games.emr.face.core import play
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.face.review import review
from emr_sim.games.emr.face.saved import dumps_record, load_record
from emr_sim.games.emr.face.versus import Setup, Versus

SIZE = (120, 40)
ADVISOR = "ismcts:200"
pytestmark = pytest.mark.timeout(180)


def run(coroutine) -> None:
    asyncio.run(coroutine)


async def until(pilot, condition, what: str, seconds: float = 150) -> None:
    """Let the app run until condition() holds (a worker's result arrives). A wait, not a timing
    check: the bound is far above what any step takes, even on a loaded machine compiling."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"the app never got to: {what}")


def status(screen) -> str:
    return str(screen.query_one("#status").render())


async def start_game(pilot, app) -> GameScreen:
    await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
    await pilot.press("enter")  # "Play" has the focus
    await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
    return app.screen


async def my_turn(pilot, screen: GameScreen) -> None:
    v = screen.versus
    await until(pilot, lambda: v.over or (v.human_to_move and screen.actions.codes), "a decision of mine")


async def take(pilot, screen: GameScreen, code: int) -> None:
    """Pick the action by its key (shown, not played), then confirm it with the key again."""
    v = screen.versus
    k = screen.actions.codes.index(code)
    taken = len(v.actions)
    if k >= len(KEYS):
        screen.actions.highlighted = k
        await pilot.press("enter")
        return
    await pilot.press(KEYS[k])
    assert screen.actions.highlighted == k and len(v.actions) == taken  # picked, not played
    await pilot.press(KEYS[k])
    assert len(v.actions) > taken


def test_a_whole_game_against_greedy_by_keys_then_its_review_and_save(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    async def go():
        app = PlayApp(Setup(opponent="greedy", seed=3), advisor=ADVISOR, advisor_seed=2)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_game(pilot, app)
            v = screen.versus
            board = screen.query_one(BoardView).text
            assert "You (P0)" in board and "greedy (P1)" in board
            assert "hand (2): ▒▒ ▒▒" in board  # the opponent's hand: backs
            assert "red 3-4 dmg 2 trap-card" in board  # my hand: faces
            assert "turn 1, your turn: you to decide: draw, or play a card beside the pair" in board
            previews = 0
            while True:
                await my_turn(pilot, screen)
                if v.over:
                    break
                code = greedy_choice(v)
                text = dict(v.legal())[code]
                k = screen.actions.codes.index(code)
                if text.startswith("play") and k < len(KEYS):
                    await pilot.press(KEYS[k])
                    shown = screen.query_one(BoardView).text
                    card = text.split(" ", 1)[1].rsplit(" ", 1)[0]
                    assert f"> {card}" in shown and "goes here" in shown and " new " in shown
                    assert f"plays {card} into zone" in shown and "ejecting" in shown  # the log's words
                    previews += 1
                    await pilot.press(KEYS[k])
                else:
                    await take(pilot, screen, code)
            assert previews > 5
            same = play(seed=3, players="greedy,greedy")  # the greedy's choices: emr-sim play's game
            assert v.game.events == same.events
            assert screen.log_pane.lines_written == v.log_lines(v.game.events)  # play's words, masked
            assert "P1 draws a card" in screen.log_pane.lines_written
            assert status(screen).startswith(summary_line(v.game.state))
            assert "game over" in screen.query_one(BoardView).text

            await pilot.press("R")  # the review
            await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review screen")
            shown = app.screen
            await until(pilot, lambda: shown.result is not None, "the review's result")
            from emr_sim.games.emr.face.saved import replay

            expected = review(replay(v.record(), v.game.deck), 0, ADVISOR, 2)
            assert shown.result.lines() == expected.lines()
            text = str(shown.query_one("#review").render())
            assert "costliest:" in text and f"{ADVISOR} (200 iterations, seed 2)" in text
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is screen, "back to the game")

            await pilot.press("S")  # save: the dialog offers a name
            await until(pilot, lambda: isinstance(app.screen, AskPath), "the file dialog")
            await pilot.press("enter")
            await until(pilot, lambda: (tmp_path / "emr-game-s3-g0.json").exists(), "the saved file")
            done = load_record(tmp_path / "emr-game-s3-g0.json", load_deck())
            assert np.array_equal(done.game.state, v.game.state)
            assert done.record.players == ("human", "greedy")

            await pilot.press("V")  # the view
            await until(pilot, lambda: isinstance(app.screen, AskPath), "the file dialog")
            await pilot.press("enter")
            await until(pilot, lambda: (tmp_path / "emr-game-s3-g0.view.json").exists(), "the view")
            view = json.loads((tmp_path / "emr-game-s3-g0.view.json").read_text())
            assert view["log"] == screen.log_pane.lines_written and "seed" not in view

            await pilot.press("Q")
        assert app.return_code in (0, None)

    run(go())


def test_a_hint_is_the_advisors_table_for_the_decision():
    async def go():
        app = PlayApp(Setup(opponent="greedy", seed=3, rules={"first_player": "0"}), advisor=ADVISOR)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_game(pilot, app)
            await my_turn(pilot, screen)
            pane = screen.query_one(HintPane)
            await pilot.press("H")
            await until(pilot, lambda: "hint: ismcts:200" in str(pane.render()), "the hint")
            table = advise(Versus(Setup(seed=3, rules={"first_player": "0"})).game, ADVISOR, 1)
            lines = str(pane.render()).splitlines()
            for row, line in zip(table["actions"][:5], lines[2:7], strict=True):
                assert line.split() == [
                    str(row["visits"]),
                    f"{100 * row['win_rate']:.1f}%",
                    *row["action"].split(),
                ]
            code = screen.actions.codes[0]
            await take(pilot, screen, code)  # the hint goes with the decision
            assert "hint:" not in str(pane.render())

    run(go())


@pytest.fixture
def saved(tmp_path):
    v = greedy_game(seed=4, seat=1, heroes=("earth", "crow"))
    path = tmp_path / "g.json"
    path.write_text(dumps_record(v.record(), v.game))
    return path, v


def test_a_saved_game_replays_forward_and_back_and_writes_positions(saved, tmp_path, monkeypatch):
    path, v = saved
    monkeypatch.chdir(tmp_path)
    done = load_record(path, load_deck())
    last = len(v.actions)

    async def go():
        app = PlayApp(replay=done, replay_name=str(path))
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay screen")
            screen = app.screen
            assert screen.seat == 1  # the person's seat of the record
            first = screen.query_one(BoardView).text
            assert f"step 0 of {last}" in status(screen) and "You (P1)" in first
            for _ in range(5):
                await pilot.press("right")
            assert screen.step == 5 and f"step 5 of {last}" in status(screen)
            await pilot.press("left")
            assert screen.step == 4
            log = screen.query_one("#log").lines_written
            assert log == done.game.log_lines(done.events_until(4), viewer=1)
            await pilot.press("end")
            assert (
                screen.step == last
                and f"step {last} of {last}" in status(screen)
                and "next:" not in status(screen)
            )
            assert "game over" in screen.query_one(BoardView).text
            await pilot.press("home")
            assert screen.query_one(BoardView).text == first
            await pilot.press("A")  # all cards: the opponent's hand face up
            revealed = screen.query_one(BoardView).text
            assert revealed != first and "▒▒" not in revealed.splitlines()[0]
            await pilot.press("A")
            for _ in range(7):
                await pilot.press("l")
            await pilot.press("P")  # the position before action 7, for resolve
            await until(pilot, lambda: isinstance(app.screen, AskPath), "the file dialog")
            await pilot.press("enter")
            await until(pilot, lambda: (tmp_path / "g.step7.json").exists(), "the position file")

    run(go())
    from emr_sim.games.emr.face.core import Game

    game = Game.from_position(tmp_path / "g.step7.json")
    assert np.array_equal(game.state, done.states[7])
    assert dict(game.legal())[done.record.actions[7]]  # the recorded action is legal there


def test_keys_are_answered_while_the_program_searches_and_an_abandoned_search_is_dropped(monkeypatch):
    """The opponent runs a 50,000-iteration search in a worker; the test holds the worker
    after its search until keys were handled, so the keys come while the worker lives."""
    searched, release = threading.Event(), threading.Event()
    real_think = Versus.think

    def think(self):
        code = real_think(self)
        searched.set()
        release.wait(60)
        return code

    monkeypatch.setattr(Versus, "think", think)

    async def go():
        setup = Setup(seat=1, opponent="ismcts:50000", seed=3, rules={"first_player": "0"})
        app = PlayApp(setup, advisor=ADVISOR)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_game(pilot, app)
            v = screen.versus
            assert "thinking" in status(screen)
            await pilot.press("H")  # answered: a hint is for my own decisions
            await until(
                pilot,
                lambda: any("your own decisions" in str(n.message) for n in app._notifications),
                "the answer to H",
            )
            assert screen.thinking_since is not None and not release.is_set()
            await pilot.press("N")  # abandon the game mid-search
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
            release.set()
            await until(pilot, lambda: searched.is_set(), "the search's end")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert v.actions == [] and isinstance(app.screen, SetupScreen)  # its result was dropped

    run(go())


@pytest.mark.parametrize(
    "field,value,needle",
    [
        ("#opponent", "nope", "unknown player 'nope'"),
        ("#opponent", "ismcts-open:10", "sees your hand"),
        ("#seed", "x", "seed 'x'"),
        ("#rules", "health=0", "health"),
        ("#rules", "colour=red", "unknown rule option 'colour'"),
    ],
)
def test_the_setup_form_names_a_bad_field_and_does_not_start(field, value, needle):
    async def go():
        app = PlayApp(Setup(), advisor=ADVISOR)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
            app.screen.query_one(field).value = value
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            assert needle in str(app.screen.query_one("#problem").render())

    run(go())


def test_masters_and_seat_from_the_form():
    async def go():
        app = PlayApp(Setup(seat=1, heroes=("crow", "wind"), seed=8), advisor=ADVISOR)
        async with app.run_test(size=SIZE) as pilot:
            screen = await start_game(pilot, app)
            v = screen.versus
            assert v.seat == 1 and v.setup.heroes == ("crow", "wind") and v.setup.rules["fury"] == "on"
            board = screen.query_one(BoardView).text
            assert "You (P1)  master wind" in board and "greedy (P0)  master crow" in board

    run(go())


def test_a_terminal_too_small_is_covered_by_a_notice():
    async def go():
        app = PlayApp(Setup(), advisor=ADVISOR)
        async with app.run_test(size=(90, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TooSmall), "the notice")
            assert "needs at least 120x36" in str(app.screen.query_one("Static").render())
            await pilot.resize_terminal(*SIZE)
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the notice gone")

    run(go())


def test_a_resize_before_the_first_refresh_is_not_undone_by_the_first_size_check():
    """The first size check runs after the first refresh, which a busy machine delays: it must
    read the size then, not the size the app was mounted with (else the notice comes back)."""

    class LateRefresh(PlayApp):
        def call_after_refresh(self, callback, *args, **kwargs):
            if callback == self.check_current_size:  # the refresh comes after the resize
                self.set_timer(0.3, lambda: callback(*args, **kwargs))
                return True
            return super().call_after_refresh(callback, *args, **kwargs)

    async def go():
        app = LateRefresh(Setup(), advisor=ADVISOR)
        async with app.run_test(size=(90, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, TooSmall), "the notice")
            await pilot.resize_terminal(*SIZE)
            await pilot.pause(0.6)  # past the late check
            assert isinstance(app.screen, SetupScreen) and app.small is None

    run(go())


def test_the_kernels_load_behind_the_first_screen_and_the_game_waits_for_them():
    from emr_sim.apps.tui.loader import Loader

    async def go():
        loader = Loader()
        app = PlayApp(Setup(seed=3), advisor=ADVISOR, loader=loader)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
            await until(pilot, lambda: loader.ident is not None, "the loader started after the first screen")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game screen")
            assert not loader.is_alive() and loader.error is None and app.loader is None

    run(go())
