"""The HTML report of a matrix run (emr_sim.report): content, self-containment, escaping,
the comparison section, example games replayed from their seed, atomic writing.

One small real run of three heroes (40 games per cell, deck at a path with markup in it)
and a second run on the same seed with one rule changed are built once per session.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shlex
import shutil
import stat

import pytest
from PIL import Image
from support.report import build_report

from emr_sim import analysis as A
from emr_sim.errors import BadInput
from emr_sim.games.emr.cards import default_deck_path
from emr_sim.report import build as report_build
from emr_sim.simulate.play.example import choose_game, load_run_deck, replay, stored_winner
from emr_sim.simulate.play.matrix import MatrixPlay, run_matrix
from emr_sim.simulate.play.settings import RunSettings
from emr_sim.simulate.runs.rundir import load_games, read_run

HEROES = ["crow", "wind", "poison"]
SEED = 4242
GAMES = 40
MARKUP = "<script>alert('deck')</script>"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="session")
def runs(tmp_path_factory):
    """(run A, run B): run A on a deck whose path holds a script tag, run B the same seed
    with the shipped deck and 9 health instead of 8."""
    root = tmp_path_factory.mktemp("report")
    deck = root / MARKUP / "deck.csv"  # '/' in the markup makes it two directories
    deck.parent.mkdir(parents=True)
    shutil.copy(default_deck_path(), deck)
    a, b = root / "run-a", root / "run-b"
    run_matrix(a, RunSettings(deck=deck, seed=SEED, workers=1), MatrixPlay(heroes=HEROES, games=GAMES))
    run_matrix(
        b, RunSettings(rules={"health": "9"}, seed=SEED, workers=1), MatrixPlay(heroes=HEROES, games=GAMES)
    )
    return a, b


@pytest.fixture(scope="session")
def report(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("out") / "report.html"
    assert build_report(runs[0], out) == out
    return out.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def compared(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("out") / "compare.html"
    build_report(runs[0], out, compare_dir=runs[1])
    return out.read_text(encoding="utf-8")


def matrix_cells(html: str) -> list[list[str]]:
    """The inner HTML of the td.cell elements of table#matrix, row by row."""
    table = re.search(r'<table id="matrix">(.*?)</table>', html, re.S)
    assert table, 'no <table id="matrix">'
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    cells = [re.findall(r'<td class="cell[^"]*"[^>]*>(.*?)</td>', row, re.S) for row in rows]
    return [r for r in cells if r]


# ---------------------------------------------------------------- content


def test_run_record_values_appear(report, runs):
    record = read_run(runs[0])
    for value in (
        str(SEED),
        record["deck_sha256"],
        "greedy, greedy",
        ", ".join(HEROES),
        f"{record['games_per_cell']} per matchup",
        f"emr-sim {record['version']}",
    ):
        assert value in report, value
    assert "3 of 3" in report  # finished cells


def test_matrix_table_has_k_by_k_cells_with_rate_and_interval(report, runs):
    rows = matrix_cells(report)
    k = len(HEROES)
    assert len(rows) == k and all(len(r) == k for r in rows)
    assert report.count('class="cell') == k * k
    cells = A.cell_table(load_games(runs[0]))
    win = A.matrix(cells)
    half = A.matrix(cells, "half_width")
    for i, hero in enumerate(HEROES):
        for j, opponent in enumerate(HEROES):
            text = rows[i][j].strip()
            if i == j:
                assert text == "—"
                continue
            assert re.fullmatch(r"\d{1,3}\.\d%<br>±\d{1,2}\.\d", text), text
            assert text == f"{100 * win.loc[hero, opponent]:.1f}%<br>±{100 * half.loc[hero, opponent]:.1f}"


def test_sections_present(report):
    anchors = ("run", "matrix-section", "ranking", "first-player", "length", "usage", "lopsided", "methods")
    for anchor in anchors:
        assert f'id="{anchor}"' in report, anchor
    assert "Bradley–Terry" in report
    assert report.count('class="matchup"') == 3  # every cell of three heroes, at most LOPSIDED
    assert report.count('<pre class="log">') == 3


