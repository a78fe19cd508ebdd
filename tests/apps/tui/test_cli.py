"""`emr-sim tui` on the command line: every bad input ends with one line and exit 2 before
any screen (an unknown spec or master, a damaged or foreign save file, no terminal or one
too small, Textual missing); good input reaches the app with the game or the replay."""

from __future__ import annotations

import json
import sys

import pytest
from support.cli import fails
from support.versus import greedy_game

from emr_sim.apps.tui import start
from emr_sim.games.emr.face.saved import dumps_record
from emr_sim.games.emr.face.warm import kernels_warm


@pytest.fixture
def terminal(monkeypatch):
    """A terminal of 120x40 as far as the command can tell; the app's launch recorded."""
    launched = []
    monkeypatch.setattr(start, "terminal_size", lambda: (120, 40))
    import emr_sim.apps.tui.app as app

    monkeypatch.setattr(app, "launch", lambda *args: launched.append(args))
    return launched


def test_without_a_terminal_it_says_so():
    fails("tui", needles=("needs a terminal", "emr-sim play --human"))


def test_a_terminal_too_small_is_named(monkeypatch):
    monkeypatch.setattr(start, "terminal_size", lambda: (100, 30))
    fails("tui", needles=("the terminal is 100x30", "at least 120x36"))


def test_textual_missing_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual", None)
    fails("tui", needles=("needs Textual", "pip install 'emr-sim[play]'"))


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--opponent", "nope"], "unknown player 'nope'"),
        (["--opponent", "ismcts-open:50"], "sees your hand"),
        (["--heroes", "crow,nope"], "unknown hero 'nope'"),
        (["--heroes", "crow,crow"], "R-OPT-HERO"),
        (["--heroes", "crow,wind", "--no-fury"], "--heroes needs hero mode"),
        (["--advisor", "tuned"], "give an ismcts player"),
        (["--rule", "health=100"], "health"),
        (["--seat", "2"], "invalid value for '--seat': 2 is not in the range"),
    ],
)
def test_bad_options_end_before_any_screen(terminal, args, needle):
    if args[0] == "--seat":  # click's own check of the range, in the CLI's usage-error form: exit 2
        from support.cli import run

        result = run("tui", *args)
        assert result.exit_code == 2 and needle in result.stderr
        return
    fails("tui", *args, needles=(needle,))
    assert terminal == []


@pytest.fixture
def record(tmp_path):
    v = greedy_game(seed=3)
    path = tmp_path / "g.json"
    path.write_text(dumps_record(v.record(), v.game))
    return path


@pytest.mark.parametrize(
    "damage,needle",
    [
        (lambda text: text[: len(text) // 2], "not JSON"),
        (
            lambda text: text.replace('"emr-sim-game"', '"emr-sim-position"'),
            "(a position: `emr-sim resolve` reads it)",
        ),
        (lambda text: text.replace('"seed": 3', '"seed": 4'), "$.actions["),
        (lambda text: json.dumps({"hello": 1}), "$.format: None is not 'emr-sim-game'"),
    ],
)
def test_a_damaged_or_foreign_save_file_is_refused(terminal, record, damage, needle):
    record.write_text(damage(record.read_text()))
    line = fails("tui", "--replay", record, needles=(needle,))
    assert str(record) in line
    assert terminal == []


def test_a_save_file_of_another_deck_is_refused(terminal, record, tmp_path):
    from emr_sim.games.emr.cards import default_deck_path

    deck = tmp_path / "deck.csv"
    deck.write_text(default_deck_path().read_text() + "\n")  # the same cards, other bytes
    fails("tui", "--replay", record, "--deck", deck, needles=("recorded with deck", "--deck"))


def test_good_options_reach_the_app(terminal, record):
    from support.cli import run

    result = run("tui", "--seed", "5", "--opponent", "tuned", "--heroes", "crow,wind", "--seat", "1")
    assert result.exit_code == 0, result.output
    ((setup, advisor, advisor_seed, replay, name, loader),) = terminal
    assert (setup.seed, setup.seat, setup.opponent.text, setup.heroes) == (5, 1, "tuned", ("crow", "wind"))
    assert setup.rules["fury"] == "on" and advisor == "ismcts:5000" and replay is None
    assert kernels_warm() and loader is not None  # warm kernels: they load behind the first screen
    loader.start()  # the app starts it once its first screen is drawn
    loader.wait()
    result = run("tui", "--replay", record, "--advisor", "ismcts:300", "--advisor-seed", "4")
    assert result.exit_code == 0, result.output
    (_setup, advisor, advisor_seed, replay, name, loader) = terminal[-1]
    assert (advisor, advisor_seed, name) == ("ismcts:300", 4, str(record))
    assert loader is None  # a replay is checked through the engine before the first screen
    assert replay.record.seed == 3 and replay.game.over


def test_a_first_run_warms_the_kernels_in_front_before_the_app(terminal, monkeypatch):
    """Without the warm-up's mark (a first run, or new kernel sources), the kernels are called
    in front, behind the compile notice, before the app starts; with it, the app gets a loader."""
    from support.cli import run

    import emr_sim.games.emr.face.warm as warm

    calls = []
    monkeypatch.setattr(warm, "kernels_warm", lambda: False)
    monkeypatch.setattr(
        warm, "warm_kernels", lambda notice=True: calls.append(("warm", notice, len(terminal)))
    )
    assert run("tui", "--seed", "2").exit_code == 0
    assert calls == [("warm", True, 0)]  # before the launch
    assert terminal[-1][-1] is None  # no loader: nothing left to load
