"""The commands that read runs read table runs too: compare pairs two table runs deal by deal,
meta says what the metagame of picks means at the table, card-stats says in one line why a
table run has no per-card statistics, report writes the table's page."""

from __future__ import annotations

import json

import pytest
from support.cli import fails, run

from emr_sim.cli.table_reads import table_seats

TOY = ("--game", "toy", "--seats", 3)


@pytest.fixture(scope="module")
def toy_runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("toy")
    for name, extra in (("base", ()), ("wolves", ("--rule", "wolves=8")), ("other", ("--seed", 5))):
        result = run("matrix", *TOY, "-o", root / name, "-n", 1200, "--quiet", *extra)
        assert result.exit_code == 0, result.output
    return root


@pytest.mark.timeout(300)
def test_compare_pairs_two_table_runs_deal_by_deal(toy_runs):
    result = run("compare", toy_runs / "base", toy_runs / "wolves", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["differ"] == ["wolves 6 → 8"]
    members = out["groups"]["member"]
    assert [r["member"] for r in members] == [0, 1, 2] and all(r["deals"] == 400 for r in members)
    order = {r["order"]: r for r in out["groups"]["order"]}
    assert sum(r["delta"] for r in order.values()) == pytest.approx(0.0, abs=1e-9)  # shares still add to 1
    for r in order.values():
        assert r["low"] <= r["delta"] <= r["high"] and r["p_adjusted"] >= r["p_value"]
    # eight wolves reshuffle the deal and draw other first movers: each place in the order of
    # play is compared with the same place, so "after" is the second run's own share by order
    for run_dir, when in ((toy_runs / "base", "before"), (toy_runs / "wolves", "after")):
        own = table_seats(str(run_dir))[2].groupby("order")["share"].mean()
        assert [order[k][when] for k in sorted(order)] == pytest.approx(own.sort_index().tolist())
    text = run("compare", toy_runs / "base", toy_runs / "wolves").stdout
    assert "the runs differ in: wolves 6 → 8" in text and "by order:" in text


def test_compare_refuses_table_runs_on_other_deals(toy_runs):
    fails("compare", toy_runs / "base", toy_runs / "other", needles=("play other deals", "seed"))


def test_meta_and_card_stats_say_what_applies_to_a_table(toy_runs):
    result = run("meta", toy_runs / "base")
    assert result.exit_code == 0 and "a metagame of picks does not apply" in result.stdout
    needles = ("a table run of toy at 3 seats", "no per-card statistics")
    fails("card-stats", toy_runs / "base", needles=needles)


@pytest.mark.timeout(300)
def test_players_typed_as_8mrs_default_play_what_they_say(tmp_path):
    """`--players greedy,greedy` at a two-seat table plays two greedy players (it was read as
    --players left out, and the game's default lineup, random, played)."""
    cases = ((("--players", "greedy,greedy"), ["greedy", "greedy"]), ((), ["random", "random"]))
    for players, expected in cases:
        out = tmp_path / ("typed" if players else "default")
        result = run("matrix", "--game", "toy", "--seats", 2, "-o", out, "-n", 20, "--quiet", *players)
        assert result.exit_code == 0, result.output
        record = json.loads((out / "run.json").read_text())
        assert record["players"] == expected, record["players"]
