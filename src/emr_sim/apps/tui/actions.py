"""The legal actions as a list, each with the key that picks it (1-9, 0, then a-z).

A key highlights its action (the board shows where a play goes); the same key again, or
Enter, confirms it. Up and down move the highlight; actions past the 36th have no key.
"""

from __future__ import annotations

from textual.widgets import OptionList
from textual.widgets.option_list import Option

KEYS = "1234567890abcdefghijklmnopqrstuvwxyz"


def key_of(index: int) -> str:
    return KEYS[index] if index < len(KEYS) else " "


class ActionList(OptionList):
    """The pending decision's legal actions (code, notation) in the project's notation."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.codes: list[int] = []

    def show(self, legal: list[tuple[int, str]]) -> None:
        """List these actions, the first highlighted."""
        self.clear_options()
        self.codes = [code for code, _text in legal]
        self.add_options(
            [Option(f"[{key_of(k)}] {text}", id=str(code)) for k, (code, text) in enumerate(legal)]
        )
        self.highlighted = 0 if legal else None

    def empty(self, why: str) -> None:
        """No action to take: say why (the program thinks, the game is over)."""
        self.clear_options()
        self.codes = []
        self.add_option(Option(why, disabled=True))

    def index_of_key(self, key: str) -> int | None:
        """The list index a key picks, or None."""
        k = KEYS.find(key) if len(key) == 1 else -1
        return k if 0 <= k < len(self.codes) else None

    @property
    def code(self) -> int | None:
        """The highlighted action's code."""
        k = self.highlighted
        return self.codes[k] if k is not None and k < len(self.codes) else None
