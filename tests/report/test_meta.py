"""The metagame in the HTML report (gathered by emr_sim.studies.report_data, shaped by
emr_sim.report.meta) and its renderers:
the section and its place in the report, a rung that cannot have one, JSON without NaN."""

from __future__ import annotations

import html as H
import json
import re
import shutil

import numpy as np
import pandas as pd
import pytest

from emr_sim.analysis import meta as M
from emr_sim.report.build import write_report
from emr_sim.report.meta import Rung, format_meta, meta_json, render_page
from emr_sim.simulate.matrix import run_matrix
from emr_sim.studies.report_data import gather

HEROES = ["crow", "wind", "poison", "kungfu"]
SEED = 5151


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("meta-report") / "small"
    run_matrix(out, heroes=HEROES, games=20, seed=SEED, workers=1)
    return out


def section_text(html: str) -> str:
    start = html.index('<section id="meta">')
    body = re.sub(r"<[^>]+>", " ", html[start : html.index("</section>", start)])
    return re.sub(r"\s+", " ", H.unescape(body))


def test_the_report_holds_the_metagame_section(run_dir, tmp_path):
    out = write_report(gather(run_dir), tmp_path / "r.html")
    html = out.read_text(encoding="utf-8")
    assert 'href="#meta"' in html
    assert "<h2>7. Metagame: the game of picking a master</h2>" in html
    assert "<h2>8. How to read the numbers</h2>" in html
    text = section_text(html)
    for hero in HEROES:
        assert re.search(rf"{hero} \d+ % \d+% (\[\d+, \d+\] )?\d+\.\d% ", text), hero  # support, Nash, score
    for words in ("Transitive and cyclic parts", "Rock-paper-scissors triangles", "first picker scores"):
        assert words in text
    assert "1,000 resamples" in text


def test_an_unfinished_run_says_why_it_has_no_metagame(run_dir, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(run_dir, copy)
    (copy / "cells" / "crow-wind.parquet").unlink()
    record = json.loads((copy / "run.json").read_text(encoding="utf-8"))
    del record["cells"]["crow-wind"]
    (copy / "run.json").write_text(json.dumps(record), encoding="utf-8")
    html = write_report(gather(copy), tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Not computed: not a finished matrix: 1 of 6 cells not played (crow vs wind)" in section_text(html)


def hand_made(boot: int) -> M.MetaResult:
    """Four masters around a cycle with one dominant master, 30 pairs a cell."""
    heroes = ["crow", "wind", "poison", "kungfu"]
    rows = []
    for i, a in enumerate(heroes):
        for b in heroes[i + 1 :]:
            for pair in range(30):
                for a_first in (1, 0):
                    win = int((pair + a_first + i) % 3 != 0)
                    rows.append((a, b, pair, a_first, win, 1 - win, 0))
    games = pd.DataFrame(rows, columns=["hero_a", "hero_b", "pair", "a_first", "win_a", "win_b", "draw"])
    result = M.analyse_meta(games, M.Settings(boot=boot))
    result.info = {"label": "hand", "run_dir": "hand", "players": "greedy", "games": len(games)}
    return result


def test_json_has_no_nan_even_without_intervals():
    data = meta_json([hand_made(boot=0)])
    text = json.dumps(data, allow_nan=False)
    assert json.loads(text)["runs"][0]["masters"][0]["nash_low"] is None


def test_the_page_compares_the_runs_side_by_side():
    one, two = hand_made(boot=20), hand_made(boot=0)
    html = render_page([Rung("one", one), Rung("two", two)], "0.0")
    assert "Across the runs: does the meta move with skill?" in html
    assert "<h2>1. Metagame: the game of picking a master</h2>" in html
    settings = html[html.index('<section id="settings">') :]  # last: after the findings and the metagame
    assert html.index('<section id="settings">') > html.index('<section id="meta">')
    assert "<td>one</td>" in settings and "<td>two</td>" in settings
    assert settings.count("<code>hand</code>") == 2
    assert "greedy" in settings and "resamples" in settings
    text = format_meta([one, two])
    assert text.count("Blind pick") == 2 and "Across the runs" in text
    across = text[text.index("Across the runs") :].splitlines()
    crow = next(line for line in across if line.strip().startswith("crow"))
    assert crow.count("of resamples") == 2 and "resamples)in" not in crow  # two columns, apart
    assert "   in " in crow.split("resamples", 1)[1]
    nash = one.masters["nash"].to_numpy()
    assert np.isclose(nash.sum(), 1.0)
