"""The set-up screen: your master and the opponent's (or none: fury off), your seat, the
program you play (any player spec), the rules options and the deal's seed. The command
line's options fill it in; Enter on "Play" (focused at the start) begins the game. A bad
field is named under the form and the game does not start.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from emr_sim.games.emr import codes as C
from emr_sim.games.emr.face.versus import Setup

NO_MASTER = "none"  # fury off
MASTERS = [(f"{NO_MASTER} (fury off)", NO_MASTER)] + [(name, name) for name in C.HERO_NAMES]


def rules_text(rules: dict[str, str]) -> str:
    """The options set differently from the defaults, as NAME=VALUE words (fury apart)."""
    from emr_sim.games.emr.options import default_options, describe_options

    defaults = describe_options(default_options())
    return " ".join(f"{k}={v}" for k, v in rules.items() if k != "fury" and defaults.get(k) != v)


def parse_rules(text: str) -> dict[str, str]:
    """NAME=VALUE words (spaces or commas between them); ValueError naming a bad one."""
    from emr_sim.games.emr.options import parse_rule

    return dict(parse_rule(word) for word in text.replace(",", " ").split())


class SetupScreen(Screen):
    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    SetupScreen { align: center middle; }
    SetupScreen > Vertical { width: 90; height: auto; border: round $accent; padding: 1 2; }
    SetupScreen Grid { grid-size: 2; grid-columns: 24 1fr; grid-rows: 3; height: auto; }
    SetupScreen Label { padding: 1 0 0 0; }
    SetupScreen #problem { color: $error; height: auto; padding: 1 0 0 0; }
    SetupScreen #play { margin: 1 0 0 0; }
    """

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        s = self.setup
        mine, theirs = (s.heroes[s.seat], s.heroes[1 - s.seat]) if s.heroes else (NO_MASTER, NO_MASTER)
        opponent = s.opponent if isinstance(s.opponent, str) else s.opponent.text
        with Vertical():
            yield Static("[b]Play 8 Masters' Revenge against a program[/b]")
            with Grid():
                yield Label("Your master")
                yield Select(MASTERS, value=mine, allow_blank=False, id="mine")
                yield Label("Opponent's master")
                yield Select(MASTERS, value=theirs, allow_blank=False, id="theirs")
                yield Label("Your seat")
                yield Select([("P0", 0), ("P1", 1)], value=s.seat, allow_blank=False, id="seat")
                yield Label("Opponent (player spec)")
                yield Input(opponent, id="opponent")
                yield Label("Seed")
                yield Input(str(s.seed), id="seed")
                yield Label("Rules (NAME=VALUE ...)")
                yield Input(rules_text(s.rules), id="rules")
            yield Static("", id="problem")
            yield Button("Play", id="play", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def read_form(self) -> Setup:
        """The set-up the form describes, checked (BadInput or ValueError naming the problem)."""
        from emr_sim.errors import BadInput

        seat = int(self.query_one("#seat", Select).value)  # type: ignore[arg-type]
        mine, theirs = (str(self.query_one(f"#{w}", Select).value) for w in ("mine", "theirs"))
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.lstrip("-").isdigit() or not -(2**63) <= int(seed_text) < 2**63:
            raise BadInput(f"seed {seed_text!r}: give a whole number")
        rules = parse_rules(self.query_one("#rules", Input).value)
        heroes = None
        if NO_MASTER in (mine, theirs):
            if mine != theirs:
                raise BadInput("give both masters, or none for both (fury off)")
            rules.setdefault("fury", "off")  # fury=on in the rules: masters drawn (hero_select=random)
        else:
            heroes = (mine, theirs) if seat == 0 else (theirs, mine)
        opponent = self.query_one("#opponent", Input).value.strip()
        s = self.setup
        return Setup(seat, opponent, int(seed_text), s.index, heroes, rules, s.deck).checked()

    def start(self) -> None:
        from emr_sim.errors import INPUT_ERRORS

        try:
            setup = self.read_form()
        except INPUT_ERRORS as err:
            self.query_one("#problem", Static).update(f"cannot start: {err}")
            return
        self.query_one("#problem", Static).update("")
        self.setup = setup
        self.app.start_game(setup)  # type: ignore[attr-defined]
