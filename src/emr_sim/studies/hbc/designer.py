"""What a designer of HBC asks, at 2-5 players (docs/hbc-report.md): each question answered by
playing (studies/hbc/play.py) and counting, with 95 % intervals over deals (a deal's rotations
are one unit) and Holm's correction where many cards are compared at once.

    first_player        the first player's share of the wins, against 1/N, by player count
    deck_matrix         each deck's share against each other deck at 2 players
    card_rates          each card's share when in the deck and when played, Holm-adjusted
    card_values         a die, a point of hit, each ability: paired, the same deals with the card
                        changed (the example set)
    number_values       one more die, one more hit: paired, at 2-5 players (the vanilla set)
    coins               which coins attacks name and how they fare; the master card's battles
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from statsmodels.stats.multitest import multipletests

from emr_sim.analysis.tables import first_player as first_player_share
from emr_sim.games import registry
from emr_sim.games.contract import Made
from emr_sim.simulate.tables.lineup import Lineup, parse_lineup
from emr_sim.studies.hbc.play import LOG_PREFIX, play_games

Z95 = 1.959963984540054
CELL_APART = 10**7  # deal numbers of different seatings kept apart (one unit per deal and seating)
HOLM_ALPHA = 0.05


@dataclass(frozen=True)
class Study:
    """What every question plays with: players, seed, deals per comparison, threads."""

    players: str = "greedy"
    seed: int = 20261202
    deals: int = 2000
    workers: int = 2

    def made(self, seats: int, data: str | None = None) -> Made:
        return registry.get("hbc").make(seats, {}, data)

    def lineup(self, made: Made) -> Lineup:
        return parse_lineup(made.game, self.players, made.n_seats)

    def play(self, made: Made, entities, deals: int | None = None) -> pd.DataFrame:
        return play_games(made, self.lineup(made), self.seed, entities, deals or self.deals, self.workers)


def mean_ci(values: pd.Series, deals: pd.Series) -> tuple[float, float, float, int]:
    """(mean, low, high, deals): the mean of per-deal means, its normal 95 % interval."""
    per_deal = values.groupby(deals.to_numpy()).mean()
    n = len(per_deal)
    mean = float(per_deal.mean())
    half = Z95 * float(per_deal.std(ddof=1)) / np.sqrt(n) if n > 1 else float("nan")
    return mean, mean - half, mean + half, n


def z_pvalue(values: pd.Series, deals: pd.Series, null: float) -> float:
    from scipy.stats import norm

    per_deal = values.groupby(deals.to_numpy()).mean()
    se = float(per_deal.std(ddof=1)) / np.sqrt(len(per_deal))
    return float(2 * norm.sf(abs(per_deal.mean() - null) / se)) if se > 0 else 1.0


def row(label: dict, values: pd.Series, deals: pd.Series, null: float | None = None) -> dict:
    mean, low, high, n = mean_ci(values, deals)
    out = {**label, "mean": mean, "low": low, "high": high, "deals": n}
    if null is not None:
        out["p"] = z_pvalue(values, deals, null)
    return out


def holm(frame: pd.DataFrame) -> pd.DataFrame:
    """Holm-adjusted p-values (p_holm) and whether each is below HOLM_ALPHA (significant)."""
    if frame.empty:
        return frame.assign(p_holm=[], significant=[])
    reject, adjusted, _, _ = multipletests(frame["p"].to_numpy(), alpha=HOLM_ALPHA, method="holm")
    return frame.assign(p_holm=adjusted, significant=reject)


def seatings(made: Made) -> list[np.ndarray]:
    """The set's decks seated every way: every set of N different decks."""
    decks = range(len(made.game.entities))
    return [np.array(c, dtype=np.int64) for c in itertools.combinations(decks, made.n_seats)]


