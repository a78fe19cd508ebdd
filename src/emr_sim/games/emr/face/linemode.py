"""Play against a program one line at a time (`emr-sim play --human`): for a terminal without
full-screen support and for scripts.

At each of the person's decisions it prints the position as their seat sees it (D-HIDDEN:
the opponent's hand as a count), whose decision it is and why, and the numbered legal
actions, then reads one line: a number of the list, an action's text as the list shows it
(the notation, docs/notation.md; a line of the list copied whole counts by its text), `hint`
(the advisor's top actions), or `quit`. A number means another action at the next decision,
so a script gives the text. A decision with one legal
action is taken at once ("forced"). The log is `emr-sim play`'s words, with the opponent's
draws unnamed. The game is the play app's (emr_sim.games.emr.face.versus) and is saved in the same
format (emr_sim.games.emr.face.saved).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from emr_sim.errors import BadInput
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import card_text
from emr_sim.games.emr.face.explain import decision_line
from emr_sim.games.emr.face.log import summary_line
from emr_sim.games.emr.face.show import describe
from emr_sim.games.emr.face.versus import Versus

QUIT_WORDS = ("q", "quit", "exit", "resign")
HINT_WORDS = ("?", "h", "hint")
HINT_ROWS = 5
PROMPT = "> "

OVER, QUIT, ENDED = "over", "quit", "ended"  # how a line game ends: its end, `quit`, the input's end
ENDINGS = {QUIT: "you quit", ENDED: "the input ended"}


@dataclass
class Lines:
    """Where the line mode reads and writes (stdin and stdout, or a test's)."""

    read: Callable[[], str | None]  # the next line without its end, None at the end of input
    write: Callable[[str], None]  # one line
    advisor: str | None = None  # hints: an ismcts spec
    advisor_seed: int = 1
    prompt: Callable[[str], None] | None = None  # the prompt, without a line end, on a terminal;
    # None (input from a file or a pipe): each line read is written after the prompt, a transcript


def hand_lines(state: np.ndarray, table: np.ndarray, seat: int) -> list[str]:
    """The seat's own hand and set-aside cards, with damage, dragon and effect."""
    b = C.P_BASE + seat * C.P_SIZE
    out = []
    for what, at in (("your hand", C.P_HAND_N), ("set aside", C.P_ASIDE_N)):
        n = int(state[b + at])
        if n or what == "your hand":
            cards = [card_text(table, int(c)) for c in state[b + at + 1 : b + at + 1 + n]]
            out.append(f"{what}: " + (", ".join(cards) if cards else "none"))
    return out


def position_lines(v: Versus) -> list[str]:
    """The position as the person's seat sees it, and the decision."""
    obs = v.observation()
    table = v.game.table
    board = describe(obs, table).splitlines()[1:]  # its first line says what decision_line says
    return [*board, *hand_lines(obs, table, v.seat), decision_line(obs, table, v.seat)]


LISTED = re.compile(r"^\d+\.\s+(?P<text>\S.*)$")  # a line of the list copied whole: "2. play green 4-1 left"


def choice(v: Versus, text: str) -> int:
    """The action a line names: its number in the list, its text (the notation), or a line of
    the list copied whole, whose text counts (a number means another action at the next
    decision; a script should give the text). BadInput otherwise."""
    legal = v.legal()
    word = text.strip()
    listed = LISTED.match(word)
    if listed:
        word = listed["text"]
    if word.isdigit():
        k = int(word)
        if not 1 <= k <= len(legal):
            raise BadInput(f"{word}: give a number 1..{len(legal)}, an action's notation, 'hint' or 'quit'")
        return legal[k - 1][0]
    return v.game.action_code(word)


def hint_lines(v: Versus, io: Lines) -> list[str]:
    from emr_sim.games.emr.face.advise import advise

    if io.advisor is None:
        return ["no advisor: give --advisor ismcts:N for hints"]
    table = advise(v.game, io.advisor, io.advisor_seed)
    lines = [f"hint: {table['player']}, seed {table['seed']} (visits, estimated win rate):"]
    for row in table["actions"][:HINT_ROWS]:
        rate = "-" if row["visits"] == 0 else f"{100 * row['win_rate']:.1f}%"
        lines.append(f"  {row['visits']:>7}  {rate:>6}  {row['action']}")
    return lines


def ask(v: Versus, io: Lines) -> int | str:
    """Read lines until one names a legal action (its code) or ends the game (QUIT, ENDED)."""
    while True:
        if io.prompt:
            io.prompt(PROMPT)
        line = io.read()
        if line is None:
            return ENDED
        if not io.prompt:
            io.write(PROMPT + line)
        word = line.strip().lower()
        if not word:
            continue
        if word in QUIT_WORDS:
            return QUIT
        if word in HINT_WORDS:
            for text in hint_lines(v, io):
                io.write(text)
            continue
        try:
            return choice(v, line)
        except BadInput as err:
            io.write(f"not an action here: {err}")


def human_turn(v: Versus, io: Lines) -> str | None:
    """One decision of the person: forced, or asked. QUIT or ENDED, else None."""
    forced = v.forced()
    if forced is not None:
        io.write(f"(forced) {dict(v.legal())[forced]}")
        _apply(v, io, forced)
        return None
    for text in position_lines(v):
        io.write(text)
    for k, (_code, text) in enumerate(v.legal(), start=1):
        io.write(f"  {k:>2}. {text}")
    got = ask(v, io)
    if isinstance(got, str):
        return got
    _apply(v, io, got)
    return None


def _apply(v: Versus, io: Lines, code: int) -> None:
    for text in v.log_lines(v.apply(code)):
        io.write(text)


def play_lines(v: Versus, io: Lines) -> str:
    """Play the game to its end or until the person quits or the input ends; how it ended."""
    opp = v.opponent
    io.write(f"you are P{v.seat}, against {v.spec.text} (P{opp}); seed {v.setup.seed}, game {v.setup.index}")
    if v.setup.heroes:
        io.write(f"masters: you {v.setup.heroes[v.seat]}, P{opp} {v.setup.heroes[opp]}")
    for text in v.log_lines(v.steps[0]):
        io.write(text)
    while not v.over:
        if v.human_to_move:
            ended = human_turn(v, io)
            if ended:
                io.write(f"{ENDINGS[ended]} at turn {int(v.game.state[C.H_TURN])}: the game is abandoned")
                return ended
        else:
            _apply(v, io, v.think())
    io.write(summary_line(v.game.state))
    return OVER


def run_line_game(v: Versus, io: Lines, save: str | None = None) -> str:
    """Play (play_lines), then write the game record to SAVE (finished or abandoned)."""
    from emr_sim.files.write import write_text
    from emr_sim.games.emr.face.saved import dumps_record

    ended = play_lines(v, io)
    if save:
        write_text(save, dumps_record(v.record(), v.game))  # WriteError: the CLI's exit 3
        io.write(f"saved the game to {save}")
    return ended
