"""What differs between two run records, in words: the what-if comparison, the report and
the skill section say what changed between two runs with it. Plain Python on the records'
JSON (it imports nothing of the kernels), so a command that only reads runs stays light.
"""

from __future__ import annotations

from dataclasses import dataclass

from emr_sim.errors import cut
from emr_sim.simulate.runs.searchversion import spec_version

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


VALUE_WORDS = 80  # characters of a value said in a difference, at most (a spec may be long)


def in_words(key: str, value) -> str:
    """A run-record value as people read it (cut to VALUE_WORDS characters)."""
    if key == "fury":
        return "on" if value else "off"
    if key == "assignments":
        return "every ordered pair, mirrors too" if value == "every" else "each pair once"
    if isinstance(value, (list, tuple)):
        return cut(", ".join(str(v) for v in value), VALUE_WORDS)
    return "—" if value is None else cut(str(value), VALUE_WORDS)


def record_differences(a: dict, b: dict, keys=tuple(RECORD_WORDS), rules: bool = True) -> list[Difference]:
    """What differs between two run records: the keys (those given, in that order), then (with
    `rules`) the rules option by option (the fury option only when the hero mode itself is not
    listed)."""
    out = [Difference(k, RECORD_WORDS[k], a.get(k), b.get(k)) for k in keys if a.get(k) != b.get(k)]
    if not rules:
        return out
    ra, rb = a.get("rules") or {}, b.get("rules") or {}
    ra, rb = (ra if isinstance(ra, dict) else {}), (rb if isinstance(rb, dict) else {})
    for name in [*ra, *[n for n in rb if n not in ra]]:
        if name == "fury" and "fury" in keys:
            continue  # the hero mode is a key of its own
        if str(ra.get(name)) != str(rb.get(name)):
            out.append(Difference(f"rule {name}", f"rule {name}", ra.get(name, "—"), rb.get(name, "—")))
    return out


# What makes the deals of two runs the same: a cell's deals depend on the run seed, its two
# masters in order (simulate.runs.cells.cell_seed) and the deck; the players, the rules and the
# sizes do not change a deal.
DEAL_KEYS = ("seed", "heroes", "assignments", "deck_sha256", "deck_changes")
PLAYER_KEYS = ("players", "player_specs")
SIZE_KEYS = ("games_per_cell", "until_ci", "max_games")


def difference_words(a: dict, b: dict, keys=tuple(RECORD_WORDS), rules: bool = True) -> list[str]:
    """Every difference of two run records among `keys` (and the rules), in words: a deck by
    its name, compared by its sha256 (a copy under another name is the same deck); player
    specs only when the players' texts are the same (other parameters or book contents)."""
    out = []
    for diff in record_differences(a, b, keys=keys, rules=rules):
        if diff.key == "deck":
            continue  # said with its sha256
        if diff.key == "deck_sha256":
            if a.get("deck_changes") != b.get("deck_changes") and "deck_changes" in keys:
                continue  # said by the card changes of a variant
            same_name = a.get("deck") == b.get("deck")
            what = " (the same file name, other contents)" if same_name else ""
            out.append(f"deck {in_words('deck', a.get('deck'))} → {in_words('deck', b.get('deck'))}{what}")
        elif diff.key == "player_specs":
            if a.get("players") == b.get("players"):
                out.append(spec_words(a.get(diff.key), b.get(diff.key)))
        else:
            out.append(diff.words())
    return out


def spec_words(a: object, b: object) -> str:
    """What differs between the player specs of the same players' texts, in words."""
    olds, news = (v if isinstance(v, list) else [] for v in (a, b))
    versions = [(spec_version(x), spec_version(y)) for x, y in zip(olds, news, strict=False)]
    moved = sorted({f"{x} → {y}" for x, y in versions if x != y}, key=str)
    if moved:
        return f"search version {', '.join(moved)} (the same texts, another search)"
    return "player specs (the same names, other parameters or book contents)"


def deal_differences(a: dict, b: dict) -> list[str]:
    """What makes two runs play other deals (DEAL_KEYS), in words; empty: the same deals."""
    return difference_words(a, b, keys=DEAL_KEYS, rules=False)


def game_differences(a: dict, b: dict) -> list[str]:
    """What else than the players, the sizes and the deals differs (hero mode, rules, emr-sim
    version), in words: the same deals played under other rules."""
    return difference_words(a, b, keys=("version", "fury"))
