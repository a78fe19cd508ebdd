"""emr-sim matrix, compare and report on the command line: output, resume, bad input."""

import json

import pytest
from support.cli import fails, run

from emr_sim.simulate.play.matrix import MatrixPlay
from emr_sim.simulate.play.settings import RunSettings

HEROES = "crow,wind,earth"
SMALL = ("-n", "40", "--heroes", HEROES, "--quiet", "--workers", "1")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cli-runs")
    base, variant = root / "base", root / "health9"
    first = run("matrix", "-o", base, *SMALL)
    assert first.exit_code == 0, first.output
    second = run("matrix", "-o", variant, *SMALL, "--rule", "health=9")
    assert second.exit_code == 0, second.output
    return root, base, variant, first.stdout


def test_matrix_prints_the_matrix_ranking_and_significance(runs):
    _, base, _, out = runs
    assert f"{base}: played 3 cells (120 games" in out
    assert "win rate of the row hero against the column hero" in out
    lines = out.splitlines()
    header = lines.index(next(line for line in lines if line.split() == ["crow", "wind", "earth"]))
    assert [line.split()[0] for line in lines[header + 1 : header + 7 : 2]] == ["crow", "wind", "earth"]
    assert lines[header + 1].split()[1] == "—"  # the diagonal
    assert "ranking (mean win rate against the field" in out
    assert "cells that differ from 50 % (Holm-corrected, 5 %)" in out


def test_matrix_again_resumes_with_nothing_to_play(runs):
    _, base, _, _ = runs
    again = run("matrix", "-o", base, *SMALL)
    assert again.exit_code == 0
    assert "played 0 cells (0 games" in again.stdout and "3 already finished" in again.stdout


def test_matrix_json_has_cells_and_ratings(runs):
    _, base, _, _ = runs
    out = json.loads(run("matrix", "-o", base, *SMALL, "--json").stdout)
    assert out["run"]["heroes"] == ["crow", "wind", "earth"]
    assert len(out["cells"]) == 3 and sum(c["games"] for c in out["cells"]) == 120
    assert {"p_adjusted", "significant", "ci_low", "ci_high"} <= set(out["cells"][0])
    assert {h["hero"] for h in out["field"]} == {"crow", "wind", "earth"}


def test_matrix_refuses_a_different_run(runs):
    _, base, _, _ = runs
    fails(
        "matrix", "-o", base, *SMALL, "--seed", "9", needles=("different run", "seed 20261202 on disk, 9 now")
    )


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (("--heroes", "crow,zebra"), ("unknown hero 'zebra'",)),
        (("--heroes", "crow"), ("at least two",)),
        (("-n", "1"), ("--games must be at least 2",)),
        (("--max-games", "10", "--until-ci", "0.1"), ("--max-games (10)",)),
        (("--players", "greedy,wizard"), ("wizard",)),
        (("--rule", "health=100"), ("health",)),
        (("--rule", "fury=on"), ("--fury/--no-fury",)),
    ],
)
def test_matrix_bad_input(tmp_path, args, needles):
    fails("matrix", "-o", tmp_path / "r", "-n", "20", "--quiet", *args, needles=needles)
    assert not (tmp_path / "r" / "run.json").exists()


def test_matrix_until_ci_out_of_range_is_a_usage_error(tmp_path):
    result = run("matrix", "-o", tmp_path / "r", "--until-ci", "0.7")
    assert result.exit_code == 2 and "--until-ci" in result.stderr and "Traceback" not in result.output


def test_matrix_of_drawn_games_says_why_there_are_no_ratings(tmp_path):
    out = run(
        "matrix", "-o", tmp_path / "r", "-n", "4", "--heroes", "crow,wind", "--quiet", "--rule", "turn_cap=2"
    )
    assert out.exit_code == 0, out.output
    assert "draws (turn cap): 4 of 4 games" in out.stdout
    assert "no Bradley–Terry ratings" in out.stdout


def test_compare_reports_the_rule_change_and_deltas(runs):
    _, base, variant, _ = runs
    out = run("compare", base, variant).stdout
    assert out.splitlines()[0] == "the runs differ in: health 8 → 9"
    assert "crow vs wind" in out and "cells that moved significantly" in out
    data = json.loads(run("compare", base, variant, "--json").stdout)
    assert data["differ"] == ["health 8 → 9"]
    assert len(data["cells"]) == 3 and len(data["heroes"]) == 3


def test_compare_refuses_runs_on_different_seeds(runs, tmp_path):
    _, base, _, _ = runs
    other = tmp_path / "other"
    assert run("matrix", "-o", other, *SMALL, "--seed", "1").exit_code == 0
    fails("compare", base, other, needles=("cannot be compared game by game", "seed"))


def test_compare_and_report_name_a_missing_run(tmp_path):
    fails("compare", tmp_path / "a", tmp_path / "b", needles=(str(tmp_path / "a"), "no such run directory"))
    fails("report", tmp_path / "a", "-o", tmp_path / "r.html", needles=("no such run directory",))
    assert not (tmp_path / "r.html").exists()


def test_report_to_a_missing_directory(runs, tmp_path):
    _, base, _, _ = runs
    fails("report", base, "-o", tmp_path / "no" / "r.html", needles=("no such directory",))


def test_report_writes_one_html_file(runs, tmp_path):
    _, base, variant, _ = runs
    out = run("report", base, "-o", tmp_path / "r.html", "--compare", variant)
    assert out.exit_code == 0, out.output
    html = (tmp_path / "r.html").read_text()
    assert html.lstrip().lower().startswith("<!doctype html>")
    assert 'id="matrix"' in html
    assert html.count('<td class="cell') == 9  # 3 heroes: 3 × 3, the diagonal included


def test_a_matrix_refuses_the_search_that_sees_hidden_cards_D_HIDDEN(tmp_path):
    """ismcts-open is a ceiling for strength, never a balance player: the matrix refuses it
    before anything is written; the ladder (strength) still takes it as a rung."""
    fails(
        "matrix", "-o", tmp_path / "m", "--heroes", "crow,wind", "-n", "2",
        "--players", "ismcts-open:4,greedy", needles=("ismcts-open", "hidden cards"),
    )  # fmt: skip
    assert not (tmp_path / "m").exists()
    from emr_sim.simulate.play.matrix import run_matrix

    run = run_matrix(
        tmp_path / "s",
        RunSettings(players="ismcts-open:2,greedy", seed=1),
        MatrixPlay(heroes=["crow", "wind"], games=2, strength_only=True),
    )
    assert run.played == [("crow", "wind")] and run.games_played == 2
