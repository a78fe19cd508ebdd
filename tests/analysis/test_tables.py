"""Statistics of tables of any size (emr_sim.analysis.tables, table_rating, table_pairs): on
8MR's runs they reproduce the two-seat figures (win rates, intervals, first player, ratings);
on hand-built tables they find what was put in (a strong seat, a team pair that wins together,
Plackett–Luce strengths); on the toy game at 2, 3 and 4 seats the shares add up."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from support.analysis import real_run, synthetic_cell

from emr_sim import analysis as A
from emr_sim.analysis import tables as T
from emr_sim.analysis.table_pairs import pairs_long
from emr_sim.analysis.table_rating import plackett_luce


def test_pairs_long_is_two_rows_per_game_with_the_sides_results():
    games = synthetic_cell("crow", "wind", "AABD")
    seats = pairs_long(games, ("greedy", "tuned"))
    assert len(seats) == 8 and set(seats["seat"]) == {0, 1}
    a = seats[seats["member"] == 0].sort_values("game")
    assert a["win"].tolist() == [1, 1, 0, 0] and a["share"].tolist() == [1, 1, 0, 0.5]
    assert a["place"].tolist() == [0, 0, 1, 0]  # a draw shares first place
    assert (seats.groupby("game")["share"].sum() == 1).all()
    assert a["deal"].tolist() == [0, 0, 1, 1] and a["rotation"].tolist() == [0, 1, 0, 1]
    assert a["entity"].eq("crow").all() and a["player"].eq("greedy").all()


@pytest.mark.timeout(300)
def test_at_two_seats_the_table_statistics_reproduce_the_matrix_figures():
    """An 8MR run (3 masters, 400 games a cell): the entities' shares are the field means,
    the first player's share and interval are first_player_overall's, and the Plackett–Luce
    ratings are the Bradley–Terry ratings, within their intervals."""
    games = real_run()
    seats = pairs_long(games)
    cells = A.cell_table(games)
    field = A.field_means(cells)
    shares = T.entity_shares(seats, 2).set_index("entity")
    for hero in field.index:
        assert shares.loc[hero, "share"] == pytest.approx(field.loc[hero, "win_rate"], abs=1e-12)
        # deals as units: the interval is no wider than the games-as-units one (pairs are negatively
        # correlated within: docs/analysis.md), and of the same size
        width, field_width = (
            (shares.loc[hero, "high"] - shares.loc[hero, "low"]),
            (field.loc[hero, "ci_high"] - field.loc[hero, "ci_low"]),
        )
        assert 0.6 * field_width < width <= field_width * 1.01
    first = T.first_player(seats, 2).iloc[0]
    overall = A.first_player_overall(games)
    assert first["share"] == pytest.approx(overall["rate"])
    assert first["low"] == pytest.approx(overall["ci_low"])
    bt = A.bradley_terry(cells)
    pl = plackett_luce(seats, resamples=100).set_index("entity")
    for hero in bt.index:
        assert pl.loc[hero, "rating"] == pytest.approx(bt.loc[hero, "rating"], abs=1e-4)
        assert bt.loc[hero, "rating_low"] <= pl.loc[hero, "rating"] <= bt.loc[hero, "rating_high"]
        assert pl.loc[hero, "rating_low"] <= bt.loc[hero, "rating"] <= pl.loc[hero, "rating_high"]


def table_frame(places: np.ndarray, entities: list[list[str]], teams=None) -> pd.DataFrame:
    """A long frame of games with the given places (games x seats), one deal per game."""
    n_games, n_seats = places.shape
    rows = []
    for g in range(n_games):
        first = places[g].min()
        tied = (places[g] == first).sum()
        for s in range(n_seats):
            win = int(places[g, s] == first and tied == 1) if teams is None else int(places[g, s] == first)
            draw = int(places[g, s] == first and tied > 1 and teams is None)
            rows.append(
                {"game": g, "cell": "c", "deal": g, "rotation": 0, "seat": s, "first": s == 0, "turns": 10,
                 "end": 0, "member": s, "player": "p", "entity": entities[g][s], "win": win, "draw": draw,
                 "place": int(places[g, s]), "team": -1 if teams is None else int(teams[g][s]), "points": 0}
            )  # fmt: skip
    frame = pd.DataFrame(rows)
    tied = frame.groupby("game")["draw"].transform("sum").clip(lower=1)
    frame["share"] = frame["win"] + frame["draw"] / tied if teams is None else frame["win"]
    return frame


def test_plackett_luce_recovers_the_strengths_of_four_player_games():
    rng = np.random.default_rng(3)
    names = ["a", "b", "c", "d", "e", "f"]
    truth = np.array([0.8, 0.4, 0.0, 0.0, -0.4, -0.8])
    places, entities = [], []
    for _ in range(6000):
        who = rng.choice(6, 4, replace=False)
        order = []  # a Plackett–Luce draw: each place chosen among the rest by e^s
        left = list(who)
        while left:
            w = np.exp(truth[left])
            order.append(left.pop(rng.choice(len(left), p=w / w.sum())))
        place = {e: k for k, e in enumerate(order)}
        places.append([place[e] for e in who])
        entities.append([names[e] for e in who])
    frame = table_frame(np.array(places), entities)
    pl = plackett_luce(frame, resamples=50).set_index("entity")
    fitted = pl.loc[names, "strength"].to_numpy()
    assert np.abs(fitted - (truth - truth.mean())).max() < 0.08
    assert (pl["rating_low"] < pl["rating"]).all() and (pl["rating"] < pl["rating_high"]).all()
    assert list(pl.index[:2]) == ["a", "b"] and list(pl.index[-1:]) == ["f"]


def test_a_strong_seat_is_found_and_corrected_for_many_comparisons():
    rng = np.random.default_rng(5)
    n = 3000
    winner = np.where(rng.random(n) < 0.4, 0, rng.integers(1, 3, n))  # seat 0 wins 40 + 20 %
    places = np.ones((n, 3), dtype=int)
    places[np.arange(n), winner] = 0
    frame = table_frame(places, [["", "", ""]] * n)
    seats = T.seat_shares(frame, 3).set_index("seat")
    assert seats.loc[0, "share"] == pytest.approx((winner == 0).mean())
    assert seats.loc[0, "fair"] == pytest.approx(1 / 3)
    assert bool(seats.loc[0, "significant"]) and seats.loc[0, "low"] > 1 / 3
    assert seats["p_adjusted"].ge(seats["p_value"]).all()  # Holm never lowers a p-value
    ranks = plackett_luce(frame, by="seat", resamples=30).set_index("seat")
    assert ranks.index[0] == "0" and ranks.loc["0", "rating_low"] > 0  # names as text


def test_teams_share_and_the_pair_that_wins_together():
    """Four seats in two teams of two drawn from four entities; the team holding both a and b
    wins 80 %, every other team 50 % against its opponents."""
    rng = np.random.default_rng(11)
    games, places, entities, teams = 4000, [], [], []
    for _ in range(games):
        order = list(rng.permutation(["a", "b", "c", "d"]))
        team = [0, 0, 1, 1]
        ab0 = {"a", "b"} == set(order[:2])
        ab1 = {"a", "b"} == set(order[2:])
        p0 = 0.8 if ab0 else 0.2 if ab1 else 0.5
        won = 0 if rng.random() < p0 else 1
        places.append([0 if t == won else 1 for t in team])
        entities.append(order)
        teams.append(team)
    frame = table_frame(np.array(places), entities, teams)
    shares = T.team_shares(frame).set_index("team")
    assert shares["fair"].tolist() == [0.5, 0.5]
    assert shares["share"].sum() == pytest.approx(1.0)
    synergy = T.pair_synergy(frame).set_index(["a", "b"])
    assert synergy.loc[("a", "b"), "low"] > 0.15  # together 80 %, apart about 43 %
    others = synergy.drop(index=("a", "b"))
    assert (others["synergy"] < 0.15).all()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_toy_game_at_every_size(seats):
    """The toy game played in memory: shares add up to 1, the fair share is 1/N, the seats'
    rating exists with intervals, and how a seat's share moves with the size is reported."""
    from emr_sim.simulate.tables.frames import long_frame, rows_frame
    from emr_sim.simulate.tables.play import play_deals
    from emr_sim.simulate.tables.settings import table_settings

    s = table_settings("toy", seats, None, {}, None, 1, 1, None)
    rows = play_deals(s, s.entity_codes(()), 300)
    frame = long_frame(rows_frame(rows, seats).assign(cell=""), seats, list(s.lineup.specs), ())
    by_seat = T.seat_shares(frame, seats)
    assert by_seat["share"].sum() == pytest.approx(1.0) and T.fair_share(frame) == pytest.approx(1 / seats)
    assert (by_seat["deals"] == 300).all()
    rating = plackett_luce(frame, by="seat", resamples=20)
    assert len(rating) == seats and (rating["rating_low"] <= rating["rating_high"]).all()
    places = T.group_means(frame, "member", "place")
    assert ((places["place"] >= 0) & (places["place"] <= seats - 1)).all()


