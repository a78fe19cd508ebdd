"""`emr-sim meta` on a small real matrix (four masters, 20 games a cell): the terminal tables, JSON,
the HTML page, and one line with exit code 2 for bad input."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from support.cli import ERROR_PREFIX, fails, run

HEROES = "crow,wind,poison,kungfu"
SMALL = ("-n", "20", "--heroes", HEROES, "--quiet", "--workers", "1")
BOOT = ("--boot", "30")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("cli-meta") / "base"
    assert run("matrix", "-o", out, *SMALL).exit_code == 0
    return out


@pytest.fixture
def copy(run_dir, tmp_path):
    out = tmp_path / "copy"
    shutil.copytree(run_dir, out)
    return out


def record_of(path) -> dict:
    return json.loads((path / "run.json").read_text(encoding="utf-8"))


def test_meta_prints_every_part(run_dir):
    result = run("meta", run_dir, *BOOT)
    assert result.exit_code == 0, result.output
    out = result.stdout
    for part in ("Blind pick", "Transitive and cyclic parts", "Rock-paper-scissors triangles", "Draft:"):
        assert part in out, part
    assert "bootstrap: 30 resamples of each cell's 10 pairs" in out
    for hero in HEROES.split(","):
        assert re.search(rf"^  {hero} +\d+\.\d%", out, re.MULTILINE), hero
    assert "Across the runs" not in out


def test_meta_json_is_the_whole_result(run_dir):
    result = run("meta", run_dir, *BOOT, "--json", "--bans", "opponent", "--first-turn", "drawn")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["settings"] == {
        "boot": 30,
        "seed": data["settings"]["seed"],
        "alpha": 5.0,
        "population": 50,
        "bans": "opponent",
        "first_turn": "drawn",
    }
    (one,) = data["runs"]
    assert one["run_dir"] == str(run_dir) and one["players"] == "greedy" and one["games"] == 120
    masters = one["masters"]
    assert sorted(m["hero"] for m in masters) == sorted(HEROES.split(","))
    assert sum(m["nash"] for m in masters) == pytest.approx(1.0)
    assert sum(m["ban_first"] for m in masters) == pytest.approx(1.0)
    assert len(one["cells"]) == 6
    assert one["summary"]["draft"]["value"] is not None


def test_two_runs_are_compared_and_the_page_is_written(run_dir, tmp_path):
    page = tmp_path / "meta.html"
    result = run("meta", run_dir, run_dir, *BOOT, "-o", page)
    assert result.exit_code == 0, result.output
    assert "Across the runs" in result.stdout
    assert result.stderr.strip() == f"emr-sim: wrote {page}"
    html = page.read_text(encoding="utf-8")
    assert 'id="meta"' in html and "Across the runs" in html
    assert not re.search(r"(src|href)=\"https?:", html)  # self-contained


def test_the_same_seed_gives_the_same_numbers(run_dir):
    one, two = (run("meta", run_dir, *BOOT, "--seed", "5", "--json").stdout for _ in range(2))
    assert one == two
    assert one != run("meta", run_dir, *BOOT, "--seed", "6", "--json").stdout


def test_not_a_run_directory(tmp_path):
    fails("meta", tmp_path / "nothing", needles=("nothing: no such run directory",))
    (tmp_path / "empty").mkdir()
    fails("meta", tmp_path / "empty", needles=("run.json: missing",))


def test_an_unfinished_run_names_the_missing_cell_and_the_command(copy):
    (copy / "cells" / "wind-kungfu.parquet").unlink()
    record = record_of(copy)
    del record["cells"]["wind-kungfu"]
    (copy / "run.json").write_text(json.dumps(record), encoding="utf-8")
    fails("meta", copy, *BOOT, needles=("not a finished matrix", "wind vs kungfu", "emr-sim matrix -o"))


def test_a_run_with_two_players_is_refused(copy):
    record = record_of(copy)
    record["players"] = ["greedy", "random"]
    (copy / "run.json").write_text(json.dumps(record), encoding="utf-8")
    fails("meta", copy, needles=("side A plays greedy and side B random",))


@pytest.mark.parametrize(
    "args,needle",
    [
        (("--bogus",), "no such option '--bogus'"),
        (("--boot", "-1"), "'--boot'"),
        (("--bans", "none"), "'--bans'"),
        (("--first-turn", "later"), "'--first-turn'"),
        (("--alpha", "0"), "'--alpha'"),
        (("--alpha", "inf"), "'--alpha': 'inf' is not a finite number"),
        (("--alpha", "nan"), "'--alpha': 'nan' is not a finite number"),
    ],
)
def test_bad_options_are_one_line(run_dir, args, needle):
    line = fails("meta", run_dir, *args, needles=(needle,))
    assert line.startswith(f"{ERROR_PREFIX}meta: ")


@pytest.mark.timeout(30)
def test_a_bootstrap_beyond_memory_is_refused_before_the_work(run_dir, tmp_path):
    """#36 example 1: `--boot 1000000000000` tried to allocate 87 TiB (a traceback)."""
    page = tmp_path / "meta.html"
    fails("meta", run_dir, "--boot", 10**12, "-o", page, needles=("--boot 1,000,000,000,000 would need",))
    assert not page.exists()


def test_no_run_is_one_line():
    fails("meta", needles=("missing argument",))


def test_a_page_in_a_missing_directory_is_refused_before_the_work(run_dir, tmp_path):
    fails("meta", run_dir, "-o", tmp_path / "no" / "meta.html", needles=("no such directory",))
    assert not (tmp_path / "no").exists()
