"""`--cards` on matrix and matchup, and `emr-sim card-stats`: the card events kept in the run
directory (format 2) and the records, the per-card table, and bad input (a run without card
events, an unknown card or master) as one line with exit 2."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from support.cli import fails, run

from emr_sim.analysis.cardstats import SORTS
from emr_sim.cli.insight import CARD_SORTS
from emr_sim.games.emr import codes as C
from emr_sim.simulate.runs.records import CARD_COLUMNS
from emr_sim.simulate.runs.rundir import CARD_RUN_FORMAT, RUN_FORMAT

HEROES = "crow,earth,master"
SMALL = ("-n", "40", "--heroes", HEROES, "--quiet", "--workers", "1")
N_CARDS = 100  # the default deck


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("card-stats")
    cards, plain = root / "cards", root / "plain"
    assert run("matrix", "-o", cards, *SMALL, "--cards").exit_code == 0
    assert run("matrix", "-o", plain, *SMALL).exit_code == 0
    with_cards, without = root / "m-cards.parquet", root / "m.parquet"
    common = ("matchup", "crow", "earth", "-n", "40", "--quiet", "--workers", "1")
    assert run(*common, "--records", with_cards, "--cards").exit_code == 0
    assert run(*common, "--records", without).exit_code == 0
    return {"cards": cards, "plain": plain, "records": with_cards, "plain-records": without}


def record_of(run_dir) -> dict:
    return json.loads((run_dir / "run.json").read_text(encoding="utf-8"))


def test_a_run_with_card_events_is_format_2_and_keeps_them_in_every_cell(runs):
    record = record_of(runs["cards"])
    assert record["format"] == CARD_RUN_FORMAT and record["cards"] is True
    cell = pd.read_parquet(runs["cards"] / "cells" / "crow-earth.parquet")
    assert set(CARD_COLUMNS) <= set(cell.columns)
    assert (cell[list(CARD_COLUMNS)] >= 0).all().all() and cell["cards_played_a0"].any()


def test_a_run_without_them_is_the_format_it_was(runs):
    record = record_of(runs["plain"])
    assert record["format"] == RUN_FORMAT and "cards" not in record
    cell = pd.read_parquet(runs["plain"] / "cells" / "crow-earth.parquet")
    assert not set(CARD_COLUMNS) & set(cell.columns)


def test_the_same_games_are_played_with_and_without_card_events(runs):
    for name in ("crow-earth", "earth-master"):
        a = pd.read_parquet(runs["cards"] / "cells" / f"{name}.parquet")
        b = pd.read_parquet(runs["plain"] / "cells" / f"{name}.parquet")
        pd.testing.assert_frame_equal(a[list(b.columns)], b)


def test_a_card_run_resumes_and_a_plain_run_is_not_resumed_with_cards(runs):
    again = run("matrix", "-o", runs["cards"], *SMALL, "--cards")
    assert again.exit_code == 0 and "played 0 cells" in again.stdout
    fails("matrix", "-o", runs["plain"], *SMALL, "--cards", needles=("different run", "cards"))


def test_report_and_compare_read_a_card_run(runs, tmp_path):
    assert run("compare", runs["plain"], runs["cards"]).exit_code == 0
    out = tmp_path / "r.html"
    assert run("report", runs["cards"], "-o", out).exit_code == 0
    assert "Per-card statistics" in out.read_text(encoding="utf-8")


def test_a_cell_without_its_card_columns_is_named(runs, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(runs["cards"], copy)
    record = record_of(copy)
    del record["cells"]  # the manifest would name the sha256 first: let the content speak
    (copy / "run.json").write_text(json.dumps(record), encoding="utf-8")
    path = copy / "cells" / "crow-earth.parquet"
    pd.read_parquet(path).drop(columns=list(CARD_COLUMNS)).to_parquet(path, index=False)
    fails("card-stats", copy, needles=(str(path), "cards_dealt_a0", "--cards"))


def test_matchup_records_keep_the_card_events_with_cards_only(runs):
    assert set(CARD_COLUMNS) <= set(pd.read_parquet(runs["records"]).columns)
    assert not set(CARD_COLUMNS) & set(pd.read_parquet(runs["plain-records"]).columns)
    fails("matchup", "crow", "earth", "-n", "4", "--cards", needles=("--cards", "--records"))


# ---------------------------------------------------------------- card-stats


def test_card_stats_prints_each_masters_notable_cards(runs):
    result = run("card-stats", runs["cards"], "--top", "2")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for hero in HEROES.split(","):
        assert f"\n{hero}: 80 games" in out  # two cells of 40 games each
    assert "IWD" in out and "GIH WR" in out and "the 2 highest and 2 lowest by improvement" in out


def test_card_stats_json_has_every_card_of_every_master(runs):
    result = run("card-stats", runs["cards"], "--json")
    data = json.loads(result.stdout)
    assert len(data["rows"]) == N_CARDS * 3 and data["method"] == "bh"
    row = data["rows"][0]
    assert row["games"] == 80 and row["gih_games"] + row["gns_games"] == 80
    assert row["gih_low"] <= row["gih_wr"] <= row["gih_high"]


def test_card_stats_filters_by_master_and_card_and_writes_csv(runs, tmp_path):
    out = tmp_path / "t.csv"
    result = run("card-stats", runs["cards"], "--master", "earth", "--card", "red-3-4,#5", "--csv", out)
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out)
    assert sorted(table["card"]) == ["red 2-1", "red 3-4"] and set(table["hero"]) == {"earth"}
    assert "earth: 80 games" in result.stdout and "crow:" not in result.stdout


def test_card_stats_reads_a_matchups_records(runs):
    data = json.loads(run("card-stats", runs["records"], "--json").stdout)
    assert {r["hero"] for r in data["rows"]} == {"crow", "earth"} and data["rows"][0]["games"] == 40


def test_card_stats_of_a_run_without_card_events_names_cards(runs):
    fails("card-stats", runs["plain"], needles=(str(runs["plain"]), "--cards", "made without"))
    fails("card-stats", runs["plain-records"], needles=("without card events", "--cards"))


@pytest.mark.parametrize(
    "args,needle",
    [
        (("--card", "red-9-9"), "unknown card 'red-9-9' in --card"),
        (("--card", "purple-1-1"), "unknown card 'purple-1-1'"),
        (("--card", "100"), "unknown card '100'"),
        (("--master", "dragon"), "unknown master 'dragon' in --master"),
        (("--master", "wind"), "--master wind: no game of wind"),
    ],
)
def test_card_stats_refuses_an_unknown_card_or_master_in_one_line(runs, args, needle):
    fails("card-stats", runs["cards"], *args, needles=(needle,))


def test_card_stats_refuses_a_missing_source_and_another_deck(runs, tmp_path):
    fails("card-stats", tmp_path / "nothing", needles=("no such run directory or records file",))
    small = tmp_path / "small.csv"
    rows = ["colour,left,right,damage,dragon,effect"] + [f"red,{k % 5 + 1},1,1,0,none" for k in range(10)]
    small.write_text("\n".join(rows) + "\n", encoding="utf-8")
    fails("card-stats", runs["cards"], "--deck", small, needles=("not the deck of",))
    fails("card-stats", runs["records"], "--deck", small, needles=("give the records' deck with --deck",))


def test_the_sort_choices_of_the_command_are_the_analysis_ones():
    assert CARD_SORTS == tuple(SORTS)
    assert C.N_CARD_EVENTS == len(C.CARD_EVENT_NAMES)
