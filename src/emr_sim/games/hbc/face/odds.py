"""HBC's exact battle odds for people (docs/hbc.md, "Battle odds"): a side given as numbers
(`3/5+3`: dice 3, hit 5, attack value +3) or as a card of the set, one battle's chances and
each side's attack values, and the table over dice count 1-5 x hit 1-6 that says what one
more die is worth in hit or in flat attack value. Every number comes from the rules' own
kernels (rules/odds.py: convolution, no sampling; rules/battle.py: a card's numbers)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from emr_sim.errors import BadInput, quoted
from emr_sim.games.contract import Made
from emr_sim.games.hbc.rules import layout as L

if TYPE_CHECKING:
    import pandas as pd

SIDE_FORM = re.compile(r"(?P<dice>[0-9]{1,2})/(?P<hit>[0-9])(?P<flat>[+-][0-9]{1,2})?")
TABLE_DICE = range(1, 6)
TABLE_HITS = range(1, 7)
MAX_FLAT = 30


@dataclass(frozen=True)
class Side:
    """One side of a battle: what it rolls and adds, and what it is (a card id, or numbers)."""

    dice: int
    hit: int
    flat: int
    label: str


def parse_side(made: Made, text: str, foe_text: str) -> Side:
    """`D/H[+F]` (dice 0..12, hit 0..6, flat -30..30), or a card id of the set: its numbers
    against the other side's card (abilities vs attributes, HBC-MODS)."""
    m = SIDE_FORM.fullmatch(text.strip())
    if m:
        dice, hit, flat = int(m["dice"]), int(m["hit"]), int(m["flat"] or 0)
        if not (0 <= dice <= L.MAX_DICE and 0 <= hit <= L.MAX_HIT and abs(flat) <= MAX_FLAT):
            raise BadInput(f"{quoted(text)}: dice 0..{L.MAX_DICE}, hit 0..{L.MAX_HIT}, flat -30..+30")
        return Side(dice, hit, flat, f"dice {dice}, hit {hit}" + (f", {flat:+d}" if flat else ""))
    cards = made.extra
    me = card_index(made, text)
    foe = card_index(made, foe_text) if not SIDE_FORM.fullmatch(foe_text.strip()) else me
    from emr_sim.games.hbc.rules.numbers import card_dice, card_flat, card_hit

    G = made.G
    return Side(
        int(card_dice(G, me, foe, 0)), int(card_hit(G, me, foe, 0)), int(card_flat(G, me, foe, 0)),
        cards.cards[me].id,
    )  # fmt: skip


def card_index(made: Made, text: str) -> int:
    cards = made.extra
    ids = [c.id for c in cards.cards]
    if text not in ids:
        raise BadInput(f"{quoted(text)}: not D/H[+F] (e.g. 3/5+3) and not a card of the set {cards.name}")
    index = ids.index(text)
    if cards.cards[index].kind != L.KIND_CHARACTER:
        raise BadInput(f"{quoted(text)}: a support card never fights (HBC-D-NOT-FIGHTERS)")
    return index


def tables() -> tuple[np.ndarray, np.ndarray]:
    from emr_sim.games.hbc.face.tables import value_tables

    return value_tables()


def values(side: Side) -> list[tuple[int, int, int]]:
    """A side's attack values: (value, face sequences giving it, out of 6**dice)."""
    counts, _ = tables()
    row = counts[side.dice, side.hit]
    return [(v + side.flat, int(row[v]), 6**side.dice) for v in range(len(row)) if row[v]]


def battle(attacker: Side, defender: Side, cap: int) -> dict:
    """One battle's chances, exactly: one roll's counts (won, lost, tied out of 6**(dice
    of both)), and the battle's with ties rolled again up to `cap` rolls (HBC-D-REROLL)."""
    from emr_sim.games.hbc.rules.odds import roll_counts, with_rerolls

    counts, cumul = tables()
    a, d = attacker, defender
    won, lost = roll_counts(counts, cumul, a.dice, a.hit, a.flat, d.dice, d.hit, d.flat)
    total = 6 ** (a.dice + d.dice)
    tied = total - int(won) - int(lost)
    w, lo, given_up = with_rerolls(int(won) / total, int(lost) / total, tied / total, cap)
    return {
        "attacker": a.label,
        "defender": d.label,
        "one_roll": {"won": int(won), "lost": int(lost), "tied": tied, "of": total},
        "reroll_cap": cap,
        "won": float(w),
        "lost": float(lo),
        "given_up": float(given_up),
    }


def odds_report(made: Made, attacker: str, defender: str, cap: int | None = None) -> dict:
    """`emr-sim odds --game hbc A D`: the battle and each side's values."""
    cap = int(made.G[L.G_RULES][L.P_REROLL_CAP]) if cap is None else cap
    a = parse_side(made, attacker, defender)
    d = parse_side(made, defender, attacker)
    report = battle(a, d, cap)
    report["values"] = {"attacker": values(a), "defender": values(d)}
    return report


def odds_text(report: dict) -> str:
    one = report["one_roll"]
    lines = [
        f"{report['attacker']} attacks {report['defender']}",
        f"one roll: won {one['won']}, lost {one['lost']}, tied {one['tied']} of {one['of']} "
        f"({one['won'] / one['of']:.4%} / {one['lost'] / one['of']:.4%} / {one['tied'] / one['of']:.4%})",
        f"the battle, ties rolled again up to {report['reroll_cap']} rolls: won {report['won']:.6f}, "
        f"lost {report['lost']:.6f}, given up {report['given_up']:.3g}",
    ]
    for who in ("attacker", "defender"):
        shown = ", ".join(f"{v}: {n}/{of}" for v, n, of in report["values"][who])
        lines.append(f"{who}'s attack values: {shown}")
    return "\n".join(lines)


# ---------------------------------------------------------------- the dice x hit table


def mirror(side: Side, change: Side, cap: int) -> float:
    """The chance that `change` beats `side` (the same card with something changed)."""
    return battle(change, side, cap)["won"]


def equivalent(target: float, chances: list[float]) -> float:
    """Where `target` falls on the increasing curve chances[0], chances[1], ... (the change's
    size, interpolated linearly; nan beyond the curve)."""
    for k in range(1, len(chances)):
        low, high = chances[k - 1], chances[k]
        if low <= target <= high and high > low:
            return k - 1 + (target - low) / (high - low)
    return float("nan")


def die_worth(dice: int, hit: int, cap: int) -> dict:
    """For a card of (dice, hit) against its own twin: the chance that one more die, one
    more hit, one more attack value wins; one more die's worth in flat attack value and in
    hit (the change that wins as often, interpolated)."""
    base = Side(dice, hit, 0, "")
    die = mirror(base, Side(dice + 1, hit, 0, ""), cap)
    flats = [mirror(base, Side(dice, hit, f, ""), cap) for f in range(0, MAX_FLAT + 1)]
    hits = [mirror(base, Side(dice, h, 0, ""), cap) for h in range(hit, L.MAX_HIT + 1)]
    return {
        "dice": dice,
        "hit": hit,
        "mean_value": dice * hit * (hit + 1) / 12,
        "win_one_more_die": die,
        "win_one_more_hit": hits[1] if len(hits) > 1 else float("nan"),
        "win_plus_one": flats[1],
        "die_in_attack_value": equivalent(die, flats),
        "die_in_hit": equivalent(die, hits),
    }


def worth_table(cap: int = 100) -> pd.DataFrame:
    """die_worth over dice count 1-5 x hit 1-6."""
    import pandas as pd

    return pd.DataFrame([die_worth(d, h, cap) for d in TABLE_DICE for h in TABLE_HITS])