def test_a_share_moving_with_the_table_size():
    def frame(n: int, strong: float) -> pd.DataFrame:
        rng = np.random.default_rng(n)
        games = 4000
        winner = np.where(rng.random(games) < strong, 0, rng.integers(1, n, games))
        places = np.ones((games, n), dtype=int)
        places[np.arange(games), winner] = 0
        return table_frame(places, [["x"] + ["y"] * (n - 1)] * games)

    trend = T.size_trend({2: frame(2, 0.5), 4: frame(4, 0.4)}, "seat").set_index("seat")
    assert trend.loc[0, "relative_fewest"] == pytest.approx(1.0, abs=0.06)
    assert trend.loc[0, "relative_most"] == pytest.approx(1.6, abs=0.1)
    assert trend.loc[0, "low"] > 0.3 and bool(trend.loc[0, "significant"])
    assert set(trend.index) == {0, 1}  # seats 2 and 3 sit only at the table of four


def test_pair_counts_by_seat_columns_equal_the_join_of_every_pair():
    """table_rating's fast count (games as rows of equal length) gives the join's counts; games
    of different sizes (a mirror left out leaves none, but a frame may mix sizes) take the join."""
    from emr_sim.analysis.table_rating import add_above_by_seat, add_above_merged

    rng = np.random.default_rng(11)
    n_games, width = 500, 4
    game = np.repeat(rng.permutation(n_games), width)  # games in any order
    place = rng.integers(0, width, size=n_games * width)  # ties included
    entity = rng.integers(0, 5, size=n_games * width)
    deal = game % 37
    fast, joined = np.zeros((37, 5, 5)), np.zeros((37, 5, 5))
    assert add_above_by_seat(fast, game, place, entity, deal)
    add_above_merged(joined, game, place, entity, deal)
    assert fast.sum() > 0 and np.array_equal(fast, joined)
    uneven = np.zeros((37, 5, 5))
    assert not add_above_by_seat(uneven, game[:-1], place[:-1], entity[:-1], deal[:-1])
    assert uneven.sum() == 0


def test_the_rating_fit_is_choixs_maximum_likelihood():
    """table_rating.fit (Newton's method) finds the strengths choix's ilsr_pairwise_dense finds,
    on balanced, lopsided and sparse count matrices; no finite fit: NaN."""
    import choix

    from emr_sim.analysis.table_rating import fit

    rng = np.random.default_rng(5)
    for k, spread, games in ((4, 0.3, 50), (6, 2.5, 30), (15, 1.0, 3), (3, 4.0, 400)):
        truth = rng.normal(0.0, spread, k)
        p = 1.0 / (1.0 + np.exp(truth[None, :] - truth[:, None]))
        counts = rng.binomial(games, p).astype(float)
        counts = np.triu(counts, 1) + np.tril(games - counts.T, -1)  # i beat j + j beat i = games
        ours = fit(counts)
        theirs = choix.ilsr_pairwise_dense(counts, alpha=0.0, max_iter=500, tol=1e-12)
        assert np.abs(ours - (theirs - theirs.mean())).max() < 1e-6
    never_lost = np.array([[0.0, 3.0], [0.0, 0.0]])
    assert np.isnan(fit(never_lost)).all()
