"""HBC through the toolkit's table runs (emr_sim.simulate.tables, docs/games.md): a run at the
fewest and the most seats with its report (every seat count 2-5 plays in
tests/games/test_conformance.py; 4 seats below), the same files for any number of threads and
on a Dask cluster, another card set's decks as entities (a run killed with SIGKILL:
test_hbc_resume.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from support.cli import run

HBC = ("--game", "hbc")


def files_of(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(".emr-sim")
    }


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seats", [2, 5])
def test_an_hbc_table_run_at_two_and_five_seats_with_its_report(tmp_path, seats):
    out = tmp_path / f"hbc{seats}"
    result = run("matrix", *HBC, "--seats", seats, "-o", out, "-n", 60, "--json", "--quiet")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["seats"] == seats and sum(r["share"] for r in summary["seats_order"]) == pytest.approx(1.0)
    record = json.loads((out / "run.json").read_text())
    assert record["game"] == "hbc" and len(record["cells"]) == {2: 15, 3: 20, 4: 15, 5: 6}[seats]
    report = run("report", out, "-o", tmp_path / "hbc.html")
    assert report.exit_code == 0, report.output
    assert "blaze" in (tmp_path / "hbc.html").read_text()


@pytest.mark.timeout(300)
def test_hbc_the_same_files_for_any_number_of_threads_and_on_a_cluster(tmp_path):
    args = (
        "matrix",
        *HBC,
        "--seats",
        4,
        "-n",
        16400,
        "--quiet",
        "--seed",
        3,
        "--heroes",
        "blaze,den,edge,tide",
    )
    assert run(*args, "-o", tmp_path / "one", "--workers", 1).exit_code == 0
    assert run(*args, "-o", tmp_path / "two", "--workers", 2).exit_code == 0
    assert files_of(tmp_path / "one") == files_of(tmp_path / "two")
    assert len(files_of(tmp_path / "one")) == 1 + 3  # run.json and parts of 2,000 deals: 4,100 deals
    cluster = run(*args, "-o", tmp_path / "cluster", "--cluster", "local:2")
    assert cluster.exit_code == 0, cluster.output
    assert files_of(tmp_path / "one") == files_of(tmp_path / "cluster")


@pytest.mark.timeout(300)
def test_hbc_a_run_of_the_vanilla_set_seats_its_decks(tmp_path):
    out = tmp_path / "vanilla"
    result = run("matrix", *HBC, "--seats", 2, "--deck", "vanilla", "--heroes", "d3h5,d5h3,d2h6",
                 "-o", out, "-n", 600, "--json", "--quiet")  # fmt: skip
    assert result.exit_code == 0, result.output
    entities = {r["entity"] for r in json.loads(result.stdout)["entities"]}
    assert entities == {"d3h5", "d5h3", "d2h6"}
    assert run("report", out, "-o", tmp_path / "v.html").exit_code == 0
    assert "d5h3" in (tmp_path / "v.html").read_text()
