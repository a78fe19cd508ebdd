"""What differs between two run records, in words: the what-if comparison, the report and
the skill section say what changed between two runs with it. Plain Python on the records'
JSON (it imports nothing of the kernels), so a command that only reads runs stays light.
"""

from __future__ import annotations

from dataclasses import dataclass

# The keys of a run record in words.
RECORD_WORDS = {
    "version": "emr-sim version",
    "seed": "seed",
    "players": "players (side A, side B)",
    "player_specs": "player parameters and books",
    "fury": "hero mode (fury)",
    "deck": "deck",
    "deck_sha256": "deck sha256",
    "deck_changes": "deck changes",
    "heroes": "heroes",
    "games_per_cell": "games per cell",
    "until_ci": "until interval ±",
    "max_games": "max games per cell",
    "assignments": "hero assignments",
    "cards": "card events (--cards)",
}


@dataclass(frozen=True)
class Difference:
    """One entry that differs between two run records: its key, in words, both values."""

    key: str
    what: str
    before: object
    after: object

    def words(self) -> str:
        name = self.key.removeprefix("rule ")
        return f"{name} {in_words(self.key, self.before)} → {in_words(self.key, self.after)}"


def in_words(key: str, value) -> str:
    """A run-record value as people read it."""
    if key == "fury":
        return "on" if value else "off"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "—" if value is None else str(value)


def record_differences(a: dict, b: dict, keys=tuple(RECORD_WORDS)) -> list[Difference]:
    """What differs between two run records: the keys (those given, in that order), then the
    rules option by option (the fury option only when the hero mode itself is not listed)."""
    out = [Difference(k, RECORD_WORDS[k], a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
    ra, rb = a.get("rules") or {}, b.get("rules") or {}
    for name in [*ra, *[n for n in rb if n not in ra]]:
        if name == "fury" and "fury" in keys:
            continue  # the hero mode is a key of its own
        if str(ra.get(name)) != str(rb.get(name)):
            out.append(Difference(f"rule {name}", f"rule {name}", ra.get(name, "—"), rb.get(name, "—")))
    return out
