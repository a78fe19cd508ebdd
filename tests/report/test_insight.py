"""The report's sensitivity and claims sections (emr_sim.report.sensitivity, .claims, .tornado)
and the example game of a variant run replayed on its changed deck."""

from __future__ import annotations

import re

import pytest
from support.cli import fails

from emr_sim.report.build import write_report
from emr_sim.simulate.matrix import run_matrix
from emr_sim.studies.claims.study import run_claims
from emr_sim.studies.report_data import gather
from emr_sim.studies.scan.base import read_base
from emr_sim.studies.scan.plan import make_plan
from emr_sim.studies.scan.sensitivity import Sizing, run_scan

HEROES = "crow,wind,bushido"
GAMES = 40
CLAIMS = """[[claim]]
name = "Bushido rules"
says = "bushido is in the top 1"
[[claim]]
says = "crow beats wind"
"""


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    root = tmp_path_factory.mktemp("insight")
    base = root / "base"
    run_matrix(base, HEROES, GAMES, seed=21, workers=2)
    plan = make_plan(read_base(base), "class:dragons", "health", ())
    run_scan(root / "scan", base, plan, Sizing(None, GAMES), workers=2)
    (root / "c.toml").write_text(CLAIMS)
    run_claims(
        str(root / "c.toml"), [base], [root / "scan"], root / "claims", verify_games=20, top=2, workers=2
    )
    return root, base


@pytest.fixture(scope="module")
def html(made):
    root, base = made
    out = root / "report.html"
    write_report(gather(base, scan_dirs=[root / "scan"], claims_path=root / "claims"), out)
    return out.read_text(encoding="utf-8")


def test_the_sensitivity_section_has_its_tornado_charts_and_largest_effects(html):
    assert '<section id="sensitivity-1">' in html and re.search(r"<h2>\d+\. Sensitivity: scan</h2>", html)
    assert re.search(r'<img src="data:image/png;base64,[^"]+" alt="Tornado chart per master', html)
    assert "<code>class:dragons.damage+1</code>" in html and "<code>health=9</code>" in html
    assert "Left out:" not in html  # health was named: nothing left out
    assert 'href="#sensitivity-1"' in html


def test_the_claims_section_has_every_claim_at_every_rung(html):
    scan = int(re.search(r"<h2>(\d+)\. Sensitivity: scan</h2>", html).group(1))
    assert '<section id="claims">' in html and f"<h2>{scan + 1}. Claims put to the test</h2>" in html
    assert "Bushido rules" in html and "crow beats wind" in html
    assert f"<h2>{scan + 2}. How to read the numbers</h2>" in html  # numbered after the sections


def test_the_report_refuses_a_missing_scan_or_claims_record(made, tmp_path):
    root, base = made
    fails(
        "report",
        base,
        "-o",
        tmp_path / "r.html",
        "--sensitivity",
        tmp_path / "none",
        needles=("no such scan directory",),
    )
    fails(
        "report",
        base,
        "-o",
        tmp_path / "r.html",
        "--claims",
        tmp_path / "none",
        needles=("claims record",),
    )
    assert not (tmp_path / "r.html").exists()


def test_a_variant_runs_example_games_are_replayed_on_its_changed_deck(made, tmp_path):
    root, _base = made
    variant = root / "scan" / "variants" / "class_dragons.damage+1"
    out = tmp_path / "v.html"
    write_report(gather(variant), out)
    text = out.read_text(encoding="utf-8")
    assert "deck changes" in text and "class:dragons.damage+1" in text
    assert "matches the run's record" in text and "differs from the run's record" not in text
    assert "--variant class:dragons.damage+1" in text  # the play command that replays it
