"""Per-card statistics of games played with --cards: how a master's games went when it drew,
played or never drew a card (the card-quality measures of card-game analytics sites).

games frame with the card sets (emr_sim.simulate.runs.records.CARD_COLUMNS)
    -> card_counts     card x master x opponent x event: game-sides with the event, wins, draws
    -> side_totals     master x opponent: every game-side, wins, draws
        -> card_stats  card x master, pooled over the opponents: win rates when the card was
                       played / drawn / never drawn / in the opening hand, the improvement
                       when drawn, intervals, and Benjamini-Hochberg over the rows

The unit is a game-side: one master's side of one game (a mirror game counts twice). A
card "was drawn" in a game when it was in that side's hand at any time (dealt, drawn, set
aside by H-EARTH), "played" when the side played it at least once (R-PLAY). Win rate =
wins / games, a draw being a game not won (as in emr_sim.analysis.cells). See
docs/insight.md for what these numbers can and cannot say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import pandas as pd

from emr_sim.analysis.significance import adjust
from emr_sim.games.emr import codes as C
from emr_sim.games.emr.cards import Deck
from emr_sim.simulate.runs.records import card_column, card_sets
from emr_sim.stats import newcombe_difference, two_proportion_p, wilson_bounds


class CardGames(Protocol):
    """Games with their card events and their deck (emr_sim.simulate.runs.cardsource.CardGames,
    whose module reads run records and their players: not imported here)."""

    source: Path
    games: pd.DataFrame
    deck: Deck
    deck_name: str

    @property
    def players(self) -> str: ...


COUNT_COLUMNS = ["hero", "opponent", "event", "card_id", "games", "wins", "draws"]
CHUNK_GAMES = 200_000  # game-sides decoded at once (a byte per card: 25 MB for 124 cards)
SIDES = (("a", "b"), ("b", "a"))  # (the side's letter, its opponent's)
OUTCOMES = 3  # per master and opponent: every game-side, its wins, its draws
SORTS = {  # --sort: (column, descending)
    "improvement": ("improvement", True),
    "gih": ("gih_wr", True),
    "gns": ("gns_wr", True),
    "played": ("played_wr", True),
    "opening": ("oh_improvement", True),
    "drawn": ("drawn_share", True),
    "card": ("card_id", False),
}
FAMILY = "bh"  # false discovery rate over the card x master rows of a run


# ---------------------------------------------------------------- counting


def _hero_codes(values: pd.Series) -> np.ndarray:
    return pd.Categorical(values.astype(str), categories=C.HERO_NAMES).codes.astype(np.int64)


def _add_group(sums: np.ndarray, g: int, columns: dict, rows: np.ndarray, n_cards: int) -> None:
    """Add the game-sides `rows` of group g (one master against one opponent) to sums[event,
    card, g, outcome]: every game-side with the card, those won, those drawn."""
    for start in range(0, len(rows), CHUNK_GAMES):
        part = rows[start : start + CHUNK_GAMES]
        won, drawn = columns["win"][part], columns["draw"][part]
        for e in range(C.N_CARD_EVENTS):
            sets = card_sets([words[part] for words in columns["words"][e]], n_cards)
            sums[e, :, g, 0] += sets.sum(axis=0)
            sums[e, :, g, 1] += sets[won].sum(axis=0)
            sums[e, :, g, 2] += sets[drawn].sum(axis=0)


def card_counts(games: pd.DataFrame, n_cards: int) -> pd.DataFrame:
    """card x master x opponent x event counts of a games frame with the card sets.

    Columns: hero (the master whose side met the event), opponent, event (a name of
    codes.CARD_EVENT_NAMES), card_id (0..n_cards-1, the deck's order), games (game-sides
    in which that card met the event at least once), wins and draws among them. Every
    (master, opponent) pair of the games is listed with every event and card, zeros included."""
    keys = {
        letter: _hero_codes(games[f"hero_{letter}"]) * C.N_HEROES + _hero_codes(games[f"hero_{other}"])
        for letter, other in SIDES
    }
    groups = np.unique(np.concatenate(list(keys.values())))
    sums = np.zeros((C.N_CARD_EVENTS, n_cards, len(groups), OUTCOMES), dtype=np.int64)
    for letter, _ in SIDES:
        columns = {
            "win": games[f"win_{letter}"].to_numpy() == 1,
            "draw": games["draw"].to_numpy() == 1,
            "words": [
                [games[card_column(event, letter, w)].to_numpy(np.int64) for w in range(C.CARD_WORDS)]
                for event in C.CARD_EVENT_NAMES
            ],
        }
        order = np.argsort(keys[letter], kind="stable")
        found, first = np.unique(keys[letter][order], return_index=True)
        for key, rows in zip(found, np.split(order, first[1:]), strict=True):
            _add_group(sums, int(np.searchsorted(groups, key)), columns, rows, n_cards)
    grid = np.meshgrid(np.arange(C.N_CARD_EVENTS), np.arange(n_cards), np.arange(len(groups)), indexing="ij")
    event_index, card_index, group_index = (axis.ravel() for axis in grid)
    names = np.array(C.HERO_NAMES, dtype=object)
    return pd.DataFrame(
        {
            "hero": names[groups[group_index] // C.N_HEROES],
            "opponent": names[groups[group_index] % C.N_HEROES],
            "event": np.array(C.CARD_EVENT_NAMES, dtype=object)[event_index],
            "card_id": card_index,
            "games": sums[..., 0].ravel(),
            "wins": sums[..., 1].ravel(),
            "draws": sums[..., 2].ravel(),
        }
    )[COUNT_COLUMNS]


def side_totals(games: pd.DataFrame) -> pd.DataFrame:
    """master x opponent: every game-side (games), its wins and draws."""
    parts = [
        pd.DataFrame(
            {
                "hero": games[f"hero_{letter}"].astype(str).to_numpy(),
                "opponent": games[f"hero_{other}"].astype(str).to_numpy(),
                "wins": games[f"win_{letter}"].to_numpy(np.int64),
                "draws": games["draw"].to_numpy(np.int64),
            }
        )
        for letter, other in SIDES
    ]
    both = pd.concat(parts, ignore_index=True)
    out = both.groupby(["hero", "opponent"], sort=False).agg(
        games=("wins", "size"), wins=("wins", "sum"), draws=("draws", "sum")
    )
    return out.reset_index().astype({"games": np.int64, "wins": np.int64, "draws": np.int64})


# ---------------------------------------------------------------- the statistics


def _rate(out: pd.DataFrame, prefix: str, wins, games) -> None:
    """{prefix}_games, {prefix}_wr and its Wilson interval {prefix}_low, {prefix}_high."""
    games = np.asarray(games, dtype=np.int64)
    out[f"{prefix}_games"] = games
    with np.errstate(divide="ignore", invalid="ignore"):
        out[f"{prefix}_wr"] = np.where(games > 0, np.asarray(wins) / np.maximum(games, 1), np.nan)
    out[f"{prefix}_low"], out[f"{prefix}_high"] = wilson_bounds(wins, games)


def _difference(out: pd.DataFrame, name: str, w1, n1, w2, n2) -> None:
    """{name} = rate 1 - rate 2 and its Newcombe interval {name}_low, {name}_high."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out[name] = np.asarray(w1) / np.asarray(n1, dtype=float) - np.asarray(w2) / np.asarray(
            n2, dtype=float
        )
    out[f"{name}_low"], out[f"{name}_high"] = newcombe_difference(w1, n1, w2, n2)


