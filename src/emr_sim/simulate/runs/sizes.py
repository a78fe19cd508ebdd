"""Run sizes checked before anything is played or written.

A run that cannot finish should say so at once, not after it has eaten the machine's memory
or left a run directory behind: the number of games must be one the kernels count exactly,
and the games a run keeps must fit in memory. Without records a matchup streams (memory flat
in -n, emr_sim.simulate.play.runner), so only its count is checked.
"""

from __future__ import annotations

import os

# The most games of one run (one matchup, one matrix cell): the aggregate sums per-game
# counters in int64, which holds 10**12 games of up to 9 million turns or decisions each;
# at about 20,000 games a second it is also some 1.5 years of play.
MAX_GAMES = 10**12
# Bytes of memory a kept game takes, from its first move to the tables printed about it: the
# compact columns while it is played (records.BYTES_PER_GAME, 73), then writing the cell,
# reading the run back and the analysis of `matrix`: 343 bytes a game measured for a
# 1,000,000-game cell (docs/matrix.md, "Memory"). A matchup's records take less.
HELD_BYTES_PER_GAME = 350
# ... and with the card events (--cards), whose 36 int64 columns (records.CARD_COLUMNS, 288
# bytes) are held the same ways: CARD_HELD_BYTES_PER_GAME more (a 1,000,000-game cell peaked
# at 1,412 MB with them, 614 MB without: 798 bytes a game; docs/matrix.md, "Memory").
CARD_HELD_BYTES_PER_GAME = 800


def check_games(games: int, option: str = "-n") -> None:
    """ValueError when `games` is not a count of games a run can play."""
    if games > MAX_GAMES:
        most = f"{MAX_GAMES:,} games, the most one run counts exactly"
        raise ValueError(f"{option} {games:,} is more than {most}")


def machine_memory() -> int | None:
    """Bytes of physical memory, or None where the system does not say."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def shown_bytes(n: float) -> str:
    """A byte count as people read it: 73.0 MB, 1.2 GB, 466.0 TB."""
    for unit in ("bytes", "kB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError("unreachable")


def check_memory(games: int, what: str, memory: int | None = None, cards: bool = False) -> None:
    """ValueError when keeping `games` games (what: "the records of -n 10") would need more
    memory than the machine has; `memory` stands in for the machine's (tests); `cards`: with
    the card events (--cards)."""
    each = HELD_BYTES_PER_GAME + (CARD_HELD_BYTES_PER_GAME if cards else 0)
    check_bytes(games * each, what, f"{games:,} games at {each} bytes each", "play fewer games", memory)


def check_bytes(need: int, what: str, how: str, instead: str, memory: int | None = None) -> None:
    """ValueError in one line when `need` bytes (`how` they add up) are more than the machine's
    memory: '{what} would need about 35.0 TB of memory ({how}), more than this machine's 25.3
    GB: {instead}'."""
    have = machine_memory() if memory is None else memory
    if have is not None and need > have:
        raise ValueError(
            f"{what} would need about {shown_bytes(need)} of memory ({how}), more than this "
            f"machine's {shown_bytes(have)}: {instead}"
        )
