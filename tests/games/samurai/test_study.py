"""Samurai Sword's study loop (games/samurai/study.py, studies/samurai/play.py) plays the games
of a table run's rotation 0 and sums them up faithfully."""

from __future__ import annotations

import numpy as np
import pytest

from emr_sim.loops.table import TR_HEAD, TS_RESULT, TS_SIZE
from emr_sim.simulate.tables.play import play_deals
from emr_sim.studies.samurai import play as P


@pytest.mark.timeout(600)
def test_the_study_games_are_the_table_runs_rotation_0_games():
    s = P.settings(5, "belief,random,guess,belief,random", seed=4, workers=2)
    seats, games = P.play(s, 60)
    rows = play_deals(s, s.entity_codes(()), 60)[::5]  # rotation 0: member s in seat s
    wins = np.array([[row[TR_HEAD + k * TS_SIZE + TS_RESULT] for k in range(5)] for row in rows])
    assert np.array_equal(seats["win"].to_numpy().reshape(60, 5), wins)
    assert games["turns"].tolist() == [int(row[2]) for row in rows]  # TR_RECORD + GR_TURNS
    assert set(seats["order"]) == set(range(5)) and (seats.loc[seats["order"] == 0, "role"] == "Shogun").all()
    held = seats[[c for c in seats.columns if c.startswith("held ")]].sum(axis=1)
    assert (held >= 0).all() and held.sum() > 0
    played = seats[[c for c in seats.columns if c.startswith("played ")]].sum(axis=1)
    assert played.groupby(seats["player"]).mean()["belief"] > 1


def test_the_starting_shares_are_the_weighted_honour():
    shares = P.starting_shares(P.settings(5, "random", 1, 1))
    # Shogun 5 x1, Samurai 3 x1; Ninja 2 x 3 x1; Ronin 3 x2
    assert shares == pytest.approx({"Shogun and Samurai": 8 / 20, "Ninja": 6 / 20, "Ronin": 6 / 20})