# ---------------------------------------------------------------- self-contained, escaped


def test_every_image_is_a_decodable_png(compared):
    sources = re.findall(r"<img\b[^>]*\bsrc=\"([^\"]*)\"", compared)
    assert len(sources) == compared.count("<img")
    assert len(sources) >= 12
    for src in sources:
        assert src.startswith("data:image/png;base64,"), src[:40]
        data = base64.b64decode(src.split(",", 1)[1], validate=True)
        assert data[:8] == PNG and data[12:16] == b"IHDR"
        with Image.open(io.BytesIO(data)) as image:
            image.load()  # decodes every pixel
            assert image.format == "PNG" and min(image.size) > 50


def test_self_contained(report, compared):
    for html in (report, compared):
        assert not re.search(r"https?://", html)
        # JavaScript only inline: the game viewer's code once, its frames as JSON data elements
        # holding no "<" (escaped), and no script from elsewhere (the deck path stays escaped)
        tags = re.findall(r"<script\b[^>]*>", html, re.IGNORECASE)
        assert tags.count("<script>") == 1
        assert set(tags) <= {"<script>", '<script type="application/json" class="viewer-data">'}
        for data in re.findall(r'class="viewer-data">(.*?)</script>', html, re.DOTALL):
            assert "<" not in data and json.loads(data)["frames"]
        assert not re.search(r"<link\b(?![^>]*href=\"data:)", html)  # no external stylesheet or icon
        assert not re.search(r"\bsrc=\"(?!data:)", html)
        assert "url(" not in html


def test_user_text_is_escaped(report):
    assert MARKUP not in report
    assert "&lt;script&gt;alert(&#39;deck&#39;)&lt;/script&gt;" in report


def test_comparison_section_only_with_compare_dir(report, compared, runs):
    assert 'id="comparison"' not in report
    assert 'id="comparison"' in compared
    assert "rule health" in compared  # what differs between the runs
    assert str(runs[1]) in compared


# ---------------------------------------------------------------- example games


def test_replayed_winner_matches_the_record(runs):
    record = read_run(runs[0])
    deck = load_run_deck(record, runs[0])
    games = load_games(runs[0])
    checked = 0
    for (a, b), cell in games.groupby(["hero_a", "hero_b"], observed=True):
        for _, row in cell.iloc[[0, 1, -1]].iterrows():
            game = replay(record, str(a), str(b), int(row["pair"]), int(row["a_seat"]), deck)
            assert game.winner == stored_winner(row)
            assert game.over
            checked += 1
    assert checked == 9


def test_example_game_is_a_win_of_the_favoured_hero(runs):
    games = load_games(runs[0])
    cell = games[(games["hero_a"] == "crow") & (games["hero_b"] == "wind")]
    row, why = choose_game(cell, "a")
    assert row["win_a"] == 1 and "crow's" in why
    row, _ = choose_game(cell, "b")
    assert row["win_b"] == 1


def test_play_command_prints_the_example_log(runs):
    from click.testing import CliRunner

    from emr_sim.cli import main
    from emr_sim.simulate.play.example import example_game

    record = read_run(runs[0])
    games = load_games(runs[0])
    cell = games[(games["hero_a"] == "wind") & (games["hero_b"] == "poison")]
    ex = example_game(record, cell, "b", load_run_deck(record, runs[0]))
    args = shlex.split(ex.command)
    assert args[:2] == ["emr-sim", "play"] and "--deck" in args
    result = CliRunner().invoke(main, args[1:], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1:] == ex.lines


def test_report_says_the_replays_match(report):
    assert report.count("matches the run's record") == 3
    assert "differs from the run" not in report


# ---------------------------------------------------------------- errors and atomic writing


def test_missing_run_dir_is_bad_input_and_writes_nothing(tmp_path):
    out = tmp_path / "r.html"
    with pytest.raises(BadInput, match="no such run directory"):
        build_report(tmp_path / "nope", out)
    assert list(tmp_path.iterdir()) == []