def every_seating(study: Study, made: Made) -> pd.DataFrame:
    """study.deals / 5 deals of every seating (its deals numbered apart)."""
    frames = []
    for c, entities in enumerate(seatings(made)):
        games = study.play(made, entities, max(1, study.deals // 5))
        frames.append(games.assign(deal=games["deal"].astype(np.int64) + c * CELL_APART))
    return pd.concat(frames, ignore_index=True)


# ---------------------------------------------------------------- the questions


def first_player(study: Study, seat_counts=(2, 3, 4, 5)) -> pd.DataFrame:
    """The first player's share of the wins by player count (fair: 1/N), the example decks
    seated every way: analysis/tables.first_player, the statistic of any game's table runs
    (the deal as the unit; its p-value against 1/N is one row's, so Holm leaves it as it is)."""
    rows: list[dict] = []
    for n in seat_counts:
        made = study.made(n)
        first = first_player_share(every_seating(study, made), n).iloc[0]  # the tables' statistic
        rows.append({"seats": n, "fair": 1 / n, "mean": first["share"], "low": first["low"],
                     "high": first["high"], "deals": int(first["deals"]), "p": first["p_value"]})  # fmt: skip
    return pd.DataFrame(rows)


def deck_matrix(study: Study) -> pd.DataFrame:
    """Each deck's share of the wins against each other deck, 2 players, both seat orders."""
    made = study.made(2)
    names = made.game.entities
    rows = []
    for a, b in itertools.combinations(range(len(names)), 2):
        games = study.play(made, [a, b])
        mine = games[games["entity"] == names[a]]
        rows.append(row({"deck": names[a], "against": names[b]}, mine["share"], mine["deal"], 0.5))
        rows.append(
            {
                **rows[-1],
                "deck": names[b],
                "against": names[a],
                "mean": 1 - rows[-1]["mean"],
                "low": 1 - rows[-1]["high"],
                "high": 1 - rows[-1]["low"],
            }
        )
    return pd.DataFrame(rows)


def card_rates(study: Study, seats: int = 2) -> pd.DataFrame:
    """Each card's share when in the deck and when played (any copy shown in battle or used),
    against the fair share, Holm-adjusted over every card and both readings. Played cards are
    chosen by the players: a card played when winning looks good; the paired values below
    (card_values) are the causal reading."""
    made = study.made(seats)
    cards = made.extra
    games = every_seating(study, made)
    rows = []
    for index, card in enumerate(cards.cards):
        holders = [d.name for d in cards.decks if index == d.master or index in d.rest]
        if not holders:
            continue
        in_deck = games[games["entity"].isin(holders)]
        rows.append(
            row({"card": card.id, "reading": "in deck"}, in_deck["share"], in_deck["deal"], 1 / seats)
        )
        bits = np.zeros(len(in_deck), dtype=bool)
        for deck in (d for d in cards.decks if d.name in holders):
            copies = [j for j, c in enumerate((deck.master, *deck.rest)) if c == index]
            mask = sum(1 << j for j in copies)
            bits |= (
                (in_deck["entity"] == deck.name) & ((in_deck[LOG_PREFIX + "played"] & mask) != 0)
            ).to_numpy()
        played = in_deck[bits]
        if len(played["deal"].unique()) > 1:
            rows.append(
                row({"card": card.id, "reading": "when played"}, played["share"], played["deal"], 1 / seats)
            )
    return holm(pd.DataFrame(rows))


def variant(made: Made, card_id: str, dice: int = 0, hit: int = 0, no_ability: bool = False) -> Made:
    """The game with one card changed (its dice count, its hit, its ability taken away)."""
    from emr_sim.games.hbc.face.game import constants
    from emr_sim.games.hbc.rules import layout as L

    cards = made.extra
    i = cards.index(card_id)
    table = cards.table.copy()
    table[i, L.CF_DICE] = min(max(table[i, L.CF_DICE] + dice, 1), 8)
    table[i, L.CF_HIT] = min(max(table[i, L.CF_HIT] + hit, 1), L.MAX_HIT)
    if no_ability:
        for k in range(L.MAX_TERMS):
            table[i, L.CF_TERMS + k * L.TERM_SIZE : L.CF_TERMS + (k + 1) * L.TERM_SIZE] = (
                L.EF_NONE,
                0,
                L.NO_ATTR,
            )
    changed = dataclasses.replace(cards, table=table)
    return dataclasses.replace(made, G=constants(changed, made.rules), extra=changed)


CHANGES: dict[str, dict[str, Any]] = {
    "one more die": {"dice": 1},
    "one more hit": {"hit": 1},
    "no ability": {"no_ability": True},
}


def member_gain(a: pd.DataFrame, b: pd.DataFrame, member: int) -> tuple[pd.Series, pd.Series]:
    """Per game of the same deals, member's share in b less its share in a; the deals."""
    mine = (a["member"] == member).to_numpy()
    gain = b["share"].to_numpy()[mine] - a["share"].to_numpy()[mine]
    return pd.Series(gain), pd.Series(a["deal"].to_numpy()[mine].astype(np.int64))


def paired(study: Study, base: Made, changed: Made, entities, member: int) -> tuple[pd.Series, pd.Series]:
    """Per game, member's share with the change less without it, on the same deals."""
    a = study.play(base, entities)
    b = study.play(changed, entities)
    return member_gain(a, b, member)


def card_values(study: Study) -> pd.DataFrame:
    """For each character of the example decks and each change (one more die, one more hit
    where below 6, no ability where it has one): the share gained by its deck against each
    other deck at 2 players, the same deals with and without the change; Holm-adjusted."""
    made = study.made(2)
    cards = made.extra
    rows = []
    for index, card in enumerate(cards.cards):
        holders = [k for k, d in enumerate(cards.decks) if index == d.master or index in d.rest]
        if card.kind != 0 or not holders:
            continue
        for label, change in CHANGES.items():
            if (label == "one more hit" and card.hit == 6) or (label == "no ability" and not card.terms):
                continue
            other = variant(made, card.id, **change)
            diffs, deals = [], []
            for deck in holders:
                for foe in (k for k in range(len(cards.decks)) if k != deck):
                    d, g = paired(study, made, other, [deck, foe], 0)
                    diffs.append(d)
                    deals.append(g + foe * CELL_APART)
            rows.append(row({"card": card.id, "change": label}, pd.concat(diffs), pd.concat(deals), 0.0))
    return holm(pd.DataFrame(rows))


def number_values(study: Study, seat_counts=(2, 3, 4, 5), base: str = "d3h4") -> pd.DataFrame:
    """One more die and one more hit in win rate, at 2-5 players, paired: every seat plays the
    vanilla deck `base` (ten copies of one card), then member 0 plays it with one more die (or
    hit) on its master card only, on one of its nine other cards only, or on all ten; its share
    gained on the same deals."""
    d, h = int(base[1]), int(base[3])
    rows = []
    for n in seat_counts:
        made = study.made(n, "vanilla")
        for label, other in (("one more die", f"d{d + 1}h{h}-none"), ("one more hit", f"d{d}h{h + 1}-none")):
            for where, slots in (("the master card", (0,)), ("one other card", (1,)), ("all ten", range(10))):
                changed = with_deck(made, base, other, slots)
                same = [made.game.entities.index(base)] * n
                diff, deals = paired_decks(study, changed, same, [len(changed.game.entities) - 1] + same[1:])
                label_row = {"seats": n, "base": base, "change": f"{label}, {where}", "fair": 1 / n}
                rows.append(row(label_row, diff, deals, 0.0))
    return pd.DataFrame(rows)


def with_deck(made: Made, base: str, card_id: str, slots) -> Made:
    """The game with one more deck: `base` with the cards at positions `slots` (0 its master
    card, 1..9 the others) replaced by card_id; its name `base*`."""
    from emr_sim.games.hbc.face.game import constants
    from emr_sim.games.hbc.face.pool import Deck, deck_table

    cards = made.extra
    old = cards.decks[cards.deck_names.index(base)]
    order = [old.master, *old.rest]
    for j in slots:
        order[j] = cards.index(card_id)
    deck = Deck(base + "*", order[0], tuple(order[1:]), old.path)
    decks = (*cards.decks, deck)
    changed = dataclasses.replace(cards, decks=decks, decks_table=deck_table(list(decks)))
    game = dataclasses.replace(made.game, entities=changed.deck_names)
    return dataclasses.replace(made, game=game, G=constants(changed, made.rules), extra=changed)


def paired_decks(study: Study, made: Made, base, changed) -> tuple[pd.Series, pd.Series]:
    a = study.play(made, base)
    b = study.play(made, changed)
    return member_gain(a, b, 0)


def coins(study: Study, seat_counts=(2, 3, 4, 5)) -> pd.DataFrame:
    """Which coin attacks name (share of named coins) and how often such attacks win; the
    master card's attacks and defences and how often they win; by player count."""
    rows = []
    for n in seat_counts:
        made = study.made(n)
        games = every_seating(study, made)
        aimed = [int(games[f"{LOG_PREFIX}aimed_{k}"].sum()) for k in (1, 2, 3)]
        won = [int(games[f"{LOG_PREFIX}aimed_won_{k}"].sum()) for k in (1, 2, 3)]
        for k in range(3):
            rows.append(
                {
                    "seats": n,
                    "what": f"aim at a {k + 1}-point coin",
                    "count": aimed[k],
                    "share": aimed[k] / max(1, sum(aimed)),
                    "won": won[k] / max(1, aimed[k]),
                }
            )
        for what, col in (
            ("attack with the master card", "master_attacks"),
            ("defend with the master card", "master_defences"),
        ):
            count = int(games[LOG_PREFIX + col].sum())
            rows.append(
                {
                    "seats": n,
                    "what": what,
                    "count": count,
                    "share": count / len(games),
                    "won": int(games[f"{LOG_PREFIX}{col}_won"].sum()) / max(1, count),
                }
            )
    return pd.DataFrame(rows)