def card_stats(counts: pd.DataFrame, totals: pd.DataFrame, cards: pd.DataFrame) -> pd.DataFrame:
    """card x master, pooled over the opponents: one row per (hero, card_id), in HERO_NAMES
    then deck order.

    Columns: hero, card_id, then the card's columns from `cards` (cards.deck_summary: colour,
    left, right, damage, dragon, effect, and its label `card`, e.g. "red 3-4"); games and
    win_rate (every game-side of the master); for each rate, gih (games in hand: the card
    drawn at least once), gns (games not seen: never drawn), played (played at least once)
    and oh (in the opening hand), {rate}_games, {rate}_wr and its 95 % Wilson interval
    {rate}_low, {rate}_high;
    drawn_share = gih_games / games, play_rate = played_games / gih_games;
    improvement = gih_wr - gns_wr (improvement when drawn) with its 95 % interval
    improvement_low/high (Newcombe's, from the two Wilson intervals: the two groups are
    disjoint), p_value (pooled two-proportion z-test), p_adjusted and significant
    (Benjamini-Hochberg over every row: the card x master family, FDR 5 %);
    oh_improvement = oh_wr - the win rate without the card in the opening hand, with its
    interval; and the game-sides in which the card was held at a turn start (held_games),
    ejected, hit, blocked and countered with (ejected_games ...) and held at the end.
    """
    pooled = counts.groupby(["hero", "event", "card_id"], sort=False)[["games", "wins", "draws"]].sum()
    wide = pooled.unstack("event")
    master = totals.groupby("hero", sort=False)[["games", "wins"]].sum()
    out = wide.index.to_frame(index=False)
    n_all = master.loc[out["hero"], "games"].to_numpy()
    w_all = master.loc[out["hero"], "wins"].to_numpy()

    def col(what: str, event: str) -> np.ndarray:
        return wide[(what, event)].to_numpy(np.int64)

    out["games"] = n_all
    out["win_rate"] = w_all / n_all
    n_drawn, w_drawn = col("games", "drawn"), col("wins", "drawn")
    n_dealt, w_dealt = col("games", "dealt"), col("wins", "dealt")
    _rate(out, "gih", w_drawn, n_drawn)
    _rate(out, "gns", w_all - w_drawn, n_all - n_drawn)
    _rate(out, "played", col("wins", "played"), col("games", "played"))
    _rate(out, "oh", w_dealt, n_dealt)
    out["drawn_share"] = n_drawn / n_all
    out["play_rate"] = np.where(n_drawn > 0, col("games", "played") / np.maximum(n_drawn, 1), np.nan)
    _difference(out, "improvement", w_drawn, n_drawn, w_all - w_drawn, n_all - n_drawn)
    out["p_value"] = two_proportion_p(w_drawn, n_drawn, w_all - w_drawn, n_all - n_drawn)
    _difference(out, "oh_improvement", w_dealt, n_dealt, w_all - w_dealt, n_all - n_dealt)
    for event in ("held", "ejected", "hit", "blocked", "countered", "end"):
        out[f"{event}_games"] = col("games", event)
    out = adjust(out, method=FAMILY)
    out = out.merge(cards, on="card_id", how="left", validate="many_to_one")
    out["hero"] = pd.Categorical(out["hero"], categories=C.HERO_NAMES)
    out = out.sort_values(["hero", "card_id"], ignore_index=True)
    out["hero"] = out["hero"].astype(str)
    front = ["hero", "card_id", *[c for c in cards.columns if c != "card_id"]]
    rest = [c for c in out.columns if c not in front and c not in ("p_adjusted", "significant")]
    at = rest.index("p_value") + 1
    return out[front + rest[:at] + ["p_adjusted", "significant"] + rest[at:]]


