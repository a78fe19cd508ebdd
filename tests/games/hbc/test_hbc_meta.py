"""`emr-sim meta` reads HBC's two-player deck matrix (a table run) as 8MR's hero matrix: the
game of picking a deck (analysis/table_meta.py, docs/meta.md); other table sizes get the
sentence they had. Tiny runs: the figures are checked for their form, not their values."""

import json

import numpy as np
import pandas as pd
import pytest
from support.cli import run

from emr_sim.analysis.table_meta import pick_games, table_meta_problem
from emr_sim.games.registry import get

DECKS = "blaze,den,edge"
BOOT = ("--boot", "20")


@pytest.fixture(scope="module")
def hbc_runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("hbc_meta")
    made = {}
    for name, seats in (("two", 2), ("three", 3)):
        out = root / name
        result = run(
            "matrix", "--game", "hbc", "--seats", seats, "--heroes", DECKS, "-n", 40,
            "-o", out, "--quiet", "--workers", 1,
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        made[name] = out
    return made


def test_a_deal_played_in_both_seat_orders_is_one_pair_with_its_sides_named_by_deck():
    seats = pd.DataFrame(
        {
            "game": [0, 0, 1, 1],
            "cell": ["c", "c", "c", "c"],
            "deal": [7, 7, 7, 7],
            "seat": [0, 1, 0, 1],
            "entity": ["blaze", "den", "den", "blaze"],
            "first": [True, False, False, True],
            "win": [1, 0, 0, 1],
            "draw": [0, 0, 0, 0],
        }
    )
    games = pick_games(seats)
    assert games["hero_a"].tolist() == ["blaze", "den"] and games["hero_b"].tolist() == ["den", "blaze"]
    assert games["pair"].tolist() == [0, 0]  # one deal, both rotations
    assert games["a_first"].tolist() == [1, 0] and games["win_a"].tolist() == [1, 0]


@pytest.mark.timeout(600)
def test_meta_reads_a_two_player_hbc_deck_matrix(hbc_runs, tmp_path):
    result = run("meta", hbc_runs["two"], *BOOT, "--json")
    assert result.exit_code == 0, result.output
    (meta,) = json.loads(result.stdout)["runs"]
    assert meta["games"] == 3 * 40 and meta["players"] == "random"
    table = run("meta", hbc_runs["two"], *BOOT, "--bans", "opponent", "-o", tmp_path / "meta.html")
    assert table.exit_code == 0 and "Blind pick" in table.stdout and "3 cells" in table.stdout
    assert "the first turn is drawn per game" in table.stdout  # not R-OPT-HERO, 8MR's rule
    masters = {row["hero"]: row for row in meta["masters"]}
    assert sorted(masters) == sorted(DECKS.split(","))
    assert np.isclose(sum(row["nash"] for row in masters.values()), 1.0)
    assert len(meta["cells"]) == 3
    assert "edge" in (tmp_path / "meta.html").read_text()


def test_meta_needs_one_player_on_both_sides_and_explains_other_table_sizes(hbc_runs):
    hbc = get("hbc")
    assert table_meta_problem({"seats": 2, "players": ["random", "random"]}, hbc) is None
    mixed = table_meta_problem({"seats": 2, "players": ["random", "greedy"]}, hbc)
    assert "one player on both sides" in mixed
    assert "two-seat runs" in table_meta_problem({"seats": 3, "players": ["random"] * 3}, hbc)
    three = run("meta", hbc_runs["three"], *BOOT)
    assert three.exit_code == 0 and "At 3 seats a pick meets a field of 2 others" in three.stdout