def unfinish(run_dir, cell: str) -> None:
    """Make `cell` a cell not played yet: no file, no entry in run.json's manifest."""
    (run_dir / "cells" / f"{cell}.parquet").unlink(missing_ok=True)
    record = json.loads((run_dir / "run.json").read_text(encoding="utf-8"))
    del record["cells"][cell]
    (run_dir / "run.json").write_text(json.dumps(record), encoding="utf-8")


def test_run_without_cells_is_bad_input(tmp_path, runs):
    empty = tmp_path / "empty"
    (empty / "cells").mkdir(parents=True)
    shutil.copy(runs[0] / "run.json", empty / "run.json")
    for cell in ("crow-wind", "crow-poison", "wind-poison"):
        unfinish(empty, cell)
    out = tmp_path / "r.html"
    with pytest.raises(BadInput, match="no finished cell") as err:
        build_report(empty, out)
    assert str(empty) in str(err.value)
    assert not out.exists()


def test_runs_on_other_seeds_cannot_be_compared(tmp_path, runs):
    other = tmp_path / "other-seed"
    shutil.copytree(runs[1], other)
    record = json.loads((other / "run.json").read_text(encoding="utf-8"))
    (other / "run.json").write_text(json.dumps(record | {"seed": SEED + 1}), encoding="utf-8")
    out = tmp_path / "r.html"
    with pytest.raises(BadInput, match="cannot be compared") as err:
        build_report(runs[0], out, compare_dir=other)
    assert str(other) in str(err.value) and "seed" in str(err.value)
    assert not out.exists()


def test_comparison_on_the_common_cells_says_what_is_left_out(tmp_path, runs):
    partial = tmp_path / "partial"
    shutil.copytree(runs[1], partial)
    unfinish(partial, "crow-wind")
    out = tmp_path / "r.html"
    build_report(runs[0], out, compare_dir=partial)
    html = out.read_text(encoding="utf-8")
    assert "left out:\ncrow vs wind." in html
    section = html[html.index('id="comparison"') :]
    assert "<td>wind vs poison</td>" in section and "<td>crow vs wind</td>" not in section


def test_unfinished_run_without_its_deck_still_reports(tmp_path, runs):
    partial = tmp_path / "partial"
    shutil.copytree(runs[0], partial)
    unfinish(partial, "crow-wind")
    record = json.loads((partial / "run.json").read_text(encoding="utf-8"))
    (partial / "run.json").write_text(json.dumps(record | {"deck": "gone/deck.csv"}), encoding="utf-8")
    out = tmp_path / "r.html"
    build_report(partial, out)
    html = out.read_text(encoding="utf-8")
    assert "This run is unfinished: 2 of 3 matchups are done" in html and "crow vs wind" in html
    assert "the example games cannot be replayed" in html and '<pre class="log">' not in html
    k = len(HEROES)
    assert html.count('class="cell') == k * k  # the unplayed cells are shown empty
    assert sum(cell.strip() == "—" for row in matrix_cells(html) for cell in row) == k + 2


def test_missing_output_directory_is_bad_input(tmp_path, runs):
    with pytest.raises(BadInput, match="no such directory"):
        build_report(runs[0], tmp_path / "no" / "r.html")


def test_error_while_rendering_leaves_the_old_file(tmp_path, runs, monkeypatch):
    out = tmp_path / "r.html"
    out.write_text("old report", encoding="utf-8")

    def broken(_context):
        raise RuntimeError("template exploded")

    monkeypatch.setattr(report_build, "render", broken)
    with pytest.raises(RuntimeError):
        build_report(runs[0], out)
    assert out.read_text(encoding="utf-8") == "old report"
    assert [p.name for p in tmp_path.iterdir()] == ["r.html"]


def test_report_file_is_readable_like_a_plain_file(tmp_path, runs):
    out = tmp_path / "r.html"
    umask = os.umask(0o022)
    try:
        build_report(runs[0], out)
    finally:
        os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
