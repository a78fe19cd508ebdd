"""Progress bars on stderr: one over a run's games, one per master over a tuning's generations.
Shown only on a terminal and without --quiet; tqdm is imported when a bar is made (0.05 s)."""

from __future__ import annotations

import sys


def progress_bar(games: int, quiet: bool):
    """A tqdm bar on stderr with games/s and time left, shown after a second, on a terminal."""
    from tqdm import tqdm  # 0.05 s, only for the commands that play

    show = not quiet and sys.stderr.isatty()
    return tqdm(total=games, unit="game", file=sys.stderr, disable=not show, delay=1.0, smoothing=0.1)


class TuneBar:
    """A tqdm bar per (round, master) over its generations, with the mean's score."""

    def __init__(self, generations: int, quiet: bool):
        self.generations, self.quiet, self.bar = generations, quiet, None

    def start(self, rnd: int, hero: str) -> None:
        from tqdm import tqdm

        self.close()
        show = not self.quiet and sys.stderr.isatty()
        desc = f"round {rnd}, {hero}"
        self.bar = tqdm(total=self.generations, unit="gen", desc=desc, file=sys.stderr, disable=not show)

    def step(self, entry: dict) -> None:
        if self.bar is not None:
            self.bar.n = entry["generation"]
            self.bar.set_postfix_str(f"mean {100 * entry['mean']:.1f}%")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def result_printer(self, say, describe):
        """on_result: close the master's bar, then say describe(result) (nothing for None)."""

        def printer(result: dict) -> None:
            self.close()
            if say is not None:
                say(describe(result))

        return printer