def card_table(deck) -> pd.DataFrame:
    """The deck's cards as `card_stats` takes them: card_id, card (label "red 3-4"), colour,
    left, right, damage, dragon, effect (emr_sim.games.emr.cards.deck_summary)."""
    from emr_sim.games.emr.cards import deck_summary

    table = deck_summary(deck).rename(columns={"id": "card_id"}).drop(columns=["name"])
    table.insert(
        1, "card", table["colour"] + " " + table["left"].astype(str) + "-" + table["right"].astype(str)
    )
    return table


def per_card(games: pd.DataFrame, deck) -> pd.DataFrame:
    """card_stats of a games frame with the card sets, on its deck (emr_sim.games.emr.cards.Deck)."""
    return card_stats(card_counts(games, deck.n_shot), side_totals(games), card_table(deck))


def sort_stats(stats: pd.DataFrame, by: str) -> pd.DataFrame:
    """The rows sorted by one of SORTS (NaN last), ties in deck order."""
    column, descending = SORTS[by]
    return stats.sort_values(
        [column, "card_id"], ascending=[not descending, True], na_position="last", kind="stable"
    )


def notable(stats: pd.DataFrame, hero: str, top: int, by: str = "improvement") -> pd.DataFrame:
    """A master's `top` highest and `top` lowest rows by `by` (each row once)."""
    rows = sort_stats(stats[stats["hero"] == hero], by)
    rows = rows[rows[SORTS[by][0]].notna()]
    if len(rows) <= 2 * top:
        return rows
    return pd.concat([rows.head(top), rows.tail(top)])


# ---------------------------------------------------------------- filters (--master, --card)

CARD_NAME = re.compile(r"^\s*([a-z]+)[\s-]+([0-9]+)-([0-9]+)\s*$")


def split_names(texts) -> list[str]:
    """Repeated options, each maybe a comma list, as one list of stripped names."""
    return [name.strip() for text in texts for name in str(text).split(",") if name.strip()]


def parse_cards(texts, deck, option: str = "--card") -> list[int] | None:
    """Card ids of names such as red-3-4, "red 3-4" or an id (`emr-sim cards`); None when no
    name is given; ValueError naming the first unknown card."""
    from emr_sim.games.emr.cards import find_card

    names = split_names(texts)
    if not names:
        return None
    table = deck.table
    ids = []
    for name in names:
        match = CARD_NAME.match(name.lower())
        label = f"{match[1]} {match[2]}-{match[3]}" if match else name
        try:
            card = find_card(table, label)
        except ValueError:
            card = -1
        if not 0 <= card < deck.n_shot:
            raise ValueError(
                f"unknown card {name!r} in {option}: name a card of the deck as colour-left-right "
                "(red-3-4) or by its id; `emr-sim cards` lists them"
            )
        ids.append(card)
    return list(dict.fromkeys(ids))


def parse_masters(texts, present: list[str], option: str = "--master") -> list[str]:
    """Masters named (a comma list or repeated), in HERO_NAMES order; every master present
    when none is; ValueError for an unknown master or one the games do not have."""
    names = [n.lower() for n in split_names(texts)]
    if not names or names == ["all"]:
        return present
    for name in names:
        if name not in C.HERO_NAMES:
            raise ValueError(
                f"unknown master {name!r} in {option}; the masters are {', '.join(C.HERO_NAMES)}"
            )
        if name not in present:
            raise ValueError(f"{option} {name}: no game of {name} here; the games have {', '.join(present)}")
    return [h for h in C.HERO_NAMES if h in names]


# ---------------------------------------------------------------- `emr-sim card-stats`


@dataclass
class Selected:
    """The statistics of a run or records file and the rows chosen by --master, --card, --sort."""

    stats: pd.DataFrame  # card_stats: every card x master row (the family of the correction)
    rows: pd.DataFrame  # the rows chosen, sorted
    masters: list[str]
    card_ids: list[int] | None
    about: dict  # source, games, players, deck, deck_sha256, cards, masters

    def title(self) -> str:
        a = self.about
        return (
            f"Per-card statistics of {a['source']}: {a['games']:,} games ({a['players']}), "
            f"{a['cards']} cards x {len(a['masters'])} masters"
        )


def select_card_stats(source: CardGames, masters=(), cards=(), sort: str = "improvement") -> Selected:
    """card_stats of games with the card events (emr_sim.simulate.runs.cardsource.card_games: a run
    directory made with --cards or a records file), and the rows of the masters and cards
    named (ValueError for an unknown one, before the work)."""
    games, deck = source.games, source.deck
    card_ids = parse_cards(cards, deck)
    seen = set(games["hero_a"].astype(str)) | set(games["hero_b"].astype(str))
    present = [h for h in C.HERO_NAMES if h in seen]
    chosen = parse_masters(masters, present)
    stats = per_card(games, deck)
    rows = sort_stats(stats[stats["hero"].isin(chosen)], sort)
    if card_ids is not None:
        rows = rows[rows["card_id"].isin(card_ids)]
    about = {
        "source": str(source.source),
        "games": len(games),
        "players": source.players,
        "deck": source.deck_name,
        "deck_sha256": deck.sha256,
        "cards": deck.n_shot,
        "masters": present,
    }
    return Selected(stats, rows.reset_index(drop=True), chosen, card_ids, about)
